#include "collectiverates.h"

#include "collective.h"
#include "groups.h"
#include "numtext.h"

#include <algorithm>

namespace plait {

namespace {
// The group's GPUs on the plan's cluster, sorted; those the places do not say (−1) or past the cluster left out.
std::vector<int> placed(const Plan& p, std::vector<int> gpus)
{
    std::erase_if(gpus, [&](int g) { return g < 0 || g >= p.cluster.gpuCount(); });
    std::sort(gpus.begin(), gpus.end());
    return gpus;
}

// The path the plan gives a profiled group: the plan's own group of those GPUs (sharing its NICs with the groups
// beside it), else the group alone on the cluster; none (no bandwidth) where fewer than two of them are placed.
GroupPath profiledPath(const Plan& p, std::vector<int> gpus)
{
    gpus = placed(p, std::move(gpus));
    if (gpus.size() < 2)
        return {}; // not placed: no path
    const GroupSet groups = buildGroups(p);
    for (const std::vector<Group>* dim : { &groups.tp, &groups.cp, &groups.dp, &groups.dpcp, &groups.ep, &groups.etp })
        for (const Group& g : *dim) {
            std::vector<int> members = g.gpus;
            std::sort(members.begin(), members.end());
            if (members == gpus)
                return g.path;
        }
    return soloPath(p.cluster, gpus);
}

// The cluster's own link that `bound` (a path's link) points at: the cluster's, or a node's of its own.
LinkSpec* clusterLinkAt(ClusterSpec& c, const LinkSpec* bound)
{
    if (bound == &c.intraNode || bound == &c.interNode)
        return bound == &c.intraNode ? &c.intraNode : &c.interNode;
    for (NodeLinks& n : c.nodeLinks)
        if (bound == &n.intraNode || bound == &n.interNode)
            return bound == &n.intraNode ? &n.intraNode : &n.interNode;
    return nullptr;
}

}

// The model's time of each size is A + B / rate; A and B come from timing it at the rate before and at twice it.
ProfileCollectiveRate collectiveRateOf(
    Plan& p, const ProfileLinkSweep& sweep, const OpSweep& op, const std::string& source, bool alone)
{
    const auto pathOf = [&](const Plan& q) -> GroupPath {
        if (!alone)
            return profiledPath(q, sweep.gpus);
        const std::vector<int> gpus = placed(q, sweep.gpus);
        return gpus.size() < 2 ? GroupPath {} : soloPath(q.cluster, gpus);
    };
    ProfileCollectiveRate k;
    k.kind = op.op;
    for (const auto& [kind, calls] : sweep.calls)
        if (kind == op.op)
            k.calls = calls;
    if (!op.points.empty()) {
        k.largestBytes = op.points.back().bytes;
        k.busBwGBps = op.points.back().busbwGBps;
    }
    const GroupPath path0 = pathOf(p);
    const bool nicBound = op.op == CollectiveKind::AllToAll && path0.nodes > 1 && path0.nic && path0.nicGBps > 0
        && path0.ranksPerNode > 0;
    LinkSpec* bound = clusterLinkAt(p.cluster, nicBound ? path0.nic : path0.bottleneck);
    if (!(path0.busGBps > 0) || !bound) {
        k.note = { "profilecal:kind-unplaced", {} };
        return k;
    }
    LinkSpec& link = *bound;
    k.link = link.name;
    const std::string name = collectiveName(op.op);
    k.before = k.after = link.collectiveRate(name);
    auto setRate = [&](double rate) {
        std::erase_if(link.collectiveRates, [&](const auto& r) { return r.first == name; });
        if (rate != 1)
            link.collectiveRates.emplace_back(name, rate);
    };
    auto modelS = [&](double bytes) { return collectiveTime(op.op, bytes, pathOf(p)).seconds; };
    double measuredS = 0, a = 0, b = 0; // Σ measured, Σ A, Σ B / rate before
    for (const SizePoint& point : op.points) {
        if (point.bytes < double(1 << 20))
            continue; // latency sets these
        measuredS += point.timeUs * 1e-6;
        const double at = modelS(point.bytes);
        setRate(2 * k.before);
        const double atTwice = modelS(point.bytes);
        setRate(k.before);
        b += 2 * (at - atTwice);
        a += 2 * atTwice - at;
        k.predictedBeforeS += at;
    }
    k.measuredS = measuredS;
    k.predictedAfterS = k.predictedBeforeS;
    if (!(measuredS > 0)) {
        k.note = { "profilecal:kind-small", { bytesText(k.largestBytes) } };
        return k;
    }
    const double rate = measuredS > a && b > 0 ? k.before * b / (measuredS - a) : 0;
    // Inside a node's domain, or around a ring across nodes, a collective's bus bandwidth cannot pass the line rate
    // (an all-to-all across nodes also moves its on-node part over NVLink, so it has no such bound here).
    const bool pastLine = !nicBound && sweep.lineRateGBps > 0 && k.busBwGBps > 1.05 * sweep.lineRateGBps;
    if (pastLine) {
        k.note = { "profilecal:kind-past-line", { numText(k.busBwGBps), numText(sweep.lineRateGBps) } };
        return k;
    }
    if (!(rate >= 0.05 && rate <= 20)) {
        k.note = { rate > 20 ? "profilecal:too-fast" : "profilecal:too-slow", {} };
        return k;
    }
    setRate(rate);
    k.after = rate;
    k.applied = true;
    k.predictedAfterS = 0;
    for (const SizePoint& point : op.points)
        if (point.bytes >= double(1 << 20))
            k.predictedAfterS += modelS(point.bytes);
    link.collectiveRatesSource = source;
    return k;
}

std::vector<int> measuredGpus(const ClusterSpec& cluster, int ranks, int hosts)
{
    if (hosts < 1 || ranks < 2 || ranks % hosts != 0 || hosts > cluster.nodes || ranks / hosts > cluster.gpusPerNode)
        return {};
    std::vector<int> gpus;
    for (int node = 0; node < hosts; ++node)
        for (int local = 0; local < ranks / hosts; ++local)
            gpus.push_back(node * cluster.gpusPerNode + local);
    return gpus;
}

bool brokenLink(const LinksResult& links, bool recalibrated)
{
    const OpSweep* ar = links.sweep(CollectiveKind::AllReduce);
    return !recalibrated && ar && !ar->points.empty() && links.ranks >= 2 && ar->points.back().bytes >= double(1 << 20);
}

ProfileCollectiveRate measuredCollectiveRate(
    Plan& p, const LinksResult& links, CollectiveKind kind, const std::string& source)
{
    const OpSweep* op = links.sweep(kind);
    if (!op) {
        ProfileCollectiveRate none;
        none.kind = kind;
        none.note = { "profilecal:kind-small", { bytesText(0) } };
        return none;
    }
    ProfileLinkSweep sweep;
    sweep.links = links;
    sweep.gpus = measuredGpus(p.cluster, links.ranks, links.hosts);
    sweep.calls = { { kind, int(op->points.size()) } };
    sweep.lineRateGBps = measuredLineRateGBps(p.cluster, links); // as planWithMeasuredLinks takes it
    ProfileCollectiveRate k
        = collectiveRateOf(p, sweep, *op, source + ": its " + collectiveName(kind) + " sweep", true);
    k.swept = true;
    return k;
}

MeasuredCollectives planWithMeasuredCollectives(const Plan& plan, const LinksResult& links, const std::string& source)
{
    MeasuredCollectives out;
    out.plan = planWithMeasuredLinks(plan, links, source);
    // A link its all-reduce found broken is not costed on: nor are its other collectives.
    const bool broken = brokenLink(links, out.plan.has_value());
    Plan p = out.plan ? *out.plan : plan;
    bool any = false;
    for (const OpSweep& op : links.ops) {
        if (op.op != CollectiveKind::AllGather && op.op != CollectiveKind::ReduceScatter
            && op.op != CollectiveKind::AllToAll)
            continue;
        if (broken) {
            ProfileCollectiveRate k;
            k.kind = op.op;
            k.note = { "profilecal:link-broken", {} };
            out.kinds.push_back(k);
            continue;
        }
        out.kinds.push_back(measuredCollectiveRate(p, links, op.op, source));
        any = any || out.kinds.back().applied;
    }
    if (any)
        out.plan = std::move(p);
    return out;
}

} // namespace plait
