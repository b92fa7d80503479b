#pragma once
// Step time against peak memory per GPU for every plan a search found that fits, the Pareto front marked, the plan
// being searched from as a star and the GPU's capacity as a line. Points are the caller's indices: hovering or
// clicking one names its index. Draws; computes nothing.
#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

class QCustomPlot;

namespace plait::widgets {

class ParetoChart : public QWidget {
    Q_OBJECT
public:
    struct Point {
        double peakGiB = 0, stepS = 0;
        int index = -1; // the caller's, e.g. into SearchResult::candidates
    };
    explicit ParetoChart(QWidget* parent = nullptr);

    // `front` is drawn as steps from the least memory on; `current` is the plan searched from, if it has figures.
    void setPoints(std::vector<Point> all, std::vector<Point> front, std::optional<Point> current, double capacityGiB);
    void clear() { setPoints({}, {}, std::nullopt, 0); }
    // A second step axis on the right in cost to train: the plans' run costs `costPerStepSecond` for each second of
    // step time (the same budget, price and GPUs for all, so cost is proportional); 0 hides it. Takes effect at the
    // next setPoints.
    void setCostAxis(double costPerStepSecond, const QString& label);
    // The point nearest to `pos` (plot pixels), within a few pixels: its index, or −1.
    int pointAt(QPointF pos) const;
    QCustomPlot* plot() const { return m_plot; }

signals:
    void pointHovered(int index, QPoint globalPos); // −1: over no point
    void pointClicked(int index);

private:
    QCustomPlot* m_plot = nullptr;
    std::vector<Point> m_all; // sorted by memory, as the graph keeps its data
    double m_costPerStepS = 0;
    QString m_costLabel;
};

} // namespace plait::widgets
