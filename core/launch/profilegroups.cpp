#include "profilegroups.h"

#include "rankmap.h"
#include "text.h"

#include <algorithm>
#include <array>
#include <set>

namespace plait {

namespace {
std::array<int, 4> coordsOf(const Coord& c)
{
    return { c.tp, c.cp, c.dp, c.pp };
}

// Whether the ranks (sorted, distinct, each with its coordinates) are a group the plan makes.
bool isPlanGroup(const std::vector<std::array<int, 4>>& coords, const ParallelSpec& p)
{
    const std::array<int, 4> sizes { p.tp, p.cp, p.dp, p.pp };
    auto varies = [&](std::size_t d) {
        return std::any_of(coords.begin(), coords.end(), [&](const auto& c) { return c[d] != coords.front()[d]; });
    };
    // Experts regroup the ranks of a stage (Megatron-Core carves EP out of DP × CP, with its own expert TP) into
    // expert-parallel, expert tensor-parallel and expert data-parallel groups, blocks or strides of them: with EP, any
    // group within a stage whose size divides the stage's ranks is one.
    if (p.ep > 1 && !varies(3) && (p.tp * p.cp * p.dp) % int(coords.size()) == 0)
        return true;
    std::size_t product = 1;
    for (std::size_t d = 0; d < 4; ++d) {
        std::set<int> values;
        for (const auto& c : coords)
            values.insert(c[d]);
        product *= values.size();
        if (values.size() == 1 || int(values.size()) == sizes[d])
            continue; // fixed along d, or all of it
        const int first = *values.begin(), last = *values.rbegin(), n = int(values.size());
        if (d == 3 && n == 2 && first == 0 && last == sizes[d] - 1)
            continue; // the first and last stage: the embedding group
        return false;
    }
    // Along the dimensions that vary, every combination is there (each is one rank).
    return product == coords.size();
}
}

Message groupsNotInPlan(const std::map<std::string, std::vector<int>>& groups, const Plan& plan)
{
    const RankMap map = rankMap(plan);
    std::vector<Message> named;
    for (const auto& [name, members] : groups) {
        std::vector<int> ranks = members;
        std::sort(ranks.begin(), ranks.end());
        ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
        if (ranks.size() < 2)
            continue;
        std::vector<std::array<int, 4>> coords;
        for (int r : ranks)
            if (r >= 0 && r < int(map.ranks.size()))
                coords.push_back(coordsOf(map.ranks[std::size_t(r)].coord));
        if (coords.size() != ranks.size() || !isPlanGroup(coords, plan.parallel))
            named.push_back({ "trace:group-ranks", { name, numberRuns(ranks) } });
    }
    if (named.empty())
        return {};
    // Three named, the rest counted.
    const std::size_t more = named.size() > 3 ? named.size() - 3 : 0;
    Message list;
    if (named.size() == 1)
        list = named.front();
    else {
        list.key = named.size() == 2 ? "trace:list-two" : more == 0 ? "trace:list-three" : "trace:list-more";
        list.parts.assign(named.begin(), named.begin() + std::ptrdiff_t(std::min<std::size_t>(named.size(), 3)));
        if (more > 0)
            list.args.push_back(std::to_string(more));
    }
    const ParallelSpec& p = plan.parallel;
    return { named.size() == 1 ? "trace:group-not-in-plan" : "trace:groups-not-in-plan",
        { std::to_string(p.tp), std::to_string(p.cp), std::to_string(p.dp), std::to_string(p.pp), p.order },
        { std::move(list) } };
}

} // namespace plait
