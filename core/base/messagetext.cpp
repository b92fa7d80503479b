#include "messagetext.h"

#include <algorithm>

// lupdate reads the templates from this file by this macro's name; core itself has no Qt, so it is only a marker.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace plait {

namespace {
// clang-format off
constexpr MessageTemplate kTemplates[] = {
    // ---- the formula pop-ups (evaluate/explain.cpp): each a phrase of a line, said one after another
    { "explain:weights", QT_TRANSLATE_NOOP("Messages", "weights = parameters on this GPU × bytes per parameter") },
    { "explain:weights-fsdp-pp", QT_TRANSLATE_NOOP("Messages",
        " / (dp·cp) + the stage's parameters, gathered through the step (FSDP under PP)") },
    { "explain:weights-zero3", QT_TRANSLATE_NOOP("Messages", " / (dp·cp) + two gathered layers (ZeRO-3)") },
    { "explain:equals", QT_TRANSLATE_NOOP("Messages", "        = %1") },
    { "explain:plus-experts", QT_TRANSLATE_NOOP("Messages", " + %1 (experts)") },
    { "explain:plus-more", QT_TRANSLATE_NOOP("Messages", " + …") },
    { "explain:plus-quantized", QT_TRANSLATE_NOOP("Messages", " + %1 quantized copies") },
    { "explain:result", QT_TRANSLATE_NOOP("Messages", " = %1") },
    { "explain:quantized", QT_TRANSLATE_NOOP("Messages",
        "quantized copies: the layers' linear weights in %1 in both orientations (Transformer Engine's weight "
        "workspaces), %2 B per weight") },
    { "explain:params", QT_TRANSLATE_NOOP("Messages", "parameters: %1 layers / tp %2") },
    { "explain:params-embedding", QT_TRANSLATE_NOOP("Messages", " + word embedding") },
    { "explain:params-head", QT_TRANSLATE_NOOP("Messages", " + final norm and output layer") },
    { "explain:params-experts", QT_TRANSLATE_NOOP("Messages",
        "; experts / (expert TP %1 × EP %2), their states sharded over expert DP %3") },
    { "explain:source", QT_TRANSLATE_NOOP("Messages", "Source: %1") },
    { "explain:grads", QT_TRANSLATE_NOOP("Messages", "gradients = parameters × %1 B") },
    { "explain:grads-fp32", QT_TRANSLATE_NOOP("Messages", " (fp32 main_grad)") },
    { "explain:grads-16", QT_TRANSLATE_NOOP("Messages", " (16-bit)") },
    { "explain:per-dpcp-zero2", QT_TRANSLATE_NOOP("Messages", " / (dp·cp) (ZeRO-2)") },
    { "explain:grads-unsharded", QT_TRANSLATE_NOOP("Messages",
        " + the stage's gradients, accumulated unsharded until the last micro-batch") },
    { "explain:source-fsdp-grads", QT_TRANSLATE_NOOP("Messages",
        "Source: torch.distributed.pipelining stage.py backward_maybe_with_nosync (no gradient sync or reshard but "
        "for the last micro-batch); FSDP2 to_accumulated_grad_if_needed") },
    { "explain:optimizer", QT_TRANSLATE_NOOP("Messages", "optimizer = parameters × %1 B") },
    { "explain:opt-adam", QT_TRANSLATE_NOOP("Messages", " (fp32 master, Adam m and v)") },
    { "explain:opt-adam-bf16-moments", QT_TRANSLATE_NOOP("Messages", " (fp32 master, Adam m and v in BF16)") },
    { "explain:opt-adam-bf16-master", QT_TRANSLATE_NOOP("Messages",
        " (no fp32 master: BF16 master weights, Adam m and v)") },
    { "explain:opt-adam-bf16-both", QT_TRANSLATE_NOOP("Messages",
        " (no fp32 master: BF16 master weights, Adam m and v in BF16)") },
    { "explain:opt-momentum", QT_TRANSLATE_NOOP("Messages", " (fp32 master, momentum)") },
    { "explain:opt-momentum-bf16", QT_TRANSLATE_NOOP("Messages", " (no fp32 master, momentum)") },
    { "explain:opt-zero1", QT_TRANSLATE_NOOP("Messages", " / (dp·cp) (ZeRO-1 / distributed optimizer)") },
    { "explain:opt-offloaded", QT_TRANSLATE_NOOP("Messages",
        "          = 0 on the GPU: in host memory, stepped by the CPU (%1, %2e9 parameters/s per node)") },
    { "explain:source-offload", QT_TRANSLATE_NOOP("Messages",
        "Source: Ren et al. 2021 (ZeRO-Offload); CPU-Adam's rate from DeepSpeed PR #735") },
    { "explain:activations", QT_TRANSLATE_NOOP("Messages",
        "activations = micro-batches in flight × layers per chunk × bytes per layer (+ first/last-stage terms)") },
    { "explain:activations-value", QT_TRANSLATE_NOOP("Messages", "            = %1 × %2 × %3 + … = %4") },
    { "explain:act-bytes", QT_TRANSLATE_NOOP("Messages", "bytes per layer: Korthikanti et al. 2022 Table 2, ") },
    { "explain:act-full", QT_TRANSLATE_NOOP("Messages", "full recomputation: only the layer input (2sbh)") },
    { "explain:act-selective", QT_TRANSLATE_NOOP("Messages",
        "selective recomputation of %1: their kept tensors are dropped") },
    { "explain:act-selective-ops", QT_TRANSLATE_NOOP("Messages",
        "op-level selective recomputation (torchtitan): the layer input, the outputs of every other matmul and of "
        "the attention kernel") },
    { "explain:act-flash", QT_TRANSLATE_NOOP("Messages", "flash attention keeps no score matrix") },
    { "explain:act-plain", QT_TRANSLATE_NOOP("Messages", "sbh(34 + 5as/h) split by TP") },
    { "explain:act-sp", QT_TRANSLATE_NOOP("Messages", ", sequence parallel: everything / tp") },
    { "explain:act-quantized", QT_TRANSLATE_NOOP("Messages",
        "; the linears' inputs kept quantized, %1 B per element") },
    { "explain:in-flight", QT_TRANSLATE_NOOP("Messages",
        "in flight: counted from the simulated %1 schedule of this stage") },
    { "explain:other", QT_TRANSLATE_NOOP("Messages",
        "other = CUDA context, cuBLAS workspace, NCCL buffers + fragmentation × tensors") },
    { "explain:other-value", QT_TRANSLATE_NOOP("Messages", "      = %1 GiB + %2% × %3 = %4") },
    { "explain:other-defaults", QT_TRANSLATE_NOOP("Messages",
        "Defaults: 1 GiB fixed, 5% (Megatron-LM's overhead factor); set training.other_GiB and "
        "training.fragmentation") },
    { "explain:reserved", QT_TRANSLATE_NOOP("Messages",
        "Not counted above: the caching allocator reserves about %1 at this stage's peak "
        "(torch.cuda.max_memory_reserved), %2 × the %3 of tensors, at most the %4 the GPU leaves it (%5). It frees "
        "that cache under pressure, so the plan needs only the total to fit") },
    { "explain:comm-what", QT_TRANSLATE_NOOP("Messages", "%1 %2, %3 ranks, %4 over %5") },
    { "explain:comm-per-call", QT_TRANSLATE_NOOP("Messages",
        "T per call = α·steps + S·factor/β = %1 µs + %2 µs = %3 µs   (S = %4 MiB, factor = %5)") },
    { "explain:comm-per-step", QT_TRANSLATE_NOOP("Messages",
        "per step = %1 calls × %2 ms = %3 ms, of which %4 ms exposed (not hidden under compute)") },
    { "explain:source-comm", QT_TRANSLATE_NOOP("Messages",
        "Source: nccl-tests doc/PERFORMANCE.md (bus-bandwidth factors); α and β from the link catalog") },
    // ---- a lesson's figures with their units (explore/lessontext.cpp)
    { "fact:params", QT_TRANSLATE_NOOP("Messages", "%1 B") },
    { "fact:params-yi", QT_TRANSLATE_NOOP("Messages", "%1 × 10⁸") },
    { "fact:seconds", QT_TRANSLATE_NOOP("Messages", "%1 s") },
    { "fact:times-as-fast", QT_TRANSLATE_NOOP("Messages", "%1× as fast") },
    { "fact:times-as-slow", QT_TRANSLATE_NOOP("Messages", "%1× as slow") },
    { "fact:faster", QT_TRANSLATE_NOOP("Messages", "%1 faster") },
    { "fact:slower", QT_TRANSLATE_NOOP("Messages", "%1 slower") },
    // ---- warnings an evaluation carries (evaluationwarnings.cpp, plankeys.cpp)
    { "warning:tp-crosses-node", QT_TRANSLATE_NOOP("Messages",
        "%1 of %2 TP groups span more than one node; the slowest (GPUs %3) runs every layer's TP collectives at "
        "%4 GB/s per GPU over %5 instead of %6 GB/s over %7") },
    { "warning:tp-crosses-node-domain", QT_TRANSLATE_NOOP("Messages",
        "%1 of %2 TP groups span more than one NVLink domain; the slowest (GPUs %3) runs every layer's TP "
        "collectives at %4 GB/s per GPU over %5 instead of %6 GB/s over %7") },
    { "warning:idle-gpus", QT_TRANSLATE_NOOP("Messages",
        "%1 of the %2 GPUs are idle: TP %3 × PP %4 × CP %5 × DP %6 uses %7 of them") },
    { "warning:too-few-microbatches", QT_TRANSLATE_NOOP("Messages",
        "m = %1 micro-batches for p = %2 stages: the pipeline bubble is %3% of the step; (p−1)/(m+p−1) falls to 10% "
        "at m = 9·(p−1) = %4 micro-batches (a smaller micro-batch or a larger global batch), and interleaved stages "
        "or ZB-H1 shrink it with fewer") },
    { "warning:out-of-memory", QT_TRANSLATE_NOOP("Messages",
        "stage %1 needs %2 per GPU, the %3 has %4; the largest term is %5 (%6)") },
    { "warning:dp-comm-dominates", QT_TRANSLATE_NOOP("Messages",
        "exposed data-parallel communication takes %1 ms of the %2 ms step (%3%); a larger global batch per DP "
        "rank, or fewer DP ranks across slow links, would hide it") },
    { "warning:unbalanced-stages", QT_TRANSLATE_NOOP("Messages",
        "stage %1 computes for %2 ms per step and stage %3 for %4 ms; the others wait for the slowest. Moving layers "
        "off stage %1 (parallel.layers_per_stage) would balance them") },
    { "warning:unbalanced-stages-crossing", QT_TRANSLATE_NOOP("Messages",
        "stage %1 computes for %2 ms per step and stage %3 for %4 ms; the others wait for the slowest. A TP group "
        "of stage %1 crosses nodes: placed inside one node, its collectives run on NVLink again") },
    { "warning:unbalanced-stages-head", QT_TRANSLATE_NOOP("Messages",
        "stage %1, the last, computes for %2 ms per step and stage %3 for %4 ms (%6% more): it also runs the "
        "output layer over the %7-token vocabulary and the loss, and the others wait for it. Fewer layers there "
        "(parallel.layers_per_stage, or Megatron-LM's parallel.loss_in_split where the layers divide) would balance "
        "them") },
    { "warning:gemm-efficiency-unknown", QT_TRANSLATE_NOOP("Messages",
        "%1 has no measured GEMM efficiency in the catalog, so compute times assume the datasheet peak and are a "
        "lower bound; run plait-probe compute to measure it") },
    { "warning:gemm-rate-burst", QT_TRANSLATE_NOOP("Messages",
        "%1 has only a short-burst GEMM rate in the catalog (%2% of peak, boost clock): a training step runs at the "
        "power limit, slower, so compute times are optimistic; plait-probe compute measures the sustained rate") },
    { "warning:host-memory-unstated", QT_TRANSLATE_NOOP("Messages",
        "the offloaded states need %1 of host memory per node; the cluster does not state its host memory "
        "(cluster.host_memory_GiB), so whether they fit is not checked") },
    { "warning:host-out-of-memory", QT_TRANSLATE_NOOP("Messages",
        "the offloaded states need %1 of host memory per node, more than the %2 each node has") },
    { "warning:fp4-overheads", QT_TRANSLATE_NOOP("Messages",
        "NVFP4's random Hadamard transforms, stochastic rounding and 2D weight scaling are not costed, and its "
        "GEMMs' rate comes from one published benchmark (%1): the linears' times are a lower bound") },
    { "warning:hbm-rate-datasheet", QT_TRANSLATE_NOOP("Messages",
        "%1 has no measured streaming rate in the catalog, so memory-bound kernels (norms, activations, the "
        "optimizer step) stream at the datasheet's %2 GB/s, which copies reach only about 87% of on A100 and H100: "
        "their times are optimistic; plait-probe compute measures it") },
    { "warning:attention-rate-unknown", QT_TRANSLATE_NOOP("Messages",
        "the catalog publishes no speed of the %1 attention kernel on the %2, so attention runs at the GEMM rate, "
        "which no fused attention kernel reaches: its time is a lower bound; choose a kernel the catalog publishes "
        "(training.attention_kernel)") },
    { "warning:attention-unpad-unfused", QT_TRANSLATE_NOOP("Messages",
        "training.attention_unpad is set, but flash attention is off: padding is removed only around a fused kernel "
        "(flash_attn_varlen_func), so the setting costs nothing here") },
    { "warning:attention-rate-stand-in", QT_TRANSLATE_NOOP("Messages",
        "no benchmark publishes the speed of the %1 attention kernel (flash_attn_triton.py, llm-foundry's attn_impl "
        "triton) on the %2, and its published timings elsewhere disagree, from below FlashAttention v1's to twice as "
        "fast: %3's curve, the middle of them, sets the step time, and %4's the fast end of its range "
        "(resources/catalog/SOURCES.md)") },
    { "warning:attention-rate-disputed", QT_TRANSLATE_NOOP("Messages",
        "published timings of the %1 attention kernel (flash_attn_triton.py, llm-foundry's attn_impl triton) "
        "disagree: FlashAttention-2's benchmark, whose curve the %2 carries, puts it at or below FlashAttention v1, "
        "its author slightly slower than v1, MosaicML slightly faster, and one user twice as fast: %3's curve, the "
        "middle of them, sets the step time, the benchmark's curve the slow end of its range and %4's the fast end "
        "(resources/catalog/SOURCES.md)") },
    { "warning:mfu-above-sustained", QT_TRANSLATE_NOOP("Messages",
        "hardware FLOP utilization %1% passes the %2% of peak the %3 sustains in large GEMMs: some measured shapes "
        "ran faster than the sustained rate, which a whole training step will not keep up") },
    { "warning:key-ignored", QT_TRANSLATE_NOOP("Messages",
        "%1 is not read beside a preset or config.json, which sets the model's shape; it is kept in the file but has "
        "no effect") },
    { "warning:unknown-key", QT_TRANSLATE_NOOP("Messages",
        "%1 is not a field Plait reads; it is kept in the file but has no effect") },
    { "warning:unknown-key-meant", QT_TRANSLATE_NOOP("Messages",
        "%1 is not a field Plait reads; did you mean %2? It is kept in the file but has no effect") },
    { "warning:unknown-key-meant-value", QT_TRANSLATE_NOOP("Messages",
        "%1 is not a field Plait reads; did you mean %2? It is kept in the file but has no effect: %2 is %3") },

    // ---- a measured fabric against the plan's links (fabriccheck.cpp)
    { "fabric:slow", QT_TRANSLATE_NOOP("Messages",
        "%1 over %2 ranks on %3 host(s) reaches %4 GB/s bus bandwidth at %5, %6% of the %7 GB/s the plan's links lead "
        "one to expect (%8 the narrowest): a slow or misconfigured link (NCCL_DEBUG=INFO names the transport, NICs "
        "and NVLinks it used)") },
    { "fabric:faster", QT_TRANSLATE_NOOP("Messages",
        "%1 over %2 ranks on %3 host(s) reaches %4 GB/s bus bandwidth at %5, %6% of the %7 GB/s the plan's links lead "
        "one to expect (%8 the narrowest): the catalog understates them; apply the measurement to the plan") },
    { "fabric:outlier", QT_TRANSLATE_NOOP("Messages",
        "%1 on %2 reaches %3 GB/s bus bandwidth at %4, %5% of the median of the %6 runs like it (%7 GB/s): a slow NIC "
        "or a degraded NVLink there") },
    { "fabric:ranks-per-host", QT_TRANSLATE_NOOP("Messages",
        "the run has %1 ranks on a host and the plan's nodes %2 GPUs: the plan's links say nothing about it") },
    // ---- the rates a job's profile calibrates (explore/profilecalibration.cpp)
    { "profilecal:no-placed-rank", QT_TRANSLATE_NOOP("Messages",
        "no rank of the profile has a stage in the plan and a profiled step") },
    { "profilecal:not-evaluated", QT_TRANSLATE_NOOP("Messages", "the plan does not evaluate") },
    { "profilecal:no-gemm-in-plan", QT_TRANSLATE_NOOP("Messages", "the plan has no GEMMs on the profiled stages") },
    { "profilecal:no-gemm-kernel", QT_TRANSLATE_NOOP("Messages", "no GEMM kernel in the profile") },
    { "profilecal:no-attention-kernel", QT_TRANSLATE_NOOP("Messages", "no attention kernel in the profile") },
    { "profilecal:no-other-kernel", QT_TRANSLATE_NOOP("Messages", "no element-wise kernel in the profile") },
    { "profilecal:unfused", QT_TRANSLATE_NOOP("Messages",
        "the plan runs unfused attention, costed as GEMMs and element-wise kernels") },
    { "profilecal:one-pass", QT_TRANSLATE_NOOP("Messages", "the profile has attention kernels of one pass only") },
    { "profilecal:passes-as-model", QT_TRANSLATE_NOOP("Messages",
        "the kernels' names do not tell the two passes apart: their time is split as the model splits it") },
    { "profilecal:past-peak", QT_TRANSLATE_NOOP("Messages",
        "faster than the GPU's dense peak (%1 TFLOP/s) for the plan's FLOPs: is the profile of this plan?") },
    { "profilecal:past-hbm", QT_TRANSLATE_NOOP("Messages",
        "faster than the datasheet's HBM bandwidth (%1 GB/s) for the plan's element-wise traffic: is the profile of "
        "this plan?") },
    { "profilecal:too-slow", QT_TRANSLATE_NOOP("Messages",
        "over 20 times slower than the model: is the profile of this plan?") },
    { "profilecal:too-fast", QT_TRANSLATE_NOOP("Messages",
        "over 20 times faster than the model: is the profile of this plan?") },
    { "profilecal:replaces-probe", QT_TRANSLATE_NOOP("Messages", "replaces the probe's timed GEMM shapes") },
    { "profilecal:link-small", QT_TRANSLATE_NOOP("Messages",
        "its largest all-reduce moves %1, below the 1 MiB where the link's rate sets the time") },
    { "profilecal:link-broken", QT_TRANSLATE_NOOP("Messages",
        "below 1% of the link's line rate: a broken link, not a slow one (the fabric check names it)") },
    { "profilecal:link-no-allreduce", QT_TRANSLATE_NOOP("Messages",
        "no all-reduce over this link was timed: its efficiency stays the model's") },
    { "profilecal:kind-small", QT_TRANSLATE_NOOP("Messages",
        "its largest call moves %1, below the 1 MiB where the link's rate sets the time") },
    { "profilecal:kind-unplaced", QT_TRANSLATE_NOOP("Messages",
        "the plan places this group's ranks on no GPUs of its cluster: its path is not known") },
    { "profilecal:kind-past-line", QT_TRANSLATE_NOOP("Messages",
        "%1 GB/s of bus bandwidth, past the link's line rate of %2 GB/s: is the profile of this cluster?") },
    { "profilecal:overlap-unseen", QT_TRANSLATE_NOOP("Messages",
        "fewer than %1 kernels per step ran beside a collective and also alone: the slowdown is not measured") },
    { "profilecal:overlap-past", QT_TRANSLATE_NOOP("Messages",
        "the kernels beside collectives ran %1% slower than alone, past what sharing the GPU does: something else "
        "slowed them") },
    { "profilecal:overlap-none", QT_TRANSLATE_NOOP("Messages",
        "the kernels beside collectives ran no slower than alone (%1% faster): taken as no slowdown") },
    { "profilecal:other-all-fixed", QT_TRANSLATE_NOOP("Messages",
        "the plan's element-wise time is all kernels' fixed cost: no traffic to fit a rate on") },
    { "profilecal:gaps-unseen", QT_TRANSLATE_NOOP("Messages",
        "fewer than %1 kernels per step waited in the queue (the profile records no kernel launches, or the host held "
        "every kernel back): the kernels' fixed cost is not measured") },
    { "profilecal:gap-past", QT_TRANSLATE_NOOP("Messages",
        "the GPU sat idle %1 µs before each kernel that waited in the queue, past the %2 µs the calibration allows a "
        "kernel's fixed cost: something else held the queue (another stream's event, a copy)") },
    { "profilecal:fixed-past", QT_TRANSLATE_NOOP("Messages",
        "%1 µs per kernel, past %2 µs: the GPU waited on something other than starting kernels") },
    { "profilecal:fixed-measured", QT_TRANSLATE_NOOP("Messages",
        "the GPU sat idle %1 µs before each of %2 kernels per step that waited in the queue; over all %3 kernels per "
        "step that is %4, which the model's %5 kernels per step carry") },
    // ---- the terms of a GPU's memory, named inside other messages
    { "term:weights", QT_TRANSLATE_NOOP("Messages", "weights") },
    { "term:gradients", QT_TRANSLATE_NOOP("Messages", "gradients") },
    { "term:optimizer state", QT_TRANSLATE_NOOP("Messages", "optimizer state") },
    { "term:activations", QT_TRANSLATE_NOOP("Messages", "activations") },
    { "term:other", QT_TRANSLATE_NOOP("Messages", "other") },

    // ---- problems with a plan's fields (jsonfields.h, plan.cpp, framework.cpp)
    { "issue:required", QT_TRANSLATE_NOOP("Messages", "is required") },
    { "issue:between", QT_TRANSLATE_NOOP("Messages", "must be between %1 and %2, got %3") },
    { "issue:whole-between", QT_TRANSLATE_NOOP("Messages", "must be a whole number between %1 and %2, got %3") },
    { "issue:choice", QT_TRANSLATE_NOOP("Messages", "unknown value %1; expected one of: %2") },
    { "issue:too-long", QT_TRANSLATE_NOOP("Messages", "is longer than the limit of %1 characters") },
    { "issue:cluster-too-large", QT_TRANSLATE_NOOP("Messages",
        "nodes × gpus_per_node = %1 GPUs, more than the limit of %2") },
    { "issue:parallel-too-large", QT_TRANSLATE_NOOP("Messages", "tp·pp·dp·cp is larger than the limit of %1 GPUs") },
    { "issue:too-few-gpus", QT_TRANSLATE_NOOP("Messages", "tp·pp·dp·cp = %1·%2·%3·%4 = %5 GPUs, but the cluster has %6") },
    { "issue:heads-tp", QT_TRANSLATE_NOOP("Messages", "heads (%1) must divide by tp (%2)") },
    { "issue:kv-heads-tp", QT_TRANSLATE_NOOP("Messages", "kv_heads (%1) and tp (%2) must divide one another") },
    { "issue:ffn-tp", QT_TRANSLATE_NOOP("Messages", "ffn_hidden (%1) must divide by tp (%2)") },
    { "issue:megatron-zero", QT_TRANSLATE_NOOP("Messages",
        "Megatron-LM shards optimizer states only (its distributed optimizer, ZeRO-1); ZeRO-%1 needs "
        "training.framework deepspeed or fsdp") },
    { "issue:deepspeed-zero-pp", QT_TRANSLATE_NOOP("Messages",
        "DeepSpeed rejects ZeRO-%1 with pipeline parallelism (pp %2): ZeRO-2 and ZeRO-3 are incompatible with its "
        "pipeline engine") },
    { "issue:fsdp-zero1", QT_TRANSLATE_NOOP("Messages", "PyTorch FSDP has no ZeRO-1: NO_SHARD is 0, SHARD_GRAD_OP 2, FULL_SHARD 3") },
    { "issue:cp-needs-fused", QT_TRANSLATE_NOOP("Messages",
        "%1 runs context parallelism (cp %2) only inside fused attention kernels: set training.flash_attention, or "
        "cp 1") },
    { "issue:param-gather-zero", QT_TRANSLATE_NOOP("Messages",
        "overlaps the all-gather of sharded optimizer updates, which needs zero_stage 1 or 2 (got %1)") },
    { "issue:param-gather-grad-reduce", QT_TRANSLATE_NOOP("Messages",
        "needs training.overlap_grad_reduce, as in Megatron-LM") },
    { "issue:vpp-interleaved", QT_TRANSLATE_NOOP("Messages", "vpp = %1 needs the interleaved schedule") },
    { "issue:vpp-v-shape", QT_TRANSLATE_NOOP("Messages",
        "%1 runs two model chunks per GPU in a V (down the pipeline, then back): vpp must be 2, not %2") },
    { "issue:dualpipe-pp", QT_TRANSLATE_NOOP("Messages",
        "DualPipe pairs stage i with stage pp − 1 − i, so pp must be even and at least 2 (got %1)") },
    { "issue:dualpipe-microbatches", QT_TRANSLATE_NOOP("Messages",
        "%1 needs at least 2·pp micro-batches per pipeline (%2·%3 = %4), an even number under DualPipe, which "
        "sends half of them each way (got %5)") },
    { "issue:split-twice", QT_TRANSLATE_NOOP("Messages",
        "gives each stage's layers itself; embedding_in_split and loss_in_split would split them again: use one or "
        "the other") },
    { "issue:layers-pp-embedding", QT_TRANSLATE_NOOP("Messages",
        "layers with the embedding counted as a layer (%1 + 1 = %2) must divide by pp·vpp (%3·%4 = %5)") },
    { "issue:layers-pp-loss", QT_TRANSLATE_NOOP("Messages",
        "layers with the loss counted as a layer (%1 + 1 = %2) must divide by pp·vpp (%3·%4 = %5)") },
    { "issue:layers-pp-both", QT_TRANSLATE_NOOP("Messages",
        "layers with the embedding and the loss counted as layers (%1 + 2 = %2) must divide by pp·vpp (%3·%4 = %5)") },
    { "issue:layers-pp", QT_TRANSLATE_NOOP("Messages",
        "layers (%1) must divide by pp·vpp (%2·%3 = %4), or give parallel.layers_per_stage, or count the embedding "
        "and the loss as layers (parallel.embedding_in_split, parallel.loss_in_split)") },
    { "issue:stage-list-size", QT_TRANSLATE_NOOP("Messages", "has %1 entries for pp = %2") },
    { "issue:stage-list-sum", QT_TRANSLATE_NOOP("Messages", "adds up to %1 layers, the model has %2") },
    { "issue:domain-nodes", QT_TRANSLATE_NOOP("Messages",
        "an NVLink domain of %1 GPUs must hold whole nodes of %2 GPUs") },
    { "issue:domain-cluster", QT_TRANSLATE_NOOP("Messages",
        "the cluster's %1 GPUs do not make whole NVLink domains of %2") },
    { "issue:pod-domains", QT_TRANSLATE_NOOP("Messages",
        "a pod of %1 GPUs must hold whole NVLink domains of %2 GPUs, and the cluster's %3 GPUs whole pods") },
    { "issue:chunk-list-size", QT_TRANSLATE_NOOP("Messages", "has %1 entries for pp·vpp = %2·%3 model chunks") },
    { "issue:chunk-list-alone", QT_TRANSLATE_NOOP("Messages",
        "gives each model chunk's layers itself; layers_per_stage, embedding_in_split and loss_in_split would split "
        "them again: use one") },
    { "issue:stage-list-vpp", QT_TRANSLATE_NOOP("Messages", "each stage's layers must divide by vpp (%1)") },
    { "issue:batch-dp", QT_TRANSLATE_NOOP("Messages",
        "global_batch (%1) must divide by dp·micro_batch (%2·%3 = %4)") },
    { "issue:interleaved-microbatches", QT_TRANSLATE_NOOP("Messages",
        "the interleaved schedule needs micro-batches per pipeline (%1) to be a multiple of pp (%2)") },
    { "issue:too-much-to-simulate", QT_TRANSLATE_NOOP("Messages",
        "%1 micro-batches × %2 pipeline chunks = %3 forward passes to simulate, more than the limit of %4") },
    { "issue:seq-cp", QT_TRANSLATE_NOOP("Messages", "seq_len (%1) must divide by 2·cp (%2)") },
    { "issue:ep-dense", QT_TRANSLATE_NOOP("Messages", "ep = %1 needs a mixture-of-experts model") },
    { "issue:experts-ep", QT_TRANSLATE_NOOP("Messages", "experts (%1) must divide by ep (%2)") },
    { "issue:ep-fold",
        QT_TRANSLATE_NOOP("Messages",
            "expert TP (%1) × ep (%2) = %3 must divide tp × cp × dp (%4 × %5 × %6 = %7): the MoE layers regroup each "
            "stage's GPUs as expert TP × EP × expert DP") },
    { "issue:etp-dense", QT_TRANSLATE_NOOP("Messages", "etp = %1 needs a mixture-of-experts model") },
    { "issue:a2a-overlap-ep",
        QT_TRANSLATE_NOOP("Messages", "the all-to-all overlap needs a mixture-of-experts model with ep > 1 (ep = %1)") },
    { "issue:a2a-overlap-framework",
        QT_TRANSLATE_NOOP("Messages", "the all-to-all overlap is Megatron-Core's combined 1F1B; %1 does not run it") },
    { "issue:a2a-overlap-schedule",
        QT_TRANSLATE_NOOP("Messages",
            "the all-to-all overlap runs under 1F1B without pipelining or under interleaved 1F1B (Megatron-Core's "
            "combined_1f1b.py); pp = %1 with %2, vpp = %3") },
    { "issue:dispatcher-framework",
        QT_TRANSLATE_NOOP("Messages",
            "the %1 token dispatcher is Megatron-Core's; %2 sends tokens with an all-to-all (moe_dispatcher alltoall)") },
    { "issue:recompute-modules-selective",
        QT_TRANSLATE_NOOP("Messages",
            "recompute modules (%1) apply to selective recomputation only (Megatron-Core's --recompute-modules); "
            "recompute is %2") },
    { "issue:selective-op-framework",
        QT_TRANSLATE_NOOP("Messages",
            "op-level selective recomputation (selective_op) is torchtitan's, under PyTorch FSDP; %1 does not run it") },
    { "issue:selective-op-layers",
        QT_TRANSLATE_NOOP("Messages",
            "op-level selective recomputation (selective_op) is modelled for dense layers with standard attention "
            "only; Plait does not know which of a MoE or MLA layer's outputs it keeps") },
    { "issue:recompute-modules-empty",
        QT_TRANSLATE_NOOP("Messages",
            "selective recomputation needs at least one module in recompute_modules (or none: recompute none)") },
    { "issue:activation-fp8-input",
        QT_TRANSLATE_NOOP("Messages",
            "keeping the activation's input in FP8 is Megatron-Core's --activation-func-fp8-input-store, for SwiGLU "
            "MLPs only") },
    { "issue:a2a-overlap-recompute",
        QT_TRANSLATE_NOOP("Messages", "the all-to-all overlap does not run with full recomputation") },
    { "launch:etp-dense", QT_TRANSLATE_NOOP("Messages", "a dense model has no experts to split") },
    { "issue:expert-ffn-etp",
        QT_TRANSLATE_NOOP("Messages", "the experts' FFN width (%1) must divide by expert TP (%2)") },
    { "issue:gpus-needed", QT_TRANSLATE_NOOP("Messages", "needs %1 GPUs, the cluster has %2") },
    { "issue:no-fp8", QT_TRANSLATE_NOOP("Messages", "%1 has no FP8 tensor cores") },
    { "issue:no-fp4", QT_TRANSLATE_NOOP("Messages", "%1 has no FP4 tensor cores (NVFP4 needs Blackwell)") },
    { "issue:mxfp8-gpu",
        QT_TRANSLATE_NOOP("Messages",
            "MXFP8 needs tensor cores that apply block scales (Blackwell); %1 has none: use tensorwise, delayed or "
            "blockwise scaling") },
    { "issue:fp8-recipe-framework",
        QT_TRANSLATE_NOOP("Messages",
            "rowwise scaling is torchao's (torchtitan, framework fsdp); %1 runs Transformer Engine's recipes: "
            "delayed, tensorwise, blockwise, mxfp8") },
    { "issue:fp4-framework",
        QT_TRANSLATE_NOOP("Messages", "NVFP4 training runs under Megatron-LM (Transformer Engine), not %1") },
    { "issue:fp8-param-gather",
        QT_TRANSLATE_NOOP("Messages",
            "FP8 primary weights (--fp8-param-gather) need FP8 linears under Megatron-LM with its distributed "
            "optimizer (zero_stage 1)") },
    { "issue:offload-params",
        QT_TRANSLATE_NOOP("Messages",
            "offloading the parameters needs ZeRO stage 3 with the optimizer offloaded too, under DeepSpeed or FSDP") },
    { "issue:offload-megatron",
        QT_TRANSLATE_NOOP("Messages",
            "Megatron-LM offloads the optimizer (--optimizer-cpu-offload) under its distributed optimizer: zero_stage 1") },
    { "issue:offload-zero",
        QT_TRANSLATE_NOOP("Messages", "DeepSpeed offloads the optimizer at ZeRO stage 1, 2 or 3, not 0") },
    { "issue:offload-fsdp",
        QT_TRANSLATE_NOOP("Messages",
            "FSDP's CPU offload moves the parameters, gradients and optimizer step together: set offload_params too") },
    { "issue:moments-optimizer", QT_TRANSLATE_NOOP("Messages", "BF16 optimizer moments need Adam") },
    { "issue:master-weights-bf16", QT_TRANSLATE_NOOP("Messages",
        "BF16 master weights and gradients are DeepSpeed's (bf16.bf16_master_weights_and_grads), under BF16 "
        "training") },
    { "issue:master-weights-zero", QT_TRANSLATE_NOOP("Messages",
        "DeepSpeed keeps BF16 master weights only under ZeRO 1, 2 or 3 (\"Bf16_master_weights_and_grads is only "
        "supported with ZeRO Stage 1, 2, or 3.\")") },
    { "issue:moments-deepspeed", QT_TRANSLATE_NOOP("Messages",
        "DeepSpeed keeps Adam's moments in BF16 only beside BF16 master weights (\"bf16_optimizer_states requires "
        "bf16_master_weights_and_grads to be enabled.\"): set training.master_weights to bf16, or the moments to "
        "fp32") },
    // ---- framework launch configurations, in (megatronargs.cpp, deepspeedconfig.cpp) and out (launchconfig.cpp)
    { "issue:config-layout-size", QT_TRANSLATE_NOOP("Messages", "%1 unrolls to more than %2 letters") },
    { "issue:config-layout-letter", QT_TRANSLATE_NOOP("Messages",
        "%1: '%2' in stage %3 is not a layer (E embedding, t transformer layer, m multi-token prediction, L loss)") },
    { "issue:config-layout-stages", QT_TRANSLATE_NOOP("Messages",
        "%1 has %2 stages, not a multiple of --pipeline-model-parallel-size %3") },
    { "issue:config-layout-edges", QT_TRANSLATE_NOOP("Messages",
        "%1 must begin with the embedding (E) and end with the loss (L), each once") },
    { "issue:config-layout-mtp-last", QT_TRANSLATE_NOOP("Messages",
        "%1 places a transformer layer after a multi-token prediction layer") },
    { "issue:config-layout-layers", QT_TRANSLATE_NOOP("Messages",
        "%1 places %2 transformer layers where %3 gives %4") },
    { "issue:config-conflict", QT_TRANSLATE_NOOP("Messages", "%1 conflicts with %2 at line %3") },
    { "issue:config-unresolved", QT_TRANSLATE_NOOP("Messages",
        "%1 takes its value from %2, a variable or a command the file does not set") },
    { "issue:config-positional", QT_TRANSLATE_NOOP("Messages",
        "%1 takes its value from %2, an argument given to the script when it is run, which the file does not "
        "hold") },
    { "issue:config-no-value", QT_TRANSLATE_NOOP("Messages", "%1 needs a value") },
    { "issue:config-whole-number", QT_TRANSLATE_NOOP("Messages", "%1 needs a whole number from %2 to %3, got %4") },
    { "issue:config-required-with", QT_TRANSLATE_NOOP("Messages",
        "%1 is missing: Megatron-LM builds a model from all of %2") },
    { "issue:config-choice", QT_TRANSLATE_NOOP("Messages", "%1 %2 is not one of: %3") },
    { "issue:config-world", QT_TRANSLATE_NOOP("Messages",
        "%1 GPUs (%2) do not divide by TP·PP·CP = %3·%4·%5 = %6") },
    { "issue:config-world-launcher", QT_TRANSLATE_NOOP("Messages",
        "%1 GPUs (%2) do not divide by TP·PP·CP = %3·%4·%5 = %6: for a script written for one node, import with "
        "--keep-cluster to keep the plan's cluster") },
    { "issue:config-vpp-layers", QT_TRANSLATE_NOOP("Messages",
        "%1: %2 layers over %3 pipeline stages do not split into virtual stages of that many layers") },
    { "issue:config-first-last", QT_TRANSLATE_NOOP("Messages",
        "%1 layers less %2 on the first stage and %3 on the last do not split evenly over the %4 other stages") },
    { "issue:ds-batch", QT_TRANSLATE_NOOP("Messages",
        "train_batch_size %1 is not micro-batch %2 × accumulation %3 × DP %4 = %5") },
    { "issue:ds-batch-divide", QT_TRANSLATE_NOOP("Messages",
        "train_batch_size %1 does not divide by %2 %3 × DP %4 = %5") },
    { "issue:toml-syntax", QT_TRANSLATE_NOOP("Messages", "not TOML at column %1: %2") },
    { "issue:toml-unterminated-line", QT_TRANSLATE_NOOP("Messages",
        "not TOML: an unterminated string (the line ends at column %1 before its closing quote)") },
    { "issue:toml-unterminated-file", QT_TRANSLATE_NOOP("Messages",
        "not TOML: an unterminated string (the file ends at column %1 before its closing quotes)") },
    { "issue:config-moe-freq-length", QT_TRANSLATE_NOOP("Messages",
        "--moe-layer-freq %1 lists %2 layers; --num-layers is %3 (Megatron-LM asserts they match)") },
    { "issue:config-unterminated-double", QT_TRANSLATE_NOOP("Messages",
        "a double quote opens here and is never closed: bash would not run the file") },
    { "issue:config-unterminated-single", QT_TRANSLATE_NOOP("Messages",
        "a single quote opens here and is never closed: bash would not run the file") },
    { "issue:config-binary", QT_TRANSLATE_NOOP("Messages",
        "the file holds binary data (NUL bytes): not a %1 configuration") },
    { "issue:config-empty-megatron", QT_TRANSLATE_NOOP("Messages",
        "the file sets no Megatron-LM argument (no --flag was found): it is not a launch script or argument file") },
    { "issue:config-only-launcher", QT_TRANSLATE_NOOP("Messages",
        "the file sets only a launcher's flags (%1) and no Megatron-LM argument after its script: not a Megatron-LM "
        "launch script") },
    { "issue:config-empty-torchtitan", QT_TRANSLATE_NOOP("Messages",
        "the file sets no torchtitan setting: it is neither a TOML job file nor a command line of --section.key "
        "flags") },
    { "issue:config-shard-zero", QT_TRANSLATE_NOOP("Messages",
        "%1 = 0: torchtitan takes -1 (the GPUs the other degrees leave) or a degree of at least 1") },
    { "issue:ds-precision-conflict", QT_TRANSLATE_NOOP("Messages", "bf16 and fp16 are both enabled") },
    { "issue:export-kv-heads", QT_TRANSLATE_NOOP("Messages",
        "%1 shards the KV heads by TP: %2 KV heads do not divide by TP %3; TP %4 would") },
    { "issue:schedule-framework", QT_TRANSLATE_NOOP("Messages",
        "training.framework %1 does not run the %2 schedule") },
    { "warning:schedule-framework", QT_TRANSLATE_NOOP("Messages",
        "training.framework %1 does not run the %2 schedule: a what-if that no launch configuration can run; 1f1b "
        "runs everywhere") },
    { "issue:export-schedule", QT_TRANSLATE_NOOP("Messages",
        "%1 does not run the %2 schedule; 1f1b runs everywhere") },
    { "issue:export-stage-list", QT_TRANSLATE_NOOP("Messages",
        "%1 splits the layers evenly over the stages; export to Megatron-LM for an uneven split, or remove it") },
    { "issue:export-partial-node", QT_TRANSLATE_NOOP("Messages",
        "%1 runs on whole nodes: the plan uses %2 GPUs, not a multiple of %3 per node") },
    { "launch:ds-export-sizes", QT_TRANSLATE_NOOP("Messages",
        "DeepSpeed's JSON holds no parallel sizes: the training script sets PP %1 (PipelineModule(num_stages=%1)) and "
        "TP %2; DP is then %3 ranks / (PP %1 · TP %2) = %4") },
    { "launch:ds-export-launch", QT_TRANSLATE_NOOP("Messages",
        "start it on the first node with DeepSpeed's launcher, which reaches the others through the hostfile that "
        "`plait export PLAN --to hostfile` writes: %1") },
    { "launch:ds-export-launch-one", QT_TRANSLATE_NOOP("Messages", "start it with DeepSpeed's launcher: %1") },
    { "launch:ds-export-no-launcher", QT_TRANSLATE_NOOP("Messages",
        "DeepSpeed's launcher gives each node a block of consecutive ranks and local rank i GPU i, which is not this "
        "plan's placement: start it with the torchrun lines that `plait export PLAN --to hostfile` writes "
        "(deepspeed.init_distributed reads torchrun's environment)") },
    { "issue:export-torchtitan-sp", QT_TRANSLATE_NOOP("Messages",
        "torchtitan's TOML versions (v0.2) always shard the sequence under TP %1: set training.sequence_parallel to "
        "true") },
    { "issue:export-torchtitan-etp", QT_TRANSLATE_NOOP("Messages",
        "torchtitan runs expert TP only as 1 or as the TP size (%1), not %2 (\"Currently we only support ETP=TP or "
        "ETP=1\")") },
    { "issue:export-torchtitan-seq", QT_TRANSLATE_NOOP("Messages",
        "torchtitan needs the sequence (%1 tokens) to divide by TP · 2 · CP = %2; %3 tokens would") },
    { "launch:gqa-without-groups", QT_TRANSLATE_NOOP("Messages",
        "--group-query-attention without --num-query-groups: Megatron-LM keeps one KV head per attention head") },
    { "launch:query-groups-ignored", QT_TRANSLATE_NOOP("Messages",
        "%1 (%2) has no effect without --group-query-attention, as in Megatron-LM") },
    { "launch:vocab-from-base", QT_TRANSLATE_NOOP("Messages",
        "the vocabulary comes from the tokenizer, which the arguments do not name (no --vocab-size): the base plan's "
        "%1 is kept") },
    { "launch:vocab-from-tokenizer", QT_TRANSLATE_NOOP("Messages",
        "no --vocab-size: the vocabulary is the tokenizer's (%1), which Plait does not read; the base plan's %2 is "
        "kept") },
    { "launch:seq-from-base", QT_TRANSLATE_NOOP("Messages", "no --seq-length: the base plan's %1 is kept") },
    { "launch:dropout-default", QT_TRANSLATE_NOOP("Messages",
        "no --attention-dropout or --hidden-dropout: Megatron-LM runs its default 0.1 on both, which Llama-style "
        "recipes (no linear biases) set to 0; the estimate costs it, in the attention kernel and as masks on the "
        "residual branches") },
    { "launch:gpus-per-node", QT_TRANSLATE_NOOP("Messages",
        "%1 (%2) where the base plan's nodes have %3 GPUs: the nodes' hardware is the base plan's") },
    { "launch:cluster-from-base", QT_TRANSLATE_NOOP("Messages",
        "the file does not give torchrun's --nnodes and --nproc-per-node as numbers: the cluster is the base plan's, "
        "%1 × %2 GPUs") },
    { "launch:global-batch-default", QT_TRANSLATE_NOOP("Messages",
        "no --global-batch-size: Megatron-LM takes micro-batch × DP = %1") },
    { "launch:megatron-fp32", QT_TRANSLATE_NOOP("Messages", "neither --bf16 nor --fp16: Megatron-LM trains in fp32") },
    { "issue:hf-mamba-layers", QT_TRANSLATE_NOOP("Messages",
        "holds %1 Mamba (state-space) layers, which Plait does not cost: refused rather than costed as attention") },
    { "issue:hf-layer-kind", QT_TRANSLATE_NOOP("Messages",
        "holds %2 layers of kind \"%1\", which Plait does not cost: refused rather than costed as attention") },
    { "issue:hf-cross-attention", QT_TRANSLATE_NOOP("Messages",
        "holds %1 cross-attention layers (attention to image features), which Plait does not cost: refused rather "
        "than costed as self-attention") },
    { "issue:hf-mamba", QT_TRANSLATE_NOOP("Messages",
        "describes Mamba (state-space) layers, which Plait does not cost: refused rather than costed as attention") },
    { "launch:hf-python-words", QT_TRANSLATE_NOOP("Messages",
        "the file holds %1 of Python's NaN/Infinity, which JSON has no words for: read as text, so a field Plait "
        "reads would say so") },
    { "launch:flags-in-variables", QT_TRANSLATE_NOOP("Messages",
        "the file passes no command its flags: read those it keeps in %1 (an argument file meant to be sourced)") },
    { "launch:deepspeed-zero-no-pp", QT_TRANSLATE_NOOP("Messages",
        "ZeRO stage %1 does not run with DeepSpeed's pipeline: PP 1, and the base plan's %2 pipeline stages' GPUs go to "
        "data parallelism") },
    { "launch:deepspeed-autotp", QT_TRANSLATE_NOOP("Messages",
        "tensor_parallel.autotp_size %1: DeepSpeed's AutoTP splits each layer over that many GPUs (TP %1)") },
    { "launch:keep-cluster", QT_TRANSLATE_NOOP("Messages",
        "--keep-cluster: the file's %1 %2 give way to the plan's cluster of %3 × %4 GPUs") },
    { "launch:old-name", QT_TRANSLATE_NOOP("Messages", "%1 (%2) is the old name of %3, read as such") },
    { "launch:deepspeed-sizes-from-base", QT_TRANSLATE_NOOP("Messages",
        "a DeepSpeed JSON holds no TP or pipeline sizes (the training script builds them: PipelineModule's "
        "num_stages, the model's code): the base plan's TP %1 · PP %2 · DP %3 are kept") },
    { "launch:deepspeed-bucket-zero", QT_TRANSLATE_NOOP("Messages",
        "zero_optimization.reduce_bucket_size 0: ZeRO reduces each gradient tensor alone as the backward produces it; "
        "costed as buckets of one weight matrix, %1 parameters") },
    { "launch:megatron-fsdp-default", QT_TRANSLATE_NOOP("Messages",
        "%1: --use-megatron-fsdp without --data-parallel-sharding-strategy: read as optim_grads_params (ZeRO-3), "
        "Megatron-LM's default since 2026-04-01 (#3691); before it the default was no_shard (no sharding)") },
    { "launch:megatron-fsdp", QT_TRANSLATE_NOOP("Messages",
        "Megatron-FSDP with %1 shards as ZeRO-%2: costed as training.framework %3") },
    { "launch:megatron-fsdp-dispatch", QT_TRANSLATE_NOOP("Messages",
        "Megatron-FSDP's %1 token dispatcher is costed as the all-to-all: Plait costs the %1 dispatcher under "
        "Megatron-LM's own sharding only") },
    { "launch:mindspeed-names", QT_TRANSLATE_NOOP("Messages",
        "MindSpeed-LLM's names for Megatron-LM's arguments, read as Megatron-LM's: %1") },
    { "launch:megatron-deepspeed-zero", QT_TRANSLATE_NOOP("Messages",
        "%1 (%2) is Megatron-DeepSpeed's: the optimizer runs under DeepSpeed at that ZeRO stage, and the job as "
        "DeepSpeed runs it") },
    { "launch:sequence-parallel-off", QT_TRANSLATE_NOOP("Messages",
        "--sequence-parallel (%1) with TP 1: Megatron-LM turns it off, and so does the plan") },
    { "launch:deepspeed-auto", QT_TRANSLATE_NOOP("Messages",
        "%1 is \"auto\" (the Hugging Face Trainer fills it in from its own arguments): the base plan's value is kept") },
    { "launch:deepspeed-batch-from-base", QT_TRANSLATE_NOOP("Messages",
        "fewer than two of train_batch_size, train_micro_batch_size_per_gpu and gradient_accumulation_steps are "
        "numbers: the rest are the base plan's (global batch %1, micro-batch %2)") },
    { "launch:deepspeed-fp32", QT_TRANSLATE_NOOP("Messages", "neither bf16 nor fp16 is enabled: DeepSpeed trains in fp32") },
    { "launch:torchtitan-preset", QT_TRANSLATE_NOOP("Messages",
        "[model] %1 (%2): torchtitan's shape of it is the published model Plait has as the preset %3, read as such") },
    { "launch:torchtitan-model", QT_TRANSLATE_NOOP("Messages",
        "%1 = %2 (%3): torchtitan's code holds that model's shape; the plan keeps the base plan's model, %4") },
    { "launch:how-even-split", QT_TRANSLATE_NOOP("Messages", "with virtual stages: the layers are split evenly") },
    { "launch:recompute-module",
        QT_TRANSLATE_NOOP("Messages", "a module Plait does not recompute (its activations are counted as kept)") },
    { "launch:how-full-recompute", QT_TRANSLATE_NOOP("Messages", "estimated as every layer recomputed") },
    { "launch:how-offload", QT_TRANSLATE_NOOP("Messages", "memory and time are those of the GPU alone") },
    { "launch:offload-pageable", QT_TRANSLATE_NOOP("Messages",
        "copies from pageable host memory run below the link's rate, which the offload is costed at") },
    { "launch:how-estimated-as", QT_TRANSLATE_NOOP("Messages", "estimated as %1") },
    { "launch:how-mla", QT_TRANSLATE_NOOP("Messages",
        "multi-head latent attention: costed as attention with %1 KV heads") },
    { "launch:moe-all-dense", QT_TRANSLATE_NOOP("Messages",
        "%1 makes every layer dense: the model is costed without experts") },
    { "launch:how-all-moe", QT_TRANSLATE_NOOP("Messages", "every layer is costed as a mixture-of-experts layer") },
    { "launch:how-no-shared-expert", QT_TRANSLATE_NOOP("Messages",
        "shared experts narrower than the dense FFN: left out of the estimate") },
    { "launch:how-full-attention", QT_TRANSLATE_NOOP("Messages", "costed as attention over the whole sequence") },
    { "launch:hf-position-cap", QT_TRANSLATE_NOOP("Messages",
        "the model's learned positions end at %1 (n_positions): it cannot take the plan's sequence of %2, so the "
        "plan trains at %1") },
    { "launch:hf-type-defaults", QT_TRANSLATE_NOOP("Messages",
        "the file leaves out what %1's config class gives by default, read as transformers does: %2") },
    { "launch:hf-sequence", QT_TRANSLATE_NOOP("Messages",
        "max_position_embeddings %1 is the model's position limit, not the sequence it trains at: the plan's %2 is "
        "kept") },
    { "issue:export-format", QT_TRANSLATE_NOOP("Messages",
        "%1 is read, not written: a plan goes out as megatron, deepspeed or torchtitan") },
    { "launch:how-hsdp", QT_TRANSLATE_NOOP("Messages",
        "HSDP: states are sharded over %1 ranks, estimated as sharded over all %2") },
    // ---- a cluster from its nodes' own descriptions (topologycluster.cpp)
    { "topo:degraded-nvlink", QT_TRANSLATE_NOOP("Messages",
        "GPUs %1 and %2 on %3 are joined by %4 NVLinks where other pairs have %5: every group across them runs at the "
        "slower rate") },
    { "topo:partial-nvlink", QT_TRANSLATE_NOOP("Messages",
        "%1 joins only some GPU pairs by NVLink (up to NV%2): groups are costed over PCIe, the path the other pairs "
        "take") },
    { "topo:far-nic", QT_TRANSLATE_NOOP("Messages",
        "GPU %1 on %2 reaches its nearest NIC (%3) only over %4: its traffic to other nodes crosses the CPU") },
    { "topo:node-differs", QT_TRANSLATE_NOOP("Messages", "%1 has %2 where the other nodes have %3") },
    { "topo:nic-rate-from-base", QT_TRANSLATE_NOOP("Messages",
        "the source gives no NIC speed: the inter-node link is the base plan's, %1") },
    { "topo:no-nvlink-for-gpu", QT_TRANSLATE_NOOP("Messages",
        "%1 joins its GPUs over PCIe only, while the plan's GPU (%2) is an %3 part: every group is costed over PCIe; "
        "if the node's GPUs are another model (a PCIe card), choose it in the plan") },
    { "topo:static-file", QT_TRANSLATE_NOOP("Messages",
        "%1 is a static topology file (NCCL_TOPO_FILE): it lists the GPUs as PCI devices and leaves NVLink, the GPU "
        "model and NIC speeds to what NCCL reads from the driver, so the plan's GPU-to-GPU link (%2) is kept") },
    { "topo:own-links", QT_TRANSLATE_NOOP("Messages",
        "the nodes differ: %1 node(s) unlike the others keep their own links, and a group across them runs at the "
        "slowest it spans") },
    { "topo:gpu-generation", QT_TRANSLATE_NOOP("Messages",
        "the dumps' GPUs are of compute capability %1 and the plan's %2 is of NVLink generation %3: choose the "
        "plan's GPU, which the dumps do not name") },
    { "topo:nvlink-vs-gpu", QT_TRANSLATE_NOOP("Messages",
        "%1 NVLinks per GPU pair make %2 GB/s where the plan's %3 has %4 GB/s: another GPU model, or links down") },
    { "issue:topo-gpu-counts", QT_TRANSLATE_NOOP("Messages",
        "%1 has %2 GPUs and %3 has %4: Plait's cluster has one GPU count per node") },
    { "issue:topo-plan-too-large", QT_TRANSLATE_NOOP("Messages",
        "the plan's sizes need %1 GPUs and the imported cluster has %2: change TP, PP, DP or CP, or import over a plan "
        "that fits") },
    { "issue:export-precision", QT_TRANSLATE_NOOP("Messages", "%1's configuration has no %2 setting") },

    // ---- the advisor (advisor.cpp): a title, what it saw, why it matters, and the fix it offers
    { "advice:memory-optimizer:title", QT_TRANSLATE_NOOP("Messages", "1. Memory: shard the optimizer state") },
    { "advice:memory-optimizer:saw", QT_TRANSLATE_NOOP("Messages",
        "Stage %1 needs %2 per GPU of %3; optimizer state and gradients take %4.") },
    { "advice:memory-optimizer:why", QT_TRANSLATE_NOOP("Messages",
        "This plan's optimizer keeps %1 bytes per parameter and its gradients %2, on every data-parallel rank unless "
        "ZeRO shards them across the ranks (Rajbhandari et al. 2020).") },
    { "advice:memory-optimizer:why-one-rank", QT_TRANSLATE_NOOP("Messages",
        "This plan's optimizer keeps %1 bytes per parameter and its gradients %2; with one data-parallel rank there "
        "is nothing for ZeRO to shard them over: this needs more GPUs, or host memory for the optimizer state.") },
    { "advice:memory-activations:title", QT_TRANSLATE_NOOP("Messages", "1. Memory: recompute or split the activations") },
    { "advice:memory-activations:saw", QT_TRANSLATE_NOOP("Messages",
        "Stage %1 needs %2 per GPU of %3; the activations in flight (micro-batches: %4) take %5.") },
    { "advice:memory-activations:why", QT_TRANSLATE_NOOP("Messages",
        "Activations stay until their backward pass; recomputing them costs part of a forward pass but frees most of "
        "that memory (Korthikanti et al. 2022); splitting the sequence (CP) or the layers (TP, PP) over more GPUs "
        "divides them too. The fix is whichever fits at the least step time.") },
    { "advice:memory-weights:title", QT_TRANSLATE_NOOP("Messages", "1. Memory: split the model with TP or PP") },
    { "advice:memory-weights:saw", QT_TRANSLATE_NOOP("Messages",
        "Stage %1 needs %2 per GPU of %3; the largest term is %4 (%5) with ZeRO and recomputation already doing what "
        "they can.") },
    { "advice:memory-weights:why", QT_TRANSLATE_NOOP("Messages",
        "What is left is divided only by tensor or pipeline parallelism: they split the weights and each layer's "
        "activations (ZeRO-3 gathers each layer's weights back for its compute).") },
    { "advice:tp-wider-than-node:title", QT_TRANSLATE_NOOP("Messages", "2. Interconnect: TP wider than a node") },
    { "advice:tp-wider-than-node:saw", QT_TRANSLATE_NOOP("Messages", "TP = %1 is wider than the %2 GPUs of a node.") },
    { "advice:tp-wider-than-node:why", QT_TRANSLATE_NOOP("Messages",
        "Every layer runs TP collectives in its forward and backward passes; across nodes they cross the NICs at "
        "%1 GB/s per GPU instead of %2 GB/s over %3, while PP and DP send fewer, larger messages.") },
    { "advice:tp-crosses-node:title", QT_TRANSLATE_NOOP("Messages", "2. Interconnect: TP groups cross nodes") },
    { "advice:tp-crosses-node:why", QT_TRANSLATE_NOOP("Messages",
        "TP traffic is on the critical path of every layer; it should stay on NVLink inside a node.") },
    { "advice:too-few-microbatches:title", QT_TRANSLATE_NOOP("Messages", "Pitfall: too few micro-batches for the pipeline") },
    { "advice:too-few-microbatches:saw", QT_TRANSLATE_NOOP("Messages",
        "m = %1 micro-batches for p = %2 stages: the bubble is %3% of the step.") },
    { "advice:too-few-microbatches:why", QT_TRANSLATE_NOOP("Messages",
        "A pipeline idles (p−1)/(m+p−1) of the time while it fills and drains (Narayanan et al. 2021); with p = %1 "
        "that falls to 10% at m = %2; interleaving or ZB-H1 shrink it further.") },
    { "advice:tp-comm-exposed:title", QT_TRANSLATE_NOOP("Messages", "Pitfall: exposed tensor-parallel communication") },
    { "advice:tp-comm-exposed:saw", QT_TRANSLATE_NOOP("Messages",
        "Exposed tensor-parallel communication takes %1 ms of the %2 ms step (%3%).") },
    { "advice:tp-comm-exposed:why", QT_TRANSLATE_NOOP("Messages",
        "Each layer's TP collectives wait in the forward pass and, unless overlapped, in the backward; Transformer "
        "Engine's userbuffers overlap (training.tp_overlap all, with sequence parallelism) runs them beside the "
        "GEMMs, and a smaller TP sends less per layer over fewer ranks.") },
    { "advice:dp-comm-dominates:title", QT_TRANSLATE_NOOP("Messages", "Pitfall: data-parallel communication dominates") },
    { "advice:dp-comm-dominates:why", QT_TRANSLATE_NOOP("Messages",
        "Each step reduces every gradient across the DP ranks, whatever the batch; with little work per rank the "
        "reduction cannot hide under the backward pass.") },
    { "advice:prefer-dp:title", QT_TRANSLATE_NOOP("Messages", "3. DP first: TP and PP are not needed here") },
    { "advice:prefer-dp:saw", QT_TRANSLATE_NOOP("Messages",
        "TP %1 × PP %2, while the model fits with data parallelism alone (ZeRO %3) and runs a step in %4 instead "
        "of %5.") },
    { "advice:prefer-dp:why", QT_TRANSLATE_NOOP("Messages",
        "DP adds one gradient reduction per step, overlapped with the backward pass; TP adds collectives to every "
        "layer and PP a bubble.") },
    { "advice:idle-gpus:title", QT_TRANSLATE_NOOP("Messages", "3. DP first: idle GPUs") },
    { "advice:idle-gpus:why", QT_TRANSLATE_NOOP("Messages",
        "An idle GPU is paid for like a busy one; more data-parallel replicas put it to work, each taking a share "
        "of the global batch.") },
    { "advice:idle-gpus:why-batch", QT_TRANSLATE_NOOP("Messages",
        "An idle GPU is paid for like a busy one, but no larger DP divides the global batch of %1 sequences in "
        "micro-batches of %2: change the batch, or the cluster.") },
    { "advice:unbalanced-stages:title", QT_TRANSLATE_NOOP("Messages", "Pitfall: one stage sets the pace") },
    { "advice:unbalanced-stages:why", QT_TRANSLATE_NOOP("Messages",
        "Every micro-batch passes every stage, so the pipeline runs at its busiest stage's pace and the others "
        "idle for the difference, each micro-batch.") },
    { "trace:shape-stages", QT_TRANSLATE_NOOP("Messages", "the trace has %1 pipeline stages and the plan %2") },
    { "trace:shape-microbatches", QT_TRANSLATE_NOOP("Messages",
        "the trace runs %1 micro-batches per step and the plan %2") },
    { "trace:shape-chunks", QT_TRANSLATE_NOOP("Messages",
        "the trace has %1 model chunks per stage and the plan %2") },
    { "advice:precision-at-tp:title", QT_TRANSLATE_NOOP("Messages", "Precision at this TP") },
    { "advice:precision-at-tp:saw", QT_TRANSLATE_NOOP("Messages",
        "At TP %1 a layer's linears take %3 ms per micro-batch in %2 (%4 ms of it quantization) and %6 ms in %5 "
        "(%7 ms); a step takes %8 s in %5 against %9 s.") },
    { "advice:precision-at-tp:why", QT_TRANSLATE_NOOP("Messages",
        "A low-precision GEMM runs faster than a 16-bit one, but each linear's input, output gradient and weight is "
        "quantized first, and that traffic stays whole on every TP rank while the GEMMs shrink with TP: the smaller "
        "the shards, the less is left of the gain. Fine-grained scaling (blockwise, MXFP8, NVFP4) costs more per "
        "element than a per-tensor scale.") },
    { "fix:precision", QT_TRANSLATE_NOOP("Messages", "Train the linears in %1.") },
    { "fix:zero", QT_TRANSLATE_NOOP("Messages", "Shard them with ZeRO stage %1 over %2 ranks.") },
    { "fix:offload", QT_TRANSLATE_NOOP("Messages",
        "Keep the optimizer state in host memory and step it on the CPU (ZeRO-Offload, ZeRO stage %3): %1 of host "
        "memory per node (%2).") },
    { "fix:offload-framework", QT_TRANSLATE_NOOP("Messages",
        "Keep the optimizer state in host memory and step it on the CPU (ZeRO-Offload, ZeRO stage %3, "
        "training.framework %2): %1 of host memory per node.") },
    { "fix:zero-framework", QT_TRANSLATE_NOOP("Messages",
        "Shard them with ZeRO stage %1 over %2 ranks (training.framework %3).") },
    { "fix:split", QT_TRANSLATE_NOOP("Messages", "Split them: TP %1, PP %2, DP %3, CP %4.") },
    { "fix:recompute-full", QT_TRANSLATE_NOOP("Messages", "Recompute every layer (full).") },
    { "fix:recompute-modules",
        QT_TRANSLATE_NOOP("Messages",
            "Recompute %1 (selective): their outputs are dropped and computed again in the backward pass.") },
    { "fix:recompute-selective", QT_TRANSLATE_NOOP("Messages", "Recompute attention only (selective).") },
    { "fix:recompute-selective-op",
        QT_TRANSLATE_NOOP("Messages",
            "Recompute every other matmul and the element-wise ops (torchtitan's op-level selective, selective_op).") },
    { "fix:tp-in-node", QT_TRANSLATE_NOOP("Messages",
        "Keep TP inside the node and move the rest to PP or DP: TP %1, PP %2, DP %3.") },
    { "fix:place-tp", QT_TRANSLATE_NOOP("Messages", "Place each TP group inside one node.") },
    { "fix:microbatches", QT_TRANSLATE_NOOP("Messages",
        "Raise micro-batches to %1 with %2 (micro-batch size %3).") },
    { "fix:halve-tp", QT_TRANSLATE_NOOP("Messages", "Halve TP: TP %1, DP %2.") },
    { "fix:tp-overlap", QT_TRANSLATE_NOOP("Messages",
        "Overlap every TP collective (training.tp_overlap all, sequence parallel).") },
    { "fix:overlap-grad-reduce", QT_TRANSLATE_NOOP("Messages",
        "Overlap the gradient reduction with the backward pass (training.overlap_grad_reduce).") },
    { "fix:fewer-dp", QT_TRANSLATE_NOOP("Messages", "Use fewer DP ranks: TP %1, PP %2, DP %3.") },
    { "fix:fill-dp", QT_TRANSLATE_NOOP("Messages",
        "Use DP %1: TP %2 × PP %3 × CP %4 × DP %1 = %5 of the %6 GPUs.") },
    { "fix:loss-in-split", QT_TRANSLATE_NOOP("Messages",
        "Count the loss as a layer in the pipeline split (parallel.loss_in_split, Megatron-LM "
        "--account-for-loss-in-pipeline-split).") },
    { "fix:edges-in-split", QT_TRANSLATE_NOOP("Messages",
        "Count the embedding and the loss as layers in the pipeline split (parallel.embedding_in_split and "
        "loss_in_split, Megatron-LM --account-for-embedding-in-pipeline-split and "
        "--account-for-loss-in-pipeline-split).") },
    { "fix:split-layers", QT_TRANSLATE_NOOP("Messages",
        "Split the layers over the stages by their time: parallel.layers_per_stage %1.") },
    { "fix:all-dp", QT_TRANSLATE_NOOP("Messages", "Run data parallel over all %1 GPUs (ZeRO %2).") },
    // ---- reading a trace or a job's profile (core/trace, core/launch/profilegroups.cpp, engine/profileloader.cpp)
    { "trace:rank", QT_TRANSLATE_NOOP("Messages", "rank %1") },
    { "trace:ranks", QT_TRANSLATE_NOOP("Messages", "ranks %1") },
    { "trace:ranks-unnamed-one", QT_TRANSLATE_NOOP("Messages", "ranks %1 and an unnamed one") },
    { "trace:ranks-unnamed", QT_TRANSLATE_NOOP("Messages", "ranks %1 and %2 unnamed") },
    { "trace:unnamed-rank", QT_TRANSLATE_NOOP("Messages", "an unnamed rank") },
    { "trace:unnamed-ranks", QT_TRANSLATE_NOOP("Messages", "%1 unnamed ranks") },
    { "trace:on-ranks", QT_TRANSLATE_NOOP("Messages", "%1: %2") },
    { "trace:first-event", QT_TRANSLATE_NOOP("Messages", "%1 (first: event %2%3)") },
    { "trace:no-ts", QT_TRANSLATE_NOOP("Messages", "%1 events without a time stamp (ts)") },
    { "trace:x-no-dur", QT_TRANSLATE_NOOP("Messages", "%1 complete events (ph X) without a duration (dur)") },
    { "trace:negative-dur", QT_TRANSLATE_NOOP("Messages", "%1 events with a negative duration") },
    { "trace:e-no-begin", QT_TRANSLATE_NOOP("Messages", "%1 end events (ph E) without a begin") },
    { "trace:b-no-end", QT_TRANSLATE_NOOP("Messages", "%1 begin events (ph B) that never end") },
    { "trace:f-no-start", QT_TRANSLATE_NOOP("Messages", "%1 flow ends (ph f) without a start") },
    { "trace:s-no-end", QT_TRANSLATE_NOOP("Messages", "%1 flow starts (ph s) without an end") },
    { "trace:flow-no-thread", QT_TRANSLATE_NOOP("Messages", "%1 flows between threads that have no events") },
    { "trace:phase-not-drawn", QT_TRANSLATE_NOOP("Messages", "%1 events of phase %2 (not drawn)") },
    { "trace:rank-twice", QT_TRANSLATE_NOOP("Messages", "rank %1 is given twice") },
    { "trace:ranks-missing-one", QT_TRANSLATE_NOOP("Messages", "%1 of the job's %2 ranks has no profile here") },
    { "trace:ranks-missing", QT_TRANSLATE_NOOP("Messages", "%1 of the job's %2 ranks have no profile here") },
    { "trace:collective-mismatch", QT_TRANSLATE_NOOP("Messages",
        "collective %1 of group %2 is %3 on rank %4 but %5 on rank %6: the profiles do not cover the same steps") },
    { "trace:more-mismatches", QT_TRANSLATE_NOOP("Messages", "%1 more collectives do not match") },
    { "trace:no-shared-collective", QT_TRANSLATE_NOOP("Messages",
        "rank %1 shares no collective with rank %2's ranks: its clock is left as recorded") },
    { "trace:last-step-differs", QT_TRANSLATE_NOOP("Messages",
        "rank %1's last step is %2, not %3: its lane shows that step") },
    { "trace:no-rank", QT_TRANSLATE_NOOP("Messages",
        "no distributedInfo.rank: the profile does not say which rank it is") },
    { "trace:steps-from-optimizer", QT_TRANSLATE_NOOP("Messages",
        "no ProfilerStep#N marks: each step is taken from one Optimizer.step's end to the next's") },
    { "trace:unnamed-groups", QT_TRANSLATE_NOOP("Messages",
        "%1 collective kernels name no process group (an older profiler): taken as the whole job's") },
    { "trace:no-steps", QT_TRANSLATE_NOOP("Messages",
        "no ProfilerStep#N spans nor two Optimizer.step spans: the profile does not mark its training steps") },
    { "trace:nsys-rank-from-name", QT_TRANSLATE_NOOP("Messages",
        "the rank is read from the file name (Nsight Systems does not record ranks)") },
    { "trace:nsys-torchrun-numbering", QT_TRANSLATE_NOOP("Messages",
        "numbered as torchrun numbers ranks (Nsight Systems does not record them): node %1 (from %2) × %3 processes "
        "+ the process's CUDA device") },
    { "trace:nsys-torchrun-numbering-no-node", QT_TRANSLATE_NOOP("Messages",
        "numbered as torchrun numbers ranks (Nsight Systems does not record them): node %1 (the file name %2 names "
        "no node) × %3 processes + the process's CUDA device") },
    { "trace:nsys-rank-unknown", QT_TRANSLATE_NOOP("Messages",
        "which rank process %1 is, is not recorded: name the report after its rank (nsys profile -o "
        "report_rank%q{RANK})") },
    { "trace:nsys-no-groups", QT_TRANSLATE_NOOP("Messages",
        "Nsight Systems records no process groups: NCCL kernels are matched across ranks by the CUDA stream they ran "
        "on, so ranks of different groups on the same stream number are taken as one group") },
    { "trace:world-size-differs", QT_TRANSLATE_NOOP("Messages",
        "the profile's job has %1 ranks, the plan %2 GPUs: the lanes are not placed by the plan's stages") },
    { "trace:group-ranks", QT_TRANSLATE_NOOP("Messages", "%1 (ranks %2)") },
    { "trace:list-two", QT_TRANSLATE_NOOP("Messages", "%1 and %2") },
    { "trace:list-three", QT_TRANSLATE_NOOP("Messages", "%1, %2 and %3") },
    { "trace:list-more", QT_TRANSLATE_NOOP("Messages", "%1, %2, %3 and %4 more") },
    { "trace:group-not-in-plan", QT_TRANSLATE_NOOP("Messages",
        "the profile's process group %1 is no group of the plan's (TP %2, CP %3, DP %4, PP %5, ranks in order %6): "
        "the job ran another layout or rank order, so its ranks' stages may not be the plan's") },
    { "trace:groups-not-in-plan", QT_TRANSLATE_NOOP("Messages",
        "the profile's process groups %1 are no groups of the plan's (TP %2, CP %3, DP %4, PP %5, ranks in order "
        "%6): the job ran another layout or rank order, so its ranks' stages may not be the plan's") },
};
// clang-format on
}

