#include "search.h"

#include "collective.h"
#include "evaluate.h"
#include "gemm.h"
#include "inlayer.h"
#include "layercost.h"
#include "memory.h"
#include "oplevelrecompute.h"
#include "overlap.h"
#include "params.h"
#include "planedit.h"
#include "range.h"
#include "schedule.h"
#include "stagecost.h"
#include "tail.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>

namespace plait {

namespace {

std::vector<int> divisorsOf(int n, int atMost)
{
    std::vector<int> d;
    for (int i = 1; i <= n && i <= atMost; ++i)
        if (n % i == 0)
            d.push_back(i);
    return d;
}

// Micro-batch chunks each device holds at the most, from the order of its ops (as the simulation counts them).
// `combined`: Megatron-Core's combined 1F1B (one more forward warms up).
const std::vector<int>& inFlightPerDevice(std::map<std::tuple<int, int, int, int, bool>, std::vector<int>>& cache,
    Schedule s, int p, int m, int v, bool combined)
{
    auto key = std::make_tuple(int(s), p, m, v, combined);
    auto it = cache.find(key);
    if (it != cache.end())
        return it->second;
    ScheduleShape shape;
    shape.schedule = s;
    shape.stages = p;
    shape.microBatches = m;
    shape.chunks = v;
    shape.combined = combined;
    const auto ops = generateSchedule(shape);
    std::vector<int> peak(static_cast<std::size_t>(p), 0);
    for (int d = 0; d < p; ++d) {
        int live = 0;
        for (const Op& op : ops[std::size_t(d)]) {
            if (op.kind == OpKind::Forward)
                peak[std::size_t(d)] = std::max(peak[std::size_t(d)], ++live);
            else if (op.kind == OpKind::BackwardInput)
                --live;
        }
    }
    return cache.emplace(key, std::move(peak)).first->second;
}

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

// The fastest paths of a candidate's TP, CP, EP and gradient (DP × CP) groups.
struct FastestPaths {
    GroupPath tp, cp, ep, grad, etp;
};
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

// A step time no evaluation of this shape can beat, from what every stage s must do in order: its first forward
// waits for the forwards of the stages before it; it then runs all its work (m micro-batches); after its last
// backward the gradient still flows back through the stages before it (one chunk's worth each when interleaved;
// for ZB-H1, input gradients only, then stage 0's last weight pass; weight passes may be deferred, so there the bound
// also takes the start plus all the work). For uniform stages this is the familiar fill and drain: (p−1)·(F+B) for
// GPipe and 1F1B, divided by v interleaved. The step then adds what stages spend after the pipeline: gradient
// reduction (at least its last bucket when overlapped), the ZeRO 1–2 weight gather, the tied embedding gradient's
// all-reduce on the first and last stages, and the optimizer step.
// Work is the layers' compute and recomputation, the embedding on the first stage and the output layer on the
// last (which dominate a model of few layers and a large vocabulary), and the in-layer collectives (TP; what CP,
// EP and ZeRO-3 traffic adds beyond the compute it hides under) timed on the fastest path their groups can have;
// p2p transfers are left out, so it stays below the evaluation (tst_search checks it against every candidate of
// several examples, evaluated in full).
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

bool isPareto(const SearchCandidate& c, const std::vector<SearchCandidate>& all)
{
    for (const SearchCandidate& o : all)
        if (o.evaluated && o.fits && &o != &c && o.slowS <= c.slowS && o.peakBytes <= c.peakBytes
            && (o.slowS < c.slowS || o.peakBytes < c.peakBytes))
            return false;
    return true;
}

} // namespace

namespace {
// Each comma-separated name as `name` spells a value, or nullopt when one is none of them.
template <typename T, typename Values>
std::optional<std::vector<T>> namesFromText(const std::string& text, const Values& values, const char* (*name)(T))
{
    std::vector<T> out;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t end = std::min(text.find(',', at), text.size());
        const std::string word = text.substr(at, end - at);
        const auto* v = std::find_if(std::begin(values), std::end(values), [&](T x) { return word == name(x); });
        if (v == std::end(values))
            return std::nullopt;
        out.push_back(*v);
        at = end + 1;
    }
    return out;
}
}

