#include "nodetopology.h"

#include <algorithm>
#include <charconv>

namespace plait {

const char* pathName(PathKind p)
{
    switch (p) {
    case PathKind::Self:
        return "X";
    case PathKind::NvLink:
        return "NV";
    case PathKind::Pix:
        return "PIX";
    case PathKind::Pxb:
        return "PXB";
    case PathKind::Phb:
        return "PHB";
    case PathKind::Node:
        return "NODE";
    case PathKind::Sys:
        return "SYS";
    case PathKind::Unknown:
        return "?";
    }
    return "?";
}

PathKind pathFromName(std::string_view cell, int* nvlinks)
{
    *nvlinks = 0;
    if (cell == "X")
        return PathKind::Self;
    if (cell.size() > 2 && cell.substr(0, 2) == "NV") {
        int n = 0;
        const auto [end, ec] = std::from_chars(cell.data() + 2, cell.data() + cell.size(), n);
        if (ec == std::errc() && end == cell.data() + cell.size() && n > 0 && n <= 64) {
            *nvlinks = n;
            return PathKind::NvLink;
        }
        return PathKind::Unknown;
    }
    if (cell == "SOC") // drivers before about 2017 printed SOC where they now print SYS
        return PathKind::Sys;
    for (PathKind p : { PathKind::Pix, PathKind::Pxb, PathKind::Phb, PathKind::Node, PathKind::Sys })
        if (cell == pathName(p))
            return p;
    return PathKind::Unknown;
}

int NodeTopology::nvlinksPerGpu() const
{
    int most = 0;
    for (const auto& row : nvlinks)
        for (int n : row)
            most = std::max(most, n);
    return most;
}

} // namespace plait
