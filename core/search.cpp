#include "search.h"

#include "collective.h"
#include "evaluate.h"
#include "gemm.h"
#include "layercost.h"
#include "memory.h"
#include "params.h"
#include "schedule.h"

#include <algorithm>
#include <cmath>
#include <map>
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
const std::vector<int>& inFlightPerDevice(
    std::map<std::tuple<int, int, int, int>, std::vector<int>>& cache, Schedule s, int p, int m, int v)
{
    auto key = std::make_tuple(int(s), p, m, v);
    auto it = cache.find(key);
    if (it != cache.end())
        return it->second;
    ScheduleShape shape;
    shape.schedule = s;
    shape.stages = p;
    shape.microBatches = m;
    shape.chunks = v;
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

// A step time no evaluation of this shape can beat: the busiest stage's work for every micro-batch, plus the fill and
// drain its schedule cannot avoid, counted with the lightest stage: (p−1)·T for GPipe and 1F1B, (p−1)·T/v
// interleaved, (p−1)·(F + B − W) for ZB-H1 (Qi et al. 2024); then the least any stage spends after the pipeline.
// Work is the layers' compute, recomputation and TP collectives on the intra-node link at its full measured rate
// (TP stays inside a node here); embeddings, CP, EP, ZeRO-3 traffic and p2p transfers are left out, so it stays
// below the evaluation (tst_search checks it against every candidate of three examples, evaluated in full).
double pipelineLowerBound(const Plan& plan, const LayerCost& lc, int m)
{
    const ParallelSpec& par = plan.parallel;
    const int p = par.pp, v = par.vpp;
    double tpCall = 0;
    if (par.tp > 1) {
        const LinkSpec& link = plan.cluster.intraNode;
        GroupPath path;
        path.ranks = par.tp;
        path.alphaS = link.latencyUs * 1e-6;
        path.busGBps = link.effectiveGBps();
        path.nvlsAlgGBps = link.nvls ? link.nvlsAlgGBps : 0;
        path.link = link.id;
        path.bottleneck = &link;
        const bool sp = plan.training.sequenceParallel;
        tpCall = sp ? collectiveTime(CollectiveKind::AllGather, lc.tpBytes, path).seconds
                + collectiveTime(CollectiveKind::ReduceScatter, lc.tpBytes, path).seconds
                    : collectiveTime(CollectiveKind::AllReduce, lc.tpBytes, path).seconds;
    }
    const double f = lc.forward() + lc.tpCallsFwd * tpCall;
    const double b = lc.backwardInput() + lc.tpCallsBwd * tpCall, w = lc.wgradGemm;
    const double r = plan.training.recompute == Recompute::Full ? f
        : plan.training.recompute == Recompute::Selective       ? lc.fwdAttention
                                                                : 0;
    int most = 0, fewest = 1 << 30;
    for (int s = 0; s < p; ++s) {
        most = std::max(most, plan.layersOnStage(s));
        fewest = std::min(fewest, plan.layersOnStage(s));
    }
    const double busiest = most * (f + b + w + r), lightest = fewest * (f + b + w + r);
    double fill = 0;
    switch (par.schedule) {
    case Schedule::GPipe:
    case Schedule::OneFOneB:
        fill = (p - 1) * lightest;
        break;
    case Schedule::Interleaved:
        fill = (p - 1) * lightest / v;
        break;
    case Schedule::ZbH1:
        fill = (p - 1) * std::max(0.0, fewest * (f + b - w));
        break;
    }
    // After the pipeline, the stage that finishes it still reduces its gradients (at least the last bucket when
    // overlapped), gathers updated weights under ZeRO 1–2, and steps its optimizer: the least of these over the
    // stages, with the DP collective on the fastest link its group can use (one NIC per GPU, nothing shared).
    const TrainingSpec& tr = plan.training;
    const StateBytes bytes = stateBytes(tr);
    GroupPath dpPath;
    dpPath.ranks = par.dp * par.cp;
    const bool spans = par.tp * par.cp * par.dp > plan.cluster.gpusPerNode;
    const LinkSpec& dpLink = spans ? plan.cluster.interNode : plan.cluster.intraNode;
    dpPath.alphaS = dpLink.latencyUs * 1e-6;
    dpPath.busGBps = dpLink.effectiveGBps();
    dpPath.nvlsAlgGBps = !spans && dpLink.nvls ? dpLink.nvlsAlgGBps : 0;
    dpPath.link = dpLink.id;
    dpPath.bottleneck = &dpLink;
    double after = INFINITY;
    for (int s = 0; s < p; ++s) {
        const double params
            = stageParams(plan.model, plan.layersOnStage(s), s == 0, s == p - 1, p, par.tp, par.ep).total();
        const double shard = tr.zeroStage >= 1 ? par.dp * par.cp : 1;
        double t = memoryTime(params / shard * (bytes.optimizer * 2 + bytes.grads + bytes.weights), plan.cluster.gpu);
        if (dpPath.ranks > 1 && tr.zeroStage < 3) {
            const double grad = tr.zeroStage == 0
                ? collectiveTime(CollectiveKind::AllReduce, params * bytes.grads, dpPath).seconds
                : collectiveTime(CollectiveKind::ReduceScatter, params * bytes.grads, dpPath).seconds;
            t += tr.overlapGradReduce ? grad * std::min(1.0, 40e6 / std::max(params, 1.0)) : grad;
            if (tr.zeroStage >= 1)
                t += collectiveTime(CollectiveKind::AllGather, params * bytes.weights, dpPath).seconds;
        }
        after = std::min(after, t);
    }
    return m * busiest + fill + (std::isfinite(after) ? after : 0);
}

bool isPareto(const SearchCandidate& c, const std::vector<SearchCandidate>& all)
{
    for (const SearchCandidate& o : all)
        if (o.evaluated && o.fits && &o != &c && o.stepS <= c.stepS && o.peakBytes <= c.peakBytes
            && (o.stepS < c.stepS || o.peakBytes < c.peakBytes))
            return false;
    return true;
}

} // namespace

