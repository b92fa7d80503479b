#include "ganttview.h"

#include "ganttdetails.h"

#include <QElapsedTimer>
#include <QHelpEvent>
#include <QLoggingCategory>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

Q_LOGGING_CATEGORY(lcGantt, "plait.gantt", QtWarningMsg)

namespace plait::widgets {

namespace {
GanttTheme scaledTheme(double scale)
{
    GanttTheme t = ganttTheme();
    t.laneHeight = int(std::lround(t.laneHeight * scale));
    t.thinHeight = int(std::lround(t.thinHeight * scale));
    return t;
}
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
    const double oldBegin = m_geometry.begin(), oldEnd = m_geometry.end();
    m_sections = std::move(sections);
    m_geometry.setSections(m_sections, font());
    m_rows = layoutGanttRows(m_sections, scaledTheme(m_laneScale));
    m_selectedRow = m_selectedSpan = -1;
    // Keep the zoom across re-evaluations of the same plan; show everything when the extent changed.
    const double end = m_geometry.end();
    if (!hadContent || std::abs(oldEnd - end) > 1e-9 * std::max(1.0, oldEnd) || oldBegin != m_geometry.begin())
        resetZoom();
    else
        update();
}

void GanttView::setLaneScale(double scale)
{
    m_laneScale = std::clamp(scale, 1.0, 6.0);
    m_geometry.setSections(m_sections, font()); // lanes built at the old height are built again
    m_rows = layoutGanttRows(m_sections, scaledTheme(m_laneScale));
    update();
}

int GanttView::contentHeight() const
{
    return widgets::contentHeight(m_rows);
}

void GanttView::setWindow(double start, double end)
{
    TimeWindow w;
    w.start = start;
    w.end = end > start ? end : start + 1e-6;
    setWindowChecked(w);
}

void GanttView::resetZoom()
{
    const double b = m_geometry.begin(), e = m_geometry.end();
    const double margin = (e - b) * 0.01;
    setWindow(b - margin, e + margin);
}

void GanttView::setWindowChecked(TimeWindow w)
{
    w.width = std::max(1, width() - laneHeaderWidth());
    m_window = w.clamped(m_geometry.begin(), m_geometry.end(), 1e-9);
    update();
    emit windowChanged();
}

void GanttView::scrollTo(int scroll)
{
    m_scroll = std::clamp(scroll, 0, std::max(0, contentHeight() - (height() - ganttTheme().top())));
    update();
}

void GanttView::resizeEvent(QResizeEvent*)
{
    m_window.width = std::max(1, width() - laneHeaderWidth());
    scrollTo(m_scroll);
}

void GanttView::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::FontChange)
        m_geometry.setFont(font());
    QWidget::changeEvent(e);
}

const GanttRow* GanttView::rowAtPoint(int y) const
{
    const int top = ganttTheme().top();
    return y < top ? nullptr : rowAt(m_rows, y - top + m_scroll);
}

int GanttView::spanAtPoint(QPoint pos, const GanttRow** rowOut) const
{
    const GanttRow* row = rowAtPoint(pos.y());
    *rowOut = row;
    if (!row || !row->isLane() || pos.x() < laneHeaderWidth())
        return -1;
    const Timeline& t = *m_sections[std::size_t(row->section)].timeline;
    const double at = m_window.toTime(pos.x() - laneHeaderWidth());
    return spanAt(t.lanes[std::size_t(row->lane)].spans,
        m_geometry.section(std::size_t(row->section)).index[std::size_t(row->lane)], at,
        2 * m_window.secondsPerPixel());
}

QString GanttView::detailsAt(QPoint pos) const
{
    const GanttRow* row = nullptr;
    const int span = spanAtPoint(pos, &row);
    return span >= 0 ? ganttOpDetails(m_sections, m_geometry, *row, span) : QString();
}

void GanttView::paintEvent(QPaintEvent*)
{
    QElapsedTimer timer;
    timer.start();
    QPainter p(this);
    paintTo(p, size());
    qCDebug(lcGantt) << "frame" << timer.nsecsElapsed() / 1e6 << "ms";
}

void GanttView::paintTo(QPainter& painter, QSize size)
{
    m_window.width = std::max(1, size.width() - laneHeaderWidth());
    GanttFrame frame;
    frame.sections = &m_sections;
    frame.rows = &m_rows;
    frame.window = m_window;
    frame.scroll = m_scroll;
    frame.selectedRow = m_selectedRow >= 0 ? &m_rows[std::size_t(m_selectedRow)] : nullptr;
    frame.selectedSpan = m_selectedSpan;
    if (m_selecting) {
        frame.bandX0 = m_selectX0;
        frame.bandX1 = m_selectX1;
    }
    frame.font = font();
    frame.placeholderText = palette().color(QPalette::PlaceholderText);
    m_painter.paint(painter, size, frame, m_geometry);
}

// ---- interaction

void GanttView::wheelEvent(QWheelEvent* e)
{
    const QPointF pos = e->position();
    const QPoint delta = e->angleDelta();
    if (e->modifiers() & Qt::ControlModifier) {
        setWindowChecked(m_window.zoomed(std::pow(1.0015, delta.y()), pos.x() - laneHeaderWidth()));
    } else if ((e->modifiers() & Qt::ShiftModifier) || delta.x() != 0) {
        const int d = delta.x() != 0 ? delta.x() : delta.y();
        setWindowChecked(m_window.panned(-d * m_window.width / 1200.0));
    } else {
        scrollTo(m_scroll - delta.y() / 2);
    }
    e->accept();
}

void GanttView::mousePressEvent(QMouseEvent* e)
{
    m_pressPos = m_lastPos = e->pos();
    m_selecting = e->button() == Qt::RightButton || (e->modifiers() & Qt::ShiftModifier);
    m_dragging = !m_selecting && e->button() == Qt::LeftButton;
    m_selectX0 = m_selectX1 = std::max(laneHeaderWidth(), e->pos().x());
    setFocus();
}

void GanttView::mouseMoveEvent(QMouseEvent* e)
{
    if (m_selecting) {
        m_selectX1 = std::max(laneHeaderWidth(), e->pos().x());
        update();
    } else if (m_dragging) {
        const QPoint d = e->pos() - m_lastPos;
        m_lastPos = e->pos();
        scrollTo(m_scroll - d.y());
        setWindowChecked(m_window.panned(-d.x()));
    }
}

void GanttView::mouseReleaseEvent(QMouseEvent* e)
{
    const bool click = (e->pos() - m_pressPos).manhattanLength() < 4;
    if (m_selecting) {
        m_selecting = false;
        const int a = std::min(m_selectX0, m_selectX1) - laneHeaderWidth(),
                  b = std::max(m_selectX0, m_selectX1) - laneHeaderWidth();
        if (b - a >= 4)
            setWindow(m_window.toTime(a), m_window.toTime(b));
        update();
    } else if (m_dragging && click) {
        const GanttRow* row = nullptr;
        const int span = spanAtPoint(e->pos(), &row);
        m_selectedRow = row && span >= 0 ? int(row - m_rows.data()) : -1;
        m_selectedSpan = span;
        emit opSelected(span >= 0 ? ganttOpDetails(m_sections, m_geometry, *row, span) : QString());
        update();
    }
    m_dragging = false;
}

void GanttView::mouseDoubleClickEvent(QMouseEvent* e)
{
    const GanttRow* row = nullptr;
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
        scrollTo(m_scroll - ganttTheme().laneHeight);
        break;
    case Qt::Key_Down:
        scrollTo(m_scroll + ganttTheme().laneHeight);
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
