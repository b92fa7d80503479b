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
    double paramStream = 0;
    if (tr.offloadParams) {
        // The parameters stream in for every micro-batch's forward and backward: this GPU's shard each time (ZeRO-3
        // then gathers the layer across the ranks, as without offload).
        const double resident = params / std::max(1, par.dp * par.cp);
        paramStream = 2 * resident * bytes.weights;
        perGpu += resident * bytes.weights;
    }
    c.hostBytesPerNode = perGpu * plan.cluster.gpusPerNode;
    // Gradient accumulation on the host, every micro-batch but the last (whose copy is gradS): DeepSpeed's ZeRO-1/2
    // offload copies the accumulated gradients up and back down (stage_1_and_2.py); its ZeRO-3 (stage3.py) and FSDP's
    // CPU offload copy each micro-batch's shard down and add it there. Megatron-Core accumulates on the GPU.
    double accumulate = 0;
    if (tr.framework == Framework::DeepSpeed)
        accumulate = (tr.zeroStage <= 2 ? 2 : 1) * owned * gradWidth;
    else if (tr.framework == Framework::Fsdp)
        accumulate = owned * gradWidth;
    const long long m = std::max(1LL, plan.microBatches());
    c.streamBytesPerMicroBatch = paramStream + (m > 1 ? accumulate : 0);
    c.streamS = c.streamBytesPerMicroBatch / link;
    // The gradients are final only in the last micro-batch's backward, which their copy runs beside; the CPU step and
    // the upload of its result follow (ZeRO-Offload's schedule without the one-step delayed update). The
    // per-micro-batch copies are prefetched or issued beside that micro-batch's compute.
    const double slowdown = overlapSlowdown(plan.cluster.gpu);
    c.exposedS = overlapCost(c.gradS, lastBackwardS, slowdown) + c.cpuStepS + c.paramS
        + double(m - 1) * overlapCost((paramStream + accumulate) / link, microBatchComputeS, slowdown)
        + overlapCost(paramStream / link, microBatchComputeS, slowdown);
    return c;
}

} // namespace plait
