#pragma once
// The design-review report (issue 18 A): for each plan its name and description, model, cluster and recipe, the
// key figures with their ranges, the topology, memory, communication and one step's timeline as the window draws
// them (beside a measured trace or a job's profile, with where the step went measured against predicted, when given),
// the training run's time, cost and failures, the advisor's findings with their numbers, and every rate the evaluation
// used with its source. Two plans compared get a first page of A against B with the differences marked.
#include "advisor.h"
#include "analysis.h"
#include "chrometrace.h"
#include "jobprofile.h"

#include <QString>
#include <memory>
#include <vector>

namespace plait::app {

struct ReportPlan {
    std::shared_ptr<const Analysis> analysis;
    std::vector<Advice> advice; // the advisor's findings for it (empty when there are none)
    std::string description; // what the plan's file says it is for (its PlanDocument), or empty
    // A measured trace or a job's profile the timeline page draws beside the prediction (null: the prediction alone),
    // with a job profile's measured stages for the breakdown beside the predicted one.
    std::shared_ptr<const TraceRead> trace;
    QString traceName;
    std::vector<MeasuredStage> traceStages;
};

enum class Paper { A4, Letter };

// Writes the report as a PDF (landscape pages, vector: text stays text, fonts embedded) or as one self-contained
// HTML file (pictures inline as SVG), by the file's suffix, atomically. False with the reason otherwise.
bool writeReport(const std::vector<ReportPlan>& plans, Paper paper, const QString& path, QString* error);

} // namespace plait::app
