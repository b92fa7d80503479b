#include "memorybars.h"

#include "chartlayout.h"
#include "format.h"
#include "palette.h"

#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace plait::widgets {

namespace {
constexpr double kGiB = double(1ull << 30);
constexpr MemoryTerm kTerms[]
    = { MemoryTerm::Weights, MemoryTerm::Gradients, MemoryTerm::Optimizer, MemoryTerm::Activations, MemoryTerm::Other };

double termBytes(const StageMemory& m, MemoryTerm t)
{
    switch (t) {
    case MemoryTerm::Weights:
        return m.weights;
    case MemoryTerm::Gradients:
        return m.grads;
    case MemoryTerm::Optimizer:
        return m.optimizer;
    case MemoryTerm::Activations:
        return m.activations;
    case MemoryTerm::Other:
        return m.other;
    }
    return 0;
}

QString termTitle(MemoryTerm t)
{
    switch (t) {
    case MemoryTerm::Weights:
        return MemoryBars::tr("Weights");
    case MemoryTerm::Gradients:
        return MemoryBars::tr("Gradients");
    case MemoryTerm::Optimizer:
        return MemoryBars::tr("Optimizer state");
    case MemoryTerm::Activations:
        return MemoryBars::tr("Activations");
    case MemoryTerm::Other:
        return MemoryBars::tr("Other");
    }
    return {};
}

QColor termColor(MemoryTerm t)
{
    switch (t) {
    case MemoryTerm::Weights:
        return colors::weights;
    case MemoryTerm::Gradients:
        return colors::gradients;
    case MemoryTerm::Optimizer:
        return colors::optimizer;
    case MemoryTerm::Activations:
        return colors::activations;
    case MemoryTerm::Other:
        return colors::other;
    }
    return {};
}

// The MoE experts' part of a state term (weights, gradients, optimizer state); 0 for the others.
double expertBytes(const StageMemory& m, MemoryTerm t)
{
    switch (t) {
    case MemoryTerm::Weights:
        return m.expertWeights;
    case MemoryTerm::Gradients:
        return m.expertGrads;
    case MemoryTerm::Optimizer:
        return m.expertOptimizer;
    default:
        return 0;
    }
}

// Dark lines on a light segment, light ones on a dark segment, so that the hatch reads on every term's colour.
QBrush expertHatch(const QColor& under)
{
    return QBrush(under.lightness() < 128 ? under.lighter(190) : under.darker(170), Qt::BDiagPattern);
}
}

MemoryBars::MemoryBars(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMinimumSize(320, 220);
    layOutChart(m_plot, tr("Memory per GPU by pipeline stage"), 3);
    m_plot->yAxis->setLabel(tr("GiB per GPU"));
    m_plot->xAxis->setLabel(tr("Pipeline stage"));
    QCPBars* below = nullptr;
    for (MemoryTerm t : kTerms) {
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(termTitle(t));
        bars->setPen(QPen(termColor(t).darker(130)));
        bars->setBrush(termColor(t));
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(0.7);
        if (below)
            bars->moveAbove(below);
        below = bars;
        m_bars << bars;
    }
    m_expertKey = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_expertKey->setName(tr("MoE experts' share (hatched)"));
    m_expertKey->setPen(QPen(Qt::darkGray));
    m_expertKey->setBrush(expertHatch(Qt::lightGray));
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);
    setEvaluation(nullptr);
}

