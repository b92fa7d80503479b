#include "stepclasses.h"

#include "layercost.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

namespace plait {

namespace {
// One layer's classes for one micro-batch; recomputation as stagecost.cpp layerOps runs it.
StepClasses layerClasses(const Plan& plan, const LayerCost& lc)
{
    const Recompute rc = plan.training.recompute;
    const bool full = rc == Recompute::Full;
    const bool partial = rc == Recompute::Selective || rc == Recompute::SelectiveOps;
    StepClasses c;
    c.gemmS = lc.fwdGemm + lc.dgradGemm + lc.wgradGemm + (full ? lc.fwdGemm : partial ? lc.recomputeFwdGemm : 0);
    c.attentionFwdS = lc.fwdAttention + (full ? lc.fwdAttention : partial ? lc.recomputeFwdAttention : 0);
    c.attentionBwdS = lc.bwdAttention;
    c.otherS = lc.fwdElementwise + lc.bwdElementwise
        + (full           ? lc.fwdElementwise
                : partial ? lc.recomputeFwd - lc.recomputeFwdGemm - lc.recomputeFwdAttention
                          : 0);
    const bool attentionAgain = full || (partial && lc.recomputeFwdAttention > 0);
    c.attentionFwdFlops = lc.attentionFwdFlops * (attentionAgain ? 2 : 1);
    c.attentionBwdFlops = lc.attentionBwdFlops;
    return c;
}

void add(StepClasses& to, const StepClasses& c, double times)
{
    to.gemmS += times * c.gemmS;
    to.attentionFwdS += times * c.attentionFwdS;
    to.attentionBwdS += times * c.attentionBwdS;
    to.otherS += times * c.otherS;
    to.attentionFwdFlops += times * c.attentionFwdFlops;
    to.attentionBwdFlops += times * c.attentionBwdFlops;
}
}

std::vector<StepClasses> predictedStepClasses(const Plan& plan, const Evaluation& evaluation)
{
    if (!evaluation.valid)
        return {};
    const ParallelSpec& par = plan.parallel;
    const StepClasses layer = layerClasses(plan, layerCost(plan));
    const std::optional<LayerCost> denseCost = denseLayerCost(plan);
    const StepClasses dense = denseCost ? layerClasses(denseLayerPlan(plan), *denseCost) : layer;
    const EdgeCost first = firstStageCost(plan), last = lastStageCost(plan);
    const double m = evaluation.microBatches;
    std::vector<StepClasses> stages(std::size_t(std::max(par.pp, 1)));
    for (int s = 0; s < par.pp; ++s) {
        StepClasses& st = stages[std::size_t(s)];
        for (int chunk = 0; chunk < par.chunks(); ++chunk) {
            const int k = par.modelChunkOf(s, chunk);
            const bool isFirst = k == 0, isLast = k == par.modelChunks() - 1;
            const double denseLayers = denseCost ? plan.denseLayersInChunk(s, chunk) : 0;
            const double layers = plan.layersInChunk(s, chunk) - denseLayers + (isLast ? plan.model.mtpLayers : 0);
            add(st, layer, m * layers);
            add(st, dense, m * denseLayers);
            if (isFirst)
                st.otherS += m * (first.fwd + first.dgrad + first.wgrad);
            if (isLast) {
                st.gemmS += m * last.gemm;
                st.otherS += m * (last.fwd + last.dgrad + last.wgrad - last.gemm);
            }
        }
        if (std::size_t(s) < evaluation.stages.size())
            st.otherS += evaluation.stages[std::size_t(s)].optimizer;
    }
    return stages;
}

std::vector<CollectiveStepTime> predictedCollectives(const Evaluation& evaluation)
{
    std::vector<CollectiveStepTime> out;
    for (const CommItem& item : evaluation.comm) {
        auto it = std::find_if(
            out.begin(), out.end(), [&](const CollectiveStepTime& c) { return c.kind == item.collective; });
        if (it == out.end())
            it = out.insert(out.end(), CollectiveStepTime { item.collective, 0, 0 });
        it->timeS += item.timeS;
        it->exposedS += item.exposedS;
    }
    return out;
}

PredictedBreakdown predictedBreakdown(const Plan& plan, const Evaluation& evaluation)
{
    return { predictedStepClasses(plan, evaluation), predictedCollectives(evaluation), evaluation.busiestStage,
        evaluation.stepS };
}

std::vector<BreakdownRow> breakdownRows(const PredictedBreakdown& predicted, const std::vector<MeasuredStage>& measured)
{
    std::vector<BreakdownRow> rows;
    for (std::size_t s = 0; s < predicted.stages.size(); ++s) {
        const StepClasses& p = predicted.stages[s];
        auto m
            = std::find_if(measured.begin(), measured.end(), [&](const MeasuredStage& x) { return x.stage == int(s); });
        const bool has = m != measured.end();
        const bool busiest = int(s) == predicted.busiestStage;
        auto row = [&](BreakdownClass kind, double measuredUs, double predictedS) {
            rows.push_back(
                { int(s), kind, CollectiveKind::AllReduce, has ? measuredUs * 1e-6 : NAN, predictedS, 0, 0, 0 });
        };
        row(BreakdownClass::Gemm, has ? m->gemmUs : 0, p.gemmS);
        row(BreakdownClass::Attention, has ? m->attentionFwdUs + m->attentionBwdUs : 0, p.attentionS());
        row(BreakdownClass::Other, has ? m->otherUs : 0, p.otherS);
        // Collectives: the families either side has, in the prediction's order, then the profile's others.
        std::vector<BreakdownRow> families;
        auto familyRow = [&](CollectiveKind kind) -> BreakdownRow& {
            auto it = std::find_if(
                families.begin(), families.end(), [&](const BreakdownRow& r) { return r.collective == kind; });
            if (it != families.end())
                return *it;
            return families.emplace_back(BreakdownRow { int(s), BreakdownClass::Collective, kind, has ? 0.0 : NAN,
                busiest ? 0.0 : NAN, has ? 0.0 : NAN, busiest ? 0.0 : NAN, has ? 0.0 : NAN });
        };
        double exposedS = 0;
        if (busiest)
            for (const CollectiveStepTime& c : predicted.collectives) {
                BreakdownRow& r = familyRow(c.kind);
                r.predictedS += c.timeS;
                r.predictedExposedS += c.exposedS;
                exposedS += c.exposedS;
            }
        if (has)
            for (const CollectiveTime& c : m->collectives)
                if (const std::optional<CollectiveKind> kind = collectiveKindOfName(c.collective)) {
                    BreakdownRow& r = familyRow(*kind);
                    r.measuredS += c.totalUs * 1e-6;
                    r.measuredExposedS += c.exposedUs * 1e-6;
                    r.measuredWaitS += c.waitUs * 1e-6;
                }
        rows.insert(rows.end(), families.begin(), families.end());
        const double busyS = p.gemmS + p.attentionS() + p.otherS + exposedS;
        row(BreakdownClass::Idle, has ? m->idleUs : 0, busiest ? std::max(0.0, predicted.stepS - busyS) : NAN);
    }
    return rows;
}

} // namespace plait
