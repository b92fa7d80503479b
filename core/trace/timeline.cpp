#include "timeline.h"

#include <algorithm>
#include <cmath>

namespace plait {

const char* spanKindName(SpanKind k)
{
    switch (k) {
    case SpanKind::Forward:
        return "forward";
    case SpanKind::BackwardInput:
        return "backward";
    case SpanKind::BackwardWeight:
        return "backward-weight";
    case SpanKind::Recompute:
        return "recompute";
    case SpanKind::SendRecv:
        return "p2p";
    case SpanKind::Collective:
        return "collective";
    case SpanKind::Optimizer:
        return "optimizer";
    case SpanKind::Other:
        break;
    }
    return "other";
}

bool isComputeKind(SpanKind k)
{
    return k == SpanKind::Forward || k == SpanKind::BackwardInput || k == SpanKind::BackwardWeight
        || k == SpanKind::Recompute;
}

namespace {
std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}
bool has(const std::string& s, const char* what)
{
    return s.find(what) != std::string::npos;
}
}

SpanKind classifySpan(std::string_view category, std::string_view name, std::string_view kind)
{
    // Our own traces (predicted and probe) say exactly what an event is.
    for (std::string_view word : { kind, category }) {
        for (int k = 0; k < kSpanKinds; ++k)
            if (word == spanKindName(SpanKind(k)))
                return SpanKind(k);
        if (word == "backward-input")
            return SpanKind::BackwardInput;
        if (word == "dp-collective")
            return SpanKind::Collective;
    }
    // Foreign traces (PyTorch profiler / Kineto, Nsight exports): recognise NCCL kernels and the usual names.
    const std::string n = lower(name);
    if (has(n, "sendrecv") || has(n, "nccl:send") || has(n, "nccl:recv") || has(n, "ncclkernel_send")
        || has(n, "ncclkernel_recv") || has(n, "p2p"))
        return SpanKind::SendRecv;
    if (has(n, "nccl") || has(n, "allreduce") || has(n, "all_reduce") || has(n, "allgather") || has(n, "all_gather")
        || has(n, "reducescatter") || has(n, "reduce_scatter") || has(n, "alltoall") || has(n, "all_to_all"))
        return SpanKind::Collective;
    if (has(n, "optimizer"))
        return SpanKind::Optimizer;
    if (has(n, "recompute") || has(n, "checkpoint"))
        return SpanKind::Recompute;
    if (has(n, "backward"))
        return SpanKind::BackwardInput;
    if (has(n, "forward"))
        return SpanKind::Forward;
    return SpanKind::Other;
}

std::size_t Timeline::spanCount() const
{
    std::size_t n = 0;
    for (const Lane& l : lanes)
        n += l.spans.size();
    return n;
}

double Timeline::begin() const
{
    double t = INFINITY;
    for (const Lane& l : lanes)
        if (!l.spans.empty())
            t = std::min(t, l.spans.front().start);
    return std::isfinite(t) ? t : 0;
}

double Timeline::end() const
{
    double t = -INFINITY;
    for (const Lane& l : lanes)
        for (const Span& s : l.spans)
            t = std::max(t, s.end);
    return std::isfinite(t) ? t : 0;
}

std::uint32_t Timeline::intern(const std::string& name)
{
    const auto [it, added] = nameIndex.try_emplace(name, std::uint32_t(names.size()));
    if (added)
        names.push_back(name);
    return it->second;
}

void Timeline::sortSpans()
{
    for (Lane& l : lanes)
        if (!std::is_sorted(
                l.spans.begin(), l.spans.end(), [](const Span& a, const Span& b) { return a.start < b.start; }))
            std::stable_sort(
                l.spans.begin(), l.spans.end(), [](const Span& a, const Span& b) { return a.start < b.start; });
}

namespace {
// Length of the union of the lane's compute spans inside [from, to].
double computeBusy(const Lane& lane, double from, double to)
{
    double busy = 0, runStart = 0, runEnd = -INFINITY;
    for (const Span& s : lane.spans) {
        if (!isComputeKind(s.kind))
            continue;
        const double a = std::max(s.start, from), b = std::min(s.end, to);
        if (b <= a)
            continue;
        if (a > runEnd) {
            if (runEnd > runStart)
                busy += runEnd - runStart;
            runStart = a;
            runEnd = b;
        } else {
            runEnd = std::max(runEnd, b);
        }
    }
    if (runEnd > runStart)
        busy += runEnd - runStart;
    return busy;
}
}

TimelineFigures timelineFigures(const Timeline& timeline)
{
    TimelineFigures f;
    const double begin = timeline.begin();
    double pipelineEnd = begin;
    for (const Lane& l : timeline.lanes)
        for (const Span& s : l.spans)
            if (isComputeKind(s.kind) || s.kind == SpanKind::SendRecv)
                pipelineEnd = std::max(pipelineEnd, s.end);
    f.stepS = timeline.end() - begin;
    f.pipelineS = pipelineEnd - begin;
    double busiest = -1;
    for (std::size_t i = 0; i < timeline.lanes.size(); ++i) {
        const Lane& l = timeline.lanes[i];
        LaneFigures lf;
        for (const Span& s : l.spans) {
            lf.compute = lf.compute || isComputeKind(s.kind);
            if (lf.stage < 0 && s.stage >= 0 && isComputeKind(s.kind))
                lf.stage = s.stage;
        }
        if (lf.compute) {
            lf.busyS = computeBusy(l, begin, pipelineEnd);
            lf.idleS = std::max(0.0, f.pipelineS - lf.busyS);
            lf.bubbleFraction = f.stepS > 0 ? lf.idleS / f.stepS : 0;
            if (lf.busyS > busiest) {
                busiest = lf.busyS;
                f.busiestLane = int(i);
                f.bubbleFraction = lf.bubbleFraction;
            }
        }
        f.lanes.push_back(lf);
    }
    return f;
}

} // namespace plait
