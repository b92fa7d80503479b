#include "plaitcommands.h"

#include "commandcontext.h"
#include "jobprofile.h"
#include "numtext.h"
#include "profileloader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace plait::app {

namespace {
std::string ms(double us)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", us / 1000);
    return buf;
}

// A rank's steps' breakdown, averaged over its steps.
StepBreakdown meanBreakdown(const RankProfile& p)
{
    StepBreakdown mean;
    const double n = double(std::max<std::size_t>(p.breakdown.size(), 1));
    for (const StepBreakdown& b : p.breakdown) {
        mean.gemmUs += b.gemmUs / n;
        mean.attentionUs += b.attentionUs / n;
        mean.otherKernelUs += b.otherKernelUs / n;
        mean.idleUs += b.idleUs / n;
        for (const CollectiveTime& c : b.collectives) {
            CollectiveTime& t = mean.timeOf(c.collective);
            t.totalUs += c.totalUs / n;
            t.exposedUs += c.exposedUs / n;
        }
    }
    return mean;
}

nlohmann::json breakdownJson(const StepBreakdown& b)
{
    nlohmann::json collectives = nlohmann::json::array();
    for (const CollectiveTime& c : b.collectives)
        collectives.push_back({ { "collective", c.collective }, { "total_us", c.totalUs },
            { "exposed_us", c.exposedUs }, { "hidden_us", c.totalUs - c.exposedUs } });
    return { { "gemm_us", b.gemmUs }, { "attention_us", b.attentionUs }, { "other_kernels_us", b.otherKernelUs },
        { "collectives", collectives }, { "idle_us", b.idleUs } };
}

nlohmann::json toJson(const JobProfile& job, const std::vector<RankProfile>& profiles)
{
    nlohmann::json ranks = nlohmann::json::array();
    for (std::size_t i = 0; i < job.ranks.size(); ++i) {
        const RankFigures& f = job.ranks[i];
        ranks.push_back({ { "rank", f.rank }, { "clock_offset_us", job.alignment.offsetUs[i] },
            { "residual_us", job.alignment.residualUs[i] }, { "shared_collectives", f.sharedCollectives },
            { "steps", f.steps }, { "step_mean_us", f.stepMeanUs }, { "compute_mean_us", f.computeMeanUs },
            { "last_to_arrive", f.lastToArrive }, { "caused_wait_us", f.causedWaitUs }, { "waited_us", f.waitedUs },
            { "step_breakdown_mean", breakdownJson(meanBreakdown(profiles[i])) } });
    }
    return { { "ranks", ranks }, { "worst_residual_us", job.alignment.worstResidualUs },
        { "median_compute_us", job.medianComputeUs },
        { "straggler",
            job.stragglerIndex >= 0 ? nlohmann::json(job.ranks[std::size_t(job.stragglerIndex)].rank)
                                    : nlohmann::json() },
        { "problems", job.problems } };
}
}

