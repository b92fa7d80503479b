#pragma once

#include "evaluation.h"
#include "groups.h"
#include "plan.h"
#include "runforecast.h"
#include "stepclasses.h"
#include "timeline.h"

#include <memory>

namespace plait {

// Everything the views show of one plan, computed once per edit and shared read-only: the plan itself (so no view
// pairs an evaluation with another plan), its evaluation with the step-time range, its parallel groups and its
// predicted timeline. Groups and timeline are null when the plan is not valid.
struct Analysis {
    std::shared_ptr<const Plan> plan;
    std::shared_ptr<const Evaluation> evaluation;
    std::shared_ptr<const GroupSet> groups;
    std::shared_ptr<const Timeline> timeline;
    std::shared_ptr<const RunForecast> run; // the training run's time, cost and failures (null when not valid)
    // The step by kernel class per stage, what a job's profile is set beside (null when not valid).
    std::shared_ptr<const PredictedBreakdown> breakdown;
    bool preview = false; // a drag preview, not the document's plan: views that act on the plan ignore it
};

// The analysis of a plan: one evaluate() call, plus the range's two end evaluations (Figures detail).
Analysis analyze(std::shared_ptr<const Plan> plan, bool preview = false);

} // namespace plait
