#pragma once

#include "catalog.h"
#include "namedvalues.h"

#include <optional>
#include <string>
#include <string_view>

namespace plait {

enum class CollectiveKind { AllReduce, AllGather, ReduceScatter, AllToAll, SendRecv };
// As the probe contract names them.
inline constexpr NamedValue<CollectiveKind> kCollectiveNames[] = { { CollectiveKind::AllReduce, "all-reduce" },
    { CollectiveKind::AllGather, "all-gather" }, { CollectiveKind::ReduceScatter, "reduce-scatter" },
    { CollectiveKind::AllToAll, "all-to-all" }, { CollectiveKind::SendRecv, "send-recv" } };
enum class Algorithm { Ring, Tree, Nvls, Direct };
inline constexpr NamedValue<Algorithm> kAlgorithmNames[] = { { Algorithm::Ring, "ring" }, { Algorithm::Tree, "tree" },
    { Algorithm::Nvls, "nvls" }, { Algorithm::Direct, "direct" } };

inline const char* collectiveName(CollectiveKind k)
{
    return nameIn(kCollectiveNames, k);
}
inline std::optional<CollectiveKind> collectiveFromName(std::string_view name)
{
    return valueIn(kCollectiveNames, name);
}
inline const char* algorithmName(Algorithm a)
{
    return nameIn(kAlgorithmNames, a);
}

// The family of a collective as a profile names it ("allreduce", "_allgather_base",
// "reduce_scatter_tensor_coalesced", "all_to_all", "send", NCCL's "ncclDevKernel_AllGather_…"); none for a
// broadcast, a reduce, a barrier.
std::optional<CollectiveKind> collectiveKindOfName(std::string_view name);

// nccl-tests' bus-bandwidth factor (doc/PERFORMANCE.md): busbw = algbw × factor.
double busBandwidthFactor(CollectiveKind k, int ranks);

// The links one group's collective runs over, already reduced to what one GPU gets.
struct GroupPath {
    int ranks = 1;
    int nodes = 1; // nodes the group spans
    double alphaS = 0; // latency of one algorithm step on the slowest link crossed
    double busGBps = 0; // bandwidth per GPU per direction on the bottleneck, after sharing and efficiency
    double nvlsAlgGBps = 0; // NVLink SHARP algorithm bandwidth when the whole group is inside one NVLS domain
    // Across nodes: the fewest members the group has on one node, and each GPU's share of its node's NICs (after
    // sharing and efficiency). An all-to-all sends most of its bytes to other nodes through them, whatever the ring
    // bandwidth of the group (0 and 0 inside one node).
    int ranksPerNode = 0;
    double nicGBps = 0;
    double intraGBps = 0; // the in-node link's achievable rate, for the part that stays on the node
    // Across pods of an oversubscribed fabric (ClusterSpec::podGpus): the fewest members the group has in one pod,
    // and each GPU's share of its pod's uplinks when all of the pod's GPUs send out at once (0 and 0 otherwise).
    int ranksPerPod = 0;
    double podGBps = 0;
    const LinkSpec* nic = nullptr; // the inter-node link, across nodes
    std::string link; // catalog id of the bottleneck link
    const LinkSpec* bottleneck = nullptr; // its measured size curve, if any, shapes mid-size messages
};

struct CollectiveCost {
    double seconds = 0;
    double alphaS = 0; // latency part
    double bandwidthS = 0; // size part
    Algorithm algorithm = Algorithm::Ring;
};

// T = steps·α + bytes·factor/β for the algorithm NCCL would pick (the fastest of those the path allows):
// ring 2(n−1) steps moving 2(n−1)/n of the buffer; tree 2·⌈log2 n⌉ steps moving 2× the buffer over the
// bottleneck; NVLS one round trip through the switch at its measured algorithm bandwidth. All-gather and
// reduce-scatter take n−1 ring steps of (n−1)/n; all-to-all n−1 steps of (n−1)/n; send/recv one step of 1.
// `bytes` is nccl-tests' S: the whole buffer (for all-gather and reduce-scatter the gathered size). A rate a job's
// profile measured for the collective on the link that bounds it (LinkSpec::collectiveRates) scales the size part.
CollectiveCost collectiveTime(CollectiveKind kind, double bytes, const GroupPath& path);

} // namespace plait
