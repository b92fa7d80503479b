#include "cli.h"

#include "exitcodes.h"
#include "runoptions.h"
#include "runreport.h"

#include "analysis.h"
#include "atomicfile.h"
#include "catalogloader.h"
#include "evaluate.h"
#include "evaluationmemo.h"
#include "exportcommand.h"
#include "importcommand.h"
#include "numtext.h"
#include "planio.h"
#include "range.h"
#include "report.h"
#include "search.h"
#include "text.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <cmath>
#include <cstring>
#include <iostream>
#include <ostream>

namespace plait::app {

namespace {
const std::vector<std::string>& commandNames()
{
    static const std::vector<std::string> names { "evaluate", "search", "timeline", "render", "report", "import",
        "export" };
    return names;
}

// A file that cannot be read or is not JSON is "unreadable" (2); a JSON document whose fields are wrong is an
// invalid plan (1).
struct Loaded {
    int code = kOk;
    Result<Plan> plan = Result<Plan>::failure("", "not loaded");
    std::vector<Warning> keyWarnings;
};

Loaded load(const QString& path)
{
    QStringList problems;
    const Catalog catalog = engine::loadCatalog(&problems);
    for (const QString& p : std::as_const(problems))
        std::cerr << "plait: user catalog: " << p.toStdString() << "\n";
    engine::PlanFile file = engine::readPlanFile(path, catalog);
    Loaded l;
    l.code = file.unreadable ? kUsage : file.plan ? kOk : kInvalid;
    l.plan = std::move(file.plan);
    l.keyWarnings = std::move(file.document.keyWarnings);
    return l;
}

void printWarnings(const std::vector<Warning>& warnings)
{
    for (const Warning& w : warnings)
        std::cerr << "plait: warning [" << w.code << "] " << validUtf8(w.message) << "\n";
}

// An invalid plan: the reasons on stderr and, with --json, in the contract's object (with the warnings about
// keys Plait does not read, which often are the reason).
int invalid(
    const std::vector<Issue>& errors, const std::string& planName, bool json, const std::vector<Warning>& warnings = {})
{
    printIssues(errors);
    printWarnings(warnings);
    if (json) {
        Evaluation ev;
        ev.plan = planName;
        ev.errors = errors;
        ev.warnings = warnings;
        std::cout << dumpJson(evaluationToJson(ev), 2) << "\n";
    }
    return kInvalid;
}

// The subcommand's parser: --help prints its help and exits 0 before anything else is checked.
struct Parsed {
    bool ok = false;
    int exit = -1; // set when the command is done (help shown, or bad usage)
};
Parsed parse(QCommandLineParser& parser, const QStringList& args, const char* usage)
{
    parser.addHelpOption();
    const bool ok = parser.parse(args);
    if (printHelpIfAsked(parser, QString::fromLatin1(usage).section(QLatin1Char(' '), 1, 1).toLatin1().constData()))
        return { false, kOk };
    if (!ok || parser.positionalArguments().size() != 1) {
        std::cerr << "plait: " << (ok ? "" : parser.errorText().toStdString() + "; ") << "usage: " << usage << "\n";
        return { false, kUsage };
    }
    return { true, -1 };
}

int evaluateCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Evaluate a plan: memory, communication, step time."));
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file (*.plait.json)"));
    parser.addOption({ QStringLiteral("json"), QStringLiteral("Print one JSON object (the contract's format).") });
    addRunOptions(parser);
    if (const Parsed p = parse(parser, args,
            "plait evaluate PLAN.plait.json [--json] [--tokens N | --steps N] [--price X] [--currency C] "
            "[--storage-GBps X] [--failures-per-gpu-hour X] [--restart-min X] [--gpu-power-W X]");
        !p.ok)
        return p.exit;
    const bool json = parser.isSet(QStringLiteral("json"));
    Loaded l = load(parser.positionalArguments().front());
    if (l.code == kUsage) {
        printIssues(l.plan.errors());
        return kUsage;
    }
    if (l.code == kInvalid)
        return invalid(l.plan.errors(), "", json, l.keyWarnings);
    Plan plan = l.plan.value();
    if (std::string why; !applyRunOptions(parser, plan, &why)) {
        std::cerr << "plait: " << validUtf8(why) << "\n";
        return kUsage;
    }
    // The window's analysis, the same recipe (analysis.h).
    const Analysis analysis = analyze(std::make_shared<const Plan>(plan));
    Evaluation ev = *analysis.evaluation;
    // The file's keys Plait does not read first: a misspelt one may be why a figure surprises.
    ev.warnings.insert(ev.warnings.begin(), l.keyWarnings.begin(), l.keyWarnings.end());
    if (!ev.valid)
        printIssues(ev.errors);
    if (!ev.valid || json)
        printWarnings(ev.warnings); // the text view of a valid plan prints them itself
    if (json) {
        nlohmann::json out = evaluationToJson(ev);
        if (analysis.run)
            out["run"] = runForecastToJson(*analysis.run);
        std::cout << dumpJson(out, 2) << "\n";
    } else if (ev.valid && analysis.run) {
        std::cout << evaluationText(ev, plan) << runForecastText(*analysis.run, plan);
    }
    return ev.valid ? kOk : kInvalid;
}

int timelineCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Write the simulated pipeline timeline as a Chrome trace."));
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file (*.plait.json)"));
    parser.addOption({ QStringLiteral("out"), QStringLiteral("Trace file to write."), QStringLiteral("TRACE.json") });
    const char* usage = "plait timeline PLAN.plait.json --out TRACE.json";
    if (const Parsed p = parse(parser, args, usage); !p.ok)
        return p.exit;
    if (!parser.isSet(QStringLiteral("out"))) {
        std::cerr << "plait: --out is required; usage: " << usage << "\n";
        return kUsage;
    }
    Loaded l = load(parser.positionalArguments().front());
    if (l.code != kOk) {
        printIssues(l.plan.errors());
        printWarnings(l.keyWarnings);
        return l.code;
    }
    const Evaluation ev = evaluate(l.plan.value());
    printWarnings(l.keyWarnings);
    printWarnings(ev.warnings);
    if (!ev.valid) {
        printIssues(ev.errors);
        return kInvalid;
    }
    // Streamed into the file: a trace of a million micro-batches never exists as one string.
    QString error;
    const QString out = parser.value(QStringLiteral("out"));
    if (!engine::writeFileAtomically(
            out,
            [&](std::ostream& stream, QString*) {
                writeTimelineTrace(stream, ev, l.plan.value());
                return bool(stream);
            },
            &error)) {
        std::cerr << "plait: cannot write " << out.toStdString() << ": " << error.toStdString() << "\n";
        return kUsage;
    }
    return kOk;
}

