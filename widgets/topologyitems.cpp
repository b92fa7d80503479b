#include "topologyitems.h"

#include <QFontMetricsF>

#include "palette.h"
#include "topologylayout.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace plait::widgets {

QColor linkColor(LinkKind kind)
{
    switch (kind) {
    case LinkKind::NVLink:
        return { 0x2E, 0x8B, 0x57 }; // green
    case LinkKind::PCIe:
        return { 0x5B, 0x6C, 0x8C }; // slate
    case LinkKind::InfiniBand:
        return { 0x7B, 0x3F, 0x9E }; // purple
    case LinkKind::RoCE:
        return { 0xD9, 0x82, 0x1E }; // amber
    case LinkKind::Ethernet:
        return { 0x8C, 0x5A, 0x3C }; // brown
    case LinkKind::InfinityFabric:
        return { 0xB0, 0x30, 0x60 }; // crimson
    }
    return Qt::gray;
}

GpuItem::GpuItem(int gpu)
    : m_gpu(gpu)
{
    setFlag(ItemIsSelectable);
    // A thousand chips with text are slow to paint; cached, a repaint of unchanged chips is a blit.
    setCacheMode(DeviceCoordinateCache);
    setAcceptHoverEvents(false);
    setZValue(2);
}

QRectF GpuItem::boundingRect() const
{
    const double m = m_finding.isEmpty() ? 2 : 6; // a finding's red frame is wider than the selection's outline
    return { -kWidth / 2 - m, -kHeight / 2 - m, kWidth + 2 * m, kHeight + 2 * m };
}

void GpuItem::setLook(const QColor& fill, const QString& line1, const QString& line2, bool idle)
{
    if (fill == m_fill && line1 == m_line1 && line2 == m_line2 && idle == m_idle)
        return;
    m_fill = fill;
    m_line1 = line1;
    m_line2 = line2;
    m_idle = idle;
    update();
}

void GpuItem::setHighlighted(bool on)
{
    if (on != m_highlighted) {
        m_highlighted = on;
        update();
    }
}

void GpuItem::setFlagged(bool on)
{
    if (on != m_flagged) {
        m_flagged = on;
        update();
    }
}

void GpuItem::setFinding(const QString& text)
{
    if (text == m_finding)
        return;
    prepareGeometryChange(); // the red outline reaches past the chip
    m_finding = text;
    setToolTip(text.isEmpty() ? QString() : QStringLiteral("⚠ ") + text);
    update();
}

void GpuItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    static const QFont bold = [] {
        QFont f;
        f.setPixelSize(11);
        f.setBold(true);
        return f;
    }();
    static const QFont small = [] {
        QFont f;
        f.setPixelSize(9);
        return f;
    }();
    const QRectF r(-kWidth / 2, -kHeight / 2, kWidth, kHeight);
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = isSelected();
    if (m_inPod && lod < kPodLevelOfDetail)
        return;
    if (!m_finding.isEmpty()) { // a red frame behind the chip, at every level of detail
        painter->setPen(Qt::NoPen);
        painter->setBrush(colors::overflow);
        painter->drawRoundedRect(r.adjusted(-5, -5, 5, 5), 6, 6);
    }
    if (lod < 0.3) { // zoomed far out: a plain cell, no outline work
        painter->fillRect(r, m_idle ? QColor(0xE0, 0xE0, 0xE0) : m_fill);
        if (selected || m_flagged)
            painter->fillRect(r.adjusted(0, r.height() * 0.7, 0, 0), selected ? Qt::black : colors::overflow);
        return;
    }
    const bool detailed = lod >= 0.7;
    painter->setRenderHint(QPainter::Antialiasing, detailed);
    QPen pen(m_highlighted ? Qt::black : QColor(0x55, 0x55, 0x55), m_highlighted ? 2.5 : 1);
    if (selected)
        pen = QPen(QColor(0x10, 0x10, 0x10), 2.5, Qt::DashLine);
    painter->setPen(pen);
    painter->setBrush(m_idle ? QColor(0xFC, 0xFC, 0xFC) : m_fill);
    if (detailed)
        painter->drawRoundedRect(r, 4, 4);
    else
        painter->drawRect(r); // rounded corners are invisible at this size and cost a path each
    if (m_idle) { // hatched: not used by the plan
        painter->setBrush(QBrush(QColor(0xD0, 0xD0, 0xD0), Qt::BDiagPattern));
        painter->drawRect(r);
    }
    if (m_flagged) {
        painter->setPen(QPen(colors::overflow, 2));
        painter->drawLine(r.topRight() + QPointF(-9, 3), r.topRight() + QPointF(-3, 3));
        painter->drawText(QRectF(r.right() - 12, r.top() + 2, 10, 12), Qt::AlignCenter, QStringLiteral("!"));
    }
    painter->setPen(Qt::black);
    painter->setFont(bold);
    if (!detailed) {
        painter->drawText(r, Qt::AlignCenter, m_line1);
        return;
    }
    painter->drawText(r.adjusted(2, 1, -2, -r.height() / 2), Qt::AlignCenter, m_line1);
    painter->setFont(small);
    painter->drawText(r.adjusted(1, r.height() / 2 - 1, -1, -1), Qt::AlignCenter, m_line2);
}

