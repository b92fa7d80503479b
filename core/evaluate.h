#pragma once

#include "collective.h"
#include "evaluation.h"
#include "evaluationmemo.h"
#include "memory.h"
#include "plan.h"

namespace plait {

// How much of the evaluation to keep. Figures: the same step time, memory, throughput and bubble, without the
// simulated events (so no timeline, and no p2p time on the critical path in the breakdown); the search uses it.
enum class EvaluationDetail { Full, Figures };

// Parts of the step that the search's lower bound (search.cpp) must count exactly as the evaluation does.
// The optimizer step and the passes around it, as memory-bound kernels over the local shards (`shard` ranks hold
// the optimizer states, `gradShard` the gradients): the update reads master weights, moments and gradients and
// writes them and the 16-bit weights; the gradient norm for clipping reads the gradients; zeroing them writes the
// whole local gradient buffer; FP16 loss scaling unscales (reads and writes) them with its inf check (Megatron-LM
// optimizer.py: clip_grad_norm, zero_grad, unscale_and_check_for_nan).
double optimizerStepTime(double params, double shard, double gradShard, const StateBytes& bytes, const GpuSpec& gpu);
// Gradients are reduced in buckets while the last micro-batch's backward runs; the last bucket never overlaps
// (Megatron's default bucket: 40M parameters).
double lastGradientBucket(double reduceSeconds, double params);
// Whether ZeRO-1/2's weight all-gather runs beside the next forward (the first bucket waits): Megatron-LM with
// --overlap-param-gather, and FSDP's SHARD_GRAD_OP, which gathers each unit as its forward begins.
bool weightGatherOverlapsForward(const TrainingSpec& t);
// With tied embeddings across a pipeline, its first and last stages all-reduce the embedding gradient (these
// bytes) after the pipeline, between two GPUs: the path between them.
double tiedEmbeddingBytes(const Plan& plan, const StateBytes& bytes);
CollectiveCost tiedEmbeddingReduce(const Plan& plan, GroupPath pair, const StateBytes& bytes);

// The one entry point every view uses: a pure function of the plan (catalog entries are resolved into it).
// With a memo (and Figures), the groups and the pipeline simulation are shared with earlier plans that have the same.
Evaluation evaluate(const Plan& plan, EvaluationDetail detail = EvaluationDetail::Full, EvaluationMemo* memo = nullptr);

} // namespace plait
