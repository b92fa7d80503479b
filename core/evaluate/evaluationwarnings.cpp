#include "evaluationwarnings.h"

#include "attention.h"
#include "gemm.h"
#include "lowprecision.h"
#include "messagetext.h"
#include "numtext.h"

#include <algorithm>

namespace plait {

namespace {
std::string fmt(double x, int precision = 3)
{
    return numText(x, ("%." + std::to_string(precision) + "g").c_str());
}
}

void addEvaluationWarnings(
    const Plan& plan, const GroupSet& groups, const LayerCost& lc, int slowestStage, Evaluation& ev)
{
    const int p = plan.parallel.pp;
    const ParallelSpec& par = plan.parallel;
    const StageTimes& slow = ev.stages[std::size_t(slowestStage)];
    const int m = ev.microBatches;
    // Each warning's English text is its template in messagetext.cpp, filled with these arguments.
    auto warn = [&](const char* code, std::vector<std::string> args) {
        std::string message = messageText(warningKey(code, args), args);
        ev.warnings.push_back({ code, std::move(message), std::move(args) });
    };
    {
        // The slowest crossing group is the one the cost waits for: its ring rate and bottleneck link are quoted, and
        // the rate a group inside one node gets beside them.
        int crossing = 0;
        const Group* slowest = nullptr;
        const Group* inside = nullptr;
        for (const Group& g : groups.tp) {
            if (!g.crossesNode) {
                inside = inside ? inside : &g;
                continue;
            }
            ++crossing;
            if (!slowest || g.path.busGBps < slowest->path.busGBps)
                slowest = &g;
        }
        if (crossing > 0) {
            std::string ids;
            for (int x : slowest->gpus)
                ids += (ids.empty() ? "" : ", ") + std::to_string(x);
            const int node = slowest->gpus.front() / std::max(plan.cluster.gpusPerNode, 1);
            const LinkSpec& intra = plan.cluster.intraOf(node);
            const double insideGBps = inside ? inside->path.busGBps : intra.effectiveGBps();
            warn("tp-crosses-node",
                { std::to_string(crossing), std::to_string(groups.tp.size()), ids, fmt(slowest->path.busGBps),
                    slowest->path.link, fmt(insideGBps), inside ? inside->path.link : intra.id,
                    plan.cluster.nvlinkDomainGpus > 0 ? "domain" : "node" });
        }
    }
    if (const Message no = scheduleRefusal(plan.training.framework, par.schedule); !no.empty() && p > 1)
        warn("schedule-framework", no.args);
    if (const int used = par.gpusUsed(), all = plan.cluster.gpuCount(); used < all)
        warn("idle-gpus",
            { std::to_string(all - used), std::to_string(all), std::to_string(par.tp), std::to_string(p),
                std::to_string(par.cp), std::to_string(par.dp), std::to_string(used) });
    // The 1F1B bubble (p−1)/(m+p−1) is 10% at m = 9·(p−1); interleaving (÷v) and ZB-H1 need fewer. With that many
    // micro-batches already, a bubble above 10% has another cause (unbalanced stages): not this warning.
    if (const int enough = 9 * (p - 1); p > 1 && ev.bubbleFraction > 0.10 && m < enough) {
        warn("too-few-microbatches",
            { std::to_string(m), std::to_string(p), fmt(100 * ev.bubbleFraction, 3), std::to_string(enough) });
    }
    if (ev.peakBytes > ev.capacityBytes) {
        const StageMemory& mm = ev.memory[std::size_t(ev.peakStage)];
        const std::pair<const char*, double> terms[] = { { "weights", mm.weights }, { "gradients", mm.grads },
            { "optimizer state", mm.optimizer }, { "activations", mm.activations }, { "other", mm.other } };
        const auto* largest = std::max_element(
            std::begin(terms), std::end(terms), [](auto& a, auto& b) { return a.second < b.second; });
        warn("out-of-memory",
            { std::to_string(ev.peakStage), gibText(ev.peakBytes, 1), plan.cluster.gpu.id, gibText(ev.capacityBytes, 1),
                largest->first, gibText(largest->second, 1) });
    }
    if (slow.dpExposed > 0.25 * ev.stepS && par.dp > 1)
        warn("dp-comm-dominates",
            { fmt(slow.dpExposed * 1e3), fmt(ev.stepS * 1e3), fmt(100 * slow.dpExposed / ev.stepS, 3) });
    if (p > 1) {
        // The pipeline runs at its busiest stage's pace. Said with its cause: a TP group of that stage across nodes
        // (placement fixes it), or the output layer and loss on the last stage, flagged from 5% since the split
        // flags fix it; else layers to move, from 10%.
        const auto& busy = ev.timeline.deviceBusy;
        const auto [mn, mx] = std::minmax_element(busy.begin(), busy.end());
        const int heavy = int(mx - busy.begin());
        const bool crossing = std::any_of(
            groups.tp.begin(), groups.tp.end(), [&](const Group& g) { return g.crossesNode && g.stage == heavy; });
        const bool head = !crossing && par.holdsLastChunk(heavy) && !par.holdsFirstChunk(heavy);
        const double ratio = *mn > 0 ? *mx / *mn : 1;
        if (ratio > (head ? 1.05 : 1.10))
            warn("unbalanced-stages",
                { std::to_string(heavy), fmt(*mx * 1e3), std::to_string(mn - busy.begin()), fmt(*mn * 1e3),
                    crossing   ? "crossing"
                        : head ? "head"
                               : "",
                    fmt(100 * (ratio - 1), 2), groupedText(double(plan.model.vocab)) });
    }
    const GpuSpec& gpu = plan.cluster.gpu;
    const double sustained = gemmEfficiency(gpu, ev.peakTflops);
    if (gpu.gemmMaxEfficiency <= 0 && !hasSustainedRate(gpu, ev.peakTflops))
        warn("gemm-efficiency-unknown", { gpu.id });
    else if (!hasSustainedRate(gpu, ev.peakTflops))
        warn("gemm-rate-burst", { gpu.id, fmt(100 * sustained, 3) });
    if (plan.training.precision == Precision::FP4)
        warn("fp4-overheads", { nvfp4GemmShareSource(gpu) });
    if (ev.hostBytesPerNode > 0) {
        const double host = plan.cluster.hostMemoryGiB * double(1ull << 30);
        if (host <= 0)
            warn("host-memory-unstated", { gibText(ev.hostBytesPerNode, 1) });
        else if (ev.hostBytesPerNode > host)
            warn("host-out-of-memory", { gibText(ev.hostBytesPerNode, 1), gibText(host, 1) });
    }
    if (gpu.hbmAchievableGBps <= 0)
        warn("hbm-rate-datasheet", { gpu.id, fmt(gpu.hbmGBps) });
    if (plan.training.attentionUnpad && !plan.training.flashAttention)
        warn("attention-unpad-unfused", {});
    if (plan.training.flashAttention && !lc.attentionRatePublished)
        warn("attention-rate-unknown", { attentionKernelName(lc.attentionKernel), gpu.id });
    if (plan.training.flashAttention && lc.attentionRatePublished)
        if (const auto spread = attentionStandIn(gpu, lc.attentionKernel))
            warn(spread->ownCurve ? "attention-rate-disputed" : "attention-rate-stand-in",
                { attentionKernelName(lc.attentionKernel), gpu.id, attentionKernelName(spread->point),
                    attentionKernelName(spread->fastEnd) });
    if (ev.hfu > sustained * 1.0001)
        warn("mfu-above-sustained", { fmt(100 * ev.hfu, 3), fmt(100 * sustained, 3), gpu.id });
}

} // namespace plait
