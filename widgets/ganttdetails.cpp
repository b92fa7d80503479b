#include "ganttdetails.h"

#include "text.h"
#include "timelinecompare.h"

#include "format.h"
#include "gantttheme.h"
#include "lanetext.h"
#include "timeaxis.h"

#include <QCoreApplication>
#include <QStringList>

namespace plait::widgets {

namespace {
// The stage a lane stands for, as the comparison counts it; −1 when it is not a compute lane.
int stageOfLane(const Timeline& t, const TimelineFigures& f, int lane)
{
    for (const auto& [stage, l] : computeLanesByStage(t, f))
        if (l == lane)
            return stage;
    return -1;
}
}

QString ganttOpDetails(
    const std::vector<GanttSection>& sections, const GanttGeometry& geometry, const GanttRow& row, int spanIndex)
{
    const Timeline& t = *sections[std::size_t(row.section)].timeline;
    const Lane& lane = t.lanes[std::size_t(row.lane)];
    const Span& s = lane.spans[std::size_t(spanIndex)];
    const QString name = s.name < t.names.size() ? QString::fromStdString(t.names[s.name]) : QString();
    QString text = QStringLiteral("<b>%1</b> — %2<br>").arg(name.toHtmlEscaped(), spanKindLabel(s.kind));
    QStringList where { laneText(lane.label, lane.name).toHtmlEscaped() };
    if (s.stage >= 0)
        where << QCoreApplication::translate("plait::widgets::GanttView", "stage %1").arg(s.stage);
    if (s.microBatch >= 0)
        where << QCoreApplication::translate("plait::widgets::GanttView", "micro-batch %1").arg(s.microBatch);
    if (s.chunk > 0)
        where << QCoreApplication::translate("plait::widgets::GanttView", "chunk %1").arg(s.chunk);
    text += where.join(QStringLiteral(" · ")) + QStringLiteral("<br>");
    text += QCoreApplication::translate("plait::widgets::GanttView", "start %1 · duration %2")
                .arg(formatDuration(s.start), formatDuration(s.duration()));
    if (s.bytes > 0)
        text += QStringLiteral("<br>")
            + QCoreApplication::translate("plait::widgets::GanttView", "%1 per transfer").arg(formatBytes(s.bytes));
    if (sections.size() != 2 || !sections[std::size_t(1 - row.section)].timeline)
        return text;
    // Aligned by op: the same op in the other timeline (predicted against measured).
    const int other = 1 - row.section;
    const Timeline& o = *sections[std::size_t(other)].timeline;
    const int stage
        = s.stage >= 0 ? s.stage : stageOfLane(t, geometry.section(std::size_t(row.section)).figures, row.lane);
    const Span* m = matchingOp(o, geometry.section(std::size_t(other)).figures, stage, s);
    if (!m)
        return text;
    const Span& first = row.section == 0 ? s : *m; // the first section is the reference
    const Span& second = row.section == 0 ? *m : s;
    auto label = [&](int i) {
        const std::string& src = sections[std::size_t(i)].timeline->source;
        return src.empty() ? QCoreApplication::translate("plait::widgets::GanttView", "section %1").arg(i + 1)
                           : QString::fromStdString(utf8Prefix(src, 40)).toHtmlEscaped();
    };
    const QString diff = first.duration() > 0
        ? QString::asprintf("%+.1f%%", 100 * (second.duration() / first.duration() - 1))
        : QStringLiteral("—");
    return text + QStringLiteral("<br>")
        + QCoreApplication::translate("plait::widgets::GanttView", "%1: %2, %3: %4 (%5)")
              .arg(label(0), formatDuration(first.duration()), label(1), formatDuration(second.duration()), diff);
}

} // namespace plait::widgets
