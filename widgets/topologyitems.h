#pragma once

#include "catalog.h"

#include <QGraphicsItem>

namespace plait::widgets {

// Colour of a link class, the same in the topology, its legend and the tooltips.
QColor linkColor(LinkKind kind);

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
    QColor fill() const { return m_fill; }

private:
    int m_gpu;
    QColor m_fill;
    QString m_line1, m_line2;
    bool m_idle = false, m_highlighted = false, m_flagged = false;
};

// A node: its box, title, the switch its GPUs hang on and its NICs, with the links between them.
class NodeItem : public QGraphicsItem {
public:
    NodeItem(int node, const QRectF& rect, const QVector<QPointF>& gpuCenters, const LinkSpec& intra, int nics,
        const LinkSpec& inter);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    QPointF nicAnchor() const; // where the node's NICs meet the fabric

private:
    int m_node;
    QRectF m_rect;
    QVector<QPointF> m_gpuCenters;
    QColor m_intraColor, m_interColor;
    QString m_switchLabel;
    int m_nics;
};

} // namespace plait::widgets
