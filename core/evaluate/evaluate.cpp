#include "evaluate.h"

#include "evaluationwarnings.h"
#include "figurecheck.h"
#include "gemm.h"
#include "inlayer.h"
#include "layercost.h"
#include "memory.h"
#include "overlap.h"
#include "params.h"
#include "plankeys.h"
#include "stagecost.h"
#include "tail.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <numeric>
#include <optional>
#include <tuple>

namespace plait {

namespace {

// The slowest group of a dimension on each stage sets that stage's collective time; one pass over the groups.
std::vector<const GroupPath*> worstPaths(const std::vector<Group>& groups, int stages)
{
    std::vector<const GroupPath*> worst(static_cast<std::size_t>(stages), nullptr);
    for (const Group& g : groups) {
        if (g.stage < 0 || g.stage >= stages)
            continue;
        const GroupPath*& w = worst[std::size_t(g.stage)];
        if (!w || g.path.busGBps < w->busGBps || (g.path.busGBps == w->busGBps && g.path.alphaS > w->alphaS))
            w = &g.path;
    }
    return worst;
}

struct StageComm {
    LayerCollectives calls; // one call of each, on the stage's slowest group of each dimension
    LayerCommTime added; // what they add to a layer's forward and backward (cost/inlayer.h)
    std::string tpLink, cpLink, epLink, dpLink, etpLink;
    const GroupPath* dpPath = nullptr; // the stage's slowest gradient group, which also reduces after the pipeline
};

// Each stage's in-layer collectives, on its slowest group of each dimension.
std::vector<StageComm> stageComms(const Plan& plan, const LayerCost& lc, const GroupSet& groups, double slowdown)
{
    const int p = plan.parallel.pp;
    const auto worstTp = worstPaths(groups.tp, p), worstCp = worstPaths(groups.cp, p);
    const auto worstEp = worstPaths(groups.ep, p), worstDp = worstPaths(groups.gradientGroups(), p);
    const auto worstEtp = worstPaths(groups.etp.empty() ? groups.tp : groups.etp, p);
    std::vector<StageComm> sc(static_cast<std::size_t>(p));
    for (int s = 0; s < p; ++s) {
        StageComm& c = sc[std::size_t(s)];
        const std::size_t i = std::size_t(s);
        c.calls = layerCollectives(plan, lc, worstTp[i], worstCp[i], worstEp[i], worstDp[i], worstEtp[i]);
        c.added = layerCommTime(plan, lc, c.calls, slowdown);
        c.tpLink = worstTp[i] ? worstTp[i]->link : "";
        c.cpLink = worstCp[i] ? worstCp[i]->link : "";
        // The all-to-all of a group across nodes leaves through the NICs (collective.cpp).
        c.epLink = !worstEp[i] ? "" : worstEp[i]->nic ? worstEp[i]->nic->id : worstEp[i]->link;
        c.dpLink = worstDp[i] ? worstDp[i]->link : "";
        c.etpLink = worstEtp[i] ? worstEtp[i]->link : "";
        c.dpPath = worstDp[i];
    }
    return sc;
}

// The in-layer collectives in one GPU's op list, and what of them stays exposed: what each overlapped unit (a
// DualPipe or combined-1F1B pair) leaves (pipeline/simulate.h's unitTime), a lone op all of it.
struct PairedComm {
    double total = 0, exposed = 0;
};
PairedComm pairedComm(const SimInput& in, int device)
{
    PairedComm out;
    const auto& ops = (*in.ops)[std::size_t(device)];
    for (std::size_t i = 0; i < ops.size();) {
        std::size_t e = i + 1;
        while (e < ops.size() && ops[e].overlapsPrevious)
            ++e;
        const UnitTime u = unitTime(in, device, ops, i, e);
        out.total += u.comm;
        out.exposed += u.exposed;
        i = e;
    }
    return out;
}

struct CommTotals {
    CommItem item;
    void accumulate(const CollectiveCost& c, double calls, double exposedPerCall)
    {
        item.timeS += c.seconds * calls;
        item.alphaS += c.alphaS * calls;
        item.bandwidthS += c.bandwidthS * calls;
        item.exposedS += exposedPerCall * calls;
    }
};

// Each stage boundary's send/recv (activations forward, gradients back, the same size), on the slowest pipeline's
// pair of GPUs there; Megatron's scatter-gather sends 1/t of the activations per TP rank.
struct PipelineTransfers {
    double bytes = 0;
    std::vector<double> seconds; // per boundary of the virtual stages, k to k + 1
    std::vector<std::string> links;
    CollectiveCost worst; // the slowest transfer of all
};
PipelineTransfers pipelineTransfers(const Plan& plan, const GroupSet& groups, const PipelineRoutes& routes)
{
    const ParallelSpec& par = plan.parallel;
    const int p = par.pp;
    PipelineTransfers t;
    t.bytes = plan.training.microBatch * double(plan.model.seqLen) / par.cp * double(plan.model.hidden)
        * bytesPerElement(plan) / par.tp;
    t.seconds.assign(std::size_t(std::max(routes.boundaries(), 0)), 0.0);
    t.links.assign(t.seconds.size(), "");
    if (p <= 1)
        return t;
    const ClusterSpec& cluster = plan.cluster;
    // Where every node is alike (no per-node links), a pair's transfer depends only on whether it stays inside one
    // NVLink domain and, above an oversubscribed fabric, one pod: each of those four kinds is priced once, not once
    // per PP group. Which kinds each pair of stages has is read group by group (each group's GPUs once; the chunks
    // of an interleaved schedule cross the same pairs again); the slowest kind names the link, the last group's
    // where kinds tie, as a walk over the groups would.
    const int boundaries = routes.boundaries();
    auto kindOf = [&cluster](int ga, int gb) {
        const bool domain = cluster.domainOf(ga) == cluster.domainOf(gb);
        const bool pod = !cluster.oversubscribed() || cluster.podOf(ga) == cluster.podOf(gb);
        return (domain ? 2 : 0) + (pod ? 1 : 0);
    };
    std::vector<std::pair<int, int>> pairs; // the (from, to) stages the boundaries join, each once
    std::vector<std::size_t> pairOf(static_cast<std::size_t>(boundaries));
    for (int k = 0; k < boundaries; ++k) {
        const std::pair<int, int> ends { routes.boundaryFrom(k).device, routes.boundaryTo(k).device };
        pairOf[std::size_t(k)] = std::size_t(std::find(pairs.begin(), pairs.end(), ends) - pairs.begin());
        if (pairOf[std::size_t(k)] == pairs.size())
            pairs.push_back(ends);
    }
    std::vector<std::array<int, 4>> firstOf(pairs.size(), { -1, -1, -1, -1 });
    std::vector<std::array<int, 4>> lastOf = firstOf;
    const bool alike = cluster.nodeLinks.empty();
    if (alike)
        for (std::size_t gi = 0; gi < groups.pp.size(); ++gi) {
            const std::vector<int>& gpus = groups.pp[gi].gpus;
            for (std::size_t i = 0; i < pairs.size(); ++i) {
                const auto [a, b] = pairs[i];
                if (a == b)
                    continue;
                const auto kind = std::size_t(kindOf(gpus[std::size_t(a)], gpus[std::size_t(b)]));
                if (firstOf[i][kind] < 0)
                    firstOf[i][kind] = int(gi);
                lastOf[i][kind] = int(gi);
            }
        }
    for (int k = 0; k < boundaries; ++k) {
        const std::size_t pair = pairOf[std::size_t(k)];
        const int a = pairs[pair].first, b = pairs[pair].second;
        if (a == b)
            continue; // the turn of a V: both chunks on one GPU, nothing to send
        double worst = 0;
        int worstAt = -1; // the last group with the slowest transfer: it names the boundary's link
        CollectiveCost slowest; // the first group's with it
        int slowestAt = -1;
        auto weigh = [&](const Group& g, int firstAt, int lastAt) {
            const GroupPath path = pairPath(cluster, g.gpus[std::size_t(a)], g.gpus[std::size_t(b)]);
            const CollectiveCost c = collectiveTime(CollectiveKind::SendRecv, t.bytes, path);
            if (c.seconds > worst || (c.seconds == worst && lastAt > worstAt)) {
                worst = c.seconds;
                worstAt = lastAt;
                t.links[std::size_t(k)] = path.link;
            }
            if (slowestAt < 0 || c.seconds > slowest.seconds || (c.seconds == slowest.seconds && firstAt < slowestAt)) {
                slowest = c;
                slowestAt = firstAt;
            }
        };
        if (alike) {
            for (std::size_t kind = 0; kind < 4; ++kind)
                if (const int gi = firstOf[pair][kind]; gi >= 0)
                    weigh(groups.pp[std::size_t(gi)], gi, lastOf[pair][kind]);
        } else {
            for (std::size_t gi = 0; gi < groups.pp.size(); ++gi)
                weigh(groups.pp[gi], int(gi), int(gi));
        }
        if (slowest.seconds > t.worst.seconds)
            t.worst = slowest;
        t.seconds[std::size_t(k)] = worst;
    }
    return t;
}

// What the communication breakdown is made of: the stages' in-layer collectives, the pipeline's transfers and what
// of them the critical path waits for, and the slowest stage's data-parallel tail (null: none).
struct CommBreakdownInput {
    const Plan& plan;
    const LayerCost& lc;
    const std::vector<StageComm>& sc;
    const PipelineTransfers& p2p;
    const PipelineRoutes& routes;
    double p2pExposed = 0;
    // Of the in-layer collectives' added time, what stays exposed: 1, except where overlapped pairs (DualPipe) hide
    // one micro-batch's under another's compute.
    double inLayerExposedShare = 1;
    // Of the EP all-to-all's, what Megatron-Core's combined 1F1B leaves exposed (1 without it).
    double epExposedShare = 1;
    // The stage whose in-layer collectives are listed: the busiest GPU's, where the shares above were taken.
    int stage = 0;
    const CommTotals* dpGrad = nullptr;
    const CommTotals* dpParam = nullptr;
    const CommTotals* embAllReduce = nullptr;
    const CommTotals* copyReduce = nullptr;
};
// One item per collective family and dimension, per step: on the stage with the most layers for the in-layer
// families, each family's exposed time shared among its items in proportion to their time.
void addCommBreakdown(const CommBreakdownInput& in, Evaluation& ev)
{
    const Plan& plan = in.plan;
    const LayerCost& lc = in.lc;
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    const int p = par.pp;
    const int v = par.chunks();
    const int m = ev.microBatches;
    const bool sp = tr.sequenceParallel && par.tp > 1;
    const StateBytes stateB = stateBytes(tr);
    const ModelSpec& model = plan.model;
    const int heavyStage = in.stage;
    const int layersMax = plan.layersOnStage(heavyStage);
    const StageComm& hc = in.sc[std::size_t(heavyStage)];
    // Each micro-batch passes every chunk of a GPU, except under DualPipe, where it passes the one of its direction.
    const double passShare = 1.0 / double(std::max<std::size_t>(1, in.routes.routes.size()));
    // The multi-token prediction modules' layers run where the model's last piece does (stagecost.cpp).
    const int mtpHere = par.holdsLastChunk(heavyStage) ? model.mtpLayers : 0;
    const double mbLayers = double(m) * (layersMax + mtpHere) * passShare;
    auto pushItem = [&](Dim dim, CollectiveKind kind, CommPayload what, CommTotals t, double bytesPerCall,
                        long long calls, const std::string& link, int groupSize) {
        if (t.item.timeS <= 0 && bytesPerCall <= 0)
            return;
        t.item.dim = dim;
        t.item.collective = kind;
        t.item.payload = what;
        t.item.bytesPerCall = bytesPerCall;
        t.item.count = calls;
        t.item.bytesPerStep = bytesPerCall * calls;
        t.item.link = link;
        t.item.groupSize = groupSize;
        ev.comm.push_back(t.item);
    };
    // Items of one family share the time the family adds (exposed and contention) in proportion to their own time.
    const int rcFull = tr.recompute == Recompute::Full ? 1 : 0;
    auto pushShared
        = [&](Dim dim, const std::vector<std::tuple<CollectiveKind, CommPayload, CollectiveCost, long long>>& parts,
              double bytesPerCall, double addedPerStep, const std::string& link, int groupSize) {
              double total = 0;
              for (const auto& [kind, what, cost, calls] : parts)
                  total += cost.seconds * double(calls);
              for (const auto& [kind, what, cost, calls] : parts) {
                  CommTotals t;
                  t.accumulate(cost, double(calls), 0);
                  t.item.exposedS = total > 0 ? addedPerStep * cost.seconds * double(calls) / total : 0;
                  t.item.algorithm = cost.algorithm;
                  pushItem(dim, kind, what, t, bytesPerCall, calls, link, groupSize);
              }
          };
    const LayerCollectives& hcalls = hc.calls;
    if (par.tp > 1) {
        const long long each = (long long)mbLayers * lc.tpCallsFwd; // per pass, over both blocks
        const double added
            = in.inLayerExposedShare * mbLayers * (hc.added.tpForward * (1 + rcFull) + hc.added.tpBackward);
        if (sp)
            pushShared(Dim::TP,
                { { CollectiveKind::AllGather, CommPayload::SpActivationsAndInputs, hcalls.tpGather,
                      each * (1 + rcFull + 2) },
                    { CollectiveKind::ReduceScatter, CommPayload::SpActivations, hcalls.tpScatter,
                        each * (1 + rcFull + 1) } },
                lc.tpBytes, added, hc.tpLink, par.tp);
        else
            pushShared(Dim::TP,
                { { CollectiveKind::AllReduce, CommPayload::LayerOutputs, hcalls.tpAllReduce, each * (2 + rcFull) } },
                lc.tpBytes, added, hc.tpLink, par.tp);
    }
    if (par.cp > 1)
        pushShared(Dim::CP,
            { { CollectiveKind::AllGather, CommPayload::KeysAndValues, hcalls.cpGather,
                  (long long)mbLayers * (2 + rcFull) },
                { CollectiveKind::ReduceScatter, CommPayload::KeyValueGradients, hcalls.cpScatter,
                    (long long)mbLayers } },
            lc.cpBytes, in.inLayerExposedShare * mbLayers * (hc.added.cpForward * (1 + rcFull) + hc.added.cpBackward),
            hc.cpLink, par.cp);
    const double moeLayers = double(m) * (layersMax - plan.denseLayersOnStage(heavyStage) + mtpHere) * passShare;
    const double moeExposed = in.inLayerExposedShare * in.epExposedShare;
    if (par.ep > 1) {
        // Each MoE layer dispatches its tokens to their experts and combines the outputs back, forward, and sends
        // the gradients the opposite ways backward: two items of the same buffer, half of the calls each.
        const long long calls = (long long)moeLayers * (lc.epCallsFwd + lc.epCallsBwd) / 2;
        const ExpertDispatch& d = hcalls.epDispatch;
        ev.dispatch = d;
        for (const auto& [kind, what] : { std::pair { d.dispatchKind, CommPayload::TokenDispatch },
                 std::pair { d.combineKind, CommPayload::TokenCombine } }) {
            CommTotals t;
            t.accumulate(hcalls.ep, calls, moeExposed * hcalls.ep.seconds);
            pushItem(Dim::EP, kind, what, t, d.bytes, calls, hc.epLink, par.ep);
        }
    }
    if (lc.etpBytes > 0) {
        // Expert TP: the received tokens gathered before the experts and their outputs reduce-scattered after, in
        // each direction.
        const long long calls = (long long)moeLayers * 2;
        for (const auto& [kind, cost, what] :
            { std::tuple { CollectiveKind::AllGather, hcalls.etpGather, CommPayload::RoutedTokensOverEtp },
                std::tuple { CollectiveKind::ReduceScatter, hcalls.etpScatter, CommPayload::ExpertOutputsOverEtp } }) {
            CommTotals t;
            t.accumulate(cost, calls, moeExposed * cost.seconds);
            pushItem(Dim::TP, kind, what, t, lc.etpBytes, calls, hc.etpLink, par.expertTp());
        }
    }
    if (p > 1) {
        // Every boundary between two GPUs, both directions, once per micro-batch that crosses it (one route each):
        // the transfers the critical path can wait for.
        int crossings = 0;
        for (int b = 0; b < in.routes.boundaries(); ++b)
            crossings += in.routes.boundaryFrom(b).device != in.routes.boundaryTo(b).device ? 1 : 0;
        CommTotals t;
        const long long calls = 2LL * m * crossings / std::max<long long>(1, (long long)in.routes.routes.size());
        t.accumulate(in.p2p.worst, calls, 0);
        t.item.exposedS = in.p2pExposed;
        t.item.algorithm = Algorithm::Direct;
        std::string link;
        for (const auto& l : in.p2p.links)
            if (!l.empty() && l != plan.cluster.intraNode.id)
                link = l;
        pushItem(Dim::PP, CollectiveKind::SendRecv, CommPayload::StageBoundaries, t, in.p2p.bytes, calls,
            link.empty() ? plan.cluster.intraNode.id : link, 2);
    }
    if (tr.zeroStage >= 3 && par.dp * par.cp > 1) {
        const int layersOnHeavy = plan.layersOnStage(heavyStage);
        const long long calls = (long long)(double(m) * layersOnHeavy * passShare);
        const StageParams sp1 = stageParams(model, 1, false, false, p, par.tp, par.expertShard());
        // Each layer gathered for its forward and again for its backward; the first of each chunk exposed.
        const double added = double(m)
            * (layersOnHeavy * (hc.added.zero3Forward + hc.added.zero3Backward)
                + v * (hcalls.zero3Gather.seconds - hc.added.zero3Forward));
        const double gatherTime = 2.0 * double(calls) * hcalls.zero3Gather.seconds;
        const double share = gatherTime / std::max(1e-300, gatherTime + double(calls) * hcalls.zero3Scatter.seconds);
        CommTotals g, r;
        g.accumulate(hcalls.zero3Gather, 2.0 * double(calls), 0);
        g.item.exposedS = added * share;
        r.accumulate(hcalls.zero3Scatter, calls, 0);
        r.item.exposedS = added * (1 - share);
        pushItem(Dim::DP, CollectiveKind::AllGather, CommPayload::Zero3Weights, g, sp1.total() * stateB.weights,
            2 * calls, hc.dpLink, par.dp * par.cp);
        pushItem(Dim::DP, CollectiveKind::ReduceScatter, CommPayload::Zero3Gradients, r, sp1.total() * stateB.grads,
            calls, hc.dpLink, par.dp * par.cp);
    }
    if (in.dpGrad && in.dpParam) {
        const bool sharded = tr.zeroStage >= 1;
        pushItem(Dim::DP, sharded ? CollectiveKind::ReduceScatter : CollectiveKind::AllReduce, CommPayload::Gradients,
            *in.dpGrad, in.dpGrad->item.bytesPerCall, in.dpGrad->item.count, in.dpGrad->item.link, par.dp * par.cp);
        if (sharded)
            pushItem(Dim::DP, CollectiveKind::AllGather, CommPayload::UpdatedWeights, *in.dpParam,
                in.dpParam->item.bytesPerCall, in.dpParam->item.count, in.dpParam->item.link, par.dp * par.cp);
    }
    if (in.embAllReduce && in.embAllReduce->item.timeS > 0)
        pushItem(Dim::PP, CollectiveKind::AllReduce, CommPayload::TiedEmbeddingGradients, *in.embAllReduce,
            in.embAllReduce->item.bytesPerCall, 1, in.embAllReduce->item.link, 2);
    if (in.copyReduce && in.copyReduce->item.timeS > 0)
        pushItem(Dim::PP, CollectiveKind::AllReduce, CommPayload::DualPipeCopies, *in.copyReduce,
            in.copyReduce->item.bytesPerCall, 1, in.copyReduce->item.link, 2);
}

}

namespace {
std::atomic<EvaluationObserver> g_observer { nullptr };
}

void setEvaluationObserver(EvaluationObserver observer)
{
    g_observer.store(observer);
}

Evaluation evaluate(const Plan& plan, EvaluationDetail detail, EvaluationMemo* memo)
{
    if (const EvaluationObserver observe = g_observer.load())
        observe(plan, detail);
    Evaluation ev;
    ev.plan = plan.name;
    ev.calibrationShipped = plan.cluster.calibration == builtinCalibration().values;
    ev.calibrationRuns = builtinCalibration().trainingRuns;
    ev.calibrationCrossValidated = builtinCalibration().crossValidatedMeanAbs;
    ev.paramsTotal = totalParams(plan.model);
    ev.capacityBytes = plan.cluster.gpu.memoryGiB * double(1ull << 30);
    ev.errors = validate(plan);
    if (!ev.errors.empty())
        return ev;
    ev.valid = true;

    const ModelSpec& model = plan.model;
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    const int p = par.pp;
    const int v = par.chunks();
    const int m = int(plan.microBatches());
    ev.microBatches = m;
    const LayerCost lc = layerCost(plan);
    // A MoE model's dense first layers: their own cost, collectives and ops (the stages holding them add them).
    const std::optional<LayerCost> lcDense = denseLayerCost(plan);
    const Plan densePlan = lcDense ? denseLayerPlan(plan) : Plan {};
    const int denseTotal = lcDense ? model.denseLayerCount() : 0;
    const EdgeCost first = firstStageCost(plan);
    const EdgeCost last = lastStageCost(plan);
    // The groups and op lists depend on the shape alone: any memo on this cluster shares them, whatever the detail.
    // A simulation is shared only when its events are not kept.
    const bool served = memo && memo->serves(plan);
    const bool memoized = served && detail == EvaluationDetail::Figures;
    const std::shared_ptr<const GroupSet> groupsHeld
        = served ? memo->groups(plan) : std::make_shared<const GroupSet>(buildGroups(plan));
    const GroupSet& groups = *groupsHeld;
    const StateBytes stateB = stateBytes(tr);

    // ---- per-stage communication inside the layers
    const double slowdown = overlapSlowdown(plan.cluster.gpu);
    const std::vector<StageComm> sc = stageComms(plan, lc, groups, slowdown);
    const std::vector<StageComm> scDense
        = lcDense ? stageComms(densePlan, *lcDense, groups, slowdown) : std::vector<StageComm> {};

    // ---- op durations per device and chunk (evaluate/stagecost.h), and the in-layer communication inside each op
    SimInput in;
    in.devices = p;
    in.chunks = v;
    in.cost.assign(std::size_t(p), std::vector<ChunkCost>(std::size_t(v)));
    std::vector<std::vector<ChunkCost>> inLayerComm(in.cost.size(), std::vector<ChunkCost>(std::size_t(v)));
    // The EP all-to-all's part of it (the MoE layers' dispatch and combine; none in dense first layers).
    std::vector<std::vector<ChunkCost>> epComm(in.cost.size(), std::vector<ChunkCost>(std::size_t(v)));
    std::vector<std::vector<ChunkCost>> moeMlp(in.cost.size(), std::vector<ChunkCost>(std::size_t(v)));
    ev.stages.assign(std::size_t(p), StageTimes {});
    for (int d = 0; d < p; ++d) {
        const StageComm& c = sc[std::size_t(d)];
        const LayerOps layer = layerOps(plan, lc, c.calls, c.added);
        const LayerOps denseLayer = lcDense
            ? layerOps(densePlan, *lcDense, scDense[std::size_t(d)].calls, scDense[std::size_t(d)].added)
            : LayerOps {};
        StageTimes& st = ev.stages[std::size_t(d)];
        for (int ch = 0; ch < v; ++ch) {
            const ChunkOps ops = chunkOps(plan, layer, first, last, d, ch, lcDense ? &denseLayer : nullptr);
            in.cost[std::size_t(d)][std::size_t(ch)] = ops.cost;
            inLayerComm[std::size_t(d)][std::size_t(ch)] = ops.comm;
            moeMlp[std::size_t(d)][std::size_t(ch)] = ops.moeMlp;
            epComm[std::size_t(d)][std::size_t(ch)] = ops.epComm;
            st.forward += ops.cost.forward;
            st.backwardInput += ops.cost.backwardInput;
            st.backwardWeight += ops.cost.backwardWeight;
            st.recompute += ops.cost.recompute;
        }
    }

    // ---- pipeline p2p: activations forward, gradients back
    ScheduleShape shape { par.schedule, p, m, v, tr.recompute != Recompute::None, tr.moeA2aOverlap };
    in.routes = pipelineRoutes(shape);
    const PipelineTransfers p2p = pipelineTransfers(plan, groups, in.routes);
    in.sendForward = p2p.seconds;
    in.sendBackward = p2p.seconds;
    in.weightPassesFill = par.schedule != Schedule::DualPipe && par.schedule != Schedule::DualPipeV;
    in.pairSlowdown = slowdown;
    // DualPipe's overlapped pairs and combined 1F1B hide one micro-batch's all-to-alls (dispatch, combine) under the
    // other's compute (DeepSeek-V3 §3.2.1; Megatron-Core's overlap_moe_expert_parallel_comm). Neither runs TP or CP
    // collectives across the pair: those stay in their own op, as in any schedule (a dense model gains nothing).
    const bool pairsHideAllToAll = !in.weightPassesFill || shape.combined;
    if (pairsHideAllToAll)
        in.comm = epComm;
    if (!in.comm.empty() && model.isMoe())
        in.moeMlp = moeMlp;
    // What the critical path's ops expose of the in-layer collectives outside the pairs' hiding.
    std::vector<std::vector<ChunkCost>> pathComm = inLayerComm;
    if (pairsHideAllToAll)
        for (int d = 0; d < p; ++d)
            for (int ch = 0; ch < v; ++ch) {
                ChunkCost& c = pathComm[std::size_t(d)][std::size_t(ch)];
                c.forward -= epComm[std::size_t(d)][std::size_t(ch)].forward;
                c.backwardInput -= epComm[std::size_t(d)][std::size_t(ch)].backwardInput;
            }

    in.ops = served ? memo->schedule(shape)
                    : std::make_shared<const std::vector<std::vector<Op>>>(generateSchedule(shape));
    SimOptions simOptions;
    simOptions.recordEvents = detail == EvaluationDetail::Full;
    // A fresh simulation is moved in, not copied (a ?: with the memo's shared result would copy every event).
    if (memoized)
        ev.timeline = *memo->simulation(shape, in);
    else
        ev.timeline = simulate(in, simOptions);
    if (!ev.timeline.ok) {
        ev.valid = false;
        ev.errors.push_back({ "parallel.schedule", ev.timeline.error });
        return ev;
    }
    ev.pipelineS = ev.timeline.makespan;

    // ---- data-parallel gradient traffic and the optimizer step, after each stage's last backward
    CommTotals dpGrad, dpParam, embAllReduce, copyReduce;
    double worstDpExposed = -1;
    for (int d = 0; d < p; ++d) {
        StageTimes& st = ev.stages[std::size_t(d)];
        const bool isFirst = par.holdsFirstChunk(d), isLast = par.holdsLastChunk(d);
        const StageParams sparams = stageParams(model, plan.layersOnStage(d), isFirst, isLast, p, par.tp,
            par.expertShard(), lcDense ? plan.denseLayersOnStage(d) : 0);
        const ChunkCost& lastBackward = in.cost[std::size_t(d)][0];
        const DataParallelTail tail = dataParallelTail(plan, sparams.total(), sc[std::size_t(d)].dpPath, stateB,
            { lastBackward.backwardInput + lastBackward.backwardWeight, st.forward, slowdown }, sparams.expert);
        ev.hostBytesPerNode = std::max(ev.hostBytesPerNode, tail.offload.hostBytesPerNode);
        if (tail.offload.exposedS > ev.offload.exposedS)
            ev.offload = tail.offload;
        double exposed = tail.exposedS();
        if (tail.reduces && exposed > worstDpExposed) {
            worstDpExposed = exposed;
            dpGrad = {};
            dpParam = {};
            dpGrad.accumulate(tail.grad, tail.buckets, tail.gradExposedS / tail.buckets);
            dpParam.accumulate(tail.param, tail.buckets, tail.paramExposedS / tail.buckets);
            dpGrad.item.count = dpParam.item.count = tail.buckets;
            dpGrad.item.bytesPerCall = tail.gradBytes;
            dpParam.item.bytesPerCall = tail.paramBytes;
            dpGrad.item.link = dpParam.item.link = sc[std::size_t(d)].dpLink;
            dpGrad.item.algorithm = tail.grad.algorithm;
            dpParam.item.algorithm = tail.param.algorithm;
        }
        // Tied embeddings across the pipeline: first and last stage all-reduce the embedding gradient (in a V one
        // GPU holds both).
        if (p > 1 && model.tiedEmbeddings && (isFirst != isLast)) {
            const Group& chain = groups.pp.front();
            const GroupPath pair = pairPath(plan.cluster, chain.gpus.front(), chain.gpus.back());
            const CollectiveCost c = tiedEmbeddingReduce(plan, pair, stateB);
            exposed += c.seconds;
            if (isFirst) {
                embAllReduce.accumulate(c, 1, c.seconds);
                embAllReduce.item.bytesPerCall = tiedEmbeddingBytes(plan, stateB);
                embAllReduce.item.link = pair.link;
            }
        }
        // DualPipe keeps two copies of every stage, on GPUs d and p − 1 − d: their gradients are summed before the
        // data-parallel reduction (DeepSeek-V3 §3.2.1, "two copies of the model parameters"), exposed whole here.
        if (par.schedule == Schedule::DualPipe) {
            const Group& chain = groups.pp.front();
            GroupPath pair = pairPath(plan.cluster, chain.gpus[std::size_t(d)], chain.gpus[std::size_t(p - 1 - d)]);
            pair.ranks = 2;
            const double bytes = sparams.total() * stateB.grads;
            const CollectiveCost c = collectiveTime(CollectiveKind::AllReduce, bytes, pair);
            exposed += c.seconds;
            if (c.seconds > copyReduce.item.timeS) {
                copyReduce = {};
                copyReduce.accumulate(c, 1, c.seconds);
                copyReduce.item.bytesPerCall = bytes;
                copyReduce.item.link = pair.link;
                copyReduce.item.algorithm = c.algorithm;
            }
        }
        st.dpExposed = exposed;
        st.optimizer = tail.optimizerS;
        st.end = ev.timeline.deviceEnd[std::size_t(d)] + st.dpExposed + st.optimizer;
    }
    // Synchronisation of many ranks (stragglers, jitter, the slowest rank setting every collective's pace): the
    // fitted share of the step per doubling of the GPU count past 8 (costcalibration.h), on every stage alike.
    if (const double perDoubling = plan.cluster.calibration.syncPerDoubling; perDoubling > 0 && par.gpusUsed() > 8) {
        double unsynced = 0;
        for (const StageTimes& st : ev.stages)
            unsynced = std::max(unsynced, st.end);
        const double sync = unsynced * perDoubling * std::log2(par.gpusUsed() / 8.0);
        for (StageTimes& st : ev.stages) {
            st.sync = sync;
            st.end += sync;
        }
    }
    ev.stepS = 0;
    int slowest = 0;
    for (int d = 0; d < p; ++d)
        if (ev.stages[std::size_t(d)].end > ev.stepS) {
            ev.stepS = ev.stages[std::size_t(d)].end;
            slowest = d;
        }

    // ---- exposed communication: what of it lies on the chain of work that ends the slowest stage's pipeline part
    // (transfers waited for, and the in-layer collectives inside the ops on that chain), then its DP tail. Without
    // recorded events: the slowest stage's own in-layer communication.
    double p2pExposed = 0, inLayerExposed = 0;
    constexpr OpKind kOps[] = { OpKind::Forward, OpKind::Recompute, OpKind::BackwardInput, OpKind::BackwardWeight };
    // The GPU with the most work: where the pairs' exposure is taken (and the communication breakdown's shares), so
    // that the headline and the breakdown stand on one basis.
    int busiest = 0;
    for (int d = 1; d < p; ++d)
        if (ev.timeline.deviceBusy[std::size_t(d)] > ev.timeline.deviceBusy[std::size_t(busiest)])
            busiest = d;
    // DualPipe and combined 1F1B: what the busiest GPU's pairs leave of its all-to-alls, and the rest as without them.
    if (pairsHideAllToAll)
        inLayerExposed = pairedComm(in, busiest).exposed;
    if (!ev.timeline.events.empty()) {
        const CriticalPath path = criticalPath(ev.timeline, slowest, p, v);
        p2pExposed = path.transferWaitS;
        for (int d = 0; d < p; ++d)
            for (int ch = 0; ch < v; ++ch)
                for (OpKind k : kOps)
                    if (const double dur = in.cost[std::size_t(d)][std::size_t(ch)].duration(k); dur > 0)
                        inLayerExposed
                            += path.compute(d, ch, k, v) * pathComm[std::size_t(d)][std::size_t(ch)].duration(k) / dur;
    } else {
        for (int ch = 0; ch < v; ++ch)
            for (OpKind k : kOps)
                inLayerExposed += m * pathComm[std::size_t(slowest)][std::size_t(ch)].duration(k);
    }

    // ---- bubble: idle time of the busiest stage within the pipeline phase, over the step
    ev.computeS = ev.timeline.deviceBusy[std::size_t(busiest)];
    ev.bubbleFraction = ev.stepS > 0 ? std::max(0.0, ev.pipelineS - ev.computeS) / ev.stepS : 0;
    ev.busiestStage = busiest;
    for (int d = 0; d < p; ++d) {
        const double idle
            = ev.stepS > 0 ? std::max(0.0, ev.pipelineS - ev.timeline.deviceBusy[std::size_t(d)]) / ev.stepS : 0;
        if (idle > ev.idlestFraction) {
            ev.idlestFraction = idle;
            ev.idlestStage = d;
        }
    }

    // ---- communication breakdown (per step, on the busiest stage)
    // The busiest stage's: a stage slowed by a group that crosses nodes lists that group's collectives.
    CommBreakdownInput bi { plan, lc, sc, p2p, in.routes, p2pExposed };
    bi.stage = busiest;
    if (!in.comm.empty()) {
        const PairedComm bc = pairedComm(in, busiest);
        (shape.combined ? bi.epExposedShare : bi.inLayerExposedShare) = bc.total > 0 ? bc.exposed / bc.total : 1;
    }
    if (worstDpExposed >= 0) {
        bi.dpGrad = &dpGrad;
        bi.dpParam = &dpParam;
    }
    bi.embAllReduce = &embAllReduce;
    bi.copyReduce = &copyReduce;
    addCommBreakdown(bi, ev);
    const StageTimes& slow = ev.stages[std::size_t(slowest)];
    ev.exposedCommS = inLayerExposed + p2pExposed + slow.dpExposed;

    // ---- memory per stage, with the micro-batches in flight taken from the op lists
    for (int d = 0; d < p; ++d) {
        const StageMemory mem = stageMemory(plan, d, peakInFlight(ev.timeline, d), lc, lcDense ? &*lcDense : nullptr);
        ev.memory.push_back(mem);
        if (mem.total() > ev.peakBytes) {
            ev.peakBytes = mem.total();
            ev.peakStage = d;
        }
    }

    // ---- throughput: model FLOPs (fwd + 2× bwd, PaLM / Korthikanti Appendix A, causal attention) and hardware
    // FLOPs (what the timed kernels compute, recomputation included)
    const double microBatchesTotal = double(tr.globalBatch) / tr.microBatch;
    const double head = 3 * last.fwdFlops * par.tp * par.cp;
    // Per micro-batch over every layer and GPU of a pipeline: f of each layer kind times its count, times TP·CP.
    auto overLayers = [&](auto f) {
        return par.tp * par.cp
            * (f(lc) * double(model.layers + model.mtpLayers - denseTotal) + (lcDense ? f(*lcDense) * denseTotal : 0));
    };
    // Model FLOPs count once what each TP rank computes whole.
    const double copies = 1.0 - 1.0 / par.tp;
    auto modelLinear = [copies](const LayerCost& c) {
        return c.linearFwdFlops - copies * c.replicatedFwdFlops - c.imbalanceFwdFlops;
    };
    ev.modelFlopsPerStep
        = (overLayers([&](const LayerCost& c) { return 3 * (modelLinear(c) + c.attentionModelFwdFlops); }) + head)
        * microBatchesTotal;
    const Recompute rc = tr.recompute;
    ev.hardwareFlopsPerStep = (overLayers([rc](const LayerCost& c) {
        const double linear = c.linearFwdFlops - c.imbalanceFwdFlops;
        double h = 3 * linear + c.attentionFwdFlops + c.attentionBwdFlops;
        if (rc == Recompute::Full)
            h += linear + c.attentionFwdFlops;
        else if (rc == Recompute::Selective || rc == Recompute::SelectiveOps)
            h += c.recomputeFwdFlops;
        return h;
    }) + head)
        * microBatchesTotal;
    const double gpus = par.gpusUsed();
    ev.peakTflops = peakTflops(plan);
    if (ev.stepS > 0) {
        ev.tokensPerS = double(tr.globalBatch) * double(model.seqLen) / ev.stepS;
        ev.modelTflopsPerGpu = ev.modelFlopsPerStep / (ev.stepS * gpus) / 1e12;
        ev.hardwareTflopsPerGpu = ev.hardwareFlopsPerStep / (ev.stepS * gpus) / 1e12;
        ev.mfu = ev.modelTflopsPerGpu / ev.peakTflops;
        ev.hfu = ev.hardwareTflopsPerGpu / ev.peakTflops;
        const double fullAttention = (overLayers([&](const LayerCost& c) {
            return 3 * (modelLinear(c) + 2 * c.attentionModelFwdFlops);
        }) + head)
            * microBatchesTotal;
        ev.mfuMegatron = fullAttention / (ev.stepS * gpus) / 1e12 / ev.peakTflops;
    }

    if (std::vector<Issue> bad = figureProblems(ev, gemmCeiling(plan.cluster.gpu)); !bad.empty()) {
        ev.valid = false;
        ev.errors = std::move(bad);
    }
    addEvaluationWarnings(plan, groups, lc, slowest, ev);
    return ev;
}

} // namespace plait
