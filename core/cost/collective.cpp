#include "collective.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

namespace plait {

std::optional<CollectiveKind> collectiveKindOfName(std::string_view name)
{
    std::string letters;
    for (char ch : name)
        if (std::isalpha(static_cast<unsigned char>(ch)))
            letters += char(std::tolower(static_cast<unsigned char>(ch)));
    auto has = [&](const char* part) { return letters.find(part) != std::string::npos; };
    if (has("allreduce"))
        return CollectiveKind::AllReduce;
    if (has("allgather"))
        return CollectiveKind::AllGather;
    if (has("reducescatter"))
        return CollectiveKind::ReduceScatter;
    if (has("alltoall"))
        return CollectiveKind::AllToAll;
    if (has("send") || has("recv"))
        return CollectiveKind::SendRecv;
    return std::nullopt;
}

double busBandwidthFactor(CollectiveKind k, int ranks)
{
    const double n = ranks;
    switch (k) {
    case CollectiveKind::AllReduce:
        return 2.0 * (n - 1) / n;
    case CollectiveKind::AllGather:
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::AllToAll:
        return (n - 1) / n;
    case CollectiveKind::SendRecv:
        return 1.0;
    }
    return 1.0;
}

CollectiveCost collectiveTime(CollectiveKind kind, double bytes, const GroupPath& path)
{
    CollectiveCost best;
    const int n = path.ranks;
    if (bytes <= 0 || (n <= 1 && kind != CollectiveKind::SendRecv) || path.busGBps <= 0)
        return best;
    const double beta = path.busGBps * 1e9;
    // An all-to-all across nodes is bound by the NICs, whatever the group's ring bottleneck.
    const bool nicBound
        = kind == CollectiveKind::AllToAll && path.nodes > 1 && path.nic && path.nicGBps > 0 && path.ranksPerNode > 0;
    const LinkSpec* curveOf = nicBound ? path.nic : path.bottleneck;
    const LinkSpec* measured = curveOf && !curveOf->busbwCurve.empty() ? curveOf : nullptr;
    // What a job's profile measured this collective at on that link, as a multiple of the rate the model gives it.
    const double measuredRate = curveOf ? curveOf->collectiveRate(collectiveName(kind)) : 1.0;
    auto consider = [&](Algorithm algo, double steps, double movedBytes, double bandwidth) {
        CollectiveCost c;
        c.algorithm = algo;
        c.bandwidthS = movedBytes / (bandwidth * measuredRate);
        if (measured) {
            // The measured curve already holds the latency and ramp-up; what it adds over the asymptote is
            // reported as the latency part. A curve measured inside one node holds no step across nodes: a group
            // spanning nodes pays at least its steps at the slowest hop's latency.
            c.seconds = c.bandwidthS / measured->sizeEfficiency(bytes);
            if (path.nodes > 1 && measured->intraNode)
                c.seconds = std::max(c.seconds, steps * path.alphaS + c.bandwidthS);
            c.alphaS = c.seconds - c.bandwidthS;
        } else {
            c.alphaS = steps * path.alphaS;
            c.seconds = c.alphaS + c.bandwidthS;
        }
        if (best.seconds == 0 || c.seconds < best.seconds)
            best = c;
    };
    const double factor = busBandwidthFactor(kind, n);
    switch (kind) {
    case CollectiveKind::AllReduce:
        consider(Algorithm::Ring, 2.0 * (n - 1), bytes * factor, beta);
        if (path.nodes > 1)
            consider(Algorithm::Tree, 2.0 * std::ceil(std::log2(double(n))), 2.0 * bytes, beta);
        if (path.nvlsAlgGBps > 0)
            consider(Algorithm::Nvls, 2.0, bytes, path.nvlsAlgGBps * 1e9);
        break;
    case CollectiveKind::AllGather:
    case CollectiveKind::ReduceScatter:
        consider(Algorithm::Ring, double(n - 1), bytes * factor, beta);
        break;
    case CollectiveKind::AllToAll:
        if (nicBound) {
            // Each rank sends 1/n of its buffer to every other rank: (n − r)/n of it leaves the node through the
            // NICs, (r − 1)/n stays on NVLink, both at once (r: ranks on the node).
            const double offNode = bytes * double(n - path.ranksPerNode) / n;
            const double onNode = bytes * double(path.ranksPerNode - 1) / n;
            const double nicS = offNode / (path.nicGBps * 1e9);
            const double nvlS = path.intraGBps > 0 ? onNode / (path.intraGBps * 1e9) : 0;
            // What leaves the pod also shares its uplinks (an oversubscribed fabric).
            const double podS = path.podGBps > 0 ? bytes * double(n - path.ranksPerPod) / n / (path.podGBps * 1e9) : 0;
            // Expressed as bytes over one bandwidth so the size curve and latency apply as for the others.
            consider(Algorithm::Direct, double(n - 1), bytes * factor, bytes * factor / std::max({ nicS, nvlS, podS }));
        } else {
            consider(Algorithm::Direct, double(n - 1), bytes * factor, beta);
        }
        break;
    case CollectiveKind::SendRecv:
        consider(Algorithm::Direct, 1.0, bytes, beta);
        break;
    }
    return best;
}

} // namespace plait
