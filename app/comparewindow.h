#pragma once

#include "analysis.h"
#include "jobtracker.h"

#include <QWidget>
#include <memory>

class QLabel;
class QTableWidget;
class QVBoxLayout;

namespace plait::widgets {
class MemoryBars;
class CommBreakdown;
class GanttView;
}

namespace plait::app {

// Plan A against plan B, side by side: the key figures with their differences marked (better in green, worse in
// red), both plans' memory bars and communication, and both predicted timelines on one time axis. B is analysed
// off the GUI thread; until then the window says so (ready() when it is shown). Esc or Ctrl+W closes it.
class CompareWindow : public QWidget {
    Q_OBJECT
public:
    // `a`: the analysis of planA when there is one (null: analysed here too).
    CompareWindow(std::shared_ptr<const Analysis> a, std::shared_ptr<const Plan> planA, std::shared_ptr<const Plan> b,
        QWidget* parent = nullptr);
    bool isReady() const { return m_table != nullptr; }

    QTableWidget* figures() const { return m_table; }
    widgets::GanttView* gantt() const { return m_gantt; }

signals:
    void ready();

private:
    void showComparison(std::shared_ptr<const Analysis> a, std::shared_ptr<const Analysis> b);

    engine::JobTracker* m_job = nullptr;
    QVBoxLayout* m_layout = nullptr;
    QLabel* m_pending = nullptr;
    std::shared_ptr<const Evaluation> m_a, m_b;
    QTableWidget* m_table = nullptr;
    widgets::GanttView* m_gantt = nullptr;
};

} // namespace plait::app
