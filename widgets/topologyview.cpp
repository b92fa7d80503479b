#include "topologyview.h"

#include "format.h"
#include "groups.h"
#include "palette.h"
#include "topologyitems.h"
#include "topologylayout.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QGraphicsPathItem>
#include <QHash>
#include <QMenu>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
#include <cmath>

namespace plait::widgets {

TopologyView::TopologyView(QWidget* parent)
    : QGraphicsView(parent)
{
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing, true);
    setDragMode(QGraphicsView::RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    // zoomToFit keeps the legend's room above or beside the cluster; what is left over is shared evenly.
    setAlignment(Qt::AlignCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setBackgroundBrush(Qt::white);
    setMouseTracking(true);
    setMinimumSize(300, 200);
}

TopologyView::~TopologyView() = default;

int TopologyView::gpuCount() const
{
    return int(m_gpus.size());
}

void TopologyView::setNodeFindings(const QMap<int, QString>& findings)
{
    m_findings = findings;
    for (int n = 0; n < m_nodes.size(); ++n)
        m_nodes[n]->setFinding(m_findings.value(n));
}

void TopologyView::setGpuFindings(const QMap<int, QString>& findings)
{
    m_gpuFindings = findings;
    for (GpuItem* g : std::as_const(m_gpus))
        g->setFinding(m_gpuFindings.value(g->gpu()));
}

QString TopologyView::gpuFinding(int gpu) const
{
    return m_gpuFindings.value(gpu);
}

QString TopologyView::nodeFinding(int node) const
{
    return node >= 0 && node < m_nodes.size() ? m_nodes[node]->finding() : QString();
}

bool TopologyView::drawnInPods() const
{
    return !m_pods.isEmpty() && transform().m11() < kPodLevelOfDetail;
}

void TopologyView::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    if (!analysis || analysis->preview)
        return; // a drag preview changes the charts, not the drawing being dragged on
    const Plan& plan = *analysis->plan;
    const bool shapeChanged = !m_analysis || plan.cluster.nodes != m_builtNodes
        || plan.cluster.gpusPerNode != m_builtPerNode || plan.cluster.nvlinkDomainGpus != m_builtDomain
        || plan.cluster.podGpus != m_builtPod || plan.cluster.oversubscription != m_builtOversubscription
        || QString::fromStdString(plan.cluster.intraNode.id + "/" + plan.cluster.interNode.id) != m_builtLinks;
    m_analysis = std::move(analysis);
    if (shapeChanged) {
        rebuildScene();
        zoomToFit();
    }
    recolor();
}

QColor TopologyView::gpuFill(int gpu) const
{
    return gpu >= 0 && gpu < m_gpus.size() ? m_gpus[gpu]->fill() : QColor();
}

void TopologyView::setDimension(Dimension d)
{
    m_dimension = d;
    recolor();
}

void TopologyView::rebuildScene()
{
    QGraphicsScene* s = scene();
    s->clear();
    m_gpus.clear();
    m_pods.clear();
    m_nodes.clear();
    m_groupOutlines.clear();
    const ClusterSpec& c = plan().cluster;
    m_builtNodes = c.nodes;
    m_builtPerNode = c.gpusPerNode;
    m_builtDomain = c.nvlinkDomainGpus;
    m_builtPod = c.podGpus;
    m_builtOversubscription = c.oversubscription;
    m_builtLinks = QString::fromStdString(c.intraNode.id + "/" + c.interNode.id);
    const int perNode = std::max(c.gpusPerNode, 1);
    const TopologyLayout layout = layoutTopology(
        c.nodes, c.gpusPerNode, c.domainGpus() / perNode, c.oversubscribed() ? c.podGpus / perNode : 0);
    m_gpus.reserve(c.gpuCount());
    // Item caches make repaints of a few thousand chips a blit; for tens of thousands, each a few pixels wide,
    // they cost a pixmap apiece (gigabytes at 131,072 GPUs) and save nothing.
    const bool huge = c.gpuCount() > 8192;
    const bool inPods = !layout.pods.empty();
    for (int n = 0; n < c.nodes; ++n) {
        QVector<QPointF> centers;
        for (int i = 0; i < c.gpusPerNode; ++i) {
            const QPointF center = layout.gpuCenters[std::size_t(n) * std::size_t(c.gpusPerNode) + std::size_t(i)];
            centers << center;
            auto* item = new GpuItem(n * c.gpusPerNode + i);
            item->setPos(center);
            item->setInPod(inPods);
            item->setFinding(m_gpuFindings.value(item->gpu()));
            if (huge)
                item->setCacheMode(QGraphicsItem::NoCache);
            s->addItem(item);
            m_gpus << item;
        }
        auto* node = new NodeItem(n, layout.nodes[std::size_t(n)], centers, c.intraNode, c.nics(), c.interNode);
        node->setInPod(inPods);
        node->setFinding(m_findings.value(n));
        if (huge)
            node->setCacheMode(QGraphicsItem::NoCache);
        s->addItem(node);
        m_nodes << node;
    }
    for (std::size_t p = 0; p < layout.pods.size(); ++p) {
        const PodLayout& pod = layout.pods[p];
        QVector<QRectF> nodes;
        QVector<const GpuItem*> gpus;
        for (int n = pod.firstNode; n < pod.firstNode + pod.nodeCount; ++n) {
            nodes << layout.nodes[std::size_t(n)];
            for (int i = 0; i < c.gpusPerNode; ++i)
                gpus << m_gpus[n * c.gpusPerNode + i];
        }
        auto* item = new PodItem(int(p), pod.rect, pod.firstNode, nodes, gpus, layout.columnsPerNode, layout.racks,
            pod.titleHeight, c.oversubscribed() && !layout.racks ? c.oversubscription : 0);
        s->addItem(item);
        m_pods << item;
    }
    if (c.nodes > 1) {
        auto* path = s->addPath(layout.fabric, QPen(linkColor(c.interNode.kind), 2.5));
        path->setZValue(-1);
        path->setToolTip(
            tr("Fabric: %1, %2 GB/s per NIC per direction (%3% achievable), latency %4 µs; %5 NICs per node")
                .arg(QString::fromStdString(c.interNode.name))
                .arg(c.interNode.bandwidthGBps)
                .arg(qRound(100 * c.interNode.efficiency))
                .arg(c.interNode.latencyUs)
                .arg(c.nics()));
    }
    s->setSceneRect(s->itemsBoundingRect().adjusted(-30, -30, 30, 30));
}

void TopologyView::recolor()
{
    for (QGraphicsItem* o : std::as_const(m_groupOutlines)) {
        scene()->removeItem(o);
        delete o;
    }
    m_groupOutlines.clear();
    if (!m_analysis)
        return;
    const ParallelSpec& par = plan().parallel;
    const auto& coords = plan().placement.coordOf;
    m_flagged.fill(false, m_gpus.size());
    static const GroupSet none;
    const GroupSet& groups = m_analysis->groups ? *m_analysis->groups : none;
    for (const Group& g : groups.tp)
        if (g.crossesNode)
            for (int x : g.gpus)
                m_flagged[x] = true;
    // Expert-parallel view: each GPU's EP group (consecutive DP ranks of one stage, TP and CP rank) and rank in it.
    QHash<int, QPair<int, int>> expertGroup;
    if (m_dimension == Dimension::EP)
        for (int e = 0; e < int(groups.ep.size()); ++e)
            for (int r = 0; r < int(groups.ep[std::size_t(e)].gpus.size()); ++r)
                expertGroup.insert(groups.ep[std::size_t(e)].gpus[std::size_t(r)], qMakePair(e, r));
    for (GpuItem* item : std::as_const(m_gpus)) {
        const int gpu = item->gpu();
        if (gpu >= int(coords.size()) || coords[std::size_t(gpu)].tp < 0) {
            item->setLook(QColor(0xF2, 0xF2, 0xF2), QString::number(gpu), tr("idle"), true);
            item->setFlagged(false);
            continue;
        }
        const Coord& c = coords[std::size_t(gpu)];
        QColor fill = colors::indexed(c.pp, par.pp);
        QString line2 = tr("s%1 t%2 d%3").arg(c.pp).arg(c.tp).arg(c.dp);
        if (m_dimension == Dimension::DP) {
            fill = colors::indexed(c.dp, par.dp);
            line2 = tr("replica %1").arg(c.dp);
        } else if (m_dimension == Dimension::PP) {
            line2 = tr("stage %1").arg(c.pp);
        } else if (m_dimension == Dimension::TP) {
            fill = QColor(0xEE, 0xF3, 0xF8);
            line2 = tr("tp rank %1").arg(c.tp);
        } else if (m_dimension == Dimension::EP) {
            const auto e = expertGroup.value(gpu, qMakePair(-1, -1));
            fill = e.first < 0 ? QColor(0xEE, 0xF3, 0xF8) : colors::indexed(e.first % 8, 8);
            line2 = e.first < 0 ? tr("no experts") : tr("ep %1 · %2").arg(e.first).arg(e.second);
        }
        item->setLook(fill, QString::number(gpu), line2, false);
        item->setFlagged(m_flagged[gpu] && (m_dimension == Dimension::All || m_dimension == Dimension::TP));
    }
    // TP groups outlined per node they occupy; a group that crosses a node is drawn dashed red.
    if ((m_dimension == Dimension::All || m_dimension == Dimension::TP) && par.tp > 1 && m_gpus.size() <= 16384) {
        for (const Group& g : groups.tp) {
            QMap<int, QRectF> perNode;
            for (int x : g.gpus) {
                const QRectF r = m_gpus[x]->sceneBoundingRect().adjusted(-1, -1, 1, 1);
                const int node = x / plan().cluster.gpusPerNode;
                perNode[node] = perNode.contains(node) ? perNode[node].united(r) : r;
            }
            for (const QRectF& r : std::as_const(perNode)) {
                QPainterPath path;
                path.addRoundedRect(r, 6, 6);
                auto* outline = new GroupOutlineItem(path);
                outline->setPen(
                    g.crossesNode ? QPen(colors::overflow, 2.5, Qt::DashLine) : QPen(QColor(0x22, 0x22, 0x22), 1.5));
                outline->setInPod(!m_pods.isEmpty());
                outline->setZValue(1);
                scene()->addItem(outline);
                m_groupOutlines << outline;
            }
        }
    }
    viewport()->update();
}

void TopologyView::zoomToFit()
{
    if (scene()->items().isEmpty())
        return;
    // The legend is drawn at a fixed size in the view's top-left corner: the cluster goes under it or beside it,
    // whichever shows the cluster larger, so the two never overlap. The legend goes into up to three columns above
    // a wide cluster, into one beside a tall one.
    const QRectF rect = scene()->sceneRect();
    // A few pixels of margin, so rounding never brings up a scroll bar that would cut the cluster.
    const double w = std::max(1, viewport()->width() - 10), h = std::max(1, viewport()->height() - 10), gap = 8;
    const QSize above = legendBoxSize(legendColumnsAbove()), beside = legendBoxSize(1);
    const double scaleAbove = std::min(w / rect.width(), (h - above.height() - gap) / rect.height());
    const double scaleBeside = std::min((w - beside.width() - gap) / rect.width(), h / rect.height());
    const bool besideIt = scaleBeside > scaleAbove;
    m_legendColumns = besideIt ? 1 : legendColumnsAbove();
    // A small cluster is not blown up past a comfortable size.
    const double scale = std::clamp(std::max(scaleAbove, scaleBeside), 1e-6, 1.6);
    const QSize legend = besideIt ? beside : above;
    const QRectF shown = besideIt ? rect.adjusted(-(legend.width() + gap) / scale, 0, 0, 0)
                                  : rect.adjusted(0, -(legend.height() + gap) / scale, 0, 0);
    setSceneRect(shown);
    setTransform(QTransform::fromScale(scale, scale));
    centerOn(shown.center());
}

int TopologyView::fittedHeight() const
{
    const QRectF rect = scene()->sceneRect();
    if (rect.isEmpty())
        return height();
    const int frame = height() - viewport()->height();
    // The fit's margin as zoomToFit keeps it, the legend above the cluster, the fit bound by the width.
    const double scale = std::min((viewport()->width() - 4) / rect.width(), 1.6);
    return int(std::ceil(rect.height() * scale)) + legendBoxSize(legendColumnsAbove()).height() + 8 + frame + 8;
}

int TopologyView::legendColumnsAbove() const
{
    // A long legend (many stages, a view squeezed between docks) goes into up to three columns rather than taking
    // more than a third of the view's height, as many as fit side by side.
    if (!m_analysis)
        return 1;
    const QSize one = legendBoxSize(1);
    const int fitting = std::max(1, (viewport()->width() - 18) / std::max(1, one.width()));
    return std::clamp(int(std::ceil(one.height() / (viewport()->height() / 3.0))), 1, std::min(3, fitting));
}

QSize TopologyView::legendBoxSize(int columns) const
{
    if (!m_analysis)
        return {};
    const QFontMetrics fm(legendFont());
    const QList<QPair<QColor, QString>> entries = legendEntries();
    int width = 0;
    for (const auto& e : entries)
        width = std::max(width, fm.horizontalAdvance(e.second));
    const int rows = (int(entries.size()) + columns - 1) / columns;
    return { (width + 38) * columns + 2, (fm.height() + 4) * rows + 10 };
}

QFont TopologyView::legendFont() const
{
    QFont f = font();
    f.setPixelSize(12);
    return f;
}

QPointF TopologyView::gpuCenter(int gpu) const
{
    return gpu >= 0 && gpu < m_gpus.size() ? m_gpus[gpu]->scenePos() : QPointF();
}

QList<int> TopologyView::selectedGpus() const
{
    QList<int> out;
    for (const GpuItem* g : m_gpus)
        if (g->isSelected())
            out << g->gpu();
    return out;
}

void TopologyView::selectGpus(const QList<int>& gpus)
{
    scene()->clearSelection();
    for (int g : gpus)
        if (g >= 0 && g < m_gpus.size())
            m_gpus[g]->setSelected(true);
}

bool TopologyView::isFlagged(int gpu) const
{
    return gpu >= 0 && gpu < m_flagged.size() && m_flagged[gpu];
}

QString TopologyView::gpuToolTip(int gpu) const
{
    if (!m_analysis || gpu < 0 || gpu >= int(plan().placement.coordOf.size()))
        return {};
    const ClusterSpec& cl = plan().cluster;
    const Coord& c = plan().placement.coordOf[std::size_t(gpu)];
    QString text = tr("GPU %1 (node %2, %3)").arg(gpu).arg(gpu / cl.gpusPerNode).arg(QString::fromStdString(cl.gpu.id));
    if (c.tp < 0)
        return text + QStringLiteral("\n") + tr("idle: not used by this plan");
    text
        += QStringLiteral("\n") + tr("coordinates: tp %1, cp %2, dp %3, pp %4").arg(c.tp).arg(c.cp).arg(c.dp).arg(c.pp);
    if (!m_analysis->groups)
        return text;
    const GroupSet& groups = *m_analysis->groups;
    auto describe = [&](const std::vector<Group>& list, const QString& name) {
        for (const Group& g : list)
            if (std::find(g.gpus.begin(), g.gpus.end(), gpu) != g.gpus.end() && g.gpus.size() > 1) {
                QStringList ids;
                for (int x : g.gpus)
                    ids << QString::number(x);
                text += QStringLiteral("\n")
                    + tr("%1 group: GPUs %2 — %3 at %4 GB/s%5")
                          .arg(name, ids.join(QLatin1Char(',')), QString::fromStdString(g.path.link))
                          .arg(g.path.busGBps, 0, 'f', 0)
                          .arg(!g.crossesNode                           ? QString()
                                  : plan().cluster.nvlinkDomainGpus > 0 ? tr(" (crosses an NVLink domain)")
                                                                        : tr(" (crosses a node)"));
                return;
            }
    };
    describe(groups.tp, tr("TP"));
    describe(groups.dp, tr("DP"));
    describe(groups.cp, tr("CP"));
    const Evaluation& ev = *m_analysis->evaluation;
    if (ev.valid && c.pp < int(ev.memory.size())) {
        const StageMemory& m = ev.memory[std::size_t(c.pp)];
        text
            += QStringLiteral("\n") + tr("memory: %1 of %2").arg(formatBytes(m.total()), formatBytes(ev.capacityBytes));
    }
    return text;
}

int TopologyView::gpuAt(const QPoint& viewPos) const
{
    for (QGraphicsItem* item : items(viewPos))
        if (auto* g = dynamic_cast<GpuItem*>(item))
            return g->gpu();
    return -1;
}

void TopologyView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::MiddleButton) {
        m_panning = true;
        m_panLast = event->position().toPoint();
        return;
    }
    const int gpu = event->button() == Qt::LeftButton ? gpuAt(event->position().toPoint()) : -1;
    if (gpu >= 0) {
        m_dragFrom = gpu;
        m_dragTarget = -1;
        m_dragging = false;
        m_pressPos = event->position().toPoint();
        if (!m_gpus[gpu]->isSelected() && !(event->modifiers() & Qt::ControlModifier))
            scene()->clearSelection();
        m_gpus[gpu]->setSelected(true);
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void TopologyView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (m_panning) {
        const QPoint d = pos - m_panLast;
        m_panLast = pos;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        return;
    }
    if (m_dragFrom >= 0) {
        if (!m_dragging && (pos - m_pressPos).manhattanLength() >= QApplication::startDragDistance())
            m_dragging = true;
        if (m_dragging) {
            const int target = gpuAt(pos);
            if (target != m_dragTarget) {
                if (m_dragTarget >= 0)
                    m_gpus[m_dragTarget]->setHighlighted(false);
                m_dragTarget = target;
                if (target >= 0 && target != m_dragFrom) {
                    m_gpus[target]->setHighlighted(true);
                    if (selectedGpus().size() <= 1)
                        emit swapPreviewed(m_dragFrom, target);
                } else {
                    emit previewCleared();
                }
            }
            viewport()->update();
        }
        return;
    }
    // The cursor on the legend's corner unfolds it.
    if (const bool over = QRect(QPoint(8, 8), legendBoxSize(m_legendColumns)).contains(pos); over != m_overLegend) {
        m_overLegend = over;
        viewport()->update();
    }
    // Hover: light up the TP group of the GPU under the cursor.
    const int hover = gpuAt(pos);
    for (int x : std::as_const(m_hoverGroup))
        m_gpus[x]->setHighlighted(false);
    m_hoverGroup.clear();
    if (hover >= 0 && m_analysis && plan().parallel.tp > 1 && !plan().placement.idle(hover)) {
        const Coord& c = plan().placement.coordOf[std::size_t(hover)];
        m_hoverGroup.resize(plan().parallel.tp);
        for (GpuItem* g : std::as_const(m_gpus)) {
            const Coord& o = plan().placement.coordOf[std::size_t(g->gpu())];
            if (o.tp >= 0 && o.pp == c.pp && o.dp == c.dp && o.cp == c.cp) {
                g->setHighlighted(true);
                m_hoverGroup[o.tp] = g->gpu();
            }
        }
        setToolTip(gpuToolTip(hover));
    } else {
        setToolTip(QString());
    }
    viewport()->update();
    QGraphicsView::mouseMoveEvent(event);
}

