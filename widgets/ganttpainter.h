#pragma once

#include "ganttgeometry.h"
#include "ganttlayout.h"
#include "gantttheme.h"
#include "timeaxis.h"

#include <QFont>
#include <QImage>
#include <QPainter>
#include <QSize>

namespace plait::widgets {

// What one picture of the Gantt shows: the rows, the window of time, where the rows are scrolled to, the selection.
struct GanttFrame {
    const std::vector<GanttSection>* sections = nullptr;
    const std::vector<GanttRow>* rows = nullptr;
    TimeWindow window;
    int scroll = 0; // content pixels above the first row shown
    const GanttRow* selectedRow = nullptr;
    int selectedSpan = -1;
    int bandX0 = 0, bandX1 = 0; // a Shift-drag selection in widget pixels; none when equal
    QFont font;
    QColor placeholderText;
};

// Replays the cached geometry onto a painter: on screen (raster) the runs of a lane go into one row of pixels
// stretched to the bar's height, in vector output (SVG, PDF) they are rectangles batched by colour. Then the
// p2p arrows and the ruler with the legend.
class GanttPainter {
public:
    explicit GanttPainter(const GanttTheme& theme = ganttTheme())
        : m_theme(theme)
    {
    }
    void paint(QPainter& p, QSize size, const GanttFrame& frame, GanttGeometry& geometry);

private:
    void paintRow(QPainter& p, const GanttFrame& frame, GanttGeometry& geometry, const GanttRow& row, int top);
    void paintHeader(QPainter& p, const GanttFrame& frame, const GanttRow& row, const LaneFigures& figures, int top);
    void paintIdle(QPainter& p, const LaneGeometry& g, int top, int plotWidth);
    void paintRuns(QPainter& p, const LaneGeometry& g, int top, int plotWidth);
    void paintFlows(QPainter& p, QSize size, const GanttFrame& frame);
    void paintRuler(QPainter& p, const GanttFrame& frame, int width);

    const GanttTheme& m_theme;
    QImage m_row; // one lane's pixels, reused between lanes
    QImage m_hatch; // the idle shading, drawn once per size
};

} // namespace plait::widgets
