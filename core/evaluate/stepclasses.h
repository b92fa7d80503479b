#pragma once
// What a step costs one GPU of each pipeline stage by kernel class, as the cost model times it: the classes a job's
// profile measures (trace/kinetoprofile.h StepBreakdown), so that measured and predicted stand side by side (issue 43
// B) and the one can calibrate the other (explore/profilecalibration.h).
#include "collective.h"
#include "evaluation.h"
#include "jobprofile.h"
#include "plan.h"

#include <optional>
#include <string_view>
#include <vector>

namespace plait {

struct StepClasses {
    // Seconds per step on one GPU of the stage. GEMMs: the linears' forward, dgrad and wgrad, recomputed ones, and
    // the output layer's; attention: the attention core (fused, or unfused GEMMs and softmax), forward (with its
    // recomputation) and backward; the rest: element-wise kernels with each kernel's fixed cost, the embedding, the
    // loss, and the optimizer step.
    double gemmS = 0, attentionFwdS = 0, attentionBwdS = 0, otherS = 0;
    // Hardware FLOPs per step of the attention core, forward (recomputed included) and backward, as the fused
    // kernels' authors count them (cost/attention.h): what a measured attention time is a rate of.
    double attentionFwdFlops = 0, attentionBwdFlops = 0;
    double attentionS() const { return attentionFwdS + attentionBwdS; }
};
// Per pipeline stage, from the plan's layer costs and the evaluation's micro-batches and optimizer times.
std::vector<StepClasses> predictedStepClasses(const Plan& plan, const Evaluation& evaluation);

// One collective family's time per step on the busiest stage (Evaluation::comm summed by collective).
struct CollectiveStepTime {
    CollectiveKind kind = CollectiveKind::AllReduce;
    double timeS = 0, exposedS = 0;
};
std::vector<CollectiveStepTime> predictedCollectives(const Evaluation& evaluation);

// What the views set beside a profile: every stage's classes, and the busiest stage's collectives.
struct PredictedBreakdown {
    std::vector<StepClasses> stages;
    std::vector<CollectiveStepTime> collectives; // on busiestStage
    int busiestStage = 0;
    double stepS = 0;
};
PredictedBreakdown predictedBreakdown(const Plan& plan, const Evaluation& evaluation);

// One row of a step's breakdown, measured beside predicted, on one stage: a kernel class, a collective family
// (`collective`), or idle time. Seconds per step; NaN where a side does not know it (a stage no profiled rank ran;
// the prediction's collectives and idle time, which it counts on the busiest stage only).
enum class BreakdownClass { Gemm, Attention, Other, Collective, Idle };
struct BreakdownRow {
    int stage = 0;
    BreakdownClass kind = BreakdownClass::Gemm;
    CollectiveKind collective = CollectiveKind::AllReduce;
    double measuredS = 0, predictedS = 0;
    double measuredExposedS = 0, predictedExposedS = 0; // collectives: the part no compute ran beside
    // Collectives: of measuredS, the wait for the last member (CollectiveTime::waitUs); the rest is the transfer, the
    // part the prediction (which has no late rank) is comparable with.
    double measuredWaitS = 0;
    double measuredTransferS() const { return measuredS - measuredWaitS; }
};
// Per stage in order: GEMM, attention, other kernels, each collective family either side has (measured names
// mapped by collectiveKindOfName; others left out), idle (measured: neither computing nor communicating; predicted:
// the step less the stage's kernels and exposed collectives, on the busiest stage).
std::vector<BreakdownRow> breakdownRows(
    const PredictedBreakdown& predicted, const std::vector<MeasuredStage>& measured);

} // namespace plait