void TopologyView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning && event->button() == Qt::MiddleButton) {
        m_panning = false;
        return;
    }
    if (m_dragFrom >= 0) {
        const int from = m_dragFrom, target = m_dragTarget;
        const bool dragged = m_dragging;
        m_dragFrom = m_dragTarget = -1;
        m_dragging = false;
        if (target >= 0)
            m_gpus[target]->setHighlighted(false);
        viewport()->update();
        if (!dragged)
            return;
        const QList<int> selection = selectedGpus();
        if (target < 0 || target == from) {
            emit previewCleared();
        } else if (selection.size() > 1 && selection.contains(from)) {
            if (m_dimension == Dimension::TP)
                emit makeTpGroupRequested(selection, target);
            else if (!plan().placement.idle(target))
                emit moveToStageRequested(selection, plan().placement.coordOf[std::size_t(target)].pp);
            else
                emit previewCleared();
        } else {
            emit swapRequested(from, target);
        }
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void TopologyView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit)
        zoomToFit();
}

void TopologyView::wheelEvent(QWheelEvent* event)
{
    m_autoFit = false;
    const double factor = std::pow(1.0015, event->angleDelta().y());
    const double current = transform().m11();
    if ((current < 0.02 && factor < 1) || (current > 8 && factor > 1))
        return;
    scale(factor, factor);
}

