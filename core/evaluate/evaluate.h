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

// The one entry point every view uses: a pure function of the plan (catalog entries are resolved into it).
// With a memo (and Figures), the groups and the pipeline simulation are shared with earlier plans that have the same.
Evaluation evaluate(const Plan& plan, EvaluationDetail detail = EvaluationDetail::Full, EvaluationMemo* memo = nullptr);

// Called at the start of every evaluate(), on the thread that runs it: tests count evaluations per edit with it,
// and the app's debug build asserts that none runs on the GUI thread. Null (the default) observes nothing.
using EvaluationObserver = void (*)(const Plan& plan, EvaluationDetail detail);
void setEvaluationObserver(EvaluationObserver observer);

} // namespace plait
