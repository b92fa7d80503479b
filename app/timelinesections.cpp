#include "timelinesections.h"

#include "translatedtext.h"

#include "timelinecompare.h"

#include "numtext.h"
#include "text.h"

#include "format.h"
#include "timeaxis.h"

#include <QCoreApplication>
#include <cmath>

namespace plait::app {

namespace {
// Translation context for the texts of this file.
struct TimelineText {
    Q_DECLARE_TR_FUNCTIONS(TimelineText)
};

QString signedPercent(double fraction)
{
    return QString::fromStdString(signedPercentText(fraction));
}
}

TimelineContent predictedContent(const Analysis& analysis)
{
    TimelineContent c;
    const Evaluation& ev = *analysis.evaluation;
    if (!ev.valid || !analysis.timeline)
        return c;
    c.sections.push_back({ TimelineText::tr("Predicted: %1, step %2, bubble %3")
                               .arg(QString::fromLatin1(scheduleName(analysis.plan->parallel.schedule)),
                                   widgets::formatDuration(ev.stepS), widgets::formatPercent(ev.bubbleFraction)),
        analysis.timeline });
    return c;
}

TimelineContent scheduleContent(std::vector<ScheduleStudy> schedules)
{
    TimelineContent c;
    QString table = QStringLiteral("<table cellspacing=6><tr><th align=left>%1</th><th>%2</th><th>%3</th><th>%4</th>"
                                   "<th>%5</th><th>%6</th></tr>")
                        .arg(TimelineText::tr("schedule"), TimelineText::tr("step"), TimelineText::tr("bubble"),
                            TimelineText::tr("peak activations / GPU"), TimelineText::tr("chunks held"),
                            TimelineText::tr("peak memory / GPU"));
    for (ScheduleStudy& s : schedules) {
        QString name = QString::fromLatin1(scheduleName(s.schedule));
        if (s.schedule == Schedule::Interleaved && s.chunks > 1)
            name += QStringLiteral(" (v=%1)").arg(s.chunks);
        if (!s.valid) {
            table += QStringLiteral("<tr><td>%1</td><td colspan=5>%2</td></tr>")
                         .arg(name,
                             TimelineText::tr("cannot run this plan: %1")
                                 .arg(QString::fromStdString(s.problem).toHtmlEscaped()));
            continue;
        }
        table += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td><td align=right>%4</td>"
                                "<td align=right>%5</td><td align=right>%6</td></tr>")
                     .arg(name, widgets::formatDuration(s.stepS), widgets::formatPercent(s.bubbleFraction),
                         widgets::formatBytes(s.peakActivationBytes), QString::number(s.peakInFlight),
                         widgets::formatBytes(s.peakBytes));
        c.sections.push_back(
            { TimelineText::tr("%1: step %2, bubble %3, peak activations %4 per GPU")
                    .arg(name, widgets::formatDuration(s.stepS), widgets::formatPercent(s.bubbleFraction),
                        widgets::formatBytes(s.peakActivationBytes)),
                std::make_shared<const Timeline>(std::move(s.timeline)) });
    }
    c.figures = table + QStringLiteral("</table>");
    return c;
}

namespace {
// "1.20 s vs 0.96 s (+25%)", or one side where the other is not known; no percentage of under a microsecond.
QString besideText(double measuredS, double predictedS)
{
    const bool m = !std::isnan(measuredS), p = !std::isnan(predictedS);
    if (m && p)
        return TimelineText::tr("%1 vs %2").arg(widgets::formatDuration(measuredS), widgets::formatDuration(predictedS))
            + (predictedS >= 1e-6 ? QStringLiteral(" (%1)").arg(signedPercent(measuredS / predictedS - 1)) : QString());
    if (m)
        return TimelineText::tr("%1 vs —").arg(widgets::formatDuration(measuredS));
    return p ? TimelineText::tr("— vs %1").arg(widgets::formatDuration(predictedS)) : QStringLiteral("—");
}

// Where each stage's step went, measured beside predicted: one row per stage, a column per kernel class, the
// collectives (exposed part) and idle time.
QString breakdownTable(const PredictedBreakdown& predicted, const std::vector<MeasuredStage>& stages)
{
    const std::vector<BreakdownRow> rows = breakdownRows(predicted, stages);
    QString html = QStringLiteral("<br><b>%1</b>")
                       .arg(TimelineText::tr("Where the step went, measured vs predicted (the median rank of each "
                                             "stage; the prediction counts collectives and idle time on its busiest "
                                             "stage)"));
    html += QStringLiteral("<table cellspacing=6><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th>"
                           "<th>%6</th><th>%7</th></tr>")
                .arg(TimelineText::tr("stage"), TimelineText::tr("GEMM"), TimelineText::tr("attention"),
                    TimelineText::tr("other kernels"), TimelineText::tr("collectives exposed"),
                    TimelineText::tr("waiting for the last rank"), TimelineText::tr("idle"));
    for (std::size_t i = 0; i < rows.size();) {
        const int stage = rows[i].stage;
        QString gemm, attention, other, idle;
        double collectivesM = 0, collectivesP = 0, waitM = 0;
        for (; i < rows.size() && rows[i].stage == stage; ++i) {
            const BreakdownRow& r = rows[i];
            switch (r.kind) {
            case BreakdownClass::Gemm:
                gemm = besideText(r.measuredS, r.predictedS);
                break;
            case BreakdownClass::Attention:
                attention = besideText(r.measuredS, r.predictedS);
                break;
            case BreakdownClass::Other:
                other = besideText(r.measuredS, r.predictedS);
                break;
            case BreakdownClass::Collective:
                collectivesM += r.measuredExposedS; // NaN stays NaN: not known on that side
                collectivesP += r.predictedExposedS;
                waitM += r.measuredWaitS;
                break;
            case BreakdownClass::Idle:
                idle = besideText(r.measuredS, r.predictedS);
                break;
            }
        }
        html += QStringLiteral("<tr><td align=right>%1</td><td align=right>%2</td><td align=right>%3</td>"
                               "<td align=right>%4</td><td align=right>%5</td><td align=right>%6</td>"
                               "<td align=right>%7</td></tr>")
                    .arg(stage)
                    .arg(gemm, attention, other, besideText(collectivesM, collectivesP),
                        std::isnan(waitM) ? QStringLiteral("—") : widgets::formatDuration(waitM), idle);
    }
    return html + QStringLiteral("</table>");
}
}

