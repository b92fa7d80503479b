#include "dispatch.h"

#include <algorithm>
#include <cmath>

namespace plait {

namespace {
// Distinct bins hit by k uniform picks from n (with replacement): n·(1 − (1 − 1/n)^k).
double distinct(double n, double k)
{
    return n <= 1 ? std::min(n, k) : n * (1 - std::pow(1 - 1 / n, k));
}
}

ExpertDispatch expertDispatch(const Plan& plan, double tokensPerGpu, double e, const GroupPath& ep)
{
    ExpertDispatch d;
    const ModelSpec& m = plan.model;
    const ParallelSpec& par = plan.parallel;
    if (!m.isMoe() || par.ep <= 1 || tokensPerGpu <= 0)
        return d;
    const double h = double(m.hidden), k = m.moe.topK, load = plan.training.moeLoadFactor();
    const double domains = std::max(1, ep.nodes), ranks = ep.ranks;
    // The EP group's members per NVLink domain (whole domains: ranks/domains).
    const double perDomain = std::max(1.0, ranks / domains);
    // A collective's copies leave the domain for the (ranks − perDomain)/ranks of the group outside it.
    auto split = [&] {
        d.fabricBytes = domains > 1 ? d.bytes * (ranks - perDomain) / ranks : 0;
        d.nvlinkBytes = d.bytes - d.fabricBytes;
    };
    switch (plan.training.moeDispatcher) {
    case MoeDispatcher::AllToAll:
        d.bytes = tokensPerGpu * k * h * e * load;
        split();
        d.call = collectiveTime(CollectiveKind::AllToAll, d.bytes, ep);
        break;
    case MoeDispatcher::AllGather: {
        // Megatron-Core gathers over the expert TP × EP group: its etp·ep GPUs' tokens, whatever their routing.
        d.dispatchKind = CollectiveKind::AllGather;
        d.combineKind = CollectiveKind::ReduceScatter;
        d.bytes = double(par.expertShard()) * tokensPerGpu * h * e;
        split();
        d.call = collectiveTime(CollectiveKind::AllGather, d.bytes, ep);
        break;
    }
    case MoeDispatcher::Flex: {
        // The domains a token may reach: its top groups' domains (a group of experts spans domains/groups of them
        // when there are fewer groups than domains), else all of the group's.
        double allowed = domains;
        if (m.moe.routerGroups > 0) {
            const double domainsPerGroup = std::ceil(std::max(1.0, domains / m.moe.routerGroups));
            allowed = std::min(domains, m.moe.routerGroupTopK * domainsPerGroup);
        }
        d.domainsAllowed = int(allowed);
        d.domainsPerToken = distinct(allowed, k);
        d.gpusPerToken = distinct(std::min(ranks, allowed * perDomain), k);
        // Every copy of a token goes to each expert-TP rank of its experts (Megatron-Core's flex dispatcher routes
        // over the expert TP × EP group); one crosses the fabric per other domain reached, where the GPU of the same
        // local rank forwards it over NVLink to the GPUs that need it, unless it is one of them.
        const double token = tokensPerGpu * h * e * load * par.expertTp();
        d.fabricBytes = domains > 1 ? token * d.domainsPerToken * (domains - 1) / domains : 0;
        d.nvlinkBytes = perDomain > 1 ? token * d.gpusPerToken * (perDomain - 1) / perDomain : 0;
        d.bytes = d.fabricBytes + d.nvlinkBytes;
        // Both legs run at once (DeepEP pipelines RDMA and NVLink chunks); one fused kernel, a latency per hop. A path
        // that only bounds the rate from above (the search's fastest path, which knows no NIC share) times the fabric
        // leg at its bus rate and leaves the NVLink leg out: a lower bound.
        const bool known = domains == 1 || ep.nicGBps > 0;
        const double fabricRate = (ep.nicGBps > 0 ? ep.nicGBps : ep.busGBps) * 1e9;
        const double nvl = (domains > 1 ? ep.intraGBps : ep.busGBps) * 1e9;
        double fabricS = d.fabricBytes > 0 && fabricRate > 0 ? d.fabricBytes / fabricRate : 0;
        // Of it, what goes to domains in other pods shares the pod's uplinks.
        if (ep.podGBps > 0 && ranks > perDomain)
            fabricS = std::max(
                fabricS, d.fabricBytes * (ranks - ep.ranksPerPod) / (ranks - perDomain) / (ep.podGBps * 1e9));
        const double nvlinkS = known && d.nvlinkBytes > 0 && nvl > 0 ? d.nvlinkBytes / nvl : 0;
        d.call.algorithm = Algorithm::Direct;
        d.call.bandwidthS = std::max(fabricS, nvlinkS);
        d.call.alphaS = (domains > 1 ? 2 : 1) * ep.alphaS;
        d.call.seconds = d.call.bandwidthS + d.call.alphaS;
        break;
    }
    }
    return d;
}

} // namespace plait
