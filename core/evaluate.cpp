#include "evaluate.h"

#include "figurecheck.h"
#include "gemm.h"
#include "inlayer.h"
#include "layercost.h"
#include "memory.h"
#include "overlap.h"
#include "params.h"
#include "plankeys.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <tuple>

namespace plait {

namespace {
std::string fmt(double x, int precision = 3)
{
    std::ostringstream s;
    s.precision(precision);
    s << x;
    return s.str();
}
std::string gib(double bytes)
{
    return fmt(bytes / double(1ull << 30), 3) + " GiB";
}

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
    std::string tpLink, cpLink, epLink, dpLink;
};
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
}

double optimizerStepTime(double params, double shard, double gradShard, const StateBytes& bytes, const GpuSpec& gpu)
{
    const double update = params / shard * (bytes.optimizer * 2 + bytes.grads + bytes.weights);
    const double norm = params / shard * bytes.grads;
    const double zero = params / gradShard * bytes.grads;
    const double unscale = bytes.lossScaling ? 2 * params / shard * bytes.grads : 0;
    return memoryTime(update + norm + zero + unscale, gpu);
}

double lastGradientBucket(double reduceSeconds, double params)
{
    return reduceSeconds * std::min(1.0, 40e6 / std::max(params, 1.0));
}

bool weightGatherOverlapsForward(const TrainingSpec& t)
{
    return t.zeroStage >= 1 && t.zeroStage <= 2
        && (t.overlapParamGather || (t.framework == Framework::Fsdp && t.zeroStage == 2));
}

double tiedEmbeddingBytes(const Plan& plan, const StateBytes& bytes)
{
    return double(plan.model.vocab) * double(plan.model.hidden) / plan.parallel.tp * bytes.grads;
}

CollectiveCost tiedEmbeddingReduce(const Plan& plan, GroupPath pair, const StateBytes& bytes)
{
    pair.ranks = 2;
    return collectiveTime(CollectiveKind::AllReduce, tiedEmbeddingBytes(plan, bytes), pair);
}

