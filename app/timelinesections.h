#pragma once

#include "analysis.h"
#include "chrometrace.h"
#include "ganttview.h"
#include "jobprofile.h"
#include "plan.h"
#include "predictedtimeline.h"

#include <QString>
#include <vector>

namespace plait::app {

// What the Gantt shows, shared by the window and `plait render --view gantt`.
enum class TimelineMode { Predicted, Schedules, PredictedAgainstTrace };

struct TimelineContent {
    std::vector<widgets::GanttSection> sections;
    QString figures; // rich text under the view: the comparison, or the schedule table
};

// The predicted step of the analysed plan.
TimelineContent predictedContent(const Analysis& analysis);
// The plan under each schedule (studySchedules), stacked, with bubble, peak activation memory and peak memory.
TimelineContent scheduleContent(std::vector<ScheduleStudy> schedules);
// The prediction above a measured (or any) trace, with the difference in step time and bubble per stage; with a job
// profile's measured stages, where each stage's step went (kernel classes, collectives, idle) measured beside
// predicted.
TimelineContent comparisonContent(const Analysis& analysis, std::shared_ptr<const TraceRead> trace,
    const QString& traceName, const std::vector<MeasuredStage>& stages = {});

} // namespace plait::app
