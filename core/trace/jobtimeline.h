#pragma once

#include "jobprofile.h"
#include "timeline.h"

#include <string>
#include <vector>

namespace plait {

// A job's profile as one measured timeline (issue 43 B): a lane per rank, on the clock the alignment fitted, grouped
// by pipeline stage (and named with the node) where `places` (by rank number) says; each lane the last step's
// compute kernels by pass, its collectives and its send/recv. Time 0 is the earliest rank's start of that step.
// Ranks whose last step is another one are named in `problems`.
struct JobTimeline {
    Timeline timeline;
    int step = -1; // ProfilerStep#N drawn
    std::vector<Message> problems;
};
JobTimeline jobTimeline(
    const std::vector<RankProfile>& ranks, const JobProfile& job, const std::vector<RankPlace>& places = {});

} // namespace plait
