#include "stagecost.h"

namespace plait {

LayerOps layerOps(const Plan& plan, const LayerCost& lc, const LayerCollectives& calls, const LayerCommTime& added)
{
    const Recompute rc = plan.training.recompute;
    LayerOps o;
    o.comm.forward = added.forward();
    o.comm.backwardInput = added.backward();
    o.comm.recompute = rc == Recompute::Full ? added.forward() - added.zero3Forward : 0;
    o.total.forward = lc.forward() + o.comm.forward;
    o.total.backwardInput = lc.backwardInput() + o.comm.backwardInput;
    o.total.backwardWeight = lc.wgradGemm;
    o.total.recompute = rc == Recompute::Full ? lc.forward() + o.comm.recompute
        : rc == Recompute::Selective          ? lc.fwdAttention
                                              : 0;
    o.firstGather = calls.zero3Gather.seconds - added.zero3Forward;
    o.moeMlp.forward = lc.moeMlpFwdGemm;
    o.moeMlp.backwardInput = lc.moeMlpDgradGemm;
    o.moeMlp.backwardWeight = lc.moeMlpWgradGemm;
    o.moeMlp.recompute = rc == Recompute::Full ? lc.moeMlpFwdGemm : 0;
    return o;
}

ChunkOps chunkOps(const Plan& plan, const LayerOps& layer, const EdgeCost& first, const EdgeCost& last, int stage,
    int chunk, const LayerOps* denseLayer)
{
    // The chunk's MoE layers cost `layer`, its dense first layers (if any) `denseLayer`; the last model chunk also
    // runs the multi-token prediction modules' layers (model.mtp_layers; their projection and head: lastStageCost).
    const int k = plan.parallel.modelChunkOf(stage, chunk);
    const bool isFirst = k == 0, isLast = k == plan.parallel.modelChunks() - 1;
    const double dense = denseLayer ? plan.denseLayersInChunk(stage, chunk) : 0;
    const double layers = plan.layersInChunk(stage, chunk) - dense + (isLast ? plan.model.mtpLayers : 0);
    const LayerOps& d = denseLayer ? *denseLayer : layer;
    ChunkOps o;
    ChunkCost& c = o.cost;
    c.forward = layers * layer.total.forward + dense * d.total.forward + layer.firstGather + (isFirst ? first.fwd : 0)
        + (isLast ? last.fwd : 0);
    c.backwardInput = layers * layer.total.backwardInput + dense * d.total.backwardInput + (isFirst ? first.dgrad : 0)
        + (isLast ? last.dgrad : 0);
    c.backwardWeight = layers * layer.total.backwardWeight + dense * d.total.backwardWeight
        + (isFirst ? first.wgrad : 0) + (isLast ? last.wgrad : 0);
    c.recompute = layers * layer.total.recompute + dense * d.total.recompute;
    o.comm.forward = layers * layer.comm.forward + dense * d.comm.forward + layer.firstGather;
    o.comm.backwardInput = layers * layer.comm.backwardInput + dense * d.comm.backwardInput;
    o.comm.recompute = layers * layer.comm.recompute + dense * d.comm.recompute;
    // Dense first layers have no experts (their denseLayer's moeMlp is zero).
    o.moeMlp.forward = layers * layer.moeMlp.forward + dense * d.moeMlp.forward;
    o.moeMlp.backwardInput = layers * layer.moeMlp.backwardInput + dense * d.moeMlp.backwardInput;
    o.moeMlp.backwardWeight = layers * layer.moeMlp.backwardWeight + dense * d.moeMlp.backwardWeight;
    o.moeMlp.recompute = layers * layer.moeMlp.recompute + dense * d.moeMlp.recompute;
    if (!splitsBackward(plan.parallel.schedule)) {
        c.backwardInput += c.backwardWeight;
        c.backwardWeight = 0;
        o.moeMlp.backwardInput += o.moeMlp.backwardWeight;
        o.moeMlp.backwardWeight = 0;
    }
    return o;
}

} // namespace plait
