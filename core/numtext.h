#pragma once

#include <cstdio>
#include <string>

namespace plait {

// A number as text with a printf format, for the reports and formulas core writes.
inline std::string numText(double x, const char* format = "%.4g")
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, x);
    return buf;
}

} // namespace plait
