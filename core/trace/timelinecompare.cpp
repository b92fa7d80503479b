#include "timelinecompare.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

namespace plait {

namespace {
// Ops are aligned by what they are, not by when they ran.
using OpKey = std::tuple<int, int, int>;
OpKey opKey(const Span& s)
{
    return { int(s.kind), s.microBatch, std::max<int>(s.chunk, 0) };
}
}

std::map<int, int> computeLanesByStage(const Timeline& t, const TimelineFigures& f)
{
    std::map<int, std::vector<int>> lanes;
    int order = 0;
    for (std::size_t i = 0; i < t.lanes.size(); ++i) {
        if (!f.lanes[i].compute)
            continue;
        lanes[f.lanes[i].stage >= 0 ? f.lanes[i].stage : order].push_back(int(i));
        ++order;
    }
    std::map<int, int> byStage;
    for (auto& [stage, of] : lanes) {
        // The lane of median busy time (the lower middle for an even count, the first of equals).
        std::stable_sort(of.begin(), of.end(),
            [&](int a, int b) { return f.lanes[std::size_t(a)].busyS < f.lanes[std::size_t(b)].busyS; });
        byStage.emplace(stage, of[(of.size() - 1) / 2]);
    }
    return byStage;
}

namespace {
// The stages the compute lanes name (none when no span says), and on the first of them the micro-batches and chunks
// its forward ops carry.
struct Shape {
    int lanes = 0;
    std::set<int> stages, microBatches, chunks;
};
Shape shapeOf(const Timeline& t)
{
    Shape s;
    const TimelineFigures f = timelineFigures(t);
    for (const LaneFigures& lane : f.lanes) {
        s.lanes += lane.compute ? 1 : 0;
        if (lane.compute && lane.stage >= 0)
            s.stages.insert(lane.stage);
    }
    // The lane that stands for the first stage, as the comparison aligns them.
    if (const auto byStage = computeLanesByStage(t, f); !byStage.empty())
        for (const Span& x : t.lanes[std::size_t(byStage.begin()->second)].spans)
            if (x.kind == SpanKind::Forward) {
                if (x.microBatch >= 0)
                    s.microBatches.insert(x.microBatch);
                if (x.chunk >= 0)
                    s.chunks.insert(x.chunk);
            }
    return s;
}
}

std::vector<Message> timelineShapeProblems(const Timeline& predicted, const Timeline& measured)
{
    const Shape p = shapeOf(predicted), m = shapeOf(measured);
    std::vector<Message> out;
    // A foreign trace's lanes are threads and streams, not stages: only stage numbers, or Plait's own traces (one
    // lane per stage), say how many stages ran.
    const int planStages = std::max<int>(int(p.stages.size()), p.lanes);
    const bool saysStages = !m.stages.empty() || !measured.source.empty();
    const int traceStages = m.stages.empty() ? m.lanes : int(m.stages.size());
    if ((saysStages && traceStages > planStages) || (!m.stages.empty() && !p.stages.empty() && m.stages != p.stages))
        out.push_back({ "trace:shape-stages", { std::to_string(traceStages), std::to_string(planStages) } });
    if (!m.microBatches.empty() && !p.microBatches.empty() && m.microBatches.size() != p.microBatches.size())
        out.push_back({ "trace:shape-microbatches",
            { std::to_string(m.microBatches.size()), std::to_string(p.microBatches.size()) } });
    if (!m.chunks.empty() && !p.chunks.empty() && m.chunks.size() != p.chunks.size())
        out.push_back({ "trace:shape-chunks", { std::to_string(m.chunks.size()), std::to_string(p.chunks.size()) } });
    return out;
}

const Span* matchingOp(const Timeline& other, const TimelineFigures& otherFigures, int stage, const Span& op)
{
    if (!isComputeKind(op.kind) || op.microBatch < 0)
        return nullptr;
    const auto lanes = computeLanesByStage(other, otherFigures);
    const auto lane = lanes.find(stage);
    if (lane == lanes.end())
        return nullptr;
    for (const Span& s : other.lanes[std::size_t(lane->second)].spans)
        if (opKey(s) == opKey(op))
            return &s;
    return nullptr;
}

namespace {
// The bubble of the busiest of the lanes that stand for the stages.
double busiestBubble(const TimelineFigures& f, const std::map<int, int>& lanesByStage)
{
    double busiest = -1, bubble = f.bubbleFraction;
    for (const auto& [stage, lane] : lanesByStage)
        if (f.lanes[std::size_t(lane)].busyS > busiest) {
            busiest = f.lanes[std::size_t(lane)].busyS;
            bubble = f.lanes[std::size_t(lane)].bubbleFraction;
        }
    return bubble;
}
}

double busiestStageBubble(const Timeline& t, const TimelineFigures& f)
{
    return busiestBubble(f, computeLanesByStage(t, f));
}

TimelineComparison compareTimelines(const Timeline& predicted, const Timeline& measured)
{
    TimelineComparison c;
    const TimelineFigures fp = timelineFigures(predicted), fm = timelineFigures(measured);
    c.predictedStepS = fp.stepS;
    c.measuredStepS = fm.stepS;
    c.predictedBubble = fp.bubbleFraction;
    const auto ps = computeLanesByStage(predicted, fp), ms = computeLanesByStage(measured, fm);
    c.measuredBubble = busiestBubble(fm, ms);
    double errorSum = 0;
    for (const auto& [stage, pl] : ps) {
        StageComparison sc;
        sc.stage = stage;
        sc.predictedLane = pl;
        sc.predictedBusyS = fp.lanes[std::size_t(pl)].busyS;
        sc.predictedBubble = fp.lanes[std::size_t(pl)].bubbleFraction;
        const auto it = ms.find(stage);
        if (it != ms.end()) {
            const int ml = it->second;
            sc.measuredLane = ml;
            sc.measuredBusyS = fm.lanes[std::size_t(ml)].busyS;
            sc.measuredBubble = fm.lanes[std::size_t(ml)].bubbleFraction;
            std::map<OpKey, std::vector<double>> measuredOps;
            for (const Span& s : measured.lanes[std::size_t(ml)].spans)
                if (isComputeKind(s.kind))
                    measuredOps[opKey(s)].push_back(s.duration());
            for (const Span& s : predicted.lanes[std::size_t(pl)].spans) {
                if (!isComputeKind(s.kind))
                    continue;
                auto m = measuredOps.find(opKey(s));
                if (m == measuredOps.end() || m->second.empty() || s.duration() <= 0) {
                    ++c.unmatchedOps;
                    continue;
                }
                errorSum += std::abs(m->second.back() - s.duration()) / s.duration();
                m->second.pop_back();
                ++c.matchedOps;
            }
        }
        c.stages.push_back(sc);
    }
    c.meanAbsOpError = c.matchedOps > 0 ? errorSum / c.matchedOps : 0;
    return c;
}

} // namespace plait
