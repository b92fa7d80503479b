#include "explain.h"

#include "layercost.h"
#include "lowprecision.h"
#include "memory.h"
#include "numtext.h"
#include "offload.h"
#include "params.h"

namespace plait {

namespace {
std::string gib(double bytes)
{
    return numText(bytes / double(1ull << 30), "%.3f") + " GiB";
}
}

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

std::string explainMemory(const Plan& plan, const Evaluation& ev, int stage, MemoryTerm term)
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
    // P × B [/ shards], or for a MoE stage its dense and expert parameters, each over its own data-parallel shards.
    auto statesTerm = [&](double bytesEach, bool sharded) {
        const auto term = [&](double n, int by) {
            return numText(n / 1e9, "%.4g") + "e9 × " + numText(bytesEach) + " B"
                + (sharded ? " / " + std::to_string(by) : "");
        };
        if (params.expert <= 0)
            return term(params.total(), shards);
        return term(params.dense, shards) + " + " + term(params.expert, par.expertDp()) + " (experts)";
    };
    std::string s;
    switch (term) {
    case MemoryTerm::Weights:
        s = "weights = parameters on this GPU × bytes per parameter";
        s += unsharded          ? " / (dp·cp) + the stage's parameters, gathered through the step (FSDP under PP)\n"
            : tr.zeroStage >= 3 ? " / (dp·cp) + two gathered layers (ZeRO-3)\n"
                                : "\n";
        s += "        = " + statesTerm(bytes.weights, tr.zeroStage >= 3) + (tr.zeroStage >= 3 ? " + …" : "")
            + (m.quantizedWeights > 0 ? " + " + gib(m.quantizedWeights) + " quantized copies" : std::string()) + " = "
            + gib(m.weights) + "\n";
        if (m.quantizedWeights > 0)
            s += "quantized copies: the layers' linear weights in " + std::string(precisionName(tr.precision))
                + " in both orientations (Transformer Engine's weight workspaces), "
                + numText(linearRecipe(plan).weightCacheBytes) + " B per weight\n";
        s += "parameters: " + std::to_string(layers) + " layers / tp " + std::to_string(par.tp)
            + (par.holdsFirstChunk(stage) ? " + word embedding" : "")
            + (par.holdsLastChunk(stage) ? " + final norm and output layer" : "")
            + (params.expert > 0
                    ? "; experts / (expert TP " + std::to_string(par.expertTp()) + " × EP " + std::to_string(par.ep)
                        + "), their states sharded over expert DP " + std::to_string(par.expertDp())
                    : std::string())
            + "\n";
        s += "Source: Narayanan et al. 2021 Eq. 2; Megatron-LM theoretical_memory_usage.py";
        break;
    case MemoryTerm::Gradients:
        s = "gradients = parameters × " + numText(bytes.grads) + " B"
            + (tr.fp32Gradients ? " (fp32 main_grad)" : " (16-bit)") + (tr.zeroStage >= 2 ? " / (dp·cp) (ZeRO-2)" : "")
            + (unsharded ? " + the stage's gradients, accumulated unsharded until the last micro-batch" : "") + "\n";
        s += "          = " + statesTerm(bytes.grads, tr.zeroStage >= 2) + (unsharded ? " + …" : "") + " = "
            + gib(m.grads) + "\n";
        s += unsharded ? "Source: torch.distributed.pipelining stage.py backward_maybe_with_nosync (no gradient sync "
                         "or reshard but for the last micro-batch); FSDP2 to_accumulated_grad_if_needed"
                       : "Source: Rajbhandari et al. 2020 (ZeRO) §3.1; Megatron-LM";
        break;
    case MemoryTerm::Optimizer:
        s = "optimizer = parameters × " + numText(bytes.optimizer) + " B"
            + (tr.optimizer == Optimizer::Adam
                    ? std::string(tr.bf16Master ? " (no fp32 master: BF16 master weights," : " (fp32 master,")
                        + (tr.bf16Moments ? " Adam m and v in BF16)" : " Adam m and v)")
                    : std::string(tr.bf16Master ? " (no fp32 master, momentum)" : " (fp32 master, momentum)"))
            + (tr.zeroStage >= 1 ? " / (dp·cp) (ZeRO-1 / distributed optimizer)" : "") + "\n";
        if (tr.offloadOptimizer) {
            s += "          = 0 on the GPU: in host memory, stepped by the CPU ("
                + std::string(frameworkName(tr.framework)) + ", "
                + numText(cpuAdamParamsPerS(tr.framework) / 1e9, "%.3g") + "e9 parameters/s per node)\n";
            s += "Source: Ren et al. 2021 (ZeRO-Offload); CPU-Adam's rate from DeepSpeed PR #735";
            break;
        }
        s += "          = " + statesTerm(bytes.optimizer, tr.zeroStage >= 1) + " = " + gib(m.optimizer) + "\n";
        s += "Source: Rajbhandari et al. 2020 (ZeRO) Table 1, K = 12";
        break;
    case MemoryTerm::Activations: {
        const LayerCost lc = layerCost(plan);
        const double perChunk = double(layers) / std::max(par.chunks(), 1);
        s = "activations = micro-batches in flight × layers per chunk × bytes per layer (+ first/last-stage terms)\n";
        s += "            = " + std::to_string(m.inFlight) + " × " + numText(perChunk) + " × "
            + gib(lc.storedActivations) + " + … = " + gib(m.activations) + "\n";
        s += "bytes per layer: Korthikanti et al. 2022 Table 2, ";
        s += tr.recompute == Recompute::Full       ? "full recomputation: only the layer input (2sbh)"
            : tr.recompute == Recompute::Selective ? "selective recomputation of "
                + recomputeModulesText(tr.recomputeModules) + ": their kept tensors are dropped"
            : tr.recompute == Recompute::SelectiveOps
            ? "op-level selective recomputation (torchtitan): the layer input, the outputs of every other matmul "
              "and of the attention kernel"
            : tr.flashAttention ? "flash attention keeps no score matrix"
                                : "sbh(34 + 5as/h) split by TP";
        s += std::string(tr.sequenceParallel && par.tp > 1 ? ", sequence parallel: everything / tp" : "");
        if (const LinearRecipe r = linearRecipe(plan); r.lowPrecision && r.savedInputBytes < 2)
            s += "; the linears' inputs kept quantized, " + numText(r.savedInputBytes) + " B per element";
        s += "\n";
        s += "in flight: counted from the simulated " + std::string(scheduleName(par.schedule))
            + " schedule of this stage";
        break;
    }
    case MemoryTerm::Other:
        s = "other = CUDA context, cuBLAS workspace, NCCL buffers + fragmentation × tensors\n";
        s += "      = " + numText(tr.otherGiB) + " GiB + " + numText(100 * tr.fragmentation) + "% × "
            + gib(m.weights + m.grads + m.optimizer + m.activations) + " = " + gib(m.other) + "\n";
        s += "Defaults: 1 GiB fixed, 5% (Megatron-LM's overhead factor); set training.other_GiB and "
             "training.fragmentation";
        break;
    }
    return s;
}