std::string gibText(double bytes)
{
    return numText(bytes / double(1ull << 30), "%.1f") + " GiB";
}

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

int searchCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Search every valid plan for the model, cluster and batch."));
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
        QStringLiteral(
            "Schedules allowed, e.g. 1f1b,interleaved (gpipe, 1f1b, interleaved, zb-h1, zb-v, dualpipev, dualpipe)."),
        QStringLiteral("LIST") });
    parser.addOption({ QStringLiteral("recompute"),
        QStringLiteral("Recomputation allowed, e.g. none,selective (none, selective, full, selective_op)."),
        QStringLiteral("LIST") });
    parser.addOption({ QStringLiteral("framework"),
        QStringLiteral("Only plans this framework runs: megatron, deepspeed or fsdp; any: each of them, ranked "
                       "together (default: the plan's)."),
        QStringLiteral("NAME") });
    const char* usage = "plait search PLAN.plait.json [--top N] [--json] [--headroom PERCENT] [--tp N] [--pp N] "
                        "[--cp N] [--ep N] [--max-tp N] [--max-pp N] [--max-cp N] [--max-ep N] [--schedules LIST] "
                        "[--recompute LIST] [--framework NAME]";
    if (const Parsed p = parse(parser, args, usage); !p.ok)
        return p.exit;
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
    if (!named("schedules", schedulesFromText,
            "gpipe, 1f1b, interleaved, zb-h1, zb-v, dualpipev and dualpipe, comma-separated", 64, need.schedules)
        || !named("recompute", recomputesFromText, "none, selective, full and selective_op, comma-separated", 64,
            need.recomputes))
        return kUsage;
    need.anyFramework = parser.value(QStringLiteral("framework")) == QLatin1String("any");
    if (!need.anyFramework
        && !named("framework", frameworkFromName, "megatron, deepspeed, fsdp or any", 32, need.framework))
        return kUsage;
    Loaded l = load(parser.positionalArguments().front());
    if (l.code == kUsage) {
        printIssues(l.plan.errors());
        return kUsage;
    }
    if (l.code == kInvalid)
        return invalid(l.plan.errors(), "", json, l.keyWarnings);
    printWarnings(l.keyWarnings);
    const Plan& base = l.plan.value();
    SearchOptions options;
    options.top = top;
    options.constraints = need;
    const SearchResult r = searchPlans(base, options);
    if (!r.problems.empty())
        return invalid(r.problems, base.name, json);
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
        }
    }
    if (r.best.empty() && r.smallest >= 0) {
        // The search worked; the answer is that nothing fits. Say by how much.
        const SearchCandidate& s = r.candidates[std::size_t(r.smallest)];
        (json ? std::cerr : std::cout) << (json ? "plait: " : "  ") << "no plan fits in memory: the smallest ("
                                       << candidateText(s, need.anyFramework) << ") needs " << gibText(s.peakBytes)
                                       << " per GPU, the " << base.cluster.gpu.id << " has "
                                       << gibText(base.cluster.gpu.memoryGiB * double(1ull << 30)) << "\n";
    }
    if (json)
        std::cout << dumpJson(out, 2) << "\n";
    return kOk;
}
}

