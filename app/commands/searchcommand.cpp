#include "plaitcommands.h"

#include "commandcontext.h"
#include "evaluate.h"
#include "evaluationmemo.h"
#include "numtext.h"
#include "range.h"
#include "report.h"
#include "search.h"
#include "text.h"

#include <cmath>
#include <iostream>

namespace plait::app {

namespace {

std::string candidateText(const SearchCandidate& c, bool withFramework = false)
{
    const ParallelSpec& p = c.parallel;
    const TrainingSpec& t = c.training;
    std::string s = "tp " + std::to_string(p.tp) + " pp " + std::to_string(p.pp) + " dp " + std::to_string(p.dp)
        + " cp " + std::to_string(p.cp) + (p.ep > 1 ? " ep " + std::to_string(p.ep) : "")
        + (t.sequenceParallel ? " sp" : "") + ", " + scheduleName(p.schedule)
        + (p.vpp > 1 ? " v=" + std::to_string(p.vpp) : "") + edgesInSplitText(p) + ", micro-batch "
        + std::to_string(t.microBatch) + ", ZeRO " + std::to_string(t.zeroStage) + ", recompute " + recomputeText(t);
    if (withFramework)
        s += ", " + std::string(frameworkName(t.framework));
    return s;
}

} // namespace

int searchCommand(const QStringList& args)
{
    CommandContext c("search",
        "plait search PLAN.plait.json [--top N] [--json] [--headroom PERCENT] [--tp N] [--pp N] [--cp N] [--ep N] "
        "[--max-tp N] [--max-pp N] [--max-cp N] [--max-ep N] [--schedules LIST] [--recompute LIST] "
        "[--framework NAME]",
        QStringLiteral("Search every valid plan for the model, cluster and batch."));
    QCommandLineParser& parser = c.parser;
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file (*.plait.json)"));
    parser.addOption({ QStringLiteral("top"), QStringLiteral("How many plans to print (1 to 1000, default 5)."),
        QStringLiteral("N") });
    parser.addOption(
        { QStringLiteral("json"), QStringLiteral("Print JSON: each plan's evaluation, parallel and training.") });
    parser.addOption({ QStringLiteral("headroom"),
        QStringLiteral("Percent of each GPU's memory to keep free (0 to 90, default 10)."),
        QStringLiteral("PERCENT") });
    for (const char* dim : { "tp", "pp", "cp", "ep" })
        parser.addOption({ QString::fromLatin1(dim),
            QStringLiteral("Keep %1 at this size.").arg(QString::fromLatin1(dim).toUpper()), QStringLiteral("N") });
    for (const char* dim : { "tp", "pp", "cp", "ep" })
        parser.addOption({ QStringLiteral("max-") + QString::fromLatin1(dim),
            QStringLiteral("At most this %1.").arg(QString::fromLatin1(dim).toUpper()), QStringLiteral("N") });
    parser.addOption({ QStringLiteral("schedules"),
        QStringLiteral("Schedules allowed, e.g. 1f1b,interleaved (%1).")
            .arg(QString::fromStdString(scheduleNames(", "))),
        QStringLiteral("LIST") });
    parser.addOption({ QStringLiteral("recompute"),
        QStringLiteral("Recomputation allowed, e.g. none,selective (none, selective, full, selective_op)."),
        QStringLiteral("LIST") });
    parser.addOption({ QStringLiteral("framework"),
        QStringLiteral("Only plans this framework runs: megatron, deepspeed or fsdp; any: each of them, ranked "
                       "together (default: the plan's)."),
        QStringLiteral("NAME") });
    if (const std::optional<int> done = c.parse(args))
        return *done;
    bool topOk = true;
    const int top = parser.isSet(QStringLiteral("top")) ? parser.value(QStringLiteral("top")).toInt(&topOk) : 5;
    if (!topOk || top < 1 || top > 1000) {
        std::cerr << "plait: --top must be a whole number from 1 to 1000, got "
                  << inQuotes(parser.value(QStringLiteral("top")).toStdString(), 32) << "\n";
        return kUsage;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    SearchConstraints need;
    auto whole = [&](const char* name, int lo, int hi, int& into) {
        if (!parser.isSet(QString::fromLatin1(name)))
            return true;
        bool ok = true;
        const int v = parser.value(QString::fromLatin1(name)).toInt(&ok);
        if (!ok || v < lo || v > hi) {
            std::cerr << "plait: --" << name << " must be a whole number from " << lo << " to " << hi << ", got "
                      << inQuotes(parser.value(QString::fromLatin1(name)).toStdString(), 32) << "\n";
            return false;
        }
        into = v;
        return true;
    };
    int headroom = int(std::lround(100 * need.headroom)); // the search's default unless --headroom says otherwise
    if (!whole("headroom", 0, 90, headroom) || !whole("tp", 1, 131072, need.tp) || !whole("pp", 1, 131072, need.pp)
        || !whole("cp", 1, 131072, need.cp) || !whole("ep", 1, 131072, need.ep)
        || !whole("max-tp", 1, 131072, need.maxTp) || !whole("max-pp", 1, 131072, need.maxPp)
        || !whole("max-cp", 1, 131072, need.maxCp) || !whole("max-ep", 1, 131072, need.maxEp))
        return kUsage;
    need.headroom = headroom / 100.0;
    // An option naming values as the plan file spells them: read into `into`, or say what it takes.
    auto named = [&](const char* name, auto read, const char* takes, int shown, auto& into) {
        if (!parser.isSet(QString::fromLatin1(name)))
            return true;
        const std::string text = parser.value(QString::fromLatin1(name)).toStdString();
        const auto v = read(text);
        if (!v) {
            std::cerr << "plait: --" << name << " takes " << takes << ", got " << inQuotes(text, shown) << "\n";
            return false;
        }
        into = *v;
        return true;
    };
    const std::string schedulesTaken = scheduleNames(", ") + ", comma-separated";
    if (!named("schedules", schedulesFromText, schedulesTaken.c_str(), 64, need.schedules)
        || !named("recompute", recomputesFromText, "none, selective, full and selective_op, comma-separated", 64,
            need.recomputes))
        return kUsage;
    need.anyFramework = parser.value(QStringLiteral("framework")) == QLatin1String("any");
    if (!need.anyFramework
        && !named("framework", frameworkFromName, "megatron, deepspeed, fsdp or any", 32, need.framework))
        return kUsage;
    const PlanArgument l = loadPlanArgument(parser.positionalArguments().front());
    if (l.code == kUsage) {
        printIssues(l.plan.errors());
        return kUsage;
    }
    if (l.code == kInvalid)
        return invalidPlan(l.plan.errors(), "", json, l.document.keyWarnings);
    printWarnings(l.document.keyWarnings);
    const Plan& base = l.plan.value();
    SearchOptions options;
    options.top = top;
    options.constraints = need;
    const SearchResult r = searchPlans(base, options);
    if (!r.problems.empty())
        return invalidPlan(r.problems, base.name, json);
    nlohmann::json out = nlohmann::json::array();
    if (!json)
        std::cout << r.combinations << " combinations, " << r.fitting << " fit in memory keeping "
                  << numText(100 * need.headroom, "%g") << "% of each GPU free"
                  << (parser.isSet(QStringLiteral("headroom")) ? "" : " (the default; --headroom changes it)") << ", "
                  << r.evaluatedCount << " evaluated in full; best " << r.best.size()
                  << " by the slow end of each step's range:\n";
    int rank = 0;
    EvaluationMemo memo; // the best plans share op lists (a million micro-batches' worth on a large batch)
    for (int i : r.best) {
        const Plan plan = applyCandidate(base, r.candidates[std::size_t(i)]).value();
        Evaluation ev = evaluate(plan, EvaluationDetail::Full, &memo);
        addStepRange(plan, ev, &memo);
        if (json) {
            nlohmann::json e = evaluationToJson(ev);
            const nlohmann::json doc = toJson(plan);
            e["parallel"] = doc["parallel"];
            e["training"] = doc["training"];
            out.push_back(std::move(e));
        } else {
            // Figures for people: three digits where the model's own spread is wider than that.
            std::cout << "  " << ++rank << ". " << candidateText(r.candidates[std::size_t(i)], need.anyFramework)
                      << ": step " << secondsText(ev.stepS) << " (" << secondsText(ev.stepFastS) << "–"
                      << secondsText(ev.stepSlowS) << "), " << groupedText(ev.tokensPerS) << " tokens/s, MFU "
                      << numText(100 * ev.mfu, "%.1f") << "%, bubble " << numText(100 * ev.bubbleFraction, "%.1f")
                      << "%, peak " << numText(ev.peakBytes / double(1ull << 30), "%.1f") << " GiB\n";
            // How far off the calibration's runs of this plan's kind were: a plan of a kind no run shows is a guess.
            if (ev.similarRuns.ofRuns > 0)
                std::cout << "     published runs like it: " << similarRunsCountText(ev.similarRuns) << "\n";
        }
    }
    if (r.best.empty() && r.smallest >= 0) {
        // The search worked; the answer is that nothing fits. Say by how much.
        const SearchCandidate& s = r.candidates[std::size_t(r.smallest)];
        (json ? std::cerr : std::cout) << (json ? "plait: " : "  ") << "no plan fits in memory: the smallest ("
                                       << candidateText(s, need.anyFramework) << ") needs " << gibText(s.peakBytes, 1)
                                       << " per GPU, the " << base.cluster.gpu.id << " has "
                                       << gibText(base.cluster.gpu.memoryGiB * double(1ull << 30), 1) << "\n";
    }
    if (json)
        std::cout << dumpJson(out, 2) << "\n";
    return kOk;
}

} // namespace plait::app
