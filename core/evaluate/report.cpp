#include "report.h"

#include "chrometrace.h"
#include "figurecheck.h"
#include "predictedtimeline.h"

#include "numtext.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace plait {

namespace {
// A count the contract writes as an integer; one beyond 64 bits (the figure check has already made such an
// evaluation invalid) stays a number instead of wrapping to a negative one.
nlohmann::json whole(double x)
{
    if (std::isfinite(x) && std::abs(x) <= kMaxByteCount)
        return std::llround(x);
    return x;
}

// What the step time rests on: the shipped calibration's fit, or the cluster's own efficiencies.
std::string basisText(const Evaluation& ev)
{
    std::string text = ev.calibrationShipped
        ? calibrationBasisText(ev.calibrationRuns, ev.calibrationCrossValidated)
        : "calibrated for this cluster (its own efficiencies replace the shipped fit)";
    if (!ev.measuredRates.empty()) {
        text += "; measured on this cluster:";
        for (std::size_t i = 0; i < ev.measuredRates.size(); ++i)
            text += (i ? ", " : " ") + ev.measuredRates[i];
    }
    return text;
}
}

nlohmann::json evaluationToJson(const Evaluation& ev)
{
    nlohmann::json j;
    j["plan"] = ev.plan;
    j["valid"] = ev.valid;
    j["errors"] = nlohmann::json::array();
    for (const Issue& e : ev.errors)
        j["errors"].push_back({ { "field", e.field }, { "message", e.message } });
    j["warnings"] = nlohmann::json::array();
    for (const Warning& w : ev.warnings)
        j["warnings"].push_back({ { "code", w.code }, { "message", w.message } });
    j["params_total"] = whole(ev.paramsTotal);
    auto& mem = j["memory"];
    mem["capacity_bytes"] = whole(ev.capacityBytes);
    mem["peak_bytes"] = whole(ev.peakBytes);
    mem["peak_stage"] = ev.peakStage;
    mem["host_bytes_per_node"] = whole(ev.hostBytesPerNode);
    mem["stages"] = nlohmann::json::array();
    for (const StageMemory& s : ev.memory)
        mem["stages"].push_back(
            { { "stage", s.stage }, { "weights_bytes", whole(s.weights) }, { "grads_bytes", whole(s.grads) },
                { "optimizer_bytes", whole(s.optimizer) }, { "activations_bytes", whole(s.activations) },
                { "other_bytes", whole(s.other) }, { "expert_states_bytes", whole(s.expertStates()) },
                { "quantized_weight_bytes", whole(s.quantizedWeights) }, { "total_bytes", whole(s.total()) },
                { "reserved_bytes", whole(s.reserved) }, { "microbatches_in_flight", s.inFlight } });
    j["time"] = { { "step_s", ev.stepS }, { "step_s_fast", ev.stepFastS }, { "step_s_slow", ev.stepSlowS },
        { "compute_s", ev.computeS }, { "bubble_fraction", ev.bubbleFraction }, { "busiest_stage", ev.busiestStage },
        { "idlest_stage", ev.idlestStage }, { "idlest_fraction", ev.idlestFraction },
        { "exposed_comm_s", ev.exposedCommS }, { "pipeline_s", ev.pipelineS }, { "microbatches", ev.microBatches },
        { "basis", basisText(ev) } };
    if (ev.similarRuns.ofRuns > 0) {
        const SimilarRuns& s = ev.similarRuns;
        j["time"]["similar_runs"] = { { "runs", s.runs }, { "of_runs", s.ofRuns }, { "sources", s.sources },
            { "min_gpus", s.minGpus }, { "max_gpus", s.maxGpus },
            { "mean_signed_error", s.enough() ? nlohmann::json(s.meanSigned) : nlohmann::json() },
            { "mean_abs_error", s.enough() ? nlohmann::json(s.meanAbs) : nlohmann::json() },
            { "text", similarRunsText(s) } };
    }
    j["comm"] = nlohmann::json::array();
    for (const CommItem& c : ev.comm)
        j["comm"].push_back({ { "dim", dimName(c.dim) }, { "collective", collectiveName(c.collective) },
            { "what", commPayloadName(c.payload) }, { "bytes_per_step", whole(c.bytesPerStep) },
            { "bytes_per_call", whole(c.bytesPerCall) }, { "calls_per_step", c.count }, { "group_size", c.groupSize },
            { "link", c.link }, { "nodes", c.nodes }, { "algorithm", algorithmName(c.algorithm) },
            { "time_s", c.timeS }, { "exposed_s", c.exposedS }, { "latency_s", c.alphaS },
            { "bandwidth_s", c.bandwidthS } });
    if (const ExpertDispatch& d = ev.dispatch; d.call.seconds > 0)
        j["expert_dispatch"]
            = { { "fabric_bytes_per_call", whole(d.fabricBytes) }, { "nvlink_bytes_per_call", whole(d.nvlinkBytes) },
                  { "seconds_per_call", d.call.seconds }, { "domains_per_token", d.domainsPerToken },
                  { "gpus_per_token", d.gpusPerToken }, { "domains_allowed", d.domainsAllowed } };
    j["throughput"] = { { "tokens_per_s", ev.tokensPerS }, { "model_tflops_per_gpu", ev.modelTflopsPerGpu },
        { "hardware_tflops_per_gpu", ev.hardwareTflopsPerGpu }, { "mfu", ev.mfu }, { "mfu_megatron", ev.mfuMegatron },
        { "hfu", ev.hfu }, { "peak_tflops", ev.peakTflops } };
    return j;
}

