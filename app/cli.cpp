#include "cli.h"

#include "catalogloader.h"
#include "evaluate.h"
#include "report.h"
#include "safejson.h"
#include "search.h"
#include "text.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QSaveFile>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace plait::app {

namespace {
constexpr int kOk = 0, kInvalid = 1, kUsage = 2;

// A file that cannot be read or is not JSON is "unreadable" (2); a JSON document whose fields are wrong is an
// invalid plan (1).
struct Loaded {
    int code = kOk;
    Result<Plan> plan = Result<Plan>::failure("", "not loaded");
};

Loaded load(const std::string& path)
{
    Loaded l;
    QStringList problems;
    const Catalog catalog = engine::loadCatalog(&problems);
    for (const QString& p : std::as_const(problems))
        std::cerr << "plait: user catalog: " << p.toStdString() << "\n";
    auto doc = readJsonFile(path);
    if (!doc) {
        l.code = kUsage;
        l.plan = doc.errors();
        return l;
    }
    l.plan = planFromJson(doc.value(), catalog);
    l.code = l.plan ? kOk : kInvalid;
    return l;
}

void printErrors(const std::vector<Issue>& errors)
{
    for (const Issue& e : errors)
        std::cerr << "plait: " << (e.field.empty() ? "" : e.field + ": ") << e.message << "\n";
}

bool writeFile(const QString& path, const std::string& text)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        std::cerr << "plait: cannot write " << path.toStdString() << ": " << f.errorString().toStdString() << "\n";
        return false;
    }
    f.write(text.data(), qint64(text.size()));
    if (!f.commit()) {
        std::cerr << "plait: cannot write " << path.toStdString() << ": " << f.errorString().toStdString() << "\n";
        return false;
    }
    return true;
}

int evaluateCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Evaluate a plan: memory, communication, step time."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file (*.plait.json)"));
    parser.addOption({ QStringLiteral("json"), QStringLiteral("Print one JSON object (the contract's format).") });
    if (!parser.parse(args) || parser.positionalArguments().size() != 1) {
        std::cerr << "plait: usage: plait evaluate PLAN.plait.json [--json]\n";
        return kUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::cout << parser.helpText().toStdString();
        return kOk;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    Loaded l = load(parser.positionalArguments().front().toStdString());
    if (l.code == kUsage) {
        printErrors(l.plan.errors());
        return kUsage;
    }
    if (l.code == kInvalid) {
        printErrors(l.plan.errors());
        if (json) {
            Evaluation ev;
            ev.errors = l.plan.errors();
            std::cout << dumpJson(evaluationToJson(ev), 2) << "\n";
        }
        return kInvalid;
    }
    const Evaluation ev = evaluate(l.plan.value());
    if (!ev.valid)
        printErrors(ev.errors);
    if (json)
        std::cout << dumpJson(evaluationToJson(ev), 2) << "\n";
    else if (ev.valid)
        std::cout << evaluationText(ev, l.plan.value());
    return ev.valid ? kOk : kInvalid;
}

int timelineCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Write the simulated pipeline timeline as a Chrome trace."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file (*.plait.json)"));
    parser.addOption({ QStringLiteral("out"), QStringLiteral("Trace file to write."), QStringLiteral("TRACE.json") });
    if (!parser.parse(args) || parser.positionalArguments().size() != 1 || !parser.isSet(QStringLiteral("out"))) {
        std::cerr << "plait: usage: plait timeline PLAN.plait.json --out TRACE.json\n";
        return kUsage;
    }
    Loaded l = load(parser.positionalArguments().front().toStdString());
    if (l.code != kOk) {
        printErrors(l.plan.errors());
        return l.code;
    }
    const Evaluation ev = evaluate(l.plan.value());
    if (!ev.valid) {
        printErrors(ev.errors);
        return kInvalid;
    }
    return writeFile(parser.value(QStringLiteral("out")), timelineToChromeTrace(ev, l.plan.value()).dump() + "\n")
        ? kOk
        : kUsage;
}
}

int searchCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Search every valid plan for the model, cluster and batch."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file (*.plait.json)"));
    parser.addOption(
        { QStringLiteral("top"), QStringLiteral("How many plans to print (default 5)."), QStringLiteral("N") });
    parser.addOption(
        { QStringLiteral("json"), QStringLiteral("Print JSON: each plan's evaluation, parallel and training.") });
    bool topOk = true;
    const int top = parser.parse(args) && parser.isSet(QStringLiteral("top"))
        ? parser.value(QStringLiteral("top")).toInt(&topOk)
        : 5;
    if (!parser.parse(args) || parser.positionalArguments().size() != 1 || !topOk || top < 1 || top > 1000) {
        std::cerr << "plait: usage: plait search PLAN.plait.json [--top N] [--json]\n";
        return kUsage;
    }
    Loaded l = load(parser.positionalArguments().front().toStdString());
    if (l.code != kOk) {
        printErrors(l.plan.errors());
        return l.code;
    }
    const Plan& base = l.plan.value();
    SearchOptions options;
    options.top = top;
    const SearchResult r = searchPlans(base, options);
    nlohmann::json out = nlohmann::json::array();
    if (!parser.isSet(QStringLiteral("json")))
        std::cout << r.combinations << " combinations, " << r.fitting << " fit in memory, " << r.evaluatedCount
                  << " evaluated in full; best " << r.best.size() << ":\n";
    int rank = 0;
    for (int i : r.best) {
        const Plan plan = applyCandidate(base, r.candidates[std::size_t(i)]).value();
        const Evaluation ev = evaluate(plan);
        if (parser.isSet(QStringLiteral("json"))) {
            nlohmann::json e = evaluationToJson(ev);
            const nlohmann::json doc = toJson(plan);
            e["parallel"] = doc["parallel"];
            e["training"] = doc["training"];
            out.push_back(std::move(e));
        } else {
            const ParallelSpec& p = plan.parallel;
            const TrainingSpec& t = plan.training;
            std::cout << "  " << ++rank << ". tp " << p.tp << " pp " << p.pp << " dp " << p.dp << " cp " << p.cp;
            if (p.ep > 1)
                std::cout << " ep " << p.ep;
            std::cout << ", " << scheduleName(p.schedule) << (p.vpp > 1 ? " v=" + std::to_string(p.vpp) : "")
                      << ", micro-batch " << t.microBatch << ", ZeRO " << t.zeroStage << ", recompute "
                      << (t.recompute == Recompute::Full               ? "full"
                                 : t.recompute == Recompute::Selective ? "selective"
                                                                       : "none")
                      << ": step " << ev.stepS << " s, MFU " << 100 * ev.mfu << "%, bubble " << 100 * ev.bubbleFraction
                      << "%, peak " << ev.peakBytes / double(1ull << 30) << " GiB\n";
        }
    }
    if (parser.isSet(QStringLiteral("json")))
        std::cout << dumpJson(out, 2) << "\n";
    else if (r.best.empty())
        std::cout << "  no plan fits in memory on this cluster\n";
    return kOk;
}

bool isHeadlessCommand(const char* arg)
{
    return arg
        && (std::strcmp(arg, "evaluate") == 0 || std::strcmp(arg, "timeline") == 0 || std::strcmp(arg, "search") == 0);
}

int runHeadless(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments();
    const QString command = args.takeAt(1);
    // QCommandLineParser expects the program name first.
    if (command == QLatin1String("evaluate"))
        return evaluateCommand(args);
    if (command == QLatin1String("search"))
        return searchCommand(args);
    return timelineCommand(args);
}

} // namespace plait::app
