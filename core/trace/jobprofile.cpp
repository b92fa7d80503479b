#include "jobprofile.h"

#include "median.h"
#include "messagetext.h"
#include "text.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace plait {

namespace {
// "rank 3", "ranks 0–7, 9": runs of consecutive ranks joined; ranks the profiles do not number are counted apart
// ("ranks 0–3 and 2 unnamed", "an unnamed rank").
Message rankList(std::vector<int> ranks)
{
    std::sort(ranks.begin(), ranks.end());
    const auto named = std::find_if(ranks.begin(), ranks.end(), [](int r) { return r >= 0; });
    const std::size_t unnamed = std::size_t(named - ranks.begin());
    ranks.erase(ranks.begin(), named);
    if (ranks.empty())
        return unnamed == 1 ? Message { "trace:unnamed-rank", {} }
                            : Message { "trace:unnamed-ranks", { std::to_string(unnamed) } };
    const std::string runs = numberRuns(ranks);
    if (unnamed == 0)
        return { ranks.size() == 1 ? "trace:rank" : "trace:ranks", { runs } };
    return unnamed == 1 ? Message { "trace:ranks-unnamed-one", { runs } }
                        : Message { "trace:ranks-unnamed", { runs, std::to_string(unnamed) } };
}
}

JobProfile summarizeJob(const std::vector<RankProfile>& ranks, const std::vector<RankPlace>& places)
{
    JobProfile out;
    std::vector<RankCollectives> collectives;
    std::set<int> seen;
    int worldSize = 0;
    // Each problem once (the same sentence, in English), with the ranks that have it.
    struct Said {
        std::string text;
        Message problem;
        std::vector<int> ranks;
    };
    std::vector<Said> said;
    for (const RankProfile& p : ranks) {
        collectives.push_back(p.collectives);
        for (const Message& problem : p.problems) {
            std::string text = messageText(problem);
            auto it = std::find_if(said.begin(), said.end(), [&](const Said& s) { return s.text == text; });
            (it != said.end() ? *it : said.emplace_back(Said { std::move(text), problem, {} })).ranks.push_back(p.rank);
        }
        if (p.rank >= 0 && !seen.insert(p.rank).second)
            out.problems.push_back({ "trace:rank-twice", { std::to_string(p.rank) } });
        worldSize = std::max(worldSize, p.worldSize);
    }
    for (Said& s : said)
        out.problems.push_back({ "trace:on-ranks", {}, { rankList(std::move(s.ranks)), std::move(s.problem) } });
    if (const int missing = worldSize - int(seen.size()); worldSize > 0 && missing > 0)
        out.problems.push_back({ missing == 1 ? "trace:ranks-missing-one" : "trace:ranks-missing",
            { std::to_string(missing), std::to_string(worldSize) } });
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
        f.stepMeanUs = p.meanStepUs();
        std::vector<double> perStep;
        for (const ProfileStep& s : p.steps)
            perStep.push_back(p.computeBusyUs(s.startUs, s.endUs));
        if (f.steps > 0) {
            for (double us : perStep)
                f.computeMeanUs += us / f.steps;
            for (double us : perStep)
                f.computeStepSpreadUs += (us - f.computeMeanUs) * (us - f.computeMeanUs);
            f.computeStepSpreadUs = f.steps > 1 ? std::sqrt(f.computeStepSpreadUs / (f.steps - 1)) : 0;
            computes.push_back(f.computeMeanUs);
        }
        f.lastToArrive = waits.lastToArrive[i];
        f.sharedCollectives = out.alignment.sharedCollectives[i];
        f.causedWaitUs = waits.causedWaitUs[i];
        f.waitedUs = waits.waitedUs[i];
        out.ranks.push_back(f);
    }
    out.medianComputeUs = median(computes);
    for (double& us : computes)
        us = std::abs(us - out.medianComputeUs);
    out.computeRankSpreadUs = median(std::move(computes));
    // The straggler: the rank whose lateness cost the others the most waiting, when it cost them anything.
    double most = 0;
    for (std::size_t i = 0; i < out.ranks.size(); ++i)
        if (out.ranks[i].causedWaitUs > most) {
            most = out.ranks[i].causedWaitUs;
            out.stragglerIndex = int(i);
        }
    if (out.stragglerIndex >= 0) {
        const RankFigures& s = out.ranks[std::size_t(out.stragglerIndex)];
        const double excess = s.computeMeanUs - out.medianComputeUs;
        // A nanosecond's floor, so that equal generated ranks do not count as slower by a rounding error.
        out.stragglerKernelsSlower = excess > std::max({ s.computeStepSpreadUs, out.computeRankSpreadUs, 1e-3 });
    }
    return out;
}

