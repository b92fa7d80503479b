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
// the group's members span, each member leaving its node through its own share of the node's NICs.
struct GroupSet {
    std::vector<Group> tp, cp, dp, pp, ep;
    // With context parallelism, gradients are reduced (and ZeRO state sharded) over the DP × CP ranks of one stage
    // and TP rank, Megatron's data-parallel group "with context parallel"; empty when cp = 1 (then the DP groups).
    std::vector<Group> dpcp;
    // The MoE layers' expert-TP groups under parallel folding (empty at expert TP 1, and at expert TP = TP, where
    // they are the TP groups): not drawn, only timed.
    std::vector<Group> etp;
    const std::vector<Group>& gradientGroups() const { return dpcp.empty() ? dp : dpcp; }
};

GroupSet buildGroups(const Plan& plan);

// One GPU's share of its node's NICs, what it sends to other nodes at (GB/s, after efficiency): nics × rate / GPUs.
double nicShareOf(const ClusterSpec& cluster, int node);

// The path of one group of GPUs alone on the cluster: what a benchmark of just these GPUs, nccl-tests on them,
// measures (the same path as in a plan, each GPU on its own NIC share).
GroupPath soloPath(const ClusterSpec& cluster, const std::vector<int>& gpus);

// The path between two GPUs for point-to-point traffic: across nodes, the smaller of the two GPUs' NIC shares.
GroupPath pairPath(const ClusterSpec& cluster, int a, int b);

} // namespace plait
