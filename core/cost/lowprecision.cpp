#include "lowprecision.h"

#include "layercost.h"

namespace plait {

namespace {
// Scale bytes per element: one FP32 scale per 128 (blockwise 1×128; its 128×128 weight blocks need far fewer), one
// E8M0 byte per 32 (MXFP8), one E4M3 byte per 16 (NVFP4; its per-tensor FP32 scale is negligible).
constexpr double kBlockwiseScale = 4.0 / 128, kMxScale = 1.0 / 32, kNvfp4Scale = 1.0 / 16;

// GEMM kernels' rates relative to a 16-bit GEMM's share of its own peak, from Transformer Engine's GEMM benchmark
// (docs/examples/gemm_profiling/gemm_profiling.rst: a 5B config's 12 per-layer GEMMs, M = 15,872, inputs quantized
// beforehand): FP8 per-tensor runs 1.90× BF16 on H200 NVL and 1.92× on B300 where the peaks are 2× apart (0.95,
// 0.96: take 0.95); MXFP8 1.83× on B300 (0.915); NVFP4 3.48× where B300's FP4 peak is 6× its 16-bit one (0.58). A
// GPU whose catalog entry measures its own NVFP4 share (GpuSpec::nvfp4GemmShare: the B200 die) takes that instead.
constexpr double kFp8TensorShare = 0.95, kMxfp8Share = 0.915, kNvfp4Share = 0.58;
// Hopper has no block-scaled tensor cores: its blockwise GEMM promotes partial sums on CUDA cores every 128
// K-elements (DeepSeek-V3 §3.3.2). The same benchmark, with quantization, on H200: block scaling 22.882 ms per
// layer, current scaling 20.285 ms of which 3.5 ms is quantization (16.785 ms pre-quantized). Block scaling's
// quantization moves 3.03 B per element per GEMM operand where current scaling's moves 5 B (the benchmark quantizes
// each GEMM's operands apart: LinearRecipe::quantizeOnceBytes), so about 2.1 ms, leaving 20.8 ms of GEMM: 0.81 of
// the per-tensor kernels' rate.
constexpr double kHopperBlockwiseRate = 0.81;
}

std::string nvfp4GemmShareSource(const GpuSpec& gpu)
{
    return gpu.nvfp4GemmShare > 0
        ? gpu.nvfp4GemmSource
        : "Transformer Engine's GEMM benchmark on B300 (docs/examples/gemm_profiling): 3.48x BF16 where the FP4 peak "
          "is 6x";
}

double primaryWeightBytes(const TrainingSpec& t)
{
    if (t.precision == Precision::FP32)
        return 4;
    return t.fp8ParamGather && t.precision == Precision::FP8 ? 1 : 2;
}

LinearRecipe linearRecipe(const Plan& plan)
{
    const TrainingSpec& t = plan.training;
    const GpuSpec& gpu = plan.cluster.gpu;
    LinearRecipe r;
    r.peakTflops = peakTflops(plan);
    r.operandBytes = bytesPerElement(plan);
    r.savedInputBytes = r.operandBytes;
    r.gatherBytes = r.gradGatherBytes = r.operandBytes;
    if (t.precision != Precision::FP8 && t.precision != Precision::FP4)
        return r;
    r.lowPrecision = true;
    // Transformer Engine keeps each linear's quantized input for the backward, and under Megatron-LM its weights'
    // quantized copies through the step. torchao (torchtitan's converters under FSDP: its tensorwise, rowwise and MX
    // recipes) saves the 16-bit input and casts per use; TE's own recipes (delayed, blockwise) under FSDP are
    // llm-foundry's te.Linear.
    const bool megatron = t.framework == Framework::Megatron;
    const bool te = megatron || t.fp8Recipe == Fp8Recipe::Delayed || t.fp8Recipe == Fp8Recipe::Blockwise
        || t.precision == Precision::FP4;
    r.weightsOncePerStep = megatron;
    // A GPU whose catalog entry has its own FP8 GEMM rate needs no share of the 16-bit one for per-tensor FP8.
    const double fp8Share = gpu.fp8SustainedEfficiency > 0 ? 1.0 : kFp8TensorShare;
    r.gemmRateScale = fp8Share;
    double width = 1, scale = 0;
    // 16-bit reads per quantization: one, or two where the tensor's amax must be known before the cast.
    double reads = 1;
    bool onePass = true; // both orientations written by one kernel
    if (t.precision == Precision::FP4) {
        // NVFP4 (Transformer Engine NVFP4BlockScaling): E2M1 values, one E4M3 scale per 16 under a per-tensor FP32
        // scale from the tensor's own amax (so a pass before the cast); the wgrad operands pass through a 16-point
        // random Hadamard transform inside the quantization kernel.
        width = 0.5;
        scale = kNvfp4Scale;
        reads = 2;
        r.gemmRateScale = gpu.nvfp4GemmShare > 0 ? gpu.nvfp4GemmShare : kNvfp4Share;
    } else {
        switch (t.fp8Recipe) {
        case Fp8Recipe::Delayed:
            // fp8_cast_transpose_fused: the amax is last step's, taken in the same pass.
            r.normFusedCast = megatron;
            break;
        case Fp8Recipe::Tensorwise:
            reads = 2; // current scaling: the amax first
            break;
        case Fp8Recipe::Rowwise:
            // Each orientation has its own scales (per row of X, per column of Xᵀ): two casts from 16-bit.
            onePass = false;
            break;
        case Fp8Recipe::Blockwise:
            // Blackwell runs it as MXFP8 (Transformer Engine's Float8BlockScaling docs: "emulated with MXFP8").
            scale = gpu.microscaling() ? kMxScale : kBlockwiseScale;
            r.gemmRateScale
                = gpu.microscaling() ? fp8Share * kMxfp8Share / kFp8TensorShare : fp8Share * kHopperBlockwiseRate;
            break;
        case Fp8Recipe::Mxfp8:
            scale = kMxScale;
            r.gemmRateScale = fp8Share * kMxfp8Share / kFp8TensorShare;
            break;
        }
    }
    r.quantizeOnceBytes = 2 * reads + width + scale;
    r.quantBytes = onePass ? 2 * reads + 2 * (width + scale) : 2 * r.quantizeOnceBytes;
    r.operandBytes = width + scale;
    r.savedInputBytes = te ? width + scale : 2;
    r.gatherBytes = megatron ? width + scale : 2;
    r.gradGatherBytes = megatron ? (scale > 0 && t.tpOverlap != TpOverlap::All ? 2 : 1) * (width + scale) : 2;
    // Both orientations; with FP8 primary weights (--fp8-param-gather) the weight is one of them already.
    r.weightCacheBytes = megatron ? (t.fp8ParamGather ? 1 : 2) * (width + scale) : 0;
    return r;
}

} // namespace plait
