#include "ganttview.h"

#include "text.h"

#include "format.h"
#include "lanetext.h"

#include <QElapsedTimer>
#include <QHelpEvent>
#include <QLoggingCategory>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QStaticText>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

Q_LOGGING_CATEGORY(lcGantt, "plait.gantt", QtWarningMsg)

namespace plait::widgets {

namespace {
constexpr int kRulerHeight = 24, kLegendHeight = 20, kHeadingHeight = 22, kGroupHeight = 16, kLaneHeight = 22,
              kThinHeight = 8;
constexpr int kTop = kRulerHeight + kLegendHeight;

// Okabe–Ito hues, one meaning each; the same in every picture.
QColor kindColor(SpanKind k)
{
    switch (k) {
    case SpanKind::Forward:
        return { 0x00, 0x72, 0xB2 };
    case SpanKind::BackwardInput:
        return { 0x00, 0x9E, 0x73 };
    case SpanKind::BackwardWeight:
        return { 0xD4, 0xB8, 0x00 };
    case SpanKind::Recompute:
        return { 0xCC, 0x79, 0xA7 };
    case SpanKind::SendRecv:
        return { 0x56, 0xB4, 0xE9 };
    case SpanKind::Collective:
        return { 0xD5, 0x5E, 0x00 };
    case SpanKind::Optimizer:
        return { 0xE6, 0x9F, 0x00 };
    case SpanKind::Other:
        break;
    }
    return { 0x88, 0x88, 0x88 };
}
bool darkText(SpanKind k)
{
    return k == SpanKind::BackwardWeight || k == SpanKind::SendRecv || k == SpanKind::Optimizer;
}
QString kindLabel(SpanKind k)
{
    switch (k) {
    case SpanKind::Forward:
        return GanttView::tr("forward");
    case SpanKind::BackwardInput:
        return GanttView::tr("backward");
    case SpanKind::BackwardWeight:
        return GanttView::tr("weight grad");
    case SpanKind::Recompute:
        return GanttView::tr("recompute");
    case SpanKind::SendRecv:
        return GanttView::tr("send/recv");
    case SpanKind::Collective:
        return GanttView::tr("collective");
    case SpanKind::Optimizer:
        return GanttView::tr("optimizer");
    case SpanKind::Other:
        break;
    }
    return GanttView::tr("other");
}
const QColor kIdle(0xEC, 0xEC, 0xEC);
const QColor kIdleHatch(0xC8, 0xC8, 0xC8);
}

GanttView::GanttView(QWidget* parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(320, 160);
}

void GanttView::clear()
{
    setSections({});
}

void GanttView::setSections(std::vector<GanttSection> sections)
{
    const bool hadContent = !m_sections.empty();
    const double oldBegin = timelineBegin(), oldEnd = timelineEnd();
    m_sections = std::move(sections);
    m_cache.clear();
    for (const GanttSection& s : m_sections) {
        SectionCache c;
        if (s.timeline) {
            for (const Lane& l : s.timeline->lanes)
                c.index.push_back(indexLane(l.spans));
            c.figures = timelineFigures(*s.timeline);
            c.begin = s.timeline->begin();
            c.end = s.timeline->end();
            c.empty = s.timeline->spanCount() == 0;
            c.names.resize(s.timeline->names.size());
        }
        m_cache.push_back(std::move(c));
    }
    m_selectedRow = m_selectedSpan = -1;
    layoutRows();
    // Keep the zoom across re-evaluations of the same plan; show everything when the extent changed.
    if (!hadContent || std::abs(oldEnd - timelineEnd()) > 1e-9 * std::max(1.0, oldEnd) || oldBegin != timelineBegin())
        resetZoom();
    else
        update();
}

double GanttView::timelineBegin() const
{
    double t = INFINITY;
    for (const SectionCache& c : m_cache)
        if (!c.empty)
            t = std::min(t, c.begin);
    return std::isfinite(t) ? t : 0;
}

double GanttView::timelineEnd() const
{
    double t = -INFINITY;
    for (const SectionCache& c : m_cache)
        if (!c.empty)
            t = std::max(t, c.end);
    return std::isfinite(t) ? t : 1;
}

void GanttView::layoutRows()
{
    m_rows.clear();
    int y = 0;
    for (std::size_t si = 0; si < m_sections.size(); ++si) {
        const GanttSection& s = m_sections[si];
        if (!s.title.isEmpty() || m_sections.size() > 1) {
            m_rows.push_back({ int(si), -1, s.title, y, kHeadingHeight });
            y += kHeadingHeight;
        }
        if (!s.timeline)
            continue;
        const auto& lanes = s.timeline->lanes;
        bool severalGroups = false;
        for (const Lane& l : lanes)
            severalGroups = severalGroups || l.group != lanes.front().group;
        std::string group;
        for (std::size_t li = 0; li < lanes.size(); ++li) {
            if (severalGroups && (li == 0 || lanes[li].group != group)) {
                group = lanes[li].group;
                m_rows.push_back({ int(si), -2, laneText(group), y, kGroupHeight });
                y += kGroupHeight;
            }
            const int h = lanes[li].thin ? kThinHeight : kLaneHeight;
            m_rows.push_back({ int(si), int(li), QString(), y, h });
            y += h;
        }
        y += 6;
    }
}

int GanttView::contentHeight() const
{
    return m_rows.empty() ? 0 : m_rows.back().y + m_rows.back().height;
}

void GanttView::setWindow(double start, double end)
{
    TimeWindow w;
    w.start = start;
    w.end = end > start ? end : start + 1e-6;
    w.width = std::max(1, width() - m_headerWidth);
    setWindowChecked(w);
}

void GanttView::resetZoom()
{
    const double b = timelineBegin(), e = timelineEnd();
    const double margin = (e - b) * 0.01;
    setWindow(b - margin, e + margin);
}

void GanttView::setWindowChecked(TimeWindow w)
{
    w.width = std::max(1, width() - m_headerWidth);
    m_window = w.clamped(timelineBegin(), timelineEnd(), 1e-9);
    update();
    emit windowChanged();
}

void GanttView::resizeEvent(QResizeEvent*)
{
    m_window.width = std::max(1, width() - m_headerWidth);
    m_scroll = std::clamp(m_scroll, 0, std::max(0, contentHeight() - (height() - kTop)));
}

const GanttView::Row* GanttView::rowAt(int y) const
{
    const int contentY = y - kTop + m_scroll;
    if (y < kTop)
        return nullptr;
    auto it = std::upper_bound(m_rows.begin(), m_rows.end(), contentY, [](int v, const Row& r) { return v < r.y; });
    if (it == m_rows.begin())
        return nullptr;
    --it;
    return contentY < it->y + it->height ? &*it : nullptr;
}

int GanttView::spanAtPoint(QPoint pos, const Row** rowOut) const
{
    const Row* row = rowAt(pos.y());
    *rowOut = row;
    if (!row || row->lane < 0 || pos.x() < m_headerWidth)
        return -1;
    const Timeline& t = *m_sections[std::size_t(row->section)].timeline;
    const double at = m_window.toTime(pos.x() - m_headerWidth);
    return spanAt(t.lanes[std::size_t(row->lane)].spans,
        m_cache[std::size_t(row->section)].index[std::size_t(row->lane)], at, 2 * m_window.secondsPerPixel());
}

QString GanttView::details(const Row& row, int spanIndex) const
{
    const Timeline& t = *m_sections[std::size_t(row.section)].timeline;
    const Lane& lane = t.lanes[std::size_t(row.lane)];
    const Span& s = lane.spans[std::size_t(spanIndex)];
    const QString name = s.name < t.names.size() ? QString::fromStdString(t.names[s.name]) : QString();
    QString text = QStringLiteral("<b>%1</b> — %2<br>").arg(name.toHtmlEscaped(), kindLabel(s.kind));
    QStringList where { laneText(lane.name).toHtmlEscaped() };
    if (s.stage >= 0)
        where << tr("stage %1").arg(s.stage);
    if (s.microBatch >= 0)
        where << tr("micro-batch %1").arg(s.microBatch);
    if (s.chunk > 0)
        where << tr("chunk %1").arg(s.chunk);
    text += where.join(QStringLiteral(" · ")) + QStringLiteral("<br>");
    text += tr("start %1 · duration %2").arg(formatDuration(s.start), formatDuration(s.duration()));
    if (s.bytes > 0)
        text += QStringLiteral("<br>") + tr("%1 per transfer").arg(formatBytes(s.bytes));
    // Aligned by op: the same op in the other timeline (predicted against measured).
    if (m_sections.size() == 2 && isComputeKind(s.kind) && s.microBatch >= 0) {
        const int other = 1 - row.section;
        const Timeline& o = *m_sections[std::size_t(other)].timeline;
        const auto& figs = m_cache[std::size_t(other)].figures;
        const int stage
            = s.stage >= 0 ? s.stage : m_cache[std::size_t(row.section)].figures.lanes[std::size_t(row.lane)].stage;
        for (std::size_t li = 0; li < o.lanes.size(); ++li) {
            if (!figs.lanes[li].compute || figs.lanes[li].stage != stage)
                continue;
            for (const Span& m : o.lanes[li].spans)
                if (m.kind == s.kind && m.microBatch == s.microBatch
                    && std::max<int>(m.chunk, 0) == std::max<int>(s.chunk, 0)) {
                    const Span& first = row.section == 0 ? s : m; // the first section is the reference
                    const Span& second = row.section == 0 ? m : s;
                    auto label = [&](int i) {
                        const std::string& src = m_sections[std::size_t(i)].timeline->source;
                        return src.empty() ? tr("section %1").arg(i + 1)
                                           : QString::fromStdString(utf8Prefix(src, 40)).toHtmlEscaped();
                    };
                    const QString diff = first.duration() > 0
                        ? QString::asprintf("%+.1f%%", 100 * (second.duration() / first.duration() - 1))
                        : QStringLiteral("—");
                    text += QStringLiteral("<br>")
                        + tr("%1: %2, %3: %4 (%5)")
                              .arg(label(0), formatDuration(first.duration()), label(1),
                                  formatDuration(second.duration()), diff);
                    break;
                }
            break;
        }
    }
    return text;
}

QString GanttView::detailsAt(QPoint pos) const
{
    const Row* row = nullptr;
    const int span = spanAtPoint(pos, &row);
    return span >= 0 ? details(*row, span) : QString();
}

void GanttView::paintEvent(QPaintEvent*)
{
    QElapsedTimer timer;
    timer.start();
    QPainter p(this);
    paintTo(p, size());
    qCDebug(lcGantt) << "frame" << timer.nsecsElapsed() / 1e6 << "ms";
}

void GanttView::paintTo(QPainter& p, QSize size)
{
    const int plotWidth = std::max(1, size.width() - m_headerWidth);
    if (m_window.width != plotWidth)
        m_window.width = plotWidth;
    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    if (m_sections.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter | Qt::TextWordWrap,
            tr("No timeline: the plan is not valid, or nothing is loaded."));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    // Lanes, clipped below the ruler.
    p.save();
    p.setClipRect(QRect(0, kTop, size.width(), size.height() - kTop));
    const int firstY = m_scroll, lastY = m_scroll + size.height() - kTop;
    auto it = std::upper_bound(m_rows.begin(), m_rows.end(), firstY, [](int v, const Row& r) { return v < r.y; });
    if (it != m_rows.begin())
        --it;
    // Major grid lines behind everything.
    const auto ticks = timeTicks(m_window);
    p.setPen(QColor(0xE4, 0xE4, 0xE4));
    for (const Tick& t : ticks)
        if (t.major) {
            const int x = m_headerWidth + int(std::round(m_window.toX(t.time)));
            p.drawLine(x, kTop, x, size.height());
        }
    for (; it != m_rows.end() && it->y < lastY; ++it)
        drawLane(p, *it, kTop + it->y - m_scroll, plotWidth);
    drawFlows(p, plotWidth);
    if (m_selecting) {
        const int a = std::min(m_selectX0, m_selectX1), b = std::max(m_selectX0, m_selectX1);
        p.fillRect(QRect(a, kTop, b - a, size.height() - kTop), QColor(0x00, 0x72, 0xB2, 40));
        p.setPen(QColor(0x00, 0x72, 0xB2));
        p.drawLine(a, kTop, a, size.height());
        p.drawLine(b, kTop, b, size.height());
    }
    p.restore();
    drawRuler(p, plotWidth);
}

void GanttView::drawLane(QPainter& p, const Row& row, int top, int plotWidth)
{
    const int w = m_headerWidth + plotWidth;
    if (row.lane == -1) { // section heading
        p.fillRect(0, top, w, row.height, QColor(0xF4, 0xF6, 0xF8));
        QFont f = font();
        f.setBold(true);
        p.setFont(f);
        p.setPen(Qt::black);
        p.drawText(QRect(6, top, w - 12, row.height), Qt::AlignVCenter | Qt::AlignLeft, row.heading);
        p.setFont(font());
        return;
    }
    if (row.lane == -2) { // group heading (a node)
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 0.85);
        p.setFont(f);
        p.setPen(QColor(0x55, 0x55, 0x55));
        p.drawText(QRect(6, top, m_headerWidth - 8, row.height), Qt::AlignBottom | Qt::AlignLeft, row.heading);
        p.setPen(QColor(0xD0, 0xD0, 0xD0));
        p.drawLine(m_headerWidth, top + row.height - 1, w, top + row.height - 1);
        p.setFont(font());
        return;
    }
    const GanttSection& section = m_sections[std::size_t(row.section)];
    const Timeline& t = *section.timeline;
    SectionCache& cache = m_cache[std::size_t(row.section)];
    const Lane& lane = t.lanes[std::size_t(row.lane)];
    const LaneFigures& lf = cache.figures.lanes[std::size_t(row.lane)];
    const int h = row.height;
    const int barTop = top + (lane.thin ? 1 : 2), barHeight = h - (lane.thin ? 2 : 4);

