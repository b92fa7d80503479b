#pragma once

#include "ganttgeometry.h"
#include "ganttlayout.h"

#include <QString>

namespace plait::widgets {

// What a click or a tooltip says of an op (rich text): its name and kind, where it ran, when and how long, the bytes
// it moved; with two sections (predicted against measured), the same op in the other and the difference.
QString ganttOpDetails(
    const std::vector<GanttSection>& sections, const GanttGeometry& geometry, const GanttRow& row, int span);

} // namespace plait::widgets
