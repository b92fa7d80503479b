#include "memory.h"

#include "lowprecision.h"
#include "params.h"

#include <algorithm>

namespace plait {

StateBytes stateBytes(const TrainingSpec& t)
{
    StateBytes b;
    const bool fp32 = t.precision == Precision::FP32;
    // Low-precision recipes keep 16-bit parameters and quantize per GEMM (their copies: StageMemory::quantizedWeights),
    // unless the primary weights are FP8 themselves.
    b.weights = primaryWeightBytes(t);
    b.grads = ((t.fp32Gradients && !t.bf16Master) || fp32) ? 4 : 2;
    // Mixed precision keeps an fp32 master copy; pure fp32 training does not need one, nor DeepSpeed's BF16 master
    // weights (the 16-bit weights are the ones the optimizer steps).
    const double master = fp32 || t.bf16Master ? 0 : 4;
    const double moment = t.bf16Moments && !fp32 ? 2 : 4;
    b.optimizer = master + (t.optimizer == Optimizer::Adam ? 2 * moment : moment);
    b.lossScaling = t.precision == Precision::FP16;
    return b;
}

void modelStates(double params, int zeroStage, int shards, const StateBytes& bytes, StageMemory& out)
{
    const double n = shards > 0 ? shards : 1;
    out.weights += params * bytes.weights / (zeroStage >= 3 ? n : 1);
    out.grads += params * bytes.grads / (zeroStage >= 2 ? n : 1);
    out.optimizer += params * bytes.optimizer / (zeroStage >= 1 ? n : 1);
}

bool fsdpHoldsStageUnsharded(const TrainingSpec& t, int pp)
{
    return t.framework == Framework::Fsdp && pp > 1 && t.zeroStage >= 2 && !t.offloadParams;
}

ReservedRatio reservedOverAllocated(const TrainingSpec& t)
{
    // FSDP2 frees each unit's gathered weights and gradients at different times and sizes, so its cache holds more.
    if (t.framework == Framework::Fsdp)
        return { 1.21,
            "PyTorch FSDP2 on H100, torchtitan PR #165: reserved over peak active 1.36 (full recomputation), 1.20 "
            "(selective), 1.22 and 1.18 (FSDP with TP); 1.21 is their median" };
    return { 1 + t.fragmentation,
        "the plan's fragmentation share (Megatron-LM's 5% by default; Megatron GPT-2 runs log reserved over "
        "allocated at 1.01-1.11)" };
}

StageMemory stageMemory(const Plan& plan, int stage, int inFlight, const LayerCost& layer, const LayerCost* dense)
{
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    StageMemory mem;
    mem.stage = stage;
    mem.inFlight = inFlight;
    const int layers = plan.layersOnStage(stage);
    const int denseLayers = dense ? plan.denseLayersOnStage(stage) : 0;
    const bool first = par.holdsFirstChunk(stage), last = par.holdsLastChunk(stage);
    const StageParams params
        = stageParams(plan.model, layers, first, last, par.pp, par.tp, par.expertShard(), denseLayers);
    const StateBytes bytes = stateBytes(tr);
    // The distributed optimizer shards over the data-parallel ranks, CP included; experts over their expert-DP
    // replicas (Megatron-Core's expert_data_parallel group: tp·cp·dp / (expert TP · EP)).
    modelStates(params.dense, tr.zeroStage, par.dp * par.cp, bytes, mem);
    StageMemory experts;
    modelStates(params.expert, tr.zeroStage, par.expertDp(), bytes, experts);
    // CPU offload keeps the optimizer state in host memory, and with the parameters offloaded their shards too: the GPU
    // holds only the layers gathered to run (below).
    if (tr.offloadOptimizer)
        mem.optimizer = experts.optimizer = 0;
    if (tr.offloadParams)
        mem.weights = experts.weights = 0;
    // The recipe's quantized copies of the layers' linear weights (not of the embedding, output layer or norms).
    if (const LinearRecipe recipe = linearRecipe(plan); recipe.weightCacheBytes > 0) {
        const StageParams linear
            = stageParams(plan.model, layers, false, false, par.pp, par.tp, par.expertShard(), denseLayers);
        const double dense = linear.dense * recipe.weightCacheBytes / (tr.zeroStage >= 3 ? par.dp * par.cp : 1);
        const double expert = linear.expert * recipe.weightCacheBytes / (tr.zeroStage >= 3 ? par.expertDp() : 1);
        mem.quantizedWeights = dense + expert;
        mem.weights += dense;
        experts.weights += expert;
    }
    mem.expertWeights = experts.weights;
    mem.expertGrads = experts.grads;
    mem.expertOptimizer = experts.optimizer;
    mem.weights += experts.weights;
    mem.grads += experts.grads;
    mem.optimizer += experts.optimizer;
    if (fsdpHoldsStageUnsharded(tr, par.pp)) {
        // The stage's parameters stay gathered through the step and their gradients accumulate unsharded, in the
        // reduce dtype, until the last micro-batch's backward reduce-scatters them.
        mem.weights += params.total() * bytes.weights;
        mem.grads += params.total() * bytes.grads;
    } else if (tr.zeroStage >= 3) {
        // ZeRO-3 gathers a layer's full weights to use it, and prefetches the next one.
        const double layerWeights = params.total() / (layers > 0 ? layers : 1);
        mem.weights += 2 * layerWeights * bytes.weights;
    }
    const int chunks = std::max(par.chunks(), 1);
    const double layersPerChunk = double(layers - denseLayers) / chunks, densePerChunk = double(denseLayers) / chunks;
    mem.activations = inFlight
        * (layersPerChunk * layer.storedActivations + (dense ? densePerChunk * dense->storedActivations : 0));
    // Held once, not together: the working set of the layer being recomputed (full recomputation) and the loss's
    // logits, freed before the last layer's backward starts.
    double transient = 0;
    if (tr.recompute == Recompute::Full && layers > 0)
        transient = std::max(layers > denseLayers ? layer.fullActivations : 0.0,
            dense && denseLayers > 0 ? dense->fullActivations : 0.0);
    if (first) // only the first model chunk's micro-batches hold the embedding's output
        mem.activations += (inFlight + chunks - 1) / chunks * firstStageCost(plan).activationsPerMicroBatch;
    if (last) {
        transient = std::max(transient, lastStageCost(plan).activationsTransient);
        // The multi-token prediction modules' layers, in the last model chunk's micro-batches.
        mem.activations += (inFlight + chunks - 1) / chunks * plan.model.mtpLayers * layer.storedActivations;
    }
    mem.activations += transient;
    const double tensors = mem.tensors();
    const double fixed = tr.otherGiB * double(1ull << 30);
    mem.other = fixed + tr.fragmentation * tensors;
    const double allocatorShare = plan.cluster.gpu.memoryGiB * double(1ull << 30) - fixed;
    mem.reserved = std::max(
        tensors * (1 + tr.fragmentation), std::min(tensors * reservedOverAllocated(tr).ratio, allocatorShare));
    return mem;
}

} // namespace plait
