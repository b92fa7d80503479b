#include "plaitcommands.h"

#include "advisor.h"
#include "analysis.h"
#include "commandcontext.h"
#include "designreport.h"
#include "profileloader.h"
#include "runoptions.h"
#include "text.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <iostream>

namespace plait::app {

int reportCommand(const QStringList& args)
{
    CommandContext c("report",
        "plait report PLAN.plait.json [--compare OTHER.plait.json] [--profile DIR] --out FILE.(pdf|html) [--paper "
        "a4|letter] [--lang "
        "LOCALE] [--tokens N | --steps N] [--price X] [--currency C] [--storage-GBps X] [--failures-per-gpu-hour X] "
        "[--restart-min X] [--gpu-power-W X]",
        QStringLiteral("Write the design-review report of a plan, or of two compared."));
    QCommandLineParser& parser = c.parser;
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file"));
    parser.addOption({ QStringLiteral("compare"), QStringLiteral("A second plan, compared against the first"),
        QStringLiteral("plan") });
    parser.addOption({ QStringLiteral("out"), QStringLiteral("Output file: .pdf or .html"), QStringLiteral("file") });
    parser.addOption({ QStringLiteral("profile"),
        QStringLiteral("A job's profile of the (first) plan, drawn beside its prediction with where the step went "
                       "measured against predicted: a rank's trace or a folder of them (repeat it)"),
        QStringLiteral("path") });
    parser.addOption(
        { QStringLiteral("paper"), QStringLiteral("a4 (default) or letter, landscape"), QStringLiteral("size") });
    c.addLanguageOption(QStringLiteral("the report"));
    addRunOptions(parser);
    if (const std::optional<int> done = c.parse(args))
        return *done;
    auto bad = [&c](const std::string& why) { return c.bad(why); };
    if (const std::optional<int> done = c.require("out"))
        return *done;
    const QString suffix = QFileInfo(parser.value(QStringLiteral("out"))).suffix().toLower();
    if (suffix != QLatin1String("pdf") && suffix != QLatin1String("html") && suffix != QLatin1String("htm"))
        return bad("unknown report format " + inQuotes(suffix.toStdString(), 16) + "; use .pdf or .html");
    const QString paperName = parser.value(QStringLiteral("paper")).toLower();
    if (!paperName.isEmpty() && paperName != QLatin1String("a4") && paperName != QLatin1String("letter"))
        return bad("unknown --paper " + inQuotes(paperName.toStdString(), 16) + "; known: a4, letter");
    const Paper paper = paperName == QLatin1String("letter") ? Paper::Letter : Paper::A4;

    QStringList files { parser.positionalArguments().front() };
    if (parser.isSet(QStringLiteral("compare")))
        files << parser.value(QStringLiteral("compare"));
    std::vector<ReportPlan> plans;
    for (const QString& path : files) {
        int code = kOk;
        PlanDocument file;
        std::optional<Plan> read = readPlanArgument(path, &code, &file);
        if (!read)
            return code;
        Plan plan = std::move(*read);
        // The run options apply to both plans: a comparison at one budget, price and storage.
        if (std::string why; !applyRunOptions(parser, plan, &why))
            return bad(why);
        ReportPlan r;
        r.description = std::move(file.description);
        r.analysis = std::make_shared<const Analysis>(analyze(std::make_shared<const Plan>(std::move(plan))));
        if (!r.analysis->evaluation->valid) {
            printIssues(r.analysis->evaluation->errors, path.toStdString() + ": ");
            return kInvalid;
        }
        r.advice = advise(*r.analysis->plan, *r.analysis->evaluation);
        if (plans.empty() && parser.isSet(QStringLiteral("profile"))) {
            const QStringList traces = engine::profileFiles(parser.values(QStringLiteral("profile")));
            Result<std::vector<RankProfile>> ranks = engine::readRankProfiles(traces);
            if (!ranks) {
                std::cerr << "plait: " << validUtf8(ranks.errorText()) << "\n";
                return kUsage;
            }
            const std::size_t count = ranks.value().size();
            const engine::LoadedProfile profile = engine::layOutProfile(
                std::move(ranks.value()), r.analysis->plan.get(), engine::profileSourceName(traces, count));
            printProblems(profile.trace->problems, "warning: ");
            r.trace = profile.trace;
            r.traceName = QCoreApplication::translate("plait::app::FileOpener", "%n rank(s)", nullptr, int(count));
            r.traceStages = profile.stages;
        }
        plans.push_back(std::move(r));
    }
    QString error;
    if (!writeReport(plans, paper, parser.value(QStringLiteral("out")), &error)) {
        std::cerr << "plait: cannot write " << parser.value(QStringLiteral("out")).toStdString() << ": "
                  << error.toStdString() << "\n";
        return kUsage;
    }
    return kOk;
}

} // namespace plait::app