void useOffscreenWithoutDisplay()
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM") && !qEnvironmentVariableIsSet("DISPLAY")
        && !qEnvironmentVariableIsSet("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

void printIssues(const std::vector<Issue>& issues, const std::string& where)
{
    for (const Issue& e : issues)
        std::cerr << "plait: " << validUtf8(where + (e.field.empty() ? "" : e.field + ": ") + e.message) << "\n";
}

std::optional<Plan> readPlanArgument(const QString& path, int* exitCode, PlanDocument* document)
{
    engine::PlanFile file = engine::readPlanFile(path, engine::loadCatalog());
    if (!file.plan) {
        for (const Issue& e : file.plan.errors()) // readPlanFile names the file in a problem of the whole document
            printIssues({ e }, e.field.empty() ? std::string() : path.toStdString() + ": ");
        *exitCode = file.unreadable ? kUsage : kInvalid;
        return std::nullopt;
    }
    if (document)
        *document = std::move(file.document);
    return file.plan.value();
}

bool printHelpIfAsked(const QCommandLineParser& parser, const char* command)
{
    if (!parser.isSet(QStringLiteral("help")))
        return false;
    QString help = parser.helpText();
    help.replace(QCoreApplication::arguments().constFirst(), QStringLiteral("plait ") + QString::fromLatin1(command));
    std::cout << help.toStdString();
    return true;
}

bool isHeadlessCommand(const char* arg)
{
    return arg
        && (std::strcmp(arg, "evaluate") == 0 || std::strcmp(arg, "timeline") == 0 || std::strcmp(arg, "search") == 0
            || std::strcmp(arg, "import") == 0 || std::strcmp(arg, "export") == 0);
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
    if (command == QLatin1String("import"))
        return importCommand(args);
    if (command == QLatin1String("export"))
        return exportCommand(args);
    return timelineCommand(args);
}

std::string commandsHelp()
{
    return "Commands (no display needed; exit 0 success, 1 invalid plan, 2 bad usage or unreadable file):\n"
           "  evaluate PLAN [--json]            memory, communication and step time of a plan; with --tokens,\n"
           "         [--tokens N] [--price X]   --price, --storage-GBps: time, cost and goodput of the training run\n"
           "  search PLAN [--top N] [--json]    the fastest plans that fit, for the plan's model, cluster and batch\n"
           "         [--headroom %] [--tp|--pp|--cp|--ep N] [--max-tp|--max-pp|--max-cp|--max-ep N]\n"
           "         [--schedules LIST] [--recompute LIST] [--framework NAME]\n"
           "                                    keep memory free, hold sizes, allow schedules, name the framework "
           "(any)\n"
           "  timeline PLAN --out TRACE.json    the simulated pipeline timeline as a Chrome trace (Perfetto)\n"
           "  render PLAN --view topology|memory|comm|gantt|report --out FILE.png|svg|pdf\n"
           "                                    a view drawn as the window draws it\n"
           "  report PLAN [--compare OTHER] --out FILE.pdf|html [--lang L] [--paper a4|letter]\n"
           "                                    the design-review report: figures, pictures, run, findings, sources\n"
           "  import nccl-tests FILE... [--plan PLAN] [--out PLAN] [--json] [--any-gpu]\n"
           "                                    measured links held against the plan's, outlier nodes named; --out\n"
           "                                    writes the plan with its links calibrated from them\n"
           "  import megatron|deepspeed|torchtitan|auto FILE --plan PLAN [--out PLAN] [--json]\n"
           "                                    a framework's launch configuration over PLAN; what it sets that Plait\n"
           "                                    does not model is listed\n"
           "  export PLAN --to megatron|deepspeed|torchtitan|hostfile [--out FILE] [--hosts NAMES]\n"
           "                                    the plan as a launch configuration, or the rank map that places it\n"
           "Run \"plait COMMAND --help\" for a command's options. Without a command, plait opens the window.\n";
}

int unknownCommand(const char* arg)
{
    // A word that is neither a command, an option nor a file: most likely a misspelt command, not a plan to open.
    if (!arg || arg[0] == '-' || std::strchr(arg, '.') || std::strchr(arg, '/')
        || QFileInfo::exists(QString::fromLocal8Bit(arg)))
        return -1;
    for (const std::string& c : commandNames())
        if (c == arg)
            return -1;
    std::string known;
    for (const std::string& c : commandNames())
        known += (known.empty() ? "" : ", ") + c;
    const std::string guess = closestMatch(arg, commandNames());
    std::cerr << "plait: unknown command " << inQuotes(arg, 32)
              << (guess.empty() ? "" : "; did you mean \"" + guess + "\"?") << " Commands: " << known
              << "; to open a plan, give its file (plait PLAN.plait.json)\n";
    return kUsage;
}

} // namespace plait::app
