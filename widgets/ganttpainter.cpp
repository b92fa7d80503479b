#include "ganttpainter.h"

#include "lanetext.h"

#include <QCoreApplication>
#include <QPaintEngine>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace plait::widgets {

namespace {
bool raster(const QPainter& p)
{
    return p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster;
}
}

void GanttPainter::paint(QPainter& p, QSize size, const GanttFrame& frame, GanttGeometry& geometry)
{
    const int header = m_theme.headerWidth, top = m_theme.top();
    const int plotWidth = std::max(1, size.width() - header);
    p.fillRect(QRect(QPoint(0, 0), size), m_theme.background);
    if (frame.sections->empty()) {
        p.setPen(frame.placeholderText);
        p.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter | Qt::TextWordWrap,
            QCoreApplication::translate(
                "plait::widgets::GanttView", "No timeline: the plan is not valid, or nothing is loaded."));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setFont(frame.font);
    // Lanes, clipped below the ruler.
    p.save();
    p.setClipRect(QRect(0, top, size.width(), size.height() - top));
    const TimeWindow& w = frame.window;
    p.setPen(m_theme.grid); // major grid lines behind everything
    for (const Tick& t : timeTicks(w))
        if (t.major) {
            const int x = header + int(std::round(w.toX(t.time)));
            p.drawLine(x, top, x, size.height());
        }
    const std::vector<GanttRow>& rows = *frame.rows;
    const int firstY = frame.scroll, lastY = frame.scroll + size.height() - top;
    auto it = std::upper_bound(rows.begin(), rows.end(), firstY, [](int v, const GanttRow& r) { return v < r.y; });
    if (it != rows.begin())
        --it;
    for (; it != rows.end() && it->y < lastY; ++it)
        paintRow(p, frame, geometry, *it, top + it->y - frame.scroll);
    paintFlows(p, size, frame);
    if (frame.bandX0 != frame.bandX1) {
        const int a = std::min(frame.bandX0, frame.bandX1), b = std::max(frame.bandX0, frame.bandX1);
        QColor fill = m_theme.band;
        fill.setAlpha(40);
        p.fillRect(QRect(a, top, b - a, size.height() - top), fill);
        p.setPen(m_theme.band);
        p.drawLine(a, top, a, size.height());
        p.drawLine(b, top, b, size.height());
    }
    p.restore();
    paintRuler(p, frame, header + plotWidth);
}

void GanttPainter::paintRow(QPainter& p, const GanttFrame& frame, GanttGeometry& geometry, const GanttRow& row, int top)
{
    const int header = m_theme.headerWidth, plotWidth = int(frame.window.width), w = header + plotWidth;
    if (row.lane == GanttRow::kSectionHeading) {
        p.fillRect(0, top, w, row.height, m_theme.headingBackground);
        QFont bold = frame.font;
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(Qt::black);
        p.drawText(QRect(6, top, w - 12, row.height), Qt::AlignVCenter | Qt::AlignLeft, row.heading);
        p.setFont(frame.font);
        return;
    }
    if (row.lane == GanttRow::kGroupHeading) { // a node
        QFont small = frame.font;
        small.setPointSizeF(small.pointSizeF() * 0.85);
        p.setFont(small);
        p.setPen(m_theme.caption);
        p.drawText(QRect(6, top, header - 8, row.height), Qt::AlignBottom | Qt::AlignLeft, row.heading);
        p.setPen(m_theme.groupLine);
        p.drawLine(header, top + row.height - 1, w, top + row.height - 1);
        p.setFont(frame.font);
        return;
    }
    const LaneGeometry& g = geometry.lane(row, frame.window);
    paintHeader(p, frame, row, geometry.section(std::size_t(row.section)).figures.lanes[std::size_t(row.lane)], top);
    p.save();
    p.setClipRect(QRect(header, top, plotWidth, row.height), Qt::IntersectClip);
    p.translate(header, 0);
    paintIdle(p, g, top, plotWidth);
    paintRuns(p, g, top, plotWidth);
    if (!g.separators.empty()) {
        QVector<QLine> lines;
        lines.reserve(qsizetype(g.separators.size()));
        for (int x : g.separators)
            lines.append(QLine(x, top + g.barTop, x, top + g.barTop + g.barHeight - 1));
        p.setPen(m_theme.separator);
        p.drawLines(lines);
    }
    // Ops that ran overlapped as one unit share one dark outline (as DeepSeek draws DualPipe's F&B pairs), once the
    // view is close enough to show each op apart.
    const std::vector<Span>& spans
        = (*frame.sections)[std::size_t(row.section)].timeline->lanes[std::size_t(row.lane)].spans;
    for (const Run& r : g.runs) {
        if (r.count != 1 || spans[std::size_t(r.first)].overlap != 1)
            continue;
        std::size_t last = std::size_t(r.first);
        while (last + 1 < spans.size() && spans[last + 1].overlap == 2)
            ++last;
        const int x1 = int(std::ceil(std::clamp(frame.window.toX(spans[last].end), -4.0, plotWidth + 4.0)));
        if (x1 - r.x0 < 6)
            continue;
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(m_theme.pairOutline, 1.5));
        p.drawRect(QRectF(r.x0 + 0.75, top + g.barTop + 0.75, x1 - r.x0 - 1.5, g.barHeight - 1.5));
    }
    for (const bool dark : { false, true }) {
        p.setPen(dark ? Qt::black : Qt::white);
        for (const LaneGeometry::Label& label : g.labels)
            if (label.dark == dark)
                p.drawStaticText(label.at + QPoint(0, top), *label.text);
    }
    if (frame.selectedRow == &row && frame.selectedSpan >= 0) {
        const Span& s
            = (*frame.sections)[std::size_t(row.section)].timeline->lanes[std::size_t(row.lane)].spans[std::size_t(
                frame.selectedSpan)];
        const int x0 = int(std::floor(std::clamp(frame.window.toX(s.start), -4.0, plotWidth + 4.0)));
        const int x1 = std::max(x0 + 1, int(std::ceil(std::clamp(frame.window.toX(s.end), -4.0, plotWidth + 4.0))));
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(Qt::black, 2));
        p.drawRect(QRect(x0, top + g.barTop, x1 - x0, g.barHeight));
    }
    p.restore();
}

