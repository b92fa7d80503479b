#include "simulate.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>
#include <queue>
#include <utility>

namespace plait {

namespace {
constexpr double kUnknown = std::numeric_limits<double>::infinity();

struct Device {
    std::size_t next = 0; // next op in the list not yet run
    std::vector<char> ran; // ops already run (weight passes can run ahead of their place)
    std::deque<std::size_t> weightReady; // list indices of weight passes whose backward has run
    double free = 0;
    double freeBefore = 0;
};
}

UnitTime unitTime(const SimInput& in, int device, const std::vector<Op>& ops, std::size_t first, std::size_t end)
{
    const auto d = std::size_t(device);
    auto part = [&](const std::vector<std::vector<ChunkCost>>& table, const Op& op, double cap) {
        return table.empty() ? 0.0 : std::min(cap, table[d][std::size_t(op.chunk)].duration(op.kind));
    };
    UnitTime u;
    double sum = 0, compute = 0;
    double forwardCompute = 0, forwardMlp = 0, forwardComm = 0, backCompute = 0, backMlp = 0, backComm = 0;
    int forwards = 0;
    for (std::size_t i = first; i < end; ++i) {
        const Op& op = ops[i];
        const double dur = in.cost[d][std::size_t(op.chunk)].duration(op.kind);
        const double c = part(in.comm, op, dur);
        const double mlp = part(in.moeMlp, op, dur - c);
        sum += dur;
        compute += dur - c;
        u.comm += c;
        const bool forward = op.kind == OpKind::Forward;
        forwards += forward ? 1 : 0;
        (forward ? forwardCompute : backCompute) += dur - c;
        (forward ? forwardMlp : backMlp) += mlp;
        (forward ? forwardComm : backComm) += c;
    }
    if (end - first <= 1) {
        u.seconds = sum;
        u.exposed = u.comm;
        return u;
    }
    const double s = in.pairSlowdown;
    auto beside
        = [s](double work, double comm) { return work + std::max(0.0, comm - work) + s * std::min(comm, work); };
    if (forwards == 1 && ops[first].kind == OpKind::Forward && (forwardMlp > 0 || backMlp > 0))
        u.seconds = beside(forwardCompute - forwardMlp, backComm / 2) + beside(backMlp, forwardComm / 2)
            + beside(forwardMlp, backComm / 2) + beside(backCompute - backMlp, forwardComm / 2);
    else
        u.seconds = beside(compute, u.comm);
    u.exposed = u.seconds - compute;
    return u;
}

SimResult simulate(const SimInput& in, const SimOptions& options)
{
    static const std::vector<std::vector<Op>> none;
    const std::vector<std::vector<Op>>& allOps = in.ops ? *in.ops : none;
    SimResult r;
    const int p = in.devices, v = in.chunks;
    const PipelineRoutes routes
        = in.routes.routes.empty() ? pipelineRoutes({ Schedule::Interleaved, p, 1, v, false }) : in.routes;
    const int virtualStages = routes.virtualStages();
    int m = 0;
    for (const auto& ops : allOps)
        for (const Op& op : ops)
            m = std::max(m, op.microBatch + 1);
    // stageIndex[route][device·v + chunk]: the virtual stage that (device, chunk) is on that route.
    std::vector<std::vector<int>> stageIndex(routes.routes.size(), std::vector<int>(std::size_t(p) * v, -1));
    for (std::size_t rt = 0; rt < routes.routes.size(); ++rt)
        for (std::size_t k = 0; k < routes.routes[rt].size(); ++k) {
            const StagePlace& at = routes.routes[rt][k];
            if (at.device >= 0 && at.device < p && at.chunk >= 0 && at.chunk < v)
                stageIndex[rt][std::size_t(at.device) * v + at.chunk] = int(k);
        }
    auto stageOf = [&](int d, const Op& op) {
        const std::size_t rt = std::size_t(std::min(routes.routeOf(op.microBatch), int(routes.routes.size()) - 1));
        return stageIndex[rt][std::size_t(d) * v + op.chunk];
    };
    // The virtual stage of each op, looked up once: the loop below asks for it several times per op.
    std::vector<std::vector<int>> opStage(static_cast<std::size_t>(p));
    for (int d = 0; d < p && d < int(allOps.size()); ++d) {
        opStage[std::size_t(d)].reserve(allOps[std::size_t(d)].size());
        for (const Op& op : allOps[std::size_t(d)]) {
            if (op.chunk < 0 || op.chunk >= v || stageOf(d, op) < 0) {
                r.ok = false;
                r.error = "the pipeline schedule runs a model chunk on a device that does not hold it";
                return r;
            }
            opStage[std::size_t(d)].push_back(stageOf(d, op));
        }
    }
    // When the input of virtual stage k for micro-batch mb is available (activation, or gradient), and whether the
    // backward for inputs of (k, mb) has run (a weight pass may follow it).
    std::vector<double> fwdReady(std::size_t(virtualStages) * m, kUnknown);
    std::vector<double> bwdReady(std::size_t(virtualStages) * m, kUnknown);
    std::vector<char> inputGradDone(std::size_t(virtualStages) * m, 0);
    std::vector<int> fwdFrom(std::size_t(virtualStages) * m, -1); // transfer that delivered the input
    std::vector<int> bwdFrom(std::size_t(virtualStages) * m, -1);
    auto at = [m](auto& a, int k, int mb) -> auto&
    {
        return a[std::size_t(k) * m + mb];
    };
    for (int mb = 0; mb < m; ++mb)
        at(fwdReady, 0, mb) = 0;
    std::vector<double> channelFree(std::size_t(std::max(routes.boundaries(), 0)) * 2, 0.0);

    std::vector<Device> dev(static_cast<std::size_t>(p));
    // weightIndex[k·m + mb]: where the weight pass of that backward sits in its device's list.
    std::vector<std::size_t> weightIndex(std::size_t(virtualStages) * m, SIZE_MAX);
    std::size_t remaining = 0;
    std::size_t remainingTotal = 0;
    for (int d = 0; d < p; ++d) {
        const auto& ops = allOps[std::size_t(d)];
        dev[std::size_t(d)].ran.assign(ops.size(), 0);
        remaining += ops.size();
        for (std::size_t i = 0; i < ops.size(); ++i)
            if (ops[i].kind == OpKind::BackwardWeight)
                at(weightIndex, opStage[std::size_t(d)][i], ops[i].microBatch) = i;
    }
    r.deviceBusy.assign(std::size_t(p), 0.0);
    r.peakInFlight.assign(std::size_t(p), 0);
    std::vector<int> live(std::size_t(p), 0);
    remainingTotal = remaining;
    // A device's events are written in the order it runs them, which is by start time, into its own range.
    std::vector<std::size_t> slot(std::size_t(p) + 1, 0);
    for (int d = 0; d < p; ++d)
        slot[std::size_t(d) + 1] = slot[std::size_t(d)] + allOps[std::size_t(d)].size();
    // Compute events fill [0, remaining); transfers (at most one per compute event) are appended after them.
    if (options.recordEvents) {
        r.events.reserve(2 * remaining);
        r.events.resize(remaining);
    }
    std::size_t transferCount = 0;

    auto inputReady = [&](int d, std::size_t i) {
        const Op& op = allOps[std::size_t(d)][i];
        const int k = opStage[std::size_t(d)][i];
        if (op.kind == OpKind::Forward)
            return at(fwdReady, k, op.microBatch);
        if (op.kind == OpKind::BackwardWeight)
            return at(inputGradDone, k, op.microBatch) ? 0.0 : kUnknown;
        return k == virtualStages - 1 ? 0.0 : at(bwdReady, k, op.microBatch);
    };
    // The ops from `first` that run as one unit: it and those that overlap the op before them.
    auto groupEnd = [&](int d, std::size_t first) {
        const auto& ops = allOps[std::size_t(d)];
        std::size_t e = first + 1;
        while (e < ops.size() && ops[e].overlapsPrevious)
            ++e;
        return e;
    };
    // When the unit's inputs are all there; a weight pass whose backward is in the unit needs nothing more.
    auto groupReady = [&](int d, std::size_t first, std::size_t end) {
        const auto& ops = allOps[std::size_t(d)];
        double ready = 0;
        for (std::size_t i = first; i < end; ++i)
            if (!(ops[i].kind == OpKind::BackwardWeight && i > first))
                ready = std::max(ready, inputReady(d, i));
        return ready;
    };

    // What device d would do next and when: its next op when the input is there, or a weight pass (W) whose
    // backward has run to fill the wait (the zero-bubble idea). Returns false when it can only wait.
    auto nextAction = [&](int d, std::size_t& index, double& start) {
        Device& device = dev[std::size_t(d)];
        const auto& ops = allOps[std::size_t(d)];
        while (device.next < ops.size() && device.ran[device.next])
            ++device.next;
        if (device.next == ops.size())
            return false;
        const double ready = groupReady(d, device.next, groupEnd(d, device.next));
        index = device.next;
        start = std::max(device.free, ready);
        while (!device.weightReady.empty() && device.ran[device.weightReady.front()])
            device.weightReady.pop_front();
        if (in.weightPassesFill && ready > device.free && !device.weightReady.empty()) {
            const std::size_t j = device.weightReady.front();
            const double dur = in.cost[std::size_t(d)][std::size_t(ops[j].chunk)].duration(ops[j].kind);
            // Fill only when the weight pass ends before the input arrives, or the arrival is not known yet (its
            // producer is still at or after this device's time).
            if (ready == kUnknown || device.free + dur <= ready) {
                index = j;
                start = device.free;
            }
        }
        return start != kUnknown;
    };

    // Discrete-event loop: each device keeps its next action and start time; the earliest goes first. Only the
    // devices an op touches (itself and the ones it sends to) recompute theirs.
    // The candidates sit in a min-heap by start (then device, so ties go as a scan from device 0 would); a device's
    // older entries go stale when it is rescheduled and are skipped when they surface.
    std::vector<double> candidateStart(std::size_t(p), kUnknown);
    std::vector<std::size_t> candidateIndex(std::size_t(p), 0);
    using Entry = std::pair<double, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    auto schedule = [&](int d) {
        std::size_t index = 0;
        double start = 0;
        const double before = candidateStart[std::size_t(d)];
        candidateStart[std::size_t(d)] = nextAction(d, index, start) ? start : kUnknown;
        candidateIndex[std::size_t(d)] = index;
        // An unchanged start still has its entry in the heap (popping one clears the device's start).
        if (candidateStart[std::size_t(d)] != kUnknown && candidateStart[std::size_t(d)] != before)
            queue.emplace(candidateStart[std::size_t(d)], d);
    };

    // Without weight passes that may fill a wait, the order each device runs its ops in is fixed by its list: no heap
    // is needed to find the next one (below).
    bool fillable = false;
    if (in.weightPassesFill)
        for (const auto& ops : allOps)
            for (const Op& op : ops)
                fillable = fillable || op.kind == OpKind::BackwardWeight;
    const bool fixedOrder = options.stepInListOrder && !fillable;
    std::vector<int> waiting; // devices to step, in fixedOrder
    std::vector<char> queued(std::size_t(p), 0);
    auto wake = [&](int d) {
        if (!fixedOrder)
            schedule(d);
        else if (!queued[std::size_t(d)]) {
            queued[std::size_t(d)] = 1;
            waiting.push_back(d);
        }
    };
    std::vector<int> woken; // the devices a unit hands results to, reused from unit to unit
    // Runs the unit of ops [first, end) of device d from `start`: its time (unitTime) shared among its ops in
    // proportion to their own durations; they hand their results on when the unit ends.
    auto run = [&](int d, std::size_t first, std::size_t end, double start) {
        const auto& ops = allOps[std::size_t(d)];
        Device& device = dev[std::size_t(d)];
        auto costOf = [&](const Op& op) { return in.cost[std::size_t(d)][std::size_t(op.chunk)].duration(op.kind); };
        double sum = 0;
        for (std::size_t i = first; i < end; ++i)
            sum += costOf(ops[i]);
        const double unit = end - first > 1 ? unitTime(in, d, ops, first, end).seconds : sum;
        const double unitEnd = start + unit;
        device.freeBefore = device.free;
        device.free = unitEnd;
        double at0 = start;
        woken.clear();
        // Results leave when the unit ends: a transfer's producer is the unit's last op (what the critical path
        // walks back from).
        const int unitLast = int(slot[std::size_t(d)] + (end - first)) - 1;
        for (std::size_t index = first; index < end; ++index) {
            const Op& op = ops[index];
            const int k = opStage[std::size_t(d)][index];
            const int rt = routes.routeOf(op.microBatch);
            const double share = sum > 0 ? unit * costOf(op) / sum : 0;
            const double opStart = at0, opEnd = index + 1 == end ? unitEnd : at0 + share;
            at0 = opEnd;
            device.ran[index] = 1;
            r.deviceBusy[std::size_t(d)] += opEnd - opStart;
            if (op.kind == OpKind::Forward)
                r.peakInFlight[std::size_t(d)] = std::max(r.peakInFlight[std::size_t(d)], ++live[std::size_t(d)]);
            else if (op.kind == OpKind::BackwardInput)
                --live[std::size_t(d)];
            if (options.recordEvents) {
                SimEvent& e = r.events[slot[std::size_t(d)]++];
                // The unit's first op waited for the input that came last, if the device was free before it.
                if (index == first && start > device.freeBefore) {
                    double latest = -1;
                    for (std::size_t i = first; i < end; ++i) {
                        const Op& o = ops[i];
                        const int ko = opStage[std::size_t(d)][i];
                        int from = -1;
                        if (o.kind == OpKind::Forward)
                            from = at(fwdFrom, ko, o.microBatch);
                        else if ((o.kind == OpKind::BackwardInput || o.kind == OpKind::Recompute)
                            && ko < virtualStages - 1)
                            from = at(bwdFrom, ko, o.microBatch);
                        const double ready = inputReady(d, i);
                        if (from >= 0 && ready != kUnknown && ready > latest) {
                            latest = ready;
                            e.cause = from;
                        }
                    }
                }
                e.device = d;
                e.op = op.kind;
                e.microBatch = op.microBatch;
                e.chunk = std::int16_t(op.chunk);
                e.start = opStart;
                e.end = opEnd;
                e.overlapsPrevious = index > first;
            }
            // Hand the result on: activations forward, gradients backward, one channel per boundary and direction.
            auto send = [&](bool forward, int from, int to) {
                const int boundary = routes.boundaryOf(rt, forward ? from : to);
                double& chan = channelFree[std::size_t(boundary) * 2 + (forward ? 0 : 1)];
                const std::vector<double>& times = forward ? in.sendForward : in.sendBackward;
                const double dt
                    = options.freeTransfers || times.empty() ? 0.0 : times[std::size_t(boundary) % times.size()];
                const double s = std::max(chan, unitEnd);
                chan = s + dt;
                if (!options.recordEvents)
                    return s + dt;
                SimEvent x;
                x.kind = EventKind::Transfer;
                x.device = routes.routes[std::size_t(rt)][std::size_t(from)].device;
                x.toDevice = routes.routes[std::size_t(rt)][std::size_t(to)].device;
                x.boundary = boundary;
                x.microBatch = op.microBatch;
                x.chunk = std::int16_t(op.chunk);
                x.forwardDirection = forward;
                x.start = s;
                x.end = s + dt;
                x.cause = unitLast;
                (forward ? at(fwdFrom, to, op.microBatch) : at(bwdFrom, to, op.microBatch))
                    = int(remainingTotal + transferCount++);
                r.events.push_back(x);
                return x.end;
            };
            if (op.kind == OpKind::Forward && k < virtualStages - 1) {
                at(fwdReady, k + 1, op.microBatch) = send(true, k, k + 1);
                woken.push_back(routes.routes[std::size_t(rt)][std::size_t(k + 1)].device);
            }
            if (op.kind == OpKind::BackwardInput) {
                at(inputGradDone, k, op.microBatch) = 1;
                if (const std::size_t w = at(weightIndex, k, op.microBatch); w != SIZE_MAX)
                    device.weightReady.push_back(w);
                if (k > 0) {
                    at(bwdReady, k - 1, op.microBatch) = send(false, k, k - 1);
                    woken.push_back(routes.routes[std::size_t(rt)][std::size_t(k - 1)].device);
                }
            }
            --remaining;
        }
        wake(d);
        for (int w : woken)
            if (w != d)
                wake(w);
    };

    auto deadlocked = [&r] {
        r.ok = false;
        r.error = "the pipeline schedule deadlocks: every device waits for an input that no device will produce";
        return std::move(r);
    };
    if (fixedOrder) {
        // Each device runs its list in order, so an op's start is max(device free, input there) whichever device is
        // stepped first, and a boundary's transfers leave in their one producer's order: step any device that can
        // go until none can.
        for (int d = p - 1; d >= 0; --d)
            wake(d);
        while (!waiting.empty()) {
            const int d = waiting.back();
            waiting.pop_back();
            std::size_t index = 0;
            double start = 0;
            while (nextAction(d, index, start)) // its own units do not queue it again
                run(d, index, groupEnd(d, index), start);
            queued[std::size_t(d)] = 0; // only another device's output can let it go on
        }
        if (remaining > 0) {
            return deadlocked();
        }
    }
    for (int d = 0; d < p && !fixedOrder; ++d)
        schedule(d);
    while (remaining > 0) {
        while (!queue.empty() && candidateStart[std::size_t(queue.top().second)] != queue.top().first)
            queue.pop();
        if (queue.empty()) {
            return deadlocked();
        }
        const auto [start, d] = queue.top();
        queue.pop();
        candidateStart[std::size_t(d)] = kUnknown;
        const std::size_t index = candidateIndex[std::size_t(d)];
        // A weight pass that fills a wait runs alone; the device's next op runs with the ops that overlap it.
        const bool filler = index != dev[std::size_t(d)].next;
        run(d, index, filler ? index + 1 : groupEnd(d, index), start);
    }
    r.deviceEnd.resize(std::size_t(p));
    for (int d = 0; d < p; ++d)
        r.deviceEnd[std::size_t(d)] = dev[std::size_t(d)].free;
    r.makespan = r.deviceEnd.empty() ? 0 : *std::max_element(r.deviceEnd.begin(), r.deviceEnd.end());
    return r;
}

CriticalPath criticalPath(const SimResult& r, int end, int devices, int chunks)
{
    CriticalPath path;
    path.computeS.assign(std::size_t(devices) * std::size_t(chunks) * 4, 0.0);
    // The device's last compute event: compute events come first, each device's in the order it ran them.
    int e = -1;
    for (std::size_t i = 0; i < r.events.size() && r.events[i].kind == EventKind::Compute; ++i)
        if (r.events[i].device == end)
            e = int(i);
    while (e >= 0) {
        const SimEvent& ev = r.events[std::size_t(e)];
        path.computeS[(std::size_t(ev.device) * std::size_t(chunks) + std::size_t(ev.chunk)) * 4 + std::size_t(ev.op)]
            += ev.end - ev.start;
        if (ev.cause >= 0) {
            const SimEvent& x = r.events[std::size_t(ev.cause)];
            const SimEvent& producer = r.events[std::size_t(x.cause)];
            path.transferWaitS += std::min(ev.start, x.end) - producer.end;
            e = x.cause;
        } else {
            const bool first = e == 0 || r.events[std::size_t(e) - 1].device != ev.device;
            e = first ? -1 : e - 1;
        }
    }
    return path;
}

int peakInFlight(const SimResult& result, int device)
{
    return result.peakInFlight.empty() ? 0 : result.peakInFlight[std::size_t(device)];
}

} // namespace plait
