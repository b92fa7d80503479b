#pragma once

#include "evaluation.h"
#include "plan.h"

namespace plait {

// The one entry point every view uses: a pure function of the plan (catalog entries are resolved into it).
Evaluation evaluate(const Plan& plan);

} // namespace plait