std::span<const MessageTemplate> messageTemplates()
{
    return kTemplates;
}

const char* messageTemplate(std::string_view key)
{
    const auto* t = std::find_if(
        std::begin(kTemplates), std::end(kTemplates), [&](const MessageTemplate& m) { return m.key == key; });
    return t == std::end(kTemplates) ? nullptr : t->text;
}

std::string fillTemplate(std::string_view text, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(text.size() + 16 * args.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '%' && i + 1 < text.size() && text[i + 1] >= '1' && text[i + 1] <= '9') {
            const std::size_t n = std::size_t(text[i + 1] - '1');
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

std::string messageText(const Message& m)
{
    if (m.parts.empty())
        return messageText(m.key, m.args);
    std::vector<std::string> filled;
    for (const Message& part : m.parts)
        filled.push_back(messageText(part));
    filled.insert(filled.end(), m.args.begin(), m.args.end());
    return messageText(m.key, filled);
}

std::string messageText(std::string_view key, const std::vector<std::string>& args)
{
    const char* t = messageTemplate(key);
    return t ? fillTemplate(t, args) : std::string(key);
}

std::string warningKey(std::string_view code, const std::vector<std::string>& args)
{
    std::string key = "warning:" + std::string(code);
    if (code == "unknown-key") {
        const bool meant = args.size() > 1 && !args[1].empty(), value = args.size() > 2 && !args[2].empty();
        key += !meant ? "" : value ? "-meant-value" : "-meant";
    }
    // The unbalanced stages' cause, when evaluationwarnings.cpp names one.
    if (code == "unbalanced-stages" && args.size() > 4 && !args[4].empty())
        key += "-" + args[4];
    // A cluster whose NVLink domain is larger than a node says so (evaluationwarnings.cpp adds "domain").
    if (code == "tp-crosses-node" && args.size() > 7 && args[7] == "domain")
        key += "-domain";
    return key;
}

Issue fieldIssue(std::string field, std::string code, std::vector<std::string> args)
{
    std::string message = messageText("issue:" + code, args);
    return Issue { std::move(field), std::move(message), std::move(code), std::move(args) };
}

Issue fieldIssue(std::string field, const Message& m)
{
    const std::string code = m.key.rfind("issue:", 0) == 0 ? m.key.substr(6) : m.key;
    return fieldIssue(std::move(field), code, m.args);
}

} // namespace plait
