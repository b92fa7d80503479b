#pragma once

#include "analysis.h"
#include "plan.h"

#include <QGraphicsView>
#include <QMap>
#include <memory>

namespace plait::widgets {

class GpuItem;
class PodItem;
class NodeItem;

// The drawn cluster: nodes holding GPU chips with their ids, the NVSwitch or PCIe switch and the NICs of each
// node, the fabric between nodes; links coloured by class with their bandwidth on hover. GPUs show the plan's
// groups: TP groups outlined (a group that crosses a node flagged), pipeline stages as colours with numbers,
// DP replicas told apart — all at once or one dimension at a time. Zoom with the wheel, pan with the middle
// button; zoomed out, chips become plain coloured cells so a thousand GPUs stay legible.
//
// Dragging a GPU onto another asks for a swap (previewed while hovering a target); a rubber-band selection
// dropped on a GPU asks to move it into that GPU's stage, or, in the TP view, to make it that GPU's TP group.
class TopologyView : public QGraphicsView {
    Q_OBJECT
public:
    enum class Dimension { All, TP, PP, DP, EP };
    Q_ENUM(Dimension)

    explicit TopologyView(QWidget* parent = nullptr);
    ~TopologyView() override;

    // The document's analysis: its plan is drawn, its groups coloured. Previews are ignored (see Analysis::preview).
    void setAnalysis(std::shared_ptr<const Analysis> analysis);
    void setDimension(Dimension d);
    // What measurements found wrong, by node (engine::nodeFindings, said in the user's language): those nodes are
    // outlined red with the finding in their tooltip, until replaced.
    void setNodeFindings(const QMap<int, QString>& findings);
    QString nodeFinding(int node) const;
    // The same by GPU (the cluster's GPU index): a straggler's own chip, framed red inside its outlined node.
    void setGpuFindings(const QMap<int, QString>& findings);
    QString gpuFinding(int gpu) const;
    Dimension dimension() const { return m_dimension; }
    void zoomToFit();
    // The height that shows the whole cluster and the legend at the scale zoomToFit picks for the view's width: a
    // picture of a wide cluster is cut to it instead of leaving empty room above.
    int fittedHeight() const;

    QPointF gpuCenter(int gpu) const; // in scene coordinates, for tests and for screenshots
    QList<int> selectedGpus() const;
    void selectGpus(const QList<int>& gpus);
    QString gpuToolTip(int gpu) const;
    QColor gpuFill(int gpu) const; // the colour the chip is drawn in under the current groups
    bool isFlagged(int gpu) const; // a member of a TP group that crosses a node
    int gpuCount() const;
    int podCount() const { return int(m_pods.size()); }
    bool drawnInPods() const; // zoomed out so far that the pods draw the nodes
    bool legendFolded() const { return m_legendFolded; } // as last painted: folded while GPUs lie under it

signals:
    void swapPreviewed(int from, int to); // while dragging over a target
    void previewCleared();
    void swapRequested(int from, int to);
    void moveToStageRequested(QList<int> gpus, int stage);
    void makeTpGroupRequested(QList<int> gpus, int anchorGpu);
    void autoPlaceRequested();

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;

private:
    void rebuildScene();
    void drawLegend(QPainter* painter, const QRectF& rect);
    QList<QPair<QColor, QString>> legendEntries() const;
    QFont legendFont() const;
    int legendColumnsAbove() const;
    QSize legendBoxSize(int columns) const; // in pixels
    bool legendCoversGpus(const QRect& box) const; // box in viewport pixels
    void recolor();
    int gpuAt(const QPoint& viewPos) const;

    const Plan& plan() const { return *m_analysis->plan; }

    std::shared_ptr<const Analysis> m_analysis;
    Dimension m_dimension = Dimension::All;
    QVector<GpuItem*> m_gpus;
    QVector<PodItem*> m_pods; // a large cluster's nodes, 32 to a pod
    QVector<NodeItem*> m_nodes;
    QMap<int, QString> m_findings;
    QMap<int, QString> m_gpuFindings;
    QVector<bool> m_flagged;
    QVector<QGraphicsItem*> m_groupOutlines;
    int m_builtNodes = 0, m_builtPerNode = 0, m_builtDomain = 0, m_builtPod = 0;
    double m_builtOversubscription = 1;
    QString m_builtLinks;
    // Drag state
    int m_dragFrom = -1;
    int m_dragTarget = -1;
    QPoint m_pressPos;
    bool m_dragging = false;
    bool m_panning = false;
    bool m_autoFit = true; // keep the whole cluster in view until the user zooms
    int m_legendColumns = 1; // as the last fit chose
    bool m_legendFolded = false; // as the last paint drew it
    bool m_overLegend = false; // the cursor is on the legend's corner
    QVector<int> m_hoverGroup; // the TP group under the cursor, in ring order: its links are drawn lit
    QPoint m_panLast;
};

} // namespace plait::widgets
