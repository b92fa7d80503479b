#include "runcost.h"

#include "params.h"
#include "runforecast.h"

namespace plait {

RunAtStep runAtStep(const Plan& plan, double stepS)
{
    Evaluation ev; // what forecastRun reads of an evaluation when the per-GPU share is not asked for
    ev.valid = true;
    ev.stepS = ev.stepFastS = ev.stepSlowS = stepS;
    ev.paramsTotal = totalParams(plan.model);
    const RunForecast f = forecastRun(plan, ev);
    return { f.hasBudget, f.hasPrice, f.wallS.point, f.cost.point };
}

} // namespace plait
