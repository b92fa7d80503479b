#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

namespace plait {

std::string groupedText(double x);

// A number as text with a printf format, for the reports and formulas core writes. A %g number too large for its
// digits is written whole with its thousands grouped ("45,812", not "4.58e+04"): people read those.
inline std::string numText(double x, const char* format = "%.4g")
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, x);
    const std::string_view f(format);
    if (!f.empty() && f.back() == 'g' && std::string_view(buf).find("e+") != std::string_view::npos)
        return groupedText(x);
    return buf;
}

// A count for people: rounded to a whole number, thousands grouped with commas ("112,064").
inline std::string groupedText(double x)
{
    const std::string digits = numText(x < 0 ? -x : x, "%.0f");
    std::string out = x < 0 && digits != "0" ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

// A duration in seconds for people: 3 significant digits in the unit that suits it ("6.37 s", "850 ms", "12.4 µs").
inline std::string secondsText(double s)
{
    const double a = s < 0 ? -s : s;
    if (a >= 1 || a == 0)
        return numText(s, "%.3g") + " s";
    if (a >= 1e-3)
        return numText(1e3 * s, "%.3g") + " ms";
    return numText(1e6 * s, "%.3g") + " µs";
}

// A relative difference as a signed percentage at one decimal: "+9.7%", "-15.0%", and "±0.0%" where it rounds to
// nothing (so no "-0.0%").
inline std::string signedPercentText(double fraction)
{
    if (std::abs(fraction) < 5e-4)
        return "±0.0%";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", 100 * fraction);
    return buf;
}

// A size in bytes for people, in binary units: "8 GiB", "512 KiB", "1.5 MiB".
inline std::string bytesText(double b)
{
    const char* units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
    int u = 0;
    while (b >= 1024 && u < 4) {
        b /= 1024;
        ++u;
    }
    return numText(b, "%.4g") + " " + units[u];
}

// A size in GiB at a fixed number of decimals, for figures compared side by side: "79.3 GiB" (decimals 1).
inline std::string gibText(double bytes, int decimals)
{
    const char* formats[] = { "%.0f", "%.1f", "%.2f", "%.3f" };
    return numText(bytes / double(1ull << 30), formats[decimals < 0 ? 0 : decimals > 3 ? 3 : decimals]) + " GiB";
}

} // namespace plait