TimelineContent comparisonContent(const Analysis& analysis, std::shared_ptr<const TraceRead> trace,
    const QString& traceName, const std::vector<MeasuredStage>& stages)
{
    TimelineContent c = predictedContent(analysis);
    if (!trace)
        return c;
    auto measured = std::shared_ptr<const Timeline>(trace, &trace->timeline);
    const TimelineFigures mf = timelineFigures(*measured);
    // What the trace calls itself, short enough for a heading (a hostile trace may carry a megabyte there).
    // Plait's own words for its traces are said in the reader's language; another tool's as they are.
    const QString source = measured->source.empty() ? TimelineText::tr("Trace")
        : measured->source == "measured"            ? TimelineText::tr("measured")
        : measured->source == "predicted"           ? TimelineText::tr("predicted")
                                                    : QString::fromStdString(utf8Prefix(measured->source, 40));
    c.sections.push_back(
        { TimelineText::tr("%1 (%2): step %3, bubble %4%5")
                .arg(source.left(1).toUpper() + source.mid(1), traceName, widgets::formatDuration(mf.stepS),
                    widgets::formatPercent(busiestStageBubble(*measured, mf)),
                    measured->stagesShareGpu ? TimelineText::tr(", stages shared one GPU") : QString()),
            measured });
    if (c.sections.size() < 2)
        return c;
    // A trace of another shape is drawn beside the prediction, but not aligned with it: say why.
    if (const std::vector<Message> shape = timelineShapeProblems(*c.sections[0].timeline, *measured); !shape.empty()) {
        QStringList why;
        for (const Message& m : shape)
            why << widgets::translatedText(m).toHtmlEscaped();
        c.figures = TimelineText::tr("<b>%1 not compared with the prediction</b>: %2. Open a trace of this plan, or "
                                     "change the plan to the one that ran.")
                        .arg(source.toHtmlEscaped(), why.join(QStringLiteral("; ")));
        if (!stages.empty() && analysis.breakdown)
            c.figures += breakdownTable(*analysis.breakdown, stages);
        return c;
    }
    const TimelineComparison cmp = compareTimelines(*c.sections[0].timeline, *measured);
    QString html = TimelineText::tr("<b>%1 against predicted</b>: step %2 vs %3 (%4), bubble %5 vs %6")
                       .arg(source.toHtmlEscaped(), widgets::formatDuration(cmp.measuredStepS),
                           widgets::formatDuration(cmp.predictedStepS),
                           cmp.predictedStepS > 0 ? signedPercent(cmp.measuredStepS / cmp.predictedStepS - 1)
                                                  : QStringLiteral("—"),
                           widgets::formatPercent(cmp.measuredBubble), widgets::formatPercent(cmp.predictedBubble));
    if (cmp.matchedOps > 0)
        html += TimelineText::tr("; %1 ops aligned, mean |difference| %2")
                    .arg(cmp.matchedOps)
                    .arg(widgets::formatPercent(cmp.meanAbsOpError));
    html += QStringLiteral("<table cellspacing=6><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th></tr>")
                .arg(TimelineText::tr("stage"), TimelineText::tr("busy predicted"), TimelineText::tr("busy measured"),
                    TimelineText::tr("bubble predicted"), TimelineText::tr("bubble measured"));
    for (const StageComparison& s : cmp.stages) {
        const bool has = s.measuredLane >= 0;
        html += QStringLiteral("<tr><td align=right>%1</td><td align=right>%2</td><td align=right>%3</td>"
                               "<td align=right>%4</td><td align=right>%5</td></tr>")
                    .arg(s.stage)
                    .arg(widgets::formatDuration(s.predictedBusyS),
                        has ? widgets::formatDuration(s.measuredBusyS) : TimelineText::tr("not in trace"),
                        widgets::formatPercent(s.predictedBubble),
                        has ? widgets::formatPercent(s.measuredBubble) : QStringLiteral("—"));
    }
    html += QStringLiteral("</table>");
    if (!stages.empty() && analysis.breakdown)
        html += breakdownTable(*analysis.breakdown, stages);
    c.figures = html;
    return c;
}

} // namespace plait::app
