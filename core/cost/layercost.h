#pragma once

#include "attention.h"
#include "gemm.h"
#include "plan.h"

#include <optional>
#include <string>
#include <vector>

namespace plait {

// What one transformer layer costs one GPU for one micro-batch, under the plan's TP/SP/CP/EP split.
struct LayerCost {
    // Time, seconds. GEMMs from gemmTime(); attention core as batched GEMMs (softmax in HBM unless flash
    // attention); element-wise kernels (norms, activations, bias-dropout-residual, RoPE) from bytes over HBM.
    double fwdGemm = 0, dgradGemm = 0, wgradGemm = 0;
    // The part of those in the TP-split linears: column-parallel (QKV, FC1) and row-parallel (projection, FC2),
    // which the TP collectives can run beside.
    double columnFwdGemm = 0, columnDgradGemm = 0, columnWgradGemm = 0, rowFwdGemm = 0, rowDgradGemm = 0;
    // The part of those in a MoE layer's experts (routed and shared): what runs between its dispatch and its combine,
    // which the all-to-all of another micro-batch can run beside (DualPipe's and combined 1F1B's MLP piece).
    double moeMlpFwdGemm = 0, moeMlpDgradGemm = 0, moeMlpWgradGemm = 0;
    double fwdAttention = 0, bwdAttention = 0;
    // With flash attention: the kernel that runs, and whether the GPU's catalog publishes its speed (else the score
    // and value GEMMs run at the GEMM model's rate, which no fused kernel reaches: the time is a lower bound).
    AttentionKernel attentionKernel = AttentionKernel::Auto;
    bool attentionRatePublished = false;
    double fwdElementwise = 0, bwdElementwise = 0;
    // The part of those that quantizes the linears' operands (a low-precision recipe's casts, lowprecision.h).
    double fwdQuantize = 0, bwdQuantize = 0;
    // The part of them that permutes a MoE layer's tokens (permuteBytes), forward; the backward moves as much.
    double fwdPermute = 0;
    // FLOPs per GPU, forward. Each linear GEMM runs again twice in the backward pass (dgrad, wgrad).
    double linearFwdFlops = 0;
    // The part of it every TP rank computes whole (MLA's down projections, the router): model FLOPs count it once per
    // TP group.
    double replicatedFwdFlops = 0;
    // The part of it that is the most loaded EP rank's excess over the balanced share (training.moe_load_skew): time,
    // not work, so neither model nor hardware FLOPs count it.
    double imbalanceFwdFlops = 0;
    // The attention core (QKᵀ and attention·V). Model FLOPs count its causal half, the work a causal model needs
    // (FlashAttention's convention, Dao 2023; Narayanan's 4·B·s²·h counts the whole matrix). Hardware FLOPs are
    // what the score and value GEMMs compute as timed: the causal half with flash kernels, all of it unfused;
    // backward 2× that, 2.5× with flash (it recomputes the scores). Selective recompute repeats the forward.
    double attentionModelFwdFlops = 0;
    double attentionFwdFlops = 0, attentionBwdFlops = 0;
    // Communication per layer per micro-batch (bytes, nccl-tests S) — time is costed by the caller.
    double tpBytes = 0; // one TP collective's 16-bit buffer (the all-reduce, or the SP reduce-scatter)
    // The sequence-parallel all-gathers' buffers at the recipe's width (lowprecision.h): the column-parallel input's
    // (forward and the wgrad re-gather) and the row-parallel output gradient's.
    double tpGatherBytes = 0, tpGradGatherBytes = 0;
    int tpCallsFwd = 0, tpCallsBwd = 0; // blocks with TP collectives: attention, and a dense or shared-expert MLP
    double cpBytes = 0; // all-gather of K and V across CP ranks
    double epTokens = 0; // tokens one GPU routes to its experts (dispatch.h prices them per dispatcher)
    double epBytes = 0; // what one all-to-all call (dispatch or combine) of every token's top-k copies sends
    int epCallsFwd = 0, epCallsBwd = 0;
    // Under the all-to-all dispatcher with expert TP: one all-gather of the received tokens over the expert-TP group
    // before the experts and one reduce-scatter after, each way (nccl-tests S).
    double etpBytes = 0;
    // Activation memory the layer keeps per micro-batch until its backward (Korthikanti et al. 2022, Table 2,
    // generalised to GQA, SwiGLU and MoE; flash attention and selective recompute drop the 5·a·s²·b terms).
    double storedActivations = 0;
    double fullActivations = 0; // what the layer would keep without recomputation (working set during recompute)
    // What selective recomputation runs again in the backward pass (training.recompute_modules): seconds, and the
    // FLOPs of its GEMMs and attention core. A recomputed MoE layer's dispatch and combine are the caller's.
    double recomputeFwd = 0, recomputeFwdFlops = 0;
    double recomputeFwdGemm = 0, recomputeFwdAttention = 0; // of recomputeFwd: its GEMMs and attention core; the rest
                                                            // is element-wise

