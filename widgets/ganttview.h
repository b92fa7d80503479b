#pragma once

#include "ganttlod.h"
#include "timeaxis.h"
#include "timeline.h"

#include <QImage>
#include <QStaticText>
#include <QWidget>
#include <memory>
#include <vector>

namespace plait::widgets {

// One block of lanes in the Gantt: a predicted or measured timeline, or one schedule of a comparison.
struct GanttSection {
    QString title; // heading drawn above the lanes, with the section's figures
    std::shared_ptr<const Timeline> timeline;
};

// Pipeline timelines drawn with real durations: one lane per stage or GPU, grouped, transfers on thin lanes,
// idle time shaded with its total per lane, micro-batch numbers and p2p arrows once zoomed in, a time ruler.
// Every section shares one time axis, so schedules and measured runs line up.
// Mouse: wheel scrolls, Ctrl+wheel zooms at the pointer, Shift+wheel pans, drag pans, Shift+drag (or right drag)
// zooms to the selection, a click selects an op. Keys: W/S or +/− zoom, A/D or ←/→ pan, Home or 0 resets.
class GanttView : public QWidget {
    Q_OBJECT
public:
    explicit GanttView(QWidget* parent = nullptr);

    void setSections(std::vector<GanttSection> sections);
    const std::vector<GanttSection>& sections() const { return m_sections; }
    void clear();

    TimeWindow window() const { return m_window; }
    void setWindow(double start, double end);
    void resetZoom();
    int laneHeaderWidth() const { return m_headerWidth; }

    // Details of the op at a point, as the click shows them; empty when there is none.
    QString detailsAt(QPoint pos) const;
    // Paints everything into `painter` at `size`: used for the screen, for export and for benchmarks.
    void paintTo(QPainter& painter, QSize size);
    QSize sizeHint() const override { return { 900, 420 }; }
    int contentHeight() const;

signals:
    void opSelected(const QString& details);
    void windowChanged();

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void keyPressEvent(QKeyEvent*) override;
    void leaveEvent(QEvent*) override;
    bool event(QEvent*) override;

private:
    struct Row {
        int section = 0;
        int lane = -1; // −1: a heading
        QString heading;
        int y = 0, height = 0;
    };
    struct SectionCache {
        std::vector<LaneIndex> index; // per lane
        TimelineFigures figures;
        double begin = 0, end = 0; // extent, computed once
        bool empty = true;
        std::vector<QStaticText> names; // span names, laid out on first use
    };
    void layoutRows();
    const Row* rowAt(int y) const;
    int spanAtPoint(QPoint pos, const Row** row) const;
    QString details(const Row& row, int span) const;
    void setWindowChecked(TimeWindow w);
    void drawLane(QPainter& p, const Row& row, int top, int plotWidth);
    void drawFlows(QPainter& p, int plotWidth);
    void drawRuler(QPainter& p, int plotWidth);
    double timelineBegin() const;
    double timelineEnd() const;

    std::vector<GanttSection> m_sections;
    std::vector<SectionCache> m_cache;
    std::vector<Row> m_rows;
    TimeWindow m_window;
    int m_scroll = 0;
    int m_headerWidth = 190;
    QPoint m_pressPos, m_lastPos;
    bool m_dragging = false, m_selecting = false;
    int m_selectX0 = 0, m_selectX1 = 0;
    int m_selectedRow = -1, m_selectedSpan = -1;
    std::vector<Run> m_runs; // scratch, reused between frames
    QImage m_row; // one lane's pixels, reused between lanes
    QImage m_hatch; // the idle shading, drawn once per size
};

} // namespace plait::widgets
