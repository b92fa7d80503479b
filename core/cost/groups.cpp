#include "groups.h"

#include <algorithm>
#include <cmath>

namespace plait {

const char* dimName(Dim d)
{
    switch (d) {
    case Dim::TP:
        return "tp";
    case Dim::CP:
        return "cp";
    case Dim::DP:
        return "dp";
    case Dim::PP:
        return "pp";
    case Dim::EP:
        return "ep";
    }
    return "";
}

namespace {
// How many distinct values a sorted list holds, and the fewest times any of them occurs: the domains (or pods) a
// group spans and its fewest members in one.
struct Spread {
    int count = 0, fewest = 0;
};
Spread spreadOf(const std::vector<int>& sorted)
{
    Spread s;
    for (std::size_t a = 0; a < sorted.size();) {
        std::size_t b = a;
        while (b < sorted.size() && sorted[b] == sorted[a])
            ++b;
        s.fewest = s.count == 0 ? int(b - a) : std::min(s.fewest, int(b - a));
        ++s.count;
        a = b;
    }
    return s;
}

// Each GPU leaves its node through its own share of the node's NICs (nics / GPUs per node: one NIC in a
// rail-optimised node): a GPU drives the NICs beside it, not the ones of GPUs outside its group, so a group that
// crosses nodes by placement (one member dragged away) pays what one that crosses by rank order pays. A ring's
// node boundary carries its members' shares there together (NCCL runs a channel through each), and the ring is as
// fast as its slowest boundary: the node, or NVLink domain, with the fewest members' NICs.
GroupPath pathOverUncalibrated(const ClusterSpec& cluster, const std::vector<int>& gpus)
{
    GroupPath path;
    path.ranks = int(gpus.size());
    std::vector<int> nodes, domains;
    nodes.reserve(gpus.size());
    domains.reserve(gpus.size());
    for (int g : gpus) {
        nodes.push_back(g / cluster.gpusPerNode);
        domains.push_back(cluster.domainOf(g));
    }
    std::sort(nodes.begin(), nodes.end());
    std::sort(domains.begin(), domains.end());
    // Each node's own links (ClusterSpec::nodeLinks): the ring runs at its slowest NVLink and slowest NIC share.
    const LinkSpec* slowestIntra = &cluster.intraOf(nodes.front());
    const LinkSpec* slowestInter = &cluster.interOf(nodes.front());
    double nicPerGpu = 0;
    // A domain's way out: the NIC shares of its members (few domains: a short list, searched from its end, where
    // the sorted nodes put the domain of the node before).
    std::vector<std::pair<int, double>> domainShare;
    int hosts = 0;
    std::size_t i = 0;
    while (i < nodes.size()) {
        std::size_t j = i;
        while (j < nodes.size() && nodes[j] == nodes[i])
            ++j;
        const int node = nodes[i];
        if (cluster.intraOf(node).effectiveGBps() < slowestIntra->effectiveGBps())
            slowestIntra = &cluster.intraOf(node);
        const double own = nicShareOf(cluster, node);
        if (hosts == 0 || own < nicPerGpu)
            slowestInter = &cluster.interOf(node);
        const int domain = cluster.domainOf(node * cluster.gpusPerNode);
        auto in = std::find_if(
            domainShare.rbegin(), domainShare.rend(), [domain](const auto& d) { return d.first == domain; });
        if (in == domainShare.rend())
            domainShare.emplace_back(domain, own * double(j - i));
        else
            in->second += own * double(j - i);
        nicPerGpu = hosts == 0 ? own : std::min(nicPerGpu, own);
        ++hosts;
        i = j;
    }
    // The NVLink domains the group spans (the nodes, unless a rack joins them): traffic inside one takes NVLink.
    const Spread spanned = spreadOf(domains);
    const int fewest = spanned.fewest;
    path.nodes = spanned.count;
    const LinkSpec& intra = *slowestIntra;
    if (path.nodes == 1) {
        path.alphaS = intra.latencyUs * 1e-6;
        path.busGBps = intra.effectiveGBps();
        path.link = intra.id;
        path.bottleneck = &intra;
        if (intra.nvls && intra.nvlsAlgGBps > 0 && path.ranks > 2)
            path.nvlsAlgGBps = intra.nvlsAlgGBps;
        return path;
    }
    const LinkSpec& inter = *slowestInter;
    path.ranksPerNode = fewest;
    path.nicGBps = nicPerGpu;
    path.intraGBps = intra.effectiveGBps();
    path.nic = &inter;
    path.alphaS = std::max(intra.latencyUs, inter.latencyUs) * 1e-6;
    // A domain's members leave it through their own nodes' NICs: the ring's slowest boundary is the domain with
    // the smallest sum of them (a node's share, when the domain is the node).
    double boundary = domainShare.front().second;
    for (const auto& [domain, share] : domainShare)
        boundary = std::min(boundary, share);
    // Above the pods of an oversubscribed fabric a pod's uplinks carry 1/ratio of its NICs' rate. Every GPU of the
    // pod sending out at once (an all-to-all) gets that share of its NIC; a ring crosses each pod boundary once per
    // group, so each group's crossing gets the uplink share of its members in the pod (rings of this dimension in
    // every GPU of the pod).
    if (cluster.oversubscribed()) {
        std::vector<int> pods;
        for (int g : gpus)
            pods.push_back(cluster.podOf(g));
        std::sort(pods.begin(), pods.end());
        if (const Spread inPods = spreadOf(pods); inPods.count > 1) {
            path.ranksPerPod = inPods.fewest;
            path.podGBps = nicPerGpu / cluster.oversubscription;
            boundary = std::min(boundary, inPods.fewest * path.podGBps);
        }
    }
    path.busGBps = std::min(intra.effectiveGBps(), boundary);
    path.link = boundary < intra.effectiveGBps() ? inter.id : intra.id;
    path.bottleneck = boundary < intra.effectiveGBps() ? &inter : &intra;
    return path;
}

// The fitted loss of a collective's rate with its size (costcalibration.h): a share per doubling of the ranks past 8,
// for the rates a ring, tree or all-to-all runs at (stragglers in the ring, more steps, congestion in the fabric).
GroupPath pathOver(const ClusterSpec& cluster, const std::vector<int>& gpus)
{
    GroupPath path = pathOverUncalibrated(cluster, gpus);
    const double loss = cluster.calibration.collectiveLossPerDoubling;
    if (loss > 0 && path.ranks > 8) {
        const double keep = std::pow(1 - loss, std::log2(path.ranks / 8.0));
        path.busGBps *= keep;
        path.nicGBps *= keep;
        path.podGBps *= keep;
        path.nvlsAlgGBps *= keep;
    }
    return path;
}

void finish(const ClusterSpec& cluster, std::vector<Group>& groups)
{
    for (Group& g : groups) {
        const int domain0 = cluster.domainOf(g.gpus.front());
        g.crossesNode
            = std::any_of(g.gpus.begin(), g.gpus.end(), [&](int x) { return cluster.domainOf(x) != domain0; });
        g.path = pathOver(cluster, g.gpus);
    }
}
}

double nicShareOf(const ClusterSpec& cluster, int node)
{
    return cluster.nicsOf(node) * cluster.interOf(node).effectiveGBps() / std::max(cluster.gpusPerNode, 1);
}

GroupPath soloPath(const ClusterSpec& cluster, const std::vector<int>& gpus)
{
    return pathOver(cluster, gpus);
}

GroupPath pairPath(const ClusterSpec& cluster, int a, int b)
{
    const int na = a / cluster.gpusPerNode, nb = b / cluster.gpusPerNode;
    const LinkSpec& intra = cluster.intraOf(na).effectiveGBps() <= cluster.intraOf(nb).effectiveGBps()
        ? cluster.intraOf(na)
        : cluster.intraOf(nb);
    GroupPath path;
    path.ranks = 2;
    if (cluster.domainOf(a) == cluster.domainOf(b)) {
        path.alphaS = intra.latencyUs * 1e-6;
        path.busGBps = intra.effectiveGBps();
        path.link = intra.id;
        path.bottleneck = &intra;
        return path;
    }
    // The pair's slower end: the GPU with the smaller share of its node's NICs.
    const double shareA = nicShareOf(cluster, na), shareB = nicShareOf(cluster, nb);
    const LinkSpec& inter = shareA <= shareB ? cluster.interOf(na) : cluster.interOf(nb);
    double nicShare = std::min(shareA, shareB);
    // Between pods the uplinks carry 1/ratio of the NICs' rate (every GPU of a stage sends at once).
    if (cluster.oversubscribed() && cluster.podOf(a) != cluster.podOf(b)) {
        nicShare /= cluster.oversubscription;
        path.podGBps = nicShare;
    }
    path.nodes = 2;
    path.alphaS = std::max(intra.latencyUs, inter.latencyUs) * 1e-6;
    path.busGBps = std::min(intra.effectiveGBps(), nicShare);
    path.link = nicShare < intra.effectiveGBps() ? inter.id : intra.id;
    path.bottleneck = nicShare < intra.effectiveGBps() ? &inter : &intra;
    return path;
}

GroupSet buildGroups(const Plan& plan)
{
    const ParallelSpec& par = plan.parallel;
    // rankGpu[rank] = GPU, rank in canonical ((pp·dp + dp)·cp + cp)·tp + tp order.
    std::vector<int> rankGpu(std::size_t(par.gpusUsed()), -1);
    for (std::size_t g = 0; g < plan.placement.coordOf.size(); ++g) {
        const Coord& c = plan.placement.coordOf[g];
        if (c.tp >= 0)
            rankGpu[std::size_t(((c.pp * par.dp + c.dp) * par.cp + c.cp) * par.tp + c.tp)] = int(g);
    }
    auto gpuAt = [&](int tp, int cp, int dp, int pp) {
        return rankGpu[std::size_t(((pp * par.dp + dp) * par.cp + cp) * par.tp + tp)];
    };

    GroupSet set;
    for (int pp = 0; pp < par.pp; ++pp)
        for (int dp = 0; dp < par.dp; ++dp)
            for (int cp = 0; cp < par.cp; ++cp) {
                Group g { Dim::TP, pp, {}, {}, false };
                for (int tp = 0; tp < par.tp; ++tp)
                    g.gpus.push_back(gpuAt(tp, cp, dp, pp));
                set.tp.push_back(std::move(g));
            }
    for (int pp = 0; pp < par.pp && par.cp > 1; ++pp)
        for (int dp = 0; dp < par.dp; ++dp)
            for (int tp = 0; tp < par.tp; ++tp) {
                Group g { Dim::CP, pp, {}, {}, false };
                for (int cp = 0; cp < par.cp; ++cp)
                    g.gpus.push_back(gpuAt(tp, cp, dp, pp));
                set.cp.push_back(std::move(g));
            }
    for (int pp = 0; pp < par.pp; ++pp)
        for (int cp = 0; cp < par.cp; ++cp)
            for (int tp = 0; tp < par.tp; ++tp) {
                Group g { Dim::DP, pp, {}, {}, false };
                for (int dp = 0; dp < par.dp; ++dp)
                    g.gpus.push_back(gpuAt(tp, cp, dp, pp));
                set.dp.push_back(std::move(g));
            }
    // Megatron-Core's parallel folding: the MoE layers number a stage's tp·cp·dp ranks (r = (dp·cp + cp)·tp + tp)
    // as expert TP innermost, then EP, then expert DP; an EP group holds one expert-TP rank of one expert-DP replica.
    // With expert TP = TP and cp = 1 these are consecutive blocks of ep DP ranks.
    const int stageRanks = par.tp * par.cp * par.dp, etp = par.expertTp();
    for (int pp = 0; pp < par.pp && par.ep > 1 && stageRanks % par.expertShard() == 0; ++pp)
        for (int edp = 0; edp < stageRanks / par.expertShard(); ++edp)
            for (int et = 0; et < etp; ++et) {
                Group e { Dim::EP, pp, {}, {}, false };
                for (int ep = 0; ep < par.ep; ++ep)
                    e.gpus.push_back(rankGpu[std::size_t(pp * stageRanks + (edp * par.ep + ep) * etp + et)]);
                set.ep.push_back(std::move(e));
            }
    // Expert TP equal to TP makes the same groups as TP's (both innermost): evaluate() takes the TP groups' paths.
    const bool ownEtp = plan.model.isMoe() && etp > 1 && etp != par.tp;
    for (int pp = 0; pp < par.pp && ownEtp && stageRanks % par.expertShard() == 0; ++pp)
        for (int block = 0; block < stageRanks / etp; ++block) {
            Group g { Dim::TP, pp, {}, {}, false };
            for (int et = 0; et < etp; ++et)
                g.gpus.push_back(rankGpu[std::size_t(pp * stageRanks + block * etp + et)]);
            set.etp.push_back(std::move(g));
        }
    for (int pp = 0; pp < par.pp && par.cp > 1; ++pp)
        for (int tp = 0; tp < par.tp; ++tp) {
            Group g { Dim::DP, pp, {}, {}, false };
            for (int dp = 0; dp < par.dp; ++dp)
                for (int cp = 0; cp < par.cp; ++cp)
                    g.gpus.push_back(gpuAt(tp, cp, dp, pp));
            set.dpcp.push_back(std::move(g));
        }
    for (int dp = 0; dp < par.dp; ++dp)
        for (int cp = 0; cp < par.cp; ++cp)
            for (int tp = 0; tp < par.tp; ++tp) {
                Group g { Dim::PP, 0, {}, {}, false };
                for (int pp = 0; pp < par.pp; ++pp)
                    g.gpus.push_back(gpuAt(tp, cp, dp, pp));
                set.pp.push_back(std::move(g));
            }
    for (auto* list : { &set.tp, &set.cp, &set.dp, &set.pp, &set.ep, &set.dpcp, &set.etp })
        finish(plan.cluster, *list);
    return set;
}

} // namespace plait
