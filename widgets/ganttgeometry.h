#pragma once

#include "ganttlayout.h"
#include "ganttlod.h"
#include "timeaxis.h"

#include <QFont>
#include <QPoint>
#include <QStaticText>
#include <vector>

namespace plait::widgets {

// What drawing a section needs, derived once when the sections are set.
struct GanttSectionData {
    std::vector<LaneIndex> index; // per lane
    TimelineFigures figures;
    double begin = 0, end = 0; // extent
    bool empty = true;
};

// A lane as pixels, neutral to the output (after Qt Creator's tracing geometry): what the painters replay. x is
// from the plot's left edge, y from the row's top.
struct LaneGeometry {
    int barTop = 0, barHeight = 0;
    int idleX0 = 0, idleX1 = 0; // the hatched pipeline window of a compute lane; none when idleX1 <= idleX0
    std::vector<Run> runs; // the level of detail of the spans (ganttlod.h)
    std::vector<int> separators; // x of the thin line left of each op wide enough to show
    struct Label {
        QPoint at; // top-left of the text
        const QStaticText* text = nullptr; // the span's name, laid out once per section and font
        bool dark = false; // black on a light hue, else white
    };
    std::vector<Label> labels; // micro-batch numbers on ops wide enough to hold them
};

// The sections' geometry, computed for a lane the first time it is drawn in a window and kept until the window,
// its width, the sections or the font change: a repaint that only scrolls, selects or hovers builds nothing.
class GanttGeometry {
public:
    void setSections(const std::vector<GanttSection>& sections, const QFont& font);
    void setFont(const QFont& font);

    std::size_t sectionCount() const { return m_sections.size(); }
    const GanttSectionData& section(std::size_t i) const { return m_sections[i]; }
    double begin() const; // earliest start of any section, 0 when all are empty
    double end() const; // latest end, 1 when all are empty

    const LaneGeometry& lane(const GanttRow& row, const TimeWindow& window);
    long long lanesBuilt() const { return m_built; } // how many lane geometries were computed, for tests

private:
    struct Cached {
        LaneGeometry geometry;
        long long stamp = -1;
    };
    void build(LaneGeometry& g, const GanttRow& row, const TimeWindow& window);
    const QStaticText& name(std::size_t section, std::uint32_t name);

    const std::vector<GanttSection>* m_source = nullptr;
    std::vector<GanttSectionData> m_sections;
    std::vector<std::vector<Cached>> m_lanes; // [section][lane]
    std::vector<std::vector<QStaticText>> m_names; // [section][name index], laid out on first use
    QFont m_font;
    TimeWindow m_key { 0, 0, 0 }; // the window the cached geometry is of
    long long m_stamp = 0, m_built = 0;
};

} // namespace plait::widgets
