#pragma once
// The design-review report (issue 18 A): for each plan its name and description, model, cluster and recipe, the
// key figures with their ranges, the topology, memory, communication and one step's timeline as the window draws
// them, the training run's time, cost and failures, the advisor's findings with their numbers, and every rate the
// evaluation used with its source. Two plans compared get a first page of A against B with the differences marked.
#include "advisor.h"
#include "analysis.h"

#include <QString>
#include <memory>
#include <vector>

namespace plait::app {

struct ReportPlan {
    std::shared_ptr<const Analysis> analysis;
    std::vector<Advice> advice; // the advisor's findings for it (empty when there are none)
    std::string description; // what the plan's file says it is for (its PlanDocument), or empty
};

enum class Paper { A4, Letter };

// Writes the report as a PDF (landscape pages, vector: text stays text, fonts embedded) or as one self-contained
// HTML file (pictures inline as SVG), by the file's suffix, atomically. False with the reason otherwise.
bool writeReport(const std::vector<ReportPlan>& plans, Paper paper, const QString& path, QString* error);

} // namespace plait::app
