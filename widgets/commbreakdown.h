#pragma once

#include "evaluation.h"

#include <QWidget>
#include <memory>

class QCustomPlot;
class QCPBars;
class QCPItemText;

namespace plait::widgets {

// What a communication item carries, by its code, in the reader's language.
QString commPayloadText(CommPayload p);

// Communication per step by dimension and collective: one horizontal bar each, split into the part exposed on
// the critical path and the part hidden under compute, or (switch) into latency (α) and bandwidth (S/β). The
// labels name the link and the bytes. A click asks for the item's formula. Draws; computes nothing.
class CommBreakdown : public QWidget {
    Q_OBJECT
public:
    enum class Split { Exposure, LatencyBandwidth };
    explicit CommBreakdown(QWidget* parent = nullptr);

    void setEvaluation(std::shared_ptr<const Evaluation> evaluation);
    void setSplit(Split split);
    void setControlsVisible(bool visible);
    // The longest bar in ms, and a scale to draw to instead of the chart's own: two charts side by side (Compare)
    // share the larger, so equal bars are equally long. 0 draws to its own.
    double longestMs() const { return m_longestMs; }
    void setScaleMs(double ms); // off for a picture: the chart without the "Split" choice
    QCustomPlot* plot() const { return m_plot; }
    int itemAt(const QPointF& pos) const; // index into Evaluation::comm, or −1
    QStringList rowLabels() const;
    QString emptyText() const; // what the chart says in place of bars; empty when it has bars

signals:
    void itemClicked(int index);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();

    std::shared_ptr<const Evaluation> m_evaluation;
    Split m_split = Split::Exposure;
    QCustomPlot* m_plot = nullptr;
    QCPBars* m_first = nullptr;
    QCPBars* m_second = nullptr;
    QCPItemText* m_empty = nullptr; // what an empty chart means, in place of bars on a 0–0.001 ms axis
    QStringList m_labels;
    QList<QWidget*> m_controls;
    double m_longestMs = 0, m_scaleMs = 0;
};

} // namespace plait::widgets
