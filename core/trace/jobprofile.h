#pragma once

#include "kinetoprofile.h"
#include "rankclocks.h"

#include <string>
#include <vector>

namespace plait {

// A job's profile read rank by rank, put on one clock, with the rank that set the pace named (issue 43).
struct RankFigures {
    int rank = -1;
    int steps = 0;
    double stepMeanUs = 0; // ProfilerStep#N durations
    double computeMeanUs = 0; // GPU computing per step
    double computeStepSpreadUs = 0; // how much that varies from one of its steps to the next (standard deviation)
    int lastToArrive = 0, sharedCollectives = 0;
    double causedWaitUs = 0, waitedUs = 0;
};

struct JobProfile {
    ClockAlignment alignment;
    std::vector<RankFigures> ranks; // in the order given
    double medianComputeUs = 0;
    double computeRankSpreadUs = 0; // how much the ranks' compute differs from the median (median absolute deviation)
    int stragglerIndex = -1; // into ranks; −1 when no rank made the others wait
    // Whether the straggler's kernels took longer than the median rank's by more than its own steps vary and more
    // than the ranks differ: a slow GPU. When not, what held it back was not its kernels (a stage the schedule
    // finishes last, host-side work the profile shows as idle), and nothing points at its GPU.
    bool stragglerKernelsSlower = false;
    std::vector<Message> problems; // each rank's reading problems, the alignment's, ranks missing or repeated
};

// Where a rank ran in the plan: its pipeline stage, node and the cluster's GPU (−1 when the plan does not say).
struct RankPlace {
    int stage = -1, node = -1;
    int gpu = -1;
};

// `places` (by rank number; empty when there is no plan): the straggler is then sought only among ranks of one stage.
JobProfile summarizeJob(const std::vector<RankProfile>& ranks, const std::vector<RankPlace>& places = {});

// Each collective kernel's wait for its last member, on the aligned clocks, added to the step it started in
// (StepBreakdown's CollectiveTime::waitUs): the last to start is the one the others waited on (rankclocks.h), and the
// rest of a kernel's time is the transfer. `alignment` of these ranks in this order.
void addCollectiveWaits(std::vector<RankProfile>& ranks, const ClockAlignment& alignment);

// One pipeline stage's step as the profile measured it: each rank's mean over its steps, then the median over the
// stage's ranks (a straggler does not set the stage's figures). Kernel classes as StepBreakdown counts them.
struct MeasuredStage {
    int stage = 0;
    int ranks = 0; // of the profile's ranks, those on this stage
    double gemmUs = 0, attentionFwdUs = 0, attentionBwdUs = 0, otherUs = 0;
    bool attentionSplit = false; // some attention kernel was named for the backward pass, so the passes are known
    std::vector<CollectiveTime> collectives; // by collective as the profile names them; a rank without one counts 0
    BesideComm beside[3]; // by KernelClass: compute kernels beside communication, and the same kernels alone
    double computeKernels = 0; // per step
    QueuedGaps queued; // per step: the GPU idle before a kernel that waited in the queue (StepBreakdown)
    double idleUs = 0;
    double stepUs = 0;
};
// `places` by rank number (rankPlaces); ranks without a stage or a step are left out; stages without a rank are
// absent.
std::vector<MeasuredStage> measuredStages(const std::vector<RankProfile>& ranks, const std::vector<RankPlace>& places);

} // namespace plait
