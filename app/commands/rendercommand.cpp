#include "plaitcommands.h"

#include "analysis.h"
#include "chrometrace.h"
#include "commandcontext.h"
#include "predictedtimeline.h"
#include "profilefinding.h"
#include "profileloader.h"
#include "render.h"
#include "text.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QWidget>
#include <cmath>
#include <iostream>

namespace plait::app {

namespace {

bool parseSize(const QString& text, QSize* size)
{
    const QStringList wh = text.split(QLatin1Char('x'));
    bool w = false, h = false;
    const int width = wh.size() == 2 ? wh[0].toInt(&w) : 0, height = wh.size() == 2 ? wh[1].toInt(&h) : 0;
    if (!w || !h || width < 100 || height < 100 || width > 10000 || height > 10000)
        return false;
    *size = QSize(width, height);
    return true;
}

bool parseSeconds(const QString& text, double* seconds)
{
    bool ok = false;
    const double s = text.toDouble(&ok);
    if (!ok || !std::isfinite(s) || s < 0 || s > 1e12)
        return false;
    *seconds = s;
    return true;
}
}

int renderCommand(const QStringList& args)
{
    CommandContext c("render",
        "plait render PLAN.plait.json --view topology|memory|comm|gantt|report [--schedules] [--trace TRACE.json] "
        "[--profile RANK.json|DIR]... "
        "[--from S] [--to S] [--groups all|tp|pp|dp|ep] [--size WxH] [--lang LOCALE] --out FILE.(png|svg|pdf)",
        QStringLiteral("Draw a view of a plan as the window draws it."));
    QCommandLineParser& parser = c.parser;
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file"));
    parser.addOption({ QStringLiteral("view"),
        QStringLiteral("topology (default), memory, comm, gantt, or report (all of them on one page)"),
        QStringLiteral("view") });
    parser.addOption({ QStringLiteral("from"), QStringLiteral("gantt: first second shown"), QStringLiteral("s") });
    parser.addOption({ QStringLiteral("to"), QStringLiteral("gantt: last second shown"), QStringLiteral("s") });
    parser.addOption({ QStringLiteral("schedules"), QStringLiteral("gantt: the plan under every pipeline schedule") });
    parser.addOption({ QStringLiteral("trace"), QStringLiteral("gantt: a measured trace to draw beside the prediction"),
        QStringLiteral("file") });
    parser.addOption({ QStringLiteral("profile"),
        QStringLiteral("gantt: a job's profile beside the prediction, a rank's trace or a folder of them (repeat "
                       "it); topology: the node of the rank the others waited for outlined, if its GPU was slow"),
        QStringLiteral("path") });
    parser.addOption(
        { QStringLiteral("out"), QStringLiteral("Output file: .png, .svg or .pdf"), QStringLiteral("file") });
    parser.addOption({ QStringLiteral("groups"), QStringLiteral("topology: the groups coloured: all, tp, pp, dp or ep"),
        QStringLiteral("groups") });
    parser.addOption({ QStringLiteral("size"), QStringLiteral("Width x height in pixels, 100 to 10000 each"),
        QStringLiteral("WxH") });
    // A picture for a review in the reviewers' language: the same translations the window uses.
    c.addLanguageOption(QStringLiteral("the picture's texts"));
    if (const std::optional<int> done = c.parse(args))
        return *done;
    auto bad = [&c](const std::string& why) { return c.bad(why); };
    if (const std::optional<int> done = c.require("out"))
        return *done;
    const QString view = parser.value(QStringLiteral("view")).isEmpty() ? QStringLiteral("topology")
                                                                        : parser.value(QStringLiteral("view"));
    const QStringList views { QStringLiteral("topology"), QStringLiteral("memory"), QStringLiteral("comm"),
        QStringLiteral("gantt"), QStringLiteral("report") };
    if (!views.contains(view))
        return bad(
            "unknown view " + inQuotes(view.toStdString(), 32) + "; known: topology, memory, comm, gantt, report");
    const QString suffix = QFileInfo(parser.value(QStringLiteral("out"))).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") && suffix != QLatin1String("pdf"))
        return bad("unknown output format " + inQuotes(suffix.toStdString(), 16) + "; use .png, .svg or .pdf");
    QSize size = defaultPictureSize(view, parser.isSet(QStringLiteral("schedules")));
    if (parser.isSet(QStringLiteral("size")) && !parseSize(parser.value(QStringLiteral("size")), &size))
        return bad("--size must be WIDTHxHEIGHT, each from 100 to 10000 pixels, got "
            + inQuotes(parser.value(QStringLiteral("size")).toStdString(), 32));
    const bool gantt = view == QLatin1String("gantt");
    const QString groups = parser.value(QStringLiteral("groups")).isEmpty() ? QStringLiteral("all")
                                                                            : parser.value(QStringLiteral("groups"));
    if (!QStringList { QStringLiteral("all"), QStringLiteral("tp"), QStringLiteral("pp"), QStringLiteral("dp"),
            QStringLiteral("ep") }
             .contains(groups))
        return bad("unknown --groups " + inQuotes(groups.toStdString(), 16) + "; known: all, tp, pp, dp, ep");
    if (parser.isSet(QStringLiteral("groups")) && view != QLatin1String("topology"))
        return bad("--groups applies to --view topology only");
    if (parser.isSet(QStringLiteral("trace")) && parser.isSet(QStringLiteral("profile")))
        return bad("--trace and --profile: give one");
    for (const char* option : { "from", "to", "schedules", "trace" })
        if (parser.isSet(QString::fromLatin1(option)) && !gantt)
            return bad(std::string("--") + option + " applies to --view gantt only");
    if (parser.isSet(QStringLiteral("profile")) && !gantt && view != QLatin1String("topology"))
        return bad("--profile applies to --view gantt and topology only");
    double from = 0, to = 0;
    if (parser.isSet(QStringLiteral("from")) && !parseSeconds(parser.value(QStringLiteral("from")), &from))
        return bad("--from must be a time in seconds ≥ 0, got "
            + inQuotes(parser.value(QStringLiteral("from")).toStdString(), 32));
    if (parser.isSet(QStringLiteral("to")) && !parseSeconds(parser.value(QStringLiteral("to")), &to))
        return bad("--to must be a time in seconds ≥ 0, got "
            + inQuotes(parser.value(QStringLiteral("to")).toStdString(), 32));
    if (parser.isSet(QStringLiteral("from")) && parser.isSet(QStringLiteral("to")) && !(from < to))
        return bad("--from must be earlier than --to");

    const QString path = parser.positionalArguments().front();
    int code = kOk;
    std::optional<Plan> read = readPlanArgument(path, &code);
    if (!read)
        return code;
    const auto analysis = std::make_shared<const Analysis>(analyze(std::make_shared<const Plan>(std::move(*read))));
    const Plan& plan = *analysis->plan;
    const std::shared_ptr<const Evaluation>& ev = analysis->evaluation;
    if (!ev->valid) {
        printIssues(ev->errors, path.toStdString() + ": ");
        return kInvalid;
    }
    std::shared_ptr<const TraceRead> trace;
    if (parser.isSet(QStringLiteral("trace"))) {
        // A trace that cannot be read is an unreadable input file, as for the plan.
        auto read = readChromeTraceFile(parser.value(QStringLiteral("trace")).toStdString());
        if (!read) {
            std::cerr << "plait: " << validUtf8(parser.value(QStringLiteral("trace")).toStdString()) << ": "
                      << validUtf8(read.errorText()) << "\n";
            return kUsage;
        }
        printProblems(read.value().problems, "plait: trace: not drawn: ");
        trace = std::make_shared<const TraceRead>(std::move(read.value()));
    }
    QString traceName = QFileInfo(parser.value(QStringLiteral("trace"))).fileName();
    std::vector<MeasuredStage> traceStages;
    std::optional<ProfileFinding> finding;
    if (parser.isSet(QStringLiteral("profile"))) {
        Result<std::vector<RankProfile>> read
            = engine::readRankProfiles(engine::profileFiles(parser.values(QStringLiteral("profile"))));
        if (!read) {
            std::cerr << "plait: " << validUtf8(read.errorText()) << "\n";
            return kUsage;
        }
        const engine::LoadedProfile profile = engine::layOutProfile(std::move(read.value()), &plan);
        printProblems(profile.trace->problems, "warning: ");
        trace = profile.trace;
        traceStages = profile.stages;
        finding = profileFinding(profile.job, profile.places);
        traceName
            = QCoreApplication::translate("plait::app::FileOpener", "%n rank(s)", nullptr, int(profile.ranks.size()));
    }
    PictureOptions options;
    options.sized = parser.isSet(QStringLiteral("size"));
    options.groups = groups;
    if (gantt) {
        options.trace = trace;
        options.traceName = traceName;
        options.traceStages = traceStages;
    } else if (finding) { // the topology: what the profile found, and the slow GPU's node outlined
        options.caption = finding->text;
        if (finding->node >= 0)
            options.nodeFindings[finding->node] = finding->text;
        if (finding->gpu >= 0)
            options.gpuFindings[finding->gpu] = finding->text;
    }
    if (parser.isSet(QStringLiteral("schedules")) && !trace)
        options.schedules = std::make_shared<const std::vector<ScheduleStudy>>(studySchedules(plan));
    if (parser.isSet(QStringLiteral("from")))
        options.from = from;
    if (parser.isSet(QStringLiteral("to")))
        options.to = to;
    std::unique_ptr<QWidget> widget = pictureOf(view, analysis, size, options);
    QString error;
    if (!writePicture(widget.get(), parser.value(QStringLiteral("out")), &error)) {
        std::cerr << "plait: cannot write " << parser.value(QStringLiteral("out")).toStdString() << ": "
                  << error.toStdString() << "\n";
        return kUsage;
    }
    return kOk;
}

} // namespace plait::app
