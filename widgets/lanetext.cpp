#include "lanetext.h"

#include <QCoreApplication>

namespace plait::widgets {

namespace {
struct LaneText {
    Q_DECLARE_TR_FUNCTIONS(LaneText)
};
}

QString laneText(const LaneLabel& label, const std::string& name)
{
    const QString detail = QString::fromStdString(label.detail);
    switch (label.kind) {
    case LaneLabel::Kind::Stage:
        return label.detail.empty() ? LaneText::tr("stage %1").arg(label.index)
                                    : LaneText::tr("stage %1 (%2)").arg(label.index).arg(detail);
    case LaneLabel::Kind::Node:
        return LaneText::tr("node %1").arg(label.index);
    case LaneLabel::Kind::Activations:
        return LaneText::tr("activations %1").arg(detail);
    case LaneLabel::Kind::Gradients:
        return LaneText::tr("gradients %1").arg(detail);
    case LaneLabel::Kind::Measured:
        return LaneText::tr("measured");
    case LaneLabel::Kind::Rank:
        return label.detail.empty() ? LaneText::tr("rank %1").arg(label.index)
                                    : LaneText::tr("rank %1 · node %2").arg(label.index).arg(detail);
    case LaneLabel::Kind::Text:
        break;
    }
    return QString::fromStdString(name);
}

} // namespace plait::widgets