int profileCommand(const QStringList& args)
{
    CommandContext c("profile", "plait profile RANK.json[.gz]|DIR... [--plan PLAN.plait.json] [--json]",
        QStringLiteral(
            "Read every rank's PyTorch profiler trace of one job, align their clocks on the collectives they "
            "share, and name the rank the others waited for. With the job's plan, ranks are placed by its stages and "
            "the straggler is sought among ranks of one stage: at a collective across stages the last to arrive is "
            "the stage the pipeline finishes last."));
    c.parser.addPositionalArgument(QStringLiteral("traces"),
        QStringLiteral("Kineto trace files (.json or .json.gz), one per rank, or folders of them"));
    c.parser.addOption({ QStringLiteral("json"), QStringLiteral("Print one JSON object.") });
    c.parser.addOption({ QStringLiteral("plan"), QStringLiteral("The plan the job ran: its rank map places the ranks."),
        QStringLiteral("file") });
    if (const std::optional<int> done = c.parse(args, 1, -1))
        return *done;
    std::optional<Plan> plan;
    if (c.isSet("plan")) {
        int code = kOk;
        plan = readPlanArgument(c.parser.value(QStringLiteral("plan")), &code);
        if (!plan)
            return code;
    }
    const QStringList files = engine::profileFiles(c.parser.positionalArguments());
    if (files.isEmpty()) {
        std::cerr << "plait: no trace files (*.json, *.json.gz) in "
                  << c.parser.positionalArguments().join(QStringLiteral(", ")).toStdString() << "\n";
        return kUsage;
    }
    Result<std::vector<RankProfile>> read = engine::readRankProfiles(files);
    if (!read) {
        std::cerr << "plait: " << read.errorText() << "\n";
        return kUsage;
    }
    const engine::LoadedProfile profile = engine::layOutProfile(std::move(read.value()), plan ? &*plan : nullptr);
    const JobProfile& job = profile.job;
    const std::vector<RankProfile>& ranks = profile.ranks;
    for (const std::string& p : profile.trace->problems)
        std::cerr << "warning: " << p << "\n";
    if (c.isSet("json")) {
        std::cout << toJson(job, ranks).dump(2) << "\n";
        return kOk;
    }
    if (ranks.size() == 1)
        std::cout << "1 rank: no other rank to align its clock with or to wait for\n";
    else
        std::cout << ranks.size() << " ranks; clocks aligned on the collectives they share, worst residual "
                  << numText(job.alignment.worstResidualUs) << " µs\n";
    std::cout << "  rank  clock offset (ms)  residual (µs)  steps  step (ms)  compute (ms)  last at  made others "
                 "wait (ms)\n";
    for (std::size_t i = 0; i < job.ranks.size(); ++i) {
        const RankFigures& f = job.ranks[i];
        char line[200];
        const std::string rank = f.rank >= 0 ? std::to_string(f.rank) : "?";
        std::snprintf(line, sizeof line, "  %4s  %17s  %13.2f  %5d  %9s  %12s  %4d/%-3d  %10s\n", rank.c_str(),
            ms(job.alignment.offsetUs[i]).c_str(), job.alignment.residualUs[i], f.steps, ms(f.stepMeanUs).c_str(),
            ms(f.computeMeanUs).c_str(), f.lastToArrive, f.sharedCollectives, ms(f.causedWaitUs).c_str());
        std::cout << line;
    }
    std::cout << "where each rank's step went, mean over its steps (ms; kernels of two streams both count; a "
                 "collective is exposed where no compute kernel runs beside it)\n";
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const StepBreakdown b = meanBreakdown(ranks[i]);
        std::cout << "  rank " << (ranks[i].rank >= 0 ? std::to_string(ranks[i].rank) : std::string("?")) << ": GEMM "
                  << ms(b.gemmUs) << ", attention " << ms(b.attentionUs) << ", other kernels " << ms(b.otherKernelUs);
        for (const CollectiveTime& c : b.collectives)
            std::cout << ", " << c.collective << " " << ms(c.totalUs) << " (exposed " << ms(c.exposedUs) << ")";
        std::cout << ", idle " << ms(b.idleUs) << "\n";
    }
    if (job.stragglerIndex >= 0) {
        const RankFigures& s = job.ranks[std::size_t(job.stragglerIndex)];
        const double over = job.medianComputeUs > 0 ? 100 * (s.computeMeanUs / job.medianComputeUs - 1) : 0;
        std::cout << "straggler: rank " << s.rank << ", last to arrive at " << s.lastToArrive << " of "
                  << s.sharedCollectives << " collectives; the others waited " << ms(s.causedWaitUs)
                  << " ms for it in all; it computes " << ms(s.computeMeanUs) << " ms per step against a median "
                  << ms(job.medianComputeUs) << " ms (" << (over >= 0 ? "+" : "") << numText(over) << "%)\n";
    } else if (ranks.size() > 1) {
        std::cout << "no rank made the others wait\n";
    }
    return kOk;
}

} // namespace plait::app
