#pragma once
// What the search ranks its candidates by before it evaluates them: the fastest path each kind of group can have
// under the default placement, and a step time no evaluation of the shape can beat. Shares layerOps, chunkOps and
// dataParallelTail with the evaluation (evaluate/stagecost.h, cost/tail.h), so the bound cannot drift from it.
#include "groups.h"
#include "layercost.h"
#include "plan.h"

namespace plait {

// The fastest paths of a candidate's TP, CP, EP and gradient (DP × CP) groups.
struct FastestPaths {
    GroupPath tp, cp, ep, grad, etp;
};
FastestPaths fastestPaths(const ClusterSpec& cluster, const ParallelSpec& par);

// A step time no evaluation of this shape can beat, from what every stage s must do in order: its first forward
// waits for the forwards of the stages before it; it then runs all its work (m micro-batches); after its last
// backward the gradient still flows back through the stages before it (one chunk's worth each when interleaved;
// for ZB-H1, input gradients only, then stage 0's last weight pass; weight passes may be deferred, so there the bound
// also takes the start plus all the work). For uniform stages this is the familiar fill and drain: (p−1)·(F+B) for
// GPipe and 1F1B, divided by v interleaved. The step then adds what stages spend after the pipeline: gradient
// reduction (at least its last bucket when overlapped), the ZeRO 1–2 weight gather, the tied embedding gradient's
// all-reduce on the first and last stages, and the optimizer step.
// Work is the layers' compute and recomputation, the embedding on the first stage and the output layer on the
// last (which dominate a model of few layers and a large vocabulary), and the in-layer collectives (TP; what CP,
// EP and ZeRO-3 traffic adds beyond the compute it hides under) timed on the fastest path their groups can have;
// p2p transfers are left out, so it stays below the evaluation (tst_search checks it against every candidate of
// several examples, evaluated in full).
double pipelineLowerBound(
    const Plan& plan, const LayerCost& lc, const LayerCost* dense, int m, const FastestPaths& paths);

} // namespace plait