std::string explainComm(const CommItem& c)
{
    const double perCall = c.count > 0 ? c.timeS / c.count : 0;
    const double alphaPerCall = c.count > 0 ? c.alphaS / c.count : 0;
    std::string s = std::string(dimName(c.dim)) + " " + collectiveName(c.collective) + " of "
        + commPayloadName(c.payload) + ", " + std::to_string(c.groupSize) + " ranks, " + algorithmName(c.algorithm)
        + " over " + c.link + "\n";
    s += "T per call = α·steps + S·factor/β = " + numText(alphaPerCall * 1e6) + " µs + "
        + numText((perCall - alphaPerCall) * 1e6) + " µs = " + numText(perCall * 1e6)
        + " µs   (S = " + numText(c.bytesPerCall / 1048576.0)
        + " MiB, factor = " + numText(busBandwidthFactor(c.collective, c.groupSize), "%.3f") + ")\n";
    s += "per step = " + std::to_string(c.count) + " calls × " + numText(perCall * 1e3)
        + " ms = " + numText(c.timeS * 1e3) + " ms, of which " + numText(c.exposedS * 1e3)
        + " ms exposed (not hidden under compute)\n";
    s += "Source: nccl-tests doc/PERFORMANCE.md (bus-bandwidth factors); α and β from the link catalog";
    return s;
}

} // namespace plait
