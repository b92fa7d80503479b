#pragma once

#include "plan.h"

#include <optional>

#include <functional>
#include <vector>

namespace plait {

// One way to run the plan's model on its cluster with its global batch.
struct SearchCandidate {
    ParallelSpec parallel;
    TrainingSpec training;
    double peakBytes = 0; // per GPU, exact (the same stageMemory and in-flight count as evaluate)
    bool fits = false;
    double lowerBoundS = 0; // of slowS: what no evaluation at the slow end can beat
    bool evaluated = false; // fully evaluated (placement, communication, simulated schedule)
    double stepS = 0, tokensPerS = 0, mfu = 0, bubbleFraction = 0;
    // The step with every uncertain rate at the slow end of its spread (evaluate/range.h): what the search ranks by,
    // so a plan that wins only if overlap is perfect does not come first.
    double slowS = 0;
};

// The memory a plan must leave free unless the user says otherwise: what the memory model does not see (allocator
// spikes beyond its 5% fragmentation, NCCL buffers that grow with the communicators, a profiler, a larger batch
// after a restart). A product choice, not a published figure: 10%, stated in the search's output and changeable.
constexpr double kDefaultHeadroom = 0.10;

// What users hold fixed or bounded when they search: memory to keep free, parallel sizes, schedules,
// recomputation and the framework. Empty or 0 = no constraint.
struct SearchConstraints {
    double headroom = kDefaultHeadroom; // share of each GPU's memory to keep free, 0 ≤ headroom < 1
    int tp = 0, pp = 0, cp = 0, ep = 0; // fixed sizes
    int maxTp = 0, maxPp = 0, maxCp = 0, maxEp = 0; // upper bounds
    // The framework the plans must run on (only the combinations it runs are tried, framework.h); unset: the plan's.
    std::optional<Framework> framework;
    // Every framework instead, each running the plan as it would (its ZeRO stages, schedules, CP, recomputation),
    // their candidates ranked together: `framework` is then ignored.
    bool anyFramework = false;
    std::vector<Schedule> schedules; // the schedules allowed
    std::vector<Recompute> recomputes; // the recomputation modes allowed
};
// Reads "none,selective" and "1f1b,interleaved" as the plan file spells them; nullopt names nothing known.
std::optional<std::vector<Schedule>> schedulesFromText(const std::string& text);
std::optional<std::vector<Recompute>> recomputesFromText(const std::string& text);
// The selective recomputation that only drops outputs cheap to compute again (RecomputeModule bits): the norms', the
// MoE activation's, MLA's up projections' (DeepSeek-V3 §3.3.2 recomputes these) and, without flash attention, the
// attention core's score matrix.
unsigned cheapRecomputeModules(const ModelSpec& model, bool flashAttention);

struct SearchResult;

struct SearchOptions {
    int top = 10;
    SearchConstraints constraints;
    // Evaluate at least this many of the fitting candidates (best lower bounds first), for the chart.
    int minEvaluated = 0;
    // Called between batches of evaluations with how many are done and how many fit; returning false stops the
    // search there (SearchResult::stopped; its best is then only the best of those evaluated).
    std::function<bool(int evaluated, int fitting)> progress;
    // Called once, as soon as the best `top` are exact (the bound passed the N-th best step time), with the result
    // so far; the search then goes on to minEvaluated. One search serves both the table and the chart.
    std::function<void(const SearchResult& known)> bestKnown;
};

// What a search depends on: the plan without the choices the search makes (parallel sizes, placement, micro-batch,
// ZeRO stage, recomputation, framework) and without its name and document. Two plans with equal bases have the same
// candidates.
Plan searchBasis(const Plan& plan);

// Every valid combination, on all of the cluster's GPUs: TP within a node (divisors of the GPUs per node), CP
// (powers of two), PP (any count up to the layers; an uneven split gives the last stage fewer layers), DP the rest,
// EP for MoE models, micro-batch 1–8, the ZeRO stages the plan's framework runs with that PP (framework.h),
// recomputation none/selective/full, and the GPipe, 1F1B, ZB-H1, ZB-V, DualPipeV, DualPipe and
// interleaved (v = 2, 4) schedules. Memory is computed exactly for each; those that fit are fully evaluated in
// order of a compute-only lower bound until the bound passes the N-th best step time found (branch and bound), so
// the best N are exact without evaluating every candidate.
struct SearchResult {
    std::vector<SearchCandidate> candidates; // every valid one
    std::vector<int> best; // indices into candidates: fitting, evaluated, by step time, at most top
    std::vector<int> pareto; // evaluated candidates that no other beats on both step time and peak memory
    long long combinations = 0; // before validity
    int fitting = 0, evaluatedCount = 0;
    bool stopped = false;
    // Why `best` is empty when no candidate could be made or evaluated: a precision the GPU lacks, sizes that
    // divide for no split, a batch beyond the simulation limit, or what every evaluation reported. Empty when the
    // only reason is memory (see `smallest`).
    std::vector<Issue> problems;
    int smallest = -1; // the candidate that needs the least memory per GPU, fitting or not
};
SearchResult searchPlans(const Plan& base, const SearchOptions& options = {});

// The base plan run the candidate's way, with the default placement.
Result<Plan> applyCandidate(const Plan& base, const SearchCandidate& candidate);

} // namespace plait