void TopologyView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal) {
        m_autoFit = false;
        scale(1.25, 1.25);
    } else if (event->key() == Qt::Key_Minus) {
        m_autoFit = false;
        scale(0.8, 0.8);
    } else if (event->key() == Qt::Key_0) {
        m_autoFit = true;
        zoomToFit();
    } else {
        QGraphicsView::keyPressEvent(event);
    }
}

void TopologyView::contextMenuEvent(QContextMenuEvent* event)
{
    if (!m_analysis)
        return;
    QList<int> selection = selectedGpus();
    const int under = gpuAt(event->pos());
    if (selection.isEmpty() && under >= 0)
        selection << under;
    QMenu menu(this);
    QAction* tpGroup = menu.addAction(tr("Make TP group (%n GPU(s) selected)", nullptr, int(selection.size())));
    tpGroup->setEnabled(!selection.isEmpty());
    QMenu* stages = menu.addMenu(tr("Assign to stage"));
    stages->setEnabled(!selection.isEmpty());
    for (int s = 0; s < plan().parallel.pp; ++s)
        stages->addAction(
            tr("Stage %1").arg(s), this, [this, selection, s] { emit moveToStageRequested(selection, s); });
    menu.addSeparator();
    QAction* autoPlace = menu.addAction(tr("Auto-place (default order)"));
    QAction* chosen = menu.exec(event->globalPos());
    if (chosen == tpGroup)
        emit makeTpGroupRequested(selection, selection.front());
    else if (chosen == autoPlace)
        emit autoPlaceRequested();
}

