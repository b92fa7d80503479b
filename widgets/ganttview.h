#pragma once

#include "ganttgeometry.h"
#include "ganttlayout.h"
#include "ganttpainter.h"
#include "timeaxis.h"

#include <QWidget>
#include <vector>

namespace plait::widgets {

// Pipeline timelines drawn with real durations: one lane per stage or GPU, grouped, transfers on thin lanes,
// idle time shaded with its total per lane, micro-batch numbers and p2p arrows once zoomed in, a time ruler.
// Every section shares one time axis, so schedules and measured runs line up.
// This widget is the interaction: rows come from ganttlayout, pixels from the cached ganttgeometry, drawing from
// ganttpainter, colours and sizes from gantttheme.
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
    int laneHeaderWidth() const { return ganttTheme().headerWidth; }

    // Details of the op at a point, as the click shows them; empty when there is none.
    QString detailsAt(QPoint pos) const;
    // Paints everything into `painter` at `size`: used for the screen, for export and for benchmarks.
    void paintTo(QPainter& painter, QSize size);
    QSize sizeHint() const override { return { 900, 420 }; }
    int contentHeight() const;
    // Lanes `scale` times their usual height (a picture of a short pipeline fills its page); 1 on screen.
    void setLaneScale(double scale);
    long long lanesBuilt() const { return m_geometry.lanesBuilt(); } // lane geometries computed so far

signals:
    void opSelected(const QString& details);
    void windowChanged();

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void changeEvent(QEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void keyPressEvent(QKeyEvent*) override;
    void leaveEvent(QEvent*) override;
    bool event(QEvent*) override;

private:
    const GanttRow* rowAtPoint(int y) const;
    int spanAtPoint(QPoint pos, const GanttRow** row) const;
    void setWindowChecked(TimeWindow w);
    void scrollTo(int scroll);

    std::vector<GanttSection> m_sections;
    std::vector<GanttRow> m_rows;
    GanttGeometry m_geometry;
    GanttPainter m_painter;
    TimeWindow m_window;
    int m_scroll = 0;
    QPoint m_pressPos, m_lastPos;
    bool m_dragging = false, m_selecting = false;
    int m_selectX0 = 0, m_selectX1 = 0;
    int m_selectedRow = -1, m_selectedSpan = -1;
    double m_laneScale = 1;
};

} // namespace plait::widgets
