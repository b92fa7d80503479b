#pragma once

#include "gemm.h"
#include "plan.h"

#include <string>
#include <vector>

namespace plait {

// What one transformer layer costs one GPU for one micro-batch, under the plan's TP/SP/CP/EP split.
struct LayerCost {
    // Time, seconds. GEMMs from gemmTime(); attention core as batched GEMMs (softmax in HBM unless flash
    // attention); element-wise kernels (norms, activations, bias-dropout-residual, RoPE) from bytes over HBM.
    double fwdGemm = 0, dgradGemm = 0, wgradGemm = 0;
    double fwdAttention = 0, bwdAttention = 0;
    double fwdElementwise = 0, bwdElementwise = 0;
    // FLOPs, per GPU. Model FLOPs count forward + both backward GEMMs (PaLM/Korthikanti Appendix A).
    double fwdFlops = 0; // forward GEMM + attention FLOPs
    double attentionFwdFlops = 0; // the QKᵀ and attention·V part (what selective recompute repeats)
    // Communication per layer per micro-batch (bytes, nccl-tests S) — time is costed by the caller.
    double tpBytes = 0; // one TP collective's buffer (all-reduce of the layer output, or its AG/RS pair)
    int tpCallsFwd = 0, tpCallsBwd = 0;
    double cpBytes = 0; // all-gather of K and V across CP ranks
    double epBytes = 0; // one all-to-all (dispatch or combine)
    int epCallsFwd = 0, epCallsBwd = 0;
    // Activation memory the layer keeps per micro-batch until its backward (Korthikanti et al. 2022, Table 2,
    // generalised to GQA, SwiGLU and MoE; flash attention and selective recompute drop the 5·a·s²·b terms).
    double storedActivations = 0;
    double fullActivations = 0; // what the layer would keep without recomputation (working set during recompute)

    double forward() const { return fwdGemm + fwdAttention + fwdElementwise; }
    double backwardInput() const { return dgradGemm + bwdAttention + bwdElementwise; }
};

LayerCost layerCost(const Plan& plan);

// The GEMMs of one layer for one micro-batch on one GPU, as layerCost() times them: each linear layer's forward
// (T×K)·(K×N), dgrad (T×N)·(N×K) and wgrad (K×T)·(T×N), and the attention core's batched score and value GEMMs.
// plait-probe runs exactly these shapes, so measured and predicted compute describe the same work.
struct LayerGemm {
    std::string name; // "qkv", "proj", "fc1", "fc2", "router", "expert fc1", "scores", "values"
    GemmShape forward, dgrad, wgrad; // attention: forward only (its backward is 2× for unfused, 2.5× for flash)
    bool attention = false;
};
std::vector<LayerGemm> layerGemms(const Plan& plan);

// Stage extras: embedding lookup on the first stage, output layer and cross entropy on the last.
struct EdgeCost {
    double fwd = 0, dgrad = 0, wgrad = 0; // seconds
    double fwdFlops = 0;
    double activationsPerMicroBatch = 0; // kept per micro-batch in flight
    double activationsTransient = 0; // held once, e.g. fp32 logits
};
EdgeCost firstStageCost(const Plan& plan);
EdgeCost lastStageCost(const Plan& plan);

double peakTflops(const Plan& plan);
double bytesPerElement(const Plan& plan);

} // namespace plait
