#include "jobtimeline.h"

#include <algorithm>
#include <limits>
#include <tuple>

namespace plait {

namespace {
const char* kernelClassName(KernelClass k)
{
    switch (k) {
    case KernelClass::Gemm:
        return "GEMM";
    case KernelClass::Attention:
        return "attention";
    case KernelClass::Other:
        break;
    }
    return "other kernels";
}
}

JobTimeline jobTimeline(
    const std::vector<RankProfile>& ranks, const JobProfile& job, const std::vector<RankPlace>& places)
{
    JobTimeline out;
    Timeline& t = out.timeline;
    t.source = "measured";
    auto placeOf
        = [&](int rank) { return rank >= 0 && rank < int(places.size()) ? places[std::size_t(rank)] : RankPlace {}; };
    auto offsetOf = [&](std::size_t i) { return i < job.alignment.offsetUs.size() ? job.alignment.offsetUs[i] : 0.0; };

    // The step drawn: the last one the ranks have; a rank whose last is another is drawn from its own and named.
    std::vector<std::size_t> order;
    double originUs = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (ranks[i].steps.empty())
            continue;
        order.push_back(i);
        out.step = std::max(out.step, ranks[i].steps.back().number);
        originUs = std::min(originUs, ranks[i].steps.back().startUs + offsetOf(i));
    }
    for (std::size_t i : order)
        if (ranks[i].steps.back().number != out.step)
            out.problems.push_back({ "trace:last-step-differs",
                { std::to_string(ranks[i].rank), std::to_string(ranks[i].steps.back().number),
                    std::to_string(out.step) } });
    t.title = "profile of " + std::to_string(ranks.size()) + " ranks, step " + std::to_string(out.step);
    // Lanes by stage, then node, then rank.
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const RankPlace pa = placeOf(ranks[a].rank), pb = placeOf(ranks[b].rank);
        return std::tie(pa.stage, pa.node, ranks[a].rank) < std::tie(pb.stage, pb.node, ranks[b].rank);
    });
    const std::uint32_t sendRecv = t.intern("sendrecv");
    for (std::size_t i : order) {
        const RankProfile& p = ranks[i];
        const RankPlace place = placeOf(p.rank);
        const double shift = offsetOf(i) - originUs; // rank clock → µs from the origin
        const ProfileStep& step = p.steps.back();
        Lane lane;
        lane.name = "rank " + std::to_string(p.rank);
        lane.pid = p.rank;
        lane.label = { LaneLabel::Kind::Rank, p.rank, place.node >= 0 ? std::to_string(place.node) : "" };
        if (place.stage >= 0) {
            lane.group = "stage " + std::to_string(place.stage);
            lane.groupLabel = { LaneLabel::Kind::Stage, place.stage, "" };
        } else {
            lane.group = "measured";
            lane.groupLabel = { LaneLabel::Kind::Measured, 0, "" };
        }
        auto add = [&](double startUs, double endUs, SpanKind kind, std::uint32_t name) {
            Span s;
            s.start = (startUs + shift) * 1e-6;
            s.end = (endUs + shift) * 1e-6;
            s.kind = kind;
            s.name = name;
            s.stage = std::int16_t(place.stage);
            lane.spans.push_back(s);
        };
        for (const ProfileKernel& k : p.lastStepKernels)
            add(k.startUs, k.endUs, k.pass, t.intern(kernelClassName(k.kind)));
        for (const CollectiveKernel& c : p.collectives.kernels)
            if (c.startUs >= step.startUs && c.startUs < step.endUs)
                add(c.startUs, c.endUs, SpanKind::Collective, t.intern(c.collective + " (group " + c.group + ")"));
        for (const auto& [start, end] : p.lastStepTransfers)
            add(start, end, SpanKind::SendRecv, sendRecv);
        t.lanes.push_back(std::move(lane));
    }
    t.sortSpans();
    return out;
}

} // namespace plait
