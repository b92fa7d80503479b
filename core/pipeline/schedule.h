#pragma once

#include "plan.h"

#include <climits>
#include <cstdint>
#include <vector>

namespace plait {

// Compute work on one pipeline device. B is the backward for inputs; for schedules that do not split the
// backward (splitsBackward() false) B also holds the weight gradients. R is recomputation before a backward.
enum class OpKind : std::uint8_t { Forward, Recompute, BackwardInput, BackwardWeight };

struct Op {
    OpKind kind = OpKind::Forward;
    int microBatch = 0;
    int chunk = 0; // model chunk on this device (0 unless the device runs several; see PipelineRoutes)
    // Runs overlapped with the op before it, as one unit: DualPipe's forward of one micro-batch beside the backward
    // of another, each one's communication hidden under the other's compute.
    bool overlapsPrevious = false;
};

struct ScheduleShape {
    Schedule schedule = Schedule::OneFOneB;
    int stages = 1; // p: pipeline devices
    int microBatches = 1; // m
    int chunks = 1; // v: model chunks per device
    bool recompute = false; // emit an R before every backward
    // Megatron-Core's combined 1F1B (1F1B and interleaved): one more forward warms up, then each steady-state
    // backward runs overlapped with the forward before it (Op::overlapsPrevious).
    bool combined = false;
    // A chunk's forward, recomputation, input-gradient and weight-gradient times relative to each other (any unit):
    // ZB-V orders its ops by them, as the zero-bubble runtime builds its schedule from profiled times. The other
    // schedules' orders do not depend on times.
    double forwardTime = 1, recomputeTime = 1, backwardTime = 1, weightTime = 1;
    bool operator==(const ScheduleShape&) const = default;
};

// Where a micro-batch's virtual stages run, in the order it passes them.
struct StagePlace {
    int device = 0, chunk = 0;
    bool operator==(const StagePlace&) const = default;
};
struct PipelineRoutes {
    std::vector<std::vector<StagePlace>> routes; // [route][virtual stage]
    int secondRouteFrom = INT_MAX; // micro-batches from this one on take route 1 (DualPipe's reverse direction)
    int routeOf(int microBatch) const { return microBatch >= secondRouteFrom ? 1 : 0; }
    int virtualStages() const { return routes.empty() ? 0 : int(routes.front().size()); }
    // Stage boundaries of all routes: b = route·(virtualStages − 1) + k joins virtual stage k to k + 1.
    int boundaries() const { return int(routes.size()) * std::max(virtualStages() - 1, 0); }
    StagePlace boundaryFrom(int b) const;
    StagePlace boundaryTo(int b) const;
    int boundaryOf(int route, int k) const { return route * (virtualStages() - 1) + k; }
    // The virtual stage of (device, chunk) on a route, −1 when that route does not pass it.
    int stageOf(int route, int device, int chunk) const;
};
//  - interleaved (and every one-chunk schedule): virtual stage k on device k mod p, chunk k / p.
//  - ZB-V and DualPipeV: down the devices and back, k on device k (chunk 0) for k < p, then 2p − 1 − k (chunk 1).
//  - DualPipe: micro-batches 0 … m/2 − 1 enter at device 0, the rest at device p − 1; stage s of either direction
//    runs as chunk 0 in the first half of the stages, chunk 1 in the second (ParallelSpec::modelChunkOf).
PipelineRoutes pipelineRoutes(const ScheduleShape& shape);

// The op list of every device, in execution order. The same lists drive the simulation in core and the real
// run in plait-probe.
//  - GPipe: all forwards, then all backwards (Huang et al. 2019).
//  - 1F1B: p−d−1 warm-up forwards, then one forward one backward, then the remaining backwards
//    (PipeDream-Flush; Narayanan et al. 2021 §2.2.1).
//  - interleaved: Megatron-LM's forward_backward_pipelining_with_interleaving: units of p micro-batches cycle
//    through the v chunks; warm-up (p−d−1)·2 + (v−1)·p units (Narayanan et al. 2021 §2.2.2).
//  - ZB-H1: 1F1B with the backward split into B and W, device d holding back d weight passes (the last stage
//    finishes its input gradients first and would idle longest at the end) and running them in the cool-down
//    (Qi et al., ICLR 2024, "Zero Bubble Pipeline Parallelism", ZB-H1; tst_schedule checks the published bubble).
//  - ZB-V: two chunks per device in a V, B and W split, built by list scheduling with the shape's F, B and W times:
//    each device, as it comes free, runs a ready B first, else a ready F while it holds fewer activations than
//    1F1B's first stage (2p half-stage chunks), else a held-back W (Qi et al., "Pipeline Parallelism with
//    Controllable Memory", 2024; sail-sg/zero-bubble-pipeline-parallelism ZBV, whose greedy scheduler also takes the
//    profiled F, B and W times).
//  - DualPipe and DualPipeV: DeepSeek-V3 §3.2.1's eight phases per rank (deepseek-ai/DualPipe): forwards of both
//    chunks to fill, then forward-backward pairs of the two chunks overlapped, then the backwards, the second half
//    of the weight passes held back to fill the drain.
std::vector<std::vector<Op>> generateSchedule(const ScheduleShape& shape);

} // namespace plait
