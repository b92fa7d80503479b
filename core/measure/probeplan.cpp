#include "probeplan.h"

#include "chrometrace.h"
#include "opspans.h"

#include <algorithm>
#include <map>

namespace plait {

Result<ProbePipeline> probePipeline(const Plan& plan, int gpus, int microBatches, int maxLayers)
{
    const std::vector<Issue> problems = validate(plan);
    if (!problems.empty())
        return problems;
    if (gpus < 1)
        return Result<ProbePipeline>::failure("gpus", "at least one GPU is needed");
    ProbePipeline p;
    p.planName = plan.name;
    const ParallelSpec& par = plan.parallel;
    p.shape.schedule = par.schedule;
    p.shape.stages = par.pp;
    p.shape.chunks = par.chunks();
    p.shape.microBatches = microBatches > 0 ? microBatches : int(plan.microBatches());
    p.shape.recompute = plan.training.recompute == Recompute::Full;
    const ScheduleTraits& sched = traitsOf(par.schedule);
    if (sched.microBatchesPerPp && p.shape.microBatches % par.pp != 0)
        return Result<ProbePipeline>::failure("microbatches",
            "the interleaved schedule needs a multiple of " + std::to_string(par.pp) + " micro-batches, got "
                + std::to_string(p.shape.microBatches));
    // DeepSeek's DualPipe and DualPipeV assert at least 2·pp micro-batches (an even number for DualPipe).
    const int mbs = p.shape.microBatches;
    if (sched.atLeastTwicePp && (mbs < 2 * par.pp || (sched.evenMicroBatches && mbs % 2 != 0)))
        return Result<ProbePipeline>::failure("microbatches",
            std::string(scheduleName(par.schedule)) + " needs at least " + std::to_string(2 * par.pp)
                + (sched.evenMicroBatches ? " (an even number of)" : "") + " micro-batches, got "
                + std::to_string(mbs));
    p.ops = generateSchedule(p.shape);
    p.layerGemms = layerGemms(plan);
    const double e = bytesPerElement(plan);
    p.elementBytes = int(e);
    const double tokens = double(plan.training.microBatch) * double(plan.model.seqLen) / par.cp;
    p.head = { tokens, double(plan.model.vocab) / par.tp, double(plan.model.hidden), 1 };
    p.transferBytes = tokens * double(plan.model.hidden) * e / par.tp; // Megatron's scatter-gather: 1/t per rank
    for (int s = 0; s < par.pp; ++s) {
        const int layers = plan.layersOnStage(s);
        p.layersInPlan.push_back(layers);
        p.layersRun.push_back(maxLayers > 0 ? std::min(layers, maxLayers) : layers);
        p.gpuOfStage.push_back(s % gpus);
    }
    p.stagesShareGpu = gpus < par.pp;
    return p;
}

Timeline measuredTimeline(const ProbePipeline& p, const std::vector<MeasuredOp>& ops,
    const std::vector<MeasuredTransfer>& transfers, const std::vector<std::string>& gpuNames)
{
    Timeline t;
    t.title = p.planName;
    t.source = "measured";
    t.schedule = scheduleName(p.shape.schedule);
    t.stagesShareGpu = p.stagesShareGpu;
    const int stages = p.shape.stages;
    const PipelineRoutes routes = pipelineRoutes(p.shape);
    const int boundaries = routes.boundaries();
    std::vector<int> stageLane(static_cast<std::size_t>(stages));
    std::vector<int> transferLane(static_cast<std::size_t>(2 * std::max(0, boundaries)), -1);
    for (int s = 0; s < stages; ++s) {
        const int gpu = p.gpuOfStage[std::size_t(s)];
        const std::string gpuName
            = gpu < int(gpuNames.size()) ? gpuNames[std::size_t(gpu)] : "GPU " + std::to_string(gpu);
        stageLane[std::size_t(s)] = int(t.lanes.size());
        const LaneLabel measured { LaneLabel::Kind::Measured, 0, {} };
        // tid: the GPU rank (contracts/probe.md); where stages share a GPU, their spans overlap on it, which a
        // Chrome trace's thread cannot hold, so each stage keeps a track of its own (tid = stage; the name says the
        // GPU).
        const int tid = p.stagesShareGpu ? s : gpu;
        t.lanes.push_back({ "stage " + std::to_string(s) + " (" + gpuName + ")", "measured", 0, tid, false, {},
            { LaneLabel::Kind::Stage, s, gpuName }, measured });
        for (int k = 0; k < boundaries; ++k)
            for (bool forward : { true, false }) {
                const int a = routes.boundaryFrom(k).device, b = routes.boundaryTo(k).device;
                const int from = forward ? a : b, to = forward ? b : a;
                if (from != s)
                    continue;
                transferLane[std::size_t(2 * k + (forward ? 0 : 1))] = int(t.lanes.size());
                const std::string path = std::to_string(from) + "→" + std::to_string(to);
                t.lanes.push_back({ std::string(forward ? "act " : "grad ") + path, "measured", 0,
                    1000 + 2 * k + (forward ? 0 : 1), true, {},
                    { forward ? LaneLabel::Kind::Activations : LaneLabel::Kind::Gradients, 0, path }, measured });
            }
    }
    // Compute ops, and an index to find the op that consumed each transfer.
    std::map<std::tuple<int, int, int, int>, std::pair<int, double>> opStart; // (stage, kind, mb, chunk)
    for (const MeasuredOp& o : ops) {
        if (o.stage < 0 || o.stage >= stages || !(o.end >= o.start))
            continue;
        Span s;
        s.start = o.start;
        s.end = o.end;
        s.kind = spanKindOf(o.kind);
        s.stage = std::int16_t(o.stage);
        s.microBatch = o.microBatch;
        s.chunk = std::int16_t(o.chunk);
        s.name = t.intern(opSpanName(o.kind, o.microBatch));
        t.lanes[std::size_t(stageLane[std::size_t(o.stage)])].spans.push_back(s);
        opStart[{ o.stage, int(o.kind), o.microBatch, o.chunk }] = { stageLane[std::size_t(o.stage)], o.start };
    }
    for (const MeasuredTransfer& x : transfers) {
        if (x.boundary < 0 || x.boundary >= boundaries || !(x.end >= x.start))
            continue;
        const int lane = transferLane[std::size_t(2 * x.boundary + (x.forward ? 0 : 1))];
        if (lane < 0)
            continue;
        Span s;
        s.start = x.start;
        s.end = x.end;
        s.kind = SpanKind::SendRecv;
        s.bytes = p.transferBytes;
        s.microBatch = x.microBatch;
        const StagePlace from = routes.boundaryFrom(x.boundary), to = routes.boundaryTo(x.boundary);
        s.stage = std::int16_t(x.forward ? from.device : to.device);
        s.name = t.intern(std::string(x.forward ? "send act " : "send grad ") + std::to_string(x.microBatch));
        t.lanes[std::size_t(lane)].spans.push_back(s);
        // The receiving op: forward of the next virtual stage, or the backward (or recompute before it) of this one.
        const StagePlace receiver = x.forward ? to : from;
        const int toStage = receiver.device, toChunk = receiver.chunk;
        for (OpKind k : x.forward ? std::vector<OpKind> { OpKind::Forward }
                                  : std::vector<OpKind> { OpKind::Recompute, OpKind::BackwardInput }) {
            auto it = opStart.find({ toStage, int(k), x.microBatch, toChunk });
            if (it != opStart.end()) {
                t.flows.push_back({ lane, it->second.first, x.start, it->second.second });
                break;
            }
        }
    }
    t.sortSpans();
    return t;
}

nlohmann::json measuredTraceJson(const Timeline& t, const ProbePipeline& p, const nlohmann::json& extra)
{
    const TimelineFigures f = timelineFigures(t);
    nlohmann::json block = extra.is_object() ? extra : nlohmann::json::object();
    block["stages"] = p.shape.stages;
    block["microbatches"] = p.shape.microBatches;
    block["chunks"] = p.shape.chunks;
    block["layers_in_plan"] = p.layersInPlan;
    block["layers_run"] = p.layersRun;
    block["layers_reduced"] = p.layersRun != p.layersInPlan;
    block["gpu_of_stage"] = p.gpuOfStage;
    block["transfer_bytes"] = p.transferBytes;
    block["step_s"] = f.stepS;
    block["pipeline_s"] = f.pipelineS;
    block["bubble_fraction"] = f.bubbleFraction;
    nlohmann::json lanes = nlohmann::json::array();
    for (std::size_t i = 0; i < t.lanes.size(); ++i)
        if (f.lanes[i].compute)
            lanes.push_back({ { "stage", f.lanes[i].stage }, { "busy_s", f.lanes[i].busyS },
                { "idle_s", f.lanes[i].idleS }, { "bubble_fraction", f.lanes[i].bubbleFraction } });
    block["stage_figures"] = std::move(lanes);
    return timelineToChromeJson(t, block);
}

} // namespace plait
