#pragma once

#include "messagetext.h"

#include <string>
#include <vector>

namespace plait {

// One NCCL collective kernel as one rank's profile shows it (issue 43): the process group it ran on, its place among
// that group's collectives on this rank (every member issues a group's collectives in the same order, so the n-th on
// each member is one collective), what it was, and when its kernel started and ended on the rank's own clock.
struct CollectiveKernel {
    std::string group;
    int sequence = 0;
    std::string collective; // "allreduce", "allgather", ...
    double startUs = 0, endUs = 0;
    // What the profiler recorded of its message (Kineto's larger of "In msg nelems" and "Out msg nelems" × "dtype",
    // nccl-tests' S, and "Group size"); 0 where not.
    double bytes = 0;
    int groupSize = 0;
};

struct RankCollectives {
    int rank = 0;
    std::vector<CollectiveKernel> kernels;
};

// Clocks aligned on the collectives ranks share. The kernels of one collective end together (NCCL's last step
// completes on every member within a link latency), so each rank's offset is the one that makes its ends agree with
// the others': a robust fit (medians, so a few collectives cut short by the profiler's window do not pull it) with
// the first rank's clock as the reference.
// One member of a collective: the index of its rank in the order given, and of its kernel in that rank's list.
struct CollectiveMember {
    std::size_t rank = 0, kernel = 0;
};

struct ClockAlignment {
    std::vector<std::vector<CollectiveMember>> collectives; // those two or more ranks share, as the fit used them
    std::vector<double> offsetUs; // per rank, in the order given: add to that rank's times
    std::vector<double> residualUs; // per rank: median |aligned end − the collective's end| over its shared ones
    std::vector<int> sharedCollectives; // per rank: collectives it shares with at least one other rank
    double worstResidualUs = 0;
    std::vector<Message> problems; // ranks left on their own clock, collectives that do not match
};
ClockAlignment alignRankClocks(const std::vector<RankCollectives>& ranks);

// Who the others waited for. A collective cannot finish before its last member arrives, and a member arrives when its
// kernel starts (aligned), so the last to start is the one the rest waited on; the wait it caused is its start less
// each other member's start. Per rank, in the order given. `stageOf` (per rank in that order, −1 where not known)
// leaves out collectives whose members are on different pipeline stages: there the last to arrive is the stage the
// schedule finishes last, not a slow rank.
struct CollectiveWaits {
    std::vector<int> lastToArrive; // collectives this rank was the last member of
    std::vector<double> causedWaitUs; // the others' waiting time it caused, summed
    std::vector<double> waitedUs; // its own waiting time inside collectives, summed
};
CollectiveWaits collectiveWaits(
    const std::vector<RankCollectives>& ranks, const ClockAlignment& alignment, const std::vector<int>& stageOf = {});

} // namespace plait