void GanttPainter::paintHeader(
    QPainter& p, const GanttFrame& frame, const GanttRow& row, const LaneFigures& figures, int top)
{
    // The lane's name, and for compute lanes the idle total.
    const int header = m_theme.headerWidth;
    const Lane& lane = (*frame.sections)[std::size_t(row.section)].timeline->lanes[std::size_t(row.lane)];
    if (!lane.thin) {
        const QFontMetrics fm(frame.font);
        const QString idle = figures.compute
            ? QCoreApplication::translate("plait::widgets::GanttView", "idle %1").arg(formatDuration(figures.idleS))
            : QString();
        const int idleWidth = idle.isEmpty() ? 0 : fm.horizontalAdvance(idle) + 8;
        p.setPen(Qt::black);
        p.drawText(QRect(6, top, header - 12 - idleWidth, row.height), Qt::AlignVCenter | Qt::AlignLeft,
            fm.elidedText(laneText(lane.label, lane.name), Qt::ElideRight, header - 12 - idleWidth));
        if (!idle.isEmpty()) {
            p.setPen(m_theme.idleText);
            p.drawText(QRect(0, top, header - 6, row.height), Qt::AlignVCenter | Qt::AlignRight, idle);
        }
    }
    p.setPen(m_theme.headerLine);
    p.drawLine(header - 1, top, header - 1, top + row.height);
}

void GanttPainter::paintIdle(QPainter& p, const LaneGeometry& g, int top, int plotWidth)
{
    if (g.idleX1 <= g.idleX0)
        return;
    const QRect area(g.idleX0, top + g.barTop, g.idleX1 - g.idleX0, g.barHeight);
    if (!raster(p)) {
        p.fillRect(area, m_theme.idle);
        p.fillRect(area, QBrush(m_theme.idleHatch, Qt::BDiagPattern));
        return;
    }
    // The hatch is drawn once per size and copied: pattern fills are slow in the rasterizer.
    if (m_hatch.width() < plotWidth + 4 || m_hatch.height() != g.barHeight) {
        m_hatch = QImage(plotWidth + 4, g.barHeight, QImage::Format_ARGB32_Premultiplied);
        m_hatch.fill(m_theme.idle);
        QPainter hp(&m_hatch);
        hp.fillRect(m_hatch.rect(), QBrush(m_theme.idleHatch, Qt::BDiagPattern));
    }
    p.drawImage(area.topLeft(), m_hatch, QRect(std::max(0, g.idleX0 + 2) % 8, 0, area.width(), g.barHeight));
}

void GanttPainter::paintRuns(QPainter& p, const LaneGeometry& g, int top, int plotWidth)
{
    if (raster(p)) {
        // On screen: the runs are whole pixels, so they go into one row of pixels, stretched to the bar's height
        // in a single blit (the rasterizer's cost then no longer grows with the number of runs).
        if (m_row.width() != plotWidth)
            m_row = QImage(plotWidth, 1, QImage::Format_ARGB32_Premultiplied);
        m_row.fill(Qt::transparent);
        auto* px = reinterpret_cast<QRgb*>(m_row.scanLine(0));
        for (const Run& r : g.runs) {
            const QRgb c = spanColor(r.kind).rgba();
            for (int x = std::max(0, r.x0), end = std::min(plotWidth, r.x1); x < end; ++x)
                px[x] = c;
        }
        p.drawImage(QRect(0, top + g.barTop, plotWidth, g.barHeight), m_row);
        return;
    }
    // Vector output (SVG, PDF): rectangles, batched by colour.
    std::vector<QRect> byKind[kSpanKinds];
    for (const Run& r : g.runs)
        byKind[int(r.kind)].emplace_back(r.x0, top + g.barTop, r.x1 - r.x0, g.barHeight);
    p.setPen(Qt::NoPen);
    for (int k = 0; k < kSpanKinds; ++k)
        if (!byKind[k].empty()) {
            p.setBrush(spanColor(SpanKind(k)));
            p.drawRects(byKind[k].data(), int(byKind[k].size()));
        }
}