void TopologyView::drawForeground(QPainter* painter, const QRectF& rect)
{
    // The hovered TP group's ring, each hop in the colour of the link it crosses.
    if (m_hoverGroup.size() > 1 && !m_dragging) {
        const int gpn = plan().cluster.gpusPerNode;
        for (int i = 0; i < m_hoverGroup.size(); ++i) {
            const int a = m_hoverGroup[i], b = m_hoverGroup[(i + 1) % m_hoverGroup.size()];
            const bool crosses = a / gpn != b / gpn;
            const LinkSpec& link = crosses ? plan().cluster.interNode : plan().cluster.intraNode;
            painter->setPen(
                QPen(linkColor(link.kind), crosses ? 3.5 : 2.5, crosses ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap));
            painter->drawLine(gpuCenter(a), gpuCenter(b));
        }
    }
    // While dragging, a line from the GPU being moved to the one it would swap with.
    if (m_dragging && m_dragFrom >= 0 && m_dragTarget >= 0 && m_dragTarget != m_dragFrom) {
        painter->setPen(QPen(QColor(0x10, 0x10, 0x10), 2, Qt::DashLine));
        painter->drawLine(gpuCenter(m_dragFrom), gpuCenter(m_dragTarget));
    }
    drawLegend(painter, rect); // last, so it stays on top
}

