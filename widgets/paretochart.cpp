#include "paretochart.h"

#include "format.h"

#include <QLocale>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace plait::widgets {

namespace {
// Labelled ticks for a log axis: 1, 2 and 5 in each decade, then 1, 2, 3 and 5, then every mantissa 1–9, the first
// set that leaves at least three (more crowd a short chart).
std::vector<double> logTicks(double low, double high)
{
    std::vector<double> ticks;
    if (!(low > 0) || !(high > low))
        return ticks;
    for (const std::vector<double>& mantissas : { std::vector<double> { 1, 2, 5 }, std::vector<double> { 1, 2, 3, 5 },
             std::vector<double> { 1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9 } }) {
        ticks.clear();
        for (double decade = std::pow(10.0, std::floor(std::log10(low))); decade <= high; decade *= 10)
            for (double m : mantissas)
                if (const double t = m * decade; t >= low && t <= high)
                    ticks.push_back(t);
        if (ticks.size() >= 3)
            break;
    }
    return ticks;
}
}

ParetoChart::ParetoChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMinimumHeight(140); // the dock shares the window's height with the timeline: fits a 1080-line screen
    m_plot->xAxis->setLabel(tr("peak memory per GPU (GiB)"));
    m_plot->yAxis->setLabel(tr("step (s)")); // at the slow end, as the table ranks them; short, for a low chart
    // Step times span orders of magnitude (the best plans and the ones that barely run): a log axis keeps the
    // best ones apart. The legend sits under the chart, where it hides no point.
    m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    m_plot->legend->setVisible(true);
    m_plot->legend->setWrap(2); // two to a row: whole beside the table too
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    connect(m_plot, &QCustomPlot::mouseMove, this,
        [this](QMouseEvent* e) { emit pointHovered(pointAt(e->position()), e->globalPosition().toPoint()); });
    connect(m_plot, &QCustomPlot::plottableClick, this, [this](QCPAbstractPlottable* p, int dataIndex, QMouseEvent*) {
        if (p && p->property("candidates").toBool() && dataIndex >= 0 && dataIndex < int(m_all.size()))
            emit pointClicked(m_all[std::size_t(dataIndex)].index);
    });
}

