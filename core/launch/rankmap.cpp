#include "rankmap.h"

#include "deepspeedconfig.h"
#include "text.h"

#include <cctype>

#include <algorithm>
#include <map>

namespace plait {

int rankOf(const Coord& c, const ParallelSpec& p)
{
    return c.tp + p.tp * (c.cp + p.cp * (c.dp + p.dp * c.pp));
}

RankMap rankMap(const Plan& plan)
{
    RankMap map;
    const int perNode = std::max(plan.cluster.gpusPerNode, 1);
    map.ranks.resize(std::size_t(plan.parallel.gpusUsed()));
    std::map<int, std::vector<int>> ranksOfNode; // node → its ranks, ascending
    for (int g = 0; g < int(plan.placement.coordOf.size()); ++g) {
        if (plan.placement.idle(g))
            continue;
        const Coord& c = plan.placement.coordOf[std::size_t(g)];
        const int r = rankOf(c, plan.parallel);
        if (r < 0 || r >= int(map.ranks.size()))
            continue; // validate() refuses such a placement
        map.ranks[std::size_t(r)] = RankSlot { r, g, g / perNode, g % perNode, c };
        ranksOfNode[g / perNode].push_back(r);
    }
    for (auto& [node, ranks] : ranksOfNode)
        std::sort(ranks.begin(), ranks.end());
    const std::size_t k = ranksOfNode.empty() ? 0 : ranksOfNode.begin()->second.size();
    for (const auto& [node, ranks] : ranksOfNode) {
        const bool block
            = ranks.size() == k && ranks.front() % int(k) == 0 && ranks.back() - ranks.front() == int(k) - 1;
        if (!block && map.torchrunCan) {
            map.torchrunCan = false;
            map.firstNodeNot = node;
            map.ranksOfThatNode = ranks;
        }
        map.nodes.push_back(node);
    }
    if (map.torchrunCan) // by node rank: the node holding ranks 0…k−1 first
        std::sort(map.nodes.begin(), map.nodes.end(),
            [&](int a, int b) { return ranksOfNode[a].front() < ranksOfNode[b].front(); });
    for (int node : map.nodes) {
        std::vector<int> devices;
        for (int r : ranksOfNode[node])
            devices.push_back(map.ranks[std::size_t(r)].localGpu);
        map.devicesByLocalRank.push_back(std::move(devices));
    }
    return map;
}

std::string launchFiles(const Plan& plan, const std::vector<std::string>& hosts)
{
    const RankMap map = rankMap(plan);
    const ParallelSpec& p = plan.parallel;
    auto host = [&](int node) {
        return node < int(hosts.size()) && !hosts[std::size_t(node)].empty() ? hosts[std::size_t(node)]
                                                                             : "node" + str(node);
    };
    std::string name = plan.name;
    std::replace_if(
        name.begin(), name.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    std::string s = "# Rank map of the Plait plan " + name + ": " + str((long long)map.ranks.size()) + " ranks on "
        + str((long long)map.nodes.size()) + " nodes\n# rank = tp + " + str(p.tp) + "·(cp + " + str(p.cp) + "·(dp + "
        + str(p.dp)
        + "·pp)): Megatron-LM's order (tp-cp-ep-dp-pp), torchtitan's device mesh and DeepSpeed's topology\n";
    if (hosts.empty())
        s += "# node0, node1, … are the cluster's nodes in the plan's order: give their names with --hosts\n";
    s += "\n## rank map: rank, host, local GPU, tp, cp, dp, pp\n";
    for (const RankSlot& r : map.ranks)
        s += str(r.rank) + "\t" + host(r.node) + "\t" + str(r.localGpu) + "\t" + str(r.coord.tp) + "\t"
            + str(r.coord.cp) + "\t" + str(r.coord.dp) + "\t" + str(r.coord.pp) + "\n";
    s += "\n## SLURM_HOSTFILE, one line per rank: srun --distribution=arbitrary launches any placement\n";
    for (const RankSlot& r : map.ranks)
        s += host(r.node) + "\n";
    s += "\n## CUDA_VISIBLE_DEVICES per node: local rank i (by rank, as srun, mpirun and torchrun number them) takes "
         "the i-th\n";
    for (std::size_t i = 0; i < map.nodes.size(); ++i) {
        std::string devices;
        for (int d : map.devicesByLocalRank[i])
            devices += (devices.empty() ? "" : ",") + str(d);
        s += host(map.nodes[i]) + "\tCUDA_VISIBLE_DEVICES=" + devices + "\n";
    }
    if (!map.torchrunCan) {
        std::string ranks;
        for (std::size_t i = 0; i < map.ranksOfThatNode.size() && i < 16; ++i)
            ranks += (i ? ", " : "") + str(map.ranksOfThatNode[i]);
        s += "\n## torchrun and mpirun --hostfile cannot launch this placement: they give each node a block of "
             "consecutive ranks, and "
            + host(map.firstNodeNot) + " runs ranks " + ranks + (map.ranksOfThatNode.size() > 16 ? ", …" : "")
            + ". Use srun with the SLURM_HOSTFILE above.\n";
        return s;
    }
    const std::size_t k = map.devicesByLocalRank.empty() ? 0 : map.devicesByLocalRank.front().size();
    s += "\n## hostfile (mpirun --hostfile, the DeepSpeed launcher), by node rank\n";
    for (int node : map.nodes)
        s += host(node) + " slots=" + str((long long)k) + "\n";
    const std::string deepspeed = deepSpeedLaunchLine(plan, "ds_config.json");
    s += deepspeed.empty()
        ? "\n## The DeepSpeed launcher cannot launch this placement: it gives local rank i GPU i of each node. Use the "
          "torchrun lines below (deepspeed.init_distributed reads their environment).\n"
        : "\n## DeepSpeed launcher, run on " + host(map.nodes.front())
            + " (it reaches the others through the hostfile above, saved as hostfile)\n" + deepspeed + "\n";
    s += "\n## torchrun on each node\n";
    for (std::size_t i = 0; i < map.nodes.size(); ++i) {
        std::string devices;
        for (int d : map.devicesByLocalRank[i])
            devices += (devices.empty() ? "" : ",") + str(d);
        s += host(map.nodes[i]) + "\tCUDA_VISIBLE_DEVICES=" + devices + " torchrun --nnodes "
            + str((long long)map.nodes.size()) + " --nproc-per-node " + str((long long)k) + " --node-rank "
            + str((long long)i) + " --master-addr " + host(map.nodes.front()) + " --master-port 29500 TRAIN_SCRIPT\n";
    }
    return s;
}

bool isHostName(std::string_view name)
{
    if (name.empty() || name.size() > 253)
        return false;
    if (name.find(':') != std::string_view::npos) // IPv6
        return name.size() <= 45 && std::all_of(name.begin(), name.end(), [](char c) {
            return c == ':' || c == '.' || std::isxdigit(static_cast<unsigned char>(c));
        });
    std::size_t start = 0;
    while (start <= name.size()) {
        const std::size_t dot = std::min(name.find('.', start), name.size());
        const std::string_view label = name.substr(start, dot - start);
        if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-')
            return false;
        if (!std::all_of(label.begin(), label.end(),
                [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; }))
            return false;
        start = dot + 1;
    }
    return true;
}

} // namespace plait
