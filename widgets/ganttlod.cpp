#include "ganttlod.h"

#include <algorithm>
#include <cmath>

namespace plait::widgets {

LaneIndex indexLane(const std::vector<Span>& spans)
{
    LaneIndex index;
    index.maxEndUpTo.resize(spans.size());
    double m = -INFINITY;
    for (std::size_t i = 0; i < spans.size(); ++i) {
        m = std::max(m, spans[i].end);
        index.maxEndUpTo[i] = m;
    }
    return index;
}

namespace {
int pixel(double x, double width)
{
    return int(std::clamp(x, -2.0, width + 2.0));
}
}

void foldRuns(const std::vector<Span>& spans, const LaneIndex& index, const TimeWindow& window, std::vector<Run>& runs)
{
    const auto& maxEnd = index.maxEndUpTo;
    const std::size_t n = spans.size();
    // First span that may be visible: the first whose running maximum end passes the window's start.
    std::size_t i = std::size_t(std::upper_bound(maxEnd.begin(), maxEnd.end(), window.start) - maxEnd.begin());
    const double scale = window.width / window.span();
    Run cur;
    bool open = false;
    double widest = 0;
    auto close = [&] {
        if (open)
            runs.push_back(cur);
        open = false;
    };
    for (; i < n && spans[i].start < window.end; ++i) {
        const Span& s = spans[i];
        if (s.end < window.start)
            continue; // an earlier span ends late; this one is off screen
        const int x0 = pixel(std::floor((s.start - window.start) * scale), window.width);
        const int x1 = std::max(x0 + 1, pixel(std::ceil((s.end - window.start) * scale), window.width));
        const double d = s.duration();
        if (open && x1 <= cur.x1) {
            ++cur.count; // inside the run
            if (d > widest) {
                widest = d;
                cur.kind = s.kind;
            }
        } else if (open && x0 <= cur.x1) { // overlaps or touches the run, and reaches past it
            const bool tiny = x1 - x0 < 3, runTiny = cur.x1 - cur.x0 < 3;
            if ((s.kind == cur.kind && (tiny || runTiny)) || cur.count == 0 || (tiny && runTiny)) {
                // Folded: touching spans under 3 px become one block, coloured by its widest member (Tracy).
                cur.x1 = x1;
                ++cur.count;
                if (d > widest) {
                    widest = d;
                    cur.kind = s.kind;
                }
            } else { // its own run, from where the last one ends
                const int edge = cur.x1;
                close();
                cur = { edge, x1, int(i), 1, s.kind };
                open = true;
                widest = d;
            }
        } else {
            close();
            cur = { x0, x1, int(i), 1, s.kind };
            open = true;
            widest = d;
        }
        // Skip, in one search, the spans that start and end inside the run: those whose running maximum end
        // stays before the run's right edge.
        if (i + 8 < n && spans[i + 1].start < window.end) {
            const double edgeTime = window.start + double(cur.x1) / scale;
            const auto from = maxEnd.begin() + std::ptrdiff_t(i) + 1;
            const std::size_t k = std::size_t(std::upper_bound(from, maxEnd.end(), edgeTime) - maxEnd.begin());
            // spans (i, k) end by edgeTime and start at or after spans[i].start: all inside the run
            if (k > i + 1) {
                const std::size_t stop = std::min(k,
                    std::size_t(
                        std::lower_bound(spans.begin() + std::ptrdiff_t(i) + 1, spans.begin() + std::ptrdiff_t(k),
                            window.end, [](const Span& a, double t) { return a.start < t; })
                        - spans.begin()));
                cur.count += int(stop - i - 1);
                i = stop - 1;
            }
        }
    }
    close();
}

int spanAt(const std::vector<Span>& spans, const LaneIndex& index, double t, double tolerance)
{
    const auto& maxEnd = index.maxEndUpTo;
    std::size_t i = std::size_t(std::upper_bound(maxEnd.begin(), maxEnd.end(), t - tolerance) - maxEnd.begin());
    int best = -1;
    double bestDistance = INFINITY;
    for (int looked = 0; i < spans.size() && spans[i].start <= t + tolerance && looked < 100000; ++i, ++looked) {
        const Span& s = spans[i];
        const double distance = t < s.start ? s.start - t : t > s.end ? t - s.end : 0;
        // Inside several (nested) spans: the shortest is the one drawn on top.
        if (distance < bestDistance
            || (distance == 0 && bestDistance == 0 && s.duration() < spans[std::size_t(best)].duration())) {
            bestDistance = distance;
            best = int(i);
        }
    }
    return bestDistance <= tolerance ? best : -1;
}

} // namespace plait::widgets
