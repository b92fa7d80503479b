#include "lanetext.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace plait::widgets {

namespace {
struct LaneText {
    Q_DECLARE_TR_FUNCTIONS(LaneText)
};
}

QString laneText(const std::string& name)
{
    const QString text = QString::fromStdString(name);
    static const QRegularExpression stage(QStringLiteral("^stage (\\d+)(.*)$"));
    static const QRegularExpression node(QStringLiteral("^node (\\d+)$"));
    static const QRegularExpression transfer(QStringLiteral("^(act|grad) (\\d+→\\d+.*)$"));
    if (const auto m = stage.match(text); m.hasMatch())
        return LaneText::tr("stage %1%2").arg(m.captured(1), m.captured(2));
    if (const auto m = node.match(text); m.hasMatch())
        return LaneText::tr("node %1").arg(m.captured(1));
    if (const auto m = transfer.match(text); m.hasMatch())
        return (m.captured(1) == QLatin1String("act") ? LaneText::tr("activations %1") : LaneText::tr("gradients %1"))
            .arg(m.captured(2));
    if (text == QLatin1String("measured"))
        return LaneText::tr("measured");
    return text;
}

} // namespace plait::widgets
