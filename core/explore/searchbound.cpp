#include "searchbound.h"

#include "collective.h"
#include "inlayer.h"
#include "overlap.h"
#include "params.h"
#include "stagecost.h"
#include "tail.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace plait {

namespace {

// Where the groups of one kind sit under the default placement: all inside a node, all across nodes, or some of each;
// and the most members one group has on one node.
enum class Reach { InNode, AcrossNodes, Mixed };
struct GroupReach {
    Reach reach = Reach::InNode;
    int membersPerNode = 1;
};

// A group's members are the ranks whose coordinates differ from its first member's only in the group's dimensions
// (`span` members along each, in the order's dimension order); the first members have those coordinates at multiples
// of span. Ranks are GPUs in cluster order (the default placement), and a node holds a contiguous range of them, so a
// group stays inside a node exactly when its first and last members do.
GroupReach reachOf(const ClusterSpec& cluster, const std::array<int, 4>& sizes, const std::array<int, 4>& span)
{
    std::array<int, 4> stride {};
    int used = 1;
    std::vector<int> offsets { 0 };
    for (std::size_t i = 0; i < 4; ++i) {
        stride[i] = used;
        const std::size_t n = offsets.size();
        for (int c = 1; c < span[i]; ++c)
            for (std::size_t j = 0; j < n; ++j)
                offsets.push_back(offsets[j] + c * used);
        used *= sizes[i];
    }
    std::sort(offsets.begin(), offsets.end());
    // The unit a group must stay inside to keep to NVLink: the node, or the NVLink domain that joins nodes.
    const int gpn = cluster.domainGpus();
    GroupReach r;
    // Members within any window of gpn consecutive ranks: at least as many as on any one node (domain).
    for (std::size_t a = 0, b = 0; b < offsets.size(); ++b) {
        while (offsets[b] - offsets[a] >= gpn)
            ++a;
        r.membersPerNode = std::max(r.membersPerNode, int(b - a + 1));
    }
    // Only a first member's place within its node matters: the group stays inside when that place plus the last
    // offset is still in the node. Those places are sums of the dimensions' steps, modulo the node size.
    std::vector<char> place(std::size_t(gpn), 0);
    place[0] = 1;
    for (std::size_t i = 0; i < 4; ++i) {
        const std::vector<char> before = place;
        const int steps = std::min(sizes[i] / span[i], gpn); // the step's residues repeat within gpn
        for (int c = 1; c < steps; ++c)
            for (int x = 0; x < gpn; ++x)
                if (before[std::size_t(x)])
                    place[std::size_t((x + std::int64_t(c) * span[i] * stride[i]) % gpn)] = 1;
    }
    bool inside = false, across = false;
    for (int x = 0; x < gpn; ++x)
        if (place[std::size_t(x)])
            (x + offsets.back() < gpn ? inside : across) = true;
    r.reach = inside && across ? Reach::Mixed : across ? Reach::AcrossNodes : Reach::InNode;
    return r;
}

// The fastest path a group of this reach can have: inside a node exactly the one groups.cpp gives; across nodes the
// slower of NVLink and the group's share of its node's NICs (all of the node's GPUs then cross, and share them by
// members, as groups.cpp counts); mixed, NVLink's bandwidth with no latency. Measured size curves can make mid-size
// messages faster than α + size/β, so with a curve the latency is left out too.
GroupPath fastestPath(const ClusterSpec& cluster, int ranks, GroupReach reach, bool allGpusUsed)
{
    const LinkSpec& intra = cluster.intraNode;
    const LinkSpec& inter = cluster.interNode;
    const bool curves = !intra.busbwCurve.empty() || !inter.busbwCurve.empty();
    GroupPath path;
    path.ranks = ranks;
    path.link = intra.id;
    if (reach.reach == Reach::InNode) {
        path.alphaS = intra.latencyUs * 1e-6;
        path.busGBps = intra.effectiveGBps();
        path.bottleneck = &intra;
    } else if (reach.reach == Reach::AcrossNodes) {
        // A domain leaves through its nodes' NICs (groups.cpp): at most all of them, or, with every GPU crossing in
        // some group, its members' part of them.
        const double nodesPerDomain = double(cluster.domainGpus()) / cluster.gpusPerNode;
        const double share = allGpusUsed ? std::min(nodesPerDomain, double(reach.membersPerNode) / cluster.gpusPerNode)
                                         : nodesPerDomain;
        path.nodes = 2;
        path.alphaS = curves ? 0 : std::max(intra.latencyUs, inter.latencyUs) * 1e-6;
        path.busGBps = std::min(intra.effectiveGBps(), cluster.nics() * inter.effectiveGBps() * share);
        return path;
    } else {
        path.busGBps = intra.effectiveGBps();
    }
    if (intra.nvls && intra.nvlsAlgGBps > 0 && ranks > 2)
        path.nvlsAlgGBps = intra.nvlsAlgGBps;
    return path;
}

} // namespace

