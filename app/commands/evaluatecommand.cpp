#include "plaitcommands.h"

#include "analysis.h"
#include "commandcontext.h"
#include "report.h"
#include "runoptions.h"
#include "runreport.h"
#include "text.h"

#include <iostream>

namespace plait::app {

int evaluateCommand(const QStringList& args)
{
    CommandContext c("evaluate",
        "plait evaluate PLAN.plait.json [--json] [--tokens N | --steps N] [--price X] [--currency C] "
        "[--storage-GBps X] [--failures-per-gpu-hour X] [--restart-min X] [--gpu-power-W X]",
        QStringLiteral("Evaluate a plan: memory, communication, step time."));
    c.parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file (*.plait.json)"));
    c.parser.addOption({ QStringLiteral("json"), QStringLiteral("Print one JSON object (the contract's format).") });
    addRunOptions(c.parser);
    if (const std::optional<int> done = c.parse(args))
        return *done;
    const bool json = c.isSet("json");
    const PlanArgument l = loadPlanArgument(c.parser.positionalArguments().front());
    if (l.code == kUsage) {
        printIssues(l.plan.errors());
        return kUsage;
    }
    if (l.code == kInvalid)
        return invalidPlan(l.plan.errors(), "", json, l.document.keyWarnings);
    Plan plan = l.plan.value();
    if (std::string why; !applyRunOptions(c.parser, plan, &why)) {
        std::cerr << "plait: " << validUtf8(why) << "\n";
        return kUsage;
    }
    // The window's analysis, the same recipe (analysis.h).
    const Analysis analysis = analyze(std::make_shared<const Plan>(plan));
    Evaluation ev = *analysis.evaluation;
    // The file's keys Plait does not read first: a misspelt one may be why a figure surprises.
    ev.warnings.insert(ev.warnings.begin(), l.document.keyWarnings.begin(), l.document.keyWarnings.end());
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

} // namespace plait::app
