#include "commbreakdown.h"

#include "chartlayout.h"
#include "format.h"
#include "palette.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace plait::widgets {

namespace {
// The part of a MoE layer's traffic an item is, where two items share a dimension and a collective: the dispatch
// and the combine (both all-to-alls under the all-to-all and flex dispatchers), expert TP's gather and scatter.
QString roleText(CommPayload p)
{
    switch (p) {
    case CommPayload::TokenDispatch:
        return CommBreakdown::tr("dispatch");
    case CommPayload::TokenCombine:
        return CommBreakdown::tr("combine");
    case CommPayload::RoutedTokensOverEtp:
    case CommPayload::ExpertOutputsOverEtp:
        return CommBreakdown::tr("expert TP");
    case CommPayload::SpOutputGradients:
        return CommBreakdown::tr("output gradients");
    default:
        return {};
    }
}
}

QString commPayloadText(CommPayload p)
{
    // In the order of CommPayload; untranslated, each reads as core's commPayloadName (tst_commbreakdown).
    static const char* const kWhat[] = { QT_TRANSLATE_NOOP("CommWhat", "layer outputs and input gradients"),
        QT_TRANSLATE_NOOP(
            "CommWhat", "layer activations, and inputs re-gathered for weight gradients (sequence parallel)"),
        QT_TRANSLATE_NOOP("CommWhat", "layer activations (sequence parallel)"),
        QT_TRANSLATE_NOOP("CommWhat", "keys and values"), QT_TRANSLATE_NOOP("CommWhat", "key and value gradients"),
        QT_TRANSLATE_NOOP("CommWhat", "token dispatch (and the combine's gradient)"),
        QT_TRANSLATE_NOOP("CommWhat", "token combine (and the dispatch's gradient)"),
        QT_TRANSLATE_NOOP("CommWhat", "routed tokens over expert TP (and their gradients' sums)"),
        QT_TRANSLATE_NOOP("CommWhat", "expert outputs over expert TP (and the tokens' gradients)"),
        QT_TRANSLATE_NOOP("CommWhat", "activations and gradients to and from the neighbouring stages"),
        QT_TRANSLATE_NOOP("CommWhat", "ZeRO-3 weights"), QT_TRANSLATE_NOOP("CommWhat", "ZeRO-3 gradients"),
        QT_TRANSLATE_NOOP("CommWhat", "gradients"), QT_TRANSLATE_NOOP("CommWhat", "updated weights"),
        QT_TRANSLATE_NOOP("CommWhat", "tied embedding gradients"),
        QT_TRANSLATE_NOOP("CommWhat", "gradients of DualPipe's two copies of each stage"),
        QT_TRANSLATE_NOOP("CommWhat", "output gradients of the row-parallel layers (sequence parallel)") };
    static_assert(std::size(kWhat) == std::size(kCommPayloads));
    return QCoreApplication::translate("CommWhat", kWhat[std::size_t(p)]);
}

CommBreakdown::CommBreakdown(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    auto* split = new QComboBox(this);
    split->addItem(tr("Exposed and hidden"));
    split->addItem(tr("Latency (α) and bandwidth (S/β)"));
    auto* splitLabel = new QLabel(tr("Split:"), this);
    bar->addWidget(splitLabel);
    bar->addWidget(split);
    m_controls = { splitLabel, split };
    bar->addStretch();
    layout->addLayout(bar);
    layout->addWidget(m_plot);
    connect(split, &QComboBox::currentIndexChanged, this,
        [this](int i) { setSplit(i == 0 ? Split::Exposure : Split::LatencyBandwidth); });
    m_plot->setMinimumSize(320, 200);
    layOutChart(m_plot, tr("Communication per step"), 2);
    m_first = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    m_second = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    m_second->moveAbove(m_first);
    for (QCPBars* b : { m_first, m_second }) {
        b->setWidthType(QCPBars::wtPlotCoords);
        b->setWidth(0.6);
    }
    m_plot->xAxis->ticker()->setTickCount(4);
    m_empty = new QCPItemText(m_plot);
    m_empty->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_empty->position->setCoords(0.5, 0.5);
    m_empty->setPositionAlignment(Qt::AlignCenter);
    m_empty->setTextAlignment(Qt::AlignCenter);
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);
    setEvaluation(nullptr);
}

void CommBreakdown::setScaleMs(double ms)
{
    m_scaleMs = ms;
    rebuild();
}

void CommBreakdown::setControlsVisible(bool visible)
{
    for (QWidget* w : std::as_const(m_controls))
        w->setVisible(visible);
}

void CommBreakdown::setSplit(Split split)
{
    m_split = split;
    rebuild();
}

void CommBreakdown::setEvaluation(std::shared_ptr<const Evaluation> evaluation)
{
    m_evaluation = std::move(evaluation);
    rebuild();
}

QStringList CommBreakdown::rowLabels() const
{
    return m_labels;
}

QString CommBreakdown::emptyText() const
{
    return m_empty->visible() ? m_empty->text() : QString();
}

