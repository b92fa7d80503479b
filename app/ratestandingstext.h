#pragma once
// The Calibration panel's table of what the cost model rests on for the plan's cluster (core/cost/ratebasis.h):
// each calibration parameter and measured rate, its value, and whether it is calibrated on published runs, a
// published figure, or measured on this cluster.
#include "plan.h"

#include <QString>

namespace plait::app {

QString rateStandingsHtml(const Plan& plan);

} // namespace plait::app
