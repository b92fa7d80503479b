#include "stagecost.h"

namespace plait {

LayerOps layerOps(const Plan& plan, const LayerCost& lc, const LayerCollectives& calls, const LayerCommTime& added)
{
    const TrainingSpec& tr = plan.training;
    const Recompute rc = tr.recompute;
    // Full recomputation runs the whole forward again; selective the modules it names (layercost.h recomputeFwd), a
    // recomputed MoE layer with its dispatch and combine.
    const bool full = rc == Recompute::Full;
    const bool moeAgain = full || tr.recomputes(RecomputeModule::Moe);
    LayerOps o;
    o.comm.forward = added.forward();
    o.comm.backwardInput = added.backward();
    o.comm.recompute = full ? added.forward() - added.zero3Forward : moeAgain ? added.epForward : 0;
    o.total.forward = lc.forward() + o.comm.forward;
    o.total.backwardInput = lc.backwardInput() + o.comm.backwardInput;
    o.total.backwardWeight = lc.wgradGemm;
    o.total.recompute = full            ? lc.forward() + o.comm.recompute
        : rc == Recompute::Selective    ? lc.recomputeFwd + o.comm.recompute
        : rc == Recompute::SelectiveOps ? lc.recomputeFwd
                                        : 0;
    o.firstGather = calls.zero3Gather.seconds - added.zero3Forward;
    o.moeMlp.forward = lc.moeMlpFwdGemm;
    o.moeMlp.backwardInput = lc.moeMlpDgradGemm;
    o.moeMlp.backwardWeight = lc.moeMlpWgradGemm;
    o.moeMlp.recompute = moeAgain ? lc.moeMlpFwdGemm : 0;
    o.epComm.forward = added.epForward;
    o.epComm.backwardInput = added.epBackward;
    o.epComm.recompute = moeAgain ? added.epForward : 0;
    return o;
}

namespace {
// A chunk's share of a per-layer cost: `layers` MoE (or plain) layers of `a` and `dense` dense first layers of `b`.
ChunkCost overLayers(double layers, const ChunkCost& a, double dense, const ChunkCost& b)
{
    return { layers * a.forward + dense * b.forward, layers * a.recompute + dense * b.recompute,
        layers * a.backwardInput + dense * b.backwardInput, layers * a.backwardWeight + dense * b.backwardWeight };
}
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
    o.comm = overLayers(layers, layer.comm, dense, d.comm);
    o.comm.forward += layer.firstGather;
    // Dense first layers have no experts (their denseLayer's moeMlp and epComm are zero).
    o.moeMlp = overLayers(layers, layer.moeMlp, dense, d.moeMlp);
    o.epComm = overLayers(layers, layer.epComm, dense, d.epComm);
    if (!splitsBackward(plan.parallel.schedule)) {
        c.backwardInput += c.backwardWeight;
        c.backwardWeight = 0;
        o.moeMlp.backwardInput += o.moeMlp.backwardWeight;
        o.moeMlp.backwardWeight = 0;
    }
    return o;
}

} // namespace plait