NodeItem::NodeItem(int node, const QRectF& rect, const QVector<QPointF>& gpuCenters, const LinkSpec& intra, int nics,
    const LinkSpec& inter)
    : m_node(node)
    , m_rect(rect)
    , m_gpuCenters(gpuCenters)
    , m_intraColor(linkColor(intra.kind))
    , m_interColor(linkColor(inter.kind))
    , m_switchLabel(QString::fromStdString(intra.kind == LinkKind::NVLink ? "NVSwitch"
              : intra.kind == LinkKind::PCIe                              ? "PCIe switch"
                                                                          : intra.name))
    , m_nics(nics)
{
    setZValue(0);
    setCacheMode(DeviceCoordinateCache);
    m_tooltip = QObject::tr("Node %1\nInside: %2, %3 GB/s per GPU per direction (%4% achievable), latency %5 µs\n"
                            "To other nodes: %6 NICs of %7, %8 GB/s each per direction")
                    .arg(node)
                    .arg(QString::fromStdString(intra.name))
                    .arg(intra.bandwidthGBps)
                    .arg(qRound(100 * intra.efficiency))
                    .arg(intra.latencyUs)
                    .arg(nics)
                    .arg(QString::fromStdString(inter.name))
                    .arg(inter.bandwidthGBps);
    setToolTip(m_tooltip);
}

void NodeItem::setFinding(const QString& text)
{
    if (text == m_finding)
        return;
    prepareGeometryChange(); // the red outline reaches past the box
    m_finding = text;
    setToolTip(text.isEmpty() ? m_tooltip : m_tooltip + QStringLiteral("\n\n⚠ ") + text);
    update();
}

