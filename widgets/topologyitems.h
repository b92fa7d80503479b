#pragma once

#include "catalog.h"
#include "topologylayout.h"

#include <QGraphicsItem>
#include <QGraphicsPathItem>

namespace plait::widgets {

// Colour of a link class, the same in the topology, its legend and the tooltips.
QColor linkColor(LinkKind kind);

// Zoomed out below this level of detail (a node under about 35 pixels wide), a cluster drawn in pods is drawn by
// its pods alone: each node a tile of its GPUs' colours, chips, switches and outlines left out.
inline constexpr double kPodLevelOfDetail = 0.15;

// One GPU chip. Paints at three levels of detail: full (id and coordinates), compact (id), and a plain cell.
class GpuItem : public QGraphicsItem {
public:
    static constexpr double kWidth = 46, kHeight = 34;
    explicit GpuItem(int gpu);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    int gpu() const { return m_gpu; }
    void setLook(const QColor& fill, const QString& line1, const QString& line2, bool idle);
    void setHighlighted(bool on);
    void setFlagged(bool on); // member of a TP group that crosses nodes
    // What a measurement found on this GPU (a straggler's slow kernels): outlined red, said in its tooltip.
    void setFinding(const QString& text);
    void setInPod(bool on) { m_inPod = on; } // zoomed far out, its pod draws it
    QColor fill() const { return m_idle ? QColor(0xE0, 0xE0, 0xE0) : m_fill; }
    bool flagged() const { return m_flagged; }

private:
    int m_gpu;
    QColor m_fill;
    QString m_line1, m_line2;
    bool m_idle = false, m_highlighted = false, m_flagged = false, m_inPod = false;
    QString m_finding;
};

// A node: its box, title, the switch its GPUs hang on and its NICs, with the links between them.
class NodeItem : public QGraphicsItem {
public:
    NodeItem(int node, const QRectF& rect, const QVector<QPointF>& gpuCenters, const LinkSpec& intra, int nics,
        const LinkSpec& inter);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    void setInPod(bool on) { m_inPod = on; }
    // What a measurement found wrong on this node (a slow link, an outlier): outlined red, said in the tooltip.
    void setFinding(const QString& text);
    QString finding() const { return m_finding; }

private:
    int m_node;
    QRectF m_rect;
    QVector<QPointF> m_gpuCenters;
    QColor m_intraColor, m_interColor;
    QString m_switchLabel;
    int m_nics;
    bool m_inPod = false;
    QString m_tooltip, m_finding;
};

// A pod of nodes (topologylayout.h): a frame with its title; zoomed out, it draws its nodes as tiles of their GPUs'
// colours, a node with a GPU in a TP group that crosses nodes outlined red, so the groups stay readable.
class PodItem : public QGraphicsItem {
public:
    // `rack`: the pod is an NVLink domain (a GB200 NVL72 rack), which the cost model prices as one.
    // `oversubscription` > 1: the pod is the plan's, under leaves whose uplinks carry 1/ratio of its NICs' rate.
    PodItem(int pod, const QRectF& rect, int firstNode, QVector<QRectF> nodeRects, QVector<const GpuItem*> gpus,
        int columnsPerNode, bool rack = false, double titleHeight = TopologyLayout::kPodTitleHeight,
        double oversubscription = 0);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    QString title() const; // its node range, or its rack and node range

private:
    int m_pod;
    bool m_rack;
    double m_titleHeight;
    int m_firstNode;
    QRectF m_rect;
    QVector<QRectF> m_nodes;
    QVector<const GpuItem*> m_gpus; // node by node
    int m_columns;
};

// A TP group's outline in one node; dropped zoomed far out in a pod, where the pod flags crossing groups itself.
class GroupOutlineItem : public QGraphicsPathItem {
public:
    using QGraphicsPathItem::QGraphicsPathItem;
    void setInPod(bool on) { m_inPod = on; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    bool m_inPod = false;
};

} // namespace plait::widgets