bool TopologyView::legendCoversGpus(const QRect& box) const
{
    const QList<QGraphicsItem*> under = scene()->items(mapToScene(box));
    return std::any_of(under.begin(), under.end(), [](QGraphicsItem* i) { return dynamic_cast<GpuItem*>(i); });
}

QList<QPair<QColor, QString>> TopologyView::legendEntries() const
{
    QList<QPair<QColor, QString>> entries;
    const ParallelSpec& par = plan().parallel;
    if (m_dimension == Dimension::EP) {
        if (par.ep <= 1)
            entries << qMakePair(QColor(0xEE, 0xF3, 0xF8), tr("no expert parallelism (ep = 1)"));
        else
            entries << qMakePair(colors::indexed(0, 8),
                tr("EP group of %1 GPUs (colours repeat every 8 groups; each holds %2 of %3 experts)")
                    .arg(par.ep)
                    .arg(plan().model.moe.experts / par.ep)
                    .arg(plan().model.moe.experts));
    } else if (m_dimension == Dimension::DP) {
        for (int d = 0; d < std::min(par.dp, 8); ++d)
            entries << qMakePair(colors::indexed(d, par.dp), tr("replica %1").arg(d));
        if (par.dp > 8)
            entries << qMakePair(QColor(), tr("… %1 replicas").arg(par.dp));
    } else if (m_dimension != Dimension::TP) {
        const int shown = std::min(par.pp, 8);
        for (int s = 0; s < shown; ++s)
            entries << qMakePair(colors::indexed(s * std::max(1, par.pp / shown), par.pp),
                tr("stage %1").arg(s * std::max(1, par.pp / shown)));
        if (par.pp > shown)
            entries << qMakePair(QColor(), tr("… %1 stages").arg(par.pp));
    }
    entries << qMakePair(
        linkColor(plan().cluster.intraNode.kind), QString::fromStdString(plan().cluster.intraNode.name));
    if (plan().cluster.nodes > 1)
        entries << qMakePair(
            linkColor(plan().cluster.interNode.kind), QString::fromStdString(plan().cluster.interNode.name));
    if (par.tp > 1 && (m_dimension == Dimension::All || m_dimension == Dimension::TP))
        entries << qMakePair(QColor(0x22, 0x22, 0x22),
            plan().cluster.nvlinkDomainGpus > 0 ? tr("outline: TP group (red dashed: crosses an NVLink domain)")
                                                : tr("outline: TP group (red dashed: crosses a node)"));
    return entries;
}

