#include "schedule.h"

#include <algorithm>
#include <deque>

namespace plait {

const char* opKindName(OpKind k)
{
    switch (k) {
    case OpKind::Forward:
        return "forward";
    case OpKind::Recompute:
        return "recompute";
    case OpKind::BackwardInput:
        return "backward";
    case OpKind::BackwardWeight:
        return "backward-weight";
    }
    return "";
}

namespace {
void backward(std::vector<Op>& ops, int mb, int chunk, bool recompute)
{
    if (recompute)
        ops.push_back({ OpKind::Recompute, mb, chunk });
    ops.push_back({ OpKind::BackwardInput, mb, chunk });
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
    const int warmup = std::min(s.stages - device - 1, m);
    int nextF = 0, nextB = 0;
    for (; nextF < warmup; ++nextF)
        ops.push_back({ OpKind::Forward, nextF, 0 });
    while (nextF < m) {
        ops.push_back({ OpKind::Forward, nextF++, 0 });
        backward(ops, nextB++, 0, s.recompute);
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
    const int warmup = std::min((p - device - 1) * 2 + (v - 1) * p, total);
    std::vector<Op> ops;
    int nextF = 0, nextB = 0;
    for (; nextF < warmup; ++nextF)
        ops.push_back({ OpKind::Forward, microBatchOf(nextF), chunkOf(nextF, true) });
    while (nextF < total) {
        ops.push_back({ OpKind::Forward, microBatchOf(nextF), chunkOf(nextF, true) });
        ++nextF;
        backward(ops, microBatchOf(nextB), chunkOf(nextB, false), s.recompute);
        ++nextB;
    }
    for (; nextB < total; ++nextB)
        backward(ops, microBatchOf(nextB), chunkOf(nextB, false), s.recompute);
    return ops;
}
}

std::vector<std::vector<Op>> generateSchedule(const ScheduleShape& shape)
{
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
        }
    }
    return devices;
}

} // namespace plait
