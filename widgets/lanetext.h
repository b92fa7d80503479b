#pragma once

#include "timeline.h"

#include <QString>
#include <string>

namespace plait::widgets {

// A lane or group heading in the user's language: Plait's own lanes by their label's code ("stage 3", "node 8",
// "activations 0→1", "measured"); a name from a trace (a PyTorch trace's thread names) as it is.
QString laneText(const LaneLabel& label, const std::string& name);

} // namespace plait::widgets
