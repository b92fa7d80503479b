#pragma once

#include "evaluation.h"
#include "plan.h"

#include <QObject>
#include <memory>

namespace plait::engine {

// Runs core::evaluate off the GUI thread. The newest request wins: results of requests that were overtaken
// are dropped, so a burst of edits costs one evaluation per result shown.
class EvaluationRunner : public QObject {
    Q_OBJECT
public:
    explicit EvaluationRunner(QObject* parent = nullptr);

    void request(const Plan& plan);
    std::shared_ptr<const Evaluation> latest() const { return m_latest; }

signals:
    void evaluationAvailable(std::shared_ptr<const plait::Evaluation> evaluation);

private:
    quint64 m_generation = 0;
    std::shared_ptr<const Evaluation> m_latest;
};

} // namespace plait::engine