void MemoryBars::setEvaluation(std::shared_ptr<const Evaluation> evaluation)
{
    m_evaluation = std::move(evaluation);
    m_overflowLabels.clear();
    m_plot->clearItems();
    const Evaluation* ev = m_evaluation.get();
    const int stages = ev && ev->valid ? int(ev->memory.size()) : 0;
    QVector<double> keys;
    for (int s = 0; s < stages; ++s)
        keys << s;
    double top = 1;
    for (int i = 0; i < m_bars.size(); ++i) {
        QVector<double> values;
        for (int s = 0; s < stages; ++s)
            values << termBytes(ev->memory[std::size_t(s)], kTerms[i]) / kGiB;
        m_bars[i]->setData(keys, values, true);
    }
    // Each state segment's expert part, hatched at its top; the legend names the hatch only when there is one.
    bool anyExperts = false;
    for (int s = 0; s < stages; ++s) {
        const StageMemory& m = ev->memory[std::size_t(s)];
        double base = 0;
        for (MemoryTerm t : kTerms) {
            base += termBytes(m, t);
            const double expert = expertBytes(m, t);
            if (expert <= 0)
                continue;
            anyExperts = true;
            auto* hatch = new QCPItemRect(m_plot);
            hatch->topLeft->setCoords(s - 0.35, base / kGiB);
            hatch->bottomRight->setCoords(s + 0.35, (base - expert) / kGiB);
            hatch->setPen(Qt::NoPen);
            hatch->setBrush(expertHatch(termColor(t)));
            hatch->setSelectable(false);
        }
    }
    if (anyExperts)
        m_expertKey->addToLegend();
    else
        m_expertKey->removeFromLegend();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    // With many stages, label every n-th so the numbers stay readable.
    const int step = std::max(1, stages / 16);
    for (int s = 0; s < stages; s += step)
        ticker->addTick(s, QString::number(s));
    m_plot->xAxis->setTicker(ticker);
    if (ev && ev->valid) {
        const double capacity = ev->capacityBytes / kGiB;
        top = std::max(capacity, ev->peakBytes / kGiB);
        auto* line = new QCPItemStraightLine(m_plot);
        line->point1->setCoords(-1, capacity);
        line->point2->setCoords(1, capacity);
        line->setPen(QPen(Qt::black, 1.5, Qt::DashLine));
        auto* capLabel = new QCPItemText(m_plot);
        capLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        capLabel->position->setType(QCPItemPosition::ptPlotCoords);
        capLabel->position->setCoords(-0.45, capacity);
        capLabel->setText(tr("capacity %1").arg(formatBytes(ev->capacityBytes)));
        capLabel->setFont(QFont(font().family(), 8));
        // Every stage over capacity gets a red outline; the text only the worst one, so that labels of neighbouring
        // bars never run into each other (with how many stages are over).
        QStringList texts;
        int over = 0, worst = -1;
        for (int s = 0; s < stages; ++s) {
            texts << overflowText(s);
            if (!texts.back().isEmpty()) {
                ++over;
                if (worst < 0 || ev->memory[std::size_t(s)].total() > ev->memory[std::size_t(worst)].total())
                    worst = s;
            }
        }
        for (int s = 0; s < stages; ++s) {
            QString text = texts[s];
            if (text.isEmpty())
                continue;
            if (s != worst)
                text.clear();
            else if (over > 1)
                text = tr("%1\n(%n stage(s) over capacity)", nullptr, over).arg(text);
            auto* label = new QCPItemText(m_plot);
            label->position->setType(QCPItemPosition::ptPlotCoords);
            label->position->setCoords(s, ev->memory[std::size_t(s)].total() / kGiB);
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setColor(colors::overflow);
            label->setText(text);
            label->setFont(QFont(font().family(), 8, QFont::Bold));
            m_overflowLabels << label;
            // The stage that does not fit gets a red outline.
            auto* outline = new QCPItemRect(m_plot);
            outline->topLeft->setCoords(s - 0.38, ev->memory[std::size_t(s)].total() / kGiB);
            outline->bottomRight->setCoords(s + 0.38, 0);
            outline->setPen(QPen(colors::overflow, 2.5));
            outline->setBrush(Qt::NoBrush);
        }
    }
    m_plot->xAxis->setRange(-0.6, std::max(stages, 1) - 0.4);
    m_topGiB = top;
    m_plot->yAxis->setRange(0, std::max(top, m_scaleGiB) * 1.18);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MemoryBars::setScaleGiB(double gib)
{
    m_scaleGiB = gib;
    m_plot->yAxis->setRange(0, std::max(m_topGiB, m_scaleGiB) * 1.18);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString MemoryBars::overflowText(int stage) const
{
    const Evaluation* ev = m_evaluation.get();
    if (!ev || stage < 0 || stage >= int(ev->memory.size()))
        return {};
    const StageMemory& m = ev->memory[std::size_t(stage)];
    if (m.total() <= ev->capacityBytes)
        return {};
    MemoryTerm largest = MemoryTerm::Weights;
    for (MemoryTerm t : kTerms)
        if (termBytes(m, t) > termBytes(m, largest))
            largest = t;
    return tr("over by %1: %2").arg(formatBytes(m.total() - ev->capacityBytes), termTitle(largest).toLower());
}

bool MemoryBars::segmentAt(const QPointF& pos, int* stage, MemoryTerm* term) const
{
    const Evaluation* ev = m_evaluation.get();
    if (!ev || !ev->valid)
        return false;
    const double x = m_plot->xAxis->pixelToCoord(pos.x());
    const double y = m_plot->yAxis->pixelToCoord(pos.y()) * kGiB;
    const int s = int(std::lround(x));
    if (s < 0 || s >= int(ev->memory.size()) || std::abs(x - s) > 0.35 || y < 0)
        return false;
    double base = 0;
    for (MemoryTerm t : kTerms) {
        const double h = termBytes(ev->memory[std::size_t(s)], t);
        if (y >= base && y < base + h) {
            *stage = s;
            *term = t;
            return true;
        }
        base += h;
    }
    return false;
}

bool MemoryBars::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_plot && (event->type() == QEvent::MouseMove || event->type() == QEvent::MouseButtonRelease)) {
        const auto* me = static_cast<QMouseEvent*>(event);
        int stage = 0;
        MemoryTerm term = MemoryTerm::Weights;
        if (segmentAt(me->position(), &stage, &term)) {
            if (event->type() == QEvent::MouseButtonRelease && me->button() == Qt::LeftButton) {
                emit segmentClicked(stage, term);
            } else {
                const StageMemory& m = m_evaluation->memory[std::size_t(stage)];
                const double expert = expertBytes(m, term);
                const QString experts = expert > 0
                    ? tr("\nof which MoE experts: %1, dense: %2")
                          .arg(formatBytes(expert), formatBytes(termBytes(m, term) - expert))
                    : QString();
                const QString quantized = term == MemoryTerm::Weights && m.quantizedWeights > 0
                    ? tr("\nof which quantized copies (FP8/FP4): %1").arg(formatBytes(m.quantizedWeights))
                    : QString();
                QToolTip::showText(me->globalPosition().toPoint(),
                    tr("Stage %1 — %2: %3%4\nTotal %5 of %6; the allocator would reserve about %7\nClick for "
                       "the formula")
                        .arg(stage)
                        .arg(termTitle(term), formatBytes(termBytes(m, term)), experts + quantized,
                            formatBytes(m.total()), formatBytes(m_evaluation->capacityBytes), formatBytes(m.reserved)),
                    m_plot);
            }
        } else if (event->type() == QEvent::MouseMove) {
            QToolTip::hideText();
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace plait::widgets
