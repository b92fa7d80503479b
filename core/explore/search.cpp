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
#include "searchbound.h"
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

namespace {

// A plan fits when it leaves the headroom asked for free.
double usableBytes(const Plan& base, const SearchConstraints& need)
{
    return base.cluster.gpu.memoryGiB * double(1ull << 30) * (1 - std::clamp(need.headroom, 0.0, 0.99));
}

// One search per framework, pooled: each candidate keeps its framework in its training spec, so the ranking, the
// chart and applyCandidate need nothing more. The best are reported once, when all are known.
SearchResult searchEveryFramework(const Plan& base, const SearchOptions& options)
{
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

// Every shape, micro-batch, schedule, recomputation, sequence parallelism and ZeRO stage the plan's framework runs
// for the model, cluster and batch, each with its peak memory and its step's lower bound; or why there is none.
SearchResult candidatesOf(const Plan& base, const SearchConstraints& need)
{
    SearchResult out;
    const ModelSpec& model = base.model;
    const int gpus = base.cluster.gpuCount();
    const double capacity = usableBytes(base, need);
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
    return out;
}

// Branch and bound over the fitting candidates, best lower bound first, on every core a batch at a time: evaluated
// until the bound passes the top-th best (at least options.minEvaluated), then ranked.
void evaluateBestFirst(SearchResult& out, const Plan& base, const SearchOptions& options)
{
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
    const double capacity = usableBytes(base, options.constraints);
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
}

} // namespace

SearchResult searchPlans(const Plan& base, const SearchOptions& options)
{
    if (options.constraints.anyFramework)
        return searchEveryFramework(base, options);
    if (const auto f = options.constraints.framework; f && *f != base.training.framework) {
        // The plan as that framework runs it: what follows the framework unless the plan states otherwise
        // (TrainingSpec::crossEntropyFusion) follows it.
        Plan other = base;
        other.training.framework = *f;
        SearchOptions same = options;
        same.constraints.framework.reset();
        return searchPlans(other, same);
    }
    SearchResult out = candidatesOf(base, options.constraints);
    if (!out.candidates.empty())
        evaluateBestFirst(out, base, options);
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
