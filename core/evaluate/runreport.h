#pragma once
// A training run's forecast (runforecast.h) as the contract's JSON and as text for the terminal.
#include "plan.h"
#include "runforecast.h"

#include <nlohmann/json.hpp>
#include <string>

namespace plait {

// A long duration for people, in the unit that suits it: "42 s", "18.5 min", "7.3 h", "34.2 days".
std::string longDurationText(double seconds);

// The "run" object of `plait evaluate --json`: every figure with its fast and slow ends, null where an input is
// missing (a price, a storage bandwidth).
nlohmann::json runForecastToJson(const RunForecast& f);

// The same as indented lines after the evaluation's text.
std::string runForecastText(const RunForecast& f, const Plan& plan);

} // namespace plait
