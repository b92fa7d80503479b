#include "searchrunner.h"

#include "searchrelay_p.h"

#include <QElapsedTimer>
#include <QtConcurrent>

#include <limits>

namespace plait::engine {

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
    if (!m_relay)
        return;
    m_relay->cancelled.store(true);
    m_relay->disconnect(this);
    m_relay.reset();
}

void SearchRunner::start(std::shared_ptr<const Plan> plan, const SearchConstraints& constraints, int top)
{
    cancel();
    m_bestSeen = false;
    // Deleted on the GUI thread whichever side lets go of it last.
    std::shared_ptr<SearchRelay> relay(new SearchRelay, [](SearchRelay* r) { r->deleteLater(); });
    m_relay = relay;
    connect(relay.get(), &SearchRelay::bestKnown, this, [this](std::shared_ptr<const SearchRun> run) {
        m_bestSeen = true;
        emit bestAvailable(std::move(run));
    });
    connect(relay.get(), &SearchRelay::progress, this, &SearchRunner::progress);
    connect(relay.get(), &SearchRelay::finished, this, [this](std::shared_ptr<const SearchRun> run) {
        const bool bestSeen = m_bestSeen;
        cancel(); // done: nothing more will come
        if (run->result.stopped)
            return;
        if (!bestSeen) // it ended before the bound passed (or found nothing): the best are these
            emit bestAvailable(run);
        emit allEvaluated(std::move(run));
    });
    (void)QtConcurrent::run([relay, plan, constraints, top] {
        QElapsedTimer timer;
        timer.start();
        double seconds = -1;
        SearchOptions o;
        o.top = top;
        o.constraints = constraints;
        o.minEvaluated = std::numeric_limits<int>::max(); // every plan that fits, for the chart
        o.bestKnown = [&](const SearchResult& known) {
            seconds = timer.elapsed() / 1000.0;
            auto run = std::make_shared<SearchRun>(SearchRun { plan, constraints, known, seconds });
            emit relay->bestKnown(std::move(run));
        };
        o.progress = [&](int evaluated, int fitting) {
            emit relay->progress(evaluated, fitting);
            return !relay->cancelled.load();
        };
        SearchResult result = searchPlans(*plan, o);
        if (seconds < 0)
            seconds = timer.elapsed() / 1000.0;
        emit relay->finished(std::make_shared<SearchRun>(SearchRun { plan, constraints, std::move(result), seconds }));
    });
}

} // namespace plait::engine
