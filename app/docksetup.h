#pragma once

#include <QString>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace plait::app {

// The views around the topology, as the window shows them.
struct DockViews {
    QWidget *summary, *editor, *advice, *lessons, *memory, *comm, *calibration, *timeline, *suggest;
};
// Their docks, kept by the window instead of looked up by name.
struct Docks {
    QDockWidget *summary, *editor, *advice, *lessons, *memory, *comm, *calibration, *timeline, *suggest;
    // The dock a lesson step may point at ("memory", "comm", "timeline", "summary"); null for the topology.
    QDockWidget* named(const QString& view) const;
};

// The default layout (after hotspot's dockwidgetsetup): the summary on top; the plan with advice and lessons
// tabbed on the left; memory, then communication with calibration tabbed on the right, at full height; the
// timeline with the search tabbed under the plan and the topology. Default sizes are applied once the window has
// its size, unless `restored` says a saved layout has replaced them by then.
Docks setUpDocks(QMainWindow* window, const DockViews& views, const bool* restored);

} // namespace plait::app