    // Header: lane name, and for compute lanes the idle total.
    if (!lane.thin) {
        QFont f = font();
        p.setFont(f);
        p.setPen(Qt::black);
        const QFontMetrics fm(f);
        QString idle;
        if (lf.compute)
            idle = tr("idle %1").arg(formatDuration(lf.idleS));
        const int idleWidth = idle.isEmpty() ? 0 : fm.horizontalAdvance(idle) + 8;
        p.drawText(QRect(6, top, m_headerWidth - 12 - idleWidth, h), Qt::AlignVCenter | Qt::AlignLeft,
            fm.elidedText(laneText(lane.name), Qt::ElideRight, m_headerWidth - 12 - idleWidth));
        if (!idle.isEmpty()) {
            p.setPen(QColor(0x66, 0x66, 0x66));
            p.drawText(QRect(0, top, m_headerWidth - 6, h), Qt::AlignVCenter | Qt::AlignRight, idle);
        }
    }
    p.setPen(QColor(0xD8, 0xD8, 0xD8));
    p.drawLine(m_headerWidth - 1, top, m_headerWidth - 1, top + h);

    p.save();
    p.setClipRect(QRect(m_headerWidth, top, plotWidth, h), Qt::IntersectClip);
    p.translate(m_headerWidth, 0);
    // Idle time in the pipeline part of the step, shaded so bubbles read at a glance.
    if (lf.compute) {
        const double b = cache.begin, e = b + cache.figures.pipelineS;
        const int x0 = int(std::floor(std::clamp(m_window.toX(b), -2.0, plotWidth + 2.0)));
        const int x1 = int(std::ceil(std::clamp(m_window.toX(e), -2.0, plotWidth + 2.0)));
        if (x1 > x0) {
            const QRect area(x0, barTop, x1 - x0, barHeight);
            if (p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster) {
                // The hatch is drawn once per size and copied: pattern fills are slow in the rasterizer.
                if (m_hatch.width() < plotWidth + 4 || m_hatch.height() != barHeight) {
                    m_hatch = QImage(plotWidth + 4, barHeight, QImage::Format_ARGB32_Premultiplied);
                    m_hatch.fill(kIdle);
                    QPainter hp(&m_hatch);
                    hp.fillRect(m_hatch.rect(), QBrush(kIdleHatch, Qt::BDiagPattern));
                }
                p.drawImage(area.topLeft(), m_hatch, QRect(std::max(0, x0 + 2) % 8, 0, area.width(), barHeight));
            } else {
                p.fillRect(area, kIdle);
                p.fillRect(area, QBrush(kIdleHatch, Qt::BDiagPattern));
            }
        }
    }
    m_runs.clear();
    foldRuns(lane.spans, cache.index[std::size_t(row.lane)], m_window, m_runs);
    if (p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster) {
        // On screen: the runs are whole pixels, so they go into one row of pixels, stretched to the bar's height
        // in a single blit (the rasterizer's cost then no longer grows with the number of runs).
        if (m_row.width() != plotWidth)
            m_row = QImage(plotWidth, 1, QImage::Format_ARGB32_Premultiplied);
        m_row.fill(Qt::transparent);
        auto* px = reinterpret_cast<QRgb*>(m_row.scanLine(0));
        for (const Run& r : m_runs) {
            const QRgb c = kindColor(r.kind).rgba();
            for (int x = std::max(0, r.x0), end = std::min(plotWidth, r.x1); x < end; ++x)
                px[x] = c;
        }
        p.drawImage(QRect(0, barTop, plotWidth, barHeight), m_row);
    } else {
        // Vector output (SVG, PDF): rectangles, batched by colour.
        std::vector<QRect> byKind[kSpanKinds];
        for (const Run& r : m_runs)
            byKind[int(r.kind)].emplace_back(r.x0, barTop, r.x1 - r.x0, barHeight);
        p.setPen(Qt::NoPen);
        for (int k = 0; k < kSpanKinds; ++k)
            if (!byKind[k].empty()) {
                p.setBrush(kindColor(SpanKind(k)));
                p.drawRects(byKind[k].data(), int(byKind[k].size()));
            }
    }
    // Names (micro-batch numbers) on ops wide enough to hold them, as cached static texts; thin separators between
    // adjacent ops. Batched: one line list, then the texts by colour.
    if (!lane.thin) {
        QVector<QLine> separators;
        std::vector<std::pair<QPoint, const QStaticText*>> light, dark;
        for (const Run& r : m_runs) {
            if (r.count != 1 || r.x1 - r.x0 < 14)
                continue;
            const Span& s = lane.spans[std::size_t(r.first)];
            QStaticText& name = cache.names[s.name];
            if (name.text().isNull()) {
                name.setText(QString::fromStdString(t.names[s.name]));
                name.setTextFormat(Qt::PlainText);
                name.prepare(QTransform(), font());
            }
            separators.append(QLine(r.x0, barTop, r.x0, barTop + barHeight - 1));
            const QSizeF size = name.size();
            if (size.width() + 4 > r.x1 - r.x0)
                continue;
            const QPoint at(
                r.x0 + int((r.x1 - r.x0 - size.width()) / 2), barTop + int((barHeight - size.height()) / 2));
            (darkText(s.kind) ? dark : light).push_back({ at, &name });
        }
        p.setPen(QColor(255, 255, 255, 200));
        p.drawLines(separators);
        p.setPen(Qt::white);
        for (const auto& [at, text] : light)
            p.drawStaticText(at, *text);
        p.setPen(Qt::black);
        for (const auto& [at, text] : dark)
            p.drawStaticText(at, *text);
    }
    if (m_selectedRow >= 0 && &m_rows[std::size_t(m_selectedRow)] == &row && m_selectedSpan >= 0) {
        const Span& s = lane.spans[std::size_t(m_selectedSpan)];
        const int x0 = int(std::floor(std::clamp(m_window.toX(s.start), -4.0, plotWidth + 4.0)));
        const int x1 = std::max(x0 + 1, int(std::ceil(std::clamp(m_window.toX(s.end), -4.0, plotWidth + 4.0))));
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(Qt::black, 2));
        p.drawRect(QRect(x0, barTop, x1 - x0, barHeight));
    }
    p.restore();
}

