#pragma once

#include "collectiverates.h"
#include "fabriccheck.h"
#include "nccltests.h"

#include <QStringList>
#include <map>

namespace plait::engine {

// Files of measured links, read together: nccl-tests logs (text or -J JSON, any mix) from one node or many. Each
// set of devices is one measurement, its source naming the program, the file and the hosts; the outliers are
// judged across all of them.
struct MeasuredLinks {
    std::vector<LinksResult> measurements;
    std::vector<FabricOutlier> outliers;
    std::vector<std::string> notes; // what the files hold that Plait does not use
};
// A file that cannot be read, is over 64 MiB or breaks its table is an error naming the file and its line.
Result<MeasuredLinks> readMeasuredLinks(const QStringList& paths);

// The measurement to calibrate each of the plan's links with, per collective: for the in-node link the one over the
// most ranks on one host, for the inter-node link the one over the most hosts; among equals, the median by that
// collective's large-message bus bandwidth (so an outlier node does not set the rate). The all-reduce's sets the
// link's efficiency; an all-gather's, reduce-scatter's or all-to-all's that collective's rate (nccl-tests writes one
// log per collective, so each may come from a file of its own). Null or absent where none measured it.
struct LinkChoice {
    const LinksResult* intraNode = nullptr;
    const LinksResult* interNode = nullptr;
    std::vector<std::pair<CollectiveKind, const LinksResult*>> intraRates, interRates;
};
// With `planGpu`, measurements made on another GPU model (otherGpuMeasured) are left out.
LinkChoice linksToApply(const MeasuredLinks& links, const GpuSpec* planGpu = nullptr);
// What the measurements say against a cluster, by node: the fabric check's slow links (on the nodes of the hosts
// the measurement ran on) and the outliers (on their hosts' nodes). Hosts are the cluster's nodes in the order they
// first appear in the measurements, as mpirun and srun give ranks to hosts in order; hosts beyond the cluster's
// nodes are left out.
std::map<int, std::vector<Warning>> nodeFindings(const MeasuredLinks& links, const ClusterSpec& cluster);

// The plan with those links calibrated: first each link's efficiency from its all-reduce (planWithMeasuredLinks), then
// each other collective's rate on the link so recalibrated (measuredCollectiveRate; none on a link found broken), each
// with its source; unchanged where none applies. `kinds`, where given, gets each collective rate fitted, applied or
// not.
Plan planWithLinks(const Plan& plan, const LinkChoice& choice, std::vector<ProfileCollectiveRate>* kinds = nullptr);

} // namespace plait::engine
