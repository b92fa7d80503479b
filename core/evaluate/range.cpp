#include "range.h"

#include "attention.h"
#include "evaluate.h"
#include "gemm.h"
#include "layercost.h"
#include "overlap.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace plait {

namespace {
// Below any rate the model uses, so overlapSlowdown() reads it as measured: compute beside a transfer at full speed.
constexpr double kNoSlowdown = 1e-9;
}

Plan fastEndPlan(const Plan& plan)
{
    Plan p = plan;
    GpuSpec& g = p.cluster.gpu;
    // FP8 has no burst figure of its own: it gains what the 16-bit rate gains from the boost clock.
    const double burstGain = 1 / sustainedToBurst(g);
    g.gemmSustainedEfficiency *= burstGain;
    g.fp8SustainedEfficiency = std::min(1.0, g.fp8SustainedEfficiency * burstGain);
    if (g.overlapSlowdown <= 0)
        g.overlapSlowdown = kNoSlowdown;
    // An attention kernel whose published timings disagree runs, at this end, at its stand-in's faster successor.
    if (const auto standIn = attentionStandIn(g, attentionKernelOf(p)))
        p.training.attentionKernel = standIn->fastEnd;
    return p;
}

Plan slowEndPlan(const Plan& plan)
{
    Plan p = plan;
    GpuSpec& g = p.cluster.gpu;
    // The rate gemmEfficiency() uses, less the node spread; a catalog GPU without one keeps its burst figure as
    // the point, so the slow end starts from that.
    if (g.gemmSustainedEfficiency > 0)
        g.gemmSustainedEfficiency *= 1 - kNodeSpread;
    else if (g.gemmMaxEfficiency > 0)
        g.gemmSustainedEfficiency = g.gemmMaxEfficiency * (1 - kNodeSpread);
    if (g.fp8SustainedEfficiency > 0)
        g.fp8SustainedEfficiency *= 1 - kNodeSpread;
    for (MeasuredGemm& m : g.measuredGemms)
        m.seconds /= 1 - kNodeSpread;
    for (MeasuredAttention& m : g.measuredAttention) {
        m.fwdTflops *= 1 - kNodeSpread;
        m.bwdTflops *= 1 - kNodeSpread;
    }
    if (g.overlapSlowdown <= 0)
        g.overlapSlowdown = kMostOverlapSlowdown;
    // An attention kernel whose stand-in's curve sets the point: its own published curve, where slower, at this end.
    if (const auto standIn = attentionStandIn(g, attentionKernelOf(p)); standIn && standIn->ownCurve) {
        const std::string own = attentionKernelName(attentionKernelOf(p));
        const std::string point = attentionKernelName(standIn->point);
        std::vector<AttentionCurve> ownCurves;
        for (const AttentionCurve& c : g.attentionCurves)
            if (c.kernel == own)
                ownCurves.push_back(c);
        for (AttentionCurve& c : g.attentionCurves)
            if (c.kernel == point)
                for (const AttentionCurve& o : ownCurves)
                    if (o.pass == c.pass && o.causal == c.causal && o.headDim == c.headDim && o.seqLens == c.seqLens)
                        for (std::size_t i = 0; i < c.tflops.size(); ++i)
                            c.tflops[i] = std::min(c.tflops[i], o.tflops[i]);
    }
    return p;
}

StepRange stepRange(const Plan& plan, double pointS, EvaluationMemo* memo)
{
    StepRange r;
    const Evaluation fast = evaluate(fastEndPlan(plan), EvaluationDetail::Figures, memo);
    const Evaluation slow = evaluate(slowEndPlan(plan), EvaluationDetail::Figures, memo);
    r.ok = fast.valid && slow.valid;
    if (r.ok) {
        r.fastS = std::min(fast.stepS, pointS);
        r.slowS = std::max(slow.stepS, pointS);
        if (plan.cluster.calibration == builtinCalibration().values)
            reachFitMisses(pointS, r);
    }
    return r;
}

void reachFitMisses(double pointS, StepRange& r)
{
    // What the shipped calibration missed on runs it did not see (costcalibration.h): the range reaches at least that
    // far either side of the point, so it holds the truth as often as it did there.
    const CalibrationRecord& fit = builtinCalibration();
    r.fastS = std::min(r.fastS, pointS * std::exp(fit.rangeLowLog));
    r.slowS = std::max(r.slowS, pointS * std::exp(fit.rangeHighLog));
}

void addStepRange(const Plan& plan, Evaluation& ev, EvaluationMemo* memo)
{
    if (!ev.valid)
        return;
    if (const StepRange r = stepRange(plan, ev.stepS, memo); r.ok) {
        ev.stepFastS = r.fastS;
        ev.stepSlowS = r.slowS;
    }
}

} // namespace plait
