#include "summaryview.h"

#include "format.h"

#include <QGridLayout>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace plait::widgets {

SummaryView::SummaryView(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    auto* grid = new QGridLayout;
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
    m_warnings = new QListWidget(this);
    m_warnings->setWordWrap(true);
    m_warnings->setMaximumHeight(72);
    layout->addWidget(new QLabel(tr("Warnings"), this));
    layout->addWidget(m_warnings, 1);
    setEvaluation(nullptr);
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

void SummaryView::setEvaluation(std::shared_ptr<const Evaluation> evaluation)
{
    m_evaluation = std::move(evaluation);
    m_warnings->clear();
    const Evaluation* ev = m_evaluation.get();
    if (!ev || !ev->valid) {
        for (QLabel* l : std::as_const(m_figures))
            l->setText(QStringLiteral("—"));
        QString text = ev ? tr("This plan cannot be evaluated:") : tr("No plan loaded.");
        if (ev)
            for (const Issue& e : ev->errors)
                text += QStringLiteral("\n• ")
                    + QString::fromStdString(e.field.empty() ? e.message : e.field + ": " + e.message);
        m_status->setText(text);
        return;
    }
    m_status->setText(QString::fromStdString(ev->plan));
    m_figures[QStringLiteral("step")]->setText(ev->stepSlowS > 0
            ? tr("%1 (%2–%3)").arg(formatSeconds(ev->stepS), formatSeconds(ev->stepFastS), formatSeconds(ev->stepSlowS))
            : formatSeconds(ev->stepS));
    m_figures[QStringLiteral("step")]->setToolTip(ev->stepSlowS > 0
            ? tr("The range: every uncertain rate at the ends of its published spread (the GEMM rate from the "
                 "short-burst best to 5% below the sustained one, the slowest GPU of a node; compute beside "
                 "communication from no slowdown to 40%, the most measured)")
            : QString());
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
    m_figures[QStringLiteral("bubble")]->setText(formatPercent(ev->bubbleFraction));
    m_figures[QStringLiteral("comm")]->setText(formatSeconds(ev->exposedCommS));
    QLabel* mem = m_figures[QStringLiteral("memory")];
    mem->setText(tr("%1 of %2").arg(formatBytes(ev->peakBytes), formatBytes(ev->capacityBytes)));
    mem->setStyleSheet(ev->peakBytes > ev->capacityBytes ? QStringLiteral("color: #c0392b;") : QString());
    for (const Warning& w : ev->warnings)
        m_warnings->addItem(warningText(w)); // in the user's language, with core's numbers
    if (ev->warnings.empty())
        m_warnings->addItem(tr("No warnings."));
}

QString SummaryView::warningText(const Warning& w)
{
    // The message in the user's language, with core's numbers put in; core's English text when the code is new.
    QString t;
    if (w.code == "tp-crosses-node")
        t = tr("%1 of %2 TP groups span more than one node (e.g. GPUs %3): every layer's TP traffic then runs at "
               "%4 GB/s per GPU over %5 instead of %6 GB/s over %7");
    else if (w.code == "too-few-microbatches")
        t = tr("m = %1 micro-batches for p = %2 stages: the pipeline bubble is %3% of the step; (p−1)/(m+p−1) falls "
               "to 10% at m = 9·(p−1) = %4 micro-batches (a smaller micro-batch or a larger global batch), and "
               "interleaved stages or ZB-H1 shrink it with fewer");
    else if (w.code == "out-of-memory")
        t = tr("stage %1 needs %2 per GPU, the %3 has %4; the largest term is %5 (%6)");
    else if (w.code == "dp-comm-dominates")
        t = tr("exposed data-parallel communication takes %1 ms of the %2 ms step (%3%); a larger global batch per DP "
               "rank, or fewer DP ranks across slow links, would hide it");
    else if (w.code == "unbalanced-stages")
        t = tr("stage %1 computes for %2 ms per step and stage %3 for %4 ms; the others wait for the slowest. Moving "
               "layers off stage %1 (parallel.layers_per_stage) would balance them");
    else if (w.code == "gemm-efficiency-unknown")
        t = tr(
            "%1 has no measured GEMM efficiency in the catalog, so compute times assume the datasheet peak and are a "
            "lower bound; run plait-probe compute to measure it");
    else if (w.code == "gemm-rate-burst")
        t = tr("%1 has only a short-burst GEMM rate in the catalog (%2% of peak, boost clock): a training step runs at "
               "the power limit, slower, so compute times are optimistic; plait-probe compute measures the sustained "
               "rate");
    else if (w.code == "hbm-rate-datasheet")
        t = tr("%1 has no measured streaming rate in the catalog, so memory-bound kernels (norms, activations, the "
               "optimizer step) stream at the datasheet's %2 GB/s, which copies reach only about 87% of on A100 and "
               "H100: their times are optimistic; plait-probe compute measures it");
    else if (w.code == "attention-rate-unknown")
        t = tr(
            "the catalog publishes no speed of the %1 attention kernel on the %2, so attention runs at the GEMM rate, "
            "which no fused attention kernel reaches: its time is a lower bound; choose a kernel the catalog "
            "publishes (training.attention_kernel)");
    else if (w.code == "mfu-above-sustained")
        t = tr("hardware FLOP utilization %1% passes the %2% of peak the %3 sustains in large GEMMs: some measured "
               "shapes ran faster than the sustained rate, which a whole training step will not keep up");
    else if (w.code == "key-ignored")
        t = tr("%1 is not read beside a preset or config.json, which sets the model's shape; it is kept in the file "
               "but has no effect");
    else if (w.code == "unknown-key" && w.args.size() == 3) {
        const QString path = QString::fromStdString(w.args[0]), meant = QString::fromStdString(w.args[1]);
        const QString value = QString::fromStdString(w.args[2]);
        const QString text = meant.isEmpty()
            ? tr("%1 is not a field Plait reads; it is kept in the file but has no effect").arg(path)
            : value.isEmpty()
            ? tr("%1 is not a field Plait reads; did you mean %2? It is kept in the file but has no effect")
                  .arg(path, meant)
            : tr("%1 is not a field Plait reads; did you mean %2? It is kept in the file but has no effect: %2 is %3")
                  .arg(path, meant, value);
        return QStringLiteral("[%1] %2").arg(QString::fromStdString(w.code), text);
    }
    if (t.isEmpty() || t.count(QLatin1Char('%')) < int(w.args.size()))
        return QStringLiteral("[%1] %2").arg(QString::fromStdString(w.code), QString::fromStdString(w.message));
    for (const std::string& a : w.args)
        t = t.arg(w.code == "out-of-memory" && &a == &w.args[4] ? termName(a) : QString::fromStdString(a));
    return QStringLiteral("[%1] %2").arg(QString::fromStdString(w.code), t);
}

QString SummaryView::termName(const std::string& term)
{
    if (term == "weights")
        return tr("weights");
    if (term == "gradients")
        return tr("gradients");
    if (term == "optimizer state")
        return tr("optimizer state");
    if (term == "activations")
        return tr("activations");
    return tr("other");
}

} // namespace plait::widgets
