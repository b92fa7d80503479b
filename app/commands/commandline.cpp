#include "commandline.h"

#include "commandcontext.h"
#include "plaitcommands.h"
#include "text.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFileInfo>
#include <cstring>
#include <iostream>
#include <memory>

namespace plait::app {

namespace {

struct Command {
    const char* name;
    int (*run)(const QStringList& args);
    bool draws; // needs widgets (a QApplication, offscreen without a display)
};
constexpr Command kCommands[] = {
    { "evaluate", evaluateCommand, false },
    { "search", searchCommand, false },
    { "timeline", timelineCommand, false },
    { "render", renderCommand, true },
    { "report", reportCommand, true },
    { "import", importCommand, false },
    { "export", exportCommand, false },
    { "profile", profileCommand, false },
};

const Command* commandNamed(const char* arg)
{
    for (const Command& c : kCommands)
        if (arg && std::strcmp(arg, c.name) == 0)
            return &c;
    return nullptr;
}

} // namespace

bool isCommand(const char* arg)
{
    return commandNamed(arg) != nullptr;
}

int runCommand(int argc, char** argv)
{
    const Command* command = commandNamed(argc > 1 ? argv[1] : nullptr);
    if (!command)
        return kUsage;
    std::unique_ptr<QCoreApplication> app;
    if (command->draws) {
        useOffscreenWithoutDisplay();
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    // QCommandLineParser expects the program name first: the command's name is taken out.
    QStringList args = QCoreApplication::arguments();
    args.removeAt(1);
    return command->run(args);
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
           "  profile RANK.json... [--json]     a job's per-rank PyTorch profiler traces on one clock, the\n"
           "                                    residual said, and the rank the others waited for\n"
           "Run \"plait COMMAND --help\" for a command's options. Without a command, plait opens the window.\n";
}

int unknownCommand(const char* arg)
{
    // A word that is neither a command, an option nor a file: most likely a misspelt command, not a plan to open.
    if (!arg || arg[0] == '-' || std::strchr(arg, '.') || std::strchr(arg, '/')
        || QFileInfo::exists(QString::fromLocal8Bit(arg)))
        return -1;
    if (isCommand(arg))
        return -1;
    std::vector<std::string> names;
    std::string known;
    for (const Command& c : kCommands) {
        names.emplace_back(c.name);
        known += (known.empty() ? "" : ", ") + names.back();
    }
    const std::string guess = closestMatch(arg, names);
    std::cerr << "plait: unknown command " << inQuotes(arg, 32)
              << (guess.empty() ? "" : "; did you mean \"" + guess + "\"?") << " Commands: " << known
              << "; to open a plan, give its file (plait PLAN.plait.json)\n";
    return kUsage;
}

} // namespace plait::app
