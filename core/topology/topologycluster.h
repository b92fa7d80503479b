#pragma once
// A cluster from the nodes' own descriptions (nvidia-smi topo -m, NCCL's topology dump): GPUs per node, the link
// between GPUs (NVLink count × the generation's per-link rate, or PCIe), the NICs next to GPUs and their rate.
// Where nodes differ, the most common kind gives the cluster's links and every other node keeps its own
// (ClusterSpec::nodeLinks: the group paths take the slowest a group spans); each differing node is named, as is a
// degraded NVLink pair or a GPU far from every NIC.

#include "catalog.h"
#include "nodetopology.h"
#include "plan.h"

#include <vector>

namespace plait {

struct ClusterFromTopology {
    ClusterSpec cluster;
    std::vector<std::vector<Warning>> nodeFindings; // per node, in the order given ("topo:" + code in messagetext)
    std::vector<Message> notes; // what came from the base cluster, which node set a rate
};

// `base` gives the GPU model (neither source names it) and what a source does not say (a NIC's rate in
// nvidia-smi's matrix). GPU counts that differ between nodes are an error naming two hosts.
Result<ClusterFromTopology> clusterFromTopology(
    const std::vector<NodeTopology>& nodes, const ClusterSpec& base, const Catalog& catalog = Catalog::builtin());

// The plan on that cluster: the default placement when the GPU count changed; an error when the plan's sizes need
// more GPUs than the cluster has (the sizes are the user's to change, not the importer's).
Result<Plan> planOnCluster(Plan plan, const ClusterSpec& cluster);

} // namespace plait
