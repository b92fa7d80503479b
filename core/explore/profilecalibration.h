#pragma once
// "Calibrate from this profile" (issue 43 C): the rates of the cost model that a job's profile measures, replaced for
// the plan's cluster so that the profiled plan's kernels take the times they took, with the profile named as their
// source. The kernel rates are fitted to the kernels' times alone: what the ones beside a collective lost is the
// overlap slowdown's. A measurement on the cluster outranks the calibration fitted on published runs (DESIGN.md), so
// other plans on this cluster are then predicted with these rates.
#include "collectiverates.h"
#include "jobprofile.h"
#include "kinetoprofile.h"
#include "messagetext.h"
#include "plan.h"
#include "profilelinks.h"

#include <string>
#include <vector>

namespace plait {

// One rate of the cost model as the profile measured it. Times are per step, summed over the measured stages.
struct ProfileRate {
    // cost/ratebasis.h's ids: "gemm_rate" (the sustained share of dense peak, with the fitted gemm_share on top),
    // "attention_rate" (the fused kernel's forward TFLOP/s; backward in afterBackward), "hbm_rate" (GB/s the
    // element-wise kernels stream at; their times without the kernels' fixed costs), "overlap_slowdown" (how much
    // slower compute ran beside a collective than the same kernels alone; its times are those kernels' as measured and
    // as predicted from their runs alone), "kernel_fixed_us" (the fixed cost of each kernel the model counts, µs; its
    // times are the GPU's idle time per step before kernels that waited in the queue, kinetoprofile.h QueuedGaps, and
    // the model's fixed costs)
    std::string id;
    double measuredS = 0, predictedBeforeS = 0, predictedAfterS = 0;
    double before = 0, after = 0;
    double beforeBackward = 0, afterBackward = 0; // attention_rate: the backward pass's TFLOP/s
    bool applied = false;
    Message note; // why it was not applied, or what else it replaced (templates "profilecal:…")
};

// A link class the profile's collectives measured (profilelinks.h): from its all-reduces, recalibrated as a probe's
// sweep recalibrates it (the link's efficiency, measured bus bandwidth over its line rate, and its size curve); from
// its other collectives, their rates.
struct ProfileLink {
    bool acrossNodes = false; // the inter-node fabric, else the intra-node link
    std::string link; // the plan's link it measured
    int ranks = 0, nodes = 0, collectives = 0;
    double largestBytes = 0, busBwGBps = 0; // the largest message, and its transfer's bus bandwidth
    double efficiencyBefore = 0, efficiencyAfter = 0;
    bool applied = false;
    Message note; // why it was not applied
    std::vector<ProfileCollectiveRate> kinds; // all-gather, reduce-scatter, all-to-all, where timed
    bool anyApplied() const;
};

struct ProfileCalibration {
    Plan plan; // the plan with the applied rates (its cluster's GPU carries them and their source)
    std::vector<MeasuredStage> stages;
    std::vector<ProfileRate> rates; // gemm_rate, attention_rate, hbm_rate, overlap_slowdown, kernel_fixed_us
    std::vector<ProfileLink> links; // the link classes its collectives measured
    double measuredStepS = 0, stepBeforeS = 0, stepAfterS = 0;
    std::vector<Message> problems; // why nothing could be calibrated
    bool anyApplied() const;
};

// `source` names the profile ("job profile run-42/, 16 ranks"). Each rate is fitted so that the plan's predicted
// time of its kernel class on the measured stages equals the measured time (a fixed point: a few rounds, since the
// element-wise rate also times memory-bound GEMMs); a rate past its physical bound (the dense peak, the datasheet HBM
// rate) or below a twentieth of the model's is refused and named, since then the profile is not of this plan.
// `links`: the profile's collectives as sweeps per link class, each link recalibrated from its all-reduces as from the
// probe's (planWithMeasuredLinks), then each other collective's rate fitted on the link so recalibrated, over the path
// the plan gives the profiled group; the step after counts them. A rate outside a twentieth to twenty times the
// model's, or a bus bandwidth past the link's line rate, is refused and named.
ProfileCalibration calibrateFromProfile(const Plan& plan, const std::vector<MeasuredStage>& measured,
    const std::string& source, const std::vector<ProfileLinkSweep>& links = {});

} // namespace plait