namespace {
std::string num(double x, const char* f = "%.3g")
{
    return numText(x, f);
}
std::string gib(double bytes)
{
    return num(bytes / double(1ull << 30), "%.2f");
}
}

std::string evaluationText(const Evaluation& ev, const Plan& plan)
{
    std::ostringstream o;
    o << ev.plan << "\n";
    if (!ev.valid) {
        o << "invalid plan:\n";
        for (const Issue& e : ev.errors)
            o << "  " << (e.field.empty() ? "" : e.field + ": ") << e.message << "\n";
        return o.str();
    }
    const ParallelSpec& par = plan.parallel;
    o << "  " << num(ev.paramsTotal / 1e9, "%.2f") << "B parameters on " << par.gpusUsed() << " x "
      << plan.cluster.gpu.id << "  (tp " << par.tp << ", pp " << par.pp << ", dp " << par.dp << ", cp " << par.cp
      << ", ep " << par.ep << ", " << scheduleName(par.schedule) << (par.vpp > 1 ? " v=" + std::to_string(par.vpp) : "")
      << plan.edgesInSplitText() << ", " << ev.microBatches << " micro-batches, "
      << precisionName(plan.training.precision)
      << (plan.training.precision == Precision::FP8 ? std::string(" ") + fp8RecipeName(plan.training.fp8Recipe) : "")
      << ")\n";
    if (const ClusterSpec& c = plan.cluster; c.oversubscribed())
        o << "  fabric: pods of " << c.podGpus << " GPUs, uplinks oversubscribed " << num(c.oversubscription, "%g")
          << ":1 above them (traffic between pods at 1/" << num(c.oversubscription, "%g") << " of the NICs' rate)\n";
    o << "  step " << num(ev.stepS, "%.4g") << " s"
      << (ev.stepSlowS > 0
                 ? " (" + num(ev.stepFastS, "%.4g") + "–" + num(ev.stepSlowS, "%.4g") + " over the rates' spread)"
                 : std::string())
      << "   tokens/s " << groupedText(ev.tokensPerS) << "   model " << num(ev.modelTflopsPerGpu, "%.1f")
      << " TFLOP/s/GPU   hardware " << num(ev.hardwareTflopsPerGpu, "%.1f") << "   MFU " << num(100 * ev.mfu, "%.1f")
      << "% (Megatron's count " << num(100 * ev.mfuMegatron, "%.1f") << "%)   HFU " << num(100 * ev.hfu, "%.1f")
      << "%\n";
    o << "  time model " << basisText(ev) << "\n";
    if (const std::string similar = similarRunsText(ev.similarRuns); !similar.empty())
        o << "  " << similar << "\n";
    o << "  bubble " << num(100 * ev.bubbleFraction, "%.1f") << "% on stage " << ev.busiestStage << ", the busiest";
    if (ev.idlestFraction > ev.bubbleFraction + 0.005)
        o << " (stage " << ev.idlestStage << " idles " << num(100 * ev.idlestFraction, "%.1f") << "%, waiting for it)";
    o << "   exposed communication " << num(ev.exposedCommS * 1e3, "%.4g") << " ms\n";
    if (ev.hostBytesPerNode > 0)
        o << "  host memory per node (offloaded states) " << gib(ev.hostBytesPerNode) << " GiB"
          << (plan.cluster.hostMemoryGiB > 0 ? " of " + num(plan.cluster.hostMemoryGiB, "%g") : std::string()) << "\n";
    if (const OffloadCost& off = ev.offload; off.active)
        o << "  host link (" << (plan.cluster.gpu.hostLink.empty() ? "not in the catalog" : plan.cluster.gpu.hostLink)
          << ", " << num(hostLinkGBps(plan.cluster.gpu), "%g") << " GB/s per direction): gradients "
          << gib(off.gradBytes) << " GiB down in " << num(off.gradS * 1e3, "%.4g") << " ms, parameters "
          << gib(off.paramBytes) << " GiB up in " << num(off.paramS * 1e3, "%.4g") << " ms"
          << (off.streamBytesPerMicroBatch > 0 ? ", " + gib(off.streamBytesPerMicroBatch) + " GiB per micro-batch in "
                         + num(off.streamS * 1e3, "%.4g") + " ms"
                                               : std::string())
          << "; CPU optimizer step " << num(off.cpuStepS * 1e3, "%.4g") << " ms; the GPU waits "
          << num(off.exposedS * 1e3, "%.4g") << " ms\n";
    if (const ExpertDispatch& d = ev.dispatch; d.call.seconds > 0) {
        const MoeDispatcher kind = plan.training.moeDispatcher;
        o << "  token dispatch (" << moeDispatcherName(kind) << "): per GPU and call "
          << num(d.fabricBytes / 1048576.0, "%.4g") << " MiB leave the NVLink domain, "
          << num(d.nvlinkBytes / 1048576.0, "%.4g") << " MiB stay on it, " << num(d.call.seconds * 1e3, "%.4g")
          << " ms";
        if (kind == MoeDispatcher::Flex)
            o << "; a token reaches " << num(d.domainsPerToken, "%.3g") << " NVLink domains (at most "
              << d.domainsAllowed << ") and " << num(d.gpusPerToken, "%.3g") << " GPUs, sent once to each";
        o << "\n";
    }
    o << "  memory per GPU (GiB)      weights   grads  optimizer  activations  other   total  of "
      << gib(ev.capacityBytes) << "\n";
    for (const StageMemory& s : ev.memory) {
        char line[200];
        std::snprintf(line, sizeof line, "    stage %-3d %12s %8s %10s %12s %7s %7s%s\n", s.stage,
            gib(s.weights).c_str(), gib(s.grads).c_str(), gib(s.optimizer).c_str(), gib(s.activations).c_str(),
            gib(s.other).c_str(), gib(s.total()).c_str(), s.total() > ev.capacityBytes ? "  OUT OF MEMORY" : "");
        o << line;
    }
    if (!ev.memory.empty()) {
        const StageMemory& peak = ev.memory[std::size_t(std::clamp(ev.peakStage, 0, int(ev.memory.size()) - 1))];
        o << "    the allocator's reserved peak (max_memory_reserved: tensors and its cache, not the fixed buffers) on "
             "stage "
          << peak.stage << ": " << gib(peak.reserved)
          << " GiB; its cache is freed under pressure, so only the total must fit\n";
    }
    o << "  communication per step    time (ms)  exposed (ms)  per call  link\n";
    for (const CommItem& c : ev.comm) {
        char line[240];
        const std::string where = c.nodes > 1 ? " on " + std::to_string(c.nodes) + " nodes" : "";
        std::snprintf(line, sizeof line, "    %-3s %-15s %12s %13s %9s  %s (%s, %d ranks%s)\n", dimName(c.dim),
            collectiveName(c.collective), num(c.timeS * 1e3, "%.4g").c_str(), num(c.exposedS * 1e3, "%.4g").c_str(),
            bytesText(c.bytesPerCall).c_str(), c.link.c_str(), commPayloadName(c.payload), c.groupSize, where.c_str());
        o << line;
    }
    for (const Warning& w : ev.warnings)
        o << "  warning [" << w.code << "] " << w.message << "\n";
    return o.str();
}

namespace {
nlohmann::json traceBlock(const Evaluation& ev, const Plan& plan)
{
    return { { "stages", plan.parallel.pp }, { "microbatches", ev.microBatches }, { "chunks", plan.parallel.chunks() },
        { "step_s", ev.stepS }, { "bubble_fraction", ev.bubbleFraction } };
}
}

nlohmann::json timelineToChromeTrace(const Evaluation& ev, const Plan& plan)
{
    return timelineToChromeJson(predictedTimeline(ev, plan), traceBlock(ev, plan));
}

void writeTimelineTrace(std::ostream& out, const Evaluation& ev, const Plan& plan)
{
    writeTimelineTrace(out, ev, plan, predictedTimeline(ev, plan));
}

void writeTimelineTrace(std::ostream& out, const Evaluation& ev, const Plan& plan, const Timeline& predicted)
{
    writeChromeTrace(out, predicted, traceBlock(ev, plan));
}

} // namespace plait
