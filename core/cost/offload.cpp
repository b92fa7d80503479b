#include "offload.h"

#include "overlap.h"

#include <algorithm>

namespace plait {

namespace {
// DeepSpeed's CPU-Adam, measured: "reduces the optimizer time from 56 seconds to 8.2 seconds to an 11.6B parameter
// GPT2 model" (deepspeedai/DeepSpeed PR #735, a maintainer; the node's CPU is not stated): 1.41e9 parameters per
// second for the node. Megatron-Core steps with PyTorch's own AdamW on the CPU, which DeepSpeed's docs put 5.1-6.5x
// slower ("5.1x to 6.5x speedups ... with respect to torch-adam", docs/_pages/training.md): 5.1x here.
constexpr double kCpuAdamParamsPerS = 11.6e9 / 8.2;
constexpr double kTorchAdamSlowdown = 5.1;
// Without a host link in the catalog: PCIe 4.0 x16's 32 GB/s per direction (the slowest link a training GPU has).
constexpr double kDefaultHostLinkGBps = 32;
}

double hostLinkGBps(const GpuSpec& gpu)
{
    return gpu.hostLinkGBps > 0 ? gpu.hostLinkGBps : kDefaultHostLinkGBps;
}

double cpuAdamParamsPerS(Framework f)
{
    return f == Framework::Megatron ? kCpuAdamParamsPerS / kTorchAdamSlowdown : kCpuAdamParamsPerS;
}

OffloadCost offloadCost(const Plan& plan, double params, double expertParams, const StateBytes& bytes,
    double lastBackwardS, double microBatchComputeS)
{
    const TrainingSpec& tr = plan.training;
    const ParallelSpec& par = plan.parallel;
    OffloadCost c;
    if (!tr.offloadOptimizer)
        return c;
    c.active = true;
    // This GPU's shard of the optimizer state: the dense parameters over the data-parallel ranks, the experts' over
    // expert DP (each rank steps only its shard, on its CPU cores).
    const double shard = std::max(1, tr.zeroStage >= 1 ? par.dp * par.cp : 1);
    const double expertShard = std::max(1, tr.zeroStage >= 1 ? par.expertDp() : 1);
    const double owned = (params - expertParams) / shard + expertParams / expertShard;
    const double link = hostLinkGBps(plan.cluster.gpu) * 1e9;
    // DeepSpeed casts the gradients to the master weights' fp32 before copying them (stage_1_and_2.py).
    const double gradWidth = tr.framework == Framework::DeepSpeed ? 4.0 : bytes.grads;
    c.gradBytes = owned * gradWidth;
    c.paramBytes = owned * bytes.weights;
    c.gradS = c.gradBytes / link;
    c.paramS = c.paramBytes / link;
    // The node's GPUs step their shards at once on the node's cores: the node's rate shared between them.
    c.cpuStepS = owned * plan.cluster.gpusPerNode / cpuAdamParamsPerS(tr.framework);
    // Host memory: the optimizer state and an fp32 copy of the gradients CPU-Adam reads (4 B), per GPU of the node.
    double perGpu = owned * (bytes.optimizer + 4);
    if (tr.offloadParams) {
        // The parameters stream in for every micro-batch's forward and backward: this GPU's shard each time (ZeRO-3
        // then gathers the layer across the ranks, as without offload).
        const double resident = params / std::max(1, par.dp * par.cp);
        c.streamBytesPerMicroBatch = 2 * resident * bytes.weights;
        c.streamS = c.streamBytesPerMicroBatch / link;
        perGpu += resident * bytes.weights;
    }
    c.hostBytesPerNode = perGpu * plan.cluster.gpusPerNode;
    // DeepSpeed's ZeRO-1/2 offload accumulates the gradients on the host: every micro-batch but the last copies them
    // up and back down (stage_1_and_2.py), beside that micro-batch's compute.
    if (tr.framework == Framework::DeepSpeed && tr.zeroStage <= 2 && !tr.offloadParams) {
        c.streamBytesPerMicroBatch = 2 * owned * gradWidth;
        c.streamS = c.streamBytesPerMicroBatch / link;
    }
    // The gradients are final only in the last micro-batch's backward, which their copy runs beside; the CPU step and
    // the upload of its result follow (ZeRO-Offload's schedule without the one-step delayed update). The parameter
    // stream is prefetched beside each micro-batch's compute.
    const double slowdown = overlapSlowdown(plan.cluster.gpu);
    const long long streamed = tr.offloadParams ? plan.microBatches() : std::max(0LL, plan.microBatches() - 1);
    c.exposedS = overlapCost(c.gradS, lastBackwardS, slowdown) + c.cpuStepS + c.paramS
        + double(streamed) * overlapCost(c.streamS, microBatchComputeS, slowdown);
    return c;
}

} // namespace plait
