#include "plaitcommands.h"

#include "commandcontext.h"
#include "evaluate.h"
#include "jobprofile.h"
#include "numtext.h"
#include "planio.h"
#include "profilecalibration.h"
#include "profileloader.h"
#include "stepclasses.h"

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

nlohmann::json breakdownJson(const StepBreakdown& b)
{
    nlohmann::json collectives = nlohmann::json::array();
    for (const CollectiveTime& c : b.collectives)
        collectives.push_back({ { "collective", c.collective }, { "total_us", c.totalUs },
            { "exposed_us", c.exposedUs }, { "hidden_us", c.totalUs - c.exposedUs } });
    return { { "gemm_us", b.gemmUs }, { "attention_us", b.attentionUs }, { "other_kernels_us", b.otherKernelUs },
        { "collectives", collectives }, { "idle_us", b.idleUs }, { "compute_kernels", b.computeKernels },
        { "queued_kernels", b.queued.gaps }, { "idle_before_queued_us", b.queued.us } };
}

const char* className(const BreakdownRow& r)
{
    switch (r.kind) {
    case BreakdownClass::Gemm:
        return "GEMM";
    case BreakdownClass::Attention:
        return "attention";
    case BreakdownClass::Other:
        return "other kernels";
    case BreakdownClass::Collective:
        return nameIn(kCollectiveNames, r.collective);
    case BreakdownClass::Idle:
        return "idle";
    }
    return "";
}

// NaN (not known on that side) as null.
nlohmann::json seconds(double s)
{
    return std::isnan(s) ? nlohmann::json() : nlohmann::json(s);
}

nlohmann::json breakdownRowsJson(const std::vector<BreakdownRow>& rows)
{
    nlohmann::json out = nlohmann::json::array();
    for (const BreakdownRow& r : rows) {
        nlohmann::json row = { { "stage", r.stage }, { "class", className(r) }, { "measured_s", seconds(r.measuredS) },
            { "predicted_s", seconds(r.predictedS) } };
        if (r.kind == BreakdownClass::Collective) {
            row["measured_exposed_s"] = seconds(r.measuredExposedS);
            row["predicted_exposed_s"] = seconds(r.predictedExposedS);
            row["measured_wait_s"] = seconds(r.measuredWaitS);
        }
        out.push_back(row);
    }
    return out;
}

void printBreakdownRows(const std::vector<BreakdownRow>& rows, const std::vector<MeasuredStage>& measured)
{
    std::cout << "measured against predicted, per step (ms; measured: the median rank of each stage; a collective's "
                 "measured time is its transfer, its wait for the last rank to arrive apart; the prediction counts "
                 "collectives and idle time on its busiest stage only)\n";
    std::cout << "  stage  ranks  what             measured  predicted    diff  exposed measured  exposed predicted  "
                 "waiting\n";
    auto cell = [](double s) { return std::isnan(s) ? std::string("—") : ms(s * 1e6); };
    for (const BreakdownRow& r : rows) {
        int ranks = 0;
        for (const MeasuredStage& m : measured)
            if (m.stage == r.stage)
                ranks = m.ranks;
        const bool collective = r.kind == BreakdownClass::Collective;
        const double measuredS = collective ? r.measuredTransferS() : r.measuredS;
        const bool both = !std::isnan(measuredS) && !std::isnan(r.predictedS) && r.predictedS >= 1e-6;
        const std::string diff = both ? signedPercentText(measuredS / r.predictedS - 1) : "—";
        char line[240];
        std::snprintf(line, sizeof line, "  %5d  %5d  %-15s  %8s  %9s  %6s  %16s  %17s  %7s\n", r.stage, ranks,
            className(r), cell(measuredS).c_str(), cell(r.predictedS).c_str(), diff.c_str(),
            collective ? cell(r.measuredExposedS).c_str() : "", collective ? cell(r.predictedExposedS).c_str() : "",
            collective ? cell(r.measuredWaitS).c_str() : "");
        std::cout << line;
    }
}

