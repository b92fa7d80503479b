#include "advicepanel.h"

#include "format.h"

#include <QFrame>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace plait::app {

namespace {
QString arg(const Advice& a, std::size_t i)
{
    return i < a.args.size() ? QString::fromStdString(a.args[i]) : QString();
}
}

QString AdvicePanel::title(const Advice& a)
{
    const std::string& c = a.code;
    if (c == "memory-optimizer")
        return tr("1. Memory: shard the optimizer state");
    if (c == "memory-activations")
        return tr("1. Memory: recompute or split the activations");
    if (c == "memory-weights")
        return tr("1. Memory: split the model with TP or PP");
    if (c == "tp-wider-than-node")
        return tr("2. Interconnect: TP wider than a node");
    if (c == "tp-crosses-node")
        return tr("2. Interconnect: TP groups cross nodes");
    if (c == "too-few-microbatches")
        return tr("Pitfall: too few micro-batches for the pipeline");
    if (c == "tp-comm-exposed")
        return tr("Pitfall: exposed tensor-parallel communication");
    if (c == "dp-comm-dominates")
        return tr("Pitfall: data-parallel communication dominates");
    if (c == "prefer-dp")
        return tr("3. DP first: TP and PP are not needed here");
    return QString::fromStdString(c);
}

QString AdvicePanel::saw(const Advice& a)
{
    const std::string& c = a.code;
    if (c == "memory-optimizer")
        return tr("Stage %1 needs %2 per GPU of %3; optimizer state and gradients take %4.")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3));
    if (c == "memory-activations")
        return tr("Stage %1 needs %2 per GPU of %3; activations of %4 micro-batches in flight take %5.")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), arg(a, 4));
    if (c == "memory-weights")
        return tr("Stage %1 needs %2 per GPU of %3; the largest term is %4 (%5) with ZeRO and recomputation already "
                  "doing what they can.")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), arg(a, 4));
    if (c == "tp-wider-than-node")
        return tr("TP = %1 is wider than the %2 GPUs of a node.").arg(arg(a, 0), arg(a, 1));
    if (c == "tp-crosses-node")
        return tr("%1 of %2 TP groups span more than one node (e.g. GPUs %3): their traffic runs at %4 GB/s per GPU "
                  "over %5 instead of %6 GB/s over %7.")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), arg(a, 4), arg(a, 5), arg(a, 6));
    if (c == "too-few-microbatches")
        return tr("m = %1 micro-batches for p = %2 stages: the bubble is %3% of the step.")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2));
    if (c == "tp-comm-exposed")
        return tr("Exposed tensor-parallel communication takes %1 ms of the %2 ms step (%3%).")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2));
    if (c == "dp-comm-dominates")
        return tr("Exposed data-parallel communication takes %1 ms of the %2 ms step (%3%).")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2));
    if (c == "prefer-dp")
        return tr("TP %1 × PP %2, while the model fits with data parallelism alone (ZeRO %3).")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2));
    return QString::fromStdString(a.saw);
}

QString AdvicePanel::why(const Advice& a)
{
    const std::string& c = a.code;
    if (c == "memory-optimizer")
        return tr("Adam keeps 12 bytes per parameter (fp32 master copy, momentum, variance) and the gradients on every "
                  "data-parallel rank unless ZeRO shards them across the ranks.");
    if (c == "memory-activations")
        return tr("Activations stay until their backward pass; recomputing them costs part of a forward pass but frees "
                  "most of that memory; splitting the sequence (CP) or the layers (TP, PP) over more GPUs divides them "
                  "too. The fix is whichever fits at the least step time.");
    if (c == "memory-weights")
        return tr("What is left is divided only by tensor or pipeline parallelism: they split the weights and each "
                  "layer's activations.");
    if (c == "tp-wider-than-node" || c == "tp-crosses-node")
        return tr(
            "Every layer runs TP collectives in its forward and backward passes; across nodes they cross the NICs "
            "at a fraction of NVLink bandwidth, while PP and DP send fewer, larger messages.");
    if (c == "too-few-microbatches")
        return tr("A pipeline idles (p−1)/(m+p−1) of the time while it fills and drains; more micro-batches, "
                  "interleaving or ZB-H1 shrink that.");
    if (c == "tp-comm-exposed")
        return tr("Each layer's TP collectives wait in the forward pass and, unless overlapped, in the backward; "
                  "Transformer Engine's userbuffers overlap (training.tp_overlap all, with sequence parallelism) runs "
                  "them beside the GEMMs, and a smaller TP sends less per layer over fewer ranks.");
    if (c == "dp-comm-dominates")
        return tr("Each step reduces every gradient across the DP ranks, whatever the batch; with little work per rank "
                  "the reduction cannot hide under the backward pass.");
    if (c == "prefer-dp")
        return tr("DP adds one gradient reduction per step, overlapped with the backward pass; TP adds collectives to "
                  "every layer and PP a bubble.");
    return QString::fromStdString(a.why);
}

AdvicePanel::AdvicePanel(QWidget* parent)
    : QWidget(parent)
{
    auto* inner = new QWidget;
    m_list = new QVBoxLayout(inner);
    m_list->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(inner);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_status = new QLabel(tr("No plan yet."), this);
    m_status->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_status);
    layout->addWidget(scroll, 1);
}

void AdvicePanel::setPending()
{
    m_status->setText(tr("Thinking…"));
}

void AdvicePanel::setAdvice(std::shared_ptr<const engine::AdviceResult> advice)
{
    m_advice = std::move(advice);
    show(m_advice->items);
}

void AdvicePanel::show(const std::vector<Advice>& items)
{
    m_items = items;
    while (m_list->count() > 1) {
        QLayoutItem* item = m_list->takeAt(0);
        delete item->widget();
        delete item;
    }
    m_status->setText(m_items.empty()
            ? tr("No advice: memory fits, TP stays inside the nodes, the bubble and the "
                 "data-parallel communication are small, and DP alone would not be faster.")
            : tr("%n item(s), in the order an experienced engineer would look at them:", nullptr, int(m_items.size())));
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        const Advice& a = m_items[i];
        auto* box = new QFrame;
        box->setFrameShape(QFrame::StyledPanel);
        auto* v = new QVBoxLayout(box);
        auto* text = new QLabel(QStringLiteral("<b>%1</b><br>%2<br><i>%3</i>")
                                    .arg(title(a).toHtmlEscaped(), saw(a).toHtmlEscaped(), why(a).toHtmlEscaped()));
        text->setWordWrap(true);
        v->addWidget(text);
        if (a.fixed) {
            auto* apply = new QPushButton(
                tr("Apply fix: step %1, peak %2 per GPU")
                    .arg(widgets::formatSeconds(a.fixedStepS), widgets::formatBytes(a.fixedPeakBytes)));
            apply->setToolTip(QString::fromStdString(a.fix));
            connect(apply, &QPushButton::clicked, this, [this, i] {
                if (i < m_items.size() && m_items[i].fixed)
                    emit applyRequested(*m_items[i].fixed, title(m_items[i]));
            });
            v->addWidget(apply);
        } else {
            v->addWidget(new QLabel(tr("No single change fixes this; Suggest plans searches every combination.")));
        }
        m_list->insertWidget(m_list->count() - 1, box);
    }
    emit itemsChanged();
}

} // namespace plait::app
