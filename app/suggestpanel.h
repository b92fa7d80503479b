#pragma once

#include "search.h"

#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <memory>

class QCustomPlot;
class QLabel;
class QSpinBox;
class QComboBox;
class QPushButton;
class QTableWidget;
class QTimer;

namespace plait::app {

// "Suggest plans": searches every valid plan for the current model, cluster and global batch off the GUI thread,
// lists the best that fit (branch and bound: exact, and quick), then goes on evaluating every other plan that fits,
// in the background with its progress shown, to chart step time against peak memory for all of them with the Pareto
// front marked. Applying a row or clicking a point is one undoable edit.
class SuggestPanel : public QWidget {
    Q_OBJECT
public:
    explicit SuggestPanel(QWidget* parent = nullptr);
    ~SuggestPanel() override;

    void setPlan(const Plan& plan);
    void search();
    bool isSearching() const { return m_searching; }
    bool isCharting() const { return m_chartWatcher != nullptr; }
    const SearchResult& result() const { return m_result; }
    // What the user holds fixed or bounded (memory kept free, largest TP, PP, CP and EP, the framework), from the
    // panel's controls.
    SearchConstraints constraints() const;
    void setConstraints(const SearchConstraints& c);
    void applyCandidateAt(int index); // into result().candidates
    QCustomPlot* plot() const { return m_plot; }
    // The candidate charted nearest to a point of the plot (within a few pixels), or −1; and what its tooltip says.
    int candidateAt(QPointF plotPos) const;
    QString describeCandidate(int index) const;

signals:
    void searchFinished(); // the best plans are known
    void chartFinished(); // every fitting plan is evaluated and charted
    void applyRequested(const plait::Plan& plan, const QString& what);

private:
    void showResult();
    void startCharting();
    void stopCharting();

    Plan m_plan;
    bool m_hasPlan = false, m_searching = false;
    SearchResult m_result;
    Plan m_searchedPlan;
    // The searched plan itself, as evaluated, marked on the chart for comparison (valid = false: not drawn).
    struct Current {
        bool valid = false;
        double stepS = 0, peakBytes = 0;
    } m_current;
    QPushButton* m_button = nullptr;
    QSpinBox *m_headroom = nullptr, *m_maxTp = nullptr, *m_maxPp = nullptr, *m_maxCp = nullptr, *m_maxEp = nullptr;
    QComboBox* m_framework = nullptr; // item data: the framework's name; empty: the plan's own
    SearchConstraints m_searchedConstraints;
    QLabel* m_status = nullptr;
    QTableWidget* m_table = nullptr;
    QCustomPlot* m_plot = nullptr;
    std::vector<int> m_pointIndex; // graph data index → candidate index, for clicks
    QFutureWatcher<SearchResult>* m_chartWatcher = nullptr;
    std::shared_ptr<std::atomic<bool>> m_chartCancel;
    std::shared_ptr<std::atomic<int>> m_chartDone; // evaluations done so far, written by the search thread
    QTimer* m_chartProgress = nullptr;
};

} // namespace plait::app
