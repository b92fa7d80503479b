#pragma once

#include <QPainterPath>
#include <QPointF>
#include <QRectF>
#include <vector>

namespace plait::widgets {

// A pod: consecutive nodes drawn as one block, so a cluster of thousands of GPUs reads as a few dozen blocks when
// zoomed out. Pods hold the plan's pod of an oversubscribed fabric (cluster.pod_gpus), which the cost model prices,
// else 32 nodes, the scalable unit of NVIDIA's DGX SuperPOD reference architecture (32 nodes under one set of leaf
// switches), a drawing's grouping only.
struct PodLayout {
    int firstNode = 0, nodeCount = 0;
    QRectF rect; // around its nodes and its title band
    double titleHeight = 0;
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
    std::vector<PodLayout> pods; // empty for a cluster of up to 64 nodes, unless drawn in racks
    bool racks = false; // the pods are NVLink domains (GB200 NVL72 racks), priced as such
    QPainterPath fabric; // empty for one node
    int columnsPerNode = 1; // GPUs per row inside a node
};
// `domainNodes` > 1: the nodes (trays) of one NVLink domain are drawn together as a rack, at any size.
// `podNodes` > 0: the plan's pods of an oversubscribed fabric (ClusterSpec::podGpus), drawn as pods at any size
// (racks take precedence).
TopologyLayout layoutTopology(int nodes, int gpusPerNode, int domainNodes = 1, int podNodes = 0);

} // namespace plait::widgets
