#include "report.h"

#include "numtext.h"

#include <cstdio>
#include <sstream>

namespace plait {

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
    j["params_total"] = std::llround(ev.paramsTotal);
    auto& mem = j["memory"];
    mem["capacity_bytes"] = std::llround(ev.capacityBytes);
    mem["peak_bytes"] = std::llround(ev.peakBytes);
    mem["peak_stage"] = ev.peakStage;
    mem["stages"] = nlohmann::json::array();
    for (const StageMemory& s : ev.memory)
        mem["stages"].push_back({ { "stage", s.stage }, { "weights_bytes", std::llround(s.weights) },
            { "grads_bytes", std::llround(s.grads) }, { "optimizer_bytes", std::llround(s.optimizer) },
            { "activations_bytes", std::llround(s.activations) }, { "other_bytes", std::llround(s.other) },
            { "total_bytes", std::llround(s.total()) }, { "microbatches_in_flight", s.inFlight } });
    j["time"] = { { "step_s", ev.stepS }, { "compute_s", ev.computeS }, { "bubble_fraction", ev.bubbleFraction },
        { "exposed_comm_s", ev.exposedCommS }, { "pipeline_s", ev.pipelineS }, { "microbatches", ev.microBatches } };
    j["comm"] = nlohmann::json::array();
    for (const CommItem& c : ev.comm)
        j["comm"].push_back(
            { { "dim", dimName(c.dim) }, { "collective", collectiveName(c.collective) }, { "what", c.what },
                { "bytes_per_step", std::llround(c.bytesPerStep) }, { "bytes_per_call", std::llround(c.bytesPerCall) },
                { "calls_per_step", c.count }, { "group_size", c.groupSize }, { "link", c.link },
                { "algorithm", algorithmName(c.algorithm) }, { "time_s", c.timeS }, { "exposed_s", c.exposedS },
                { "latency_s", c.alphaS }, { "bandwidth_s", c.bandwidthS } });
    j["throughput"] = { { "tokens_per_s", ev.tokensPerS }, { "model_tflops_per_gpu", ev.modelTflopsPerGpu },
        { "hardware_tflops_per_gpu", ev.hardwareTflopsPerGpu }, { "mfu", ev.mfu }, { "hfu", ev.hfu },
        { "peak_tflops", ev.peakTflops } };
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
      << ", " << ev.microBatches << " micro-batches)\n";
    o << "  step " << num(ev.stepS, "%.4g") << " s   tokens/s " << num(ev.tokensPerS, "%.4g") << "   model "
      << num(ev.modelTflopsPerGpu, "%.1f") << " TFLOP/s/GPU   hardware " << num(ev.hardwareTflopsPerGpu, "%.1f")
      << "   MFU " << num(100 * ev.mfu, "%.1f") << "%   HFU " << num(100 * ev.hfu, "%.1f") << "%\n";
    o << "  bubble " << num(100 * ev.bubbleFraction, "%.1f") << "%   exposed communication "
      << num(ev.exposedCommS * 1e3, "%.4g") << " ms\n";
    o << "  memory per GPU (GiB)      weights   grads  optimizer  activations  other   total  of "
      << gib(ev.capacityBytes) << "\n";
    for (const StageMemory& s : ev.memory) {
        char line[200];
        std::snprintf(line, sizeof line, "    stage %-3d %12s %8s %10s %12s %7s %7s%s\n", s.stage,
            gib(s.weights).c_str(), gib(s.grads).c_str(), gib(s.optimizer).c_str(), gib(s.activations).c_str(),
            gib(s.other).c_str(), gib(s.total()).c_str(), s.total() > ev.capacityBytes ? "  OUT OF MEMORY" : "");
        o << line;
    }
    o << "  communication per step    time (ms)  exposed (ms)  per call  link\n";
    for (const CommItem& c : ev.comm) {
        char line[240];
        std::snprintf(line, sizeof line, "    %-3s %-15s %12.4g %13.4g %9s  %s (%s, %d ranks)\n", dimName(c.dim),
            collectiveName(c.collective), c.timeS * 1e3, c.exposedS * 1e3,
            (num(c.bytesPerCall / 1048576.0, "%.4g") + " MiB").c_str(), c.link.c_str(), c.what.c_str(), c.groupSize);
        o << line;
    }
    for (const Warning& w : ev.warnings)
        o << "  warning [" << w.code << "] " << w.message << "\n";
    return o.str();
}

