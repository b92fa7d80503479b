#include "schedule.h"

#include "simulate.h"

#include <algorithm>
#include <array>
#include <climits>
#include <deque>
#include <limits>
#include <memory>

namespace plait {

namespace {
void backward(std::vector<Op>& ops, int mb, int chunk, bool recompute, bool overlapsPrevious = false)
{
    if (recompute)
        ops.push_back({ OpKind::Recompute, mb, chunk, overlapsPrevious });
    ops.push_back({ OpKind::BackwardInput, mb, chunk, overlapsPrevious });
}

std::vector<Op> gpipe(const ScheduleShape& s)
{
    std::vector<Op> ops;
    for (int mb = 0; mb < s.microBatches; ++mb)
        ops.push_back({ OpKind::Forward, mb, 0 });
    for (int mb = 0; mb < s.microBatches; ++mb)
        backward(ops, mb, 0, s.recompute);
    return ops;
}

std::vector<Op> oneFOneB(const ScheduleShape& s, int device)
{
    std::vector<Op> ops;
    const int m = s.microBatches;
    const int warmup = std::min(s.stages - device - 1 + (s.combined ? 1 : 0), m);
    int nextF = 0, nextB = 0;
    for (; nextF < warmup; ++nextF)
        ops.push_back({ OpKind::Forward, nextF, 0 });
    while (nextF < m) {
        ops.push_back({ OpKind::Forward, nextF++, 0 });
        backward(ops, nextB++, 0, s.recompute, s.combined);
    }
    while (nextB < m)
        backward(ops, nextB++, 0, s.recompute);
    return ops;
}

std::vector<Op> zbH1(const ScheduleShape& s, int device)
{
    std::vector<Op> ops;
    const int m = s.microBatches;
    const int warmup = std::min(s.stages - device - 1, m);
    const int deferred = device; // W passes held back: later stages wait longest for gradients at the end
    std::deque<int> pendingW;
    auto afterB = [&](int mb) {
        pendingW.push_back(mb);
        if (int(pendingW.size()) > deferred) {
            ops.push_back({ OpKind::BackwardWeight, pendingW.front(), 0 });
            pendingW.pop_front();
        }
    };
    int nextF = 0, nextB = 0;
    for (; nextF < warmup; ++nextF)
        ops.push_back({ OpKind::Forward, nextF, 0 });
    while (nextF < m) {
        ops.push_back({ OpKind::Forward, nextF++, 0 });
        backward(ops, nextB, 0, s.recompute);
        afterB(nextB++);
    }
    while (nextB < m) {
        backward(ops, nextB, 0, s.recompute);
        // In the cool-down, one held-back W fills the wait for the next gradient.
        pendingW.push_back(nextB++);
        if (!pendingW.empty() && (nextB < m)) {
            ops.push_back({ OpKind::BackwardWeight, pendingW.front(), 0 });
            pendingW.pop_front();
        }
    }
    for (int mb : pendingW)
        ops.push_back({ OpKind::BackwardWeight, mb, 0 });
    return ops;
}

std::vector<Op> interleaved(const ScheduleShape& s, int device)
{
    const int p = s.stages, v = s.chunks, m = s.microBatches;
    const int total = m * v;
    auto chunkOf = [&](int k, bool forward) {
        const int c = (k % (p * v)) / p;
        return forward ? c : v - 1 - c;
    };
    auto microBatchOf = [&](int k) { return (k / (p * v)) * p + k % p; };
    // Megatron-LM's warm-up; its combined 1F1B warms up one more (schedules.py).
    const int warmup = std::min((p - device - 1) * 2 + (v - 1) * p + (s.combined ? 1 : 0), total);
    std::vector<Op> ops;
    int nextF = 0, nextB = 0;
    for (; nextF < warmup; ++nextF)
        ops.push_back({ OpKind::Forward, microBatchOf(nextF), chunkOf(nextF, true) });
    while (nextF < total) {
        ops.push_back({ OpKind::Forward, microBatchOf(nextF), chunkOf(nextF, true) });
        ++nextF;
        backward(ops, microBatchOf(nextB), chunkOf(nextB, false), s.recompute, s.combined);
        ++nextB;
    }
    for (; nextB < total; ++nextB)
        backward(ops, microBatchOf(nextB), chunkOf(nextB, false), s.recompute);
    return ops;
}

// ZB-V: list scheduling on the V placement (see schedule.h) with the chunk's relative times (ScheduleShape's F, R, B
// and W; a recomputation runs right before its B). Each device, as it comes free, runs a ready B (earliest micro-batch
// first), else a ready F if it holds fewer than 2p chunk activations (1F1B's first stage holds p micro-batches of a
// whole stage), else a held-back W; `forwardFirst` puts the F before the B. With none of them ready it looks again
// when the next op ends anywhere. An output is ready when its op ends. A chunk's activation counts from its F to its B,
// as the simulation and the memory model count it (B frees the most of it; what W still reads is its inputs' share):
// held until its W, the W that runs last throttled the forwards wherever B took longer than W.
std::vector<std::vector<Op>> zbVGreedy(const ScheduleShape& s, bool forwardFirst)
{
    const int p = s.stages, m = s.microBatches, vs = 2 * p;
    constexpr double kNever = std::numeric_limits<double>::infinity();
    const double tf = std::max(s.forwardTime, 1e-6), tw = std::max(s.weightTime, 1e-6);
    const double tb = std::max(s.backwardTime, 1e-6) + (s.recompute ? std::max(s.recomputeTime, 0.0) : 0.0);
    // When F / B of (virtual stage k, micro-batch) ends, kNever until it has run.
    std::vector<double> fDone(std::size_t(vs) * std::size_t(m), kNever), bDone(fDone);
    auto at = [m](std::vector<double>& a, int k, int mb) -> double& {
        return a[std::size_t(k) * std::size_t(m) + std::size_t(mb)];
    };
    const std::size_t devices = static_cast<std::size_t>(p);
    std::vector<std::vector<Op>> out(devices);
    std::vector<std::array<int, 2>> nextF(devices, { 0, 0 }), nextB(devices, { 0, 0 });
    std::vector<std::deque<Op>> pendingW(devices);
    std::vector<int> held(devices, 0);
    std::vector<double> freeAt(devices, 0.0);
    const long long total = 3LL * vs * m;
    long long done = 0;
    const int limit = 2 * p;
    auto stageOf = [vs](int d, int chunk) { return chunk == 0 ? d : vs - 1 - d; };
    // Rounds at the times something ends (an op's end is its device's next free time): each device free by then, in
    // device order, takes what is ready; one with nothing ready looks again at the next round.
    for (double t = 0; done < total;) {
        for (int d = 0; d < p; ++d) {
            const std::size_t di = std::size_t(d);
            if (freeAt[di] > t)
                continue;
            // B: the ready one with the earlier micro-batch, chunk 1 first (it comes first on the way back).
            int bestChunk = -1;
            for (int c : { 1, 0 }) {
                const int mb = nextB[di][std::size_t(c)];
                if (mb >= m)
                    continue;
                const int k = stageOf(d, c);
                const bool ready = at(fDone, k, mb) <= t && (k == vs - 1 || at(bDone, k + 1, mb) <= t);
                if (ready && (bestChunk < 0 || mb < nextB[di][std::size_t(bestChunk)]))
                    bestChunk = c;
            }
            int fChunk = -1;
            if (held[di] < limit)
                for (int c : { 1, 0 }) {
                    const int mb = nextF[di][std::size_t(c)];
                    const int k = stageOf(d, c);
                    if (mb < m && (k == 0 || at(fDone, k - 1, mb) <= t)) {
                        fChunk = c;
                        break;
                    }
                }
            if (bestChunk >= 0 && !(forwardFirst && fChunk >= 0)) {
                const int mb = nextB[di][std::size_t(bestChunk)]++;
                backward(out[di], mb, bestChunk, s.recompute);
                pendingW[di].push_back({ OpKind::BackwardWeight, mb, bestChunk });
                --held[di];
                freeAt[di] = t + tb;
                at(bDone, stageOf(d, bestChunk), mb) = freeAt[di];
                ++done;
                continue;
            }
            if (fChunk >= 0) {
                const int mb = nextF[di][std::size_t(fChunk)]++;
                out[di].push_back({ OpKind::Forward, mb, fChunk });
                freeAt[di] = t + tf;
                at(fDone, stageOf(d, fChunk), mb) = freeAt[di];
                ++held[di];
                ++done;
                continue;
            }
            if (!pendingW[di].empty()) {
                out[di].push_back(pendingW[di].front());
                pendingW[di].pop_front();
                freeAt[di] = t + tw;
                ++done;
            }
        }
        double next = kNever;
        for (double f : freeAt)
            if (f > t)
                next = std::min(next, f);
        if (next == kNever)
            break; // nothing runs and nothing is ready: the lists stay short and the simulation says so
        t = next;
    }
    return out;
}

// How long `ops` take with the shape's times and free links: the simulation's makespan.
double makespanOf(const ScheduleShape& s, std::shared_ptr<const std::vector<std::vector<Op>>> ops)
{
    SimInput in;
    in.devices = s.stages;
    in.chunks = 2;
    in.ops = std::move(ops);
    in.routes = pipelineRoutes(s);
    in.cost.assign(std::size_t(s.stages),
        std::vector<ChunkCost>(2, ChunkCost { s.forwardTime, s.recomputeTime, s.backwardTime, s.weightTime }));
    in.sendForward.assign(std::size_t(in.routes.boundaries()), 0.0);
    in.sendBackward = in.sendForward;
    SimOptions options;
    options.recordEvents = false;
    const SimResult r = simulate(in, options);
    return r.ok ? r.makespan : std::numeric_limits<double>::infinity();
}

// ZB-V's order: of the greedy orders built with the shape's times and in whole time steps (as the paper draws its
// handcrafted schedules), each with B or F first, the one that runs the shape's times soonest, as the zero-bubble
// runtime's scheduler tries several and keeps the fastest by its own simulation. None wins everywhere: at p = 16,
// m = 192, B 1.1, W 0.9 the order in steps left a 10.3% bubble (3.0% timed); the timed B-first one lost to the
// stepped at p = 4 (example e1); at p = 4, m = 48, B 1.2, W 0.8 only F-first beat ZB-H1 (1.2% against 2.8%).
std::vector<std::vector<Op>> zbV(const ScheduleShape& s)
{
    ScheduleShape stepped = s;
    stepped.forwardTime = stepped.recomputeTime = stepped.backwardTime = stepped.weightTime = 1;
    std::shared_ptr<const std::vector<std::vector<Op>>> best;
    double bestTime = std::numeric_limits<double>::infinity();
    for (const ScheduleShape* shape : { &s, static_cast<const ScheduleShape*>(&stepped) })
        for (bool forwardFirst : { false, true }) {
            auto ops = std::make_shared<const std::vector<std::vector<Op>>>(zbVGreedy(*shape, forwardFirst));
            const double time = makespanOf(s, ops);
            if (!best || time < bestTime) {
                bestTime = time;
                best = std::move(ops);
            }
        }
    return *best;
}

// DualPipe's phases on one rank (DeepSeek-V3 §3.2.1; the order of deepseek-ai/DualPipe's step()), in terms of
// half = the ranks per half pipeline, h = this rank's place in its half, n = micro-batches per phase, and
// `middle` for the rank that turns the pipeline (which runs its first pair apart). Phase 0 is chunk 0.
std::vector<Op> dualPipeRank(const ScheduleShape& s, int half, int h, int n, bool middle, int phaseOneFirst)
{
    std::vector<Op> ops;
    int nextF[2] = { 0, 0 }, nextB[2] = { 0, 0 };
    std::deque<Op> heldW;
    auto mb = [&](int phase, int i) { return phase == 0 ? i : phaseOneFirst + i; };
    auto forward = [&](int phase, bool overlaps = false) {
        ops.push_back({ OpKind::Forward, mb(phase, nextF[phase]++), phase, overlaps });
    };
    // A backward; with zero bubble its W waits in the queue, else it runs right after B.
    auto backwardOf = [&](int phase, bool zeroBubble, bool overlaps = false) {
        const int micro = mb(phase, nextB[phase]++);
        if (s.recompute)
            ops.push_back({ OpKind::Recompute, micro, phase, overlaps });
        ops.push_back({ OpKind::BackwardInput, micro, phase, overlaps });
        const Op w { OpKind::BackwardWeight, micro, phase, overlaps };
        if (zeroBubble)
            heldW.push_back(w);
        else
            ops.push_back(w);
    };
    auto weight = [&] {
        if (heldW.empty())
            return;
        ops.push_back(heldW.front());
        heldW.pop_front();
    };
    // Forward of one phase overlapped with the whole backward of the other.
    auto pair = [&](int f, int b) {
        forward(f);
        backwardOf(b, false, true);
    };
    const int fill = half - h - 1;
    for (int i = 0; i < 2 * fill; ++i)
        forward(0);
    for (int i = 0; i < h + 1; ++i) {
        forward(0);
        forward(1);
    }
    for (int i = 0; i < fill; ++i) {
        backwardOf(1, true);
        weight();
        forward(1);
    }
    const int main = n - 2 * half + h + 1;
    for (int i = 0; i < main; ++i) {
        if (i == 0 && middle) {
            forward(0);
            backwardOf(1, false);
        } else {
            pair(0, 1);
        }
        pair(1, 0);
    }
    for (int i = 0; i < fill; ++i) {
        backwardOf(1, false);
        pair(1, 0);
    }
    bool zeroBubble = false;
    for (int i = 0; i < h + 1; ++i) {
        if (i == (h + 1) / 2 && h % 2 == 1)
            zeroBubble = true;
        backwardOf(1, zeroBubble);
        if (i == (h + 1) / 2 && h % 2 == 0)
            zeroBubble = true;
        backwardOf(0, zeroBubble);
    }
    for (int i = 0; i < fill; ++i) {
        weight();
        backwardOf(0, true);
    }
    while (!heldW.empty())
        weight();
    return ops;
}
}

StagePlace PipelineRoutes::boundaryFrom(int b) const
{
    const int n = std::max(virtualStages() - 1, 1);
    return routes[std::size_t(b / n)][std::size_t(b % n)];
}

StagePlace PipelineRoutes::boundaryTo(int b) const
{
    const int n = std::max(virtualStages() - 1, 1);
    return routes[std::size_t(b / n)][std::size_t(b % n + 1)];
}

int PipelineRoutes::stageOf(int route, int device, int chunk) const
{
    const auto& r = routes[std::size_t(route)];
    for (std::size_t k = 0; k < r.size(); ++k)
        if (r[k].device == device && r[k].chunk == chunk)
            return int(k);
    return -1;
}

PipelineRoutes pipelineRoutes(const ScheduleShape& shape)
{
    const int p = std::max(shape.stages, 1), v = std::max(shape.chunks, 1);
    PipelineRoutes r;
    switch (shape.schedule) {
    case Schedule::ZbV:
    case Schedule::DualPipeV:
        r.routes.resize(1);
        for (int k = 0; k < 2 * p; ++k)
            r.routes[0].push_back({ k < p ? k : 2 * p - 1 - k, k < p ? 0 : 1 });
        break;
    case Schedule::DualPipe:
        r.routes.resize(2);
        for (int k = 0; k < p; ++k) {
            const int chunk = 2 * k < p ? 0 : 1;
            r.routes[0].push_back({ k, chunk });
            r.routes[1].push_back({ p - 1 - k, chunk });
        }
        r.secondRouteFrom = shape.microBatches / 2;
        break;
    default:
        r.routes.resize(1);
        for (int k = 0; k < p * v; ++k)
            r.routes[0].push_back({ k % p, k / p });
        break;
    }
    return r;
}

std::vector<std::vector<Op>> generateSchedule(const ScheduleShape& shape)
{
    if (shape.schedule == Schedule::ZbV)
        return zbV(shape);
    std::vector<std::vector<Op>> devices(std::size_t(std::max(shape.stages, 1)));
    for (int d = 0; d < shape.stages; ++d) {
        auto& ops = devices[std::size_t(d)];
        switch (shape.schedule) {
        case Schedule::GPipe:
            ops = gpipe(shape);
            break;
        case Schedule::OneFOneB:
            ops = oneFOneB(shape, d);
            break;
        case Schedule::Interleaved:
            ops = shape.chunks > 1 ? interleaved(shape, d) : oneFOneB(shape, d);
            break;
        case Schedule::ZbH1:
            ops = zbH1(shape, d);
            break;
        case Schedule::DualPipeV:
            // One direction; rank d's phase 0 is stage d, phase 1 stage 2p − 1 − d; the last rank turns it.
            ops = dualPipeRank(shape, shape.stages, d, shape.microBatches, d == shape.stages - 1, 0);
            break;
        case Schedule::DualPipe: {
            // Half of the micro-batches each way; a rank's phase 0 is the direction in which it is in the first
            // half of the stages (micro-batches m/2 … m − 1 enter at the last rank).
            const int half = shape.stages / 2, h = std::min(d, shape.stages - 1 - d), n = shape.microBatches / 2;
            ops = dualPipeRank(shape, half, h, n, h == half - 1, n);
            if (d >= half)
                for (Op& op : ops)
                    op.microBatch = op.microBatch < n ? op.microBatch + n : op.microBatch - n;
            break;
        }
        case Schedule::ZbV:
            break;
        }
    }
    return devices;
}

} // namespace plait
