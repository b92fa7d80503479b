#pragma once

#include "collective.h"
#include "plan.h"

#include <vector>

namespace plait {

enum class Dim { TP, CP, DP, PP, EP };
const char* dimName(Dim d);

// One communicator: its GPUs in rank order, and the path its collectives take on this cluster.
struct Group {
    Dim dim = Dim::TP;
    int stage = 0; // pipeline stage of its members (PP groups: stage of the first member)
    std::vector<int> gpus;
    GroupPath path;
    bool crossesNode = false;
};

// All groups of every dimension under the plan's placement, with their paths: the bandwidth of the links
// the group's members span; a node's NICs are shared, in proportion to their members there, among the groups
// of one dimension that leave that node at the same time.
struct GroupSet {
    std::vector<Group> tp, cp, dp, pp, ep;
    // With context parallelism, gradients are reduced (and ZeRO state sharded) over the DP × CP ranks of one stage
    // and TP rank, Megatron's data-parallel group "with context parallel"; empty when cp = 1 (then the DP groups).
    std::vector<Group> dpcp;
    // The MoE layers' expert-TP groups under parallel folding (empty at expert TP 1, and at expert TP = TP, where
    // they are the TP groups): not drawn, only timed.
    std::vector<Group> etp;
    const std::vector<Group>& of(Dim d) const;
    const std::vector<Group>& gradientGroups() const { return dpcp.empty() ? dp : dpcp; }
};

GroupSet buildGroups(const Plan& plan);

// The path of one group of GPUs alone on the cluster (no other group sharing its nodes' NICs): what a benchmark of
// just these GPUs, nccl-tests on them, measures.
GroupPath soloPath(const ClusterSpec& cluster, const std::vector<int>& gpus);

// The path between two GPUs for point-to-point traffic, with `concurrentPerNode` GPUs sharing the NICs.
GroupPath pairPath(const ClusterSpec& cluster, int a, int b, int concurrentPerNode);

} // namespace plait
