#pragma once

#include "layercost.h"
#include "plan.h"

namespace plait {

// One pipeline stage's memory per GPU, by term.
struct StageMemory {
    int stage = 0;
    double weights = 0, grads = 0, optimizer = 0, activations = 0, other = 0; // bytes per GPU
    // The MoE experts' part of weights, grads and optimizer (sharded over expert TP × EP, their states over expert DP).
    double expertWeights = 0, expertGrads = 0, expertOptimizer = 0;
    double expertStates() const { return expertWeights + expertGrads + expertOptimizer; }
    // The part of weights that is a low-precision recipe's quantized copies of the layers' linear weights
    // (Transformer Engine's FP8/FP4 weight workspaces, both orientations), kept through the step.
    double quantizedWeights = 0;
    int inFlight = 0; // micro-batch chunks held at the peak
    // What must fit: the tensors, the fixed buffers and the fragmentation the allocator cannot give back.
    double total() const { return weights + grads + optimizer + activations + other; }
    // What torch.cuda.max_memory_reserved reports (the caching allocator's reserved peak): the tensors times the
    // framework's measured reserved-over-allocated ratio, but no more than the GPU leaves the allocator, since under
    // pressure it frees its cache and retries before it runs out. Not part of total(): the cache is not needed.
    double reserved = 0;
    double tensors() const { return weights + grads + optimizer + activations; }
};

// The caching allocator's reserved peak over its allocated peak, where it was measured (issue 38 C).
struct ReservedRatio {
    double ratio = 1;
    const char* source = "";
};
ReservedRatio reservedOverAllocated(const TrainingSpec& t);

// Bytes per parameter by component (Rajbhandari et al. 2020 §3.1; Megatron-LM theoretical_memory_usage.py).
struct StateBytes {
    double weights = 2; // working copy: 16-bit, FP8 primary weights (--fp8-param-gather) 1, FP32 training 4
    double grads = 4; // fp32 main_grad (Megatron) or 16-bit (ZeRO paper)
    double optimizer = 12; // Adam: fp32 master, momentum, variance (BF16 moments: 4 + 2 + 2)
    bool lossScaling = false; // FP16 training unscales the gradients every step
};
StateBytes stateBytes(const TrainingSpec& t);

// Weights, gradients and optimizer state per GPU for `params` parameters sharded by ZeRO over `shards` ranks:
// stage 1 shards the optimizer state, 2 also the gradients, 3 also the weights (ZeRO Table 1).
void modelStates(double params, int zeroStage, int shards, const StateBytes& bytes, StageMemory& out);

// Whether FSDP under pipeline parallelism keeps a stage's parameters gathered, and its gradients unsharded, through
// the whole step: torchtitan sets reshard_after_forward=False with PP (parallelize_llama.py), and
// torch.distributed.pipelining turns off resharding after backward and gradient sync for every micro-batch's
// backward but the last (stage.py backward_maybe_with_nosync); FSDP2 then accumulates the unsharded gradients in the
// reduce dtype (fp32: to_accumulated_grad_if_needed).
bool fsdpHoldsStageUnsharded(const TrainingSpec& t, int pp);

// Memory of one pipeline stage: states, activations of the micro-batches in flight under the schedule,
// and "other" (fixed CUDA/NCCL part plus fragmentation).
// `dense`: what a MoE model's dense first layers cost (denseLayerCost), for the stages that hold them.
StageMemory stageMemory(
    const Plan& plan, int stage, int inFlight, const LayerCost& layer, const LayerCost* dense = nullptr);

} // namespace plait
