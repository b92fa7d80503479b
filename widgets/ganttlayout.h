#pragma once

#include "gantttheme.h"
#include "timeline.h"

#include <QString>
#include <memory>
#include <vector>

namespace plait::widgets {

// One block of lanes in the Gantt: a predicted or measured timeline, or one schedule of a comparison.
struct GanttSection {
    QString title; // heading drawn above the lanes, with the section's figures
    std::shared_ptr<const Timeline> timeline;
};

// One row of the Gantt, top to bottom: a section's heading, a group's heading (a node) or a lane.
struct GanttRow {
    static constexpr int kSectionHeading = -1, kGroupHeading = -2;
    int section = 0;
    int lane = kSectionHeading; // the lane's index in its timeline, or one of the headings
    QString heading;
    int y = 0, height = 0; // content pixels, from the top of the first row
    bool isLane() const { return lane >= 0; }
};

// The rows of these sections, in order: a section's heading when it has a title (or there are several), a group
// heading where the group changes (when a timeline has more than one), each lane (thin ones narrower).
std::vector<GanttRow> layoutGanttRows(const std::vector<GanttSection>& sections, const GanttTheme& theme);
int contentHeight(const std::vector<GanttRow>& rows);
// The row at content pixel y, or null.
const GanttRow* rowAt(const std::vector<GanttRow>& rows, int y);

} // namespace plait::widgets
