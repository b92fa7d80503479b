#pragma once
// What follows each pipeline stage's part of the step: its data-parallel gradient reduction and parameter gather
// (cost/tail.h), the tied embeddings' all-reduce between the first and the last stage, the gradient sum of
// DualPipe's two copies, the optimizer step, and then the synchronisation of many ranks.
#include "commitems.h"
#include "stagecost.h"

#include <vector>

namespace plait {

// The collectives the communication breakdown lists for the tail: the data-parallel ones of the stage whose tail
// exposes the most (reduces false: no stage reduces after the pipeline), the tied embeddings' and the copies'.
struct StepTail {
    CommTotals dpGrad, dpParam, embAllReduce, copyReduce;
    bool reduces = false;
};

// Fills each stage's dpExposed, optimizer, sync and end (ev.timeline's device ends plus the tail), the host bytes
// and the offload figures of `ev`. `cost` holds each stage's op durations per chunk; `denseLayers`: the model has
// dense first layers.
StepTail addStepTails(const Plan& plan, const GroupSet& groups, const std::vector<StageComm>& sc,
    const std::vector<std::vector<ChunkCost>>& cost, double slowdown, bool denseLayers, Evaluation& ev);

} // namespace plait
