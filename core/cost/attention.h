#pragma once
// Fused attention as its own kernel class: each kernel's published speed on the GPU, by head size and sequence
// length, from the GPU's catalog curves (AttentionCurve). What a run uses depends on its framework and libraries:
//  - "triton": OpenAI Triton's fused attention (triton.ops.flash_attention, the tutorial kernel), as FlashAttention-2
//    Figure 4 benchmarks it;
//  - "flash-triton": flash_attn_triton.py, HazyResearch's Triton FlashAttention (llm-foundry's attn_impl triton),
//    whose speed no benchmark publishes: FlashAttention v1's curve stands in (below);
//  - "flash1", "flash2", "flash3": Dao-AILab/flash-attention v1, v2 and the Hopper v3;
//  - "cudnn": cuDNN's fused attention, which Transformer Engine prefers on Hopper and later
//    (TE dot_product_attention/utils.py: "Disabling FlashAttention to give FusedAttention preference on Hopper+").
#include "attentionkernel.h"
#include "catalog.h"

#include <optional>
#include <string>

namespace plait {

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

// flash_attn_triton.py has no published speed. What is said of it brackets it: its author finds its forward +
// backward "slightly slower than CUDA forward + backward" (FlashAttention v1; the file's header, on A100), MosaicML,
// who ran it, "slightly faster" (llm-foundry TUTORIAL.md), and one user timed it at 3.14 ms against v1's 6.12 ms
// (Dao-AILab/flash-attention issue 405, A100, triton 2.0.0.dev20221202). So v1's curve stands in for the point and
// FlashAttention-2's, its faster successor, for the fast end of a step's range (evaluate/range.h).
struct AttentionStandIn {
    AttentionKernel point, fastEnd;
};
// The stand-ins for `k` on this GPU, or nothing where `k` has curves or a measurement of its own (or no stand-in).
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

} // namespace plait
