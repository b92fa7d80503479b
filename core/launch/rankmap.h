#pragma once
// Which process rank runs on which GPU so that a launched job is the placement drawn on the topology. Megatron-LM
// (tp-cp-ep-dp-pp), torchtitan's device mesh (pp, dp, cp, tp outermost first) and DeepSpeed's pipe-data-model
// topology all number ranks with TP innermost, then CP, DP and PP: rank = tp + TP·(cp + CP·(dp + DP·pp)).

#include "plan.h"

#include <string>
#include <vector>

namespace plait {

struct RankSlot {
    int rank = 0;
    int gpu = 0; // the cluster's GPU index
    int node = 0;
    int localGpu = 0; // the GPU's index within its node, as CUDA_VISIBLE_DEVICES counts without it set
    Coord coord;
};

struct RankMap {
    std::vector<RankSlot> ranks; // by rank
    std::vector<int> nodes; // the nodes that run ranks, by their torchrun --node-rank when torchrun can launch it
    // Per node (index into `nodes`): its GPUs in the order of its ranks; local rank i takes the i-th.
    std::vector<std::vector<int>> devicesByLocalRank;
    // torchrun (and mpirun's by-slot mapping) give each node a block of consecutive ranks, the same count on every
    // node: whether this placement is such blocks, and if not the first node that is not, with its ranks.
    bool torchrunCan = true;
    int firstNodeNot = -1;
    std::vector<int> ranksOfThatNode;
};

int rankOf(const Coord& c, const ParallelSpec& p);
RankMap rankMap(const Plan& plan);

// The launch files as one text in sections: the rank map (rank, host, local GPU, coordinates), a hostfile, a
// SLURM_HOSTFILE for srun --distribution=arbitrary (any placement), and per node its CUDA_VISIBLE_DEVICES with the
// torchrun line (where torchrun can launch it). `hosts` names the cluster's nodes in order; missing ones are
// "node<i>".
std::string launchFiles(const Plan& plan, const std::vector<std::string>& hosts);

// A host name as RFC 1123 allows it (dot-separated labels of letters, digits and '-', 1-63 characters each, 253 in
// all; an IPv4 address is one), or an IPv6 address: what the printed torchrun and srun lines may carry unquoted.
bool isHostName(std::string_view name);

} // namespace plait