void addCollectiveWaits(std::vector<RankProfile>& ranks, const ClockAlignment& alignment)
{
    if (alignment.offsetUs.size() != ranks.size())
        return;
    auto kernelOf = [&](const CollectiveMember& m) -> const CollectiveKernel& {
        return ranks[m.rank].collectives.kernels[m.kernel];
    };
    auto startOf = [&](const CollectiveMember& m) { return kernelOf(m).startUs + alignment.offsetUs[m.rank]; };
    for (const std::vector<CollectiveMember>& members : alignment.collectives) {
        double last = -INFINITY;
        for (const CollectiveMember& m : members)
            last = std::max(last, startOf(m));
        for (const CollectiveMember& m : members) {
            const CollectiveKernel& k = kernelOf(m);
            RankProfile& p = ranks[m.rank];
            const auto step = std::find_if(p.steps.begin(), p.steps.end(),
                [&](const ProfileStep& s) { return k.startUs >= s.startUs && k.startUs < s.endUs; });
            if (step == p.steps.end() || std::size_t(step - p.steps.begin()) >= p.breakdown.size())
                continue;
            // Counted as the breakdown counts the kernel: cut at the step's end.
            const double wait = std::min(last - startOf(m), std::min(k.endUs, step->endUs) - k.startUs);
            p.breakdown[std::size_t(step - p.steps.begin())].timeOf(k.collective).waitUs += std::max(0.0, wait);
        }
    }
}

std::vector<MeasuredStage> measuredStages(const std::vector<RankProfile>& ranks, const std::vector<RankPlace>& places)
{
    std::vector<std::vector<const RankProfile*>> byStage;
    for (const RankProfile& p : ranks) {
        if (p.rank < 0 || std::size_t(p.rank) >= places.size() || places[std::size_t(p.rank)].stage < 0
            || p.breakdown.empty())
            continue;
        const std::size_t stage = std::size_t(places[std::size_t(p.rank)].stage);
        if (stage >= byStage.size())
            byStage.resize(stage + 1);
        byStage[stage].push_back(&p);
    }
    std::vector<MeasuredStage> out;
    for (std::size_t i = 0; i < byStage.size(); ++i) {
        if (byStage[i].empty())
            continue;
        std::vector<StepBreakdown> means;
        std::vector<double> steps;
        MeasuredStage m;
        m.stage = int(i);
        m.ranks = int(byStage[i].size());
        for (const RankProfile* p : byStage[i]) {
            means.push_back(meanStepBreakdown(p->breakdown));
            steps.push_back(p->meanStepUs());
            m.attentionSplit = m.attentionSplit || means.back().attentionBackwardUs > 0;
        }
        auto medianOf = [&](auto figure) {
            std::vector<double> v;
            for (const StepBreakdown& b : means)
                v.push_back(figure(b));
            return median(std::move(v));
        };
        m.gemmUs = medianOf([](const StepBreakdown& b) { return b.gemmUs; });
        m.attentionFwdUs = medianOf([](const StepBreakdown& b) { return b.attentionUs - b.attentionBackwardUs; });
        m.attentionBwdUs = medianOf([](const StepBreakdown& b) { return b.attentionBackwardUs; });
        m.otherUs = medianOf([](const StepBreakdown& b) { return b.otherKernelUs; });
        m.idleUs = medianOf([](const StepBreakdown& b) { return b.idleUs; });
        for (std::size_t c = 0; c < 3; ++c) {
            m.beside[c].us = medianOf([c](const StepBreakdown& b) { return b.beside[c].us; });
            m.beside[c].aloneUs = medianOf([c](const StepBreakdown& b) { return b.beside[c].aloneUs; });
            m.beside[c].kernels = medianOf([c](const StepBreakdown& b) { return b.beside[c].kernels; });
        }
        m.computeKernels = medianOf([](const StepBreakdown& b) { return b.computeKernels; });
        // The median rank's count and the median rank's mean gap: each rank's mean, so one rank's count does not
        // weigh another's gaps.
        m.queued.gaps = medianOf([](const StepBreakdown& b) { return b.queued.gaps; });
        m.queued.us = m.queued.gaps
            * medianOf([](const StepBreakdown& b) { return b.queued.gaps > 0 ? b.queued.us / b.queued.gaps : 0.0; });
        m.stepUs = median(steps);
        std::vector<std::string> names;
        for (const StepBreakdown& b : means)
            for (const CollectiveTime& c : b.collectives)
                if (std::find(names.begin(), names.end(), c.collective) == names.end())
                    names.push_back(c.collective);
        for (const std::string& name : names) {
            auto timeOf = [&](const StepBreakdown& b) {
                const CollectiveTime* t = b.find(name);
                return t ? *t : CollectiveTime { name, 0, 0, 0 };
            };
            m.collectives.push_back({ name, medianOf([&](const StepBreakdown& b) { return timeOf(b).totalUs; }),
                medianOf([&](const StepBreakdown& b) { return timeOf(b).exposedUs; }),
                medianOf([&](const StepBreakdown& b) { return timeOf(b).waitUs; }) });
        }
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace plait
