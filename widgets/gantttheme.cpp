#include "gantttheme.h"

#include "palette.h"

#include <QCoreApplication>

namespace plait::widgets {

const GanttTheme& ganttTheme()
{
    static const GanttTheme theme;
    return theme;
}

QColor spanColor(SpanKind k)
{
    switch (k) {
    case SpanKind::Forward:
        return okabeIto::blue;
    case SpanKind::BackwardInput:
        return okabeIto::bluishGreen;
    case SpanKind::BackwardWeight:
        return okabeIto::yellow;
    case SpanKind::Recompute:
        return okabeIto::reddishPurple;
    case SpanKind::SendRecv:
        return okabeIto::skyBlue;
    case SpanKind::Collective:
        return okabeIto::vermillion;
    case SpanKind::Optimizer:
        return okabeIto::orange;
    case SpanKind::Other:
        break;
    }
    return { 0x88, 0x88, 0x88 };
}

bool darkLabelOn(SpanKind k)
{
    return k == SpanKind::BackwardWeight || k == SpanKind::SendRecv || k == SpanKind::Optimizer;
}

QString spanKindLabel(SpanKind k)
{
    // The Gantt's own context, where the translations have always been.
    switch (k) {
    case SpanKind::Forward:
        return QCoreApplication::translate("plait::widgets::GanttView", "forward");
    case SpanKind::BackwardInput:
        return QCoreApplication::translate("plait::widgets::GanttView", "backward");
    case SpanKind::BackwardWeight:
        return QCoreApplication::translate("plait::widgets::GanttView", "weight grad");
    case SpanKind::Recompute:
        return QCoreApplication::translate("plait::widgets::GanttView", "recompute");
    case SpanKind::SendRecv:
        return QCoreApplication::translate("plait::widgets::GanttView", "send/recv");
    case SpanKind::Collective:
        return QCoreApplication::translate("plait::widgets::GanttView", "collective");
    case SpanKind::Optimizer:
        return QCoreApplication::translate("plait::widgets::GanttView", "optimizer");
    case SpanKind::Other:
        break;
    }
    return QCoreApplication::translate("plait::widgets::GanttView", "other");
}

} // namespace plait::widgets
