#pragma once

#include "plan.h"

#include <cstdint>
#include <vector>

namespace plait {

// Compute work on one pipeline device. B is the backward for inputs; for schedules that do not split the
// backward (all but ZB-H1) B also holds the weight gradients. R is recomputation before a backward.
enum class OpKind : std::uint8_t { Forward, Recompute, BackwardInput, BackwardWeight };
const char* opKindName(OpKind k);

struct Op {
    OpKind kind = OpKind::Forward;
    int microBatch = 0;
    int chunk = 0; // model chunk on this device (0 unless interleaved); virtual stage = chunk·p + device
};

struct ScheduleShape {
    Schedule schedule = Schedule::OneFOneB;
    int stages = 1; // p: pipeline devices
    int microBatches = 1; // m
    int chunks = 1; // v: model chunks per device
    bool recompute = false; // emit an R before every backward
};

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
std::vector<std::vector<Op>> generateSchedule(const ScheduleShape& shape);

} // namespace plait
