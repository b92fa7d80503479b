#pragma once

#include "evaluation.h"
#include "plan.h"

#include <QWidget>
#include <memory>

class QTableWidget;

namespace plait::widgets {
class MemoryBars;
class CommBreakdown;
class GanttView;
}

namespace plait::app {

// Plan A against plan B, side by side: the key figures with their differences marked (better in green, worse in
// red), both plans' memory bars and communication, and both predicted timelines on one time axis.
class CompareWindow : public QWidget {
    Q_OBJECT
public:
    CompareWindow(const Plan& a, const Plan& b, QWidget* parent = nullptr);

    QTableWidget* figures() const { return m_table; }
    widgets::GanttView* gantt() const { return m_gantt; }

private:
    std::shared_ptr<const Evaluation> m_a, m_b;
    QTableWidget* m_table = nullptr;
    widgets::GanttView* m_gantt = nullptr;
};

} // namespace plait::app
