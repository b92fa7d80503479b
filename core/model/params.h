#pragma once

#include "model.h"

namespace plait {

// Parameter counts. Layer terms follow Megatron-LM's theoretical_memory_usage.py (QKV with GQA, gated MLP,
// MoE experts), plus biases and LayerNorm biases for GPT-style models so that GPT counts reproduce
// Narayanan et al. 2021, Eq. (2): P = 12·l·h²·(1 + 13/(12h) + (V + s)/(12·l·h)).
struct LayerParams {
    double attention = 0; // Q, K, V and output projections (+ biases)
    double mlp = 0; // dense MLP, or all experts + router + shared experts
    double norms = 0; // the layer's two norms
    double expertShare = 0; // part of mlp that lives in experts (sharded by EP)
    // Part of attention every TP rank holds whole: MLA's down projections and their norms (Megatron-Core's
    // MLASelfAttention splits only the up projections and the output).
    double replicated = 0;

    double total() const { return attention + mlp + norms; }
};

// One layer of the model: a MoE layer when the model has experts (its dense first layers: layerParams of
// denseLayerModel(m)).
LayerParams layerParams(const ModelSpec& m);
double embeddingParams(const ModelSpec& m); // word (+ learned position) embeddings
double headParams(const ModelSpec& m); // final norm + output layer when untied
double totalParams(const ModelSpec& m);

// Parameters that one GPU holds on a pipeline stage with `layers` layers under tensor and expert parallelism.
// Norm weights are replicated across TP ranks; matrices and vocabulary are split.
struct StageParams {
    double dense = 0; // per GPU, sharded by tp
    double expert = 0; // per GPU, sharded by expert TP × EP
    double total() const { return dense + expert; }
};
// `denseLayers` of the `layers` are dense layers of a MoE model (its first ones, model.moe.dense_layers); each MoE
// layer's experts are split over `expertShard` GPUs (ParallelSpec::expertShard(): expert TP × EP).
StageParams stageParams(
    const ModelSpec& m, int layers, bool first, bool last, int pp, int tp, int expertShard, int denseLayers = 0);

// Parameters of the model's multi-token prediction modules (not in totalParams; their embedding and output head are
// the model's).
double mtpParams(const ModelSpec& m);

// Parameters one token uses: the dense ones and top_k of each MoE layer's experts, with the embedding and the output
// layer (DeepSeek-V3's "37B activated" counts them so).
double activatedParams(const ModelSpec& m);

} // namespace plait
