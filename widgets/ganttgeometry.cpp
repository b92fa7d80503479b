#include "ganttgeometry.h"

#include "gantttheme.h"

#include <algorithm>
#include <cmath>

namespace plait::widgets {

void GanttGeometry::setSections(const std::vector<GanttSection>& sections, const QFont& font)
{
    m_source = &sections;
    m_font = font;
    m_sections.clear();
    m_lanes.clear();
    m_names.clear();
    for (const GanttSection& s : sections) {
        GanttSectionData d;
        std::size_t names = 0;
        if (s.timeline) {
            for (const Lane& l : s.timeline->lanes)
                d.index.push_back(indexLane(l.spans));
            d.figures = timelineFigures(*s.timeline);
            d.begin = s.timeline->begin();
            d.end = s.timeline->end();
            d.empty = s.timeline->spanCount() == 0;
            names = s.timeline->names.size();
        }
        m_lanes.emplace_back(d.index.size());
        m_names.emplace_back(names);
        m_sections.push_back(std::move(d));
    }
    ++m_stamp;
}

void GanttGeometry::setFont(const QFont& font)
{
    if (font == m_font)
        return;
    m_font = font;
    for (auto& names : m_names)
        std::fill(names.begin(), names.end(), QStaticText());
    ++m_stamp;
}

double GanttGeometry::begin() const
{
    double t = INFINITY;
    for (const GanttSectionData& d : m_sections)
        if (!d.empty)
            t = std::min(t, d.begin);
    return std::isfinite(t) ? t : 0;
}

double GanttGeometry::end() const
{
    double t = -INFINITY;
    for (const GanttSectionData& d : m_sections)
        if (!d.empty)
            t = std::max(t, d.end);
    return std::isfinite(t) ? t : 1;
}

const LaneGeometry& GanttGeometry::lane(const GanttRow& row, const TimeWindow& window)
{
    if (window.start != m_key.start || window.end != m_key.end || window.width != m_key.width) {
        m_key = window;
        ++m_stamp;
    }
    Cached& c = m_lanes[std::size_t(row.section)][std::size_t(row.lane)];
    if (c.stamp != m_stamp) {
        build(c.geometry, row, window);
        c.stamp = m_stamp;
        ++m_built;
    }
    return c.geometry;
}

const QStaticText& GanttGeometry::name(std::size_t section, std::uint32_t index)
{
    QStaticText& text = m_names[section][index];
    if (text.text().isNull()) {
        text.setText(QString::fromStdString((*m_source)[section].timeline->names[index]));
        text.setTextFormat(Qt::PlainText);
        text.prepare(QTransform(), m_font);
    }
    return text;
}

void GanttGeometry::build(LaneGeometry& g, const GanttRow& row, const TimeWindow& window)
{
    const std::size_t si = std::size_t(row.section), li = std::size_t(row.lane);
    const GanttSectionData& data = m_sections[si];
    const Lane& lane = (*m_source)[si].timeline->lanes[li];
    const int plotWidth = int(window.width);
    g.barTop = lane.thin ? 1 : 2;
    g.barHeight = row.height - (lane.thin ? 2 : 4);
    g.idleX0 = g.idleX1 = 0;
    g.runs.clear();
    g.separators.clear();
    g.labels.clear();
    // Idle time in the pipeline part of the step, shaded so bubbles read at a glance.
    if (data.figures.lanes[li].compute) {
        const double b = data.begin, e = b + data.figures.pipelineS;
        g.idleX0 = int(std::floor(std::clamp(window.toX(b), -2.0, plotWidth + 2.0)));
        g.idleX1 = int(std::ceil(std::clamp(window.toX(e), -2.0, plotWidth + 2.0)));
    }
    foldRuns(lane.spans, data.index[li], window, g.runs);
    if (lane.thin)
        return;
    // Names (micro-batch numbers) on ops wide enough to hold them; a thin separator left of each such op.
    for (const Run& r : g.runs) {
        if (r.count != 1 || r.x1 - r.x0 < 14)
            continue;
        const Span& s = lane.spans[std::size_t(r.first)];
        g.separators.push_back(r.x0);
        const QStaticText& text = name(si, s.name);
        const QSizeF size = text.size();
        if (size.width() + 4 > r.x1 - r.x0)
            continue;
        g.labels.push_back(
            { QPoint(r.x0 + int((r.x1 - r.x0 - size.width()) / 2), g.barTop + int((g.barHeight - size.height()) / 2)),
                &text, darkLabelOn(s.kind) });
    }
}

} // namespace plait::widgets
