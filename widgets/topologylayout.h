#pragma once

#include <QPainterPath>
#include <QPointF>
#include <QRectF>
#include <vector>

namespace plait::widgets {

// A pod: consecutive nodes drawn as one block, so a cluster of thousands of GPUs reads as a few dozen blocks when
// zoomed out. Pods hold 32 nodes, the scalable unit of NVIDIA's DGX SuperPOD reference architecture (32 nodes
// under one set of leaf switches); they are a drawing's grouping only, the cost model does not price them.
struct PodLayout {
    int firstNode = 0, nodeCount = 0;
    QRectF rect; // around its nodes and its title band
};

// Where everything of a drawn cluster goes, in scene units: nodes in rows, each holding its GPUs in rows, the
// spines of the fabric under each row meeting on a trunk at the left. Clusters of more than two pods' worth of nodes
// are laid out pod by pod.
struct TopologyLayout {
    static constexpr double kGpuWidth = 46, kGpuHeight = 34; // a GPU chip
    static constexpr int kPodNodes = 32;
    static constexpr double kPodTitleHeight = 220; // read zoomed far out, so tall
    std::vector<QRectF> nodes;
    std::vector<QPointF> gpuCenters; // node by node
    std::vector<PodLayout> pods; // empty for a cluster of up to 64 nodes
    QPainterPath fabric; // empty for one node
    int columnsPerNode = 1; // GPUs per row inside a node
};
TopologyLayout layoutTopology(int nodes, int gpusPerNode);

} // namespace plait::widgets
