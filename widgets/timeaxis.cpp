#include "timeaxis.h"

#include <algorithm>
#include <cmath>

namespace plait::widgets {

TimeWindow TimeWindow::zoomed(double factor, double anchorX) const
{
    const double anchor = toTime(anchorX);
    TimeWindow w = *this;
    w.start = anchor - (anchor - start) / factor;
    w.end = anchor + (end - anchor) / factor;
    return w;
}

TimeWindow TimeWindow::panned(double dx) const
{
    const double dt = dx * secondsPerPixel();
    TimeWindow w = *this;
    w.start += dt;
    w.end += dt;
    return w;
}

TimeWindow TimeWindow::clamped(double lo, double hi, double minSpan) const
{
    TimeWindow w = *this;
    const double margin = (hi - lo) / 20;
    lo -= margin;
    hi += margin;
    const double fullSpan = std::max(hi - lo, minSpan);
    double s = std::clamp(w.span(), minSpan, fullSpan);
    if (!(s > 0))
        s = fullSpan > 0 ? fullSpan : 1;
    const double centre = std::isfinite(w.start + w.end) ? (w.start + w.end) / 2 : (lo + hi) / 2;
    w.start = centre - s / 2;
    w.end = centre + s / 2;
    if (w.start < lo) {
        w.start = lo;
        w.end = lo + s;
    }
    if (w.end > hi && hi - s >= lo) {
        w.end = hi;
        w.start = hi - s;
    }
    if (!(w.width > 0))
        w.width = 1;
    return w;
}

namespace {
struct Unit {
    double seconds;
    const char* name;
};
Unit unitFor(double seconds)
{
    const double a = std::abs(seconds);
    if (a < 1e-6)
        return { 1e-9, "ns" };
    if (a < 1e-3)
        return { 1e-6, "µs" };
    if (a < 1)
        return { 1e-3, "ms" };
    return { 1, "s" };
}
QString withUnit(double seconds, const Unit& u, int decimals)
{
    return QString::number(seconds / u.seconds, 'f', decimals) + QChar(0x202F) + QString::fromUtf8(u.name);
}
}

std::vector<Tick> timeTicks(const TimeWindow& window, double minLabelSpacing)
{
    std::vector<Tick> ticks;
    if (!(window.span() > 0) || !(window.width > 0))
        return ticks;
    const double minStep = minLabelSpacing * window.secondsPerPixel();
    double step = std::pow(10.0, std::floor(std::log10(minStep)));
    int mult = 1;
    for (int m : { 1, 2, 5, 10 })
        if (step * m >= minStep) {
            mult = m;
            break;
        }
    if (mult == 10) {
        step *= 10;
        mult = 1;
    }
    const double major = step * mult;
    const int minorCount = mult == 2 ? 2 : 5;
    const double minor = major / minorCount;
    // Labels in the unit of the step, with the decimals the step needs.
    const Unit u = unitFor(major);
    const double inUnit = major / u.seconds;
    const int decimals = std::max(0, int(std::ceil(-std::log10(inUnit) - 1e-9)));
    const long long first = (long long)std::floor(window.start / minor);
    const long long last = (long long)std::ceil(window.end / minor);
    if (last - first > 10000)
        return ticks;
    for (long long i = first; i <= last; ++i) {
        const double t = double(i) * minor;
        if (t < window.start || t > window.end)
            continue;
        const bool isMajor = i % minorCount == 0;
        ticks.push_back({ t, isMajor, isMajor ? withUnit(std::abs(t) < minor / 2 ? 0.0 : t, u, decimals) : QString() });
    }
    return ticks;
}

QString formatDuration(double seconds)
{
    if (!std::isfinite(seconds))
        return QStringLiteral("—");
    if (seconds == 0)
        return QStringLiteral("0");
    const Unit u = unitFor(seconds);
    const double v = std::abs(seconds / u.seconds);
    const int decimals = v >= 100 ? 0 : v >= 10 ? 1 : 2;
    return withUnit(seconds, u, decimals);
}

} // namespace plait::widgets