const char* rateName(const ProfileRate& r)
{
    return r.id == "gemm_rate"       ? "GEMM rate (sustained share of dense peak)"
        : r.id == "attention_rate"   ? "attention (TFLOP/s forward / backward)"
        : r.id == "overlap_slowdown" ? "compute beside collectives (slower than alone)"
        : r.id == "kernel_fixed_us"  ? "fixed cost of each kernel the model counts (µs)"
                                     : "element-wise rate (GB/s of HBM)";
}

std::string rateValue(const ProfileRate& r, double value, double backward)
{
    if (r.id == "gemm_rate")
        return numText(value, "%.3f");
    if (r.id == "overlap_slowdown")
        return numText(100 * value, "%.1f") + "%";
    if (r.id == "kernel_fixed_us")
        return numText(value, "%.2f");
    if (r.id == "attention_rate")
        return numText(value) + (backward > 0 ? " / " + numText(backward) : std::string());
    return numText(value);
}

// Problems as the command says them: in English.
nlohmann::json problemTexts(const std::vector<Message>& problems)
{
    nlohmann::json out = nlohmann::json::array();
    for (const Message& p : problems)
        out.push_back(messageText(p));
    return out;
}

nlohmann::json calibrationJson(const ProfileCalibration& c)
{
    nlohmann::json rates = nlohmann::json::array();
    for (const ProfileRate& r : c.rates)
        rates.push_back({ { "id", r.id }, { "applied", r.applied }, { "before", r.before },
            { "after", r.applied ? nlohmann::json(r.after) : nlohmann::json() },
            { "before_backward", r.beforeBackward > 0 ? nlohmann::json(r.beforeBackward) : nlohmann::json() },
            { "after_backward", r.applied && r.afterBackward > 0 ? nlohmann::json(r.afterBackward) : nlohmann::json() },
            { "measured_s", r.measuredS }, { "predicted_before_s", r.predictedBeforeS },
            { "predicted_after_s", r.predictedAfterS }, { "note", messageText(r.note) } });
    nlohmann::json links = nlohmann::json::array();
    for (const ProfileLink& l : c.links) {
        nlohmann::json kinds = nlohmann::json::array();
        for (const ProfileCollectiveRate& k : l.kinds)
            kinds.push_back({ { "collective", collectiveName(k.kind) }, { "link", k.link }, { "calls", k.calls },
                { "largest_bytes", k.largestBytes }, { "bus_bandwidth_GBps", k.busBwGBps },
                { "measured_s", k.measuredS }, { "predicted_before_s", k.predictedBeforeS },
                { "predicted_after_s", k.predictedAfterS }, { "rate_before", k.before },
                { "rate_after", k.applied ? nlohmann::json(k.after) : nlohmann::json() }, { "applied", k.applied },
                { "note", messageText(k.note) } });
        links.push_back({ { "class", l.acrossNodes ? "inter_node" : "intra_node" }, { "link", l.link },
            { "ranks", l.ranks }, { "nodes", l.nodes }, { "all_reduces", l.collectives },
            { "largest_bytes", l.largestBytes }, { "bus_bandwidth_GBps", l.busBwGBps }, { "applied", l.applied },
            { "efficiency_before", l.efficiencyBefore },
            { "efficiency_after", l.applied ? nlohmann::json(l.efficiencyAfter) : nlohmann::json() },
            { "note", messageText(l.note) }, { "collectives", kinds } });
    }
    return { { "rates", rates }, { "links", links }, { "measured_step_s", c.measuredStepS },
        { "step_before_s", c.stepBeforeS }, { "step_after_s", c.stepAfterS },
        { "problems", problemTexts(c.problems) } };
}

