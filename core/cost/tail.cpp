#include "tail.h"

#include "gemm.h"
#include "overlap.h"

#include <algorithm>

namespace plait {

double optimizerStepTime(double params, double shard, double gradShard, const StateBytes& bytes, const GpuSpec& gpu)
{
    const double update = params / shard * (bytes.optimizer * 2 + bytes.grads + bytes.weights);
    const double norm = params / shard * bytes.grads;
    const double zero = params / gradShard * bytes.grads;
    const double unscale = bytes.lossScaling ? 2 * params / shard * bytes.grads : 0;
    return memoryTime(update + norm + zero + unscale, gpu);
}

double lastGradientBucket(double reduceSeconds, double params)
{
    return reduceSeconds * std::min(1.0, 40e6 / std::max(params, 1.0));
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

DataParallelTail dataParallelTail(
    const Plan& plan, double params, const GroupPath* path, const StateBytes& bytes, const TailWindows& windows)
{
    const TrainingSpec& tr = plan.training;
    const ParallelSpec& par = plan.parallel;
    DataParallelTail t;
    const double shard = tr.zeroStage >= 1 ? par.dp * par.cp : 1;
    t.optimizerS = optimizerStepTime(params, shard, tr.zeroStage >= 2 ? shard : 1, bytes, plan.cluster.gpu);
    if (!path || par.dp * par.cp <= 1 || tr.zeroStage >= 3)
        return t;
    t.reduces = true;
    t.gradBytes = params * bytes.grads;
    if (tr.zeroStage == 0) {
        t.grad = collectiveTime(CollectiveKind::AllReduce, t.gradBytes, *path);
    } else {
        t.paramBytes = params * bytes.weights;
        t.grad = collectiveTime(CollectiveKind::ReduceScatter, t.gradBytes, *path);
        t.param = collectiveTime(CollectiveKind::AllGather, t.paramBytes, *path);
    }
    // Buckets reduce beside the last backward by the overlap rule; the last one waits for it to end.
    const double lastBucket = lastGradientBucket(t.grad.seconds, params);
    t.gradExposedS = tr.overlapGradReduce
        ? lastBucket + overlapCost(t.grad.seconds - lastBucket, windows.lastBackwardS, windows.slowdown)
        : t.grad.seconds;
    // The weight gather, overlapped, runs beside the first micro-batch's forward; its first bucket waits.
    const double firstBucket = lastGradientBucket(t.param.seconds, params);
    t.paramExposedS = weightGatherOverlapsForward(tr)
        ? firstBucket + overlapCost(t.param.seconds - firstBucket, windows.firstForwardS, windows.slowdown)
        : t.param.seconds;
    return t;
}

} // namespace plait
