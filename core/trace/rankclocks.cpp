#include "rankclocks.h"

#include "median.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <utility>

namespace plait {

namespace {
using Member = CollectiveMember;

// The collectives two or more ranks share, keyed by group and place in it; a member whose collective differs from
// the first member's is dropped and named (the traces cover different steps, or a rank ran something else).
std::vector<std::vector<Member>> sharedCollectives(
    const std::vector<RankCollectives>& ranks, std::vector<Message>& problems)
{
    std::map<std::pair<std::string, int>, std::vector<Member>> byKey;
    for (std::size_t r = 0; r < ranks.size(); ++r)
        for (std::size_t k = 0; k < ranks[r].kernels.size(); ++k) {
            const CollectiveKernel& c = ranks[r].kernels[k];
            byKey[{ c.group, c.sequence }].push_back({ r, k });
        }
    std::vector<std::vector<Member>> out;
    int mismatches = 0;
    for (auto& [key, members] : byKey) {
        const CollectiveKernel& first = ranks[members.front().rank].kernels[members.front().kernel];
        std::vector<Member> same;
        for (const Member& m : members) {
            const CollectiveKernel& c = ranks[m.rank].kernels[m.kernel];
            if (c.collective == first.collective) {
                same.push_back(m);
                continue;
            }
            if (++mismatches <= 3)
                problems.push_back({ "trace:collective-mismatch",
                    { std::to_string(key.second + 1), key.first, c.collective, std::to_string(ranks[m.rank].rank),
                        first.collective, std::to_string(ranks[members.front().rank].rank) } });
        }
        if (same.size() >= 2)
            out.push_back(std::move(same));
    }
    if (mismatches > 3)
        problems.push_back({ "trace:more-mismatches", { std::to_string(mismatches - 3) } });
    return out;
}

// Ranks joined to the first one through shared collectives.
std::vector<bool> joinedToFirst(std::size_t n, const std::vector<std::vector<Member>>& shared)
{
    std::vector<std::size_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](std::size_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    for (const auto& members : shared)
        for (const Member& m : members)
            parent[find(m.rank)] = find(members.front().rank);
    std::vector<bool> joined(n, false);
    for (std::size_t r = 0; r < n; ++r)
        joined[r] = find(r) == find(0);
    return joined;
}
}

ClockAlignment alignRankClocks(const std::vector<RankCollectives>& ranks)
{
    ClockAlignment out;
    const std::size_t n = ranks.size();
    out.offsetUs.assign(n, 0);
    out.residualUs.assign(n, 0);
    out.sharedCollectives.assign(n, 0);
    if (n == 0)
        return out;
    out.collectives = sharedCollectives(ranks, out.problems);
    const std::vector<std::vector<Member>>& shared = out.collectives;
    const std::vector<bool> joined = joinedToFirst(n, shared);
    // Per rank, each shared collective it took part in with its kernel's end.
    std::vector<std::vector<std::pair<std::size_t, double>>> ofRank(n);
    for (std::size_t c = 0; c < shared.size(); ++c)
        for (const Member& m : shared[c])
            ofRank[m.rank].push_back({ c, ranks[m.rank].kernels[m.kernel].endUs });
    for (std::size_t r = 0; r < n; ++r) {
        out.sharedCollectives[r] = int(ofRank[r].size());
        if (!joined[r])
            out.problems.push_back(
                { "trace:no-shared-collective", { std::to_string(ranks[r].rank), std::to_string(ranks[0].rank) } });
    }

    // Alternating medians: each collective's end is the median of its members' aligned ends, each rank's offset the
    // median of what would put its ends there; the first rank stays the reference. Converges geometrically.
    std::vector<double> end(shared.size(), 0);
    auto collectiveEnds = [&] {
        for (std::size_t c = 0; c < shared.size(); ++c) {
            std::vector<double> v;
            v.reserve(shared[c].size());
            for (const Member& m : shared[c])
                v.push_back(ranks[m.rank].kernels[m.kernel].endUs + out.offsetUs[m.rank]);
            end[c] = median(std::move(v));
        }
    };
    for (int iteration = 0; iteration < 500; ++iteration) {
        collectiveEnds();
        std::vector<double> next(n, 0);
        for (std::size_t r = 0; r < n; ++r) {
            if (!joined[r] || ofRank[r].empty())
                continue;
            std::vector<double> v;
            v.reserve(ofRank[r].size());
            for (const auto& [c, kernelEnd] : ofRank[r])
                v.push_back(end[c] - kernelEnd);
            next[r] = median(std::move(v));
        }
        const double reference = next[0];
        double moved = 0;
        for (std::size_t r = 0; r < n; ++r) {
            if (!joined[r])
                continue;
            next[r] -= reference;
            moved = std::max(moved, std::abs(next[r] - out.offsetUs[r]));
            out.offsetUs[r] = next[r];
        }
        if (moved < 1e-4)
            break;
    }
    collectiveEnds();
    for (std::size_t r = 0; r < n; ++r) {
        std::vector<double> v;
        for (const auto& [c, kernelEnd] : ofRank[r])
            v.push_back(std::abs(kernelEnd + out.offsetUs[r] - end[c]));
        out.residualUs[r] = median(std::move(v));
        if (joined[r])
            out.worstResidualUs = std::max(out.worstResidualUs, out.residualUs[r]);
    }
    return out;
}

CollectiveWaits collectiveWaits(
    const std::vector<RankCollectives>& ranks, const ClockAlignment& alignment, const std::vector<int>& stageOf)
{
    auto stage = [&](const Member& m) { return m.rank < stageOf.size() ? stageOf[m.rank] : -1; };
    const std::size_t n = ranks.size();
    CollectiveWaits out;
    out.lastToArrive.assign(n, 0);
    out.causedWaitUs.assign(n, 0);
    out.waitedUs.assign(n, 0);
    for (const auto& members : alignment.collectives) {
        if (std::any_of(members.begin(), members.end(), [&](const Member& m) {
                return stage(m) >= 0 && stage(members.front()) >= 0 && stage(m) != stage(members.front());
            }))
            continue;
        auto startOf
            = [&](const Member& m) { return ranks[m.rank].kernels[m.kernel].startUs + alignment.offsetUs[m.rank]; };
        const Member last = *std::max_element(
            members.begin(), members.end(), [&](const Member& a, const Member& b) { return startOf(a) < startOf(b); });
        ++out.lastToArrive[last.rank];
        for (const Member& m : members) {
            const double wait = startOf(last) - startOf(m);
            out.causedWaitUs[last.rank] += wait;
            out.waitedUs[m.rank] += wait;
        }
    }
    return out;
}

} // namespace plait
