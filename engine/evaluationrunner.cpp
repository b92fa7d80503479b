#include "evaluationrunner.h"

#include "evaluate.h"
#include "range.h"

#include <QFutureWatcher>
#include <QtConcurrent>

namespace plait::engine {

EvaluationRunner::EvaluationRunner(QObject* parent)
    : QObject(parent)
{
}

void EvaluationRunner::request(const Plan& plan)
{
    const quint64 generation = ++m_generation;
    // A watcher owned by the runner, not QFuture::then(this, ...): Qt 6.4 asserts in a continuation whose context
    // object was destroyed first. Destroying the runner destroys the watcher; a job still running then finishes
    // unseen (it holds only its own copy of the plan).
    using Watcher = QFutureWatcher<std::shared_ptr<const Evaluation>>;
    auto* watcher = new Watcher(this);
    connect(watcher, &Watcher::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return;
        m_latest = watcher->result();
        emit evaluationAvailable(m_latest);
    });
    watcher->setFuture(QtConcurrent::run([plan] {
        Evaluation ev = evaluate(plan);
        addStepRange(plan, ev);
        return std::make_shared<const Evaluation>(std::move(ev));
    }));
}

} // namespace plait::engine
