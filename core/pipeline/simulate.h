#pragma once

#include "schedule.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace plait {

// Durations of one device's work, per model chunk on that device.
struct ChunkCost {
    double forward = 0, recompute = 0, backwardInput = 0, backwardWeight = 0;
    double duration(OpKind k) const
    {
        switch (k) {
        case OpKind::Forward:
            return forward;
        case OpKind::Recompute:
            return recompute;
        case OpKind::BackwardInput:
            return backwardInput;
        case OpKind::BackwardWeight:
            return backwardWeight;
        }
        return 0;
    }
};

struct SimInput {
    int devices = 1; // p
    int chunks = 1; // v
    // Per device; shared, since many plans of one schedule shape (the search's) run the same lists.
    std::shared_ptr<const std::vector<std::vector<Op>>> ops;
    std::vector<std::vector<ChunkCost>> cost; // [device][chunk]
    // The in-layer communication inside each cost (optional, same shape): ops that run overlapped (Op::
    // overlapsPrevious) hide one's communication under the other's compute (pairSlowdown).
    std::vector<std::vector<ChunkCost>> comm;
    // Where each micro-batch's virtual stages run; empty: virtual stage k on device k mod p, chunk k / p.
    PipelineRoutes routes;
    // Transfer time across each stage boundary (PipelineRoutes' numbering, k to k + 1 of route 0 first), activations
    // forward and gradients back, per micro-batch.
    std::vector<double> sendForward; // size routes.boundaries()
    std::vector<double> sendBackward;
    // Let a weight pass whose backward has run fill a wait ahead of its place (the zero-bubble runtimes do; DeepSeek's
    // DualPipe runs its lists in order).
    bool weightPassesFill = true;
    // How much compute slows down beside the communication it hides in an overlapped unit (cost/overlap.h's s).
    double pairSlowdown = 0;
    // Of each cost, the MoE experts' compute (optional, same shape as comm): a forward-backward pair then overlaps
    // piece by piece (unitTime).
    std::vector<std::vector<ChunkCost>> moeMlp;
};

// Ops [first, end) of one device's list that run as one unit (the first and those that overlap the op before them):
// its time, the communication inside it, and what of that the unit leaves exposed. One op takes its duration.
// Overlapped ops take their compute plus what their communication adds beside it (cost/overlap.h's rule:
// max(0, comm − compute) + s·min(comm, compute)); a MoE forward with a backward overlaps piece by piece, as
// DeepSeek-V3's Figure 4 and Megatron-Core's combined_1f1b.py split a layer: the forward's attention beside the
// backward's combine, its dispatch beside the backward's MLP, its MLP beside the backward's dispatch, its combine
// beside the backward's attention (each all-to-all half its pass's communication).
struct UnitTime {
    double seconds = 0, comm = 0, exposed = 0;
};
UnitTime unitTime(const SimInput& in, int device, const std::vector<Op>& ops, std::size_t first, std::size_t end);

enum class EventKind : std::uint8_t { Compute, Transfer };

struct SimEvent {
    double start = 0, end = 0;
    int device = 0;
    int microBatch = 0;
    int toDevice = 0; // for Transfer
    int boundary = 0; // for Transfer: stage boundary (PipelineRoutes::boundaryOf), virtual stage k → k+1
    // What this event waited for: for a compute event the transfer that delivered its input (−1 when it started as
    // soon as its device was free); for a transfer the compute event that produced it. Indices into events.
    int cause = -1;
    std::int16_t chunk = 0;
    OpKind op = OpKind::Forward; // for Compute
    EventKind kind = EventKind::Compute;
    bool forwardDirection = true; // for Transfer: activations (true) or gradients (false)
    bool overlapsPrevious = false; // for Compute: ran overlapped with the event before it (its share of the pair)
};

struct SimResult {
    bool ok = true;
    std::string error;
    std::vector<SimEvent> events; // compute events in device order, transfers after
    std::vector<double> deviceEnd; // time each device finished its last op
    std::vector<double> deviceBusy; // compute time per device
    std::vector<int> peakInFlight; // most micro-batch chunks a device held at once, in the order its ops ran
    double makespan = 0;
};

// Event-driven simulation: each device runs its ops in order; an op starts when the device is free and its
// input has arrived (forward: activation from the previous virtual stage; backward and recompute: gradient
// from the next). A weight pass (ZB-H1) may run ahead of its place to fill a wait. Transfers on one stage
// boundary and direction run one at a time. Events of a device come out in the order they ran.
struct SimOptions {
    bool recordEvents = true; // false: only the per-device figures (cheaper, for what-if runs)
    bool freeTransfers = false; // treat every transfer as instantaneous
    // Where no weight pass can fill a wait, step the devices through their lists from a work list instead of taking
    // the earliest next op from the event heap: the same times, events and figures (tst_schedule holds them equal),
    // transfer events appended in another order. False: always the event heap.
    bool stepInListOrder = true;
};
SimResult simulate(const SimInput& in, const SimOptions& options = {});

// The chain of work that ends with device `end`'s last op (needs recorded events): walking back, each op either
// waited for the transfer that fed it, then the chain continues at that transfer's producer, or followed its
// device's previous op. Its length is that device's end: what the chain waited for transfers, plus the compute
// on it by (device, chunk, op), which tells how much of the in-layer communication lies on it.
struct CriticalPath {
    double transferWaitS = 0;
    std::vector<double> computeS; // [(device · chunks + chunk) · 4 + op kind]
    double compute(int device, int chunk, OpKind op, int chunks) const
    {
        return computeS[(std::size_t(device) * std::size_t(chunks) + std::size_t(chunk)) * 4 + std::size_t(op)];
    }
};
CriticalPath criticalPath(const SimResult& result, int end, int devices, int chunks);

// The most micro-batch chunks whose activations the device held at once, from the order its ops ran.
int peakInFlight(const SimResult& result, int device);

} // namespace plait