void GanttView::drawFlows(QPainter& p, int plotWidth)
{
    // Arrows only once zoomed in enough to follow them: per section, one per 25 pixels of width at most.
    const std::size_t maxArrows = std::size_t(std::max(4, plotWidth / 25));
    std::vector<std::pair<QPointF, QPointF>> arrows;
    std::vector<int> rowOfLane;
    for (std::size_t si = 0; si < m_sections.size(); ++si) {
        const Timeline* t = m_sections[si].timeline.get();
        if (!t || t->flows.empty())
            continue;
        rowOfLane.assign(t->lanes.size(), -1);
        for (std::size_t r = 0; r < m_rows.size(); ++r)
            if (m_rows[r].section == int(si) && m_rows[r].lane >= 0)
                rowOfLane[std::size_t(m_rows[r].lane)] = int(r);
        const std::size_t before = arrows.size();
        for (const Flow& f : t->flows) {
            if (f.toTime < m_window.start || f.fromTime > m_window.end)
                continue;
            if (arrows.size() - before > maxArrows) {
                arrows.resize(before); // too dense to read: none for this section
                break;
            }
            const int ra = rowOfLane[std::size_t(f.fromLane)], rb = rowOfLane[std::size_t(f.toLane)];
            if (ra < 0 || rb < 0)
                continue;
            const Row& a = m_rows[std::size_t(ra)];
            const Row& b = m_rows[std::size_t(rb)];
            const double ya = kTop + a.y - m_scroll + a.height / 2.0, yb = kTop + b.y - m_scroll + b.height / 2.0;
            arrows.push_back({ QPointF(m_headerWidth + m_window.toX(f.fromTime), ya),
                QPointF(m_headerWidth + m_window.toX(f.toTime), yb) });
        }
    }
    if (arrows.empty())
        return;
    p.save();
    p.setClipRect(QRect(m_headerWidth, kTop, plotWidth, height() - kTop), Qt::IntersectClip);
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor c(0x33, 0x33, 0x33, 170);
    p.setPen(QPen(c, 1.2));
    p.setBrush(c);
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

void GanttView::drawRuler(QPainter& p, int plotWidth)
{
    const int w = m_headerWidth + plotWidth;
    p.fillRect(0, 0, w, kTop, QColor(0xFA, 0xFA, 0xFA));
    p.setPen(QColor(0xB0, 0xB0, 0xB0));
    p.drawLine(0, kRulerHeight - 1, w, kRulerHeight - 1);
    p.drawLine(0, kTop - 1, w, kTop - 1);
    const QFontMetrics fm(font());
    p.setPen(Qt::black);
    for (const Tick& t : timeTicks(m_window)) {
        const int x = m_headerWidth + int(std::round(m_window.toX(t.time)));
        p.setPen(QColor(0x80, 0x80, 0x80));
        p.drawLine(x, kRulerHeight - (t.major ? 8 : 4), x, kRulerHeight - 1);
        if (t.major) {
            p.setPen(Qt::black);
            p.drawText(x + 3, kRulerHeight - 9, t.label);
        }
    }
    p.fillRect(0, 0, m_headerWidth - 1, kRulerHeight - 1, QColor(0xFA, 0xFA, 0xFA));
    p.setPen(QColor(0x55, 0x55, 0x55));
    p.drawText(QRect(6, 0, m_headerWidth - 12, kRulerHeight - 1), Qt::AlignVCenter | Qt::AlignLeft,
        tr("%1 across").arg(formatDuration(m_window.span())));
    // Legend: what each colour means.
    int x = 6;
    const int y = kRulerHeight + 3, box = kLegendHeight - 8;
    auto item = [&](const QBrush& brush, const QColor& base, const QString& label) {
        p.fillRect(x, y + 1, box, box, base);
        p.fillRect(x, y + 1, box, box, brush);
        p.setPen(Qt::black);
        p.drawText(x + box + 4, y + box, label);
        x += box + 12 + fm.horizontalAdvance(label);
    };
    for (int k = 0; k < kSpanKinds; ++k)
        item(QBrush(kindColor(SpanKind(k))), kindColor(SpanKind(k)), kindLabel(SpanKind(k)));
    item(QBrush(kIdleHatch, Qt::BDiagPattern), kIdle, tr("idle (bubble)"));
}

// ---- interaction

void GanttView::wheelEvent(QWheelEvent* e)
{
    const QPointF pos = e->position();
    const QPoint delta = e->angleDelta();
    if (e->modifiers() & Qt::ControlModifier) {
        setWindowChecked(m_window.zoomed(std::pow(1.0015, delta.y()), pos.x() - m_headerWidth));
    } else if ((e->modifiers() & Qt::ShiftModifier) || delta.x() != 0) {
        const int d = delta.x() != 0 ? delta.x() : delta.y();
        setWindowChecked(m_window.panned(-d * m_window.width / 1200.0));
    } else {
        m_scroll = std::clamp(m_scroll - delta.y() / 2, 0, std::max(0, contentHeight() - (height() - kTop)));
        update();
    }
    e->accept();
}

void GanttView::mousePressEvent(QMouseEvent* e)
{
    m_pressPos = m_lastPos = e->pos();
    m_selecting = e->button() == Qt::RightButton || (e->modifiers() & Qt::ShiftModifier);
    m_dragging = !m_selecting && e->button() == Qt::LeftButton;
    m_selectX0 = m_selectX1 = std::max(m_headerWidth, e->pos().x());
    setFocus();
}

void GanttView::mouseMoveEvent(QMouseEvent* e)
{
    if (m_selecting) {
        m_selectX1 = std::max(m_headerWidth, e->pos().x());
        update();
    } else if (m_dragging) {
        const QPoint d = e->pos() - m_lastPos;
        m_lastPos = e->pos();
        m_scroll = std::clamp(m_scroll - d.y(), 0, std::max(0, contentHeight() - (height() - kTop)));
        setWindowChecked(m_window.panned(-d.x()));
    }
}

void GanttView::mouseReleaseEvent(QMouseEvent* e)
{
    const bool click = (e->pos() - m_pressPos).manhattanLength() < 4;
    if (m_selecting) {
        m_selecting = false;
        const int a = std::min(m_selectX0, m_selectX1) - m_headerWidth,
                  b = std::max(m_selectX0, m_selectX1) - m_headerWidth;
        if (b - a >= 4)
            setWindow(m_window.toTime(a), m_window.toTime(b));
        update();
    } else if (m_dragging && click) {
        const Row* row = nullptr;
        const int span = spanAtPoint(e->pos(), &row);
        m_selectedRow = row && span >= 0 ? int(row - m_rows.data()) : -1;
        m_selectedSpan = span;
        emit opSelected(span >= 0 ? details(*row, span) : QString());
        update();
    }
    m_dragging = false;
}

void GanttView::mouseDoubleClickEvent(QMouseEvent* e)
{
    const Row* row = nullptr;
    const int span = spanAtPoint(e->pos(), &row);
    if (span < 0) {
        resetZoom();
        return;
    }
    const Span& s
        = m_sections[std::size_t(row->section)].timeline->lanes[std::size_t(row->lane)].spans[std::size_t(span)];
    const double pad = std::max(s.duration(), 1e-9) * 0.5;
    setWindow(s.start - pad, s.end + pad);
}

void GanttView::keyPressEvent(QKeyEvent* e)
{
    const double mid = m_window.width / 2;
    switch (e->key()) {
    case Qt::Key_W:
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        setWindowChecked(m_window.zoomed(1.5, mid));
        break;
    case Qt::Key_S:
    case Qt::Key_Minus:
        setWindowChecked(m_window.zoomed(1 / 1.5, mid));
        break;
    case Qt::Key_A:
    case Qt::Key_Left:
        setWindowChecked(m_window.panned(-m_window.width / 8));
        break;
    case Qt::Key_D:
    case Qt::Key_Right:
        setWindowChecked(m_window.panned(m_window.width / 8));
        break;
    case Qt::Key_Up:
        m_scroll = std::max(0, m_scroll - kLaneHeight);
        update();
        break;
    case Qt::Key_Down:
        m_scroll = std::clamp(m_scroll + kLaneHeight, 0, std::max(0, contentHeight() - (height() - kTop)));
        update();
        break;
    case Qt::Key_Home:
    case Qt::Key_0:
        resetZoom();
        break;
    default:
        QWidget::keyPressEvent(e);
    }
}

void GanttView::leaveEvent(QEvent*)
{
    QToolTip::hideText();
}

bool GanttView::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(e);
        const QString text = detailsAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(e);
}

} // namespace plait::widgets