QRectF NodeItem::boundingRect() const
{
    const double m = m_finding.isEmpty() ? 2 : 40; // a cosmetic outline is 3 px however far out the view is zoomed
    return m_rect.adjusted(-m, -m, m, m);
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    // A node a measurement found wrong is outlined red at any zoom.
    QPen findingPen(colors::overflow, 3);
    findingPen.setCosmetic(true); // 3 pixels at any zoom
    if (m_inPod && lod < kPodLevelOfDetail) {
        if (!m_finding.isEmpty()) {
            painter->setPen(findingPen);
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(m_rect);
        }
        return;
    }
    painter->setPen(m_finding.isEmpty() ? QPen(QColor(0x90, 0x90, 0x90), 1) : findingPen);
    painter->setBrush(QColor(0xFA, 0xFA, 0xFA));
    painter->drawRoundedRect(m_rect, 6, 6);
    if (lod < 0.3)
        return;
    // Switch bar between the two rows of GPUs (or under one row), GPUs linked to it.
    const double switchY = m_rect.bottom() - 30;
    const QRectF sw(m_rect.left() + 10, switchY - 5, m_rect.width() - 20, 10);
    painter->setPen(QPen(m_intraColor, 2));
    for (const QPointF& c : m_gpuCenters)
        painter->drawLine(QPointF(c.x(), c.y() + (c.y() < switchY ? GpuItem::kHeight / 2 : -GpuItem::kHeight / 2)),
            QPointF(c.x(), sw.center().y()));
    painter->setBrush(m_intraColor);
    painter->drawRoundedRect(sw, 3, 3);
    // NICs along the bottom edge, linked down to the fabric.
    const int shown = std::min(m_nics, 16);
    const double step = (m_rect.width() - 20) / std::max(shown, 1);
    painter->setPen(QPen(m_interColor, 1.5));
    painter->setBrush(m_interColor.lighter(150));
    for (int i = 0; i < shown; ++i) {
        const QRectF nic(m_rect.left() + 10 + i * step + step / 2 - 5, m_rect.bottom() - 14, 10, 8);
        painter->drawLine(QPointF(nic.center().x(), sw.bottom()), QPointF(nic.center().x(), nic.top()));
        painter->drawRect(nic);
        painter->drawLine(QPointF(nic.center().x(), nic.bottom()), QPointF(nic.center().x(), m_rect.bottom()));
    }
    if (lod < 0.6)
        return;
    QFont f = painter->font();
    f.setPixelSize(11);
    f.setBold(true);
    painter->setFont(f);
    painter->setPen(QColor(0x33, 0x33, 0x33));
    const QString title = QObject::tr("node %1").arg(m_node);
    painter->drawText(m_rect.adjusted(8, 3, -8, 0), Qt::AlignLeft | Qt::AlignTop, title);
    qreal titleWidth = QFontMetricsF(f).horizontalAdvance(title);
    if (!m_finding.isEmpty()) { // the tooltip says what
        const QString mark = QStringLiteral("  ⚠");
        painter->setPen(colors::overflow);
        painter->drawText(m_rect.adjusted(8 + titleWidth, 3, -8, 0), Qt::AlignLeft | Qt::AlignTop, mark);
        titleWidth += QFontMetricsF(f).horizontalAdvance(mark);
        painter->setPen(QColor(0x33, 0x33, 0x33));
    }
    f.setBold(false);
    f.setPixelSize(9);
    painter->setFont(f);
    // The switch's name only where it fits beside the title (a one-GPU node is narrow; the legend names the link).
    if (titleWidth + 8 + QFontMetricsF(f).horizontalAdvance(m_switchLabel) <= m_rect.width() - 16)
        painter->drawText(m_rect.adjusted(8, 4, -8, 0), Qt::AlignRight | Qt::AlignTop, m_switchLabel);
}

PodItem::PodItem(int pod, const QRectF& rect, int firstNode, QVector<QRectF> nodeRects, QVector<const GpuItem*> gpus,
    int columnsPerNode, bool rack, double titleHeight, double oversubscription)
    : m_pod(pod)
    , m_rack(rack)
    , m_titleHeight(titleHeight)
    , m_firstNode(firstNode)
    , m_rect(rect)
    , m_nodes(std::move(nodeRects))
    , m_gpus(std::move(gpus))
    , m_columns(std::max(1, columnsPerNode))
{
    setZValue(-0.5); // under its nodes, over the fabric
    const QString nodes = QObject::tr("nodes %1–%2").arg(m_firstNode).arg(m_firstNode + m_nodes.size() - 1);
    if (m_rack)
        setToolTip(QObject::tr("Rack %1: %2, %3 GPUs in one NVLink domain: traffic among them takes NVLink, "
                               "traffic to other racks the nodes' NICs")
                       .arg(pod)
                       .arg(nodes)
                       .arg(m_gpus.size()));
    else if (oversubscription > 1)
        setToolTip(QObject::tr("Pod %1: %2, %n GPU(s) under one leaf group: traffic among them runs at the NICs' "
                               "rate, traffic to other pods shares uplinks of 1/%3 of it",
            nullptr, int(m_gpus.size()))
                       .arg(pod)
                       .arg(nodes)
                       .arg(oversubscription));
    else
        setToolTip(QObject::tr("Pod %1: %2, %n GPU(s), drawn together as a scalable unit of DGX SuperPOD's reference "
                               "architecture (the cost model does not price pods)",
            nullptr, int(m_gpus.size()))
                       .arg(pod)
                       .arg(nodes));
}