FastestPaths fastestPaths(const ClusterSpec& cluster, const ParallelSpec& par)
{
    // The order's dimensions, innermost first (the plan was read, so the order is one).
    const std::array<ParallelDim, 4> dims = rankOrder(par.order).value_or(
        std::array { ParallelDim::Tp, ParallelDim::Cp, ParallelDim::Dp, ParallelDim::Pp });
    auto sizes = std::array<int, 4> {};
    for (std::size_t i = 0; i < 4; ++i)
        sizes[i] = par.size(dims[i]);
    auto reach = [&](int tp, int cp, int dp) {
        ParallelSpec span; // the group's reach along each dimension, none along PP
        span.tp = tp;
        span.cp = cp;
        span.dp = dp;
        std::array<int, 4> spans {};
        for (std::size_t i = 0; i < 4; ++i)
            spans[i] = span.size(dims[i]);
        return reachOf(cluster, sizes, spans);
    };
    const bool all = par.gpusUsed() == cluster.gpuCount();
    FastestPaths f;
    f.tp = fastestPath(cluster, par.tp, reach(par.tp, 1, 1), all);
    f.cp = fastestPath(cluster, par.cp, reach(1, par.cp, 1), all);
    // EP groups run over a stage's CP ranks first, then its DP ranks (groups.cpp: expert TP = TP innermost, then EP).
    const int epOverCp = std::min(par.cp, par.ep);
    f.ep = fastestPath(cluster, par.ep, reach(1, epOverCp, par.ep / epOverCp), all);
    f.grad = fastestPath(cluster, par.dp * par.cp, reach(1, par.cp, par.dp), all);
    // Expert TP is innermost like TP: its groups reach no further than a TP group's (farther only when wider).
    f.etp = fastestPath(cluster, par.expertTp(), reach(std::min(par.expertTp(), par.tp), 1, 1), all);
    return f;
}