void printCalibration(const ProfileCalibration& c, bool written)
{
    std::cout << (written ? "calibrated from this profile (the written plan's GPU takes these rates, the profile named "
                            "as their source):\n"
                          : "what this profile calibrates (--calibrate OUT writes the plan with these rates):\n");
    for (const Message& p : c.problems)
        std::cout << "  not calibrated: " << messageText(p) << "\n";
    for (const ProfileRate& r : c.rates) {
        std::cout << "  " << rateName(r) << ": ";
        if (r.applied)
            std::cout << rateValue(r, r.before, r.beforeBackward) << " -> " << rateValue(r, r.after, r.afterBackward)
                      << (r.id == "kernel_fixed_us" ? "; the GPU idle between kernels " : "; kernels ")
                      << ms(r.measuredS * 1e6) << " ms per step measured, " << ms(r.predictedBeforeS * 1e6)
                      << " ms predicted before, " << ms(r.predictedAfterS * 1e6) << " ms after";
        else
            std::cout << "not calibrated";
        if (!r.note.empty())
            std::cout << (r.applied ? " (" : ": ") << messageText(r.note) << (r.applied ? ")" : "");
        std::cout << "\n";
    }
    for (const ProfileLink& l : c.links) {
        if (l.collectives > 0) {
            std::cout << "  " << (l.acrossNodes ? "inter-node link " : "intra-node link ") << l.link
                      << " (all-reduce over " << l.ranks << " ranks on " << l.nodes
                      << (l.nodes == 1 ? " node, " : " nodes, ") << l.collectives
                      << " timed, their transfers): bus bandwidth " << numText(l.busBwGBps) << " GB/s at "
                      << bytesText(l.largestBytes) << "; ";
            if (l.applied)
                std::cout << "efficiency " << numText(l.efficiencyBefore, "%.3f") << " -> "
                          << numText(l.efficiencyAfter, "%.3f") << "\n";
            else
                std::cout << "not calibrated: " << messageText(l.note) << "\n";
        }
        for (const ProfileCollectiveRate& k : l.kinds) {
            std::cout << "  " << collectiveName(k.kind) << " over " << l.ranks << " ranks on " << k.link << " ("
                      << k.calls << " timed): bus bandwidth " << numText(k.busBwGBps) << " GB/s at "
                      << bytesText(k.largestBytes) << "; " << ms(k.measuredS * 1e6) << " ms measured, "
                      << ms(k.predictedBeforeS * 1e6) << " ms predicted before; ";
            if (k.applied)
                std::cout << "rate " << numText(k.before, "%.2f") << "x -> " << numText(k.after, "%.2f")
                          << "x the model's, " << ms(k.predictedAfterS * 1e6) << " ms after\n";
            else
                std::cout << "not calibrated: " << messageText(k.note) << "\n";
        }
    }
    if (c.problems.empty())
        std::cout << "  the profiled plan's step: " << ms(c.stepBeforeS * 1e6) << " ms predicted before, "
                  << ms(c.stepAfterS * 1e6) << " ms after; measured " << ms(c.measuredStepS * 1e6) << " ms\n";
}

nlohmann::json toJson(const JobProfile& job, const std::vector<RankProfile>& profiles)
{
    nlohmann::json ranks = nlohmann::json::array();
    for (std::size_t i = 0; i < job.ranks.size(); ++i) {
        const RankFigures& f = job.ranks[i];
        ranks.push_back({ { "rank", f.rank }, { "clock_offset_us", job.alignment.offsetUs[i] },
            { "residual_us", job.alignment.residualUs[i] }, { "shared_collectives", f.sharedCollectives },
            { "steps", f.steps }, { "step_mean_us", f.stepMeanUs }, { "compute_mean_us", f.computeMeanUs },
            { "compute_step_spread_us", f.computeStepSpreadUs }, { "last_to_arrive", f.lastToArrive },
            { "caused_wait_us", f.causedWaitUs }, { "waited_us", f.waitedUs },
            { "step_breakdown_mean", breakdownJson(meanStepBreakdown(profiles[i].breakdown)) } });
    }
    return { { "ranks", ranks }, { "worst_residual_us", job.alignment.worstResidualUs },
        { "median_compute_us", job.medianComputeUs },
        { "straggler",
            job.stragglerIndex >= 0 ? nlohmann::json(job.ranks[std::size_t(job.stragglerIndex)].rank)
                                    : nlohmann::json() },
        { "straggler_kernels_slower", job.stragglerKernelsSlower },
        { "compute_rank_spread_us", job.computeRankSpreadUs }, { "problems", problemTexts(job.problems) } };
}
}

