#include "evaluationwarnings.h"

#include "attention.h"
#include "gemm.h"

#include <algorithm>
#include <sstream>

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
}

void addEvaluationWarnings(
    const Plan& plan, const GroupSet& groups, const LayerCost& lc, int slowestStage, Evaluation& ev)
{
    const int p = plan.parallel.pp;
    const ParallelSpec& par = plan.parallel;
    const StageTimes& slow = ev.stages[std::size_t(slowestStage)];
    const int m = ev.microBatches;
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
}

} // namespace plait
