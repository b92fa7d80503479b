#include "profilelinks.h"

#include "calibration.h"
#include "median.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace plait {

namespace {
// Sweeps are kept apart by these.
struct SweepKey {
    bool acrossDomains = false;
    int groupSize = 0, ranksPerNode = 0;
    bool operator<(const SweepKey& o) const
    {
        return std::tie(acrossDomains, groupSize, ranksPerNode)
            < std::tie(o.acrossDomains, o.groupSize, o.ranksPerNode);
    }
};
struct Timed {
    std::map<CollectiveKind, std::map<double, std::vector<double>>> timesBySize; // µs by message bytes, per kind
    std::map<CollectiveKind, int> calls;
    int nodes = 0;
    std::vector<int> gpus; // one group's GPUs
};
}

std::vector<ProfileLinkSweep> profileLinkSweeps(const std::vector<RankProfile>& ranks, const ClockAlignment& alignment,
    const std::vector<RankPlace>& places, const ClusterSpec& cluster)
{
    if (alignment.offsetUs.size() != ranks.size())
        return {};
    std::map<SweepKey, Timed> sweeps;
    for (const std::vector<CollectiveMember>& members : alignment.collectives) {
        const CollectiveKernel& first = ranks[members.front().rank].collectives.kernels[members.front().kernel];
        const std::optional<CollectiveKind> kind = collectiveKindOfName(first.collective);
        if (!kind || *kind == CollectiveKind::SendRecv || !(first.bytes > 0) || first.groupSize < 2
            || int(members.size()) != first.groupSize)
            continue;
        double lastStart = -INFINITY;
        std::vector<double> ends;
        std::map<int, int> perNode; // members on each node
        std::set<int> domains;
        bool placed = true;
        for (const CollectiveMember& m : members) {
            const CollectiveKernel& k = ranks[m.rank].collectives.kernels[m.kernel];
            lastStart = std::max(lastStart, k.startUs + alignment.offsetUs[m.rank]);
            ends.push_back(k.endUs + alignment.offsetUs[m.rank]);
            const int rank = ranks[m.rank].rank;
            placed = placed && rank >= 0 && std::size_t(rank) < places.size() && places[std::size_t(rank)].node >= 0;
            if (!placed)
                break;
            const int node = places[std::size_t(rank)].node;
            ++perNode[node];
            domains.insert(cluster.domainOf(node * cluster.gpusPerNode));
        }
        if (!placed)
            continue;
        const auto [earliest, latest] = std::minmax_element(ends.begin(), ends.end());
        const double spreadUs = *latest - *earliest;
        const double transferUs = median(std::move(ends)) - lastStart;
        // Its members must end together on the aligned clocks for its transfer to be timed: a spread of ends past a
        // tenth of the transfer (20 µs at least, a few link latencies) says the clocks do not hold here.
        if (!(transferUs > 0) || spreadUs > std::max(20.0, 0.1 * transferUs))
            continue;
        int fewest = first.groupSize;
        for (const auto& [node, count] : perNode)
            fewest = std::min(fewest, count);
        Timed& t = sweeps[{ domains.size() > 1, first.groupSize, fewest }];
        t.timesBySize[*kind][first.bytes].push_back(transferUs);
        ++t.calls[*kind];
        t.nodes = std::max(t.nodes, int(perNode.size()));
        if (t.gpus.empty())
            for (const CollectiveMember& m : members)
                t.gpus.push_back(places[std::size_t(ranks[m.rank].rank)].gpu);
    }
    std::vector<ProfileLinkSweep> out;
    for (auto& [key, timed] : sweeps) {
        ProfileLinkSweep found;
        found.collectives = timed.calls[CollectiveKind::AllReduce];
        found.ranksPerNode = key.ranksPerNode;
        found.gpus = timed.gpus;
        LinksResult& r = found.links;
        r.ranks = key.groupSize;
        r.hosts = timed.nodes;
        r.linkClass = key.acrossDomains ? "inter_node" : "intra_node_p2p";
        // Inside a domain a member has its own link; across domains its share of the node's NICs (groups.cpp).
        found.lineRateGBps = key.acrossDomains
            ? cluster.interNode.bandwidthGBps * cluster.nics() * key.ranksPerNode / std::max(cluster.gpusPerNode, 1)
            : cluster.intraNode.bandwidthGBps;
        for (auto& [kind, bySize] : timed.timesBySize) {
            OpSweep sweep;
            sweep.op = kind;
            for (auto& [bytes, times] : bySize)
                sweep.points.push_back(sizePoint(kind, r.ranks, bytes, median(std::move(times))));
            sweep.fit = fitAlphaBeta(sweep.points, kind, r.ranks);
            r.ops.push_back(std::move(sweep));
            found.calls.push_back({ kind, timed.calls[kind] });
        }
        out.push_back(std::move(found));
    }
    return out;
}

} // namespace plait
