#pragma once

#include "jobprofile.h"
#include "kinetoprofile.h"
#include "proberesults.h"
#include "rankclocks.h"

#include <vector>

namespace plait {

// The links a job's profile measured (issue 43 C), as nccl-tests sweeps the probe's calibration takes
// (planWithMeasuredLinks). Each all-reduce every member of which was profiled is timed from its last member's arrival
// on the aligned clocks to its end: the transfer, the wait for that member left out (jobprofile.h). One whose members'
// ends are spread past a tenth of that is left out, as the clocks do not hold there. Its size is Kineto's
// "In msg nelems" × "dtype"; Nsight Systems' export records none, so it measures no link.
// A group whose members share one NVLink domain (ClusterSpec::domainOf) ran over the intra-node link; one across
// domains over the inter-node fabric, at the share of each node's NICs its members there have, as the cost model
// gives it (groups.cpp): a data-parallel group of one rank per node has an eighth of an 8-NIC node's rate. Sweeps
// are kept apart by link class, group size and members per node; per message size, the median time. `places` by rank
// number (rankPlaces).
struct ProfileLinkSweep {
    LinksResult links; // its all-reduce sweep, the group size, the nodes one group spans
    int collectives = 0; // all-reduces timed
    int ranksPerNode = 0; // members of a group on each of its nodes (the fewest)
    double lineRateGBps = 0; // what its bus bandwidth is measured against
};
std::vector<ProfileLinkSweep> profileLinkSweeps(const std::vector<RankProfile>& ranks, const ClockAlignment& alignment,
    const std::vector<RankPlace>& places, const ClusterSpec& cluster);

} // namespace plait
