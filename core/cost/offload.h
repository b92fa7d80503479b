#pragma once
// CPU offload: the optimizer state (and with it, the parameters) kept in host memory. What it moves over the GPU's
// host link each step, how long the CPU takes to step it, what of that the GPU waits for, and how much host memory a
// node needs (ZeRO-Offload, Ren et al. 2021; ZeRO-Infinity, Rajbhandari et al. 2021).

#include "memory.h"
#include "plan.h"

namespace plait {

struct OffloadCost {
    bool active = false;
    double gradBytes = 0; // per step, GPU → host: this GPU's shard of the gradients
    double paramBytes = 0; // per step, host → GPU: the updated shard of the parameters
    // Per micro-batch (but the last): with the parameters offloaded, the shard uploaded for the forward and again for
    // the backward (then gathered across the ranks as ZeRO-3 does); and the host-side gradient accumulation's copies
    // (DeepSpeed ZeRO-1/2: up and back; DeepSpeed ZeRO-3 and FSDP: down).
    double streamBytesPerMicroBatch = 0;
    double gradS = 0, paramS = 0, streamS = 0; // the same over the host link
    double cpuStepS = 0; // the CPU's optimizer step for this GPU's shard, with the node's other GPUs' beside it
    double hostBytesPerNode = 0; // optimizer state, fp32 gradients (and parameters) of the node's GPUs
    // What the GPU waits for: the gradients' copy beyond the last backward it runs beside, the CPU step and the
    // upload after it; with the parameters offloaded, each micro-batch's upload beyond the compute it runs beside.
    double exposedS = 0;
};

// For a stage whose GPUs hold `params` parameters, `expertParams` of them MoE experts (sharded over expert DP), with
// `lastBackwardS` of backward to hide the gradients' copy under and `microBatchComputeS` of forward and backward per
// micro-batch to hide the parameter stream under.
OffloadCost offloadCost(const Plan& plan, double params, double expertParams, const StateBytes& bytes,
    double lastBackwardS, double microBatchComputeS);

// The host link's rate (GB/s per direction) and the CPU's Adam rate (parameters per second, one node) used above.
double hostLinkGBps(const GpuSpec& gpu);
double cpuAdamParamsPerS(Framework f);

} // namespace plait
