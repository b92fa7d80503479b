#pragma once

#include "error.h"
#include "plan.h"
#include "proberesults.h"

#include <string>
#include <vector>

namespace plait {

// A measured sweep (nccl-tests, plait-probe) held against what the plan's links lead one to expect: the cost
// model's time for the same collective, size and ranks over the links the ranks span (soloPath: the ranks alone on
// their nodes), as bus bandwidth.
struct FabricPoint {
    double bytes = 0;
    double measuredBusGBps = 0, expectedBusGBps = 0;
};
struct FabricOpCheck {
    CollectiveKind op = CollectiveKind::AllReduce;
    std::vector<FabricPoint> points;
    double largeRatio = 0; // measured over expected, the median of the sizes from 64 MiB (else the three largest)
    double largeFromBytes = 0, largeBytes = 0; // the smallest and the largest of those sizes
};
struct FabricCheck {
    int ranks = 0, hosts = 1;
    std::string link; // the catalog link the sweep is bound by, as the plan's cluster has it
    std::vector<FabricOpCheck> ops;
    std::vector<Warning> findings; // "fabric-slow", "fabric-faster", "fabric-ranks-per-host"
};
// Below 80% of the expectation is slow, above 115% the catalog understates the link.
inline constexpr double kFabricSlow = 0.8, kFabricFast = 1.15;
FabricCheck checkFabric(const LinksResult& measured, const ClusterSpec& cluster);

// Among the measurements of one collective over as many ranks and hosts as each other but other hosts (nccl-tests
// run node by node): those below 80% of their peers' median bus bandwidth at their largest common size. A slow
// NIC or a degraded NVLink shows up so.
struct FabricOutlier {
    std::size_t result = 0; // index into the measurements
    CollectiveKind op = CollectiveKind::AllReduce;
    std::vector<std::string> hosts;
    double busGBps = 0, peersGBps = 0, bytes = 0;
    int peers = 0; // measurements compared, this one included
    Warning finding; // "fabric-outlier"
};
std::vector<FabricOutlier> fabricOutliers(const std::vector<LinksResult>& measurements);

// The GPU a measurement names (nccl-tests prints each rank's device) when it is another model than `gpu` (its
// family, the catalog id's first part: A100, H100, GB200, MI300X), else empty. Such a measurement is compared with the
// plan's links but calibrates them only when the user says so (issue 40 C): an A100's NVLink is not an H100's.
std::string otherGpuMeasured(const LinksResult& measured, const GpuSpec& gpu);

} // namespace plait
