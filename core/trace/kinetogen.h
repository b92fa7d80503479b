#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace plait {

// A data-parallel job's profile as PyTorch's profiler (Kineto) writes it, one document per rank, with what the tests
// need to know planted in it (issue 43 D): each rank's clock skew, one straggler rank whose compute runs slower, and
// idle time before each step's first kernel. Per step every rank runs `kernelsPerStep` kernels (every fourth
// attention's, the rest GEMMs; the first half launched by the training loop's thread, the forward pass, the second by
// the autograd engine's, the backward), then one all-reduce of the gradients that ends on every rank when the last
// one has arrived plus `allReduceUs`.
// A kernel a generated step runs: its name (which says its class, kinetoprofile.h kernelClassOfName), its time on a
// rank that is not the straggler, and whether the autograd engine's thread launched it (the backward pass).
struct GeneratedKernel {
    std::string name;
    double us = 0;
    bool backward = false;
};

struct GeneratedJob {
    int ranks = 8;
    int steps = 3;
    int kernelsPerStep = 8;
    double kernelUs = 1000; // one GEMM kernel on a rank that is not the straggler
    double allReduceUs = 300; // the all-reduce once every member has arrived
    long long allReduceElements = 25'000'000; // its bf16 elements: a 50 MB gradient bucket
    // What the step's last collective is, as Kineto's "Collective name" says: "allreduce", "_allgather_base" (its
    // elements the gathered buffer's) or "_reduce_scatter_base" (the buffer before scattering).
    std::string collective = "allreduce";
    double idleUs = 200; // before each step's first kernel: the data loader, the optimizer's host work
    std::vector<double> clockSkewUs; // per rank: its clock reads the true time plus this (missing ranks: 0)
    int stragglerRank = -1;
    double stragglerSlowdown = 1; // its kernels take this much longer
    double startUs = 1.7e12; // true time of the first step (Kineto writes µs since the epoch)
    std::vector<GeneratedKernel> stepKernels; // when not empty, each step's kernels instead of the mix above
    // The last `overlappedKernels` kernels of each step run beside a gradient bucket's all-reduce, which lasts from the
    // first of them until the slowest rank's last one ends (its size not recorded, so it times no link), and each takes
    // `overlapSlowdown` longer than alone.
    int overlappedKernels = 0;
    double overlapSlowdown = 0;
    // The GPU idle between one kernel of a step and the next, each launched before the one ahead of it started (so it
    // waited in the queue): a kernel's fixed cost, as a profile measures it (kinetoprofile.h QueuedGaps).
    double launchGapUs = 0;
    // How far apart the ranks' kernels of one collective end: NCCL's kernels of one all-reduce finish within
    // microseconds of each other, not at once. Rank r's ends this much times a fixed spread in [−1, 1] late at each
    // step, so an alignment on these ends is left with a residual (0: all end together).
    double collectiveEndJitterUs = 0;
};

// Rank `rank`'s trace: "distributedInfo" (rank, world size, the default process group), "deviceProperties",
// ProfilerStep#N spans on the host, the kernels' launches (cudaLaunchKernel with its correlation id), the kernels and
// NCCL all-reduce kernels with the arguments Kineto records
// ("Collective name", "Process Group Name", "Process Group Ranks", "In msg nelems", ...).
nlohmann::json kinetoRankTrace(const GeneratedJob& job, int rank);

// A pipeline-parallel job's profile (issue 43 D: a known bubble): `stages` stages of ranks / stages data-parallel
// ranks each (rank = dp + DP · stage, Megatron's order with TP 1) under GPipe's schedule, every micro-batch's forward
// through the stages, then every backward back (Huang et al. 2019). One forward takes `forwardUs` on a stage, one
// backward `backwardUs`, a send between stages `sendUs` (a send/recv kernel on both ends), then each stage's ranks
// all-reduce over their own group ("dp<stage>") and every rank the gradient norm over its stages ("mp<dp rank>",
// which ends when the last stage arrives). With no send time every stage idles (S − 1)(f + b) of the
// (M + S − 1)(f + b) the pipeline takes: GPipe's bubble, (S − 1) / (M + S − 1).
struct GeneratedPipeline {
    int ranks = 8;
    int stages = 4;
    int microBatches = 8;
    int steps = 2;
    double forwardUs = 1000, backwardUs = 2000, sendUs = 0, allReduceUs = 300;
    std::vector<double> clockSkewUs; // per rank, as in GeneratedJob
    double startUs = 1.7e12;
};
nlohmann::json kinetoPipelineRankTrace(const GeneratedPipeline& job, int rank);

} // namespace plait
