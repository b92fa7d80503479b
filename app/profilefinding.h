#pragma once
// What a job's profile says of the rank the others waited for, in the user's language: the window's status line and
// node outline, and `plait render --view topology --profile`, say the same.
#include "jobprofile.h"

#include <QString>

#include <optional>
#include <vector>

namespace plait::app {

struct ProfileFinding {
    QString text; // "Straggler: rank 5 …" or "Last to arrive: rank 0 …, but its kernels are not slower …"
    int node = -1; // the node to outline: a slow GPU's (its kernels slower), where `places` puts its rank; else −1
    int gpu = -1; // that GPU, by the cluster's index, to frame inside it; else −1
};

// Nothing when no rank made the others wait. `places` by rank number, as the profile was laid out (empty: not placed).
std::optional<ProfileFinding> profileFinding(const JobProfile& job, const std::vector<RankPlace>& places);

} // namespace plait::app
