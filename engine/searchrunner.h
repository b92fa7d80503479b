#pragma once

#include "search.h"

#include <QObject>
#include <memory>

namespace plait::engine {

// One search of a plan's model, cluster and batch.
struct SearchRun {
    std::shared_ptr<const Plan> plan; // the plan searched from: candidates apply to it
    SearchConstraints constraints;
    SearchResult result;
    double seconds = 0; // until the best were known
};

// Runs the search off the GUI thread in stages (one search that continues, not two): bestAvailable as soon as the
// best `top` are exact, progress while it goes on evaluating every other plan that fits (for the chart), then
// allEvaluated. Starting again or cancel() stops the running search at its next batch; its results are dropped.
class SearchRunner : public QObject {
    Q_OBJECT
public:
    explicit SearchRunner(QObject* parent = nullptr);
    ~SearchRunner() override;

    void start(std::shared_ptr<const Plan> plan, const SearchConstraints& constraints, int top = 10);
    void cancel();
    bool isRunning() const { return m_link != nullptr; }
    bool isCharting() const { return m_link != nullptr && m_bestSeen; }

    struct Link; // between this runner and its running search's worker thread

signals:
    void bestAvailable(std::shared_ptr<const plait::engine::SearchRun> run);
    void progress(int evaluated, int fitting);
    void allEvaluated(std::shared_ptr<const plait::engine::SearchRun> run);

private:
    std::shared_ptr<Link> m_link; // the running search's; null when none runs
    bool m_bestSeen = false;
};

} // namespace plait::engine
