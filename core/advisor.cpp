#include "advisor.h"

#include "evaluate.h"
#include "placementedit.h"
#include "search.h"

#include <algorithm>
#include <cstdio>
#include <functional>

namespace plait {

namespace {
std::string num(double x, const char* format = "%.3g")
{
    char b[64];
    std::snprintf(b, sizeof b, format, x);
    return b;
}
std::string gib(double bytes)
{
    return num(bytes / double(1ull << 30), "%.1f") + " GiB";
}

bool hasWarning(const Evaluation& ev, const std::string& code)
{
    return std::any_of(ev.warnings.begin(), ev.warnings.end(), [&](const Warning& w) { return w.code == code; });
}

struct Tried {
    Plan plan;
    Evaluation ev;
};

// Evaluates the candidates and keeps the fastest one that is valid, fits and passes `accept`.
// Stops early (with nothing) once `cancelled` says so: the result is then thrown away.
std::optional<Tried> bestOf(const Cancelled& cancelled, const std::vector<Result<Plan>>& candidates,
    const std::function<bool(const Evaluation&)>& accept)
{
    std::optional<Tried> best;
    for (const Result<Plan>& c : candidates) {
        if (cancelled && cancelled())
            return std::nullopt;
        if (!c)
            continue;
        Evaluation ev = evaluate(c.value());
        if (!ev.valid || ev.peakBytes > ev.capacityBytes || !accept(ev))
            continue;
        if (!best || ev.stepS < best->ev.stepS)
            best = Tried { c.value(), std::move(ev) };
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

void attach(Advice& a, const std::optional<Tried>& t, const std::string& fix)
{
    if (t) {
        a.fixed = t->plan;
        a.fixedStepS = t->ev.stepS;
        a.fixedPeakBytes = t->ev.peakBytes;
        a.fix = fix + ": step " + num(t->ev.stepS) + " s, peak " + gib(t->ev.peakBytes) + " per GPU";
    } else {
        a.fix = "no single change fixes it; Suggest plans searches every combination";
    }
}

Result<Plan> withTraining(const Plan& plan, const std::function<void(TrainingSpec&)>& change)
{
    Plan p = plan;
    change(p.training);
    return p;
}

}

Result<Plan> reshaped(const Plan& plan, int tp, int pp, int dp, int cp)
{
    if (tp < 1 || pp < 1 || dp < 1 || cp < 1)
        return Result<Plan>::failure("parallel", "sizes must be positive");
    Plan p = plan;
    p.parallel.tp = tp;
    p.parallel.pp = pp;
    p.parallel.dp = dp;
    p.parallel.cp = cp;
    if (p.parallel.schedule == Schedule::Interleaved && plan.model.layers % (pp * p.parallel.vpp) != 0) {
        p.parallel.schedule = Schedule::OneFOneB;
        p.parallel.vpp = 1;
    }
    p.parallel.layersPerStage = balancedLayers(plan.model.layers, pp);
    p.training.sequenceParallel = plan.training.sequenceParallel && tp > 1;
    if (p.parallel.ep > 1 && dp % p.parallel.ep != 0)
        p.parallel.ep = 1;
    auto placement = defaultPlacement(p.cluster, p.parallel);
    if (!placement)
        return placement.errors();
    p.placement = placement.value();
    p.raw.erase("placement");
    if (auto issues = validate(p); !issues.empty())
        return issues;
    return p;
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
        const std::string head = "stage " + std::to_string(ev.peakStage) + " needs " + gib(ev.peakBytes)
            + " per GPU of " + gib(ev.capacityBytes);
        if (states >= mm.activations && states >= mm.weights && (tr.zeroStage < 3 || par.dp * par.cp == 1)) {
            a.code = "memory-optimizer";
            a.saw = head + "; optimizer state and gradients take " + gib(states);
            a.args = { std::to_string(ev.peakStage), gib(ev.peakBytes), gib(ev.capacityBytes), gib(states) };
            a.why = "Adam keeps 12 bytes per parameter (fp32 master copy, momentum, variance) and the gradients on "
                    "every data-parallel rank unless ZeRO shards them across the ranks (Rajbhandari et al. 2020)";
            if (par.dp * par.cp == 1)
                a.why += "; with one data-parallel rank there is nothing to shard them over: this needs more GPUs";
            std::vector<Result<Plan>> c;
            for (int z = tr.zeroStage + 1; z <= 3 && par.dp * par.cp > 1; ++z)
                c.push_back(withTraining(plan, [z, pp = par.pp](TrainingSpec& t) {
                    setZeroStage(t, z);
                    t.framework = frameworkFor(t.framework, z, pp);
                }));
            const auto best = bestOf(cancelled, { c.begin(), c.end() }, [](const Evaluation&) { return true; });
            attach(a, best,
                best ? "shard them with ZeRO stage " + std::to_string(best->plan.training.zeroStage) + " over "
                        + std::to_string(par.dp * par.cp) + " ranks"
                        + (best->plan.training.framework != tr.framework ? std::string(" (training.framework ")
                                    + frameworkName(best->plan.training.framework) + ")"
                                                                         : std::string())
                     : std::string());
        } else if (mm.activations >= mm.weights && tr.recompute != Recompute::Full) {
            a.code = "memory-activations";
            a.saw = head + "; activations of " + std::to_string(mm.inFlight) + " micro-batches in flight take "
                + gib(mm.activations);
            a.args = { std::to_string(ev.peakStage), gib(ev.peakBytes), gib(ev.capacityBytes),
                std::to_string(mm.inFlight), gib(mm.activations) };
            a.why = "activations stay until their backward pass; recomputing them costs part of a forward pass but "
                    "frees most of that memory (Korthikanti et al. 2022); splitting the sequence (CP) or the layers "
                    "(TP, PP) over more GPUs divides them too; the fix is whichever fits at the least step time";
            // Recomputation and the splits that divide activations, each evaluated: the cheapest that fits wins.
            std::vector<Result<Plan>> c;
            if (tr.recompute == Recompute::None)
                c.push_back(withTraining(plan, [](TrainingSpec& t) { t.recompute = Recompute::Selective; }));
            c.push_back(withTraining(plan, [](TrainingSpec& t) { t.recompute = Recompute::Full; }));
            if (par.dp % 2 == 0) {
                if (contextParallelRefusal(tr.framework, par.cp * 2, tr.flashAttention).empty())
                    c.push_back(reshaped(plan, par.tp, par.pp, par.dp / 2, par.cp * 2));
                if (par.tp * 2 <= gpn)
                    c.push_back(reshaped(plan, par.tp * 2, par.pp, par.dp / 2, par.cp));
                if (par.pp * 2 <= plan.model.layers)
                    c.push_back(reshaped(plan, par.tp, par.pp * 2, par.dp / 2, par.cp));
            }
            const auto best = bestOf(cancelled, c, [](const Evaluation&) { return true; });
            std::string fix;
            if (best) {
                const ParallelSpec& q = best->plan.parallel;
                if (q.tp != par.tp || q.pp != par.pp || q.cp != par.cp)
                    fix = "split them: TP " + std::to_string(q.tp) + ", PP " + std::to_string(q.pp) + ", DP "
                        + std::to_string(q.dp) + ", CP " + std::to_string(q.cp);
                else
                    fix = std::string("recompute ")
                        + (best->plan.training.recompute == Recompute::Full ? "every layer (full)"
                                                                            : "attention only (selective)");
            }
            attach(a, best, fix);
        } else {
            a.code = "memory-weights";
            const std::pair<const char*, double> terms[] = { { "weights", mm.weights }, { "gradients", mm.grads },
                { "optimizer state", mm.optimizer }, { "activations", mm.activations }, { "other", mm.other } };
            const auto* largest = std::max_element(
                std::begin(terms), std::end(terms), [](auto& x, auto& y) { return x.second < y.second; });
            a.saw = head + "; the largest term is " + largest->first + " (" + gib(largest->second)
                + ") with ZeRO and recomputation already doing what they can";
            a.args = { std::to_string(ev.peakStage), gib(ev.peakBytes), gib(ev.capacityBytes), largest->first,
                gib(largest->second) };
            a.why = "what is left is divided only by tensor or pipeline parallelism: they split the weights and each "
                    "layer's activations (ZeRO-3 gathers each layer's weights back for its compute)";
            std::vector<Result<Plan>> c;
            if (par.tp * 2 <= gpn && par.dp % 2 == 0)
                c.push_back(reshaped(plan, par.tp * 2, par.pp, par.dp / 2, par.cp));
            if (par.dp % 2 == 0 && par.pp * 2 <= plan.model.layers)
                c.push_back(reshaped(plan, par.tp, par.pp * 2, par.dp / 2, par.cp));
            if (par.dp % 4 == 0 && par.pp * 4 <= plan.model.layers)
                c.push_back(reshaped(plan, par.tp, par.pp * 4, par.dp / 4, par.cp));
            const auto best = bestOf(cancelled, c, [](const Evaluation&) { return true; });
            attach(a, best,
                best ? "split them: TP " + std::to_string(best->plan.parallel.tp) + ", PP "
                        + std::to_string(best->plan.parallel.pp) + ", DP " + std::to_string(best->plan.parallel.dp)
                     : std::string());
        }
        out.push_back(std::move(a));
    }

    // ---- 2. the interconnect bounds TP
    if (par.tp > gpn) {
        Advice a;
        a.step = 2;
        a.code = "tp-wider-than-node";
        a.saw = "TP = " + std::to_string(par.tp) + " is wider than the " + std::to_string(gpn) + " GPUs of a node";
        a.args = { std::to_string(par.tp), std::to_string(gpn) };
        a.why = "every layer runs TP collectives in its forward and backward passes; across nodes they cross the NICs "
                "at a fraction of NVLink bandwidth, while PP and DP send fewer, larger messages";
        const int shrink = par.tp / gpn;
        std::vector<Result<Plan>> c;
        c.push_back(reshaped(plan, gpn, par.pp * shrink, par.dp, par.cp));
        c.push_back(reshaped(plan, gpn, par.pp, par.dp * shrink, par.cp));
        attach(a, bestOf(cancelled, c, [](const Evaluation&) { return true; }),
            "keep TP inside the node and move the rest to PP or DP");
        out.push_back(std::move(a));
    } else if (hasWarning(ev, "tp-crosses-node")) {
        Advice a;
        a.step = 2;
        a.code = "tp-crosses-node";
        const Warning& w = *std::find_if(
            ev.warnings.begin(), ev.warnings.end(), [](const Warning& x) { return x.code == "tp-crosses-node"; });
        a.saw = w.message;
        a.args = w.args;
        a.why = "TP traffic is on the critical path of every layer; it should stay on NVLink inside a node";
        std::vector<Result<Plan>> c { autoPlace(plan) };
        attach(a, bestOf(cancelled, c, [&](const Evaluation& e) { return e.stepS < ev.stepS; }),
            "place each TP group inside one node");
        out.push_back(std::move(a));
    }

    // Pitfalls of speed.
    if (hasWarning(ev, "too-few-microbatches")) {
        Advice a;
        a.step = 3;
        a.code = "too-few-microbatches";
        const int m = ev.microBatches, p = par.pp;
        a.saw = "m = " + std::to_string(m) + " micro-batches for p = " + std::to_string(p) + " stages: the bubble is "
            + num(100 * ev.bubbleFraction, "%.1f") + "% of the step";
        a.args = { std::to_string(m), std::to_string(p), num(100 * ev.bubbleFraction, "%.1f") };
        a.why = "a pipeline idles (p−1)/(m+p−1) of the time while it fills and drains (Narayanan et al. 2021): 20% at "
                "m = 4·p, 10% at m = 9·(p−1); interleaving or ZB-H1 shrink it further";
        // Smaller micro-batches (more of them, the global batch unchanged), with each schedule.
        std::vector<Result<Plan>> c;
        for (int mb = tr.microBatch; mb >= 1; mb /= 2)
            for (Schedule s : { par.schedule, Schedule::ZbH1, Schedule::Interleaved }) {
                Plan q = plan;
                q.training.microBatch = mb;
                q.parallel.schedule = s;
                q.parallel.vpp = s == Schedule::Interleaved ? std::max(2, par.vpp) : 1;
                if (mb == tr.microBatch && s == par.schedule)
                    continue;
                auto issues = validate(q);
                c.push_back(issues.empty() ? Result<Plan>(q) : Result<Plan>(issues));
            }
        const auto best = clearing(cancelled, c, a.code, [&](const Evaluation& e) { return e.stepS < ev.stepS; });
        attach(a, best,
            best ? "raise micro-batches to " + std::to_string(best->ev.microBatches) + " with "
                    + scheduleName(best->plan.parallel.schedule) + " (micro-batch size "
                    + std::to_string(best->plan.training.microBatch) + ")"
                 : std::string());
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
        a.saw = "exposed TP communication takes " + num(tpExposed * 1e3) + " ms of the " + num(ev.stepS * 1e3)
            + " ms step (" + num(100 * tpExposed / ev.stepS, "%.1f") + "%)";
        a.args = { num(tpExposed * 1e3), num(ev.stepS * 1e3), num(100 * tpExposed / ev.stepS, "%.1f") };
        a.why
            = "each layer's TP collectives wait in the forward pass and, unless overlapped, in the backward; "
              "Transformer Engine's userbuffers overlap (training.tp_overlap all, with sequence parallelism) runs them "
              "beside the GEMMs, and a smaller TP sends less per layer over fewer ranks";
        std::vector<Result<Plan>> c;
        if (tr.tpOverlap != TpOverlap::All)
            c.push_back(withTraining(plan, [](TrainingSpec& t) {
                t.tpOverlap = TpOverlap::All;
                t.sequenceParallel = true;
            }));
        if (par.tp % 2 == 0)
            c.push_back(reshaped(plan, par.tp / 2, par.pp, par.dp * 2, par.cp));
        const auto best = bestOf(cancelled, c, [&](const Evaluation& e) { return e.stepS < ev.stepS; });
        std::string fix;
        if (best)
            fix = best->plan.parallel.tp != par.tp
                ? "halve TP: TP " + std::to_string(best->plan.parallel.tp) + ", DP "
                    + std::to_string(best->plan.parallel.dp)
                : std::string("overlap every TP collective (training.tp_overlap all, sequence parallel)");
        attach(a, best, fix);
        out.push_back(std::move(a));
    }
    if (hasWarning(ev, "dp-comm-dominates")) {
        Advice a;
        a.step = 3;
        a.code = "dp-comm-dominates";
        const Warning& w = *std::find_if(
            ev.warnings.begin(), ev.warnings.end(), [](const Warning& x) { return x.code == "dp-comm-dominates"; });
        a.saw = w.message;
        a.args = w.args;
        a.why = "each step reduces every gradient across the DP ranks, whatever the batch; with little work per rank "
                "the reduction cannot hide under the backward pass";
        std::vector<Result<Plan>> c;
        if (!tr.overlapGradReduce)
            c.push_back(withTraining(plan, [](TrainingSpec& t) { t.overlapGradReduce = true; }));
        if (par.dp % 2 == 0 && par.tp * 2 <= gpn)
            c.push_back(reshaped(plan, par.tp * 2, par.pp, par.dp / 2, par.cp));
        if (par.dp % 2 == 0 && par.pp * 2 <= plan.model.layers)
            c.push_back(reshaped(plan, par.tp, par.pp * 2, par.dp / 2, par.cp));
        const auto best = clearing(cancelled, c, a.code, [&](const Evaluation& e) { return e.stepS < ev.stepS; });
        attach(a, best,
            best ? "use fewer DP ranks: TP " + std::to_string(best->plan.parallel.tp) + ", PP "
                    + std::to_string(best->plan.parallel.pp) + ", DP " + std::to_string(best->plan.parallel.dp)
                 : std::string());
        out.push_back(std::move(a));
    }

    // ---- 3. DP first: TP and PP only where memory or speed demands them
    if ((par.tp > 1 || par.pp > 1) && ev.peakBytes <= ev.capacityBytes && out.empty()) {
        const int n = par.tp * par.pp * par.dp;
        std::vector<Result<Plan>> c;
        for (int z = 0; z <= 3; ++z) {
            auto q = reshaped(plan, 1, 1, n, par.cp);
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
            a.saw = "TP " + std::to_string(par.tp) + " × PP " + std::to_string(par.pp) + " while the model fits with "
                + "data parallelism alone (ZeRO " + std::to_string(best->plan.training.zeroStage) + ")";
            a.args = { std::to_string(par.tp), std::to_string(par.pp), std::to_string(best->plan.training.zeroStage) };
            a.why
                = "DP adds one gradient reduction per step, overlapped with the backward pass; TP adds collectives to "
                  "every layer and PP a bubble";
            attach(a, best, "run data parallel over all " + std::to_string(n) + " GPUs");
            out.push_back(std::move(a));
        }
    }
    return out;
}

} // namespace plait
