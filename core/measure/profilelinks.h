#pragma once

#include "jobprofile.h"
#include "kinetoprofile.h"
#include "proberesults.h"
#include "rankclocks.h"

#include <vector>

namespace plait {

// The links a job's profile measured (issue 43 C), as nccl-tests sweeps the probe's calibration takes
// (planWithMeasuredLinks). Each all-reduce, all-gather, reduce-scatter and all-to-all every member of which was
// profiled is timed from its last member's arrival on the aligned clocks to its end: the transfer, the wait for that
// member left out (jobprofile.h). One whose members' ends are spread past a tenth of that is left out, as the clocks
// do not hold there. Its size is nccl-tests' S, the larger of Kineto's "In msg nelems" and "Out msg nelems" × "dtype"
// (an all-gather's gathered buffer); Nsight Systems' export records none, so it measures no link.
// A group whose members share one NVLink domain (ClusterSpec::domainOf) ran over the intra-node link; one across
// domains over the inter-node fabric, at the share of each node's NICs its members there have, as the cost model
// gives it (groups.cpp): a data-parallel group of one rank per node has an eighth of an 8-NIC node's rate. Sweeps
// are kept apart by link class, group size and members per node; per message size, the median time. `places` by rank
// number (rankPlaces).
struct ProfileLinkSweep {
    LinksResult links; // a sweep per collective kind timed, the group size, the nodes one group spans
    int collectives = 0; // all-reduces timed
    std::vector<std::pair<CollectiveKind, int>> calls; // collectives timed, per kind swept
    std::vector<int> gpus; // one of its groups' GPUs (RankPlace::gpu; −1 where the places do not say)
    int ranksPerNode = 0; // members of a group on each of its nodes (the fewest)
    double lineRateGBps = 0; // what its bus bandwidth is measured against
};
std::vector<ProfileLinkSweep> profileLinkSweeps(const std::vector<RankProfile>& ranks, const ClockAlignment& alignment,
    const std::vector<RankPlace>& places, const ClusterSpec& cluster);

} // namespace plait
