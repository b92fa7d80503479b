#pragma once

#include "catalog.h"

namespace plait {

struct GemmShape {
    double m = 0, n = 0, k = 0;
    double batch = 1;
    double flops() const { return 2.0 * m * n * k * batch; }
};

// Time of one GEMM from its shape, not from one efficiency constant:
//  - compute: the output is cut into 128×128 tiles; tiles run in waves of one tile per SM, so a partial last
//    wave and partial edge tiles waste SM time (tile and wave quantization, NVIDIA "Matrix Multiplication
//    Background User's Guide"). Each full tile runs at the GPU's best measured GEMM rate per SM
//    (catalog gemm_max_efficiency × dense peak / SMs).
//  - memory: reading A and B and writing C once at HBM bandwidth (roofline).
// The larger of the two is the time. A small hidden size split 8 ways gives few, thin tiles and so a lower
// efficiency than the same GEMM unsplit.
// A shape the GPU's probe run timed (catalog.h MeasuredGemm) takes that time instead.
struct GemmTime {
    double seconds = 0;
    double flops = 0;
    bool memoryBound = false;
    bool measured = false;
};

GemmTime gemmTime(const GemmShape& s, const GpuSpec& gpu, double peakTflops, double bytesPerElement);

// The measured time of this shape on this GPU, when a probe run timed it at this precision; null otherwise.
const MeasuredGemm* measuredGemm(const GemmShape& s, const GpuSpec& gpu, double peakTflops, double bytesPerElement);

// Time to stream `bytes` through HBM once (element-wise kernels, optimizer step).
double memoryTime(double bytes, const GpuSpec& gpu);

// Efficiency the compute side reaches per SM; falls back to 1 (peak) when the catalog has no measurement,
// which makes every compute time a lower bound (the evaluation warns about it).
double gemmRate(const GpuSpec& gpu, double peakTflops);

} // namespace plait
