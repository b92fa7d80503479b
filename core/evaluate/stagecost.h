#pragma once
// One stage's ops as the pipeline simulation runs them, per micro-batch and virtual chunk: the single place where
// evaluate() builds its op durations and the search's lower bound counts its work, so the two count alike.
#include "inlayer.h"
#include "layercost.h"
#include "simulate.h"

namespace plait {

// One layer's ops for one micro-batch, compute and the in-layer collectives' added time (cost/inlayer.h) together;
// `comm` holds the collectives' part alone, which the exposed-communication figure reads back.
struct LayerOps {
    ChunkCost total, comm;
    ChunkCost moeMlp; // of total: the MoE experts' GEMMs (LayerCost::moeMlp*), recomputed with the forward when full
    ChunkCost epComm; // of comm: the EP all-to-alls (dispatch and combine), repeated by full recomputation
    // A chunk's first ZeRO-3 gather has no layer before it to hide under: exposed whole, once per chunk forward,
    // beyond what zero3Forward already counts for it.
    double firstGather = 0;
};
// Recomputation repeats the forward's collectives but not ZeRO-3's gather (the backward's gather already holds the
// weights); selective recomputation repeats the attention core. Weight gradients stay a separate op.
LayerOps layerOps(const Plan& plan, const LayerCost& lc, const LayerCollectives& calls, const LayerCommTime& added);

// Chunk `chunk` of stage `stage`: its layers' ops, the first chunk's exposed gather, the embedding on the model's
// first chunk and the output layer and loss on its last. Unless the schedule splits the backward (splitsBackward), the
// weight gradients run inside it.
struct ChunkOps {
    ChunkCost cost, comm, moeMlp, epComm;
};
ChunkOps chunkOps(const Plan& plan, const LayerOps& layer, const EdgeCost& first, const EdgeCost& last, int stage,
    int chunk, const LayerOps* denseLayer = nullptr);

} // namespace plait
