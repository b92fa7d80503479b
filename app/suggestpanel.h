#pragma once

#include "analysis.h"
#include "search.h"
#include "searchrunner.h"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QLabel;
class QSpinBox;
class QComboBox;
class QPushButton;
class QTableWidget;

namespace plait::widgets {
class ParetoChart;
}

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

    // The document's analysis: what a search starts from, and the star on the chart. Results of a search for another
    // model, cluster or batch are cleared; previews are ignored.
    void setAnalysis(std::shared_ptr<const Analysis> analysis);
    void search();
    bool isSearching() const { return m_searchingFrom != nullptr; } // until its best are known
    bool isCharting() const { return m_runner->isCharting(); }
    const SearchResult& result() const { return m_result; }
    // What the user holds fixed or bounded (memory kept free, largest TP, PP, CP and EP, the framework), from the
    // panel's controls.
    SearchConstraints constraints() const;
    void setConstraints(const SearchConstraints& c);
    void applyCandidateAt(int index); // into result().candidates
    QCustomPlot* plot() const; // the chart's, for tests
    // The candidate charted nearest to a point of the plot (within a few pixels), or −1; and what its tooltip says.
    int candidateAt(QPointF plotPos) const;
    QString describeCandidate(int index) const;

signals:
    void searchFinished(); // the best plans are known
    void chartFinished(); // every fitting plan is evaluated and charted
    void applyRequested(const plait::Plan& plan, const QString& what);

private:
    void showResult();
    void showBest(std::shared_ptr<const engine::SearchRun> run);

    std::shared_ptr<const Analysis> m_analysis;
    engine::SearchRunner* m_runner = nullptr;
    std::shared_ptr<const engine::SearchRun> m_run; // the last search's, best known
    std::shared_ptr<const Plan> m_searchingFrom; // the plan of the search running, until its best are known
    SearchResult m_result;
    QString m_found; // what the search found, kept above the charting progress
    // The searched plan itself, as evaluated, marked on the chart for comparison (valid = false: not drawn).
    struct Current {
        bool valid = false;
        double stepS = 0, peakBytes = 0;
    } m_current;
    QPushButton* m_button = nullptr;
    QSpinBox *m_headroom = nullptr, *m_maxTp = nullptr, *m_maxPp = nullptr, *m_maxCp = nullptr, *m_maxEp = nullptr;
    QComboBox* m_framework = nullptr; // item data: the framework's name; empty: the plan's own
    QComboBox* m_schedule = nullptr; // item data: the schedule's index; -1: any the framework runs
    QComboBox* m_recompute = nullptr; // item data: the recomputation mode's index; -1: any
    QLabel* m_status = nullptr;
    QTableWidget* m_table = nullptr;
    widgets::ParetoChart* m_chart = nullptr;
};

} // namespace plait::app
