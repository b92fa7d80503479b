#pragma once
// What a low-precision recipe costs the transformer layers' linears (the only GEMMs the recipes convert: attention,
// the router, the embedding and the output layer stay 16-bit): the rate and width their GEMMs run at, the HBM traffic
// of the quantization kernels, and what each linear keeps in memory.

#include "plan.h"

#include <string>

namespace plait {

struct LinearRecipe {
    bool lowPrecision = false; // FP8 or FP4 linears; false: everything below describes 16-bit (or TF32) linears
    double peakTflops = 0; // the linears' dense peak
    // Bytes per element a GEMM reads of each operand, scales included.
    double operandBytes = 2;
    // The recipe's GEMM main loop over a per-tensor-scaled one at the same peak: Hopper has no block-scaled tensor
    // cores, so a blockwise GEMM promotes its partial sums to CUDA cores every 128 K-elements.
    double gemmRateScale = 1;
    // Quantization traffic (bytes read + written per element) to get a 16-bit tensor into both orientations the
    // three GEMMs need (forward: the rows of X and W; dgrad: W and dY; wgrad: the transposes of X and dY).
    double quantBytes = 0;
    // The same for one orientation alone (what quantizing one GEMM's operand by itself moves).
    double quantizeOnceBytes = 0;
    // Whether the first norm writes the FP8 input itself (Transformer Engine's LayerNormLinear under delayed scaling:
    // the amax is last step's, so no pass over the tensor needs to come first).
    bool normFusedCast = false;
    // Bytes per element a linear keeps of its input for the weight gradient (16-bit when the framework saves the
    // unquantized input and quantizes it again in the backward, as torchao's Float8Linear does).
    double savedInputBytes = 2;
    // Bytes per weight element of the quantized copies (both orientations) that stay allocated through the step
    // (Transformer Engine's FP8 weight workspaces); 0 where the framework casts per use (torchao).
    double weightCacheBytes = 0;
    // Weights quantized once per step (Megatron-LM passes is_first_microbatch), else once per micro-batch.
    bool weightsOncePerStep = false;
    // Bytes per element of the sequence-parallel all-gathers under Megatron-LM's Transformer Engine linears, which
    // quantize before they gather (distributed.py gather_along_first_dim with the recipe's quantizer); the
    // reduce-scatters stay 16-bit, and other frameworks gather 16-bit (DTensor, their own mappings).
    //  - gatherBytes: the column-parallel linears' input, forward and again for wgrad: one layout, data and scales;
    //  - gradGatherBytes: the row-parallel linears' output gradient, quantized for dgrad and wgrad at once
    //    (linear.py sets both usages), so a block-scaled recipe (MXFP8, NVFP4, FP8 blockwise) gathers both layouts;
    //    per-tensor FP8 gathers one and transposes it locally, and Userbuffers (tp_overlap "all") sends one.
    // Without a low-precision recipe both are the 16-bit (or TF32) width.
    double gatherBytes = 2;
    double gradGatherBytes = 2;
};

LinearRecipe linearRecipe(const Plan& plan);

// Where the NVFP4 GEMM share linearRecipe uses on `gpu` comes from: the GPU's own measurement, else the B300 benchmark.
std::string nvfp4GemmShareSource(const GpuSpec& gpu);

// Bytes per parameter of the primary weights the optimizer updates and the model reads (16-bit; 1 B FP8 with
// Megatron-LM's --fp8-param-gather; 4 B under FP32).
double primaryWeightBytes(const TrainingSpec& t);

} // namespace plait
