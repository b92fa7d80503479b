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
// The optimizer step streams the local shard of master weights, moments and gradients once.
double optimizerStepTime(double params, double shard, const StateBytes& bytes, const GpuSpec& gpu);
// Gradients are reduced in buckets while the last micro-batch's backward runs; the last bucket never overlaps
// (Megatron's default bucket: 40M parameters).
double lastGradientBucket(double reduceSeconds, double params);
// With tied embeddings across a pipeline, its first and last stages all-reduce the embedding gradient (these
// bytes) after the pipeline, between two GPUs: the path between them.
double tiedEmbeddingBytes(const Plan& plan, const StateBytes& bytes);
CollectiveCost tiedEmbeddingReduce(const Plan& plan, GroupPath pair, const StateBytes& bytes);

// The one entry point every view uses: a pure function of the plan (catalog entries are resolved into it).
// With a memo (and Figures), the groups and the pipeline simulation are shared with earlier plans that have the same.
Evaluation evaluate(const Plan& plan, EvaluationDetail detail = EvaluationDetail::Full, EvaluationMemo* memo = nullptr);

} // namespace plait