std::optional<std::vector<Schedule>> schedulesFromText(const std::string& text)
{
    static const auto all = [] {
        std::array<Schedule, std::size(kScheduleTraits)> out {};
        for (std::size_t i = 0; i < out.size(); ++i)
            out[i] = kScheduleTraits[i].schedule;
        return out;
    }();
    return namesFromText(text, all, scheduleName);
}

std::optional<std::vector<Recompute>> recomputesFromText(const std::string& text)
{
    static const Recompute all[] = { Recompute::None, Recompute::Selective, Recompute::Full, Recompute::SelectiveOps };
    return namesFromText(text, all, recomputeName);
}

unsigned cheapRecomputeModules(const ModelSpec& model, bool flashAttention)
{
    unsigned m = unsigned(RecomputeModule::LayerNorm);
    if (model.isMoe())
        m |= unsigned(RecomputeModule::MoeAct);
    if (model.mla.on())
        m |= unsigned(RecomputeModule::MlaUpProj);
    if (!flashAttention)
        m |= unsigned(RecomputeModule::CoreAttn);
    return m;
}

Result<Plan> applyCandidate(const Plan& base, const SearchCandidate& c)
{
    Plan p = base;
    p.parallel = c.parallel;
    p.training = c.training;
    return withDefaultPlacement(std::move(p));
}

namespace {
// Fills best (by the slow end, at most top) and pareto from the candidates evaluated so far.
void rankEvaluated(SearchResult& out, int top)
{
    out.best.clear();
    out.pareto.clear();
    for (std::size_t i = 0; i < out.candidates.size(); ++i) {
        const SearchCandidate& c = out.candidates[i];
        if (c.evaluated && c.fits) {
            out.best.push_back(int(i));
            if (isPareto(c, out.candidates))
                out.pareto.push_back(int(i));
        }
    }
    // By the slow end, then the point; ties (ZeRO 1 and 2 often take the same time) go to the smaller memory, then to
    // the order of enumeration, so a search that evaluates more returns the same best.
    std::sort(out.best.begin(), out.best.end(), [&](int a, int b) {
        const SearchCandidate &x = out.candidates[std::size_t(a)], &y = out.candidates[std::size_t(b)];
        return std::tie(x.slowS, x.stepS, x.peakBytes, a) < std::tie(y.slowS, y.stepS, y.peakBytes, b);
    });
    if (int(out.best.size()) > top)
        out.best.resize(std::size_t(top));
    if (!out.best.empty())
        out.problems.clear(); // only some candidates failed
}

} // namespace

