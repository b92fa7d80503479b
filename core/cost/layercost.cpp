#include "layercost.h"

#include "attention.h"
#include "gemm.h"
#include "lowprecision.h"

#include <algorithm>
#include <string_view>

namespace plait {

double peakTflops(const Plan& plan)
{
    const GpuSpec& g = plan.cluster.gpu;
    switch (plan.training.precision) {
    case Precision::BF16:
        return g.bf16Tflops;
    case Precision::FP16:
        return g.fp16Tflops > 0 ? g.fp16Tflops : g.bf16Tflops;
    case Precision::FP8:
        return g.fp8Tflops > 0 ? g.fp8Tflops : g.bf16Tflops;
    case Precision::FP4:
        return g.fp4Tflops > 0 ? g.fp4Tflops : g.fp8Tflops > 0 ? g.fp8Tflops : g.bf16Tflops;
    case Precision::FP32:
        // Tensor-core TF32 is half the 16-bit rate on A100/H100 (NVIDIA datasheets).
        return g.bf16Tflops / 2;
    }
    return g.bf16Tflops;
}

// Low-precision recipes convert only the transformer layers' linears: attention, the router and the output layer run
// at the 16-bit rate.
double outsideFp8Peak(const Plan& plan)
{
    const Precision p = plan.training.precision;
    return p == Precision::FP8 || p == Precision::FP4 ? plan.cluster.gpu.bf16Tflops : peakTflops(plan);
}

namespace {
bool lowPrecisionGemm(const LayerGemm& g)
{
    return !g.attention && std::string_view(g.name) != "router";
}
}

double bytesPerElement(const Plan& plan)
{
    return plan.training.precision == Precision::FP32 ? 4.0 : 2.0;
}

namespace {
struct Dims {
    // q: the queries' width; kv: one of K and V (GQA); k, val: the keys' and values' widths (kv both, unless MLA);
    // out: the attention output's, the projection's input; d, dv: a head's query/key and value size.
    double b, s, sLocal, h, q, kv, k, val, out, d, dv, a, ffn, t, tokens;
    bool sp, attentionDropout, hiddenDropout;
};

Dims dims(const Plan& plan)
{
    const ModelSpec& m = plan.model;
    const ParallelSpec& par = plan.parallel;
    Dims x;
    x.b = plan.training.microBatch;
    x.s = double(m.seqLen);
    x.sLocal = x.s / par.cp;
    x.h = double(m.hidden);
    x.q = double(m.queryWidth());
    x.kv = double(m.kvWidth());
    x.k = double(m.keyWidth());
    x.val = double(m.valueWidth());
    x.out = double(m.attentionOutWidth());
    x.d = double(m.qkHeadDim());
    x.dv = double(m.vHeadDim());
    x.a = m.heads;
    x.ffn = double(m.ffnHidden);
    x.t = par.tp;
    x.tokens = x.b * x.sLocal;
    x.sp = plan.training.sequenceParallel && par.tp > 1;
    x.attentionDropout = m.attentionDropout > 0;
    x.hiddenDropout = m.hiddenDropout > 0;
    return x;
}
}

std::vector<LayerGemm> layerGemms(const Plan& plan)
{
    const ModelSpec& m = plan.model;
    const Dims x = dims(plan);
    std::vector<LayerGemm> out;
    // Megatron-LM's weight gradients accumulate into the fp32 main_grad inside the GEMM (gradient_accumulation_fusion,
    // on by default; main_grad is fp32 when gradients are, as bf16 training requires).
    const double wgradAccumulate
        = plan.training.framework == Framework::Megatron && plan.training.fp32Gradients ? 8.0 : 0.0;
    auto linear = [&](const char* name, double n, double k, double tokens, int repeats = 1) {
        out.push_back(
            { name, { tokens, n, k, 1 }, { tokens, k, n, 1 }, { k, n, tokens, 1, wgradAccumulate }, false, repeats });
    };
    if (m.mla.on()) {
        // Megatron-Core's MLASelfAttention: the down projections whole on every TP rank, the up projections column
        // parallel, the output row parallel.
        const MlaSpec& a = m.mla;
        if (a.qLoraRank > 0) {
            linear("q down", double(a.qLoraRank), x.h, x.tokens);
            linear("q up", x.q / x.t, double(a.qLoraRank), x.tokens);
        } else {
            linear("q", x.q / x.t, x.h, x.tokens);
        }
        linear("kv down", double(a.kvLoraRank + a.qkRopeHeadDim), x.h, x.tokens);
        linear("kv up", x.a * double(a.qkNopeHeadDim + a.vHeadDim) / x.t, double(a.kvLoraRank), x.tokens);
    } else {
        linear("qkv", (x.q + 2 * x.kv) / x.t, x.h, x.tokens); // column parallel
    }
    linear("proj", x.h, x.out / x.t, x.tokens); // row parallel
    const double gate = m.ffn == FfnKind::SwiGlu ? 2.0 : 1.0;
    if (m.isMoe()) {
        const ParallelSpec& par = plan.parallel;
        const double expertFfn = double(m.expertFfn());
        // Parallel folding: an expert group of expert TP × EP GPUs routes the tokens its GPUs hold, ep·etp·T/tp
        // distinct ones (T per attention TP group). Balanced routing gives each of its E/ep local experts
        // ep·etp·T·k/(tp·E) tokens (ep·T·k/E when expert TP is TP); the most loaded rank, which the others wait for
        // at the combine, has the load factor times that (training.moe_load_skew, capped by the capacity factor).
        // Each expert's FFN is split over expert TP.
        const double etp = par.expertTp();
        const double tokensPerExpert
            = par.ep * etp / x.t * x.tokens * m.moe.topK / m.moe.experts * plan.training.moeLoadFactor();
        const int localExperts = m.moe.experts / par.ep;
        linear("expert fc1", gate * expertFfn / etp, x.h, tokensPerExpert, localExperts);
        linear("expert fc2", x.h, expertFfn / etp, tokensPerExpert, localExperts);
        linear("router", double(m.moe.experts), x.h, x.tokens);
        if (m.moe.sharedExperts > 0) {
            const double shared = double(m.sharedFfn());
            linear("shared fc1", gate * shared / x.t, x.h, x.tokens, m.moe.sharedExperts);
            linear("shared fc2", x.h, shared / x.t, x.tokens, m.moe.sharedExperts);
        }
    } else {
        linear("fc1", gate * x.ffn / x.t, x.h, x.tokens);
        linear("fc2", x.h, x.ffn / x.t, x.tokens);
    }
    // Attention core: b·a/t heads, queries sLocal against keys s; causal flash kernels skip the masked half.
    const double headsLocal = x.b * x.a / x.t;
    const double keys = plan.training.flashAttention ? x.s / 2 : x.s;
    out.push_back({ "scores", { x.sLocal, keys, x.d, headsLocal }, {}, {}, true });
    out.push_back({ "values", { x.sLocal, x.dv, keys, headsLocal }, {}, {}, true });
    return out;
}

double attentionCallLength(const Plan& plan)
{
    // Under CP each rank holds two chunks of s/(2·cp) tokens (the causal load balance) and each ring step runs the
    // kernel on chunk pairs (Transformer Engine's AttnFuncWithCPAndKVP2P): calls see s/(2·cp) queries.
    const double local = dims(plan).sLocal;
    return plan.parallel.cp > 1 ? local / 2 : local;
}

AttentionKernel attentionKernelOf(const Plan& plan)
{
    return resolveAttentionKernel(
        plan.training.attentionKernel, plan.training.framework == Framework::Megatron, plan.cluster.gpu);
}

FusedDropoutSlowdown attentionDropoutOf(const Plan& plan)
{
    if (!plan.training.flashAttention || plan.model.attentionDropout <= 0)
        return {};
    return fusedAttentionDropout(double(plan.model.qkHeadDim()));
}

AttentionShape attentionShape(const Plan& plan)
{
    const Dims x = dims(plan);
    const ModelSpec& m = plan.model;
    const double kvHeads = m.kvHeads > 0 ? m.kvHeads : m.heads;
    // KV heads fewer than TP ranks are replicated, one per rank (Megatron's GQA with TP > groups).
    return { x.b, x.a / x.t, std::max(1.0, kvHeads / x.t), x.sLocal, x.s, x.d, true };
}

namespace {
// The HBM traffic a low-precision recipe's quantization adds to one layer per micro-batch (Transformer Engine v1.9
// module/linear.py, layernorm_linear.py, base.py grad_output_preprocess for the delayed recipe; lowprecision.h for
// the others). Each GEMM reads quantized operands, and its weight gradient the other orientation of its input and
// output gradient:
//  - under delayed scaling an input made by a fused LayerNorm (TELayerNormColumnParallelLinear: Megatron-LM's QKV and
//    FC1, models/gpt/gpt_layer_specs.py) is written in FP8 by that kernel (1 B where the 16-bit write counted 2) and
//    transposed for the backward (read 1 B, write 1 B);
//  - every other input (the projection's, FC2's after the activation, experts', all of them under te.Linear as
//    llm-foundry's fc_type te uses it), and every output gradient, is quantized to both orientations
//    (LinearRecipe::quantBytes: 4 B per element for fp8_cast_transpose_fused);
//  - weights are quantized per forward, or once per step where Megatron-LM passes is_first_microbatch (its FP8 weight
//    cache); FP8 primary weights (--fp8-param-gather) only need their transpose (read 1 B, write 1 B).
struct Fp8CastBytes {
    double forward = 0, backward = 0;
};
Fp8CastBytes fp8CastBytes(const Plan& plan, const LinearRecipe& recipe, const std::vector<LayerGemm>& gemms)
{
    Fp8CastBytes b;
    if (!recipe.lowPrecision)
        return b;
    const double weightCasts = recipe.weightsOncePerStep ? 1.0 / double(std::max(1LL, plan.microBatches())) : 1.0;
    const double weightBytes = plan.training.fp8ParamGather ? 2.0 : recipe.quantBytes;
    for (const LayerGemm& g : gemms) {
        if (!lowPrecisionGemm(g))
            continue;
        const std::string_view n = g.name;
        const double input = g.repeats * g.forward.m * g.forward.k;
        const double outputGrad = g.repeats * g.forward.m * g.forward.n;
        const double weight = g.repeats * g.forward.k * g.forward.n;
        if (recipe.normFusedCast && (n == "qkv" || n == "fc1")) {
            b.forward -= input;
            b.backward += 2 * input;
        } else {
            b.forward += recipe.quantBytes * input;
        }
        b.backward += recipe.quantBytes * outputGrad;
        b.forward += weightBytes * weight * weightCasts;
    }
    return b;
}
}

// The HBM traffic of a MoE layer's token permutations per GPU and micro-batch, forward (the backward moves the
// gradients the same ways), from Megatron-Core's token dispatchers (moe_utils.py permute / unpermute,
// sort_chunks_by_idxs). Per routed token, in hidden-state rows:
//  - all-to-all and flex: the source gathers each token's k copies in expert order (read and write k) and, after the
//    combine, scatter-adds them back (read k, write 1); the destination sorts the copies it receives (k per routed
//    token on average, times the load factor and expert TP) by local expert and back (read and write, twice) when
//    it holds more than one expert;
//  - all-gather: the destination picks the copies for its experts from the gathered tokens (read and write) and
//    scatter-adds their outputs into a buffer of all the gathered tokens (read the copies, write the buffer).
double permuteBytes(const Plan& plan, double tokensPerGpu, double e)
{
    const ModelSpec& m = plan.model;
    if (!m.isMoe() || tokensPerGpu <= 0)
        return 0;
    const ParallelSpec& par = plan.parallel;
    const double k = m.moe.topK, row = double(m.hidden) * e;
    const double received = k * plan.training.moeLoadFactor() * par.expertTp();
    const bool manyLocal = m.moe.experts / std::max(1, par.ep) > 1;
    const double rows = plan.training.moeDispatcher == MoeDispatcher::AllGather
        ? 3 * received + par.expertShard()
        : (2 * k) + (k + 1) + (manyLocal ? 4 * received : 0);
    return tokensPerGpu * rows * row;
}

namespace {
// The share of a linear GEMM's forward that recomputation runs again: Megatron-Core's selective modules whole, or
// under torchtitan's op-level policy the matmuls it does not keep: wk (K's share of the fused QKV), wo, and w3 of a
// SwiGLU MLP (half of the fused FC1) or w2 of another (layerCost's activations say which it keeps).
double recomputedGemmShare(const Plan& plan, std::string_view n, const Dims& x)
{
    const TrainingSpec& tr = plan.training;
    if (tr.recompute == Recompute::SelectiveOps) {
        const bool swiglu = plan.model.ffn == FfnKind::SwiGlu;
        if (n == "qkv")
            return x.kv / (x.q + 2 * x.kv);
        if (n == "proj")
            return 1;
        if (n == "fc1")
            return swiglu ? 0.5 : 0;
        if (n == "fc2")
            return swiglu ? 0 : 1;
        return 0;
    }
    bool again = false;
    if (n == "q up" || n == "kv up")
        again = tr.recomputes(RecomputeModule::MlaUpProj);
    else if (n == "fc1" || n == "fc2")
        again = tr.recomputes(RecomputeModule::Mlp);
    else if (n == "expert fc1" || n == "expert fc2" || n == "router")
        again = tr.recomputes(RecomputeModule::Moe);
    else if (n == "shared fc1" || n == "shared fc2")
        again = tr.recomputes(RecomputeModule::Moe) || tr.recomputes(RecomputeModule::SharedExperts);
    return again ? 1 : 0;
}
}

namespace {
// Where the catalog has no sustained (power-limited) figure for the GPU, the fitted share of its best known rate a
// training step sustains (costcalibration.h); 1 where it has one.
double unmeasuredShareOf(const ClusterSpec& cluster)
{
    return cluster.gpu.gemmSustainedEfficiency > 0 ? 1.0 : cluster.calibration.unmeasuredGemmShare;
}
}

double gemmShareOf(const ClusterSpec& cluster)
{
    return cluster.calibration.gemmShare * unmeasuredShareOf(cluster);
}

double kernelFixedUs(const ClusterSpec& cluster)
{
    return cluster.gpu.kernelFixedUs > 0 ? cluster.gpu.kernelFixedUs : cluster.calibration.kernelOverheadUs;
}

double elementwiseTime(double bytes, const ClusterSpec& cluster)
{
    return memoryTime(bytes, cluster.gpu) / cluster.calibration.hbmShare;
}

UnpadSeconds attentionUnpadOf(const Plan& plan)
{
    if (!plan.training.flashAttention || !plan.training.attentionUnpad)
        return {};
    // Forward, unpad_input gathers Q, K and V into new tensors (each read and written) and pad_input zero-fills the
    // output and scatters into it (written, read, written); backward, each gather's gradient is a zero fill and a
    // scatter (written, read, written) and the output's a gather (read, written). Per token, at the layer's 16-bit
    // width. Each host wait runs the queue dry: counted as one more kernel's fixed cost, a lower bound.
    const Dims x = dims(plan);
    const double e = bytesPerElement(plan);
    const double fwdBytes = (2 * (x.q + x.k + x.val) + 3 * x.out) * e / x.t * x.tokens;
    const double bwdBytes = (3 * (x.q + x.k + x.val) + 2 * x.out) * e / x.t * x.tokens;
    const double fixedS = 1e-6 * kernelFixedUs(plan.cluster);
    return { elementwiseTime(fwdBytes, plan.cluster) + fixedS * (kUnpadKernelsForward + kUnpadHostWaits),
        elementwiseTime(bwdBytes, plan.cluster) + fixedS * kUnpadKernelsBackward };
}

LayerCost layerCost(const Plan& plan)
{
    const ModelSpec& m = plan.model;
    const GpuSpec& gpu = plan.cluster.gpu;
    const CostCalibration& cal = plan.cluster.calibration;
    const double share = gemmShareOf(plan.cluster);
    const double e = bytesPerElement(plan);
    const LinearRecipe recipe = linearRecipe(plan);
    const Dims x = dims(plan);
    LayerCost c;
    const std::vector<LayerGemm> gemms = layerGemms(plan);
    for (const LayerGemm& g : gemms) {
        if (g.attention)
            continue;
        const bool low = lowPrecisionGemm(g);
        const double peak = low ? recipe.peakTflops : outsideFp8Peak(plan);
        const bool expert = g.name == std::string_view("expert fc1") || g.name == std::string_view("expert fc2");
        const double rate = (low ? recipe.gemmRateScale : 1.0) * share * (expert ? cal.expertGemmShare : 1.0);
        auto timed = [&](GemmShape s) {
            if (low && recipe.operandBytes != e)
                s.operandBytes = recipe.operandBytes;
            return g.repeats * gemmTime(s, gpu, peak, e, rate).seconds;
        };
        const double fwd = timed(g.forward);
        const double dgrad = timed(g.dgrad);
        const double wgrad = timed(g.wgrad);
        c.fwdGemm += fwd;
        c.dgradGemm += dgrad;
        c.wgradGemm += wgrad;
        c.linearFwdFlops += g.repeats * g.forward.flops();
        const std::string_view n = g.name;
        if (const double again = recomputedGemmShare(plan, n, x); again > 0) {
            c.recomputeFwd += again * fwd;
            c.recomputeFwdGemm += again * fwd;
            c.recomputeFwdFlops += again * g.repeats * g.forward.flops();
        }
        if (n == "expert fc1" || n == "expert fc2")
            c.imbalanceFwdFlops += g.repeats * g.forward.flops() * (1 - 1 / plan.training.moeLoadFactor());
        if (n == "expert fc1" || n == "expert fc2" || n == "shared fc1" || n == "shared fc2") {
            c.moeMlpFwdGemm += fwd;
            c.moeMlpDgradGemm += dgrad;
            c.moeMlpWgradGemm += wgrad;
        }
        if (n == "q down" || n == "kv down" || n == "router")
            c.replicatedFwdFlops += g.repeats * g.forward.flops();
        if (n == "qkv" || n == "q" || n == "q up" || n == "kv up" || n == "fc1" || n == "shared fc1") {
            c.columnFwdGemm += fwd;
            c.columnDgradGemm += dgrad;
            c.columnWgradGemm += wgrad;
        } else if (n == "proj" || n == "fc2" || n == "shared fc2") {
            c.rowFwdGemm += fwd;
            c.rowDgradGemm += dgrad;
        }
    }
    if (m.isMoe()) {
        const ParallelSpec& par = plan.parallel;
        // Each GPU routes its sequence-parallel share of its attention TP group's tokens (Megatron-Core's MoELayer
        // takes the hidden states as sequence parallelism leaves them); the most loaded rank receives (and returns)
        // the load factor times the balanced share. Under the all-to-all dispatcher the tokens a GPU receives are
        // then all-gathered over its expert-TP group and the outputs reduce-scattered back
        // (MoEAlltoAllTokenDispatcher); the other dispatchers send to every expert-TP rank directly (dispatch.h).
        c.epTokens = x.tokens / x.t;
        c.epBytes = c.epTokens * m.moe.topK * x.h * e * plan.training.moeLoadFactor();
        c.epCallsFwd = par.ep > 1 ? 2 : 0;
        c.epCallsBwd = par.ep > 1 ? 2 : 0;
        // Without EP the other dispatchers gather every token over expert TP alone.
        if (par.expertTp() > 1 && plan.training.moeDispatcher == MoeDispatcher::AllToAll)
            c.etpBytes = par.expertTp() * (par.ep > 1 ? c.epBytes : c.epTokens * m.moe.topK * x.h * e);
        else if (par.expertTp() > 1 && par.ep == 1)
            c.etpBytes = par.expertTp() * c.epTokens * x.h * e;
    }

    // Attention core per GPU: b·a/t heads, queries sLocal against keys s (all of them, gathered under CP).
    const double headsLocal = x.b * x.a / x.t;
    const bool flash = plan.training.flashAttention;
    // Causal flash kernels skip the masked half of the score matrix; unfused attention computes all of it.
    const double attentionPeak = outsideFp8Peak(plan);
    const GemmTime scores = gemmTime(gemms[gemms.size() - 2].forward, gpu, attentionPeak, e, share);
    const GemmTime values = gemmTime(gemms.back().forward, gpu, attentionPeak, e, share);
    // The causal half of Narayanan's 4·B·s²·h: scores over the query width, values over the output's.
    c.attentionModelFwdFlops = x.tokens * x.s * (x.q + x.out) / x.t;
    c.attentionFwdFlops = scores.flops + values.flops;
    c.attentionBwdFlops = (flash ? 2.5 : 2.0) * c.attentionFwdFlops;
    if (flash) {
        // Scores stay on chip; the backward pass recomputes them: 5 GEMMs against 2 (Dao 2023, FlashAttention-2 §3).
        // The fused kernel runs at its published speed on this GPU for the head size and the length each call sees
        // (the local sequence; under CP, the chunk of each ring step). Those are short benchmarks at the boost clock,
        // like the burst GEMM rate: they take the GPU's sustained-to-burst ratio as GEMMs do. A GPU without a curve
        // for the kernel runs its GEMMs at the GEMM model's rate (a lower bound on the time; the evaluation says so).
        c.attentionKernel = attentionKernelOf(plan);
        const AttentionRate rate = attentionRate(gpu, c.attentionKernel, x.d, attentionCallLength(plan));
        const double gemmFwd = scores.seconds + values.seconds;
        c.fwdAttention = gemmFwd;
        c.bwdAttention = 2.5 * gemmFwd;
        c.attentionRatePublished = rate.found;
        if (rate.measured) {
            // Measured on this GPU, sustained: its own time, whatever the GEMM model would say of the shape.
            const double scale = std::min(1.0, attentionPeak / gpu.bf16Tflops);
            c.fwdAttention = c.attentionFwdFlops / (rate.fwdTflops * 1e12 * scale);
            c.bwdAttention = c.attentionBwdFlops / (rate.bwdTflops * 1e12 * scale);
        } else if (rate.found) {
            // The curves are 16-bit rates; a GPU's 16-bit peak over the plan's own (e.g. fp32) scales them.
            // Where the catalog has no sustained figure, the fitted share of the best known rate, as for the GEMMs.
            const double scale = sustainedToBurst(gpu) * std::min(1.0, attentionPeak / gpu.bf16Tflops)
                * unmeasuredShareOf(plan.cluster);
            c.fwdAttention = std::max(gemmFwd, c.attentionFwdFlops / (rate.fwdTflops * 1e12 * scale));
            c.bwdAttention = std::max(2.5 * gemmFwd, c.attentionBwdFlops / (rate.bwdTflops * 1e12 * scale));
        }
        const FusedDropoutSlowdown dropout = attentionDropoutOf(plan);
        c.fwdAttention *= dropout.forward;
        c.bwdAttention *= dropout.backward;
    } else {
        const double scoreElems = headsLocal * x.sLocal * x.s;
        // Fused scale-mask-softmax reads and writes the scores; dropout reads them and writes output and mask.
        const double softmaxBytes = scoreElems * (2 * e + (x.attentionDropout ? 2 * e + 1 : 0));
        c.fwdAttention = scores.seconds + values.seconds + elementwiseTime(softmaxBytes, plan.cluster);
        c.bwdAttention = 2 * (scores.seconds + values.seconds) + elementwiseTime(2 * softmaxBytes, plan.cluster);
    }

    // Element-wise traffic per token (bytes), forward; backward moves about twice as much (gradient in, saved
    // input, gradient out). Without SP the norms and residual paths run on every TP rank in full.
    const double repl = x.sp ? 1.0 / x.t : 1.0;
    const double normBytes = 2 * (2 * e * x.h) * repl; // two norms: read and write h
    const double residualBytes = 2 * (3 * e * x.h + (x.hiddenDropout ? x.h : 0)) * repl; // bias+dropout+residual, twice
    // The MLP width a token passes through: its top_k experts' and the shared experts', or the dense MLP's.
    // (The routed part on the most loaded rank: times the load factor.)
    const double tokenFfn = m.isMoe() ? double(m.expertFfn()) * m.moe.topK * plan.training.moeLoadFactor()
            + double(m.sharedFfn()) * m.moe.sharedExperts
                                      : x.ffn;
    const double actBytes = (m.ffn == FfnKind::SwiGlu ? 3 : 2) * e * tokenFfn / x.t;
    const double ropeBytes = m.learnedPositions ? 0 : 2 * e * (x.q + x.k) / x.t;
    const double elemPerToken = normBytes + residualBytes + actBytes + ropeBytes;
    // CP's ring merges each of its cp − 1 later steps into the running output (reads the step's output and the
    // running one, writes it back) and, backward, accumulates dQ, dK and dV step by step (reads and writes each);
    // Transformer Engine's AttnFuncWithCPAndKVP2P, as above. Per token, at the layer's 16-bit width.
    const double cpSteps = plan.parallel.cp > 1 && flash ? plan.parallel.cp - 1 : 0;
    const double mergeFwd = cpSteps * 3 * e * x.out / x.t;
    const double mergeBwd = cpSteps * 2 * e * (x.q + x.k + x.val) / x.t;
    const Fp8CastBytes cast = fp8CastBytes(plan, recipe, gemms);
    const double permute = permuteBytes(plan, c.epTokens, e);
    c.fwdElementwise = elementwiseTime((elemPerToken + mergeFwd) * x.tokens + cast.forward + permute, plan.cluster);
    c.bwdElementwise
        = elementwiseTime((2 * elemPerToken + mergeBwd) * x.tokens + cast.backward + permute, plan.cluster);
    const UnpadSeconds unpad = attentionUnpadOf(plan);
    c.fwdElementwise += unpad.forward;
    c.bwdElementwise += unpad.backward;
    c.fwdPermute = elementwiseTime(permute, plan.cluster);
    c.fwdQuantize = elementwiseTime(std::max(0.0, cast.forward), plan.cluster);
    c.bwdQuantize = elementwiseTime(cast.backward, plan.cluster);
    // The fitted fixed cost of each kernel the layer launches (costcalibration.h): one per linear GEMM forward and
    // two backward (dgrad, wgrad), the attention core's kernel each way (three unfused: scores, softmax, values),
    // and the element-wise kernels the bytes above stand for: two norms, two bias-dropout-residuals, the activation
    // and RoPE forward, twice as many backward.
    const double launches = double(gemms.size() - 2);
    const double attentionKernels = flash ? 1 : 3;
    constexpr double kElementwiseKernels = 6;
    const double fixedUs = kernelFixedUs(plan.cluster);
    c.fwdElementwise += 1e-6 * fixedUs * (launches + attentionKernels + kElementwiseKernels);
    c.bwdElementwise += 1e-6 * fixedUs * (2 * launches + attentionKernels + 2 * kElementwiseKernels);

    // TP: Megatron's two all-reduces in forward and two in backward (Narayanan §3.2); with sequence parallelism an
    // all-gather and a reduce-scatter of the same buffer in each place (Korthikanti §4.2.2).
    // A MoE layer's routed experts take their tokens as sequence parallelism leaves them (their expert TP has its
    // own collectives, above); only shared experts, TP-split like a dense MLP, gather and scatter over TP.
    if (plan.parallel.tp > 1) {
        c.tpBytes = x.tokens * x.h * e;
        c.tpGatherBytes = x.tokens * x.h * recipe.gatherBytes;
        c.tpGradGatherBytes = x.tokens * x.h * recipe.gradGatherBytes;
        c.tpCallsFwd = m.isMoe() && m.moe.sharedExperts == 0 ? 1 : 2;
        c.tpCallsBwd = c.tpCallsFwd;
    }
    if (plan.parallel.cp > 1)
        c.cpBytes = x.b * x.s * (x.k + x.val) / x.t * e; // K and V of the whole sequence, gathered

    // Activations (bytes per layer per micro-batch), Korthikanti Table 2 generalised, term by term: selective
    // recomputation drops the terms of the modules it runs again (Megatron-Core's --recompute-modules).
    const TrainingSpec& tr = plan.training;
    const double sbh = x.b * x.sLocal * x.h;
    const double tokens = x.b * x.sLocal;
    const double mask = x.hiddenDropout ? 1.0 : 0.0;
    // A linear's input is kept at the recipe's width where the framework saves it quantized (Transformer Engine).
    const double in = recipe.savedInputBytes;
    const double gateWidth = m.ffn == FfnKind::SwiGlu ? 2 : 1;
    // What the activation function keeps of its input(s) per element of FC1's output width.
    const double actKept = gateWidth * (tr.activationFp8Input ? 1.0 : e);
    // Always kept: the two norms' inputs (the residual stream, 4sbh at 2 bytes) and the dropout masks.
    const double residual = (2 * e * sbh + 2 * mask * sbh) * repl;
    // The norms' outputs: QKV's (or MLA's down projections') input, and the MLP's: a dense MLP's FC1 input, a MoE
    // layer's router input (16-bit: the router is no low-precision linear) and its shared experts' FC1 input.
    const bool shared = m.isMoe() && m.moe.sharedExperts > 0;
    const double attentionIn = in * sbh * repl;
    const double routerIn = m.isMoe() ? e * sbh * repl : 0;
    const double mlpIn = (m.isMoe() ? (shared ? in * sbh : 0) : in * sbh) * repl;
    // MLA's latents, computed whole on every TP rank: each one's norm input and its up projection's input, and the
    // keys' shared RoPE part.
    const double latents = m.mla.on()
        ? tokens * (double(m.mla.qLoraRank + m.mla.kvLoraRank) * (e + in) + double(m.mla.qkRopeHeadDim) * e)
        : 0;
    const double qkv = tokens * e * (x.q + x.k + x.val) / x.t; // Q, K, V
    const double projectionIn = tokens * in * x.out / x.t;
    // The MLP: FC1's output (the activation's inputs) and FC2's input, per copy of a token.
    const double denseFfn = m.isMoe() ? 0 : tokens * x.ffn / x.t;
    // A routed expert's copies on this GPU (its SP share of tokens, top-k each, the load factor) and their FC1 input,
    // all-gathered over expert TP.
    const double copies = m.isMoe() ? c.epTokens * m.moe.topK * tr.moeLoadFactor() : 0;
    const double routedFc1In = copies * x.h * double(plan.parallel.expertTp()) * in;
    const double routedFfn = copies * double(m.isMoe() ? m.expertFfn() : 0);
    const double sharedFfn = shared ? tokens * double(m.sharedFfn()) * m.moe.sharedExperts / x.t : 0;
    // softmax output, dropout mask and dropout output: 5·a·s²·b / t at 2 bytes
    const double softmax = (e + (x.attentionDropout ? e + 1 : 0)) * headsLocal * x.sLocal * x.s;

    auto kept = [&](bool recomputing) {
        auto drops = [&](RecomputeModule mod) { return recomputing && tr.recomputes(mod); };
        double a = residual + latents + projectionIn;
        if (!drops(RecomputeModule::LayerNorm))
            a += attentionIn;
        if (!(m.mla.on() && drops(RecomputeModule::MlaUpProj)))
            a += qkv;
        if (!flash && !drops(RecomputeModule::CoreAttn))
            a += softmax;
        // Unpadded, the kernel saves its own output beside the padded copy the projection keeps, and each gather its
        // int64 indices (one per token, whole on every TP rank).
        if (flash && tr.attentionUnpad && !drops(RecomputeModule::CoreAttn))
            a += tokens * e * x.out / x.t + 3 * 8 * tokens;
        if (!m.isMoe()) {
            if (drops(RecomputeModule::Mlp)) // a checkpoint keeps its input, the norm's output at 16 bits
                return a + e * sbh * repl;
            return a + (drops(RecomputeModule::LayerNorm) ? 0 : mlpIn) + denseFfn * (actKept + in);
        }
        if (drops(RecomputeModule::Moe))
            return a + e * sbh * repl;
        if (!drops(RecomputeModule::LayerNorm))
            a += routerIn + (drops(RecomputeModule::SharedExperts) ? 0 : mlpIn);
        a += routedFc1In + routedFfn * (actKept + (drops(RecomputeModule::MoeAct) ? 0 : in));
        if (!drops(RecomputeModule::SharedExperts))
            a += sharedFfn * (actKept + in);
        return a;
    };
    c.fullActivations = kept(false);
    switch (tr.recompute) {
    case Recompute::None:
        c.storedActivations = c.fullActivations;
        break;
    case Recompute::Selective:
        c.storedActivations = kept(true);
        break;
    case Recompute::Full:
        c.storedActivations = e * sbh * repl; // the layer input only
        break;
    case Recompute::SelectiveOps: {
        // torchtitan's op-level policy (_apply_ac_to_transformer_block, counting aten.mm per block forward) keeps
        // the outputs of the 1st, 3rd, 5th… matmul in wq, wk, wv, wo, w1, (w3,) w2 order, and the attention kernel's
        // output with its fp32 log-sum-exp; with the block's input that is all a layer holds (validate(): dense layers
        // with standard attention only). torchao's Float8Linear calls torch.mm on its float8 tensors, so the policy
        // sees, counts and keeps its 16-bit outputs alike.
        const bool swiglu = m.ffn == FfnKind::SwiGlu;
        const double keptMatmuls = (x.q + x.val + x.ffn) / x.t + (swiglu ? x.h : 0); // wq, wv, w1 (and w2)
        c.storedActivations = e * sbh * repl + tokens * (e * (keptMatmuls + x.out / x.t) + 4 * headsLocal / x.b);
        break;
    }
    }

    // What selective recomputation runs again, beside the GEMMs counted above: the attention core, the norms, RoPE
    // after MLA's up projections, the activation functions of the MLPs it recomputes and a MoE layer's permutations.
    if (tr.recomputes(RecomputeModule::CoreAttn)) {
        c.recomputeFwd += c.fwdAttention + unpad.forward; // the unpadding runs again with the kernel
        c.recomputeFwdAttention += c.fwdAttention;
        c.recomputeFwdFlops += c.attentionFwdFlops;
    }
    double again = 0;
    if (tr.recomputes(RecomputeModule::LayerNorm))
        again += normBytes * x.tokens;
    if (m.mla.on() && tr.recomputes(RecomputeModule::MlaUpProj))
        again += ropeBytes * x.tokens;
    const double actPerWidth = (gateWidth + 1) * e; // read the activation's inputs, write its output
    if (!m.isMoe() && tr.recomputes(RecomputeModule::Mlp))
        again += actPerWidth * denseFfn;
    if (tr.recomputes(RecomputeModule::Moe))
        again += actPerWidth * (routedFfn + sharedFfn) + permute;
    else if (tr.recomputes(RecomputeModule::MoeAct))
        again += actPerWidth * routedFfn;
    if (shared && !tr.recomputes(RecomputeModule::Moe) && tr.recomputes(RecomputeModule::SharedExperts))
        again += actPerWidth * sharedFfn;
    c.recomputeFwd += elementwiseTime(again, plan.cluster);
    if (tr.recompute == Recompute::SelectiveOps) {
        // Beside the matmuls it drops (above), every element-wise op and cast runs again.
        c.recomputeFwd += c.fwdElementwise + c.fwdQuantize;
    }
    return c;
}

Plan denseLayerPlan(const Plan& plan)
{
    Plan d;
    d.name = plan.name;
    d.model = denseLayerModel(plan.model);
    d.cluster = plan.cluster;
    d.training = plan.training;
    d.parallel = plan.parallel;
    return d;
}

std::optional<LayerCost> denseLayerCost(const Plan& plan)
{
    if (plan.model.denseLayerCount() <= 0)
        return std::nullopt;
    return layerCost(denseLayerPlan(plan));
}

EdgeCost firstStageCost(const Plan& plan)
{
    const Dims x = dims(plan);
    const double e = bytesPerElement(plan);
    EdgeCost c;
    // Embedding lookup and its dropout: read a row, write the output (and mask); backward scatters the gradient.
    const double bytes = x.tokens * x.h * (2 * e + (x.hiddenDropout ? 1 : 0)) * (x.sp ? 1.0 / x.t : 1.0);
    c.fwd = elementwiseTime(bytes, plan.cluster);
    c.dgrad = 0;
    c.wgrad = elementwiseTime(2 * bytes, plan.cluster);
    c.activationsPerMicroBatch = x.tokens * x.h * (x.hiddenDropout ? 1 : 0) * (x.sp ? 1.0 / x.t : 1.0) + 8 * x.tokens;
    return c;
}

EdgeCost lastStageCost(const Plan& plan)
{
    const Dims x = dims(plan);
    const double e = bytesPerElement(plan);
    const double vocabLocal = double(plan.model.vocab) / x.t;
    EdgeCost c;
    const GpuSpec& gpu = plan.cluster.gpu;
    const double share = gemmShareOf(plan.cluster);
    const double peak = outsideFp8Peak(plan);
    c.fwd = gemmTime({ x.tokens, vocabLocal, x.h, 1 }, gpu, peak, e, share).seconds;
    c.dgrad = gemmTime({ x.tokens, x.h, vocabLocal, 1 }, gpu, peak, e, share).seconds;
    c.wgrad = gemmTime({ x.h, vocabLocal, x.tokens, 1 }, gpu, peak, e, share).seconds;
    c.gemm = c.fwd + c.dgrad + c.wgrad;
    c.fwdFlops = 2 * x.tokens * vocabLocal * x.h;
    // Final norm, then cross entropy over fp32 logits. Megatron-LM's unfused vocab-parallel cross entropy
    // (tensor_parallel/cross_entropy.py, the default) runs one pass per step, bytes per logit: the fp32 cast
    // (2 read, 4 written), the max (4), subtracting it (8), exp (8), the sum (4) and the division (8) forward;
    // the gradient's scaling (8) and its cast back for the output layer (6) backward. A fused loss writes the fp32
    // logits, reads them for the softmax and writes the gradient.
    const double normBytes = 2 * e * x.tokens * x.h;
    const bool fused = plan.training.fusedCrossEntropy();
    const double ceFwd = (fused ? 8.0 : 38.0) * x.tokens * vocabLocal;
    const double ceBwd = (fused ? 4.0 : 14.0) * x.tokens * vocabLocal;
    c.fwd += elementwiseTime(normBytes + ceFwd, plan.cluster);
    c.dgrad += elementwiseTime(2 * normBytes + ceBwd, plan.cluster);
    // Held once at the loss: the output layer's input (Korthikanti §4.3: 2sbh/t) and the logits at the loss's peak.
    // Megatron-LM's vocab-parallel loss works in place on one fp32 copy, and a fused (or compiled) loss keeps one
    // too: 4 bytes per logit (Korthikanti §4.3: 4sbv/t). PyTorch's eager F.cross_entropy on logits upcast with
    // .float(), as torchtitan and Hugging Face models call it under FSDP, holds three fp32 tensors in its backward:
    // log_softmax's saved output, nll_loss's gradient and log_softmax's input gradient, 12 bytes per logit. (The
    // loss's time above is Megatron's pass count for every unfused loss.)
    const bool eagerTorchLoss = !fused && plan.training.framework == Framework::Fsdp;
    c.activationsTransient = e * x.tokens * x.h + (eagerTorchLoss ? 12.0 : 4.0) * x.tokens * vocabLocal;
    // Each multi-token prediction module (model.mtp_layers) adds its 2h → h projection (column parallel), three
    // norms and the shared head with its loss once more; its transformer layer is the last chunk's (chunkOps).
    const double mtp = plan.model.mtpLayers;
    if (mtp > 0) {
        const GemmShape proj { x.tokens, x.h / x.t, 2 * x.h, 1 };
        const double head = c.fwd, headDgrad = c.dgrad, headWgrad = c.wgrad, headFlops = c.fwdFlops;
        const double projFwd = gemmTime(proj, gpu, peak, e, share).seconds;
        const double projDgrad = gemmTime({ x.tokens, 2 * x.h, x.h / x.t, 1 }, gpu, peak, e, share).seconds;
        const double projWgrad = gemmTime({ 2 * x.h, x.h / x.t, x.tokens, 1 }, gpu, peak, e, share).seconds;
        c.fwd += mtp * (head + projFwd + elementwiseTime(3 * normBytes, plan.cluster));
        c.dgrad += mtp * (headDgrad + projDgrad + elementwiseTime(6 * normBytes, plan.cluster));
        c.wgrad += mtp * (headWgrad + projWgrad);
        c.fwdFlops += mtp * (headFlops + proj.flops());
    }
    return c;
}

} // namespace plait
