#pragma once
// The communication breakdown: one item per collective family and dimension, per step (evaluation.h's CommItem),
// from the stages' in-layer collectives, the pipeline's transfers and the data-parallel tail.
#include "evaluation.h"
#include "stagecomm.h"

namespace plait {

// One collective's totals over a step, built up call by call.
struct CommTotals {
    CommItem item;
    void accumulate(const CollectiveCost& c, double calls, double exposedPerCall)
    {
        item.timeS += c.seconds * calls;
        item.alphaS += c.alphaS * calls;
        item.bandwidthS += c.bandwidthS * calls;
        item.exposedS += exposedPerCall * calls;
    }
};

// What the communication breakdown is made of: the stages' in-layer collectives, the pipeline's transfers and what
// of them the critical path waits for, and the slowest stage's data-parallel tail (null: none).
struct CommBreakdownInput {
    const Plan& plan;
    const LayerCost& lc;
    const std::vector<StageComm>& sc;
    const PipelineTransfers& p2p;
    const PipelineRoutes& routes;
    double p2pExposed = 0;
    // Of the in-layer collectives' added time, what stays exposed: 1, except where overlapped pairs (DualPipe) hide
    // one micro-batch's under another's compute.
    double inLayerExposedShare = 1;
    // Of the EP all-to-all's, what Megatron-Core's combined 1F1B leaves exposed (1 without it).
    double epExposedShare = 1;
    // The stage whose in-layer collectives are listed: the busiest GPU's, where the shares above were taken.
    int stage = 0;
    const CommTotals* dpGrad = nullptr;
    const CommTotals* dpParam = nullptr;
    const CommTotals* embAllReduce = nullptr;
    const CommTotals* copyReduce = nullptr;
};
// One item per collective family and dimension, per step: on the stage with the most layers for the in-layer
// families, each family's exposed time shared among its items in proportion to their time.
void addCommBreakdown(const CommBreakdownInput& in, Evaluation& ev);

} // namespace plait
