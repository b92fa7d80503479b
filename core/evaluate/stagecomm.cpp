#include "stagecomm.h"

#include "collective.h"

#include <algorithm>
#include <array>
#include <utility>

namespace plait {

namespace {

// The slowest group of a dimension on each stage sets that stage's collective time; one pass over the groups.
std::vector<const GroupPath*> worstPaths(const std::vector<Group>& groups, int stages)
{
    std::vector<const GroupPath*> worst(static_cast<std::size_t>(stages), nullptr);
    for (const Group& g : groups) {
        if (g.stage < 0 || g.stage >= stages)
            continue;
        const GroupPath*& w = worst[std::size_t(g.stage)];
        if (!w || g.path.busGBps < w->busGBps || (g.path.busGBps == w->busGBps && g.path.alphaS > w->alphaS))
            w = &g.path;
    }
    return worst;
}

} // namespace

std::vector<StageComm> stageComms(const Plan& plan, const LayerCost& lc, const GroupSet& groups, double slowdown)
{
    const int p = plan.parallel.pp;
    const auto worstTp = worstPaths(groups.tp, p), worstCp = worstPaths(groups.cp, p);
    const auto worstEp = worstPaths(groups.ep, p), worstDp = worstPaths(groups.gradientGroups(), p);
    const auto worstEtp = worstPaths(groups.etp.empty() ? groups.tp : groups.etp, p);
    std::vector<StageComm> sc(static_cast<std::size_t>(p));
    for (int s = 0; s < p; ++s) {
        StageComm& c = sc[std::size_t(s)];
        const std::size_t i = std::size_t(s);
        c.calls = layerCollectives(plan, lc, worstTp[i], worstCp[i], worstEp[i], worstDp[i], worstEtp[i]);
        c.added = layerCommTime(plan, lc, c.calls, slowdown);
        c.tpLink = worstTp[i] ? worstTp[i]->link : "";
        c.cpLink = worstCp[i] ? worstCp[i]->link : "";
        // The all-to-all of a group across nodes leaves through the NICs (collective.cpp).
        c.epLink = !worstEp[i] ? "" : worstEp[i]->nic ? worstEp[i]->nic->id : worstEp[i]->link;
        c.dpLink = worstDp[i] ? worstDp[i]->link : "";
        c.etpLink = worstEtp[i] ? worstEtp[i]->link : "";
        c.dpPath = worstDp[i];
        auto nodesOf = [](const GroupPath* g) { return g ? g->nodes : 1; };
        c.tpNodes = nodesOf(worstTp[i]);
        c.cpNodes = nodesOf(worstCp[i]);
        c.epNodes = nodesOf(worstEp[i]);
        c.dpNodes = nodesOf(worstDp[i]);
        c.etpNodes = nodesOf(worstEtp[i]);
    }
    return sc;
}

PipelineTransfers pipelineTransfers(const Plan& plan, const GroupSet& groups, const PipelineRoutes& routes)
{
    const ParallelSpec& par = plan.parallel;
    const int p = par.pp;
    PipelineTransfers t;
    t.bytes = plan.training.microBatch * double(plan.model.seqLen) / par.cp * double(plan.model.hidden)
        * bytesPerElement(plan) / par.tp;
    t.seconds.assign(std::size_t(std::max(routes.boundaries(), 0)), 0.0);
    t.links.assign(t.seconds.size(), "");
    if (p <= 1)
        return t;
    const ClusterSpec& cluster = plan.cluster;
    // Where every node is alike (no per-node links), a pair's transfer depends only on whether it stays inside one
    // NVLink domain and, above an oversubscribed fabric, one pod: each of those four kinds is priced once, not once
    // per PP group. Which kinds each pair of stages has is read group by group (each group's GPUs once; the chunks
    // of an interleaved schedule cross the same pairs again); the slowest kind names the link, the last group's
    // where kinds tie, as a walk over the groups would.
    const int boundaries = routes.boundaries();
    auto kindOf = [&cluster](int ga, int gb) {
        const bool domain = cluster.domainOf(ga) == cluster.domainOf(gb);
        const bool pod = !cluster.oversubscribed() || cluster.podOf(ga) == cluster.podOf(gb);
        return (domain ? 2 : 0) + (pod ? 1 : 0);
    };
    std::vector<std::pair<int, int>> pairs; // the (from, to) stages the boundaries join, each once
    std::vector<std::size_t> pairOf(static_cast<std::size_t>(boundaries));
    for (int k = 0; k < boundaries; ++k) {
        const std::pair<int, int> ends { routes.boundaryFrom(k).device, routes.boundaryTo(k).device };
        pairOf[std::size_t(k)] = std::size_t(std::find(pairs.begin(), pairs.end(), ends) - pairs.begin());
        if (pairOf[std::size_t(k)] == pairs.size())
            pairs.push_back(ends);
    }
    std::vector<std::array<int, 4>> firstOf(pairs.size(), { -1, -1, -1, -1 });
    std::vector<std::array<int, 4>> lastOf = firstOf;
    const bool alike = cluster.nodeLinks.empty();
    if (alike)
        for (std::size_t gi = 0; gi < groups.pp.size(); ++gi) {
            const std::vector<int>& gpus = groups.pp[gi].gpus;
            for (std::size_t i = 0; i < pairs.size(); ++i) {
                const auto [a, b] = pairs[i];
                if (a == b)
                    continue;
                const auto kind = std::size_t(kindOf(gpus[std::size_t(a)], gpus[std::size_t(b)]));
                if (firstOf[i][kind] < 0)
                    firstOf[i][kind] = int(gi);
                lastOf[i][kind] = int(gi);
            }
        }
    for (int k = 0; k < boundaries; ++k) {
        const std::size_t pair = pairOf[std::size_t(k)];
        const int a = pairs[pair].first, b = pairs[pair].second;
        if (a == b)
            continue; // the turn of a V: both chunks on one GPU, nothing to send
        double worst = 0;
        int worstAt = -1; // the last group with the slowest transfer: it names the boundary's link
        CollectiveCost slowest; // the first group's with it
        int slowestAt = -1;
        auto weigh = [&](const Group& g, int firstAt, int lastAt) {
            const GroupPath path = pairPath(cluster, g.gpus[std::size_t(a)], g.gpus[std::size_t(b)]);
            const CollectiveCost c = collectiveTime(CollectiveKind::SendRecv, t.bytes, path);
            if (c.seconds > worst || (c.seconds == worst && lastAt > worstAt)) {
                worst = c.seconds;
                worstAt = lastAt;
                t.links[std::size_t(k)] = path.link;
            }
            if (slowestAt < 0 || c.seconds > slowest.seconds || (c.seconds == slowest.seconds && firstAt < slowestAt)) {
                slowest = c;
                slowestAt = firstAt;
            }
        };
        if (alike) {
            for (std::size_t kind = 0; kind < 4; ++kind)
                if (const int gi = firstOf[pair][kind]; gi >= 0)
                    weigh(groups.pp[std::size_t(gi)], gi, lastOf[pair][kind]);
        } else {
            for (std::size_t gi = 0; gi < groups.pp.size(); ++gi)
                weigh(groups.pp[gi], int(gi), int(gi));
        }
        if (slowest.seconds > t.worst.seconds)
            t.worst = slowest;
        t.seconds[std::size_t(k)] = worst;
    }
    return t;
}

} // namespace plait