SearchResult searchPlans(const Plan& base, const SearchOptions& options)
{
    if (options.constraints.anyFramework) {
        // One search per framework, pooled: each candidate keeps its framework in its training spec, so the ranking,
        // the chart and applyCandidate need nothing more. The best are reported once, when all are known.
        SearchResult all;
        int evaluatedBefore = 0, fittingBefore = 0;
        for (Framework f : kFrameworks) {
            SearchOptions one = options;
            one.constraints.anyFramework = false;
            one.constraints.framework = f;
            one.bestKnown = nullptr;
            if (options.progress)
                one.progress = [&](int evaluated, int fitting) {
                    return options.progress(evaluatedBefore + evaluated, fittingBefore + fitting);
                };
            SearchResult r = searchPlans(base, one);
            const int offset = int(all.candidates.size());
            all.candidates.insert(all.candidates.end(), r.candidates.begin(), r.candidates.end());
            all.combinations += r.combinations;
            all.fitting += r.fitting;
            all.evaluatedCount += r.evaluatedCount;
            evaluatedBefore = all.evaluatedCount;
            fittingBefore = all.fitting;
            if (r.smallest >= 0
                && (all.smallest < 0
                    || r.candidates[std::size_t(r.smallest)].peakBytes
                        < all.candidates[std::size_t(all.smallest)].peakBytes))
                all.smallest = offset + r.smallest;
            if (all.problems.empty())
                all.problems = r.problems;
            if (r.stopped) {
                all.stopped = true;
                break;
            }
        }
        rankEvaluated(all, std::max(1, options.top));
        if (options.bestKnown && !all.stopped)
            options.bestKnown(all);
        return all;
    }
    if (const auto f = options.constraints.framework; f && *f != base.training.framework) {
        // The plan as that framework runs it: what follows the framework unless the plan states otherwise
        // (TrainingSpec::crossEntropyFusion) follows it.
        Plan other = base;
        other.training.framework = *f;
        SearchOptions same = options;
        same.constraints.framework.reset();
        return searchPlans(other, same);
    }
    SearchResult out;
    const ModelSpec& model = base.model;
    const int gpus = base.cluster.gpuCount();
    const SearchConstraints& need = options.constraints;
    // A plan fits when it leaves the headroom asked for free.
    const double capacity
        = base.cluster.gpu.memoryGiB * double(1ull << 30) * (1 - std::clamp(need.headroom, 0.0, 0.99));
    auto allowed
        = [](int value, int fixed, int most) { return (fixed == 0 || value == fixed) && (most == 0 || value <= most); };
    // The schedules tried: those the user named (a what-if, DeepSeek's DualPipe), else those the plan's framework
    // runs, since a plan it cannot launch is no suggestion.
    auto scheduleTried = [&](Schedule s) {
        return need.schedules.empty()
            ? scheduleRefusal(base.training.framework, s).empty()
            : std::find(need.schedules.begin(), need.schedules.end(), s) != need.schedules.end();
    };
    bool tried[std::size(kScheduleTraits)] = {};
    for (const ScheduleTraits& t : kScheduleTraits)
        tried[int(t.schedule)] = scheduleTried(t.schedule);
    // Evaluated without a placement: memory and layer costs do not depend on it. Its GPU is the slow end of the rates'
    // spread (evaluate/range.h), so layer costs and the bound are those of the step time the search ranks by; memory
    // does not depend on rates.
    Plan shape = base;
    shape.cluster.gpu = slowEndPlan(base).cluster.gpu;
    // Recomputation tried: none; selective of the plan's modules (Megatron-Core's default, the core attention, when
    // the plan has none); for MoE and MLA models, selective of the cheap modules (their MoE activation and MLA
    // up-projection terms are large; a dense model's norms alone seldom change the best plan, and each option costs
    // a full pass over the candidates); full.
    const unsigned defaultModules = unsigned(RecomputeModule::CoreAttn);
    const unsigned planModules
        = base.training.recompute == Recompute::Selective ? base.training.recomputeModules : defaultModules;
    const unsigned lean = cheapRecomputeModules(model, base.training.flashAttention);
    std::vector<std::pair<Recompute, unsigned>> recomputeOptions { { Recompute::None, defaultModules },
        { Recompute::Selective, planModules } };
    if (lean != planModules && (model.isMoe() || model.mla.on()))
        recomputeOptions.push_back({ Recompute::Selective, lean });
    // torchtitan's op-level policy where the plan's framework runs it.
    if (base.training.framework == Framework::Fsdp && opLevelRecomputeModelled(model))
        recomputeOptions.push_back({ Recompute::SelectiveOps, defaultModules });
    recomputeOptions.push_back({ Recompute::Full, defaultModules });
    shape.placement.coordOf.clear();
    std::map<std::tuple<int, int, int, int, bool>, std::vector<int>> inFlightCache;
    // What no candidate can change is checked once, before thousands of candidates fail on it one by one.
    for (const Issue& i : validate(base))
        if (i.field == "training.precision")
            out.problems.push_back(i);
    if (!out.problems.empty())
        return out;
    long long headSplits = 0, batchSplits = 0, simulable = 0; // candidates past each test, for the reasons

    const std::vector<int> tps = divisorsOf(base.cluster.domainGpus(), base.cluster.domainGpus());
    std::vector<int> cps;
    for (int cp = 1; cp <= 16; cp *= 2)
        if (cp == 1 || model.seqLen % (2 * cp) == 0)
            cps.push_back(cp);
    std::vector<int> eps { 1 };
    if (model.isMoe())
        eps = divisorsOf(model.moe.experts, model.moe.experts);

    for (int tp : tps) {
        if (!allowed(tp, need.tp, need.maxTp))
            continue;
        if (model.heads % tp != 0 || (model.kvHeads % tp != 0 && tp % model.kvHeads != 0) || model.ffnHidden % tp != 0)
            continue;
        ++headSplits;
        for (int cp : cps) {
            if (!allowed(cp, need.cp, need.maxCp) || gpus % (tp * cp) != 0)
                continue;
            const int rest = gpus / (tp * cp);
            for (int pp : divisorsOf(rest, model.layers)) {
                if (!allowed(pp, need.pp, need.maxPp))
                    continue;
                const int dp = rest / pp;
                for (int ep : eps) {
                    if (dp % ep != 0 || !allowed(ep, need.ep, need.maxEp))
                        continue;
                    // An EP group whose span over CP and DP is not whole ranks of one (the bound's path assumes so).
                    if (ep > 1 && cp > 1 && cp % ep != 0 && ep % cp != 0)
                        continue;
                    ParallelSpec groupShape = base.parallel;
                    groupShape.tp = tp;
                    groupShape.cp = cp;
                    groupShape.pp = pp;
                    groupShape.dp = dp;
                    groupShape.ep = ep;
                    // The search keeps expert TP = TP: EP over a stage's CP and DP ranks, as its bound's EP path
                    // assumes.
                    groupShape.etp = 0;
                    const FastestPaths paths = fastestPaths(base.cluster, groupShape);
                    for (int mb : { 1, 2, 4, 8 }) {
                        if (base.training.globalBatch % ((long long)mb * dp) != 0)
                            continue;
                        ++batchSplits;
                        const long long perPipeline = base.training.globalBatch / ((long long)mb * dp);
                        if (double(perPipeline) * pp > 1e6)
                            continue; // beyond the simulation limit whatever the schedule
                        const int m = int(perPipeline);
                        struct Sched {
                            Schedule s;
                            int v;
                            bool edgesInSplit = false; // the embedding and the loss counted as layers
                        };
                        std::vector<Sched> schedules { { Schedule::OneFOneB, 1 } };
                        if (pp > 1) {
                            schedules.push_back({ Schedule::GPipe, 1 });
                            schedules.push_back({ Schedule::ZbH1, 1 });
                            // Two chunks in a V where each stage's layers split in two. What each schedule asks
                            // of pp and the micro-batches: scheduleFits, below.
                            if (model.layers % (2 * pp) == 0) {
                                schedules.push_back({ Schedule::ZbV, 2 });
                                schedules.push_back({ Schedule::DualPipeV, 2 });
                            }
                            schedules.push_back({ Schedule::DualPipe, 1 });
                            // Interleaved where the layers split evenly over pp·v chunks, or do once the embedding
                            // and the loss take a layer's place each (Megatron-LM's account-for flags).
                            for (int v : { 2, 4, 8 }) {
                                if (model.layers % (pp * v) == 0)
                                    schedules.push_back({ Schedule::Interleaved, v });
                                else if ((model.layers + 2) % (pp * v) == 0)
                                    schedules.push_back({ Schedule::Interleaved, v, true });
                            }
                        }
                        for (const Sched& sch : schedules) {
                            if (double(m) * pp * sch.v > 1e6)
                                continue;
                            if (!tried[int(sch.s)] || !scheduleFits(sch.s, m, pp))
                                continue;
                            ++simulable;
                            const std::vector<int>& inFlight = inFlightPerDevice(inFlightCache, sch.s, pp, m, sch.v,
                                base.training.moeA2aOverlap
                                    && (sch.s == Schedule::OneFOneB || sch.s == Schedule::Interleaved));
                            for (const auto& [rc, modules] : recomputeOptions) {
                                if (!need.recomputes.empty()
                                    && std::find(need.recomputes.begin(), need.recomputes.end(), rc)
                                        == need.recomputes.end())
                                    continue;
                                if (!contextParallelRefusal(base.training.framework, cp, base.training.flashAttention)
                                         .empty())
                                    continue;
                                shape.parallel = base.parallel;
                                shape.parallel.tp = tp;
                                shape.parallel.cp = cp;
                                shape.parallel.pp = pp;
                                shape.parallel.dp = dp;
                                shape.parallel.ep = ep;
                                shape.parallel.etp = 0;
                                shape.parallel.vpp = sch.v;
                                shape.parallel.schedule = sch.s;
                                shape.parallel.embeddingInSplit = shape.parallel.lossInSplit = sch.edgesInSplit;
                                shape.parallel.layersPerStage
                                    = sch.edgesInSplit ? std::vector<int> {} : balancedLayers(model.layers, pp);
                                shape.parallel.layersPerChunk.clear();
                                shape.training = base.training;
                                shape.training.microBatch = mb;
                                shape.training.recompute = rc;
                                shape.training.recomputeModules = modules;
                                // Sequence parallelism is a dimension of every TP > 1 candidate (issue 38 D): each
                                // framework Plait exports to runs it, and it trades no bytes for less activation
                                // memory and split element-wise work, but the search should show that, not assume it.
                                for (const bool sp : { false, true }) {
                                    if (sp && tp == 1)
                                        continue;
                                    shape.training.sequenceParallel = sp;
                                    const LayerCost lc = layerCost(shape);
                                    const std::optional<LayerCost> lcDense = denseLayerCost(shape);
                                    const LayerCost* dense = lcDense ? &*lcDense : nullptr;
                                    // CPU offload shards at a ZeRO stage even on one data-parallel rank.
                                    const bool offload = base.training.offloadOptimizer;
                                    for (int zero = 0; zero <= (dp * cp > 1 || offload ? 3 : 0); ++zero) {
                                        // Only what the plan's framework can run (framework.h).
                                        if (!frameworkRefusal(base.training.framework, zero, pp).empty())
                                            continue;
                                        if (offload) {
                                            TrainingSpec t = base.training;
                                            setZeroStage(t, zero);
                                            if (!offloadRuns(t))
                                                continue;
                                        }
                                        ++out.combinations;
                                        shape.training.overlapParamGather = base.training.overlapParamGather;
                                        setZeroStage(shape.training, zero);
                                        const double bound = pipelineLowerBound(shape, lc, dense, m, paths);
                                        SearchCandidate c;
                                        c.parallel = shape.parallel;
                                        c.training = shape.training;
                                        for (int s = 0; s < pp; ++s)
                                            c.peakBytes = std::max(c.peakBytes,
                                                stageMemory(shape, s, inFlight[std::size_t(s)], lc, dense).total());
                                        c.fits = c.peakBytes <= capacity;
                                        c.lowerBoundS = bound;
                                        out.candidates.push_back(c);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    if (out.candidates.empty()) {
        const std::string batch = std::to_string(base.training.globalBatch);
        if (headSplits == 0)
            out.problems.push_back({ "model.heads",
                "no tensor-parallel size that divides the " + std::to_string(base.cluster.domainGpus())
                    + (base.cluster.nvlinkDomainGpus > 0 ? " GPUs of an NVLink domain" : " GPUs of a node")
                    + " also divides heads (" + std::to_string(model.heads) + "), kv_heads ("
                    + std::to_string(model.kvHeads) + ") and ffn_hidden (" + std::to_string(model.ffnHidden) + ")" });
        else if (batchSplits == 0)
            out.problems.push_back({ "training.global_batch",
                "global_batch (" + batch
                    + ") divides by data-parallel size × micro-batch (1, 2, 4 or 8) for no split of "
                    + std::to_string(gpus) + " GPUs" });
        else if (simulable == 0)
            out.problems.push_back({ "training.global_batch",
                "every split of global_batch (" + batch
                    + ") needs more than the limit of 1000000 simulated forward passes per step" });
        else
            out.problems.push_back({ "parallel", "no valid plan for this model on " + std::to_string(gpus) + " GPUs" });
        return out;
    }
    for (std::size_t i = 0; i < out.candidates.size(); ++i)
        if (out.smallest < 0 || out.candidates[i].peakBytes < out.candidates[std::size_t(out.smallest)].peakBytes)
            out.smallest = int(i);

    // Branch and bound over the fitting candidates, best lower bound first.
    std::vector<int> order;
    for (std::size_t i = 0; i < out.candidates.size(); ++i)
        if (out.candidates[i].fits)
            order.push_back(int(i));
    out.fitting = int(order.size());
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return out.candidates[std::size_t(a)].lowerBoundS < out.candidates[std::size_t(b)].lowerBoundS;
    });
    const int top = std::max(1, options.top);
    std::vector<double> bestSteps; // sorted, at most `top`
    // Evaluations run on every core, a batch at a time; the bound is checked between batches.
    const std::size_t threads = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
    EvaluationMemo memo;
    std::mutex failedLock;
    bool hopeless = false; // an evaluation failed for a reason no other candidate can avoid
    std::size_t next = 0;
    bool announced = false;
    const auto boundPasses = [&](std::size_t k) {
        return int(bestSteps.size()) >= top && out.candidates[std::size_t(order[k])].lowerBoundS > bestSteps.back();
    };
    while (next < order.size() && !hopeless) {
        // The bound passed the N-th best (the order is by bound, so it passes every later one): the best are exact.
        if (options.bestKnown && !announced && boundPasses(next)) {
            announced = true;
            SearchResult known = out;
            rankEvaluated(known, top);
            options.bestKnown(known);
        }
        std::vector<int> batch;
        while (next < order.size() && batch.size() < threads) {
            if (boundPasses(next) && out.evaluatedCount + int(batch.size()) >= options.minEvaluated)
                break;
            batch.push_back(order[next++]);
        }
        if (batch.empty())
            break;
        std::vector<std::thread> workers;
        for (int i : batch)
            workers.emplace_back([&out, &base, &memo, &failedLock, &hopeless, capacity, i] {
                SearchCandidate& c = out.candidates[std::size_t(i)];
                auto plan = applyCandidate(base, c);
                if (!plan)
                    return;
                const Evaluation ev = evaluate(plan.value(), EvaluationDetail::Figures, &memo);
                if (!ev.valid) {
                    const std::lock_guard lock(failedLock);
                    if (out.problems.empty())
                        out.problems = ev.errors;
                    for (const Issue& e : ev.errors)
                        hopeless = hopeless || e.field == "model" || e.field == "evaluation";
                    return;
                }
                const Evaluation slow = evaluate(slowEndPlan(plan.value()), EvaluationDetail::Figures, &memo);
                c.evaluated = true;
                c.stepS = ev.stepS;
                c.slowS = slow.valid ? std::max(slow.stepS, ev.stepS) : ev.stepS;
                c.tokensPerS = ev.tokensPerS;
                c.mfu = ev.mfu;
                c.bubbleFraction = ev.bubbleFraction;
                c.peakBytes = ev.peakBytes;
                c.fits = ev.peakBytes <= capacity;
            });
        for (std::thread& t : workers)
            t.join();
        out.evaluatedCount += int(batch.size());
        for (int i : batch) {
            const SearchCandidate& c = out.candidates[std::size_t(i)];
            if (!c.evaluated || !c.fits)
                continue;
            bestSteps.insert(std::upper_bound(bestSteps.begin(), bestSteps.end(), c.slowS), c.slowS);
            if (int(bestSteps.size()) > top)
                bestSteps.pop_back();
        }
        if (options.progress && !options.progress(out.evaluatedCount, out.fitting)) {
            out.stopped = true;
            break;
        }
    }
    rankEvaluated(out, top);
    if (options.bestKnown && !announced && !out.stopped)
        options.bestKnown(out); // every fitting candidate was evaluated before the bound passed
    return out;
}

Plan searchBasis(const Plan& plan)
{
    Plan b = plan;
    b.name.clear();
    b.parallel = ParallelSpec {};
    b.placement = Placement {};
    TrainingSpec& t = b.training;
    const TrainingSpec chosen {};
    t.microBatch = chosen.microBatch;
    t.zeroStage = chosen.zeroStage;
    t.recompute = chosen.recompute;
    t.recomputeModules = chosen.recomputeModules;
    t.framework = chosen.framework;
    return b;
}

} // namespace plait