void CommBreakdown::rebuild()
{
    const bool exposure = m_split == Split::Exposure;
    m_first->setName(exposure ? tr("exposed") : tr("latency (α)"));
    m_second->setName(exposure ? tr("hidden under compute") : tr("bandwidth (S/β)"));
    m_first->setBrush(exposure ? colors::exposed : colors::latency);
    m_second->setBrush(exposure ? colors::overlapped : colors::bandwidth);
    m_first->setPen(QPen(m_first->brush().color().darker(130)));
    m_second->setPen(QPen(m_second->brush().color().darker(130)));
    QVector<double> keys, first, second;
    m_labels.clear();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const Evaluation* ev = m_evaluation.get();
    double longest = 0;
    const int n = ev && ev->valid ? int(ev->comm.size()) : 0;
    // The collectives are the busiest stage's, the one that sets the pace (a stage with a group across nodes).
    m_plot->xAxis->setLabel(n > 0 && ev->stages.size() > 1
            ? tr("ms per step (stage %1, the busiest)").arg(ev->busiestStage)
            : tr("ms per step"));
    for (int i = 0; i < n; ++i) {
        const CommItem& c = ev->comm[std::size_t(i)];
        const double key = n - 1 - i; // first item on top
        keys << key;
        first << (exposure ? c.exposedS : c.alphaS) * 1e3;
        second << (exposure ? std::max(0.0, c.timeS - c.exposedS) : c.bandwidthS) * 1e3;
        longest = std::max(longest, c.timeS * 1e3);
        const QString role = roleText(c.payload);
        const QString label = tr("%1 %2\n%3 × %4 on %5")
                                  .arg(QString::fromLatin1(dimName(c.dim)).toUpper(),
                                      QString::fromLatin1(collectiveName(c.collective))
                                          + (role.isEmpty() ? QString() : QStringLiteral(" · ") + role))
                                  .arg(c.count)
                                  .arg(formatBytes(c.bytesPerCall),
                                      QString::fromStdString(c.link)
                                          + (c.nodes > 1 ? tr(" (group over %1 nodes)").arg(c.nodes) : QString()));
        m_labels << label;
        ticker->addTick(key, label);
    }
    // Not sorted (the first item has the highest key): QCustomPlot sorts them, and stacks the second bar on the
    // first only when it can find the first's bar at the same key in sorted data.
    m_first->setData(keys, first);
    m_second->setData(keys, second);
    m_plot->yAxis->setTicker(ticker);
    const QFont tickFont(font().family(), 8);
    m_plot->yAxis->setTickLabelFont(tickFont);
    // Room for each item's two label lines (up to eight items; more scroll into each other less than they would
    // squeezed): below it the labels of neighbouring bars overlap.
    m_plot->setMinimumHeight(std::max(200, 120 + std::min(n, 8) * (2 * QFontMetrics(tickFont).height() + 6)));
    // An empty chart says why rather than drawing an axis of nothing.
    m_empty->setText(!ev ? tr("No plan evaluated yet.")
            : !ev->valid ? tr("The plan cannot be evaluated: the summary says why.")
                         : tr("No communication: every parallel size is 1,\nso no GPU sends anything to another."));
    m_empty->setVisible(n == 0);
    m_plot->xAxis->setVisible(n > 0);
    m_plot->yAxis->setVisible(n > 0);
    m_plot->legend->setVisible(n > 0);
    m_plot->yAxis->setRange(-0.6, std::max(n, 1) - 0.4);
    m_longestMs = longest;
    m_plot->xAxis->setRange(0, std::max({ longest, m_scaleMs, 1e-3 }) * 1.1);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int CommBreakdown::itemAt(const QPointF& pos) const
{
    const Evaluation* ev = m_evaluation.get();
    if (!ev || !ev->valid)
        return -1;
    const int n = int(ev->comm.size());
    const double y = m_plot->yAxis->pixelToCoord(pos.y());
    const double x = m_plot->xAxis->pixelToCoord(pos.x());
    const int key = int(std::lround(y));
    if (key < 0 || key >= n || std::abs(y - key) > 0.3 || x < 0)
        return -1;
    const int index = n - 1 - key;
    return x <= ev->comm[std::size_t(index)].timeS * 1e3 ? index : -1;
}

bool CommBreakdown::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_plot && (event->type() == QEvent::MouseMove || event->type() == QEvent::MouseButtonRelease)) {
        const auto* me = static_cast<QMouseEvent*>(event);
        const int i = itemAt(me->position());
        if (i >= 0 && event->type() == QEvent::MouseButtonRelease && me->button() == Qt::LeftButton) {
            emit itemClicked(i);
        } else if (i >= 0) {
            const CommItem& c = m_evaluation->comm[std::size_t(i)];
            QToolTip::showText(me->globalPosition().toPoint(),
                tr("%1: %2 per step, %3 exposed\nlatency %4, bandwidth %5\n%6 per call, %7 calls, %8 ranks\nClick for "
                   "the formula")
                    .arg(commPayloadText(c.payload), formatSeconds(c.timeS), formatSeconds(c.exposedS),
                        formatSeconds(c.alphaS), formatSeconds(c.bandwidthS), formatBytes(c.bytesPerCall))
                    .arg(c.count)
                    .arg(c.groupSize),
                m_plot);
        } else if (event->type() == QEvent::MouseMove) {
            QToolTip::hideText();
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace plait::widgets
