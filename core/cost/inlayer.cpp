#include "inlayer.h"

#include "memory.h"
#include "overlap.h"
#include "params.h"

namespace plait {

LayerCollectives layerCollectives(const Plan& plan, const LayerCost& lc, const GroupPath* tp, const GroupPath* cp,
    const GroupPath* ep, const GroupPath* dp, const GroupPath* etp)
{
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    LayerCollectives c;
    if (tp && par.tp > 1) {
        if (tr.sequenceParallel) {
            c.tpGather = collectiveTime(CollectiveKind::AllGather, lc.tpGatherBytes, *tp);
            c.tpGradGather = collectiveTime(CollectiveKind::AllGather, lc.tpGradGatherBytes, *tp);
            c.tpScatter = collectiveTime(CollectiveKind::ReduceScatter, lc.tpBytes, *tp);
        } else {
            c.tpAllReduce = collectiveTime(CollectiveKind::AllReduce, lc.tpBytes, *tp);
        }
    }
    if (cp && par.cp > 1) {
        c.cpGather = collectiveTime(CollectiveKind::AllGather, lc.cpBytes, *cp);
        c.cpScatter = collectiveTime(CollectiveKind::ReduceScatter, lc.cpBytes, *cp);
    }
    if (ep && par.ep > 1) {
        c.epDispatch = expertDispatch(plan, lc.epTokens, bytesPerElement(plan), *ep);
        c.ep = c.epDispatch.call;
    }
    if (etp && lc.etpBytes > 0) {
        c.etpGather = collectiveTime(CollectiveKind::AllGather, lc.etpBytes, *etp);
        c.etpScatter = collectiveTime(CollectiveKind::ReduceScatter, lc.etpBytes, *etp);
    }
    if (dp && tr.zeroStage >= 3 && par.dp * par.cp > 1) {
        const StateBytes bytes = stateBytes(tr);
        const double layerParams = stageParams(plan.model, 1, false, false, par.pp, par.tp, par.expertShard()).total();
        c.zero3Gather = collectiveTime(CollectiveKind::AllGather, layerParams * bytes.weights, *dp);
        c.zero3Scatter = collectiveTime(CollectiveKind::ReduceScatter, layerParams * bytes.grads, *dp);
    }
    return c;
}

LayerCommTime layerCommTime(const Plan& plan, const LayerCost& lc, const LayerCollectives& c, double s)
{
    const TrainingSpec& tr = plan.training;
    const TpOverlap overlap = tr.tpOverlap;
    LayerCommTime t;
    // Each of the two blocks (attention, MLP) issues one collective of each kind it needs; the GEMMs beside them
    // are the blocks' column-parallel (QKV, FC1) and row-parallel (projection, FC2) layers together.
    const double blocks = lc.tpCallsFwd; // 2 with TP, else 0
    if (blocks > 0) {
        if (tr.sequenceParallel) {
            // Forward: gather before QKV/FC1, reduce-scatter after projection/FC2.
            t.tpForward = overlap == TpOverlap::All ? overlapCost(blocks * c.tpGather.seconds, lc.columnFwdGemm, s)
                    + overlapCost(blocks * c.tpScatter.seconds, lc.rowFwdGemm, s)
                                                    : blocks * (c.tpGather.seconds + c.tpScatter.seconds);
            // Backward: the row-parallel layers gather their output gradient; the column-parallel ones re-gather
            // their input for wgrad (beside dgrad) and reduce-scatter their input gradient (beside wgrad).
            if (overlap == TpOverlap::None)
                t.tpBackward = blocks * (c.tpGradGather.seconds + c.tpGather.seconds + c.tpScatter.seconds);
            else
                t.tpBackward
                    = (overlap == TpOverlap::All ? overlapCost(blocks * c.tpGradGather.seconds, lc.rowDgradGemm, s)
                                                 : blocks * c.tpGradGather.seconds)
                    + overlapCost(blocks * c.tpGather.seconds, lc.columnDgradGemm, s)
                    + overlapCost(blocks * c.tpScatter.seconds, lc.columnWgradGemm, s);
        } else {
            // Forward: all-reduce after projection/FC2; backward: all-reduce of QKV/FC1's input gradient.
            t.tpForward = overlap == TpOverlap::All ? overlapCost(blocks * c.tpAllReduce.seconds, lc.rowFwdGemm, s)
                                                    : blocks * c.tpAllReduce.seconds;
            t.tpBackward = overlap == TpOverlap::None
                ? blocks * c.tpAllReduce.seconds
                : overlapCost(blocks * c.tpAllReduce.seconds, lc.columnWgradGemm, s);
        }
    }
    t.cpForward = overlapCost(c.cpGather.seconds, lc.fwdAttention, s);
    t.cpBackward = overlapCost(c.cpGather.seconds + c.cpScatter.seconds, lc.bwdAttention, s);
    const double etpPair = lc.etpBytes > 0 ? c.etpGather.seconds + c.etpScatter.seconds : 0;
    t.epForward = lc.epCallsFwd * c.ep.seconds + etpPair;
    t.epBackward = lc.epCallsBwd * c.ep.seconds + etpPair;
    t.zero3Forward = overlapCost(c.zero3Gather.seconds, lc.forward(), s);
    t.zero3Backward = overlapCost(c.zero3Gather.seconds + c.zero3Scatter.seconds, lc.backwardInput() + lc.wgradGemm, s);
    return t;
}

} // namespace plait
