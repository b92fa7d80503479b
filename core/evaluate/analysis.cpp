#include "analysis.h"

#include "evaluate.h"
#include "evaluationmemo.h"
#include "predictedtimeline.h"
#include "range.h"

namespace plait {

Analysis analyze(std::shared_ptr<const Plan> plan, bool preview)
{
    Analysis a;
    a.preview = preview;
    // The point and the range's two ends are three evaluations at other compute rates; they share one set of groups
    // and op lists, which the analysis keeps.
    EvaluationMemo memo;
    Evaluation ev = evaluate(*plan, EvaluationDetail::Full, &memo);
    addStepRange(*plan, ev, &memo);
    if (ev.valid) {
        a.groups = memo.groups(*plan);
        a.timeline = std::make_shared<const Timeline>(predictedTimeline(ev, *plan));
        a.run = std::make_shared<const RunForecast>(forecastRun(*plan, ev));
        a.breakdown = std::make_shared<const PredictedBreakdown>(predictedBreakdown(*plan, ev));
    }
    a.evaluation = std::make_shared<const Evaluation>(std::move(ev));
    a.plan = std::move(plan);
    return a;
}

} // namespace plait
