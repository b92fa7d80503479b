#pragma once

#include "search.h"

#include <QWidget>

class QCustomPlot;
class QLabel;
class QPushButton;
class QTableWidget;

namespace plait::app {

// "Suggest plans": searches every valid plan for the current model, cluster and global batch off the GUI thread,
// lists the best that fit, and charts step time against peak memory for every candidate evaluated, with the Pareto
// front marked. Applying a row or clicking a point is one undoable edit.
class SuggestPanel : public QWidget {
    Q_OBJECT
public:
    explicit SuggestPanel(QWidget* parent = nullptr);

    void setPlan(const Plan& plan);
    void search();
    bool isSearching() const { return m_searching; }
    const SearchResult& result() const { return m_result; }
    void applyCandidateAt(int index); // into result().candidates
    QCustomPlot* plot() const { return m_plot; }

signals:
    void searchFinished();
    void applyRequested(const plait::Plan& plan, const QString& what);

private:
    void showResult();

    Plan m_plan;
    bool m_hasPlan = false, m_searching = false;
    SearchResult m_result;
    Plan m_searchedPlan;
    QPushButton* m_button = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_table = nullptr;
    QCustomPlot* m_plot = nullptr;
    std::vector<int> m_pointIndex; // graph data index → candidate index, for clicks
};

} // namespace plait::app