int profileCommand(const QStringList& args)
{
    CommandContext c("profile", "plait profile RANK.json[.gz]|REPORT.sqlite|DIR... [--plan PLAN.plait.json] [--json]",
        QStringLiteral(
            "Read every rank's PyTorch profiler trace (or Nsight Systems SQLite export) of one job, align their clocks "
            "on the collectives they "
            "share, and name the rank the others waited for. With the job's plan, ranks are placed by its stages and "
            "the straggler is sought among ranks of one stage: at a collective across stages the last to arrive is "
            "the stage the pipeline finishes last."));
    c.parser.addPositionalArgument(QStringLiteral("traces"),
        QStringLiteral("Kineto trace files (.json or .json.gz), one per rank, Nsight Systems exports (nsys export "
                       "--type sqlite: .sqlite, one per rank or per node), or folders of them"));
    c.parser.addOption({ QStringLiteral("json"), QStringLiteral("Print one JSON object.") });
    c.parser.addOption({ QStringLiteral("plan"),
        QStringLiteral("The plan the job ran: its rank map places the ranks, and its prediction is set beside the "
                       "measured step by kernel class and collective."),
        QStringLiteral("file") });
    c.parser.addOption({ QStringLiteral("calibrate"),
        QStringLiteral("With --plan: fit the GEMM, attention and element-wise rates the profile measures and write the "
                       "plan with them (its GPU names the profile as their source) to this file."),
        QStringLiteral("out") });
    if (const std::optional<int> done = c.parse(args, 1, -1))
        return *done;
    std::optional<Plan> plan;
    PlanDocument document;
    if (c.isSet("calibrate") && !c.isSet("plan")) {
        std::cerr << "plait: --calibrate needs the plan the job ran (--plan)\n";
        return kUsage;
    }
    if (c.isSet("plan")) {
        int code = kOk;
        plan = readPlanArgument(c.parser.value(QStringLiteral("plan")), &code, &document);
        if (!plan)
            return code;
    }
    const QStringList files = engine::profileFiles(c.parser.positionalArguments());
    if (files.isEmpty()) {
        std::cerr << "plait: no profile files (*.json, *.json.gz, *.sqlite) in "
                  << c.parser.positionalArguments().join(QStringLiteral(", ")).toStdString() << "\n";
        return kUsage;
    }
    Result<std::vector<RankProfile>> read = engine::readRankProfiles(files);
    if (!read) {
        std::cerr << "plait: " << read.errorText() << "\n";
        return kUsage;
    }
    const std::string source = engine::profileSourceName(files, read.value().size());
    const engine::LoadedProfile profile
        = engine::layOutProfile(std::move(read.value()), plan ? &*plan : nullptr, source);
    const JobProfile& job = profile.job;
    const std::vector<RankProfile>& ranks = profile.ranks;
    printProblems(profile.trace->problems, "warning: ");
    // With the plan: its prediction beside the measured step, and the rates calibrated from it.
    const std::vector<MeasuredStage>& measured = profile.stages;
    std::vector<BreakdownRow> rows;
    if (plan && !measured.empty())
        if (const Evaluation ev = evaluate(*plan); ev.valid)
            rows = breakdownRows(predictedBreakdown(*plan, ev), measured);
    const std::optional<ProfileCalibration>& calibration = profile.calibration;
    if (c.isSet("calibrate")) {
        if (!calibration || !calibration->anyApplied()) {
            std::cerr << "plait: nothing to calibrate from this profile: "
                      << (!calibration                           ? std::string("its ranks are not placed by the plan")
                                 : calibration->problems.empty() ? std::string("no rate could be fitted")
                                                                 : messageText(calibration->problems.front()))
                      << "\n";
            if (calibration && !c.isSet("json"))
                printCalibration(*calibration, false);
            return kInvalid;
        }
        QString error;
        const QString out = c.parser.value(QStringLiteral("calibrate"));
        if (!engine::writePlan(calibration->plan, document, out, &error)) {
            std::cerr << "plait: " << out.toStdString() << " was not written: " << error.toStdString() << "\n";
            return kUsage;
        }
    }
    if (c.isSet("json")) {
        nlohmann::json j = toJson(job, ranks);
        if (plan)
            j["breakdown"] = breakdownRowsJson(rows);
        if (calibration)
            j["calibration"] = calibrationJson(*calibration);
        std::cout << j.dump(2) << "\n";
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
        const StepBreakdown b = meanStepBreakdown(ranks[i].breakdown);
        std::cout << "  rank " << (ranks[i].rank >= 0 ? std::to_string(ranks[i].rank) : std::string("?")) << ": GEMM "
                  << ms(b.gemmUs) << ", attention " << ms(b.attentionUs) << ", other kernels " << ms(b.otherKernelUs);
        for (const CollectiveTime& c : b.collectives)
            std::cout << ", " << c.collective << " " << ms(c.totalUs) << " (exposed " << ms(c.exposedUs) << ")";
        std::cout << ", idle " << ms(b.idleUs);
        if (b.queued.gaps > 0)
            std::cout << " (" << numText(b.queued.us / b.queued.gaps, "%.2f") << " µs before each of "
                      << numText(b.queued.gaps, "%.0f") << " of " << numText(b.computeKernels, "%.0f")
                      << " kernels that waited in the queue)";
        std::cout << "\n";
    }
    if (job.stragglerIndex >= 0) {
        const RankFigures& s = job.ranks[std::size_t(job.stragglerIndex)];
        const double over = job.medianComputeUs > 0 ? 100 * (s.computeMeanUs / job.medianComputeUs - 1) : 0;
        std::cout << (job.stragglerKernelsSlower ? "straggler: rank " : "last to arrive: rank ") << s.rank
                  << (job.stragglerKernelsSlower ? ", last to arrive at " : ", at ") << s.lastToArrive << " of "
                  << s.sharedCollectives << " collectives; the others waited " << ms(s.causedWaitUs)
                  << " ms for it in all; it computes " << ms(s.computeMeanUs) << " ms per step against a median "
                  << ms(job.medianComputeUs) << " ms (" << (over >= 0 ? "+" : "") << numText(over) << "%)";
        if (!job.stragglerKernelsSlower)
            std::cout << ", no more than its steps vary or the ranks differ: not its kernels but the order of the "
                         "work held it back (a pipeline stage the schedule finishes last, or host-side work the "
                      << "profile shows as idle)" << (plan ? "" : "; --plan places the ranks by stage");
        std::cout << "\n";
    } else if (ranks.size() > 1) {
        const bool shared = std::any_of(
            job.ranks.begin(), job.ranks.end(), [](const RankFigures& f) { return f.sharedCollectives > 0; });
        std::cout << (shared ? "no rank made the others wait\n"
                             : "who waited for whom is not measured: the ranks share no collective\n");
    }
    if (plan && rows.empty())
        std::cout << "the prediction is not set beside the profile: no profiled rank has a stage in the plan\n";
    if (!rows.empty())
        printBreakdownRows(rows, measured);
    if (calibration)
        printCalibration(*calibration, c.isSet("calibrate"));
    if (c.isSet("calibrate"))
        std::cout << "wrote " << c.parser.value(QStringLiteral("calibrate")).toStdString() << "\n";
    return kOk;
}

} // namespace plait::app
