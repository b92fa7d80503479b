#pragma once

#include "timelinesections.h"

#include <QWidget>
#include <memory>

class QComboBox;
class QLabel;

namespace plait::app {

// The Gantt dock: a mode (predicted, schedules compared, predicted against a trace), the view, the figures under
// it, and the details of the op clicked.
class TimelinePanel : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePanel(QWidget* parent = nullptr);

    void setEvaluation(const Plan& plan, std::shared_ptr<const Evaluation> ev);
    void setTrace(std::shared_ptr<const TraceRead> trace, const QString& name);
    bool hasTrace() const { return m_trace != nullptr; }
    void setMode(TimelineMode mode);
    TimelineMode mode() const;
    widgets::GanttView* view() const { return m_view; }
    QString figuresText() const;

signals:
    void openTraceRequested();
    void exportRequested();

private:
    void refresh();

    widgets::GanttView* m_view = nullptr;
    QComboBox* m_mode = nullptr;
    QLabel* m_figures = nullptr;
    QLabel* m_details = nullptr;
    Plan m_plan;
    std::shared_ptr<const Evaluation> m_ev;
    std::shared_ptr<const TraceRead> m_trace;
    QString m_traceName;
};

} // namespace plait::app
