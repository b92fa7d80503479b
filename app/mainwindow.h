#pragma once

#include "evaluationrunner.h"
#include "plan.h"

#include <QMainWindow>
#include <optional>

namespace plait::widgets {
class SummaryView;
}

namespace plait::app {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

    bool openPlan(const QString& path); // reports problems in a message box when shown, on stderr otherwise
    const std::optional<Plan>& plan() const { return m_plan; }
    widgets::SummaryView* summaryView() const { return m_summary; }

private:
    void setPlan(Plan plan, const QString& path);
    void openDialog();

    Catalog m_catalog;
    std::optional<Plan> m_plan;
    QString m_path;
    engine::EvaluationRunner m_runner;
    widgets::SummaryView* m_summary = nullptr;
};

} // namespace plait::app
