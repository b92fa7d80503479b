#pragma once
// A plan's kind as the calibration's runs are compared with it (model/similarruns.h).
#include "plan.h"
#include "similarruns.h"

namespace plait {

RunKind runKindOf(const Plan& plan);

} // namespace plait