nlohmann::json timelineToChromeTrace(const Evaluation& ev, const Plan& plan)
{
    nlohmann::json events = nlohmann::json::array();
    const int p = plan.parallel.pp;
    events.push_back({ { "ph", "M" }, { "pid", 0 }, { "name", "process_name" },
        { "args", { { "name", "predicted: " + ev.plan } } } });
    const int vs = p * plan.parallel.vpp;
    auto transferThread = [](int boundary, bool forward) { return 1000 + 2 * boundary + (forward ? 0 : 1); };
    auto sortIndex = [&](int tid, int index) {
        events.push_back({ { "ph", "M" }, { "pid", 0 }, { "tid", tid }, { "name", "thread_sort_index" },
            { "args", { { "sort_index", index } } } });
    };
    for (int d = 0; d < p; ++d) {
        events.push_back({ { "ph", "M" }, { "pid", 0 }, { "tid", d }, { "name", "thread_name" },
            { "args", { { "name", "stage " + std::to_string(d) } } } });
        sortIndex(d, d);
    }
    for (int k = 0; k + 1 < vs; ++k)
        for (bool forward : { true, false }) {
            const std::string a = std::to_string(k % p), b = std::to_string((k + 1) % p);
            events.push_back({ { "ph", "M" }, { "pid", 0 }, { "tid", transferThread(k, forward) },
                { "name", "thread_name" },
                { "args",
                    { { "name", forward ? "p2p activations " + a + "→" + b : "p2p gradients " + b + "→" + a } } } });
            sortIndex(transferThread(k, forward), p + 2 * k + (forward ? 0 : 1));
        }
    auto us = [](double s) { return s * 1e6; };
    long long flowId = 0;
    for (const SimEvent& e : ev.timeline.events) {
        if (e.end <= e.start)
            continue;
        if (e.kind == EventKind::Compute) {
            const char* kind = opKindName(e.op);
            const char letter = e.op == OpKind::Forward ? 'F'
                : e.op == OpKind::Recompute             ? 'R'
                : e.op == OpKind::BackwardInput         ? 'B'
                                                        : 'W';
            events.push_back({ { "ph", "X" }, { "pid", 0 }, { "tid", e.device }, { "ts", us(e.start) },
                { "dur", us(e.end - e.start) }, { "name", std::string(1, letter) + std::to_string(e.microBatch) },
                { "cat", kind },
                { "args",
                    { { "stage", e.device }, { "microbatch", e.microBatch }, { "chunk", e.chunk },
                        { "kind", kind } } } });
        } else {
            // One thread per virtual-stage boundary and direction: the simulation never overlaps transfers there.
            const int tid = transferThread(e.boundary, e.forwardDirection);
            const std::string name
                = std::string(e.forwardDirection ? "send act " : "send grad ") + std::to_string(e.microBatch);
            events.push_back({ { "ph", "X" }, { "pid", 0 }, { "tid", tid }, { "ts", us(e.start) },
                { "dur", us(e.end - e.start) }, { "name", name }, { "cat", "p2p" },
                { "args",
                    { { "from_stage", e.device }, { "to_stage", e.toDevice }, { "microbatch", e.microBatch } } } });
            ++flowId;
            events.push_back({ { "ph", "s" }, { "pid", 0 }, { "tid", tid }, { "ts", us(e.start) }, { "id", flowId },
                { "name", name }, { "cat", "p2p" } });
            events.push_back({ { "ph", "f" }, { "bp", "e" }, { "pid", 0 }, { "tid", tid }, { "ts", us(e.end) },
                { "id", flowId }, { "name", name }, { "cat", "p2p" } });
        }
    }
    for (int d = 0; d < p && d < int(ev.stages.size()); ++d) {
        const StageTimes& st = ev.stages[std::size_t(d)];
        double t = ev.timeline.deviceEnd[std::size_t(d)];
        if (st.dpExposed > 0) {
            events.push_back({ { "ph", "X" }, { "pid", 0 }, { "tid", d }, { "ts", us(t) }, { "dur", us(st.dpExposed) },
                { "name", "DP gradients" }, { "cat", "collective" },
                { "args", { { "stage", d }, { "kind", "dp-collective" } } } });
            t += st.dpExposed;
        }
        if (st.optimizer > 0)
            events.push_back({ { "ph", "X" }, { "pid", 0 }, { "tid", d }, { "ts", us(t) }, { "dur", us(st.optimizer) },
                { "name", "optimizer" }, { "cat", "optimizer" },
                { "args", { { "stage", d }, { "kind", "optimizer" } } } });
    }
    nlohmann::json trace;
    trace["displayTimeUnit"] = "ms";
    trace["traceEvents"] = std::move(events);
    trace["plait"] = { { "source", "predicted" }, { "plan", ev.plan },
        { "schedule", scheduleName(plan.parallel.schedule) }, { "stages", p }, { "microbatches", ev.microBatches },
        { "chunks", plan.parallel.vpp }, { "step_s", ev.stepS }, { "bubble_fraction", ev.bubbleFraction } };
    return trace;
}

} // namespace plait
