#include "summaryview.h"

#include "translatedtext.h"

#include "format.h"
#include "runtext.h"

#include <QGridLayout>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

#include <numeric>

namespace plait::widgets {

SummaryView::SummaryView(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(14); // captions of neighbouring figures must not read as one
    layout->addLayout(grid);
    const QList<QPair<QString, QString>> figures = {
        { QStringLiteral("step"), tr("Step time") },
        { QStringLiteral("tokens"), tr("Tokens/s") },
        { QStringLiteral("tflops"), tr("Model TFLOP/s per GPU") },
        { QStringLiteral("mfu"), tr("MFU (causal)") },
        { QStringLiteral("mfu_megatron"), tr("MFU (Megatron count)") },
        { QStringLiteral("hfu"), tr("HFU") },
        { QStringLiteral("bubble"), tr("Pipeline bubble") },
        { QStringLiteral("comm"), tr("Exposed communication") },
        { QStringLiteral("memory"), tr("Peak memory per GPU") },
    };
    int i = 0;
    for (const auto& [key, title] : figures) {
        auto* caption = new QLabel(title, this);
        caption->setStyleSheet(QStringLiteral("color: #555555;"));
        QLabel* value = addFigure(key, title);
        grid->addWidget(caption, 0, i);
        grid->addWidget(value, 1, i);
        ++i;
    }
    const QList<QPair<QString, QString>> run = {
        { QStringLiteral("run_time"), tr("Time to train") },
        { QStringLiteral("run_cost"), tr("Cost to train") },
        { QStringLiteral("goodput"), tr("Goodput") },
        { QStringLiteral("checkpoint"), tr("Checkpoint") },
    };
    i = 0;
    for (const auto& [key, title] : run) {
        auto* caption = new QLabel(title, this);
        caption->setStyleSheet(QStringLiteral("color: #555555;"));
        QLabel* value = addFigure(key, title);
        // Two columns each: these figures are longer than the step's.
        grid->addWidget(caption, 2, 2 * i, 1, 2);
        grid->addWidget(value, 3, 2 * i, 1, 2);
        ++i;
    }
    m_warnings = new QListWidget(this);
    m_warnings->setWordWrap(true);
    m_warnings->setMaximumHeight(72);
    // The list gives way first when the dock is short: the figures above must keep their full height.
    m_warnings->setMinimumHeight(fontMetrics().height() + 12);
    layout->addWidget(new QLabel(tr("Warnings"), this));
    layout->addWidget(m_warnings, 1);
    setEvaluation(nullptr);
    setRun(nullptr, nullptr);
}

void SummaryView::setRun(std::shared_ptr<const RunForecast> run, std::shared_ptr<const Plan> plan)
{
    const RunFigures f = run && plan ? runFigures(*run, *plan) : runFigures(RunForecast {}, Plan {});
    const QPair<const char*, const QString*> shown[] = { { "run_time", &f.time }, { "run_cost", &f.cost },
        { "goodput", &f.goodput }, { "checkpoint", &f.checkpoint } };
    const QString* tips[] = { &f.timeTip, &f.costTip, &f.goodputTip, &f.checkpointTip };
    int i = 0;
    for (const auto& [key, text] : shown) {
        QLabel* l = m_figures[QString::fromLatin1(key)];
        l->setTextFormat(Qt::PlainText); // the currency is the user's text
        l->setText(*text);
        l->setToolTip(*tips[i++]);
    }
}

QLabel* SummaryView::addFigure(const QString& key, const QString& title)
{
    auto* label = new QLabel(this);
    label->setAccessibleName(title);
    QFont f = label->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    label->setFont(f);
    m_figures.insert(key, label);
    return label;
}

QString SummaryView::figureText(const QString& key) const
{
    const QLabel* l = m_figures.value(key);
    return l ? l->text() : QString();
}

QString SummaryView::basisText(const Evaluation& ev)
{
    // The calibration layer's fit (core/model/costcalibration.h), or the cluster's own; then the rates measured here.
    const QString fit = !ev.calibrationShipped
        ? tr("Calibrated for this cluster: its own efficiencies replace the shipped fit.")
        : ev.calibrationRuns > 0 ? tr("Calibrated on %1 published runs (cross-validated error %2).")
                                       .arg(ev.calibrationRuns)
                                       .arg(formatPercent(ev.calibrationCrossValidated))
                                 : tr("Not calibrated: the unfitted model.");
    const QString similar = similarRunsText(ev.similarRuns);
    const QString fitted = similar.isEmpty() ? fit : fit + QLatin1Char(' ') + similar;
    if (ev.measuredRates.empty())
        return fitted;
    return tr("%1 Measured on this cluster: %2 of its rates replace the published ones.")
        .arg(fitted, QString::number(ev.measuredRates.size()));
}

QString SummaryView::similarRunsText(const SimilarRuns& s)
{
    // The runs the shipped fit rests on that are most like the plan (core/model/similarruns.h).
    if (s.ofRuns == 0)
        return {};
    const QString like = tr("same GPU, framework, attention kernel, weight sharding, pipeline or none, dense or MoE, "
                            "and 1/%1 to %1 times its GPUs")
                             .arg(kSimilarGpuFactor);
    if (s.runs == 0)
        return tr("No published run among the %1 is like this one (%2): the calibration never saw a plan of this "
                  "kind.")
            .arg(s.ofRuns)
            .arg(like);
    const QString gpus
        = s.minGpus == s.maxGpus ? QString::number(s.minGpus) : tr("%1–%2").arg(s.minGpus).arg(s.maxGpus);
    const QString sources = QString::fromStdString(std::accumulate(s.sources.begin(), s.sources.end(), std::string(),
        [](const std::string& a, const std::string& b) { return a.empty() ? b : a + ", " + b; }));
    if (!s.enough())
        return tr("Published runs like this one (%1): %2 of %3 (%4; %5 GPUs), too few to say how far off such plans "
                  "are.")
            .arg(like)
            .arg(s.runs)
            .arg(s.ofRuns)
            .arg(sources, gpus);
    const QString off = s.meanSigned < 0 ? tr("predicted %1 too fast on average").arg(formatPercent(-s.meanSigned))
                                         : tr("predicted %1 too slow on average").arg(formatPercent(s.meanSigned));
    return tr("Published runs like this one (%1): %2 of %3 (%4; %5 GPUs), %6, cross-validated (mean |error| %7).")
        .arg(like)
        .arg(s.runs)
        .arg(s.ofRuns)
        .arg(sources, gpus, off, formatPercent(s.meanAbs));
}

void SummaryView::setEvaluation(std::shared_ptr<const Evaluation> evaluation)
{
    m_evaluation = std::move(evaluation);
    listWarnings();
    const Evaluation* ev = m_evaluation.get();
    if (!ev || !ev->valid) {
        for (QLabel* l : std::as_const(m_figures))
            l->setText(QStringLiteral("—"));
        QString text = ev ? tr("This plan cannot be evaluated:") : tr("No plan loaded.");
        if (ev)
            for (const Issue& e : ev->errors)
                text += QStringLiteral("\n• ") + issueText(e);
        m_status->setText(text);
        return;
    }
    m_status->setText(QString::fromStdString(ev->plan));
    m_figures[QStringLiteral("step")]->setText(ev->stepSlowS > 0
            ? tr("%1 (%2–%3)").arg(formatSeconds(ev->stepS), formatSeconds(ev->stepFastS), formatSeconds(ev->stepSlowS))
            : formatSeconds(ev->stepS));
    const QString basis = basisText(*ev);
    m_figures[QStringLiteral("step")]->setToolTip(ev->stepSlowS > 0
            ? tr("The range: every uncertain rate at the ends of its published spread (the GEMM rate from the "
                 "short-burst best to 5% below the sustained one, the slowest GPU of a node; compute beside "
                 "communication from no slowdown to 40%, the most measured)")
                + QStringLiteral("\n") + basis
            : basis);
    m_figures[QStringLiteral("tokens")]->setText(formatNumber(ev->tokensPerS, 4));
    m_figures[QStringLiteral("tflops")]->setText(formatNumber(ev->modelTflopsPerGpu, 4));
    m_figures[QStringLiteral("mfu")]->setText(formatPercent(ev->mfu));
    m_figures[QStringLiteral("mfu_megatron")]->setText(formatPercent(ev->mfuMegatron));
    m_figures[QStringLiteral("mfu")]->setToolTip(
        tr("Model FLOPs with the causal half of the attention matrix, the work a causal model needs, over the "
           "step time and the GPUs' dense peak"));
    m_figures[QStringLiteral("mfu_megatron")]->setToolTip(
        tr("Model FLOPs as Megatron-LM counts them (the whole attention matrix), the figure its logs and published "
           "tables report"));
    m_figures[QStringLiteral("hfu")]->setText(formatPercent(ev->hfu));
    // The bubble is the busiest stage's idle time; the stages that wait for it idle longer, as their lanes show.
    const bool waiting = ev->idlestFraction > ev->bubbleFraction + 0.005;
    m_figures[QStringLiteral("bubble")]->setText(waiting ? tr("%1 (stage %2); stage %3 idles %4")
                                                               .arg(formatPercent(ev->bubbleFraction))
                                                               .arg(ev->busiestStage)
                                                               .arg(ev->idlestStage)
                                                               .arg(formatPercent(ev->idlestFraction))
                                                         : formatPercent(ev->bubbleFraction));
    m_figures[QStringLiteral("bubble")]->setToolTip(
        tr("Idle time of the busiest stage (stage %1) in the pipeline phase, over the step: the fill and drain. "
           "A stage with less work also idles while it waits for the busiest; the Gantt lanes show each stage's "
           "idle time.")
            .arg(ev->busiestStage));
    m_figures[QStringLiteral("comm")]->setText(formatSeconds(ev->exposedCommS));
    QLabel* mem = m_figures[QStringLiteral("memory")];
    mem->setText(tr("%1 of %2").arg(formatBytes(ev->peakBytes), formatBytes(ev->capacityBytes)));
    mem->setStyleSheet(ev->peakBytes > ev->capacityBytes ? QStringLiteral("color: #c0392b;") : QString());
}

void SummaryView::setFileWarnings(std::vector<Warning> warnings)
{
    m_fileWarnings = std::move(warnings);
    listWarnings();
}

void SummaryView::listWarnings()
{
    m_warnings->clear();
    for (const Warning& w : m_fileWarnings)
        m_warnings->addItem(warningText(w)); // in the user's language, with core's numbers
    if (m_evaluation && m_evaluation->valid)
        for (const Warning& w : m_evaluation->warnings)
            m_warnings->addItem(warningText(w));
    if (m_warnings->count() == 0 && m_evaluation && m_evaluation->valid)
        m_warnings->addItem(tr("No warnings."));
}

} // namespace plait::widgets
