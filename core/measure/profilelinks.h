#pragma once

#include "jobprofile.h"
#include "kinetoprofile.h"
#include "proberesults.h"
#include "rankclocks.h"

#include <vector>

namespace plait {

// The links a job's profile measured (issue 43 C), as nccl-tests sweeps the probe's calibration takes
// (planWithMeasuredLinks). Each all-reduce every member of which was profiled is timed from its last member's arrival
// on the aligned clocks to its end: the transfer, the wait for that member left out (jobprofile.h); one whose members'
// ends are spread past a tenth of that is left out, as the clocks do not hold there. Its size is
// Kineto's "In msg nelems" × "dtype"; Nsight Systems' export records none, so it measures no link. A group inside one
// node of the plan ran over the intra-node link, one over several nodes over the inter-node fabric. Per class, the
// group size most all-reduces had, and per message size the median time. `places` by rank number (rankPlaces).
struct ProfileLinkSweep {
    LinksResult links; // its all-reduce sweep, the group size, the nodes it spans
    int collectives = 0; // all-reduces timed
};
std::vector<ProfileLinkSweep> profileLinkSweeps(
    const std::vector<RankProfile>& ranks, const ClockAlignment& alignment, const std::vector<RankPlace>& places);

} // namespace plait
