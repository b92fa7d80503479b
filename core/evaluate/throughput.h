#pragma once
// Throughput: model FLOPs (forward + 2× backward, PaLM / Korthikanti Appendix A, causal attention) and hardware
// FLOPs (what the timed kernels compute, recomputation included), per step and per GPU, and the MFU and HFU they
// give against the GPU's peak.
#include "evaluation.h"
#include "layercost.h"
#include "stagecost.h"

namespace plait {

// Fills the FLOP, token rate, TFLOP/s, MFU and HFU figures of `ev` from its step time. `lcDense`: the dense first
// layers' cost of a MoE model (null: none); `last`: the last stage's output layer and loss.
void addThroughput(
    const Plan& plan, const LayerCost& lc, const LayerCost* lcDense, const EdgeCost& last, Evaluation& ev);

} // namespace plait
