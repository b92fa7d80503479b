#pragma once

#include "evaluation.h"
#include "plan.h"
#include "runforecast.h"

#include <QWidget>
#include <memory>

class QLabel;
class QListWidget;

namespace plait::widgets {

// The summary strip: step time, tokens/s, TFLOP/s per GPU, MFU, bubble, peak memory against capacity, the training
// run's time, cost, goodput and checkpoint, and the warnings with their reasons. Draws an Evaluation; computes nothing.
class SummaryView : public QWidget {
    Q_OBJECT
public:
    explicit SummaryView(QWidget* parent = nullptr);

    void setEvaluation(std::shared_ptr<const Evaluation> evaluation);
    // The plan file's own warnings (keys it holds that Plait does not read), listed before the evaluation's, also
    // when the plan cannot be evaluated: a misspelt key is often why.
    void setFileWarnings(std::vector<Warning> warnings);
    // What the evaluation's step time rests on, one sentence: the shipped calibration (its runs and cross-validated
    // error), the cluster's own efficiencies, or the unfitted model. The report says the same.
    static QString basisText(const Evaluation& ev);
    // Of the shipped fit's runs, how many are like the plan and how far off they were, one sentence; empty where the
    // evaluation has no such summary (another fit, figures only).
    static QString similarRunsText(const SimilarRuns& s);
    // The training run's time, cost, goodput and checkpoint, beside the step (null: shown as missing).
    void setRun(std::shared_ptr<const RunForecast> run, std::shared_ptr<const Plan> plan);
    QString figureText(const QString& key) const; // for tests: the text shown for one figure

private:
    QLabel* addFigure(const QString& key, const QString& title);
    void listWarnings();

    std::shared_ptr<const Evaluation> m_evaluation;
    std::vector<Warning> m_fileWarnings;
    QHash<QString, QLabel*> m_figures;
    QLabel* m_status = nullptr;
    QListWidget* m_warnings = nullptr;
};

} // namespace plait::widgets
