#pragma once

#include "error.h"
#include "plan.h"

#include <vector>

namespace plait {

// Edits of the placement that the topology view offers. Each returns the new plan, or the reason the edit
// cannot be made (the plan is unchanged then). The default placement is written out explicitly on first edit.

// Exchange the coordinates of two GPUs (either may be idle).
Result<Plan> swapGpus(const Plan& plan, int a, int b);

// Make `gpus` one tensor-parallel group: they take the coordinates of the TP group of the first GPU, swapping
// with its current members. Needs exactly tp GPUs.
Result<Plan> makeTpGroup(const Plan& plan, const std::vector<int>& gpus);

// Move `gpus` into pipeline stage `stage`: each swaps with a GPU of that stage holding the same tp/cp, chosen
// among those not in `gpus`.
Result<Plan> assignToStage(const Plan& plan, const std::vector<int>& gpus, int stage);

// Back to the default order (parallel.order).
Result<Plan> autoPlace(const Plan& plan);

} // namespace plait
