#pragma once
// The warnings an evaluation carries about its own plan and figures. Each states the numbers it is about, computed
// from the plan and evaluation it is shown with, in English and as arguments a view can say in another language.
#include "evaluation.h"
#include "groups.h"
#include "layercost.h"
#include "plan.h"

namespace plait {

// TP groups across nodes, too few micro-batches, out of memory, exposed DP communication, unbalanced stages, and
// rates the catalog lacks (GEMM, HBM, attention) or the figures pass (HFU above the sustained GEMM rate).
void addEvaluationWarnings(
    const Plan& plan, const GroupSet& groups, const LayerCost& lc, int slowestStage, Evaluation& ev);

} // namespace plait