double pipelineLowerBound(
    const Plan& plan, const LayerCost& lc, const LayerCost* dense, int m, const FastestPaths& paths)
{
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    const int p = par.pp, v = par.chunks();
    // The in-layer collectives exactly as evaluate() counts them (cost/inlayer.h), on the fastest paths.
    const LayerCollectives calls = layerCollectives(plan, lc, &paths.tp, &paths.cp, &paths.ep, &paths.grad, &paths.etp);
    const LayerCommTime added = layerCommTime(plan, lc, calls, overlapSlowdown(plan.cluster.gpu));
    const StateBytes bytes = stateBytes(tr);
    // Tied embeddings across the pipeline: stages 0 and p−1 all-reduce the embedding gradient after the pipeline,
    // between the GPUs evaluate pairs, pipeline 0's first and last (stage k sits k × the sizes ordered inside pp).
    double tiedReduce = 0;
    if (p > 1 && plan.model.tiedEmbeddings) {
        const int inner = par.stride(ParallelDim::Pp);
        tiedReduce = tiedEmbeddingReduce(plan, pairPath(plan.cluster, 0, (p - 1) * inner), bytes).seconds;
    }
    // One layer's ops, and each chunk's, exactly as evaluate() builds them (evaluate/stagecost.h); a MoE model's dense
    // first layers likewise, and where the bound takes one layer of either kind, the cheaper.
    const LayerOps layer = layerOps(plan, lc, calls, added);
    LayerOps denseOps = layer;
    if (dense) {
        const Plan densePlan = denseLayerPlan(plan);
        const LayerCollectives denseCalls
            = layerCollectives(densePlan, *dense, &paths.tp, &paths.cp, &paths.ep, &paths.grad, &paths.etp);
        denseOps = layerOps(densePlan, *dense, denseCalls,
            layerCommTime(densePlan, *dense, denseCalls, overlapSlowdown(plan.cluster.gpu)));
    }
    const double f = std::min(layer.total.forward, denseOps.total.forward);
    const double b = std::min(layer.total.backwardInput, denseOps.total.backwardInput);
    const double w = std::min(layer.total.backwardWeight, denseOps.total.backwardWeight);
    const bool zb = par.schedule == Schedule::ZbH1;
    // What stage s spends after the pipeline (cost/tail.h), with every overlappable byte hidden for free.
    auto afterPipeline = [&](int s) {
        const StageParams params = stageParams(plan.model, plan.layersOnStage(s), par.holdsFirstChunk(s),
            par.holdsLastChunk(s), p, par.tp, par.expertShard(), dense ? plan.denseLayersOnStage(s) : 0);
        const DataParallelTail tail
            = dataParallelTail(plan, params.total(), &paths.grad, bytes, TailWindows {}, params.expert);
        return tail.optimizerS + tail.exposedS() + (par.holdsFirstChunk(s) != par.holdsLastChunk(s) ? tiedReduce : 0);
    };
    const EdgeCost first = firstStageCost(plan), last = lastStageCost(plan);
    double pipeline = 0, ownEnd = 0, leastAfter = INFINITY;
    double forwardsBefore = 0, chainBefore = 0; // over the stages before s: forwards; forwards and backwards
    const double firstWeightPass = plan.layersOnStage(0) * w;
    // The V-shaped schedules and DualPipe: each stage's own work alone (their order is no 1F1B chain). DualPipe and
    // DualPipeV run pairs that may hide all of their in-layer communication; under DualPipe a micro-batch passes
    // one of a stage's two chunks, and the first forwards start at both ends.
    // Megatron-Core's combined 1F1B pairs a forward with a backward too (its all-to-alls hidden; all of the
    // in-layer communication is taken as hidden here, which keeps it a bound).
    const ScheduleTraits& sched = traitsOf(par.schedule);
    const bool pairs = sched.pairs || plan.training.moeA2aOverlap;
    const bool ownWorkOnly = pairs || !sched.chain;
    const double passes = sched.twoDirections ? 0.5 : 1.0;
    for (int s = 0; s < p; ++s) {
        // All its work for m micro-batches; outside the weight passes ZB-H1 may defer, what must run in order.
        double perMicroBatch = 0, inOrder = 0;
        for (int c = 0; c < v; ++c) {
            const ChunkOps ops = chunkOps(plan, layer, first, last, s, c, dense ? &denseOps : nullptr);
            const ChunkCost& cc = ops.cost;
            const double hidden = pairs ? ops.comm.forward + ops.comm.backwardInput + ops.comm.recompute : 0;
            perMicroBatch += cc.forward + cc.backwardInput + cc.backwardWeight + cc.recompute - hidden;
            inOrder += cc.forward + cc.backwardInput + cc.recompute;
        }
        const double work = m * passes * perMicroBatch;
        const double start = sched.twoDirections ? 0 : forwardsBefore;
        const double after = afterPipeline(s);
        leastAfter = std::min(leastAfter, after);
        ownEnd = std::max(ownEnd, start + work + after);
        if (ownWorkOnly)
            pipeline = std::max(pipeline, start + work);
        else if (zb)
            pipeline = std::max({ pipeline, start + work, chainBefore + m * inOrder + firstWeightPass });
        else
            pipeline = std::max(pipeline, chainBefore + work);
        // The first micro-batch reaches the next stage after one chunk of each stage before; chunks may differ by
        // a layer (the embedding or the loss in the split), so the fewest is a bound.
        int fewest = plan.layersInChunk(s, 0);
        for (int c = 1; c < v; ++c)
            fewest = std::min(fewest, plan.layersInChunk(s, c));
        forwardsBefore += fewest * f;
        chainBefore += fewest * (f + b + (zb ? 0 : w));
    }
    return std::max(ownEnd, pipeline + (std::isfinite(leastAfter) ? leastAfter : 0));
}

} // namespace plait
