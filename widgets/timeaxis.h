#pragma once

#include <QString>
#include <vector>

namespace plait::widgets {

// The visible stretch of a timeline mapped onto `width` pixels: x = (t − start) · width / (end − start).
// Contract: end > start and width > 0 (the functions that make windows keep it).
struct TimeWindow {
    double start = 0, end = 1; // seconds
    double width = 1; // pixels

    double span() const { return end - start; }
    double toX(double t) const { return (t - start) * width / span(); }
    double toTime(double x) const { return start + x * span() / width; }
    double secondsPerPixel() const { return span() / width; }

    // Zoom by `factor` (> 1 zooms in) keeping the time under pixel `anchorX` in place.
    TimeWindow zoomed(double factor, double anchorX) const;
    // Move by `dx` pixels (positive shows later times).
    TimeWindow panned(double dx) const;
    // Keep the window inside [lo, hi] (with a margin of a twentieth) and no narrower than `minSpan` seconds.
    TimeWindow clamped(double lo, double hi, double minSpan = 1e-9) const;
};

// A ruler tick: majors carry a label. Steps are 1, 2 or 5 × 10^k seconds, the first that leaves
// `minLabelSpacing` pixels between labels; minor ticks divide a step in five (or two for a 2-step).
struct Tick {
    double time = 0;
    bool major = false;
    QString label;
};
std::vector<Tick> timeTicks(const TimeWindow& window, double minLabelSpacing = 80);

// A duration in the unit that suits it: "850 ns", "12.5 µs", "3.2 ms", "1.25 s".
QString formatDuration(double seconds);

} // namespace plait::widgets
