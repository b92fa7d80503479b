#include "advisor.h"

#include "evaluate.h"
#include "layercost.h"
#include "memory.h"
#include "numtext.h"
#include "placementedit.h"
#include "planedit.h"
#include "search.h"
#include "text.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>

namespace plait {

namespace {
std::string num(double x, const char* format = "%.3g")
{
    return numText(x, format);
}

bool hasWarning(const Evaluation& ev, const std::string& code)
{
    return std::any_of(ev.warnings.begin(), ev.warnings.end(), [&](const Warning& w) { return w.code == code; });
}

struct Tried {
    Plan plan;
    Evaluation ev;
    std::size_t index = 0; // among the candidates
};

// Evaluates the candidates and keeps the fastest one that is valid, fits and passes `accept`.
// Stops early (with nothing) once `cancelled` says so: the result is then thrown away.
std::optional<Tried> bestOf(const Cancelled& cancelled, const std::vector<Result<Plan>>& candidates,
    const std::function<bool(const Evaluation&)>& accept)
{
    std::optional<Tried> best;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const Result<Plan>& c = candidates[i];
        if (cancelled && cancelled())
            return std::nullopt;
        if (!c)
            continue;
        Evaluation ev = evaluate(c.value());
        if (!ev.valid || ev.peakBytes > ev.capacityBytes || !accept(ev))
            continue;
        if (!best || ev.stepS < best->ev.stepS)
            best = Tried { c.value(), std::move(ev), i };
    }
    return best;
}

// Prefers a fix after which the same warning is gone; else the fastest that passes `accept`.
std::optional<Tried> clearing(const Cancelled& cancelled, const std::vector<Result<Plan>>& candidates,
    const std::string& code, const std::function<bool(const Evaluation&)>& accept)
{
    if (auto t = bestOf(cancelled, candidates, [&](const Evaluation& e) { return accept(e) && !hasWarning(e, code); }))
        return t;
    return bestOf(cancelled, candidates, accept);
}

void attach(Advice& a, const std::optional<Tried>& t, Message fix)
{
    if (t) {
        a.fixed = t->plan;
        a.fixedStepS = t->ev.stepS;
        a.fixedPeakBytes = t->ev.peakBytes;
        a.fix = std::move(fix);
    }
}

// The message of this advice's `part` ("saw", "why") with these arguments.
Message said(const std::string& code, const char* part, std::vector<std::string> args = {})
{
    return { "advice:" + code + ":" + part, std::move(args) };
}

// The warning `code` of `ev`, said as it is: the advice saw what the warning says.
Message warningSaid(const Evaluation& ev, const std::string& code)
{
    const Warning& w
        = *std::find_if(ev.warnings.begin(), ev.warnings.end(), [&](const Warning& x) { return x.code == code; });
    return { warningKey(w.code, w.args), w.args };
}

// An item that saw what a warning says, and says why with its one template.
Advice warningAdvice(const Evaluation& ev, const std::string& code, int step)
{
    Advice a;
    a.step = step;
    a.code = code;
    a.saw = warningSaid(ev, code);
    a.why = said(code, "why");
    return a;
}

Result<Plan> withTraining(const Plan& plan, const std::function<void(TrainingSpec&)>& change)
{
    Plan p = plan;
    change(p.training);
    return p;
}

// The plan's linears per layer and micro-batch: GEMMs and the quantization before them, seconds.
struct LinearTime {
    double gemm = 0, quantize = 0;
};
LinearTime linearTime(const Plan& plan)
{
    const LayerCost c = layerCost(plan);
    return { c.fwdGemm + c.dgradGemm + c.wgradGemm, c.fwdQuantize + c.bwdQuantize };
}

std::string precisionLabel(const TrainingSpec& t)
{
    if (t.precision == Precision::FP8)
        return std::string("FP8 ") + fp8RecipeName(t.fp8Recipe);
    if (t.precision == Precision::FP4)
        return "NVFP4";
    return t.precision == Precision::FP16 ? "FP16" : t.precision == Precision::FP32 ? "FP32" : "BF16";
}

// The same plan in BF16 and under every low-precision recipe its GPU and framework run; advice when the fastest of
// them that fits is not the plan's own (by 1% or more), with both plans' linear times per layer.
std::optional<Advice> precisionAdvice(const Plan& plan, const Evaluation& ev, const Cancelled& cancelled)
{
    const GpuSpec& gpu = plan.cluster.gpu;
    if (gpu.fp8Tflops <= 0 || plan.training.precision == Precision::FP32 || !ev.valid)
        return std::nullopt;
    std::vector<Result<Plan>> c;
    auto add = [&](Precision p, Fp8Recipe r) {
        Plan q = plan;
        q.training.precision = p;
        q.training.fp8Recipe = r;
        if (p != Precision::FP8)
            q.training.fp8ParamGather = false;
        if (q.training.precision == plan.training.precision && q.training.fp8Recipe == plan.training.fp8Recipe)
            return;
        if (validate(q).empty())
            c.push_back(q);
    };
    add(Precision::BF16, plan.training.fp8Recipe);
    for (Fp8Recipe r :
        { Fp8Recipe::Delayed, Fp8Recipe::Tensorwise, Fp8Recipe::Rowwise, Fp8Recipe::Blockwise, Fp8Recipe::Mxfp8 })
        add(Precision::FP8, r);
    add(Precision::FP4, plan.training.fp8Recipe);
    const auto best = bestOf(cancelled, c, [&](const Evaluation& e) { return e.stepS < 0.99 * ev.stepS; });
    if (!best)
        return std::nullopt;
    const LinearTime mine = linearTime(plan), theirs = linearTime(best->plan);
    Advice a;
    a.step = 3;
    a.code = "precision-at-tp";
    a.saw = said(a.code, "saw",
        { str(plan.parallel.tp), precisionLabel(plan.training), num((mine.gemm + mine.quantize) * 1e3),
            num(mine.quantize * 1e3), precisionLabel(best->plan.training), num((theirs.gemm + theirs.quantize) * 1e3),
            num(theirs.quantize * 1e3), num(best->ev.stepS), num(ev.stepS) });
    a.why = said(a.code, "why");
    attach(a, best, { "fix:precision", { precisionLabel(best->plan.training) } });
    return a;
}

}