void ParetoChart::setPoints(
    std::vector<Point> all, std::vector<Point> front, std::optional<Point> current, double capacityGiB)
{
    m_plot->clearPlottables();
    m_plot->clearItems();
    auto byMemory = [](const Point& a, const Point& b) {
        return a.peakGiB < b.peakGiB || (a.peakGiB == b.peakGiB && a.stepS < b.stepS);
    };
    std::sort(all.begin(), all.end(), byMemory);
    std::sort(front.begin(), front.end(), byMemory);
    m_all = std::move(all);
    QVector<double> x, y, fx, fy;
    for (const Point& p : m_all) {
        x << p.peakGiB;
        y << p.stepS;
    }
    for (const Point& p : front) {
        fx << p.peakGiB;
        fy << p.stepS;
    }
    auto* points = new QCPGraph(m_plot->xAxis, m_plot->yAxis);
    points->setName(tr("plans that fit (click to apply)"));
    points->setProperty("candidates", true);
    points->setLineStyle(QCPGraph::lsNone);
    points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0x00, 0x72, 0xB2, 150), 6));
    points->setData(x, y, true);
    auto* pareto = new QCPGraph(m_plot->xAxis, m_plot->yAxis);
    pareto->setName(tr("Pareto front"));
    pareto->setPen(QPen(QColor(0xD5, 0x5E, 0x00), 2));
    pareto->setLineStyle(QCPGraph::lsStepLeft);
    pareto->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QColor(0xD5, 0x5E, 0x00), 9));
    pareto->setData(fx, fy, true);
    // The axes are the candidates' (and the capacity's). The searched plan joins them when it lies near; far off
    // (a plan needing 40 times the memory, or ten times the step) it is drawn at the edge with its figures, so that
    // it does not squash the candidates into a corner.
    double xHi = capacityGiB, yLo = 0, yHi = 0;
    for (const Point& p : m_all) {
        xHi = std::max(xHi, p.peakGiB);
        yLo = yLo > 0 ? std::min(yLo, p.stepS) : p.stepS;
        yHi = std::max(yHi, p.stepS);
    }
    if (current) {
        const bool none = m_all.empty();
        const bool nearX = none || current->peakGiB <= 1.5 * xHi;
        const bool nearY = none || (current->stepS >= yLo / 3 && current->stepS <= 3 * yHi);
        if (nearX)
            xHi = std::max(xHi, current->peakGiB);
        if (nearY) {
            yLo = yLo > 0 ? std::min(yLo, current->stepS) : current->stepS;
            yHi = std::max(yHi, current->stepS);
        }
        const double drawnX = nearX ? current->peakGiB : xHi * 1.04;
        const double drawnY = nearY ? current->stepS : current->stepS > yHi ? yHi * 1.2 : yLo / 1.2;
        auto* star = new QCPGraph(m_plot->xAxis, m_plot->yAxis);
        star->setName(tr("this plan"));
        star->setLineStyle(QCPGraph::lsNone);
        star->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssStar, QPen(QColor(0xCC, 0x00, 0x66), 2.5), Qt::NoBrush, 16));
        star->setData({ drawnX }, { drawnY }, true);
        if (!nearX || !nearY) {
            auto* where = new QCPItemText(m_plot);
            where->position->setCoords(drawnX, drawnY);
            where->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
            where->setPadding(QMargins(0, 0, 14, 0));
            where->setColor(QColor(0xCC, 0x00, 0x66));
            where->setText(tr("this plan, off the chart: %1 GiB, %2 s")
                               .arg(QLocale().toString(current->peakGiB, 'f', 0))
                               .arg(formatNumber(current->stepS, 3)));
        }
    }
    m_plot->setInteractions(QCP::iSelectPlottables);
    auto* cap = new QCPItemStraightLine(m_plot);
    cap->point1->setCoords(capacityGiB, 0);
    cap->point2->setCoords(capacityGiB, 1);
    cap->setPen(QPen(Qt::black, 1, Qt::DashLine));
    m_plot->xAxis->setRange(0, xHi * 1.08);
    if (yHi > 0) {
        const QCPRange range(yLo / 1.25, yHi * 1.25);
        m_plot->yAxis->setRange(range);
        auto ticker = m_plot->yAxis->ticker().staticCast<QCPAxisTickerText>();
        ticker->clear();
        for (double t : logTicks(range.lower, range.upper))
            ticker->addTick(t, formatNumber(t, 3));
    }
    // Cost to train on the right: the same points, each step second costing m_costPerStepS.
    QCPAxis* cost = m_plot->yAxis2;
    cost->setVisible(m_costPerStepS > 0);
    if (m_costPerStepS > 0) {
        cost->setScaleType(QCPAxis::stLogarithmic);
        cost->setLabel(m_costLabel);
        const QCPRange steps = m_plot->yAxis->range();
        const QCPRange range(steps.lower * m_costPerStepS, steps.upper * m_costPerStepS);
        cost->setRange(range);
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (double t : logTicks(range.lower, range.upper))
            ticker->addTick(t, t >= 1000 ? QLocale().toString(qint64(std::llround(t))) : QLocale().toString(t, 'g', 3));
        cost->setTicker(ticker);
    }
    m_plot->replot();
}

void ParetoChart::setCostAxis(double costPerStepSecond, const QString& label)
{
    m_costPerStepS = costPerStepSecond > 0 && std::isfinite(costPerStepSecond) ? costPerStepSecond : 0;
    m_costLabel = label;
}

int ParetoChart::pointAt(QPointF pos) const
{
    double best = 6.0 * 6.0; // pixels², squared
    int found = -1;
    for (const Point& p : m_all) {
        const double dx = m_plot->xAxis->coordToPixel(p.peakGiB) - pos.x();
        const double dy = m_plot->yAxis->coordToPixel(p.stepS) - pos.y();
        if (dx * dx + dy * dy <= best) {
            best = dx * dx + dy * dy;
            found = p.index;
        }
    }
    return found;
}

} // namespace plait::widgets
