#pragma once

#include "kinetoprofile.h"

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace plait {

// What a profile reader collects of one rank, before its steps are cut and its time broken down: the part both
// readers share (Kineto's JSON, kinetoprofile.h, and Nsight Systems' SQLite export, nsysprofile.h), so the same job
// profiled either way gives the same RankProfile.
struct RawKernel { // a compute kernel as read, before its pass is known
    double startUs = 0, endUs = 0;
    std::int64_t correlation = -1;
    KernelClass kind = KernelClass::Other;
    bool backward = false; // an attention kernel named for the backward pass
    std::uint64_t shape = 0; // its name and launch grid, hashed: runs of one kernel at one shape share it
};
struct KernelLaunch { // on the host: the thread that launched a kernel, when the launch call began and ended
    std::int64_t thread = 0;
    double us = 0, endUs = 0;
};
struct HostSpan { // a range on a host thread
    double startUs = 0, endUs = 0;
    std::int64_t thread = 0;
};

// A launch grid's dimensions folded into one key, one dimension at a time, as both readers record them.
inline std::uint64_t withGridDimension(std::uint64_t key, std::int64_t dimension)
{
    return key * 1000003u + std::uint64_t(dimension) + 1;
}

struct RankEvents {
    RankProfile profile; // rank, world size, steps and collective kernels as read, events, the reader's problems
    std::vector<RawKernel> kernels;
    std::vector<std::pair<double, double>> pointToPoint; // send/recv kernels
    std::vector<std::pair<double, double>> copies; // memcpy and memset on the GPU: busy, though no kernel ran
    std::unordered_map<std::int64_t, KernelLaunch> launches; // by correlation id
    std::vector<HostSpan> optimizerSpans; // Optimizer.step on the host
    std::map<std::int64_t, int> stepThreads; // the threads that mark ProfilerStep#N, and how often
    int unnamedGroup = 0; // collective kernels read without a process group

    // A GPU kernel by its name: NCCL's collectives (on `group`; empty when the profile names none) and
    // point-to-point transfers, or a compute kernel of the class its name says. `collective` as the profile names
    // it, empty to take it from the kernel's name; a collective's message `bytes` and `groupSize` where recorded;
    // `grid` the launch grid's dimensions hashed (0 where not recorded). Other NCCL kernels are left out.
    void addKernel(const std::string& name, std::string collective, const std::string& group, double startUs,
        double endUs, std::int64_t correlation, double bytes = 0, int groupSize = 0, std::uint64_t grid = 0);
    // A range on a host thread, kept when PyTorch's profiler names it a step ("ProfilerStep#N") or the optimizer's
    // ("Optimizer.step…"); whether it was one of those.
    bool addHostRange(const std::string& name, double startUs, double endUs, std::int64_t thread);
};

// The profile put together: steps sorted (taken between Optimizer.step ends where no ProfilerStep#N marks them),
// collectives numbered per group, compute merged into busy intervals, each step's breakdown and the last step's
// kernels with their passes. Adds the problems every reader has: unnamed groups, no steps.
RankProfile finishRankProfile(RankEvents events);

} // namespace plait
