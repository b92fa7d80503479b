#pragma once
// What one layer's collectives cost one stage per micro-batch, beyond its compute: the single place where evaluate()
// and the search's lower bound count them (the bound with the fastest paths its groups can have, evaluate with the
// slowest group of each stage), so the two cannot drift apart.
#include "collective.h"
#include "dispatch.h"
#include "layercost.h"

namespace plait {

// One call of each collective a layer issues, timed on its group's path.
struct LayerCollectives {
    CollectiveCost tpAllReduce; // without SP: each block's output (forward) or input gradient (backward)
    // With SP: the column-parallel input gathered (forward, and again for wgrad), the row-parallel output gradient
    // gathered, and the 16-bit outputs reduce-scattered (the gathers at the recipe's width, LayerCost).
    CollectiveCost tpGather, tpGradGather, tpScatter;
    CollectiveCost cpGather, cpScatter; // K and V gathered; dK and dV reduce-scattered in the backward
    CollectiveCost ep; // one dispatch or combine, as the plan's dispatcher sends it (dispatch.h)
    ExpertDispatch epDispatch; // what that call sends, and where
    CollectiveCost etpGather, etpScatter; // the received tokens over expert TP, and their outputs back
    CollectiveCost zero3Gather, zero3Scatter; // one layer's weights; its gradients
};
// Null paths (a dimension of size 1) leave their collectives at zero.
LayerCollectives layerCollectives(const Plan& plan, const LayerCost& lc, const GroupPath* tp, const GroupPath* cp,
    const GroupPath* ep, const GroupPath* dp, const GroupPath* etp);

// The time each collective family adds to one layer, forward and backward, by the overlap rule (cost/overlap.h):
//  - TP, Megatron-LM (tensor_parallel/layers.py): the forward's collectives are on the critical path; in the
//    backward the column-parallel layers (QKV, FC1) launch their input-gradient all-reduce, or with SP the
//    re-gather of their input and the reduce-scatter of its gradient, beside their dgrad and wgrad GEMMs, while
//    the row-parallel layers' all-gather of the output gradient waits (training.tp_overlap "backward", the
//    default). "none" exposes everything; "all" (Transformer Engine userbuffers, torchtitan async TP) overlaps
//    every TP collective with its layer's GEMMs, forward too.
//  - CP: K and V gathered under the attention's forward; the backward gathers them again and reduce-scatters
//    dK and dV under the attention's backward (Llama 3's all-gather context parallelism).
//  - EP: the dispatch and combine wait, and so do expert TP's gather of the received tokens and scatter of their
//    outputs (the experts need them whole; the combine needs their sums).
//  - ZeRO-3: each layer's weights gathered under the layer before it; gathered again for the backward and the
//    gradients reduce-scattered under the layer's backward (FSDP FULL_SHARD, reshard after forward). The first
//    layer's gather of each chunk has nothing to hide under: the caller counts it whole once per chunk forward
//    (zero3Gather in place of one layer's zero3Forward).
struct LayerCommTime {
    double tpForward = 0, tpBackward = 0, cpForward = 0, cpBackward = 0, epForward = 0, epBackward = 0;
    double zero3Forward = 0, zero3Backward = 0;
    double forward() const { return tpForward + cpForward + epForward + zero3Forward; }
    double backward() const { return tpBackward + cpBackward + epBackward + zero3Backward; }
};
LayerCommTime layerCommTime(const Plan& plan, const LayerCost& lc, const LayerCollectives& c, double slowdown);

} // namespace plait
