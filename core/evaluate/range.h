#pragma once
// A step time is a point inside the spread of the rates it takes as known. The two ends re-evaluate the plan with
// every uncertain rate at the end of its published spread:
//  - the sustained GEMM rate (and fused attention, which follows it): fast at the short-burst best (MAMF, the boost
//    clock), slow 5% below the sustained figure, the spread between GPUs of one node, of which the slowest sets the
//    pace (S. Bekman, "Machine Learning Engineering", compute/accelerator: "≥5%" between GPUs of the same model);
//  - the slowdown of compute beside a collective: none (perfect overlap) to 40%, the most Lee et al. 2025
//    (arXiv 2507.03114) measured; a probe measurement of the GPU replaces both ends.
//  - an attention kernel whose published timings disagree: its stand-in's curve at the point, its own published curve
//    where slower at the slow end, the faster successor's at the fast end (cost/attention.h attentionStandIn).
// With the shipped calibration the range also reaches the 10th and 90th percentiles of what the fit missed on runs
// it did not see (leave-one-source-out), so it holds the measured time for about 80% of such runs.
// The search ranks plans by the slow end, so a plan that wins only if overlap is perfect does not come first.
#include "evaluation.h"
#include "evaluationmemo.h"
#include "plan.h"

namespace plait {

inline constexpr double kNodeSpread = 0.05;
inline constexpr double kMostOverlapSlowdown = 0.40;

Plan fastEndPlan(const Plan& plan);
Plan slowEndPlan(const Plan& plan);

struct StepRange {
    double fastS = 0, slowS = 0;
    bool ok = false; // both ends evaluated
};

// The step time at both ends (Figures detail), bracketing `pointS` (the ends are at least as far out as the point).
StepRange stepRange(const Plan& plan, double pointS, EvaluationMemo* memo = nullptr);
// Widens `r` to the shipped calibration's cross-validated 10th and 90th percentile misses around `pointS` (what
// stepRange does under the shipped calibration; a fold's prediction takes it the same way).
void reachFitMisses(double pointS, StepRange& r);
// Fills ev.stepFastS and ev.stepSlowS for a valid evaluation of `plan`.
void addStepRange(const Plan& plan, Evaluation& ev, EvaluationMemo* memo = nullptr);

} // namespace plait
