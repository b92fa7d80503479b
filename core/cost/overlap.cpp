#include "overlap.h"

#include <algorithm>

namespace plait {

double overlapSlowdown(const GpuSpec& gpu)
{
    return gpu.overlapSlowdown > 0 ? gpu.overlapSlowdown : kPublishedOverlapSlowdown;
}

double overlapCost(double comm, double window, double slowdown)
{
    if (!(comm > 0))
        return 0;
    window = std::max(0.0, window);
    return std::max(0.0, comm - window) + slowdown * std::min(comm, window);
}

} // namespace plait