    double forward() const { return fwdGemm + fwdAttention + fwdElementwise; }
    double backwardInput() const { return dgradGemm + bwdAttention + bwdElementwise; }
};

LayerCost layerCost(const Plan& plan);
// The fitted share of the GEMM model's rate a training step reaches on this cluster's GPU (costcalibration.h):
// gemm_share, times unmeasured_gemm_share where the catalog has no sustained figure for the GPU.
double gemmShareOf(const ClusterSpec& cluster);
// Time to stream `bytes` through HBM in element-wise kernels at the fitted share of the streaming rate (hbm_share).
double elementwiseTime(double bytes, const ClusterSpec& cluster);
// µs of fixed cost per kernel: the probe's measurement on this GPU where applied, else the calibration's.
double kernelFixedUs(const ClusterSpec& cluster);
// HBM bytes a MoE layer's token permutations move per GPU and micro-batch, forward (layercost.cpp).
double permuteBytes(const Plan& plan, double tokensPerGpu, double bytesPerElement);

// A MoE model's dense first layers (model.moe.dense_layers): the plan with their model (an MLP of ffn_hidden, no
// experts), placement left out; and what one of them costs, nullopt when the model has none.
Plan denseLayerPlan(const Plan& plan);
std::optional<LayerCost> denseLayerCost(const Plan& plan);

// The GEMMs of one layer for one micro-batch on one GPU, as layerCost() times them: each linear layer's forward
// (T×K)·(K×N), dgrad (T×N)·(N×K) and wgrad (K×T)·(T×N), and the attention core's batched score and value GEMMs.
// plait-probe runs exactly these shapes, so measured and predicted compute describe the same work.
struct LayerGemm {
    std::string name; // "qkv", "proj", "fc1", "fc2", "router", "expert fc1", "scores", "values"
    GemmShape forward, dgrad, wgrad; // attention: forward only (its backward is 2× for unfused, 2.5× for flash)
    bool attention = false;
    int repeats = 1; // identical GEMMs the layer runs one after another (each local expert's)
};
std::vector<LayerGemm> layerGemms(const Plan& plan);

// The attention core one GPU runs per layer and micro-batch: its heads (query and key/value, split by TP), the
// local queries (split by CP) against every key, the head size. What a fused-attention benchmark runs for the plan.
struct AttentionShape {
    double batch = 0, heads = 0, kvHeads = 0, queries = 0, keys = 0, headDim = 0;
    bool causal = true; // every model Plait costs is a causal decoder
};
AttentionShape attentionShape(const Plan& plan);
// The length one fused-attention call sees, the one its rate is read at: the local sequence, or under CP the chunk
// of one ring step.
double attentionCallLength(const Plan& plan);
// The fused attention kernel the plan runs: its own choice, "auto" resolved as its framework picks on its GPU.
AttentionKernel attentionKernelOf(const Plan& plan);
// What attention dropout adds to the plan's fused attention kernel (fusedAttentionDropout); 1 and 1 without either.
FusedDropoutSlowdown attentionDropoutOf(const Plan& plan);

// Padding removed around the fused kernel (training.attention_unpad; flash_attn/bert_padding.py at v2.4.2, as
// llm-foundry's flash_attn_fn calls it), per layer: the all-ones mask and 7 kernels per unpad_input (the mask's sum,
// nonzero's count and select, max, cumsum, pad, gather) for Q, K and V and pad_input's 2 forward, 2 per gather and 1
// backward; two host waits per unpad_input (nonzero's size, max().item()).
inline constexpr int kUnpadKernelsForward = 1 + 3 * 7 + 2;
inline constexpr int kUnpadKernelsBackward = 3 * 2 + 1;
inline constexpr int kUnpadHostWaits = 3 * 2;
// What that adds per layer and micro-batch, each pass, in seconds: the copies at the streaming rate and a fixed cost
// per kernel and per host wait; 0 and 0 without it or without a fused kernel.
struct UnpadSeconds {
    double forward = 0, backward = 0;
};
UnpadSeconds attentionUnpadOf(const Plan& plan);

// Stage extras: embedding lookup on the first stage, output layer and cross entropy on the last.
struct EdgeCost {
    double fwd = 0, dgrad = 0, wgrad = 0; // seconds
    double gemm = 0; // of those, the output layer's GEMMs (the rest: lookups, norms, the loss: element-wise)
    double fwdFlops = 0;
    double activationsPerMicroBatch = 0; // kept per micro-batch in flight
    double activationsTransient = 0; // held once, e.g. fp32 logits
};
EdgeCost firstStageCost(const Plan& plan);
EdgeCost lastStageCost(const Plan& plan);

double peakTflops(const Plan& plan);
// The peak the GEMMs outside a low-precision recipe run at (the attention core, the output layer): the 16-bit peak
// under FP8 and FP4 recipes, else the plan's own.
double outsideFp8Peak(const Plan& plan);
double bytesPerElement(const Plan& plan);

} // namespace plait