std::vector<Advice> advise(const Plan& plan, const Evaluation& ev, const Cancelled& cancelled)
{
    std::vector<Advice> out;
    if (!ev.valid)
        return out;
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    const int gpn = plan.cluster.gpusPerNode;

    // ---- 1. memory first
    if (ev.peakBytes > ev.capacityBytes && !ev.memory.empty()) {
        const StageMemory& mm = ev.memory[std::size_t(ev.peakStage)];
        const double states = mm.optimizer + mm.grads;
        Advice a;
        a.step = 1;
        if (states >= mm.activations && states >= mm.weights && (tr.zeroStage < 3 || par.dp * par.cp == 1)) {
            a.code = "memory-optimizer";
            a.saw = said(a.code, "saw",
                { str(ev.peakStage), gibText(ev.peakBytes, 1), gibText(ev.capacityBytes, 1), gibText(states, 1) });
            const StateBytes bytes = stateBytes(tr);
            a.why = said(a.code, par.dp * par.cp == 1 ? "why-one-rank" : "why",
                { num(bytes.optimizer, "%g"), num(bytes.grads, "%g") });
            std::vector<Result<Plan>> c;
            for (int z = tr.zeroStage + 1; z <= 3 && par.dp * par.cp > 1; ++z)
                c.push_back(withTraining(plan, [z, pp = par.pp](TrainingSpec& t) {
                    setZeroStage(t, z);
                    t.framework = frameworkFor(t.framework, z, pp);
                }));
            // Or keep the state in host memory and step it on the CPU (ZeRO-Offload; FSDP moves the parameters too),
            // under the plan's framework and under DeepSpeed, whose CPU-Adam steps 5x faster than PyTorch's Adam.
            auto offloaded = [&](Framework f, int zero) {
                return withTraining(plan, [f, zero](TrainingSpec& t) {
                    t.framework = f;
                    t.offloadOptimizer = true;
                    t.offloadParams = f == Framework::Fsdp;
                    setZeroStage(t, zero);
                });
            };
            if (!tr.offloadOptimizer) {
                // Megatron-LM's distributed optimizer, FSDP's full sharding, DeepSpeed's stages (2 and 3 only without
                // pipelining): each framework where it offloads.
                if (tr.framework == Framework::Megatron)
                    c.push_back(offloaded(Framework::Megatron, 1));
                if (tr.framework == Framework::Fsdp)
                    c.push_back(offloaded(Framework::Fsdp, 3));
                for (int zero : { 1, 2, 3 })
                    if (par.pp == 1 || zero == 1)
                        c.push_back(offloaded(Framework::DeepSpeed, zero));
            }
            const auto best = bestOf(cancelled, { c.begin(), c.end() }, [](const Evaluation&) { return true; });
            if (best) {
                const TrainingSpec& fixed = best->plan.training;
                attach(a, best,
                    fixed.offloadOptimizer && !tr.offloadOptimizer
                        ? Message { fixed.framework != tr.framework ? "fix:offload-framework" : "fix:offload",
                            { gibText(best->ev.hostBytesPerNode, 1), frameworkName(fixed.framework),
                                str(fixed.zeroStage) } }
                        : fixed.framework != tr.framework
                        ? Message { "fix:zero-framework",
                            { str(fixed.zeroStage), str(par.dp * par.cp), frameworkName(fixed.framework) } }
                        : Message { "fix:zero", { str(fixed.zeroStage), str(par.dp * par.cp) } });
            }
        } else if (mm.activations >= mm.weights && tr.recompute != Recompute::Full) {
            a.code = "memory-activations";
            a.saw = said(a.code, "saw",
                { str(ev.peakStage), gibText(ev.peakBytes, 1), gibText(ev.capacityBytes, 1), str(mm.inFlight),
                    gibText(mm.activations, 1) });
            a.why = said(a.code, "why");
            // Recomputation and the splits that divide activations, each evaluated: the cheapest that fits wins.
            std::vector<Result<Plan>> c;
            if (tr.recompute == Recompute::None)
                c.push_back(withTraining(plan, [](TrainingSpec& t) { t.recompute = Recompute::Selective; }));
            const unsigned cheap = cheapRecomputeModules(plan.model, tr.flashAttention);
            if (!tr.recomputes(RecomputeModule::LayerNorm))
                c.push_back(withTraining(plan, [cheap](TrainingSpec& t) {
                    // Added to the plan's modules; in place of the default where it recomputes nothing.
                    t.recomputeModules = (t.recompute == Recompute::Selective ? t.recomputeModules : 0) | cheap;
                    t.recompute = Recompute::Selective;
                }));
            // torchtitan's op-level policy, where the plan's framework runs it (validate() refuses it elsewhere).
            if (tr.recompute != Recompute::SelectiveOps && tr.framework == Framework::Fsdp)
                c.push_back(withTraining(plan, [](TrainingSpec& t) {
                    t.recompute = Recompute::SelectiveOps;
                    t.recomputeModules = unsigned(RecomputeModule::CoreAttn);
                }));
            c.push_back(withTraining(plan, [](TrainingSpec& t) { t.recompute = Recompute::Full; }));
            if (par.dp % 2 == 0) {
                if (contextParallelRefusal(tr.framework, par.cp * 2, tr.flashAttention).empty())
                    c.push_back(withShape(plan, par.tp, par.pp, par.dp / 2, par.cp * 2));
                if (par.tp * 2 <= gpn)
                    c.push_back(withShape(plan, par.tp * 2, par.pp, par.dp / 2, par.cp));
                if (par.pp * 2 <= plan.model.layers)
                    c.push_back(withShape(plan, par.tp, par.pp * 2, par.dp / 2, par.cp));
            }
            const auto best = bestOf(cancelled, c, [](const Evaluation&) { return true; });
            Message fix;
            if (best) {
                const ParallelSpec& q = best->plan.parallel;
                if (q.tp != par.tp || q.pp != par.pp || q.cp != par.cp)
                    fix = { "fix:split", { str(q.tp), str(q.pp), str(q.dp), str(q.cp) } };
                else if (best->plan.training.recompute == Recompute::Full)
                    fix = { "fix:recompute-full", {} };
                else if (best->plan.training.recompute == Recompute::SelectiveOps)
                    fix = { "fix:recompute-selective-op", {} };
                else if (best->plan.training.recomputeModules != unsigned(RecomputeModule::CoreAttn))
                    fix = { "fix:recompute-modules", { recomputeModulesText(best->plan.training.recomputeModules) } };
                else
                    fix = { "fix:recompute-selective", {} };
            }
            attach(a, best, fix);
        } else {
            a.code = "memory-weights";
            const std::pair<const char*, double> terms[] = { { "weights", mm.weights }, { "gradients", mm.grads },
                { "optimizer state", mm.optimizer }, { "activations", mm.activations }, { "other", mm.other } };
            const auto* largest = std::max_element(
                std::begin(terms), std::end(terms), [](auto& x, auto& y) { return x.second < y.second; });
            a.saw = said(a.code, "saw",
                { str(ev.peakStage), gibText(ev.peakBytes, 1), gibText(ev.capacityBytes, 1), largest->first,
                    gibText(largest->second, 1) });
            a.why = said(a.code, "why");
            std::vector<Result<Plan>> c;
            if (par.tp * 2 <= gpn && par.dp % 2 == 0)
                c.push_back(withShape(plan, par.tp * 2, par.pp, par.dp / 2, par.cp));
            if (par.dp % 2 == 0 && par.pp * 2 <= plan.model.layers)
                c.push_back(withShape(plan, par.tp, par.pp * 2, par.dp / 2, par.cp));
            if (par.dp % 4 == 0 && par.pp * 4 <= plan.model.layers)
                c.push_back(withShape(plan, par.tp, par.pp * 4, par.dp / 4, par.cp));
            const auto best = bestOf(cancelled, c, [](const Evaluation&) { return true; });
            if (best) {
                const ParallelSpec& q = best->plan.parallel;
                attach(a, best, { "fix:split", { str(q.tp), str(q.pp), str(q.dp), str(q.cp) } });
            }
        }
        out.push_back(std::move(a));
    }

    // ---- 2. the interconnect bounds TP
    const int domain = plan.cluster.domainGpus(); // what NVLink joins: a node, or a rack's trays
    if (par.tp > domain && hasWarning(ev, "tp-crosses-node")) {
        Advice a;
        a.step = 2;
        a.code = "tp-wider-than-node";
        a.saw = said(a.code, "saw", { str(par.tp), str(domain) });
        // The rates the cost uses, as the warning quotes them: the slowest TP ring across nodes, and one inside.
        const Message w = warningSaid(ev, "tp-crosses-node");
        a.why = said(a.code, "why", { w.args[3], w.args[5], w.args[6] });
        const int shrink = par.tp / domain;
        std::vector<Result<Plan>> c;
        c.push_back(withShape(plan, domain, par.pp * shrink, par.dp, par.cp));
        c.push_back(withShape(plan, domain, par.pp, par.dp * shrink, par.cp));
        const auto best = bestOf(cancelled, c, [](const Evaluation&) { return true; });
        if (best) {
            const ParallelSpec& q = best->plan.parallel;
            attach(a, best, { "fix:tp-in-node", { str(q.tp), str(q.pp), str(q.dp) } });
        }
        out.push_back(std::move(a));
    } else if (hasWarning(ev, "tp-crosses-node")) {
        Advice a = warningAdvice(ev, "tp-crosses-node", 2);
        std::vector<Result<Plan>> c { autoPlace(plan) };
        attach(
            a, bestOf(cancelled, c, [&](const Evaluation& e) { return e.stepS < ev.stepS; }), { "fix:place-tp", {} });
        out.push_back(std::move(a));
    }

    // Pitfalls of speed.
    if (hasWarning(ev, "too-few-microbatches")) {
        Advice a;
        a.step = 3;
        a.code = "too-few-microbatches";
        const int m = ev.microBatches, p = par.pp;
        a.saw = said(a.code, "saw", { str(m), str(p), num(100 * ev.bubbleFraction, "%.1f") });
        a.why = said(a.code, "why", { str(p), str(9 * (p - 1)) });
        // Smaller micro-batches (more of them, the global batch unchanged), with each schedule.
        std::vector<Result<Plan>> c;
        for (int mb = tr.microBatch; mb >= 1; mb /= 2)
            for (Schedule s : { par.schedule, Schedule::ZbH1, Schedule::Interleaved }) {
                Plan q = plan;
                q.training.microBatch = mb;
                setSchedule(q, s, vppFor(s, par.vpp));
                if (mb == tr.microBatch && s == par.schedule)
                    continue;
                auto issues = validate(q);
                c.push_back(issues.empty() ? Result<Plan>(q) : Result<Plan>(issues));
            }
        const auto best = clearing(cancelled, c, a.code, [&](const Evaluation& e) { return e.stepS < ev.stepS; });
        if (best)
            attach(a, best,
                { "fix:microbatches",
                    { str(best->ev.microBatches), scheduleName(best->plan.parallel.schedule),
                        str(best->plan.training.microBatch) } });
        out.push_back(std::move(a));
    }
    // Exposed TP communication: the collectives every layer waits for.
    double tpExposed = 0;
    for (const CommItem& c : ev.comm)
        if (c.dim == Dim::TP)
            tpExposed += c.exposedS;
    if (par.tp > 1 && tpExposed > 0.10 * ev.stepS) {
        Advice a;
        a.step = 3;
        a.code = "tp-comm-exposed";
        a.saw = said(
            a.code, "saw", { num(tpExposed * 1e3), num(ev.stepS * 1e3), num(100 * tpExposed / ev.stepS, "%.1f") });
        a.why = said(a.code, "why");
        std::vector<Result<Plan>> c;
        if (tr.tpOverlap != TpOverlap::All)
            c.push_back(withTraining(plan, [](TrainingSpec& t) {
                t.tpOverlap = TpOverlap::All;
                t.sequenceParallel = true;
            }));
        if (par.tp % 2 == 0)
            c.push_back(withShape(plan, par.tp / 2, par.pp, par.dp * 2, par.cp));
        // A drawn placement whose TP groups cross nodes: the default one puts them back on NVLink.
        if (!plan.placement.isDefault)
            c.push_back(autoPlace(plan));
        const auto best = bestOf(cancelled, c, [&](const Evaluation& e) { return e.stepS < ev.stepS; });
        if (best)
            attach(a, best,
                best->plan.parallel.tp != par.tp
                    ? Message { "fix:halve-tp", { str(best->plan.parallel.tp), str(best->plan.parallel.dp) } }
                    : best->plan.training.tpOverlap != tr.tpOverlap ? Message { "fix:tp-overlap", {} }
                                                                    : Message { "fix:place-tp", {} });
        out.push_back(std::move(a));
    }
    if (hasWarning(ev, "dp-comm-dominates")) {
        Advice a = warningAdvice(ev, "dp-comm-dominates", 3);
        std::vector<Result<Plan>> c;
        if (!tr.overlapGradReduce)
            c.push_back(withTraining(plan, [](TrainingSpec& t) { t.overlapGradReduce = true; }));
        if (par.dp % 2 == 0 && par.tp * 2 <= gpn)
            c.push_back(withShape(plan, par.tp * 2, par.pp, par.dp / 2, par.cp));
        if (par.dp % 2 == 0 && par.pp * 2 <= plan.model.layers)
            c.push_back(withShape(plan, par.tp, par.pp * 2, par.dp / 2, par.cp));
        if (!plan.placement.isDefault)
            c.push_back(autoPlace(plan));
        const auto best = clearing(cancelled, c, a.code, [&](const Evaluation& e) { return e.stepS < ev.stepS; });
        if (best) {
            const ParallelSpec& q = best->plan.parallel;
            attach(a, best,
                q.dp != par.dp ? Message { "fix:fewer-dp", { str(q.tp), str(q.pp), str(q.dp) } }
                    : best->plan.training.overlapGradReduce != tr.overlapGradReduce
                    ? Message { "fix:overlap-grad-reduce", {} }
                    : Message { "fix:place-tp", {} });
        }
        out.push_back(std::move(a));
    }

    // ---- 3. DP first: TP and PP only where memory or speed demands them
    if ((par.tp > 1 || par.pp > 1) && ev.peakBytes <= ev.capacityBytes && out.empty()) {
        const int n = par.tp * par.pp * par.dp;
        std::vector<Result<Plan>> c;
        for (int z = 0; z <= 3; ++z) {
            auto q = withShape(plan, 1, 1, n, par.cp);
            if (q) {
                setZeroStage(q.value().training, z);
                q.value().training.framework = frameworkFor(tr.framework, z, 1);
                c.push_back(q);
            }
        }
        const auto best = bestOf(cancelled, c, [&](const Evaluation& e) { return e.stepS < ev.stepS * 0.98; });
        if (best) {
            Advice a;
            a.step = 3;
            a.code = "prefer-dp";
            const std::string zero = str(best->plan.training.zeroStage);
            a.saw = said(
                a.code, "saw", { str(par.tp), str(par.pp), zero, num(best->ev.stepS) + " s", num(ev.stepS) + " s" });
            a.why = said(a.code, "why");
            attach(a, best, { "fix:all-dp", { str(n), zero } });
            out.push_back(std::move(a));
        }
    }

    // ---- One stage sets the pace: the split flags, layers moved off it, or its TP groups placed inside nodes.
    if (hasWarning(ev, "unbalanced-stages") && !ev.timeline.deviceBusy.empty()) {
        Advice a = warningAdvice(ev, "unbalanced-stages", 3);
        const auto& busy = ev.timeline.deviceBusy;
        std::vector<Result<Plan>> c;
        std::vector<Message> fixes;
        auto add = [&](Plan q, Message fix) {
            if (validate(q).empty()) {
                c.push_back(std::move(q));
                fixes.push_back(std::move(fix));
            }
        };
        // Megatron-LM's split flags, where pp·vpp divides the layers with them (126 layers and both over 16 stages,
        // Llama 3.1 405B's recipe), in place of a stage list.
        if (par.layersPerChunk.empty() && tr.framework == Framework::Megatron && !par.lossInSplit) {
            Plan q = plan;
            q.parallel.layersPerStage.clear();
            q.parallel.lossInSplit = true;
            add(q, { "fix:loss-in-split", {} });
            q.parallel.embeddingInSplit = true;
            if (!par.embeddingInSplit)
                add(q, { "fix:edges-in-split", {} });
        }
        // Layers in whole chunks (vpp at a time) moved one by one from the busiest stage, by the time each is
        // estimated to take, to the least busy: each split on the way is a candidate, evaluated.
        const int step = std::max(1, par.chunks());
        if (par.layersPerChunk.empty() && !par.embeddingInSplit && !par.lossInSplit
            && !traitsOf(par.schedule).twoDirections) {
            std::vector<int> stages;
            int layers = 0;
            for (int d = 0; d < par.pp; ++d) {
                stages.push_back(plan.layersOnStage(d));
                layers += stages.back();
            }
            std::vector<double> estimate(busy.begin(), busy.end());
            const double perLayer = std::accumulate(busy.begin(), busy.end(), 0.0) / std::max(layers, 1);
            for (int move = 0; move < par.pp; ++move) {
                const auto from = std::size_t(std::max_element(estimate.begin(), estimate.end()) - estimate.begin());
                const auto to = std::size_t(std::min_element(estimate.begin(), estimate.end()) - estimate.begin());
                if (from == to || stages[from] <= step)
                    break;
                stages[from] -= step;
                stages[to] += step;
                estimate[from] -= step * perLayer;
                estimate[to] += step * perLayer;
                Plan q = plan;
                q.parallel.layersPerStage = stages;
                std::string list;
                for (int l : stages)
                    list += (list.empty() ? "" : ", ") + str(l);
                add(q, { "fix:split-layers", { "[" + list + "]" } });
            }
        }
        if (!plan.placement.isDefault)
            if (auto placed = autoPlace(plan))
                add(placed.value(), { "fix:place-tp", {} });
        const auto best = bestOf(cancelled, c, [&](const Evaluation& e) { return e.stepS < ev.stepS; });
        if (best)
            attach(a, best, fixes[best->index]);
        out.push_back(std::move(a));
    }

    // ---- Idle GPUs: more DP replicas put them to work (the global batch split over more of them).
    if (hasWarning(ev, "idle-gpus")) {
        Advice a = warningAdvice(ev, "idle-gpus", 3);
        std::vector<Result<Plan>> c;
        const int inner = par.tp * par.pp * par.cp;
        for (int dp = plan.cluster.gpuCount() / inner; dp > par.dp; --dp) {
            Plan q = plan;
            q.parallel.dp = dp;
            if (q.training.globalBatch % (static_cast<long long>(dp) * q.training.microBatch) != 0)
                continue;
            if (auto placed = withDefaultPlacement(std::move(q)); placed && validate(placed.value()).empty())
                c.push_back(std::move(placed));
        }
        const auto best = bestOf(cancelled, c, [](const Evaluation&) { return true; });
        if (best) {
            const ParallelSpec& q = best->plan.parallel;
            attach(a, best,
                { "fix:fill-dp",
                    { str(q.dp), str(q.tp), str(q.pp), str(q.cp), str(q.gpusUsed()), str(plan.cluster.gpuCount()) } });
        } else {
            a.why = said(a.code, "why-batch", { std::to_string(tr.globalBatch), str(tr.microBatch) });
        }
        out.push_back(std::move(a));
    }

    // ---- Precision at this TP: does a low-precision recipe pay, with this plan's GEMM shapes?
    if (const auto a = precisionAdvice(plan, ev, cancelled))
        out.push_back(*a);
    return out;
}

} // namespace plait
