#include "plaitcommands.h"

#include "atomicfile.h"
#include "commandcontext.h"
#include "evaluate.h"
#include "report.h"

#include <iostream>
#include <ostream>

namespace plait::app {

int timelineCommand(const QStringList& args)
{
    CommandContext c("timeline", "plait timeline PLAN.plait.json --out TRACE.json",
        QStringLiteral("Write the simulated pipeline timeline as a Chrome trace."));
    c.parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file (*.plait.json)"));
    c.parser.addOption({ QStringLiteral("out"), QStringLiteral("Trace file to write."), QStringLiteral("TRACE.json") });
    if (const std::optional<int> done = c.parse(args))
        return *done;
    if (const std::optional<int> done = c.require("out"))
        return *done;
    const PlanArgument l = loadPlanArgument(c.parser.positionalArguments().front());
    if (l.code != kOk) {
        printIssues(l.plan.errors());
        printWarnings(l.document.keyWarnings);
        return l.code;
    }
    const Evaluation ev = evaluate(l.plan.value());
    printWarnings(l.document.keyWarnings);
    printWarnings(ev.warnings);
    if (!ev.valid) {
        printIssues(ev.errors);
        return kInvalid;
    }
    // Streamed into the file: a trace of a million micro-batches never exists as one string.
    QString error;
    const QString out = c.value("out");
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

} // namespace plait::app
