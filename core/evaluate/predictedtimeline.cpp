#include "predictedtimeline.h"

#include "evaluate.h"

#include <algorithm>

namespace plait {

namespace {
// The node of the first GPU (tp = cp = dp = 0) of each pipeline stage.
std::vector<int> stageNodes(const Plan& plan)
{
    std::vector<int> node(std::size_t(plan.parallel.pp), 0);
    const auto& coords = plan.placement.coordOf;
    for (std::size_t g = 0; g < coords.size(); ++g) {
        const Coord& c = coords[g];
        if (c.tp == 0 && c.cp == 0 && c.dp == 0 && c.pp >= 0 && c.pp < plan.parallel.pp)
            node[std::size_t(c.pp)] = int(g) / std::max(1, plan.cluster.gpusPerNode);
    }
    return node;
}
}

Timeline predictedTimeline(const Evaluation& ev, const Plan& plan)
{
    Timeline t;
    t.title = ev.plan;
    t.source = "predicted";
    t.schedule = scheduleName(plan.parallel.schedule);
    if (!ev.valid)
        return t;
    const int p = plan.parallel.pp;
    const PipelineRoutes routes = pipelineRoutes({ plan.parallel.schedule, p, ev.microBatches, plan.parallel.chunks(),
        plan.training.recompute != Recompute::None });
    const int boundaries = routes.boundaries();
    const bool manyChunks = routes.virtualStages() > p || routes.routes.size() > 1;
    const std::vector<int> nodes = stageNodes(plan);
    double p2pBytes = 0;
    for (const CommItem& c : ev.comm)
        if (c.dim == Dim::PP && c.collective == CollectiveKind::SendRecv)
            p2pBytes = c.bytesPerCall;

    // Lanes: stage d, then the transfer tracks it sends on (none for the turn of a V, which stays on one GPU).
    std::vector<int> stageLane(static_cast<std::size_t>(p));
    std::vector<int> transferLane(std::size_t(2 * std::max(0, boundaries)), -1);
    const int perRoute = std::max(routes.virtualStages() - 1, 1);
    for (int d = 0; d < p; ++d) {
        const std::string node = "node " + std::to_string(nodes[std::size_t(d)]);
        stageLane[std::size_t(d)] = int(t.lanes.size());
        const LaneLabel nodeLabel { LaneLabel::Kind::Node, nodes[std::size_t(d)], {} };
        t.lanes.push_back({ "stage " + std::to_string(d), node, nodes[std::size_t(d)], d, false, {},
            { LaneLabel::Kind::Stage, d, {} }, nodeLabel });
        for (int b = 0; b < boundaries; ++b)
            for (bool forward : { true, false }) {
                const int a = routes.boundaryFrom(b).device, c = routes.boundaryTo(b).device;
                const int from = forward ? a : c, to = forward ? c : a;
                if (from != d || from == to)
                    continue;
                const int k = b % perRoute;
                transferLane[std::size_t(2 * b + (forward ? 0 : 1))] = int(t.lanes.size());
                const std::string path = std::to_string(from) + "→" + std::to_string(to)
                    + (manyChunks ? " (" + std::string(b >= perRoute ? "↩ " : "") + std::to_string(forward ? k : k + 1)
                                + "→" + std::to_string(forward ? k + 1 : k) + ")"
                                  : "");
                t.lanes.push_back({ std::string(forward ? "act " : "grad ") + path, node, nodes[std::size_t(d)],
                    1000 + 2 * b + (forward ? 0 : 1), true, {},
                    { forward ? LaneLabel::Kind::Activations : LaneLabel::Kind::Gradients, 0, path }, nodeLabel });
            }
    }
    const auto& events = ev.timeline.events;
    // Each (kind, micro-batch) name is interned once for all the stages that use it: a vector lookup per span,
    // with the table sized up front (a million micro-batches make six million names).
    const std::size_t m = std::size_t(std::max(ev.microBatches, 0));
    t.names.reserve(6 * m + 4);
    t.nameIndex.reserve(6 * m + 4);
    constexpr std::uint32_t kNone = UINT32_MAX;
    std::vector<std::uint32_t> nameOf(6 * m, kNone); // [kind: F, R, B, W, send act, send grad][micro-batch]
    auto named = [&](int kind, int microBatch, auto make) {
        if (microBatch < 0 || std::size_t(microBatch) >= m)
            return t.intern(make());
        std::uint32_t& id = nameOf[std::size_t(kind) * m + std::size_t(microBatch)];
        if (id == kNone)
            id = t.intern(make());
        return id;
    };
    // The lane an event's span goes to (-1: a transfer no lane shows).
    auto laneOf = [&](const SimEvent& e) {
        return e.kind == EventKind::Compute ? stageLane[std::size_t(e.device)]
                                            : transferLane[std::size_t(2 * e.boundary + (e.forwardDirection ? 0 : 1))];
    };
    // Each lane's spans sized up front: a million micro-batches make millions of spans, and growing the vectors
    // page by page was a fifth of the evaluation.
    {
        std::vector<std::size_t> perLane(t.lanes.size(), 0);
        for (const SimEvent& e : events)
            if (const int lane = laneOf(e); e.end > e.start && lane >= 0)
                ++perLane[std::size_t(lane)];
        for (std::size_t l = 0; l < t.lanes.size(); ++l)
            t.lanes[l].spans.reserve(t.lanes[l].spans.size() + perLane[l] + 3); // + the DP, optimizer and sync spans
    }
    for (std::size_t i = 0; i < events.size(); ++i) {
        const SimEvent& e = events[i];
        if (e.end <= e.start)
            continue;
        Span s;
        if (e.kind == EventKind::Compute)
            s.overlap = e.overlapsPrevious ? 2
                : i + 1 < events.size() && events[i + 1].kind == EventKind::Compute && events[i + 1].overlapsPrevious
                ? 1
                : 0;
        s.start = e.start;
        s.end = e.end;
        s.microBatch = e.microBatch;
        if (e.kind == EventKind::Compute) {
            s.kind = spanKindOf(e.op);
            s.stage = std::int16_t(e.device);
            s.chunk = e.chunk;
            s.name = named(int(e.op), e.microBatch, [&] { return opSpanName(e.op, e.microBatch); });
        } else {
            s.kind = SpanKind::SendRecv;
            s.stage = std::int16_t(e.device);
            s.bytes = p2pBytes;
            s.name = named(e.forwardDirection ? 4 : 5, e.microBatch, [&] {
                return std::string(e.forwardDirection ? "send act " : "send grad ") + std::to_string(e.microBatch);
            });
        }
        if (const int lane = laneOf(e); lane >= 0)
            t.lanes[std::size_t(lane)].spans.push_back(s);
    }
    // A flow from each transfer to the op that waited for it.
    for (const SimEvent& e : events) {
        if (e.kind != EventKind::Compute || e.cause < 0 || std::size_t(e.cause) >= events.size())
            continue;
        const SimEvent& x = events[std::size_t(e.cause)];
        if (x.kind != EventKind::Transfer || x.end <= x.start)
            continue;
        if (const int lane = laneOf(x); lane >= 0)
            t.flows.push_back({ lane, stageLane[std::size_t(e.device)], x.start, e.start });
    }
    for (int d = 0; d < p && d < int(ev.stages.size()); ++d) {
        const StageTimes& st = ev.stages[std::size_t(d)];
        double at = ev.timeline.deviceEnd[std::size_t(d)];
        Lane& lane = t.lanes[std::size_t(stageLane[std::size_t(d)])];
        // What follows the stage's last op, one after another: the exposed DP reduction, the optimizer, and the
        // fitted synchronisation of many ranks (steptail.cpp), waiting drawn where the step pays it.
        auto after = [&](double seconds, SpanKind kind, const char* name, double bytes = 0) {
            if (seconds <= 0)
                return;
            Span s;
            s.start = at;
            s.end = at + seconds;
            s.kind = kind;
            s.stage = std::int16_t(d);
            s.name = t.intern(name);
            s.bytes = bytes;
            lane.spans.push_back(s);
            at = s.end;
        };
        double dpBytes = 0;
        for (const CommItem& c : ev.comm)
            if (c.dim == Dim::DP)
                dpBytes += c.bytesPerCall * c.count;
        after(st.dpExposed, SpanKind::Collective, "DP gradients", dpBytes);
        after(st.optimizer, SpanKind::Optimizer, "optimizer");
        after(st.sync, SpanKind::Other, "synchronisation of many ranks (calibrated)");
    }
    t.sortSpans();
    return t;
}

std::vector<ScheduleStudy> studySchedules(const Plan& plan)
{
    std::vector<ScheduleStudy> out;
    for (const ScheduleTraits& traits : kScheduleTraits) {
        const Schedule s = traits.schedule;
        ScheduleStudy st;
        st.schedule = s;
        Plan variant = plan;
        setSchedule(variant, s, vppFor(s, plan.parallel.vpp));
        st.chunks = variant.parallel.chunks();
        const Evaluation ev = evaluate(variant);
        st.valid = ev.valid;
        if (!ev.valid) {
            for (const Issue& e : ev.errors)
                st.problem
                    += (st.problem.empty() ? "" : "; ") + (e.field.empty() ? e.message : e.field + ": " + e.message);
            out.push_back(std::move(st));
            continue;
        }
        st.stepS = ev.stepS;
        st.bubbleFraction = ev.bubbleFraction;
        st.peakBytes = ev.peakBytes;
        for (const StageMemory& m : ev.memory)
            if (m.activations > st.peakActivationBytes) {
                st.peakActivationBytes = m.activations;
                st.peakInFlight = m.inFlight;
            }
        st.timeline = predictedTimeline(ev, variant);
        const std::string group = std::string(scheduleName(s))
            + (traits.vpp == 0 && st.chunks > 1 ? " (v=" + std::to_string(st.chunks) + ")" : "");
        for (Lane& l : st.timeline.lanes)
            l.group = group;
        out.push_back(std::move(st));
    }
    return out;
}

} // namespace plait
