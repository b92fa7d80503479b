#pragma once

#include "messagetext.h"
#include "plan.h"

#include <map>
#include <string>
#include <vector>

namespace plait {

// The process groups a job's profile recorded, held against the plan's rank map (issue 43 A: ranks are placed by
// the trace's distributed info and the plan's rank map, and a mismatch is named). A group of the plan is every rank
// along some of its dimensions (TP, CP, DP, PP) with the others fixed, as Megatron-Core builds its tp, dp, dp-cp,
// tp-pp ... groups; with experts split (EP > 1), also any part of a stage's ranks whose size divides them (expert-,
// expert tensor- and expert data-parallel groups); with PP > 2, also a pipeline's
// first and last stage (Megatron's embedding group). The recorded groups of two or more ranks that are none of these
// are named in one message, with their ranks (the job ran another layout or rank order than the plan's); empty when
// every group is the plan's.
Message groupsNotInPlan(const std::map<std::string, std::vector<int>>& groups, const Plan& plan);

} // namespace plait
