#pragma once

#include "evaluation.h"
#include "explain.h"

#include <QWidget>
#include <memory>

class QCustomPlot;
class QCPBars;
class QCPItemText;

namespace plait::widgets {

// One stacked bar per pipeline stage: weights, gradients, optimizer state, activations, other; the GPU's
// capacity as a line. A stage over capacity is outlined red and names the term that overflows. Hover shows GiB,
// a click asks for the segment's formula (segmentClicked). Draws an Evaluation; computes nothing.
class MemoryBars : public QWidget {
    Q_OBJECT
public:
    explicit MemoryBars(QWidget* parent = nullptr);

    void setEvaluation(std::shared_ptr<const Evaluation> evaluation);
    QCustomPlot* plot() const { return m_plot; }
    // The segment under a point of the plot widget, for hover and click; false when none.
    bool segmentAt(const QPointF& pos, int* stage, MemoryTerm* term) const;
    // The tallest bar (or the capacity) in GiB, and a scale to draw to instead: two charts side by side share it.
    double topGiB() const { return m_topGiB; }
    void setScaleGiB(double gib);
    QString overflowText(int stage) const; // the label shown over a stage that does not fit; empty when it fits

signals:
    void segmentClicked(int stage, plait::MemoryTerm term);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    std::shared_ptr<const Evaluation> m_evaluation;
    QCustomPlot* m_plot = nullptr;
    QList<QCPBars*> m_bars; // in MemoryTerm order
    QCPBars* m_expertKey = nullptr; // no data: the legend's entry for the hatched experts' share
    QList<QCPItemText*> m_overflowLabels;
    double m_topGiB = 0, m_scaleGiB = 0;
};

} // namespace plait::widgets
