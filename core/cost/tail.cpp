#include "tail.h"

#include "gemm.h"
#include "overlap.h"
#include "params.h"

#include <algorithm>
#include <cmath>

namespace plait {

double optimizerStepTime(
    double params, double shard, double gradShard, const StateBytes& bytes, const GpuSpec& gpu, double hbmShare)
{
    const double update = params / shard * (bytes.optimizer * 2 + bytes.grads + bytes.weights);
    const double norm = params / shard * bytes.grads;
    const double zero = params / gradShard * bytes.grads;
    const double unscale = bytes.lossScaling ? 2 * params / shard * bytes.grads : 0;
    return memoryTime(update + norm + zero + unscale, gpu) / hbmShare;
}

double gradientBucketParams(const Plan& plan, double params)
{
    const TrainingSpec& tr = plan.training;
    const ParallelSpec& par = plan.parallel;
    if (tr.framework == Framework::Megatron && !tr.overlapGradReduce)
        return std::max(params, 1.0);
    double bucket = tr.bucketSize;
    if (bucket <= 0) {
        switch (tr.framework) {
        case Framework::Megatron:
            bucket = std::max(40e6, 1e6 * par.dp * par.cp);
            break;
        case Framework::DeepSpeed:
            bucket = 5e8;
            break;
        case Framework::Fsdp:
            bucket = stageParams(plan.model, 1, false, false, par.pp, par.tp, par.expertShard()).total();
            break;
        }
    }
    return std::clamp(bucket, 1.0, std::max(params, 1.0));
}

bool weightGatherOverlapsForward(const TrainingSpec& t)
{
    return t.zeroStage >= 1 && t.zeroStage <= 2
        && (t.overlapParamGather || (t.framework == Framework::Fsdp && t.zeroStage == 2));
}

double tiedEmbeddingBytes(const Plan& plan, const StateBytes& bytes)
{
    return double(plan.model.vocab) * double(plan.model.hidden) / plan.parallel.tp * bytes.grads;
}

CollectiveCost tiedEmbeddingReduce(const Plan& plan, GroupPath pair, const StateBytes& bytes)
{
    pair.ranks = 2;
    return collectiveTime(CollectiveKind::AllReduce, tiedEmbeddingBytes(plan, bytes), pair);
}

DataParallelTail dataParallelTail(const Plan& plan, double params, const GroupPath* path, const StateBytes& bytes,
    const TailWindows& windows, double expertParams)
{
    const TrainingSpec& tr = plan.training;
    const ParallelSpec& par = plan.parallel;
    DataParallelTail t;
    const double shard = tr.zeroStage >= 1 ? par.dp * par.cp : 1;
    const double dense = params - expertParams;
    const double expertShard = tr.zeroStage >= 1 ? par.expertDp() : 1;
    t.offload = offloadCost(
        plan, params, expertParams, bytes, windows.lastBackwardS, windows.firstForwardS + windows.lastBackwardS);
    t.optimizerS = t.offload.active ? t.offload.exposedS
                                    : optimizerStepTime(dense, shard, tr.zeroStage >= 2 ? shard : 1, bytes,
                                          plan.cluster.gpu, plan.cluster.calibration.hbmShare)
            + optimizerStepTime(expertParams, expertShard, tr.zeroStage >= 2 ? expertShard : 1, bytes, plan.cluster.gpu,
                plan.cluster.calibration.hbmShare);
    if (!path || par.dp * par.cp <= 1 || tr.zeroStage >= 3)
        return t;
    t.reduces = true;
    t.buckets = std::max(1LL, (long long)std::ceil(params / gradientBucketParams(plan, params) - 1e-9));
    const double perBucket = params / t.buckets;
    t.gradBytes = perBucket * bytes.grads;
    if (tr.zeroStage == 0) {
        t.grad = collectiveTime(CollectiveKind::AllReduce, t.gradBytes, *path);
    } else {
        t.paramBytes = perBucket * bytes.weights;
        t.grad = collectiveTime(CollectiveKind::ReduceScatter, t.gradBytes, *path);
        t.param = collectiveTime(CollectiveKind::AllGather, t.paramBytes, *path);
    }
    const double earlier = double(t.buckets - 1); // the buckets that can overlap
    t.gradExposedS = tr.overlapGradReduce
        ? t.grad.seconds + overlapCost(earlier * t.grad.seconds, windows.lastBackwardS, windows.slowdown)
        : double(t.buckets) * t.grad.seconds;
    t.paramExposedS = weightGatherOverlapsForward(tr)
        ? t.param.seconds + overlapCost(earlier * t.param.seconds, windows.firstForwardS, windows.slowdown)
        : double(t.buckets) * t.param.seconds;
    return t;
}

} // namespace plait
