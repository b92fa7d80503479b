#pragma once

#include "chrometrace.h"
#include "error.h"
#include "rankclocks.h"

#include <string>
#include <string_view>
#include <vector>

namespace plait {

// One training step as the profiler marked it (ProfilerStep#N), on the rank's own clock.
struct ProfileStep {
    int number = 0;
    double startUs = 0, endUs = 0;
};

// What a job's profile needs of one rank's PyTorch profiler (Kineto) trace, and no more (issue 43): who the rank is,
// its steps, its collective kernels for aligning clocks, and the intervals its GPU computed. A streaming read keeps
// none of the other events, so 64 ranks of 100 MB are summaries of a few MB each.
struct RankProfile {
    int rank = -1, worldSize = 0;
    std::vector<ProfileStep> steps;
    RankCollectives collectives;
    // Non-NCCL kernels merged across streams into busy intervals, on the rank's clock, sorted.
    std::vector<std::pair<double, double>> computeUs;
    std::size_t events = 0;
    std::vector<std::string> problems; // what was not understood: never fatal
    double computeBusyUs(double fromUs, double toUs) const; // GPU computing within [from, to)
};

// The collective an NCCL kernel runs, from its name, for profiles whose kernels carry no "Collective name" argument
// (Kineto before 2024): "allreduce" for "ncclKernel_AllReduce_RING_LL_Sum_float(...)" or
// "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(...)", "sendrecv" for point-to-point; empty for a kernel that is not
// NCCL's.
std::string collectiveOfKernelName(const std::string& kernel);

Result<RankProfile> readKinetoProfile(std::string_view text, const TraceReadOptions& options = {});
Result<RankProfile> readKinetoProfileFile(const std::string& path, const TraceReadOptions& options = {});

} // namespace plait
