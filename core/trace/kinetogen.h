#pragma once

#include <nlohmann/json.hpp>

#include <vector>

namespace plait {

// A data-parallel job's profile as PyTorch's profiler (Kineto) writes it, one document per rank, with what the tests
// need to know planted in it (issue 43 D): each rank's clock skew, one straggler rank whose compute runs slower, and
// idle time before each step's first kernel. Per step every rank runs `kernelsPerStep` kernels (every fourth
// attention's, the rest GEMMs; the first half launched by the training loop's thread, the forward pass, the second by
// the autograd engine's, the backward), then one all-reduce of the gradients that ends on every rank when the last
// one has arrived plus `allReduceUs`.
struct GeneratedJob {
    int ranks = 8;
    int steps = 3;
    int kernelsPerStep = 8;
    double kernelUs = 1000; // one GEMM kernel on a rank that is not the straggler
    double allReduceUs = 300; // the all-reduce once every member has arrived
    double idleUs = 200; // before each step's first kernel: the data loader, the optimizer's host work
    std::vector<double> clockSkewUs; // per rank: its clock reads the true time plus this (missing ranks: 0)
    int stragglerRank = -1;
    double stragglerSlowdown = 1; // its kernels take this much longer
    double startUs = 1.7e12; // true time of the first step (Kineto writes µs since the epoch)
};

// Rank `rank`'s trace: "distributedInfo" (rank, world size, the default process group), "deviceProperties",
// ProfilerStep#N spans on the host, the kernels' launches (cudaLaunchKernel with its correlation id), the kernels and
// NCCL all-reduce kernels with the arguments Kineto records
// ("Collective name", "Process Group Name", "Process Group Ranks", "In msg nelems", ...).
nlohmann::json kinetoRankTrace(const GeneratedJob& job, int rank);

} // namespace plait
