#include "searchrunner.h"

#include <QElapsedTimer>
#include <QtConcurrent>

#include <limits>
#include <mutex>

namespace plait::engine {

// The worker posts each stage to the runner's thread through this, under its lock; the runner cuts it (runner =
// null) when the search is overtaken or the runner goes, so a stage is never posted to a runner that is gone, and
// a stage already posted is dropped on arrival (its link is no longer the runner's).
struct SearchRunner::Link {
    std::mutex lock;
    SearchRunner* runner = nullptr;
    std::atomic<bool> cancelled { false };

    template <typename Deliver> void post(const std::shared_ptr<Link>& self, Deliver deliver)
    {
        const std::lock_guard<std::mutex> hold(lock);
        if (!runner)
            return;
        QMetaObject::invokeMethod(
            runner,
            [self, deliver = std::move(deliver)]() mutable {
                SearchRunner* r = self->runner;
                if (r && r->m_link == self)
                    deliver(r);
            },
            Qt::QueuedConnection);
    }
};

SearchRunner::SearchRunner(QObject* parent)
    : QObject(parent)
{
}

SearchRunner::~SearchRunner()
{
    cancel();
}

void SearchRunner::cancel()
{
    if (!m_link)
        return;
    m_link->cancelled.store(true);
    {
        const std::lock_guard<std::mutex> hold(m_link->lock);
        m_link->runner = nullptr;
    }
    m_link.reset();
}

void SearchRunner::start(std::shared_ptr<const Plan> plan, const SearchConstraints& constraints, int top)
{
    cancel();
    m_bestSeen = false;
    auto link = std::make_shared<Link>();
    link->runner = this;
    m_link = link;
    (void)QtConcurrent::run([link, plan, constraints, top] {
        QElapsedTimer timer;
        timer.start();
        double seconds = -1;
        SearchOptions o;
        o.top = top;
        o.constraints = constraints;
        o.minEvaluated = std::numeric_limits<int>::max(); // every plan that fits, for the chart
        o.bestKnown = [&](const SearchResult& known) {
            seconds = timer.elapsed() / 1000.0;
            auto run = std::make_shared<const SearchRun>(SearchRun { plan, constraints, known, seconds });
            link->post(link, [run](SearchRunner* r) {
                r->m_bestSeen = true;
                emit r->bestAvailable(run);
            });
        };
        o.progress = [&](int evaluated, int fitting) {
            link->post(link, [evaluated, fitting](SearchRunner* r) { emit r->progress(evaluated, fitting); });
            return !link->cancelled.load();
        };
        SearchResult result = searchPlans(*plan, o);
        if (seconds < 0)
            seconds = timer.elapsed() / 1000.0;
        auto run = std::make_shared<const SearchRun>(SearchRun { plan, constraints, std::move(result), seconds });
        link->post(link, [run](SearchRunner* r) {
            const bool bestSeen = r->m_bestSeen;
            r->cancel(); // done: nothing more will come
            if (run->result.stopped)
                return;
            if (!bestSeen) // it ended before the bound passed (or found nothing): the best are these
                emit r->bestAvailable(run);
            emit r->allEvaluated(run);
        });
    });
}

} // namespace plait::engine
