#include "analysis.h"

#include "evaluate.h"
#include "predictedtimeline.h"
#include "range.h"

namespace plait {

Analysis analyze(std::shared_ptr<const Plan> plan, bool preview)
{
    Analysis a;
    a.preview = preview;
    Evaluation ev = evaluate(*plan);
    addStepRange(*plan, ev);
    if (ev.valid) {
        a.groups = std::make_shared<const GroupSet>(buildGroups(*plan));
        a.timeline = std::make_shared<const Timeline>(predictedTimeline(ev, *plan));
        a.run = std::make_shared<const RunForecast>(forecastRun(*plan, ev));
    }
    a.evaluation = std::make_shared<const Evaluation>(std::move(ev));
    a.plan = std::move(plan);
    return a;
}

} // namespace plait