void TopologyView::drawLegend(QPainter* painter, const QRectF&)
{
    if (!m_analysis)
        return;
    // In viewport coordinates, so it stays put and readable at any zoom.
    painter->save();
    painter->resetTransform();
    const QFont f = legendFont();
    painter->setFont(f);
    const QFontMetrics fm(f);
    const QList<QPair<QColor, QString>> entries = legendEntries();
    int width = 0;
    for (const auto& e : entries)
        width = std::max(width, fm.horizontalAdvance(e.second));
    const int line = fm.height() + 4, columns = m_legendColumns;
    const int rows = (int(entries.size()) + columns - 1) / columns, columnWidth = width + 38;
    const QRect box(QPoint(8, 8), legendBoxSize(columns));
    painter->setPen(QColor(0xAA, 0xAA, 0xAA));
    painter->setBrush(QColor(255, 255, 255, 235));
    // Zoomed or panned so that GPUs lie under it, the legend folds to its title until the cursor rests there.
    m_legendFolded = !m_autoFit && !m_overLegend && legendCoversGpus(box);
    if (m_legendFolded) {
        const QString title = tr("Legend ▸");
        painter->drawRoundedRect(QRect(box.topLeft(), QSize(fm.horizontalAdvance(title) + 16, line + 4)), 5, 5);
        painter->setPen(Qt::black);
        painter->drawText(QRect(box.left() + 8, box.top() + 2, fm.horizontalAdvance(title) + 8, line),
            Qt::AlignVCenter | Qt::AlignLeft, title);
        painter->restore();
        return;
    }
    painter->drawRoundedRect(box, 5, 5);
    for (int i = 0; i < entries.size(); ++i) {
        const int x = box.left() + (i / rows) * columnWidth, y = box.top() + 6 + (i % rows) * line;
        if (entries[i].first.isValid()) {
            painter->setPen(Qt::NoPen);
            painter->setBrush(entries[i].first);
            painter->drawRect(x + 8, y + 3, 16, line - 8);
        }
        painter->setPen(Qt::black);
        painter->drawText(QRect(x + 30, y, width + 8, line), Qt::AlignVCenter | Qt::AlignLeft, entries[i].second);
    }
    painter->restore();
}

} // namespace plait::widgets
