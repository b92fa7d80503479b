#include "steptail.h"

#include "collective.h"
#include "params.h"
#include "tail.h"

#include <algorithm>
#include <cmath>

namespace plait {

StepTail addStepTails(const Plan& plan, const GroupSet& groups, const std::vector<StageComm>& sc,
    const std::vector<std::vector<ChunkCost>>& cost, double slowdown, bool denseLayers, Evaluation& ev)
{
    const ParallelSpec& par = plan.parallel;
    const ModelSpec& model = plan.model;
    const int p = par.pp;
    const StateBytes stateB = stateBytes(plan.training);
    StepTail out;
    CommTotals &dpGrad = out.dpGrad, &dpParam = out.dpParam;
    CommTotals &embAllReduce = out.embAllReduce, &copyReduce = out.copyReduce;
    double worstDpExposed = -1;
    for (int d = 0; d < p; ++d) {
        StageTimes& st = ev.stages[std::size_t(d)];
        const bool isFirst = par.holdsFirstChunk(d), isLast = par.holdsLastChunk(d);
        const StageParams sparams = stageParams(model, plan.layersOnStage(d), isFirst, isLast, p, par.tp,
            par.expertShard(), denseLayers ? plan.denseLayersOnStage(d) : 0);
        const ChunkCost& lastBackward = cost[std::size_t(d)][0];
        const DataParallelTail tail = dataParallelTail(plan, sparams.total(), sc[std::size_t(d)].dpPath, stateB,
            { lastBackward.backwardInput + lastBackward.backwardWeight, st.forward, slowdown }, sparams.expert);
        ev.hostBytesPerNode = std::max(ev.hostBytesPerNode, tail.offload.hostBytesPerNode);
        if (tail.offload.exposedS > ev.offload.exposedS)
            ev.offload = tail.offload;
        double exposed = tail.exposedS();
        if (tail.reduces && exposed > worstDpExposed) {
            worstDpExposed = exposed;
            dpGrad = {};
            dpParam = {};
            dpGrad.accumulate(tail.grad, tail.buckets, tail.gradExposedS / tail.buckets);
            dpParam.accumulate(tail.param, tail.buckets, tail.paramExposedS / tail.buckets);
            dpGrad.item.count = dpParam.item.count = tail.buckets;
            dpGrad.item.bytesPerCall = tail.gradBytes;
            dpParam.item.bytesPerCall = tail.paramBytes;
            dpGrad.item.link = dpParam.item.link = sc[std::size_t(d)].dpLink;
            dpGrad.item.nodes = dpParam.item.nodes = sc[std::size_t(d)].dpNodes;
            dpGrad.item.algorithm = tail.grad.algorithm;
            dpParam.item.algorithm = tail.param.algorithm;
        }
        // Tied embeddings across the pipeline: first and last stage all-reduce the embedding gradient (in a V one
        // GPU holds both).
        if (p > 1 && model.tiedEmbeddings && (isFirst != isLast)) {
            const Group& chain = groups.pp.front();
            const GroupPath pair = pairPath(plan.cluster, chain.gpus.front(), chain.gpus.back());
            const CollectiveCost c = tiedEmbeddingReduce(plan, pair, stateB);
            exposed += c.seconds;
            if (isFirst) {
                embAllReduce.accumulate(c, 1, c.seconds);
                embAllReduce.item.bytesPerCall = tiedEmbeddingBytes(plan, stateB);
                embAllReduce.item.link = pair.link;
            }
        }
        // DualPipe keeps two copies of every stage, on GPUs d and p − 1 − d: their gradients are summed before the
        // data-parallel reduction (DeepSeek-V3 §3.2.1, "two copies of the model parameters"), exposed whole here.
        if (traitsOf(par.schedule).twoDirections) {
            const Group& chain = groups.pp.front();
            GroupPath pair = pairPath(plan.cluster, chain.gpus[std::size_t(d)], chain.gpus[std::size_t(p - 1 - d)]);
            pair.ranks = 2;
            const double bytes = sparams.total() * stateB.grads;
            const CollectiveCost c = collectiveTime(CollectiveKind::AllReduce, bytes, pair);
            exposed += c.seconds;
            if (c.seconds > copyReduce.item.timeS) {
                copyReduce = {};
                copyReduce.accumulate(c, 1, c.seconds);
                copyReduce.item.bytesPerCall = bytes;
                copyReduce.item.link = pair.link;
                copyReduce.item.algorithm = c.algorithm;
            }
        }
        st.dpExposed = exposed;
        st.optimizer = tail.optimizerS;
        st.end = ev.timeline.deviceEnd[std::size_t(d)] + st.dpExposed + st.optimizer;
    }
    // Synchronisation of many ranks (stragglers, jitter, the slowest rank setting every collective's pace): the
    // fitted share of the step per doubling of the GPU count past 8 (costcalibration.h), on every stage alike.
    if (const double perDoubling = plan.cluster.calibration.syncPerDoubling; perDoubling > 0 && par.gpusUsed() > 8) {
        double unsynced = 0;
        for (const StageTimes& st : ev.stages)
            unsynced = std::max(unsynced, st.end);
        const double sync = unsynced * perDoubling * std::log2(par.gpusUsed() / 8.0);
        for (StageTimes& st : ev.stages) {
            st.sync = sync;
            st.end += sync;
        }
    }
    out.reduces = worstDpExposed >= 0;
    return out;
}

} // namespace plait