void GanttPainter::paintFlows(QPainter& p, QSize size, const GanttFrame& frame)
{
    // Arrows only once zoomed in enough to follow them: per section, one per 25 pixels of width at most.
    const int header = m_theme.headerWidth, top = m_theme.top(), plotWidth = int(frame.window.width);
    const TimeWindow& w = frame.window;
    const std::vector<GanttRow>& rows = *frame.rows;
    const std::size_t maxArrows = std::size_t(std::max(4, plotWidth / 25));
    std::vector<std::pair<QPointF, QPointF>> arrows;
    std::vector<int> rowOfLane;
    for (std::size_t si = 0; si < frame.sections->size(); ++si) {
        const Timeline* t = (*frame.sections)[si].timeline.get();
        if (!t || t->flows.empty())
            continue;
        rowOfLane.assign(t->lanes.size(), -1);
        for (std::size_t r = 0; r < rows.size(); ++r)
            if (rows[r].section == int(si) && rows[r].isLane())
                rowOfLane[std::size_t(rows[r].lane)] = int(r);
        const std::size_t before = arrows.size();
        for (const Flow& f : t->flows) {
            if (f.toTime < w.start || f.fromTime > w.end)
                continue;
            if (arrows.size() - before > maxArrows) {
                arrows.resize(before); // too dense to read: none for this section
                break;
            }
            const int ra = rowOfLane[std::size_t(f.fromLane)], rb = rowOfLane[std::size_t(f.toLane)];
            if (ra < 0 || rb < 0)
                continue;
            const GanttRow& a = rows[std::size_t(ra)];
            const GanttRow& b = rows[std::size_t(rb)];
            const double ya = top + a.y - frame.scroll + a.height / 2.0, yb = top + b.y - frame.scroll + b.height / 2.0;
            arrows.push_back({ QPointF(header + w.toX(f.fromTime), ya), QPointF(header + w.toX(f.toTime), yb) });
        }
    }
    if (arrows.empty())
        return;
    p.save();
    p.setClipRect(QRect(header, top, plotWidth, size.height() - top), Qt::IntersectClip);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(m_theme.flow, 1.2));
    p.setBrush(m_theme.flow);
    for (const auto& [a, b] : arrows) {
        p.drawLine(a, b);
        const QPointF d = b - a;
        const double len = std::hypot(d.x(), d.y());
        if (len < 6)
            continue;
        const QPointF u = d / len, n(-u.y(), u.x());
        const QPointF tip = b, base = b - 6 * u;
        p.drawPolygon(QPolygonF({ tip, base + 3 * n, base - 3 * n }));
    }
    p.restore();
}

void GanttPainter::paintRuler(QPainter& p, const GanttFrame& frame, int width)
{
    const int header = m_theme.headerWidth, ruler = m_theme.rulerHeight, top = m_theme.top();
    const TimeWindow& w = frame.window;
    p.fillRect(0, 0, width, top, m_theme.rulerBackground);
    p.setPen(m_theme.rulerLine);
    p.drawLine(0, ruler - 1, width, ruler - 1);
    p.drawLine(0, top - 1, width, top - 1);
    const QFontMetrics fm(frame.font);
    for (const Tick& t : timeTicks(w)) {
        const int x = header + int(std::round(w.toX(t.time)));
        p.setPen(m_theme.tick);
        p.drawLine(x, ruler - (t.major ? 8 : 4), x, ruler - 1);
        if (t.major && x + 3 + fm.horizontalAdvance(t.label) <= width) { // a label cut by the edge is left out
            p.setPen(Qt::black);
            p.drawText(x + 3, ruler - 9, t.label);
        }
    }
    p.fillRect(0, 0, header - 1, ruler - 1, m_theme.rulerBackground);
    p.setPen(m_theme.caption);
    p.drawText(QRect(6, 0, header - 12, ruler - 1), Qt::AlignVCenter | Qt::AlignLeft,
        QCoreApplication::translate("plait::widgets::GanttView", "%1 across").arg(formatDuration(w.span())));
    // Legend: what each colour means.
    int x = 6;
    const int y = ruler + 3, box = m_theme.legendHeight - 8;
    auto item = [&](const QBrush& brush, const QColor& base, const QString& label) {
        p.fillRect(x, y + 1, box, box, base);
        p.fillRect(x, y + 1, box, box, brush);
        p.setPen(Qt::black);
        p.drawText(x + box + 4, y + box, label);
        x += box + 12 + fm.horizontalAdvance(label);
    };
    for (int k = 0; k < kSpanKinds; ++k)
        item(QBrush(spanColor(SpanKind(k))), spanColor(SpanKind(k)), spanKindLabel(SpanKind(k)));
    item(QBrush(m_theme.idleHatch, Qt::BDiagPattern), m_theme.idle,
        QCoreApplication::translate("plait::widgets::GanttView", "idle (bubble)"));
}

} // namespace plait::widgets
