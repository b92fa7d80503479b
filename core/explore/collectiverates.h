#pragma once
// A collective's rate on a link as a multiple of the bandwidth the cost model gives it there
// (LinkSpec::collectiveRates), fitted from its timed sizes: a job profile's all-gathers, reduce-scatters and
// all-to-alls (profilecalibration.h), or a probe's or nccl-tests' sweeps of them (planWithMeasuredCollectives).
#include "messagetext.h"
#include "plan.h"
#include "proberesults.h"
#include "profilelinks.h"

#include <optional>
#include <string>
#include <vector>

namespace plait {

// A collective other than all-reduce timed over a link class: its rate as a multiple of the bandwidth the model
// gives it there, fitted so that the model's times of the timed sizes add up to the measured ones. Times are summed
// over the sizes of 1 MiB and more (each size's median call).
struct ProfileCollectiveRate {
    CollectiveKind kind = CollectiveKind::AllGather;
    std::string link; // the plan's link that bounds it, which takes the rate
    int calls = 0; // timed, all sizes: a profile's calls, or a sweep's sizes (`swept`)
    bool swept = false; // measured by a probe's or nccl-tests' sweep, one timing per size
    double largestBytes = 0, busBwGBps = 0; // the largest message, and its transfer's bus bandwidth
    double measuredS = 0, predictedBeforeS = 0, predictedAfterS = 0;
    double before = 1, after = 1;
    bool applied = false;
    Message note; // why it was not applied
};

// `op`'s rate over the link that bounds it on the path of the sweep's group, fitted on `p` (whose link takes it,
// `source` naming what measured it). `alone`: the group ran with nothing beside it (a probe's or nccl-tests' sweep),
// so its path is the group's alone on the cluster; else (a job's profile) the plan's own group of those GPUs, sharing
// its NICs with the groups beside it. A rate outside a twentieth to twenty times the model's, a bus bandwidth past
// the sweep's line rate (an all-to-all across nodes aside), an unplaced group or a largest call under 1 MiB is
// refused and named.
ProfileCollectiveRate collectiveRateOf(
    Plan& p, const ProfileLinkSweep& sweep, const OpSweep& op, const std::string& source, bool alone);

// The GPUs a measurement over `ranks` ranks on `hosts` hosts ran on, on the plan's cluster: the first `hosts` nodes,
// ranks / hosts GPUs from the first of each (mpirun and srun give ranks to hosts in order, and a probe takes the
// devices it is given from the first). Empty where the cluster has not that many, or the ranks do not divide.
std::vector<int> measuredGpus(const ClusterSpec& cluster, int ranks, int hosts);

// Whether the measurement's all-reduce sweep reaches 1 MiB and yet did not recalibrate the link
// (planWithMeasuredLinks, `recalibrated` its outcome): it found the link below 1% of its line rate, broken, not slow
// (the fabric check names it).
bool brokenLink(const LinksResult& links, bool recalibrated);

// `kind`'s rate from a probe's or nccl-tests' sweep of it in `links`, fitted on `p` (collectiveRateOf, alone, over
// measuredGpus), its source `source` and the sweep's name.
ProfileCollectiveRate measuredCollectiveRate(
    Plan& p, const LinksResult& links, CollectiveKind kind, const std::string& source);

// A probe's or nccl-tests' measurement of a link applied to the plan: its all-reduce sweep recalibrates the link
// (planWithMeasuredLinks; without one, the link keeps its efficiency), then each all-gather, reduce-scatter and
// all-to-all sweep sets that collective's rate on the link that bounds it, over the path of the measured GPUs alone
// (none where the all-reduce found the link broken).
struct MeasuredCollectives {
    std::optional<Plan> plan; // null where nothing applied
    std::vector<ProfileCollectiveRate> kinds; // one per swept collective other than all-reduce
};
MeasuredCollectives planWithMeasuredCollectives(const Plan& plan, const LinksResult& links, const std::string& source);

} // namespace plait
