#include "profilelinks.h"

#include "calibration.h"
#include "median.h"

#include <algorithm>
#include <map>
#include <set>

namespace plait {

std::vector<ProfileLinkSweep> profileLinkSweeps(
    const std::vector<RankProfile>& ranks, const ClockAlignment& alignment, const std::vector<RankPlace>& places)
{
    if (alignment.offsetUs.size() != ranks.size())
        return {};
    // By class, group size and message size: the transfers' times (µs).
    std::map<bool, std::map<int, std::map<double, std::vector<double>>>> times;
    std::map<bool, std::map<int, std::set<int>>> nodesOf;
    for (const std::vector<CollectiveMember>& members : alignment.collectives) {
        const CollectiveKernel& first = ranks[members.front().rank].collectives.kernels[members.front().kernel];
        if (first.collective != "allreduce" || !(first.bytes > 0) || first.groupSize < 2
            || int(members.size()) != first.groupSize)
            continue;
        double lastStart = -INFINITY;
        std::vector<double> ends;
        std::set<int> nodes;
        bool placed = true;
        for (const CollectiveMember& m : members) {
            const CollectiveKernel& k = ranks[m.rank].collectives.kernels[m.kernel];
            lastStart = std::max(lastStart, k.startUs + alignment.offsetUs[m.rank]);
            ends.push_back(k.endUs + alignment.offsetUs[m.rank]);
            const int rank = ranks[m.rank].rank;
            placed = placed && rank >= 0 && std::size_t(rank) < places.size() && places[std::size_t(rank)].node >= 0;
            if (placed)
                nodes.insert(places[std::size_t(rank)].node);
        }
        const auto [earliest, latest] = std::minmax_element(ends.begin(), ends.end());
        const double spreadUs = *latest - *earliest;
        const double transferUs = median(std::move(ends)) - lastStart;
        // Its members must end together on the aligned clocks for its transfer to be timed: a spread of ends past a
        // tenth of the transfer (20 µs at least, a few link latencies) says the clocks do not hold here.
        if (!placed || !(transferUs > 0) || spreadUs > std::max(20.0, 0.1 * transferUs))
            continue;
        const bool across = nodes.size() > 1;
        times[across][first.groupSize][first.bytes].push_back(transferUs);
        nodesOf[across][first.groupSize].insert(nodes.begin(), nodes.end());
    }
    std::vector<ProfileLinkSweep> out;
    for (auto& [across, bySize] : times) {
        // The group size most all-reduces of this class ran over.
        const auto common = std::max_element(bySize.begin(), bySize.end(), [](const auto& a, const auto& b) {
            std::size_t na = 0, nb = 0;
            for (const auto& [bytes, t] : a.second)
                na += t.size();
            for (const auto& [bytes, t] : b.second)
                nb += t.size();
            return na < nb;
        });
        ProfileLinkSweep found;
        LinksResult& r = found.links;
        r.ranks = common->first;
        r.hosts = int(nodesOf[across][common->first].size());
        r.linkClass = across ? "inter_node" : "intra_node_p2p";
        OpSweep sweep;
        sweep.op = CollectiveKind::AllReduce;
        for (auto& [bytes, t] : common->second) {
            found.collectives += int(t.size());
            sweep.points.push_back(sizePoint(CollectiveKind::AllReduce, r.ranks, bytes, median(std::move(t))));
        }
        sweep.fit = fitAlphaBeta(sweep.points, CollectiveKind::AllReduce, r.ranks);
        r.ops.push_back(std::move(sweep));
        out.push_back(std::move(found));
    }
    return out;
}

} // namespace plait
