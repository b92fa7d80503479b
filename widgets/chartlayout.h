#pragma once

class QCustomPlot;
class QString;

namespace plait::widgets {

// The layout the charts share: a bold title row, then the legend in its own row under it (so it never covers a
// bar, wrapped after `legendColumns` entries), no zero lines.
void layOutChart(QCustomPlot* plot, const QString& title, int legendColumns);

} // namespace plait::widgets
