#include "topologylayout.h"

#include <algorithm>
#include <cmath>

namespace plait::widgets {

namespace {
constexpr double kGap = 8, kHeader = 22, kRowHeight = TopologyLayout::kGpuHeight + 12, kFooter = 40, kNodeGap = 26;
constexpr double kPodTitle = TopologyLayout::kPodTitleHeight, kPodGap = 80;
constexpr int kPodColumns = 8; // nodes per row inside a pod: wide enough for its title zoomed out
constexpr double kRackTitle = 34; // a rack's title reads at the zoom its trays do

int columnsFor(int gpusPerNode)
{
    return gpusPerNode <= 4 ? gpusPerNode : gpusPerNode <= 16 ? (gpusPerNode + 1) / 2 : 8;
}
// How many blocks of w × h go in a row so the whole reads about 1.8 times as wide as it is tall.
int perRow(int count, double w, double h)
{
    return std::max(1, int(std::ceil(std::sqrt(double(count) * h / w * 1.8))));
}
}

TopologyLayout layoutTopology(int nodes, int gpusPerNode, int domainNodes, int podNodesOfPlan)
{
    TopologyLayout l;
    nodes = std::max(nodes, 0);
    gpusPerNode = std::max(gpusPerNode, 1);
    l.columnsPerNode = columnsFor(gpusPerNode);
    const int cols = l.columnsPerNode, rows = (gpusPerNode + cols - 1) / cols;
    const double nodeW = cols * (TopologyLayout::kGpuWidth + kGap) + kGap + 12;
    const double nodeH = kHeader + rows * kRowHeight + kFooter;
    const double pitchX = nodeW + kNodeGap, pitchY = nodeH + kNodeGap;
    l.racks = domainNodes > 1;
    const bool planPods = !l.racks && podNodesOfPlan > 0 && podNodesOfPlan < nodes;
    const bool pods = l.racks || planPods || nodes > 2 * TopologyLayout::kPodNodes;
    // A rack's trays in rows about twice as wide as tall (18 trays: 6 × 3); a pod's 8 to a row.
    const int podNodes = l.racks ? domainNodes : planPods ? podNodesOfPlan : TopologyLayout::kPodNodes;
    const int podColumns = l.racks ? std::min(kPodColumns, int(std::ceil(std::sqrt(2.0 * domainNodes)))) : kPodColumns;
    const double podTitle = l.racks ? kRackTitle : kPodTitle, podGap = l.racks ? kPodGap / 2 : kPodGap;
    // Node n's place: in a plain grid, or in its pod's grid inside the grid of pods.
    int nodesPerRow = 1, podsPerRow = 1, podRows = 1;
    double podW = 0, podH = 0;
    if (pods) {
        podRows = (podNodes + podColumns - 1) / podColumns;
        podW = podColumns * pitchX - kNodeGap;
        podH = podTitle + podRows * pitchY - kNodeGap;
        const int podCount = (nodes + podNodes - 1) / podNodes;
        // Racks are wide blocks: rounded, two of them stack rather than make a strip six times as wide as tall.
        podsPerRow = l.racks
            ? std::max(1, int(std::lround(std::sqrt(double(podCount) * (podH + podGap) / (podW + podGap) * 1.8))))
            : perRow(podCount, podW + podGap, podH + podGap);
        for (int p = 0; p < podCount; ++p) {
            const QPointF at((p % podsPerRow) * (podW + podGap), (p / podsPerRow) * (podH + podGap));
            const int first = p * podNodes;
            const int count = std::min(podNodes, nodes - first);
            const int usedRows = (count + podColumns - 1) / podColumns;
            l.pods.push_back(
                { first, count, QRectF(at, QSizeF(podW, podTitle + usedRows * pitchY - kNodeGap)), podTitle });
        }
    } else {
        nodesPerRow = perRow(nodes, nodeW, nodeH);
    }
    l.nodes.reserve(std::size_t(nodes));
    l.gpuCenters.reserve(std::size_t(nodes) * std::size_t(gpusPerNode));
    for (int n = 0; n < nodes; ++n) {
        QPointF at;
        if (pods) {
            const PodLayout& pod = l.pods[std::size_t(n / podNodes)];
            const int i = n - pod.firstNode;
            at = pod.rect.topLeft() + QPointF((i % podColumns) * pitchX, podTitle + (i / podColumns) * pitchY);
        } else {
            at = QPointF((n % nodesPerRow) * pitchX, (n / nodesPerRow) * pitchY);
        }
        l.nodes.emplace_back(at, QSizeF(nodeW, nodeH));
        for (int i = 0; i < gpusPerNode; ++i)
            l.gpuCenters.emplace_back(
                at.x() + 6 + kGap + (i % cols) * (TopologyLayout::kGpuWidth + kGap) + TopologyLayout::kGpuWidth / 2,
                at.y() + kHeader + (i / cols) * kRowHeight + TopologyLayout::kGpuHeight / 2);
    }
    if (nodes < 2)
        return l;
    // Each node (or pod) drops to the spine under its row; the spines meet on a trunk at the left.
    const std::vector<QRectF>* blocks = &l.nodes;
    std::vector<QRectF> podRects;
    if (pods) {
        for (const PodLayout& p : l.pods)
            podRects.push_back(p.rect);
        blocks = &podRects;
    }
    const int blocksPerRow = pods ? podsPerRow : nodesPerRow;
    const double rowPitch = pods ? podH + podGap : pitchY, rowGap = pods ? podGap : kNodeGap;
    const double blockH = pods ? podH : nodeH;
    for (std::size_t b = 0; b < blocks->size(); ++b) {
        const QRectF& r = (*blocks)[b];
        const double spineY = (int(b) / blocksPerRow) * rowPitch + blockH + rowGap / 2;
        l.fabric.moveTo(r.center().x(), r.bottom());
        l.fabric.lineTo(r.center().x(), spineY);
        if (int(b) % blocksPerRow == 0) {
            const std::size_t last = std::min(blocks->size(), b + std::size_t(blocksPerRow)) - 1;
            l.fabric.moveTo(-rowGap / 2, spineY);
            l.fabric.lineTo((*blocks)[last].right(), spineY);
        }
    }
    const int fabricRows = (int(blocks->size()) + blocksPerRow - 1) / blocksPerRow;
    l.fabric.moveTo(-rowGap / 2, blockH + rowGap / 2);
    l.fabric.lineTo(-rowGap / 2, (fabricRows - 1) * rowPitch + blockH + rowGap / 2);
    return l;
}

} // namespace plait::widgets
