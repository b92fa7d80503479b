#pragma once
// One rule for every transfer that runs beside compute: ZeRO-3 prefetch, the CP exchange, DP gradient buckets, TP
// overlap and the sequence-parallel re-gather. NCCL's kernels take SMs and HBM bandwidth from the compute they
// overlap, which runs slower by a factor s meanwhile; what the compute window cannot hide is exposed:
//     added time = max(0, comm − window) + s · min(comm, window)
#include "catalog.h"

namespace plait {

// The mean slowdown of compute overlapped with communication measured on A100, H100, MI250 and MI210 (Lee et al.
// 2025, "Characterizing Compute-Communication Overlap in GPU-Accelerated Distributed Deep Learning", arXiv
// 2507.03114: 18.9% on average, 40.0% at most), used until the probe measures the GPU.
inline constexpr double kPublishedOverlapSlowdown = 0.189;

// s for this GPU: the probe's measurement (a GEMM beside an all-reduce) when calibrated, else the published mean.
double overlapSlowdown(const GpuSpec& gpu);

// The time a transfer of `comm` seconds adds to compute of `window` seconds it runs beside.
double overlapCost(double comm, double window, double slowdown);

} // namespace plait
