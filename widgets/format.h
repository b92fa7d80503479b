#pragma once

#include <QString>

namespace plait::widgets {

// Number formatting shared by the views, in the user's locale.
QString formatSeconds(double s);
QString formatBytes(double bytes); // GiB / MiB
QString formatPercent(double fraction);
QString formatNumber(double x, int significant = 3);

} // namespace plait::widgets
