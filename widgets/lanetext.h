#pragma once

#include <QString>
#include <string>

namespace plait::widgets {

// A lane or group heading in the user's language. Core names the lanes it makes in one fixed form ("stage 3",
// "stage 3 (H100)", "node 8", "act 0→1", "grad 1→0 (2→2)", "measured"), as traces carry them; those forms are
// translated, any other name (a PyTorch trace's thread names) is shown as it is.
QString laneText(const std::string& name);

} // namespace plait::widgets
