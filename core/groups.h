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
    const std::vector<Group>& of(Dim d) const;
};

GroupSet buildGroups(const Plan& plan);

// The path between two GPUs for point-to-point traffic, with `concurrentPerNode` GPUs sharing the NICs.
GroupPath pairPath(const ClusterSpec& cluster, int a, int b, int concurrentPerNode);

} // namespace plait
