#pragma once
// Framework launch configurations on disk: read (with a size limit, the format from the content where not given)
// over a base plan, and written atomically.
#include "launchconfig.h"

#include <QString>
#include <optional>

namespace plait::engine {

// Launch configurations are small: a larger file is refused before it is read.
inline constexpr qint64 kMaxLaunchFileBytes = 4 * 1024 * 1024;

// The file's configuration over `base`; without `format`, the format is detected from the content
// (detectLaunchFormat), and a file that is none of them is refused naming the three.
// keepCluster: importMegatronArgs's.
Result<ImportedPlan> importLaunchFile(
    const QString& path, std::optional<LaunchFormat> format, const Plan& base, bool keepCluster = false);

} // namespace plait::engine
