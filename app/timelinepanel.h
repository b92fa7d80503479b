#pragma once

#include "timelinesections.h"

#include <QWidget>
#include <memory>
#include <tuple>

class QComboBox;
class QLabel;
class QScrollArea;

namespace plait::app {

// The Gantt dock: a mode (predicted, schedules compared, predicted against a trace), the view, the figures under
// it, and the details of the op clicked.
class TimelinePanel : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePanel(QWidget* parent = nullptr);

    // The analysis to draw (a drag preview's too: the Gantt shows the preview's plan with its own evaluation).
    void setAnalysis(std::shared_ptr<const Analysis> analysis);
    // The "Schedules compared" study of the document's plan, computed by the engine while this mode is shown.
    void setScheduleStudy(std::shared_ptr<const std::vector<ScheduleStudy>> schedules);
    // `stages`: a job profile's measured stages, whose breakdown the figures set beside the prediction's.
    void setTrace(std::shared_ptr<const TraceRead> trace, const QString& name, std::vector<MeasuredStage> stages = {});
    // The trace leaves the timeline (a lesson starts, or the plan it was opened against changed shape): back to the
    // prediction alone, and traceClosed says why.
    void closeTrace(const QString& why);
    std::shared_ptr<const Analysis> analysis() const { return m_analysis; } // what is drawn
    bool hasTrace() const { return m_trace != nullptr; }
    std::shared_ptr<const TraceRead> trace() const { return m_trace; }
    const QString& traceName() const { return m_traceName; }
    const std::vector<MeasuredStage>& traceStages() const { return m_traceStages; }
    void setMode(TimelineMode mode);
    TimelineMode mode() const;
    widgets::GanttView* view() const { return m_view; }
    QString figuresText() const;
    // Off for a picture (plait render, a report): the figure, its title and its legend, without the buttons, the
    // mouse hints and the details pane.
    void setControlsVisible(bool visible);

signals:
    void openTraceRequested();
    void exportRequested();
    void scheduleStudyWanted(bool wanted); // the mode switched to or from "Schedules compared"
    void traceClosed(const QString& name, const QString& why);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void refresh();
    void fitFigures();

    widgets::GanttView* m_view = nullptr;
    QComboBox* m_mode = nullptr;
    QLabel* m_figures = nullptr;
    QLabel* m_details = nullptr;
    QScrollArea* m_figuresScroll = nullptr;
    bool m_picture = false; // drawn for a picture: controls hidden, the figures whole
    QList<QWidget*> m_controls;
    std::shared_ptr<const Analysis> m_analysis;
    std::shared_ptr<const std::vector<ScheduleStudy>> m_schedules; // null until the engine has worked them out
    std::shared_ptr<const TraceRead> m_trace;
    QString m_traceName;
    std::vector<MeasuredStage> m_traceStages;
    // The plan's pipeline shape when the trace was opened: stages, chunks per stage, schedule, micro-batches.
    std::tuple<int, int, int, long long> m_traceShape;
};

} // namespace plait::app
