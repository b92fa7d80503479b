#pragma once
// What a stage does after its last backward: reduce its gradients across data-parallel ranks, gather the updated
// weights (ZeRO 1–2), all-reduce a tied embedding's gradient, and step the optimizer. evaluate() and the search's
// lower bound both take it from dataParallelTail(), the bound with every overlappable byte hidden for free.
#include "collective.h"
#include "memory.h"
#include "offload.h"
#include "plan.h"

#include <limits>

namespace plait {

// The optimizer step and the passes around it, as memory-bound kernels over the local shards (`shard` ranks hold
// the optimizer states, `gradShard` the gradients): the update reads master weights, moments and gradients and
// writes them and the 16-bit weights; the gradient norm for clipping reads the gradients; zeroing them writes the
// whole local gradient buffer; FP16 loss scaling unscales (reads and writes) them with its inf check (Megatron-LM
// optimizer.py: clip_grad_norm, zero_grad, unscale_and_check_for_nan).
// `hbmShare`: the fitted share of the streaming rate the optimizer's kernels reach (costcalibration.h).
double optimizerStepTime(
    double params, double shard, double gradShard, const StateBytes& bytes, const GpuSpec& gpu, double hbmShare = 1);
// Parameters per gradient bucket for a stage holding `params` (the plan's training.bucket_size when set):
//  - Megatron-LM: max(40M, 1M × DP × CP size) (megatron/core/distributed/distributed_data_parallel.py: "larger DP
//    sizes need larger buckets to ensure collectives do not become latency-bound"); one bucket without
//    --overlap-grad-reduce, whatever size is asked (it sets bucket_size to None then);
//  - DeepSpeed: reduce_bucket_size, 5e8 elements (deepspeed/runtime/zero/config.py);
//  - FSDP: one wrapped unit, a transformer layer (llm-foundry and torchtitan wrap each block).
// At most the stage's parameters: one bucket holds them all.
double gradientBucketParams(const Plan& plan, double params);
// Whether ZeRO-1/2's weight all-gather runs beside the next forward (the first bucket waits): Megatron-LM with
// --overlap-param-gather, and FSDP's SHARD_GRAD_OP, which gathers each unit as its forward begins.
bool weightGatherOverlapsForward(const TrainingSpec& t);
// With tied embeddings across a pipeline, its first and last stages all-reduce the embedding gradient (these
// bytes) after the pipeline, between two GPUs: the path between them.
double tiedEmbeddingBytes(const Plan& plan, const StateBytes& bytes);
CollectiveCost tiedEmbeddingReduce(const Plan& plan, GroupPath pair, const StateBytes& bytes);

// The compute the tail's overlapped transfers run beside (cost/overlap.h): the gradient buckets beside the last
// micro-batch's backward on the stage, the weight gather beside the first micro-batch's forward. The defaults hide
// all but the last (first) bucket at no contention: what no real overlap can beat.
struct TailWindows {
    double lastBackwardS = std::numeric_limits<double>::infinity();
    double firstForwardS = std::numeric_limits<double>::infinity();
    double slowdown = 0;
};

struct DataParallelTail {
    bool reduces = false; // whether the stage reduces gradients after the pipeline at all
    // One call per bucket: a gradient all-reduce or reduce-scatter, and with ZeRO 1-2 a weight all-gather.
    long long buckets = 0;
    CollectiveCost grad, param; // one bucket's call of each
    double gradBytes = 0, paramBytes = 0; // one bucket's nccl-tests S of each
    double gradExposedS = 0, paramExposedS = 0; // what each adds to the step
    double optimizerS = 0; // the optimizer step; with CPU offload what the GPU waits for of it (offload.exposedS)
    OffloadCost offload;
    double exposedS() const { return gradExposedS + paramExposedS; }
};
// The tail of a stage holding `params` parameters whose gradient group runs over `path` (null: no data parallelism
// to reduce over, or ZeRO-3, which reduces inside the layers). Buckets reduce as the last backward produces them;
// the last one waits for it to end. The weight gather runs bucket by bucket beside the next forward; the first one
// waits. Without overlap every call waits. `expertParams` of the `params` are MoE experts, whose optimizer state is
// sharded over expert DP (ParallelSpec::expertDp()); their gradients are costed on the same path.
DataParallelTail dataParallelTail(const Plan& plan, double params, const GroupPath* path, const StateBytes& bytes,
    const TailWindows& windows, double expertParams = 0);

} // namespace plait