QString PodItem::title() const
{
    const QString nodes = QObject::tr("nodes %1–%2").arg(m_firstNode).arg(m_firstNode + m_nodes.size() - 1);
    return m_rack ? QObject::tr("rack %1 · NVLink domain of %2 GPUs · %3").arg(m_pod).arg(m_gpus.size()).arg(nodes)
                  : nodes;
}

QRectF PodItem::boundingRect() const
{
    return m_rect.adjusted(-20, -20, 20, 20);
}

void PodItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF frame = m_rect.adjusted(-12, -12, 12, 12);
    painter->setPen(QPen(QColor(0xB8, 0xB8, 0xB8), 0));
    painter->setBrush(QColor(0xF4, 0xF6, 0xF8));
    painter->drawRect(frame);
    if (lod < kPodLevelOfDetail) {
        // Each node a tile of its GPUs' colours in the places the chips have; a crossing TP group outlines the node.
        const int perNode = m_nodes.isEmpty() ? 0 : int(m_gpus.size() / m_nodes.size());
        const int rows = perNode > 0 ? (perNode + m_columns - 1) / m_columns : 1;
        painter->setPen(Qt::NoPen);
        for (int n = 0; n < m_nodes.size(); ++n) {
            const QRectF& r = m_nodes[n];
            const double w = r.width() / m_columns, h = r.height() / rows;
            bool flagged = false;
            for (int i = 0; i < perNode; ++i) {
                const GpuItem* g = m_gpus[n * perNode + i];
                painter->fillRect(
                    QRectF(r.left() + (i % m_columns) * w, r.top() + (i / m_columns) * h, w, h), g->fill());
                flagged = flagged || g->flagged();
            }
            if (flagged) {
                painter->setPen(QPen(colors::overflow, 0));
                painter->setBrush(Qt::NoBrush);
                painter->drawRect(r);
                painter->setPen(Qt::NoPen);
            }
        }
    }
    // The title in screen pixels, so it reads at any zoom: 12 pixels, down to 9 where the band is thin, the bare
    // node range where the pod is narrow, left out where neither fits.
    const QRectF band
        = painter->worldTransform().mapRect(QRectF(m_rect.topLeft(), QSizeF(m_rect.width(), m_titleHeight * 0.9)));
    QFont f;
    f.setPixelSize(std::min(12, int(band.height()) - 2));
    f.setBold(true);
    if (f.pixelSize() < 9)
        return;
    const QFontMetricsF fm(f);
    const int last = m_firstNode + int(m_nodes.size()) - 1;
    for (const QString& text : { title(), QStringLiteral("%1–%2").arg(m_firstNode).arg(last) })
        if (fm.horizontalAdvance(text) <= band.width()) {
            painter->save();
            painter->resetTransform();
            painter->setFont(f);
            painter->setPen(QColor(0x33, 0x33, 0x33));
            painter->drawText(band, Qt::AlignLeft | Qt::AlignBottom, text);
            painter->restore();
            return;
        }
}

void GroupOutlineItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget)
{
    if (m_inPod && option->levelOfDetailFromTransform(painter->worldTransform()) < kPodLevelOfDetail)
        return;
    QGraphicsPathItem::paint(painter, option, widget);
}

} // namespace plait::widgets
