#pragma once
// Fused attention as its own kernel class: each kernel's published speed on the GPU, by head size and sequence
// length, from the GPU's catalog curves (AttentionCurve). What a run uses depends on its framework and libraries:
//  - "triton": OpenAI Triton's fused attention (triton.ops.flash_attention, the tutorial kernel), of which the catalog
//    has no curve;
//  - "flash-triton": flash_attn_triton.py, Dao-AILab's Triton FlashAttention (llm-foundry's attn_impl triton), which
//    FlashAttention-2 Figure 4 benchmarks as "FlashAttention Triton" on the A100 (resources/catalog/SOURCES.md);
//  - "flash1", "flash2", "flash3": Dao-AILab/flash-attention v1, v2 and the Hopper v3;
//  - "cudnn": cuDNN's fused attention, which Transformer Engine prefers on Hopper and later
//    (TE dot_product_attention/utils.py: "Disabling FlashAttention to give FusedAttention preference on Hopper+").
#include "attentionkernel.h"
#include "catalog.h"

#include <optional>
#include <string>
#include <string_view>

namespace plait {

// Whether the GPU's catalog entry has a published curve of the kernel named `kernel`.
bool hasAttentionCurve(const GpuSpec& gpu, std::string_view kernel);
// The probe's measurement of the kernel named `kernel` on this GPU; null where none was applied.
const MeasuredAttention* measuredAttentionOf(const GpuSpec& gpu, std::string_view kernel);

// What "auto" runs: Transformer Engine's cuDNN attention where the framework is Megatron-LM and the GPU has cuDNN
// curves (Hopper and later), else FlashAttention-2, the kernel PyTorch's scaled_dot_product_attention dispatches to.
AttentionKernel resolveAttentionKernel(AttentionKernel k, bool megatron, const GpuSpec& gpu);

// A kernel's speed, TFLOP/s counted as its authors count (backward 2.5× the forward's FLOPs), at one shape, as
// published: a short benchmark at the boost clock. found is false when the GPU has no curve for the kernel.
struct AttentionRate {
    double fwdTflops = 0, bwdTflops = 0;
    bool found = false;
    bool measured = false; // a measurement on this GPU set the rate: sustained, not a burst at the boost clock
    std::string source;
    std::string standIn; // the kernel whose published curve gave the rate, where the plan's own has none
};

// Published timings of flash_attn_triton.py disagree. FlashAttention-2 Figure 4 puts it at or below FlashAttention v1
// on the A100 (with a Triton it does not state); on the triton 2.0.0.dev20221202 (triton-pre-mlir) compiler that
// llm-foundry ran, its author finds it "slightly slower than CUDA forward + backward" (v1; the file's header),
// MosaicML "slightly faster" (llm-foundry TUTORIAL.md), and one user timed it at 3.14 ms against v1's 6.12 ms
// (Dao-AILab/flash-attention issue 405). v1's curve, the middle of these, sets the point; the Figure 4 curve, where the
// GPU has it, bounds the slow end of a step's range and FlashAttention-2's, its faster successor, the fast end
// (evaluate/range.h).
struct AttentionStandIn {
    AttentionKernel point, fastEnd;
    bool ownCurve = false; // the GPU has a published curve of the kernel itself: the slow end takes it where slower
};
// For a kernel whose published timings disagree, what stands in for it on this GPU; nothing for the others, or where
// a probe measured the kernel itself.
std::optional<AttentionStandIn> attentionStandIn(const GpuSpec& gpu, AttentionKernel k);

// The rate at `seqLen` keys per sequence (for CP, the chunk each step computes) and `headDim`:
//  - lengths between published points interpolate in log(length); outside them the nearest point holds;
//  - head sizes between two published curves interpolate linearly; outside them the nearest curve holds;
//  - a kernel published for both passes together (fwd_bwd) runs each pass at that rate, which keeps the total
//    time of forward and backward as published;
//  - a kernel with a causal forward curve and only a non-causal backward one runs its causal backward at the
//    causal forward rate times the published backward-to-forward ratio at that length (FlashAttention-3, Shah et
//    al. 2024, Figures 5 and 6, publish the backward without the mask only).
// Where the GPU has a measurement of the kernel (MeasuredAttention), the measured point replaces the published rate
// and the curve keeps its shape: each pass's rate is the published one times measured over published at the
// measured head size and length (one point cannot say how the kernel scales with length; the published curve does).
// Without a published curve the measured rate holds at every shape, as a curve's nearest point does past its ends.
AttentionRate attentionRate(const GpuSpec& gpu, AttentionKernel kernel, double headDim, double seqLen);

// Dropout inside a fused attention kernel draws a random number (Philox) for every score element, work the published
// curves (benchmarks without dropout) leave out. FlashAttention (Dao et al. 2022, arXiv 2205.14135, Appendix E.6,
// Tables 15, 16, 18 and 19: A100 40 GB, fp16, batch 16, 8 heads of size 64, dropout 0.1) times it at +24.7% forward
// (2,678.11 against 2,147.05 ms) and +24.3% backward (6,643.01 against 5,343.19 ms) at 64K keys, where fixed costs
// no longer hide it (+17–25% from 2K up). The draw is per score element while the kernel's matrix work per element
// grows with the head size, so the extra share is taken as 64 / head size of those.
struct FusedDropoutSlowdown {
    double forward = 1, backward = 1; // time multipliers
};
FusedDropoutSlowdown fusedAttentionDropout(double headDim);

} // namespace plait
