#include "explain.h"

#include "collective.h"
#include "layercost.h"
#include "lowprecision.h"
#include "memory.h"
#include "numtext.h"
#include "offload.h"
#include "params.h"
#include "text.h"

namespace plait {

namespace {

std::string gib(double bytes)
{
    return gibText(bytes, 3);
}

Message say(std::string key, std::vector<std::string> args = {})
{
    return { std::move(key), std::move(args) };
}

// "= P × B [/ shards]", or for a MoE stage its dense and expert parameters, each over its own data-parallel shards;
// then " + …" where the formula has a term it does not spell out, and the result.
ExplainLine statesLine(const StageParams& params, double bytesEach, bool sharded, int shards, int expertShards,
    bool more, std::vector<Message> extra, double result)
{
    const auto term = [&](double n, int by) {
        return numText(n / 1e9, "%.4g") + "e9 × " + numText(bytesEach) + " B" + (sharded ? " / " + str(by) : "");
    };
    ExplainLine line { say("explain:equals", { term(params.expert > 0 ? params.dense : params.total(), shards) }) };
    if (params.expert > 0)
        line.push_back(say("explain:plus-experts", { term(params.expert, expertShards) }));
    if (more)
        line.push_back(say("explain:plus-more"));
    line.insert(line.end(), extra.begin(), extra.end());
    line.push_back(say("explain:result", { gib(result) }));
    return line;
}

} // namespace

const char* memoryTermName(MemoryTerm t)
{
    switch (t) {
    case MemoryTerm::Weights:
        return "weights";
    case MemoryTerm::Gradients:
        return "gradients";
    case MemoryTerm::Optimizer:
        return "optimizer state";
    case MemoryTerm::Activations:
        return "activations";
    case MemoryTerm::Other:
        return "other";
    }
    return "";
}

Explanation explainMemory(const Plan& plan, const Evaluation& ev, int stage, MemoryTerm term)
{
    if (stage < 0 || stage >= int(ev.memory.size()))
        return {};
    const StageMemory& m = ev.memory[std::size_t(stage)];
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    const int layers = plan.layersOnStage(stage);
    const StageParams params = stageParams(plan.model, layers, par.holdsFirstChunk(stage), par.holdsLastChunk(stage),
        par.pp, par.tp, par.expertShard(), plan.denseLayersOnStage(stage));
    const StateBytes bytes = stateBytes(tr);
    const bool unsharded = fsdpHoldsStageUnsharded(tr, par.pp);
    const int shards = par.dp * par.cp;
    Explanation e;
    switch (term) {
    case MemoryTerm::Weights: {
        ExplainLine first { say("explain:weights") };
        if (unsharded || tr.zeroStage >= 3)
            first.push_back(say(unsharded ? "explain:weights-fsdp-pp" : "explain:weights-zero3"));
        e.push_back(first);
        std::vector<Message> quantized;
        if (m.quantizedWeights > 0)
            quantized.push_back(say("explain:plus-quantized", { gib(m.quantizedWeights) }));
        e.push_back(statesLine(
            params, bytes.weights, tr.zeroStage >= 3, shards, par.expertDp(), tr.zeroStage >= 3, quantized, m.weights));
        if (m.quantizedWeights > 0)
            e.push_back({ say(
                "explain:quantized", { precisionName(tr.precision), numText(linearRecipe(plan).weightCacheBytes) }) });
        ExplainLine p { say("explain:params", { str(layers), str(par.tp) }) };
        if (par.holdsFirstChunk(stage))
            p.push_back(say("explain:params-embedding"));
        if (par.holdsLastChunk(stage))
            p.push_back(say("explain:params-head"));
        if (params.expert > 0)
            p.push_back(say("explain:params-experts", { str(par.expertTp()), str(par.ep), str(par.expertDp()) }));
        e.push_back(p);
        e.push_back(
            { say("explain:source", { "Narayanan et al. 2021 Eq. 2; Megatron-LM theoretical_memory_usage.py" }) });
        break;
    }
    case MemoryTerm::Gradients: {
        ExplainLine first { say("explain:grads", { numText(bytes.grads) }),
            say(tr.fp32Gradients ? "explain:grads-fp32" : "explain:grads-16") };
        if (tr.zeroStage >= 2)
            first.push_back(say("explain:per-dpcp-zero2"));
        if (unsharded)
            first.push_back(say("explain:grads-unsharded"));
        e.push_back(first);
        e.push_back(statesLine(params, bytes.grads, tr.zeroStage >= 2, shards, par.expertDp(), unsharded, {}, m.grads));
        e.push_back({ unsharded ? say("explain:source-fsdp-grads")
                                : say("explain:source", { "Rajbhandari et al. 2020 (ZeRO) §3.1; Megatron-LM" }) });
        break;
    }
    case MemoryTerm::Optimizer: {
        const char* kind = tr.optimizer == Optimizer::Adam
            ? (tr.bf16Master ? (tr.bf16Moments ? "explain:opt-adam-bf16-both" : "explain:opt-adam-bf16-master")
                             : (tr.bf16Moments ? "explain:opt-adam-bf16-moments" : "explain:opt-adam"))
            : (tr.bf16Master ? "explain:opt-momentum-bf16" : "explain:opt-momentum");
        ExplainLine first { say("explain:optimizer", { numText(bytes.optimizer) }), say(kind) };
        if (tr.zeroStage >= 1)
            first.push_back(say("explain:opt-zero1"));
        e.push_back(first);
        if (tr.offloadOptimizer) {
            e.push_back({ say("explain:opt-offloaded",
                { frameworkName(tr.framework), numText(cpuAdamParamsPerS(tr.framework) / 1e9, "%.3g") }) });
            e.push_back({ say("explain:source-offload") });
            break;
        }
        e.push_back(
            statesLine(params, bytes.optimizer, tr.zeroStage >= 1, shards, par.expertDp(), false, {}, m.optimizer));
        e.push_back({ say("explain:source", { "Rajbhandari et al. 2020 (ZeRO) Table 1, K = 12" }) });
        break;
    }
    case MemoryTerm::Activations: {
        const LayerCost lc = layerCost(plan);
        const double perChunk = double(layers) / std::max(par.chunks(), 1);
        e.push_back({ say("explain:activations") });
        e.push_back({ say("explain:activations-value",
            { str(m.inFlight), numText(perChunk), gib(lc.storedActivations), gib(m.activations) }) });
        ExplainLine kept { say("explain:act-bytes") };
        kept.push_back(tr.recompute == Recompute::Full ? say("explain:act-full")
                : tr.recompute == Recompute::Selective
                ? say("explain:act-selective", { recomputeModulesText(tr.recomputeModules) })
                : tr.recompute == Recompute::SelectiveOps ? say("explain:act-selective-ops")
                : tr.flashAttention                       ? say("explain:act-flash")
                                                          : say("explain:act-plain"));
        if (tr.sequenceParallel && par.tp > 1)
            kept.push_back(say("explain:act-sp"));
        if (const LinearRecipe r = linearRecipe(plan); r.lowPrecision && r.savedInputBytes < 2)
            kept.push_back(say("explain:act-quantized", { numText(r.savedInputBytes) }));
        e.push_back(kept);
        e.push_back({ say("explain:in-flight", { scheduleName(par.schedule) }) });
        break;
    }
    case MemoryTerm::Other:
        e.push_back({ say("explain:other") });
        e.push_back({ say("explain:other-value",
            { numText(tr.otherGiB), numText(100 * tr.fragmentation),
                gib(m.weights + m.grads + m.optimizer + m.activations), gib(m.other) }) });
        e.push_back({ say("explain:other-defaults") });
        {
            const ReservedRatio r = reservedOverAllocated(tr);
            e.push_back({ say("explain:reserved",
                { gib(m.reserved), numText(r.ratio, "%.3g"), gib(m.tensors()),
                    gib(plan.cluster.gpu.memoryGiB * double(1ull << 30) - tr.otherGiB * double(1ull << 30)),
                    r.source }) });
        }
        break;
    }
    return e;
}

Explanation explainComm(const CommItem& c)
{
    const double perCall = c.count > 0 ? c.timeS / c.count : 0;
    const double alphaPerCall = c.count > 0 ? c.alphaS / c.count : 0;
    return {
        { say("explain:comm-what",
            { dimName(c.dim), collectiveName(c.collective), str(c.groupSize), algorithmName(c.algorithm), c.link }) },
        { say("explain:comm-per-call",
            { numText(alphaPerCall * 1e6), numText((perCall - alphaPerCall) * 1e6), numText(perCall * 1e6),
                numText(c.bytesPerCall / 1048576.0),
                numText(busBandwidthFactor(c.collective, c.groupSize), "%.3f") }) },
        { say("explain:comm-per-step",
            { str(c.count), numText(perCall * 1e3), numText(c.timeS * 1e3), numText(c.exposedS * 1e3) }) },
        { say("explain:source-comm") },
    };
}

std::string explanationText(const Explanation& e)
{
    std::string out;
    for (const ExplainLine& line : e) {
        if (!out.empty())
            out += "\n";
        for (const Message& m : line)
            out += messageText(m);
    }
    return out;
}

} // namespace plait
