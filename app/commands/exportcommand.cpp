#include "plaitcommands.h"

#include "atomicfile.h"
#include "catalogloader.h"
#include "commandcontext.h"
#include "launchconfig.h"
#include "planio.h"
#include "rankmap.h"
#include "text.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <iostream>

namespace plait::app {

int exportCommand(const QStringList& args)
{
    CommandContext c("export",
        "plait export PLAN --to megatron|deepspeed|torchtitan|hostfile [--out FILE] [--hosts NAME,NAME,...]",
        QStringLiteral(
            "Write the plan as a framework's launch configuration (Megatron-LM arguments, DeepSpeed JSON, a torchtitan "
            "job), or the rank map, hostfile and per-node CUDA_VISIBLE_DEVICES that launch it as placed. A plan the "
            "framework would refuse when it starts is not written; each reason is printed with its fix."));
    QCommandLineParser& parser = c.parser;
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("The plan"), QStringLiteral("PLAN"));
    parser.addOption({ QStringLiteral("to"), QStringLiteral("megatron, deepspeed, torchtitan or hostfile"),
        QStringLiteral("FORMAT") });
    parser.addOption(
        { QStringLiteral("out"), QStringLiteral("Write to FILE instead of standard output."), QStringLiteral("FILE") });
    parser.addOption({ QStringLiteral("hosts"),
        QStringLiteral("The nodes' host names in the plan's order, for the rank map (default node0, node1, ...)."),
        QStringLiteral("NAMES") });
    if (const std::optional<int> done = c.parse(args))
        return *done;
    const QString to = parser.value(QStringLiteral("to"));
    const std::optional<LaunchFormat> format = launchFormatFromName(to.toStdString(), kLaunchFormats);
    if (to.isEmpty())
        return c.bad("--to is required");
    if (!format && to != QLatin1String("hostfile"))
        return c.bad("unknown format " + inQuotes(to.toStdString(), 32));
    const QString planPath = parser.positionalArguments().constFirst();
    int code = kOk;
    const std::optional<Plan> read = readPlanArgument(planPath, &code);
    if (!read)
        return code;
    const Plan& plan = *read;
    const std::vector<Issue> problems = format ? exportProblems(plan, *format) : validate(plan);
    if (!problems.empty()) {
        std::cerr << "plait: " << (format ? launchFormatName(*format) : "the rank map")
                  << " would not run this plan; nothing was written:\n";
        for (const Issue& e : problems)
            std::cerr << "  " << validUtf8((e.field.empty() ? "" : e.field + ": ") + e.message) << "\n";
        return kInvalid;
    }
    std::vector<std::string> hosts;
    for (const QString& h : parser.value(QStringLiteral("hosts")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        hosts.push_back(h.trimmed().toStdString());
        // The names go unquoted into the printed torchrun and srun lines: only what a host can be called.
        if (!isHostName(hosts.back())) {
            std::cerr << "plait: --hosts: " << inQuotes(hosts.back(), 40)
                      << " is not a host name (RFC 1123: letters, digits, '-' and '.'; or an IP address)\n";
            return kUsage;
        }
    }
    const std::string text = format ? exportLaunchConfig(*format, plan) : launchFiles(plan, hosts);
    // What starts the job beside the file (DeepSpeed's sizes and launcher line), once the file is written.
    auto printNotes = [&](const std::string& writtenAs) {
        if (format)
            for (const Message& note : exportNotes(plan, *format, writtenAs))
                std::cerr << "plait: " << validUtf8(messageText(note)) << "\n";
    };
    if (!parser.isSet(QStringLiteral("out"))) {
        std::cout << text;
        printNotes("ds_config.json");
        return kOk;
    }
    const QString out = parser.value(QStringLiteral("out"));
    QString error;
    if (!engine::writeFileAtomically(out, QByteArray::fromStdString(text), &error)) {
        std::cerr << "plait: " << out.toStdString() << " was not written: " << error.toStdString() << "\n";
        return kUsage;
    }
    std::cerr << "wrote " << out.toStdString() << "\n";
    printNotes(out.toStdString());
    return kOk;
}

} // namespace plait::app
