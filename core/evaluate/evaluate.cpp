#include "evaluate.h"

#include "commitems.h"
#include "evaluationwarnings.h"
#include "figurecheck.h"
#include "gemm.h"
#include "memory.h"
#include "overlap.h"
#include "params.h"
#include "ratebasis.h"
#include "runkind.h"
#include "stagecomm.h"
#include "stagecost.h"
#include "steptail.h"
#include "throughput.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <numeric>
#include <optional>
#include <tuple>
#include <utility>

namespace plait {

namespace {

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

using ChunkGrid = std::vector<std::vector<ChunkCost>>; // [device][chunk]

// Each GPU's op durations per chunk (evaluate/stagecost.h), with the in-layer communication inside each op, the EP
// all-to-all's part of it (the MoE layers' dispatch and combine; none in dense first layers) and the MoE MLPs'.
struct OpGrids {
    ChunkGrid cost, comm, epComm, moeMlp;
};
// Also sums each stage's forward, backward and recompute time into `stages`. `lcDense`, `densePlan`, `scDense`: a
// MoE model's dense first layers (lcDense null: none).
OpGrids opGrids(const Plan& plan, const LayerCost& lc, const std::vector<StageComm>& sc, const LayerCost* lcDense,
    const Plan& densePlan, const std::vector<StageComm>& scDense, std::vector<StageTimes>& stages)
{
    const int p = plan.parallel.pp, v = plan.parallel.chunks();
    const EdgeCost first = firstStageCost(plan), last = lastStageCost(plan);
    const ChunkGrid empty(static_cast<std::size_t>(p), std::vector<ChunkCost>(static_cast<std::size_t>(v)));
    OpGrids g { empty, empty, empty, empty };
    stages.assign(std::size_t(p), StageTimes {});
    for (int d = 0; d < p; ++d) {
        const StageComm& c = sc[std::size_t(d)];
        const LayerOps layer = layerOps(plan, lc, c.calls, c.added);
        const LayerOps denseLayer = lcDense
            ? layerOps(densePlan, *lcDense, scDense[std::size_t(d)].calls, scDense[std::size_t(d)].added)
            : LayerOps {};
        StageTimes& st = stages[std::size_t(d)];
        for (int ch = 0; ch < v; ++ch) {
            const ChunkOps ops = chunkOps(plan, layer, first, last, d, ch, lcDense ? &denseLayer : nullptr);
            const std::size_t i = std::size_t(d), j = std::size_t(ch);
            g.cost[i][j] = ops.cost;
            g.comm[i][j] = ops.comm;
            g.moeMlp[i][j] = ops.moeMlp;
            g.epComm[i][j] = ops.epComm;
            st.forward += ops.cost.forward;
            st.backwardInput += ops.cost.backwardInput;
            st.backwardWeight += ops.cost.backwardWeight;
            st.recompute += ops.cost.recompute;
        }
    }
    return g;
}

// What of the step's communication lies on the chain of work that ends the slowest stage's pipeline part: the
// transfers waited for, and the in-layer collectives (`pathComm`) inside the ops on that chain. Without recorded
// events: the slowest stage's own in-layer communication. Where pairs hide the all-to-alls (DualPipe, combined
// 1F1B): `pairedExposed`, what the busiest GPU's pairs leave of them, and the rest as without them.
struct ExposedComm {
    double p2p = 0, inLayer = 0;
};
ExposedComm exposedComm(const SimResult& timeline, const SimInput& in, const ChunkGrid& pathComm, double pairedExposed,
    int slowest, int microBatches)
{
    constexpr OpKind kOps[] = { OpKind::Forward, OpKind::Recompute, OpKind::BackwardInput, OpKind::BackwardWeight };
    const int p = in.devices, v = in.chunks;
    ExposedComm out;
    out.inLayer = pairedExposed;
    if (!timeline.events.empty()) {
        const CriticalPath path = criticalPath(timeline, slowest, p, v);
        out.p2p = path.transferWaitS;
        for (int d = 0; d < p; ++d)
            for (int ch = 0; ch < v; ++ch)
                for (OpKind k : kOps)
                    if (const double dur = in.cost[std::size_t(d)][std::size_t(ch)].duration(k); dur > 0)
                        out.inLayer
                            += path.compute(d, ch, k, v) * pathComm[std::size_t(d)][std::size_t(ch)].duration(k) / dur;
    } else {
        for (int ch = 0; ch < v; ++ch)
            for (OpKind k : kOps)
                out.inLayer += microBatches * pathComm[std::size_t(slowest)][std::size_t(ch)].duration(k);
    }
    return out;
}

// The bubble: idle time of the busiest stage within the pipeline phase, over the step; and the idlest stage's.
void addBubble(int busiest, Evaluation& ev)
{
    const std::vector<double>& busy = ev.timeline.deviceBusy;
    ev.computeS = busy[std::size_t(busiest)];
    ev.bubbleFraction = ev.stepS > 0 ? std::max(0.0, ev.pipelineS - ev.computeS) / ev.stepS : 0;
    ev.busiestStage = busiest;
    for (std::size_t d = 0; d < busy.size(); ++d) {
        const double idle = ev.stepS > 0 ? std::max(0.0, ev.pipelineS - busy[d]) / ev.stepS : 0;
        if (idle > ev.idlestFraction) {
            ev.idlestFraction = idle;
            ev.idlestStage = int(d);
        }
    }
}

// The chunk's F, R, B and W times for an order built from them (ZB-V): the means over the devices' chunks relative to
// the forward, to 1/20, so that plans of nearly the same balance share one generated order.
void setChunkTimes(ScheduleShape& shape, const std::vector<std::vector<ChunkCost>>& cost)
{
    ChunkCost sum;
    for (const auto& device : cost)
        for (const ChunkCost& c : device) {
            sum.forward += c.forward;
            sum.recompute += c.recompute;
            sum.backwardInput += c.backwardInput;
            sum.backwardWeight += c.backwardWeight;
        }
    if (!(sum.forward > 0))
        return;
    auto relative = [&](double x) { return std::max(0.05, std::round(20 * x / sum.forward) / 20); };
    shape.recomputeTime = relative(sum.recompute);
    shape.backwardTime = relative(sum.backwardInput);
    shape.weightTime = relative(sum.backwardWeight);
}

std::atomic<EvaluationObserver> g_observer { nullptr };

} // namespace

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
    if (detail == EvaluationDetail::Full && ev.calibrationShipped)
        ev.similarRuns = similarRuns(runKindOf(plan), builtinCalibration().runs);
    if (detail == EvaluationDetail::Full)
        for (const RateStanding& s : rateStandings(plan, Catalog::builtin()))
            // The share of an unmeasured GPU's best rate is not measured where the sustained rate is: it is unused.
            if ((s.basis == RateBasis::Measured || s.basis == RateBasis::MeasuredShapes)
                && s.id != "unmeasured_gemm_share")
                ev.measuredRates.push_back(s.id);
    ev.paramsTotal = totalParams(plan.model);
    ev.capacityBytes = plan.cluster.gpu.memoryGiB * double(1ull << 30);
    ev.errors = validate(plan);
    if (!ev.errors.empty())
        return ev;
    ev.valid = true;

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
    // The groups and op lists depend on the shape alone: any memo on this cluster shares them, whatever the detail.
    // A simulation is shared only when its events are not kept.
    const bool served = memo && memo->serves(plan);
    const bool memoized = served && detail == EvaluationDetail::Figures;
    const std::shared_ptr<const GroupSet> groupsHeld
        = served ? memo->groups(plan) : std::make_shared<const GroupSet>(buildGroups(plan));
    const GroupSet& groups = *groupsHeld;

