#pragma once

#include "evaluation.h"
#include "opspans.h"
#include "plan.h"
#include "timeline.h"

#include <string>
#include <vector>

namespace plait {

// The simulated step of an evaluated plan as a timeline: one lane per pipeline stage (grouped under the node of
// its first GPU), each followed by thin lanes for the transfers it sends (one per virtual-stage boundary and
// direction, so no two overlap), DP gradient reduction and the optimizer step after the pipeline, and a flow
// from every transfer to the op that waited for it.
Timeline predictedTimeline(const Evaluation& ev, const Plan& plan);

// The same plan under each pipeline schedule, for teaching: GPipe, 1F1B, interleaved, ZB-H1, ZB-V, DualPipeV and
// DualPipe.
struct ScheduleStudy {
    Schedule schedule = Schedule::OneFOneB;
    int chunks = 1; // model chunks per GPU (v of the interleaved schedule; 2 for the V-shaped ones and DualPipe)
    bool valid = false;
    std::string problem; // why the schedule cannot run this plan, when not valid
    double stepS = 0, bubbleFraction = 0;
    double peakActivationBytes = 0; // per GPU, on the stage that holds the most
    double peakBytes = 0; // all of the memory of the fullest GPU (DualPipe's two copies of the weights show here)
    int peakInFlight = 0; // micro-batch chunks held at once on that stage
    Timeline timeline;
};
// Interleaved uses the plan's own v when it has one, else 2.
std::vector<ScheduleStudy> studySchedules(const Plan& plan);

} // namespace plait
