#pragma once

#include "chrometrace.h"
#include "error.h"
#include "rankclocks.h"
#include "timeline.h"

#include <cstdint>
#include <map>
#include <optional>

#include <string>
#include <string_view>
#include <vector>

namespace plait {

// One training step as the profiler marked it (ProfilerStep#N), on the rank's own clock.
struct ProfileStep {
    int number = 0;
    double startUs = 0, endUs = 0;
};

// What a compute kernel does, from its name, in the classes the cost model predicts (issue 43 B): GEMMs (cuBLAS,
// CUTLASS, rocBLAS/Tensile), attention (FlashAttention, cuDNN's fused attention), and the rest (element-wise, norms,
// reductions, copies: mostly bound by memory bandwidth).
enum class KernelClass : std::uint8_t { Gemm, Attention, Other };
KernelClass kernelClassOfName(std::string_view kernel);
// Whether an attention kernel is a backward pass's, from its name: FlashAttention's "flash_bwd_…" and "…BwdSm90",
// cuDNN's "…_bprop_…", xFormers' and PyTorch's memory-efficient "fmha_cutlassB_…", Triton's "_bwd_kernel".
bool backwardKernelName(std::string_view kernel);

// A compute kernel of the step kept for drawing. Its pass comes from the thread that launched it: PyTorch's autograd
// engine runs the backward pass on threads of its own, so a kernel launched off the thread that marks the steps is a
// backward one; on that thread, inside Optimizer.step, the optimizer's; else the forward's. Other when the launch is
// not in the trace.
struct ProfileKernel {
    double startUs = 0, endUs = 0;
    SpanKind pass = SpanKind::Other; // Forward, BackwardInput, Optimizer or Other
    KernelClass kind = KernelClass::Other;
};

// Where one step's time went on the rank's GPU.
struct CollectiveTime {
    std::string collective;
    double totalUs = 0, exposedUs = 0; // exposed: with no compute kernel running beside it
    // Of totalUs: waiting for the collective's last member to arrive, where the other members' profiles are at hand
    // (jobprofile.h addCollectiveWaits); the rest is the transfer, what a cost model predicts. 0 where not measured.
    double waitUs = 0;
};
// Compute kernels of one class that ran beside communication (an NCCL kernel over at least half of their time): their
// time, and what the same kernels (same name and launch grid) took alone on this rank, the median of their runs with no
// NCCL kernel beside them. Kernels never seen alone count in neither. Their ratio is how much slower compute runs
// beside a transfer, cost/overlap.h's slowdown, as the job ran it.
struct BesideComm {
    double us = 0, aloneUs = 0;
    double kernels = 0; // a count per step; fractional once averaged over steps
};
// The GPU's own cost of starting a kernel, as the job ran it: the time the GPU sat idle (no kernel of any stream, no
// copy) before a compute kernel whose launch call had returned before the GPU's previous work began, so it waited in
// the queue and the host did not hold it back. Gaps over four times the rank's median (at least the profiler's 1 µs
// resolution) are left out: a stream held back by another's event looks the same. Kernels of a CUDA graph share its
// launch, so their gaps are the graph's own.
struct QueuedGaps {
    double gaps = 0, us = 0; // how many, and their sum
};
struct StepBreakdown {
    double gemmUs = 0, attentionUs = 0, otherKernelUs = 0; // kernel time by class (kernels of two streams both count)
    double computeKernels = 0; // compute kernels that started in the step
    QueuedGaps queued; // before those of them that waited in the queue
    double attentionBackwardUs = 0; // of attentionUs: the kernels named for the backward pass (backwardKernelName)
    std::vector<CollectiveTime> collectives; // by collective, in the order first seen
    double idleUs = 0; // neither computing nor communicating
    BesideComm beside[3]; // by KernelClass
    CollectiveTime& timeOf(const std::string& collective); // its entry, added at the end when new
    const CollectiveTime* find(const std::string& collective) const; // its entry; null when the step has none
};

// What a job's profile needs of one rank's PyTorch profiler (Kineto) trace, and no more (issue 43): who the rank is,
// its steps and where their time went, its collective kernels for aligning clocks, the intervals its GPU computed,
// and the kernels of its last step to draw. A streaming read keeps none of the other events, so 64 ranks of 100 MB
// are summaries of a few MB each.
// Steps' breakdowns averaged: each class's and each collective's mean over the steps.
StepBreakdown meanStepBreakdown(const std::vector<StepBreakdown>& steps);

struct RankProfile {
    int rank = -1, worldSize = 0;
    std::vector<ProfileStep> steps; // sorted by start
    std::vector<StepBreakdown> breakdown; // per step, in the order of steps
    RankCollectives collectives;
    // The process groups its collectives ran in, by name: their ranks as the profiler recorded them (Kineto's "Process
    // Group Ranks"). PyTorch cuts a list past 30 ranks short; such a group is left out.
    std::map<std::string, std::vector<int>> groups;
    // Non-NCCL kernels merged across streams into busy intervals, on the rank's clock, sorted.
    std::vector<std::pair<double, double>> computeUs;
    std::vector<ProfileKernel> lastStepKernels; // the compute kernels of the last step, sorted by start
    std::vector<std::pair<double, double>> lastStepTransfers; // its send/recv kernels, sorted by start
    std::size_t events = 0;
    std::vector<Message> problems; // what was not understood: never fatal
    double computeBusyUs(double fromUs, double toUs) const; // GPU computing within [from, to)
    double meanStepUs() const; // the ProfilerStep#N spans' mean duration; 0 without steps
};

// The collective an NCCL kernel runs, from its name, for profiles whose kernels carry no "Collective name" argument
// (Kineto before 2024): "allreduce" for "ncclKernel_AllReduce_RING_LL_Sum_float(...)" or
// "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(...)", "sendrecv" for point-to-point; empty for a kernel that is not
// NCCL's.
std::string collectiveOfKernelName(const std::string& kernel);

// "[0, 1, 2, 3]", as the profiler writes a group's ranks: the ranks; nullopt for anything else (a list cut short
// with "...").
std::optional<std::vector<int>> groupRanksOf(std::string_view text);

Result<RankProfile> readKinetoProfile(std::string_view text, const TraceReadOptions& options = {});
Result<RankProfile> readKinetoProfileFile(const std::string& path, const TraceReadOptions& options = {});

} // namespace plait