Evaluation evaluate(const Plan& plan, EvaluationDetail detail, EvaluationMemo* memo)
{
    Evaluation ev;
    ev.plan = plan.name;
    ev.paramsTotal = totalParams(plan.model);
    ev.capacityBytes = plan.cluster.gpu.memoryGiB * double(1ull << 30);
    // A misspelt key may be why the plan is invalid: say so either way, with the value that applies instead.
    ev.warnings = unknownKeyWarnings(plan.raw);
    if (!ev.warnings.empty()) {
        const nlohmann::json applied = toJson(plan);
        ev.warnings = unknownKeyWarnings(plan.raw, &applied);
    }
    ev.errors = validate(plan);
    if (!ev.errors.empty())
        return ev;
    ev.valid = true;

    const ModelSpec& model = plan.model;
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    const int p = par.pp;
    const int v = par.schedule == Schedule::Interleaved ? par.vpp : 1;
    const int m = int(plan.microBatches());
    ev.microBatches = m;
    const double e = bytesPerElement(plan);
    const LayerCost lc = layerCost(plan);
    const EdgeCost first = firstStageCost(plan);
    const EdgeCost last = lastStageCost(plan);
    const bool memoized = memo && detail == EvaluationDetail::Figures && memo->serves(plan);
    const std::shared_ptr<const GroupSet> groupsHeld
        = memoized ? memo->groups(plan) : std::make_shared<const GroupSet>(buildGroups(plan));
    const GroupSet& groups = *groupsHeld;
    const auto worstTp = worstPaths(groups.tp, p), worstCp = worstPaths(groups.cp, p);
    const auto worstEp = worstPaths(groups.ep, p), worstDp = worstPaths(groups.gradientGroups(), p);
    const bool sp = tr.sequenceParallel && par.tp > 1;
    const bool zb = par.schedule == Schedule::ZbH1;
    const StateBytes stateB = stateBytes(tr);

    // ---- per-stage communication inside the layers
    const double slowdown = overlapSlowdown(plan.cluster.gpu);
    std::vector<StageComm> sc(static_cast<std::size_t>(p));
    for (int s = 0; s < p; ++s) {
        StageComm& c = sc[std::size_t(s)];
        const std::size_t i = std::size_t(s);
        c.calls = layerCollectives(plan, lc, worstTp[i], worstCp[i], worstEp[i], worstDp[i]);
        c.added = layerCommTime(plan, lc, c.calls, slowdown);
        c.tpLink = worstTp[i] ? worstTp[i]->link : "";
        c.cpLink = worstCp[i] ? worstCp[i]->link : "";
        // The all-to-all of a group across nodes leaves through the NICs (collective.cpp).
        c.epLink = !worstEp[i] ? "" : worstEp[i]->nic ? worstEp[i]->nic->id : worstEp[i]->link;
        c.dpLink = worstDp[i] ? worstDp[i]->link : "";
    }

    // ---- op durations per device and chunk
    const double layerFwd = lc.forward(), layerBwdIn = lc.backwardInput(), layerW = lc.wgradGemm;
    SimInput in;
    in.devices = p;
    in.chunks = v;
    in.cost.assign(std::size_t(p), std::vector<ChunkCost>(std::size_t(v)));
    // The in-layer communication inside each op (TP, and what CP, EP and ZeRO-3 add beyond the compute hiding it).
    std::vector<std::vector<ChunkCost>> inLayerComm(in.cost.size(), std::vector<ChunkCost>(std::size_t(v)));
    ev.stages.assign(std::size_t(p), StageTimes {});
    for (int d = 0; d < p; ++d) {
        const StageComm& c = sc[std::size_t(d)];
        // What the layer's collectives add beyond the compute they run beside; recomputation repeats the forward's
        // but not ZeRO-3's gather (the backward's gather already holds the weights). Each layer's ZeRO-3 gather hides
        // under the layer before it; a chunk's first has none, so it is exposed whole.
        const double commF = c.added.forward(), commB = c.added.backward();
        const double commR = commF - c.added.zero3Forward;
        const double firstGather = c.calls.zero3Gather.seconds - c.added.zero3Forward;
        for (int ch = 0; ch < v; ++ch) {
            const double layers = plan.layersInChunk(d, ch);
            const int k = ch * p + d;
            const bool isFirst = k == 0, isLast = k == p * v - 1;
            ChunkCost& cc = in.cost[std::size_t(d)][std::size_t(ch)];
            cc.forward
                = layers * (layerFwd + commF) + firstGather + (isFirst ? first.fwd : 0) + (isLast ? last.fwd : 0);
            cc.backwardInput = layers * (layerBwdIn + commB) + (isFirst ? first.dgrad : 0) + (isLast ? last.dgrad : 0);
            cc.backwardWeight = layers * layerW + (isFirst ? first.wgrad : 0) + (isLast ? last.wgrad : 0);
            if (tr.recompute == Recompute::Full)
                cc.recompute = layers * (layerFwd + commR);
            else if (tr.recompute == Recompute::Selective)
                cc.recompute = layers * lc.fwdAttention;
            ChunkCost& comm = inLayerComm[std::size_t(d)][std::size_t(ch)];
            comm.forward = layers * commF + firstGather;
            comm.backwardInput = layers * commB;
            comm.recompute = tr.recompute == Recompute::Full ? layers * commR : 0;
            if (!zb) {
                cc.backwardInput += cc.backwardWeight;
                cc.backwardWeight = 0;
            }
        }
        StageTimes& st = ev.stages[std::size_t(d)];
        for (const ChunkCost& cc : in.cost[std::size_t(d)]) {
            st.forward += cc.forward;
            st.backwardInput += cc.backwardInput;
            st.backwardWeight += cc.backwardWeight;
            st.recompute += cc.recompute;
        }
    }

    // ---- pipeline p2p: activations forward, gradients back; Megatron's scatter-gather sends 1/t per TP rank
    const double p2pBytes = tr.microBatch * double(model.seqLen) / par.cp * double(model.hidden) * e / par.tp;
    const int vs = p * v;
    in.sendForward.assign(std::size_t(std::max(vs - 1, 0)), 0.0);
    in.sendBackward = in.sendForward;
    std::vector<std::string> p2pLink(std::size_t(std::max(vs - 1, 0)));
    CollectiveCost p2pWorst;
    if (p > 1) {
        // GPUs of a node that send to another node at the same time share its NICs.
        std::vector<int> crossing(std::size_t(plan.cluster.nodes), 0);
        const int gpn = plan.cluster.gpusPerNode;
        for (const Group& g : groups.pp)
            for (std::size_t i = 0; i + 1 < g.gpus.size(); ++i)
                if (g.gpus[i] / gpn != g.gpus[i + 1] / gpn)
                    ++crossing[std::size_t(g.gpus[i] / gpn)];
        for (int k = 0; k + 1 < vs; ++k) {
            const int a = k % p, b = (k + 1) % p;
            double worst = 0;
            for (const Group& g : groups.pp) {
                const int ga = g.gpus[std::size_t(a)], gb = g.gpus[std::size_t(b)];
                const GroupPath path = pairPath(plan.cluster, ga, gb, crossing[std::size_t(ga / gpn)]);
                const CollectiveCost c = collectiveTime(CollectiveKind::SendRecv, p2pBytes, path);
                if (c.seconds >= worst) {
                    worst = c.seconds;
                    p2pLink[std::size_t(k)] = path.link;
                }
                if (c.seconds > p2pWorst.seconds)
                    p2pWorst = c;
            }
            in.sendForward[std::size_t(k)] = worst;
            in.sendBackward[std::size_t(k)] = worst;
        }
    }

    ScheduleShape shape { par.schedule, p, m, v, tr.recompute != Recompute::None };
    in.ops = generateSchedule(shape);
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
    std::vector<CommTotals> dpItems;
    CommTotals dpGrad, dpParam, embAllReduce;
    double worstDpExposed = -1;
    for (int d = 0; d < p; ++d) {
        StageTimes& st = ev.stages[std::size_t(d)];
        const bool isFirst = d == 0, isLast = d == p - 1;
        const StageParams sparams = stageParams(model, plan.layersOnStage(d), isFirst, isLast, p, par.tp, par.ep);
        const GroupPath* path = worstDp[std::size_t(d)];
        CollectiveCost grad, param;
        double exposed = 0;
        if (path && par.dp * par.cp > 1 && tr.zeroStage < 3) {
            const double gradBytes = sparams.total() * stateB.grads;
            if (tr.zeroStage == 0) {
                grad = collectiveTime(CollectiveKind::AllReduce, gradBytes, *path);
            } else {
                grad = collectiveTime(CollectiveKind::ReduceScatter, gradBytes, *path);
                param = collectiveTime(CollectiveKind::AllGather, sparams.total() * stateB.weights, *path);
            }
            const double lastBackward
                = in.cost[std::size_t(d)][0].backwardInput + in.cost[std::size_t(d)][0].backwardWeight;
            const double lastBucket = lastGradientBucket(grad.seconds, sparams.total());
            // Buckets reduce beside the last backward by the overlap rule; the last one waits for it to end.
            const double gradExposed = tr.overlapGradReduce
                ? lastBucket + overlapCost(grad.seconds - lastBucket, lastBackward, slowdown)
                : grad.seconds;
            // The weight gather, overlapped, runs beside the first micro-batch's forward through the stage's chunks
            // (st.forward: one micro-batch's forward, all chunks).
            const double firstBucket = lastGradientBucket(param.seconds, sparams.total());
            const double paramExposed = weightGatherOverlapsForward(tr)
                ? firstBucket + overlapCost(param.seconds - firstBucket, st.forward, slowdown)
                : param.seconds;
            exposed = gradExposed + paramExposed;
            if (exposed > worstDpExposed) {
                worstDpExposed = exposed;
                dpGrad = {};
                dpParam = {};
                dpGrad.accumulate(grad, 1, gradExposed);
                dpParam.accumulate(param, 1, paramExposed);
                dpGrad.item.bytesPerCall = gradBytes;
                dpParam.item.bytesPerCall = sparams.total() * stateB.weights;
                dpGrad.item.link = dpParam.item.link = path->link;
                dpGrad.item.algorithm = grad.algorithm;
                dpParam.item.algorithm = param.algorithm;
            }
        }
        // Tied embeddings across the pipeline: first and last stage all-reduce the embedding gradient.
        if (p > 1 && model.tiedEmbeddings && (isFirst || isLast)) {
            const Group& chain = groups.pp.front();
            const GroupPath pair
                = pairPath(plan.cluster, chain.gpus.front(), chain.gpus.back(), plan.cluster.gpusPerNode);
            const CollectiveCost c = tiedEmbeddingReduce(plan, pair, stateB);
            exposed += c.seconds;
            if (isFirst) {
                embAllReduce.accumulate(c, 1, c.seconds);
                embAllReduce.item.bytesPerCall = tiedEmbeddingBytes(plan, stateB);
                embAllReduce.item.link = pair.link;
            }
        }
        st.dpExposed = exposed;
        const double shard = tr.zeroStage >= 1 ? par.dp * par.cp : 1;
        st.optimizer
            = optimizerStepTime(sparams.total(), shard, tr.zeroStage >= 2 ? shard : 1, stateB, plan.cluster.gpu);
        st.end = ev.timeline.deviceEnd[std::size_t(d)] + st.dpExposed + st.optimizer;
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
    if (!ev.timeline.events.empty()) {
        const CriticalPath path = criticalPath(ev.timeline, slowest, p, v);
        p2pExposed = path.transferWaitS;
        for (int d = 0; d < p; ++d)
            for (int ch = 0; ch < v; ++ch)
                for (OpKind k : kOps)
                    if (const double dur = in.cost[std::size_t(d)][std::size_t(ch)].duration(k); dur > 0)
                        inLayerExposed += path.compute(d, ch, k, v)
                            * inLayerComm[std::size_t(d)][std::size_t(ch)].duration(k) / dur;
    } else {
        for (int ch = 0; ch < v; ++ch)
            for (OpKind k : kOps)
                inLayerExposed += m * inLayerComm[std::size_t(slowest)][std::size_t(ch)].duration(k);
    }

    // ---- bubble: idle time of the busiest stage within the pipeline phase, over the step
    int busiest = 0;
    for (int d = 1; d < p; ++d)
        if (ev.timeline.deviceBusy[std::size_t(d)] > ev.timeline.deviceBusy[std::size_t(busiest)])
            busiest = d;
    ev.computeS = ev.timeline.deviceBusy[std::size_t(busiest)];
    ev.bubbleFraction = ev.stepS > 0 ? std::max(0.0, ev.pipelineS - ev.computeS) / ev.stepS : 0;

    // ---- communication breakdown (per step, on the slowest stage for each dimension)
    auto layersMax = [&]() {
        int mx = 0;
        for (int d = 0; d < p; ++d)
            mx = std::max(mx, plan.layersOnStage(d));
        return mx;
    }();
    int heavyStage = 0;
    for (int d = 0; d < p; ++d)
        if (plan.layersOnStage(d) == layersMax) {
            heavyStage = d;
            break;
        }
    const StageComm& hc = sc[std::size_t(heavyStage)];
    const double mbLayers = double(m) * layersMax;
    auto pushItem = [&](Dim dim, CollectiveKind kind, const char* what, CommTotals t, double bytesPerCall,
                        long long calls, const std::string& link, int groupSize) {
        if (t.item.timeS <= 0 && bytesPerCall <= 0)
            return;
        t.item.dim = dim;
        t.item.collective = kind;
        t.item.what = what;
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
        = [&](Dim dim, const std::vector<std::tuple<CollectiveKind, const char*, CollectiveCost, long long>>& parts,
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
        const double added = mbLayers * (hc.added.tpForward * (1 + rcFull) + hc.added.tpBackward);
        if (sp)
            pushShared(Dim::TP,
                { { CollectiveKind::AllGather,
                      "layer activations, and inputs re-gathered for weight gradients (sequence parallel)",
                      hcalls.tpGather, each * (1 + rcFull + 2) },
                    { CollectiveKind::ReduceScatter, "layer activations (sequence parallel)", hcalls.tpScatter,
                        each * (1 + rcFull + 1) } },
                lc.tpBytes, added, hc.tpLink, par.tp);
        else
            pushShared(Dim::TP,
                { { CollectiveKind::AllReduce, "layer outputs and input gradients", hcalls.tpAllReduce,
                    each * (2 + rcFull) } },
                lc.tpBytes, added, hc.tpLink, par.tp);
    }
    if (par.cp > 1)
        pushShared(Dim::CP,
            { { CollectiveKind::AllGather, "keys and values", hcalls.cpGather, (long long)mbLayers * (2 + rcFull) },
                { CollectiveKind::ReduceScatter, "key and value gradients", hcalls.cpScatter, (long long)mbLayers } },
            lc.cpBytes, mbLayers * (hc.added.cpForward * (1 + rcFull) + hc.added.cpBackward), hc.cpLink, par.cp);
    if (par.ep > 1) {
        const long long calls = (long long)mbLayers * (lc.epCallsFwd + lc.epCallsBwd);
        CommTotals t;
        t.accumulate(hcalls.ep, calls, hcalls.ep.seconds);
        pushItem(
            Dim::EP, CollectiveKind::AllToAll, "token dispatch and combine", t, lc.epBytes, calls, hc.epLink, par.ep);
    }
    if (p > 1) {
        // Every boundary of one pipeline, both directions: the transfers its critical path can wait for.
        CommTotals t;
        const long long calls = 2LL * m * (vs - 1);
        t.accumulate(p2pWorst, calls, 0);
        t.item.exposedS = p2pExposed;
        t.item.algorithm = Algorithm::Direct;
        std::string link;
        for (const auto& l : p2pLink)
            if (!l.empty() && l != plan.cluster.intraNode.id)
                link = l;
        pushItem(Dim::PP, CollectiveKind::SendRecv, "activations and gradients, all stage boundaries", t, p2pBytes,
            calls, link.empty() ? plan.cluster.intraNode.id : link, 2);
    }
    if (tr.zeroStage >= 3 && par.dp * par.cp > 1) {
        const int layersOnHeavy = plan.layersOnStage(heavyStage);
        const long long calls = (long long)m * layersOnHeavy;
        const StageParams sp1 = stageParams(model, 1, false, false, p, par.tp, par.ep);
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
        pushItem(Dim::DP, CollectiveKind::AllGather, "ZeRO-3 weights", g, sp1.total() * stateB.weights, 2 * calls,
            hc.dpLink, par.dp * par.cp);
        pushItem(Dim::DP, CollectiveKind::ReduceScatter, "ZeRO-3 gradients", r, sp1.total() * stateB.grads, calls,
            hc.dpLink, par.dp * par.cp);
    }
    if (worstDpExposed >= 0) {
        const bool sharded = tr.zeroStage >= 1;
        pushItem(Dim::DP, sharded ? CollectiveKind::ReduceScatter : CollectiveKind::AllReduce, "gradients", dpGrad,
            dpGrad.item.bytesPerCall, 1, dpGrad.item.link, par.dp * par.cp);
        if (sharded)
            pushItem(Dim::DP, CollectiveKind::AllGather, "updated weights", dpParam, dpParam.item.bytesPerCall, 1,
                dpParam.item.link, par.dp * par.cp);
    }
    if (embAllReduce.item.timeS > 0)
        pushItem(Dim::PP, CollectiveKind::AllReduce, "tied embedding gradients", embAllReduce,
            embAllReduce.item.bytesPerCall, 1, embAllReduce.item.link, 2);
    const StageTimes& slow = ev.stages[std::size_t(slowest)];
    ev.exposedCommS = inLayerExposed + p2pExposed + slow.dpExposed;

    // ---- memory per stage, with the micro-batches in flight taken from the op lists
    for (int d = 0; d < p; ++d) {
        const StageMemory mem = stageMemory(plan, d, peakInFlight(ev.timeline, d), lc);
        ev.memory.push_back(mem);
        if (mem.total() > ev.peakBytes) {
            ev.peakBytes = mem.total();
            ev.peakStage = d;
        }
    }

    // ---- throughput: model FLOPs (fwd + 2× bwd, PaLM / Korthikanti Appendix A, causal attention) and hardware
    // FLOPs (what the timed kernels compute, recomputation included)
    const double perMicroBatch = par.tp * par.cp * double(model.layers);
    const double microBatchesTotal = double(tr.globalBatch) / tr.microBatch;
    const double head = 3 * last.fwdFlops * par.tp * par.cp;
    ev.modelFlopsPerStep
        = (3 * (lc.linearFwdFlops + lc.attentionModelFwdFlops) * perMicroBatch + head) * microBatchesTotal;
    double hardwarePerLayer = 3 * lc.linearFwdFlops + lc.attentionFwdFlops + lc.attentionBwdFlops;
    if (tr.recompute == Recompute::Full)
        hardwarePerLayer += lc.linearFwdFlops + lc.attentionFwdFlops;
    else if (tr.recompute == Recompute::Selective)
        hardwarePerLayer += lc.attentionFwdFlops;
    ev.hardwareFlopsPerStep = (hardwarePerLayer * perMicroBatch + head) * microBatchesTotal;
    const double gpus = par.gpusUsed();
    ev.peakTflops = peakTflops(plan);
    if (ev.stepS > 0) {
        ev.tokensPerS = double(tr.globalBatch) * double(model.seqLen) / ev.stepS;
        ev.modelTflopsPerGpu = ev.modelFlopsPerStep / (ev.stepS * gpus) / 1e12;
        ev.hardwareTflopsPerGpu = ev.hardwareFlopsPerStep / (ev.stepS * gpus) / 1e12;
        ev.mfu = ev.modelTflopsPerGpu / ev.peakTflops;
        ev.hfu = ev.hardwareTflopsPerGpu / ev.peakTflops;
        const double fullAttention
            = (3 * (lc.linearFwdFlops + 2 * lc.attentionModelFwdFlops) * perMicroBatch + head) * microBatchesTotal;
        ev.mfuMegatron = fullAttention / (ev.stepS * gpus) / 1e12 / ev.peakTflops;
    }

    // ---- warnings
    auto warn = [&](const char* code, std::string message, std::vector<std::string> args) {
        ev.warnings.push_back({ code, std::move(message), std::move(args) });
    };
    {
        int crossing = 0;
        const Group* example = nullptr;
        for (const Group& g : groups.tp)
            if (g.crossesNode) {
                ++crossing;
                if (!example)
                    example = &g;
            }
        if (crossing > 0) {
            std::string ids;
            for (int x : example->gpus)
                ids += (ids.empty() ? "" : ", ") + std::to_string(x);
            warn("tp-crosses-node",
                std::to_string(crossing) + " of " + std::to_string(groups.tp.size())
                    + " TP groups span more than one node (e.g. GPUs " + ids
                    + "): every layer's TP traffic then runs at " + fmt(example->path.nicGBps) + " GB/s per GPU over "
                    + plan.cluster.interNode.id + " instead of " + fmt(plan.cluster.intraNode.effectiveGBps())
                    + " GB/s over " + plan.cluster.intraNode.id,
                { std::to_string(crossing), std::to_string(groups.tp.size()), ids, fmt(example->path.nicGBps),
                    plan.cluster.interNode.id, fmt(plan.cluster.intraNode.effectiveGBps()),
                    plan.cluster.intraNode.id });
        }
    }
    if (p > 1 && ev.bubbleFraction > 0.10) {
        // The 1F1B bubble (p−1)/(m+p−1) is 10% at m = 9·(p−1); interleaving (÷v) and ZB-H1 need fewer.
        const int enough = 9 * (p - 1);
        warn("too-few-microbatches",
            "m = " + std::to_string(m) + " micro-batches for p = " + std::to_string(p)
                + " stages: the pipeline bubble is " + fmt(100 * ev.bubbleFraction, 3)
                + "% of the step; (p−1)/(m+p−1) falls to 10% at m = 9·(p−1) = " + std::to_string(enough)
                + " micro-batches (a smaller micro-batch or a larger global batch), and interleaved stages or ZB-H1 "
                  "shrink it with fewer",
            { std::to_string(m), std::to_string(p), fmt(100 * ev.bubbleFraction, 3), std::to_string(enough) });
    }
    if (ev.peakBytes > ev.capacityBytes) {
        const StageMemory& mm = ev.memory[std::size_t(ev.peakStage)];
        const std::pair<const char*, double> terms[] = { { "weights", mm.weights }, { "gradients", mm.grads },
            { "optimizer state", mm.optimizer }, { "activations", mm.activations }, { "other", mm.other } };
        const auto* largest = std::max_element(
            std::begin(terms), std::end(terms), [](auto& a, auto& b) { return a.second < b.second; });
        warn("out-of-memory",
            "stage " + std::to_string(ev.peakStage) + " needs " + gib(ev.peakBytes) + " per GPU, the "
                + plan.cluster.gpu.id + " has " + gib(ev.capacityBytes) + "; the largest term is " + largest->first
                + " (" + gib(largest->second) + ")",
            { std::to_string(ev.peakStage), gib(ev.peakBytes), plan.cluster.gpu.id, gib(ev.capacityBytes),
                largest->first, gib(largest->second) });
    }
    if (slow.dpExposed > 0.25 * ev.stepS && par.dp > 1)
        warn("dp-comm-dominates",
            "exposed data-parallel communication takes " + fmt(slow.dpExposed * 1e3) + " ms of the "
                + fmt(ev.stepS * 1e3) + " ms step (" + fmt(100 * slow.dpExposed / ev.stepS, 3)
                + "%); a larger global batch per DP rank, or fewer DP ranks across slow links, would hide it",
            { fmt(slow.dpExposed * 1e3), fmt(ev.stepS * 1e3), fmt(100 * slow.dpExposed / ev.stepS, 3) });
    if (p > 1) {
        const auto& busy = ev.timeline.deviceBusy;
        const auto [mn, mx] = std::minmax_element(busy.begin(), busy.end());
        if (*mn > 0 && *mx / *mn > 1.10)
            warn("unbalanced-stages",
                "stage " + std::to_string(mx - busy.begin()) + " computes for " + fmt(*mx * 1e3)
                    + " ms per step and stage " + std::to_string(mn - busy.begin()) + " for " + fmt(*mn * 1e3)
                    + " ms; the others wait for the slowest. Moving layers off stage "
                    + std::to_string(mx - busy.begin()) + " (parallel.layers_per_stage) would balance them",
                { std::to_string(mx - busy.begin()), fmt(*mx * 1e3), std::to_string(mn - busy.begin()),
                    fmt(*mn * 1e3) });
    }
    if (std::vector<Issue> bad = figureProblems(ev, gemmCeiling(plan.cluster.gpu)); !bad.empty()) {
        ev.valid = false;
        ev.errors = std::move(bad);
    }
    const GpuSpec& gpu = plan.cluster.gpu;
    const double sustained = gemmEfficiency(gpu, ev.peakTflops);
    if (gpu.gemmMaxEfficiency <= 0 && !hasSustainedRate(gpu, ev.peakTflops))
        warn("gemm-efficiency-unknown",
            gpu.id
                + " has no measured GEMM efficiency in the catalog, so compute times assume the datasheet peak and are "
                  "a lower bound; run plait-probe compute to measure it",
            { gpu.id });
    else if (!hasSustainedRate(gpu, ev.peakTflops))
        warn("gemm-rate-burst",
            gpu.id + " has only a short-burst GEMM rate in the catalog (" + fmt(100 * sustained, 3)
                + "% of peak, boost clock): a training step runs at the power limit, slower, so compute times are "
                  "optimistic; plait-probe compute measures the sustained rate",
            { gpu.id, fmt(100 * sustained, 3) });
    if (gpu.hbmAchievableGBps <= 0)
        warn("hbm-rate-datasheet",
            gpu.id
                + " has no measured streaming rate in the catalog, so memory-bound kernels (norms, activations, "
                  "the optimizer step) stream at the datasheet's "
                + fmt(gpu.hbmGBps)
                + " GB/s, which copies "
                  "reach only about 87% of on A100 and H100: their times are optimistic; plait-probe compute "
                  "measures it",
            { gpu.id, fmt(gpu.hbmGBps) });
    if (plan.training.flashAttention && !lc.attentionRatePublished)
        warn("attention-rate-unknown",
            std::string("the catalog publishes no speed of the ") + attentionKernelName(lc.attentionKernel)
                + " attention kernel on the " + gpu.id
                + ", so attention runs at the GEMM rate, which no fused attention kernel reaches: its time is a lower "
                  "bound; choose a kernel the catalog publishes (training.attention_kernel)",
            { attentionKernelName(lc.attentionKernel), gpu.id });
    if (ev.hfu > sustained * 1.0001)
        warn("mfu-above-sustained",
            "hardware FLOP utilization " + fmt(100 * ev.hfu, 3) + "% passes the " + fmt(100 * sustained, 3)
                + "% of peak the " + gpu.id
                + " sustains in large GEMMs: some measured shapes ran faster than the sustained rate, which a "
                  "whole training step will not keep up",
            { fmt(100 * ev.hfu, 3), fmt(100 * sustained, 3), gpu.id });
    return ev;
}

} // namespace plait
