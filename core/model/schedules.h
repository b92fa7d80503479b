#pragma once
// The pipeline schedules and what each one is, in one table: the plan's checks, the evaluator, the search's bound,
// the importers and the exporters read a schedule's traits here rather than naming schedules in expressions.
#include "framework.h"

#include <optional>
#include <string>
#include <string_view>

namespace plait {

enum class Schedule { GPipe, OneFOneB, Interleaved, ZbH1, ZbV, DualPipeV, DualPipe };

struct ScheduleTraits {
    Schedule schedule;
    const char* name; // as plan files and commands spell it
    // parallel.vpp it takes: 0 any (each stage runs vpp interleaved chunks, Megatron-LM's order), else exactly this.
    int vpp;
    bool vShape; // two chunks per stage, down the pipeline and back (ZB-V, DualPipeV)
    // Micro-batches enter at both ends and every stage is held twice, once per direction (DeepSeek-V3 §3.2.1).
    bool twoDirections;
    bool splitsBackward; // the weight gradients (W) run as ops of their own, apart from the input gradients (B)
    // A forward runs beside a backward as one unit (DualPipe's overlapped pairs): no weight pass fills a bubble.
    bool pairs;
    // The work reaches the stages as a 1F1B chain (a stage starts after a chunk of each stage before it); the V
    // shapes and DualPipe order work otherwise.
    bool chain;
    // What the schedule asks of the micro-batches per step: a multiple of pp (interleaved, Megatron-LM's assert); at
    // least 2·pp and even (DeepSeek's dualpipe.py and dualpipev.py assert num_chunks >= num_ranks * 2).
    bool microBatchesPerPp;
    bool atLeastTwicePp;
    bool evenMicroBatches;
    bool divisiblePp; // pp even, at least 2 (DualPipe's two directions meet in the middle)
    // The frameworks that run it as a schedule option (bits of 1 << Framework): Megatron-LM runs 1F1B and
    // interleaved 1F1B; DeepSpeed's PipelineEngine 1F1B alone; torchtitan (torch.distributed.pipelining) those and
    // the V-shaped ZB-V and DualPipeV. None of them runs GPipe's all-forward-first, ZB-H1 or the two-direction
    // DualPipe (the Schedules view still simulates them, as what-ifs).
    unsigned frameworks;
};

inline constexpr unsigned frameworkBit(Framework f)
{
    return 1u << unsigned(f);
}

inline constexpr ScheduleTraits kScheduleTraits[] = {
    // clang-format off
    //  schedule              name           vpp  V      2-dir  split  pairs  chain  m%pp   m>=2pp even   pp even
    { Schedule::GPipe,       "gpipe",        1, false, false, false, false, true,  false, false, false, false, 0 },
    { Schedule::OneFOneB,    "1f1b",         1, false, false, false, false, true,  false, false, false, false,
      frameworkBit(Framework::Megatron) | frameworkBit(Framework::DeepSpeed) | frameworkBit(Framework::Fsdp) },
    { Schedule::Interleaved, "interleaved",  0, false, false, false, false, true,  true,  false, false, false,
      frameworkBit(Framework::Megatron) | frameworkBit(Framework::Fsdp) },
    { Schedule::ZbH1,        "zb-h1",        1, false, false, true,  false, true,  false, false, false, false, 0 },
    { Schedule::ZbV,         "zb-v",         2, true,  false, true,  false, false, false, false, false, false,
      frameworkBit(Framework::Fsdp) },
    { Schedule::DualPipeV,   "dualpipev",    2, true,  false, true,  true,  false, false, true,  false, false,
      frameworkBit(Framework::Fsdp) },
    { Schedule::DualPipe,    "dualpipe",     1, false, true,  true,  true,  false, false, true,  true,  true,  0 },
    // clang-format on
};

inline constexpr const ScheduleTraits& traitsOf(Schedule s)
{
    return kScheduleTraits[std::size_t(s)];
}
inline constexpr const char* scheduleName(Schedule s)
{
    return traitsOf(s).name;
}
inline constexpr bool splitsBackward(Schedule s)
{
    return traitsOf(s).splitsBackward;
}
std::optional<Schedule> scheduleFromName(std::string_view name); // nullopt for a name no schedule has
std::string scheduleNames(const char* separator); // every name, in the table's order: "gpipe, 1f1b, …"
// Model chunks each pipeline stage runs: vpp where the schedule takes one, 2 under DualPipe (a stage of each
// direction), else 1.
inline constexpr int chunksPerStage(Schedule s, int vpp)
{
    const ScheduleTraits& t = traitsOf(s);
    return t.twoDirections ? 2 : t.vpp == 1 ? 1 : vpp;
}

// Whether the schedule runs m micro-batches per step over pp stages (the plan's checks say why not).
inline constexpr bool scheduleFits(Schedule s, long long m, int pp)
{
    const ScheduleTraits& t = traitsOf(s);
    return (!t.microBatchesPerPp || m % pp == 0) && (!t.atLeastTwicePp || m >= 2LL * pp)
        && (!t.evenMicroBatches || m % 2 == 0) && (!t.divisiblePp || (pp >= 2 && pp % 2 == 0));
}
// The vpp a plan switched to schedule `s` takes: `wanted` (at least 2) where any is taken, else the schedule's own.
inline constexpr int vppFor(Schedule s, int wanted)
{
    const int fixed = traitsOf(s).vpp;
    return fixed == 0 ? (wanted > 2 ? wanted : 2) : fixed;
}

} // namespace plait
