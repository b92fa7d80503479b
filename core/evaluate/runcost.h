#pragma once
// A training run's wall time and cost at a given step time, for plans that share the model, cluster, recipe and
// run block and differ only in how they split the work (the search's candidates): forecastRun's budget, price,
// checkpoint and failures, without a whole evaluation.
#include "plan.h"

namespace plait {

struct RunAtStep {
    bool hasBudget = false, hasPrice = false;
    double wallS = 0; // with checkpoints and failures when a storage bandwidth is given
    double cost = 0; // at the plan's price, on the cluster's GPUs
};
RunAtStep runAtStep(const Plan& plan, double stepS);

} // namespace plait
