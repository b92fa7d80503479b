#include "jobprofile.h"

#include "median.h"

#include <algorithm>
#include <set>

namespace plait {

JobProfile summarizeJob(const std::vector<RankProfile>& ranks, const std::vector<RankPlace>& places)
{
    JobProfile out;
    std::vector<RankCollectives> collectives;
    std::set<int> seen;
    int worldSize = 0;
    for (const RankProfile& p : ranks) {
        collectives.push_back(p.collectives);
        for (const std::string& problem : p.problems)
            out.problems.push_back("rank " + std::to_string(p.rank) + ": " + problem);
        if (p.rank >= 0 && !seen.insert(p.rank).second)
            out.problems.push_back("rank " + std::to_string(p.rank) + " is given twice");
        worldSize = std::max(worldSize, p.worldSize);
    }
    if (worldSize > 0 && int(seen.size()) < worldSize)
        out.problems.push_back(std::to_string(worldSize - int(seen.size())) + " of the job's "
            + std::to_string(worldSize) + (worldSize - int(seen.size()) == 1 ? " ranks has" : " ranks have")
            + " no profile here");
    out.alignment = alignRankClocks(collectives);
    out.problems.insert(out.problems.end(), out.alignment.problems.begin(), out.alignment.problems.end());
    std::vector<int> stageOf;
    for (const RankProfile& p : ranks)
        stageOf.push_back(p.rank >= 0 && p.rank < int(places.size()) ? places[std::size_t(p.rank)].stage : -1);
    const CollectiveWaits waits = collectiveWaits(collectives, out.alignment, stageOf);

    std::vector<double> computes;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const RankProfile& p = ranks[i];
        RankFigures f;
        f.rank = p.rank;
        f.steps = int(p.steps.size());
        for (const ProfileStep& s : p.steps) {
            f.stepMeanUs += s.endUs - s.startUs;
            f.computeMeanUs += p.computeBusyUs(s.startUs, s.endUs);
        }
        if (f.steps > 0) {
            f.stepMeanUs /= f.steps;
            f.computeMeanUs /= f.steps;
            computes.push_back(f.computeMeanUs);
        }
        f.lastToArrive = waits.lastToArrive[i];
        f.sharedCollectives = out.alignment.sharedCollectives[i];
        f.causedWaitUs = waits.causedWaitUs[i];
        f.waitedUs = waits.waitedUs[i];
        out.ranks.push_back(f);
    }
    out.medianComputeUs = median(std::move(computes));
    // The straggler: the rank whose lateness cost the others the most waiting, when it cost them anything.
    double most = 0;
    for (std::size_t i = 0; i < out.ranks.size(); ++i)
        if (out.ranks[i].causedWaitUs > most) {
            most = out.ranks[i].causedWaitUs;
            out.stragglerIndex = int(i);
        }
    return out;
}

} // namespace plait