    // ---- per-stage communication inside the layers
    const double slowdown = overlapSlowdown(plan.cluster.gpu);
    const std::vector<StageComm> sc = stageComms(plan, lc, groups, slowdown);
    const std::vector<StageComm> scDense
        = lcDense ? stageComms(densePlan, *lcDense, groups, slowdown) : std::vector<StageComm> {};

    // ---- op durations per device and chunk (evaluate/stagecost.h), and the in-layer communication inside each op
    OpGrids grids = opGrids(plan, lc, sc, lcDense ? &*lcDense : nullptr, densePlan, scDense, ev.stages);
    SimInput in;
    in.devices = p;
    in.chunks = v;
    in.cost = std::move(grids.cost);

    // ---- pipeline p2p: activations forward, gradients back
    ScheduleShape shape { par.schedule, p, m, v, tr.recompute != Recompute::None, tr.moeA2aOverlap };
    if (par.schedule == Schedule::ZbV)
        setChunkTimes(shape, in.cost);
    in.routes = pipelineRoutes(shape);
    const PipelineTransfers p2p = pipelineTransfers(plan, groups, in.routes);
    in.sendForward = p2p.seconds;
    in.sendBackward = p2p.seconds;
    in.weightPassesFill = !traitsOf(par.schedule).pairs;
    in.pairSlowdown = slowdown;
    // DualPipe's overlapped pairs and combined 1F1B hide one micro-batch's all-to-alls (dispatch, combine) under the
    // other's compute (DeepSeek-V3 §3.2.1; Megatron-Core's overlap_moe_expert_parallel_comm). Neither runs TP or CP
    // collectives across the pair: those stay in their own op, as in any schedule (a dense model gains nothing).
    const bool pairsHideAllToAll = !in.weightPassesFill || shape.combined;
    if (pairsHideAllToAll)
        in.comm = grids.epComm;
    if (!in.comm.empty() && plan.model.isMoe())
        in.moeMlp = std::move(grids.moeMlp);
    // What the critical path's ops expose of the in-layer collectives outside the pairs' hiding.
    ChunkGrid pathComm = std::move(grids.comm);
    if (pairsHideAllToAll)
        for (int d = 0; d < p; ++d)
            for (int ch = 0; ch < v; ++ch) {
                ChunkCost& c = pathComm[std::size_t(d)][std::size_t(ch)];
                c.forward -= grids.epComm[std::size_t(d)][std::size_t(ch)].forward;
                c.backwardInput -= grids.epComm[std::size_t(d)][std::size_t(ch)].backwardInput;
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

    // ---- after the pipeline: each stage's data-parallel tail and optimizer step, then the ranks' synchronisation
    const StepTail stepTail = addStepTails(plan, groups, sc, in.cost, slowdown, lcDense.has_value(), ev);
    ev.stepS = 0;
    int slowest = 0;
    for (int d = 0; d < p; ++d)
        if (ev.stages[std::size_t(d)].end > ev.stepS) {
            ev.stepS = ev.stages[std::size_t(d)].end;
            slowest = d;
        }

    // The GPU with the most work: where the pairs' exposure is taken (and the communication breakdown's shares), so
    // that the headline and the breakdown stand on one basis.
    int busiest = 0;
    for (int d = 1; d < p; ++d)
        if (ev.timeline.deviceBusy[std::size_t(d)] > ev.timeline.deviceBusy[std::size_t(busiest)])
            busiest = d;

    // ---- exposed communication on the chain of work that ends the slowest stage
    // What the busiest GPU's pairs leave of the all-to-alls they hide: the headline's and the breakdown's share.
    const std::optional<PairedComm> paired = pairsHideAllToAll ? std::optional(pairedComm(in, busiest)) : std::nullopt;
    const ExposedComm exposed = exposedComm(ev.timeline, in, pathComm, paired ? paired->exposed : 0, slowest, m);

    // ---- bubble: idle time of the busiest stage within the pipeline phase, over the step
    addBubble(busiest, ev);

    // ---- communication breakdown (per step, on the busiest stage)
    // The busiest stage's: a stage slowed by a group that crosses nodes lists that group's collectives.
    CommBreakdownInput bi { plan, lc, sc, p2p, in.routes, exposed.p2p };
    bi.stage = busiest;
    if (paired)
        (shape.combined ? bi.epExposedShare : bi.inLayerExposedShare)
            = paired->total > 0 ? paired->exposed / paired->total : 1;
    if (stepTail.reduces) {
        bi.dpGrad = &stepTail.dpGrad;
        bi.dpParam = &stepTail.dpParam;
    }
    bi.embAllReduce = &stepTail.embAllReduce;
    bi.copyReduce = &stepTail.copyReduce;
    addCommBreakdown(bi, ev);
    ev.exposedCommS = exposed.inLayer + exposed.p2p + ev.stages[std::size_t(slowest)].dpExposed;

    // ---- memory per stage, with the micro-batches in flight taken from the op lists
    for (int d = 0; d < p; ++d) {
        const StageMemory mem = stageMemory(plan, d, peakInFlight(ev.timeline, d), lc, lcDense ? &*lcDense : nullptr);
        ev.memory.push_back(mem);
        if (mem.total() > ev.peakBytes) {
            ev.peakBytes = mem.total();
            ev.peakStage = d;
        }
    }

    // ---- throughput: model and hardware FLOPs per step and per GPU
    addThroughput(plan, lc, lcDense ? &*lcDense : nullptr, lastStageCost(plan), ev);

    if (std::vector<Issue> bad = figureProblems(ev, gemmCeiling(plan.cluster.gpu)); !bad.empty()) {
        ev.valid = false;
        ev.errors = std::move(bad);
    }
    addEvaluationWarnings(plan, groups, lc, slowest, ev);
    return ev;
}

} // namespace plait
