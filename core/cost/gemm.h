#pragma once

#include "catalog.h"

namespace plait {

struct GemmShape {
    double m = 0, n = 0, k = 0;
    double batch = 1;
    // Bytes per output element moved when the GEMM accumulates into its output (read and written): Megatron-LM's
    // weight-gradient GEMMs add into the fp32 main_grad (gradient_accumulation_fusion, 4 + 4 B). 0: the output is
    // written once at the operands' width.
    double accumulateBytes = 0;
    // Bytes per element of A and B when they are narrower than the output (FP8, FP4 operands with their scales); 0:
    // the operands' width is the output's.
    double operandBytes = 0;
    double flops() const { return 2.0 * m * n * k * batch; }
};

// Time of one GEMM from its shape, not from one efficiency constant:
//  - compute: the output is cut into cuBLAS's 256×128 (or 128×256) tiles; tiles run in waves of one tile per SM, so a
//  partial last
//    wave and partial edge tiles waste SM time (tile and wave quantization, NVIDIA "Matrix Multiplication
//    Background User's Guide"). Each full tile runs at the GPU's sustained GEMM rate
//    per SM (gemmEfficiency × dense peak / SMs): with the GPU at its power limit, as in a training step, not
//    the short-burst best.
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

// `rateScale`: the main loop's rate over a plain GEMM's at this peak (a recipe's scaling overhead, lowprecision.h).
GemmTime gemmTime(
    const GemmShape& s, const GpuSpec& gpu, double peakTflops, double bytesPerElement, double rateScale = 1);

// The measured time of this shape on this GPU, when a probe run timed it at this precision; null otherwise.
const MeasuredGemm* measuredGemm(const GemmShape& s, const GpuSpec& gpu, double peakTflops, double bytesPerElement);

// Time to stream `bytes` through HBM once (element-wise kernels, optimizer step), at the measured achievable rate
// where the GPU has one, else the datasheet's.
double memoryTime(double bytes, const GpuSpec& gpu);
double hbmRateGBps(const GpuSpec& gpu); // the rate memoryTime streams at

// The share of dense peak a large GEMM sustains at this precision (peakTflops names it: the GPU's FP8 peak or
// another): the sustained (power-limited) figure where the catalog or a probe run has one, else the short-burst
// best, else 1 (the datasheet peak). The last two make compute times a lower bound; the evaluation says so.
double gemmEfficiency(const GpuSpec& gpu, double peakTflops);
// Whether gemmEfficiency had a sustained figure for this precision.
bool hasSustainedRate(const GpuSpec& gpu, double peakTflops);
// The fastest any GEMM can run, as a share of peak: the burst best or the sustained rate, whichever is higher;
// 1 when neither is known. No hardware FLOP rate can pass it.
double gemmCeiling(const GpuSpec& gpu);
double gemmRate(const GpuSpec& gpu, double peakTflops); // FLOP/s: peak × gemmEfficiency
// The 16-bit sustained rate over the short-burst best, at most 1; 1 when either is unknown: what a short benchmark at
// the boost clock (a burst GEMM, a published attention kernel) keeps in a training step at the power limit.
double sustainedToBurst(const GpuSpec& gpu);

} // namespace plait
