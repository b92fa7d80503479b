#include "evaluationrunner.h"

#include "evaluate.h"

#include <QtConcurrent>

namespace plait::engine {

EvaluationRunner::EvaluationRunner(QObject* parent)
    : QObject(parent)
{
}

void EvaluationRunner::request(const Plan& plan)
{
    const quint64 generation = ++m_generation;
    QtConcurrent::run([plan] {
        return std::make_shared<const Evaluation>(evaluate(plan));
    }).then(this, [this, generation](std::shared_ptr<const Evaluation> ev) {
        if (generation != m_generation)
            return;
        m_latest = ev;
        emit evaluationAvailable(ev);
    });
}

} // namespace plait::engine
