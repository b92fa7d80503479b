#include "ganttlayout.h"

#include "lanetext.h"

#include <algorithm>

namespace plait::widgets {

std::vector<GanttRow> layoutGanttRows(const std::vector<GanttSection>& sections, const GanttTheme& theme)
{
    std::vector<GanttRow> rows;
    int y = 0;
    for (std::size_t si = 0; si < sections.size(); ++si) {
        const GanttSection& s = sections[si];
        if (!s.title.isEmpty() || sections.size() > 1) {
            rows.push_back({ int(si), GanttRow::kSectionHeading, s.title, y, theme.headingHeight });
            y += theme.headingHeight;
        }
        if (!s.timeline)
            continue;
        const auto& lanes = s.timeline->lanes;
        const bool severalGroups
            = std::any_of(lanes.begin(), lanes.end(), [&](const Lane& l) { return l.group != lanes.front().group; });
        for (std::size_t li = 0; li < lanes.size(); ++li) {
            if (severalGroups && (li == 0 || lanes[li].group != lanes[li - 1].group)) {
                rows.push_back({ int(si), GanttRow::kGroupHeading, laneText(lanes[li].groupLabel, lanes[li].group), y,
                    theme.groupHeight });
                y += theme.groupHeight;
            }
            const int h = lanes[li].thin ? theme.thinHeight : theme.laneHeight;
            rows.push_back({ int(si), int(li), QString(), y, h });
            y += h;
        }
        y += 6; // a gap between sections
    }
    return rows;
}

int contentHeight(const std::vector<GanttRow>& rows)
{
    return rows.empty() ? 0 : rows.back().y + rows.back().height;
}

const GanttRow* rowAt(const std::vector<GanttRow>& rows, int y)
{
    auto it = std::upper_bound(rows.begin(), rows.end(), y, [](int v, const GanttRow& r) { return v < r.y; });
    if (it == rows.begin())
        return nullptr;
    --it;
    return y < it->y + it->height ? &*it : nullptr;
}

} // namespace plait::widgets