std::vector<int> balancedLayers(int layers, int pp)
{
    if (layers % pp == 0)
        return {};
    std::vector<int> split(static_cast<std::size_t>(pp), layers / pp);
    const int extra = layers % pp;
    for (int i = 0; i < extra; ++i)
        split[std::size_t(extra <= pp - 2 ? i + 1 : i)] += 1;
    return split;
}

Result<Plan> applyCandidate(const Plan& base, const SearchCandidate& c)
{
    Plan p = base;
    p.parallel = c.parallel;
    p.training = c.training;
    auto placement = defaultPlacement(p.cluster, p.parallel);
    if (!placement)
        return placement.errors();
    p.placement = placement.value();
    // The document keeps what it says about placement and parallelism in sync with the new values.
    p.raw.erase("placement");
    return p;
}

SearchResult searchPlans(const Plan& base, const SearchOptions& options)
{
    SearchResult out;
    const ModelSpec& model = base.model;
    const int gpus = base.cluster.gpuCount();
    const double capacity = base.cluster.gpu.memoryGiB * double(1ull << 30);
    Plan shape = base; // evaluated without a placement: memory and layer costs do not depend on it
    shape.placement.coordOf.clear();
    std::map<std::tuple<int, int, int, int>, std::vector<int>> inFlightCache;

    const std::vector<int> tps = divisorsOf(base.cluster.gpusPerNode, base.cluster.gpusPerNode);
    std::vector<int> cps;
    for (int cp = 1; cp <= 16; cp *= 2)
        if (cp == 1 || model.seqLen % (2 * cp) == 0)
            cps.push_back(cp);
    std::vector<int> eps { 1 };
    if (model.isMoe())
        eps = divisorsOf(model.moe.experts, model.moe.experts);

    for (int tp : tps) {
        if (model.heads % tp != 0 || (model.kvHeads % tp != 0 && tp % model.kvHeads != 0) || model.ffnHidden % tp != 0)
            continue;
        for (int cp : cps) {
            if (gpus % (tp * cp) != 0)
                continue;
            const int rest = gpus / (tp * cp);
            for (int pp : divisorsOf(rest, model.layers)) {
                const int dp = rest / pp;
                for (int ep : eps) {
                    if (dp % ep != 0)
                        continue;
                    for (int mb : { 1, 2, 4, 8 }) {
                        if (base.training.globalBatch % ((long long)mb * dp) != 0)
                            continue;
                        const int m = int(base.training.globalBatch / ((long long)mb * dp));
                        struct Sched {
                            Schedule s;
                            int v;
                        };
                        std::vector<Sched> schedules { { Schedule::OneFOneB, 1 } };
                        if (pp > 1) {
                            schedules.push_back({ Schedule::GPipe, 1 });
                            schedules.push_back({ Schedule::ZbH1, 1 });
                            for (int v : { 2, 4 })
                                if (model.layers % (pp * v) == 0 && m % pp == 0)
                                    schedules.push_back({ Schedule::Interleaved, v });
                        }
                        for (const Sched& sch : schedules) {
                            if (double(m) * pp * sch.v > 1e6)
                                continue;
                            const std::vector<int>& inFlight = inFlightPerDevice(inFlightCache, sch.s, pp, m, sch.v);
                            for (Recompute rc : { Recompute::None, Recompute::Selective, Recompute::Full }) {
                                shape.parallel = base.parallel;
                                shape.parallel.tp = tp;
                                shape.parallel.cp = cp;
                                shape.parallel.pp = pp;
                                shape.parallel.dp = dp;
                                shape.parallel.ep = ep;
                                shape.parallel.vpp = sch.v;
                                shape.parallel.schedule = sch.s;
                                shape.parallel.layersPerStage = balancedLayers(model.layers, pp);
                                shape.training = base.training;
                                shape.training.microBatch = mb;
                                shape.training.recompute = rc;
                                shape.training.sequenceParallel = base.training.sequenceParallel && tp > 1;
                                const LayerCost lc = layerCost(shape);
                                const double bound = pipelineLowerBound(shape, lc, m);
                                for (int zero = 0; zero <= (dp * cp > 1 ? 3 : 0); ++zero) {
                                    ++out.combinations;
                                    shape.training.zeroStage = zero;
                                    SearchCandidate c;
                                    c.parallel = shape.parallel;
                                    c.training = shape.training;
                                    for (int s = 0; s < pp; ++s)
                                        c.peakBytes = std::max(
                                            c.peakBytes, stageMemory(shape, s, inFlight[std::size_t(s)], lc).total());
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
    std::size_t next = 0;
    while (next < order.size()) {
        std::vector<int> batch;
        while (next < order.size() && batch.size() < threads) {
            const SearchCandidate& c = out.candidates[std::size_t(order[next])];
            const bool bounded = int(bestSteps.size()) >= top && c.lowerBoundS > bestSteps.back();
            if (bounded && out.evaluatedCount + int(batch.size()) >= options.minEvaluated)
                break;
            batch.push_back(order[next++]);
        }
        if (batch.empty())
            break;
        std::vector<std::thread> workers;
        for (int i : batch)
            workers.emplace_back([&out, &base, i] {
                SearchCandidate& c = out.candidates[std::size_t(i)];
                auto plan = applyCandidate(base, c);
                if (!plan)
                    return;
                const Evaluation ev = evaluate(plan.value());
                if (!ev.valid)
                    return;
                c.evaluated = true;
                c.stepS = ev.stepS;
                c.tokensPerS = ev.tokensPerS;
                c.mfu = ev.mfu;
                c.bubbleFraction = ev.bubbleFraction;
                c.peakBytes = ev.peakBytes;
                c.fits = ev.peakBytes <= ev.capacityBytes;
            });
        for (std::thread& t : workers)
            t.join();
        out.evaluatedCount += int(batch.size());
        for (int i : batch) {
            const SearchCandidate& c = out.candidates[std::size_t(i)];
            if (!c.evaluated || !c.fits)
                continue;
            bestSteps.insert(std::upper_bound(bestSteps.begin(), bestSteps.end(), c.stepS), c.stepS);
            if (int(bestSteps.size()) > top)
                bestSteps.pop_back();
        }
    }
    for (std::size_t i = 0; i < out.candidates.size(); ++i) {
        const SearchCandidate& c = out.candidates[i];
        if (c.evaluated && c.fits) {
            out.best.push_back(int(i));
            if (isPareto(c, out.candidates))
                out.pareto.push_back(int(i));
        }
    }
    std::sort(out.best.begin(), out.best.end(),
        [&](int a, int b) { return out.candidates[std::size_t(a)].stepS < out.candidates[std::size_t(b)].stepS; });
    if (int(out.best.size()) > top)
        out.best.resize(std::size_t(top));
    return out;
}

} // namespace plait
