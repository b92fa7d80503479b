#pragma once

#include "timeaxis.h"
#include "timeline.h"

#include <vector>

namespace plait::widgets {

// Level of detail for one lane of a timeline (after Qt Creator's tracing painters and Tracy): spans become pixel
// runs. Spans that fall inside one run are folded into it with a count; touching spans merge while either is under
// 3 pixels wide (of different kinds, while both are; the block takes the colour of its widest member), wider ones
// stay apart so each keeps its label;
// every span's pixels [floor(x(start)), max(floor(x(start)) + 1, ceil(x(end)))) are covered by the runs, so no
// span is lost however far out the view is zoomed. Runs never overlap and come out left to right.

// The running maximum of span ends in start order: finds the first visible span by binary search even when spans
// nest, and lets the folding skip a pixel's worth of spans in one search.
struct LaneIndex {
    std::vector<double> maxEndUpTo;
};
LaneIndex indexLane(const std::vector<Span>& spans);

struct Run {
    int x0 = 0, x1 = 0; // pixels, [x0, x1)
    int first = 0; // index of the first span in the run
    int count = 0; // spans folded into it
    SpanKind kind = SpanKind::Other; // of the widest span looked at
};

// Appends the runs of the spans visible in `window` to `runs`. Pixels are clipped to [−2, width + 2].
void foldRuns(const std::vector<Span>& spans, const LaneIndex& index, const TimeWindow& window, std::vector<Run>& runs);

// The index of the span under time t, within `tolerance` seconds (the nearest wins), or −1.
int spanAt(const std::vector<Span>& spans, const LaneIndex& index, double t, double tolerance);

} // namespace plait::widgets
