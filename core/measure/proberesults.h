#pragma once

#include "calibration.h"
#include "error.h"
#include "layercost.h"
#include "plan.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace plait {

// plait-probe's LINKS.json and COMPUTE.json (contract: shared/contracts/probe.md), read back for the calibration
// panel. Files from a cluster run open the same way.
struct OpSweep {
    CollectiveKind op = CollectiveKind::AllReduce;
    std::vector<SizePoint> points; // out-of-place
    AlphaBetaFit fit; // refitted here from the points, so a hand-edited file cannot disagree with itself
};
struct LinksResult {
    int ranks = 0, hosts = 1;
    std::string linkClass; // intra_node_p2p, intra_node_host, inter_node
    std::vector<std::string> gpus;
    std::vector<std::string> hostNames; // in rank order, when the file names them
    std::string source; // what measured it, when: "nccl-tests all_reduce_perf 2.19.6, 2026-11-30"
    std::vector<OpSweep> ops;
    const OpSweep* sweep(CollectiveKind k) const;
};
Result<LinksResult> linksFromJson(const nlohmann::json& doc);
// The plan with the link a measurement ran over (the inter-node link when it spans hosts, else the in-node one)
// recalibrated from its all-reduce sweep (calibratedLink), `source` saying what measured it; null without an
// all-reduce sweep over two ranks or more. `lineRateGBps`: what the bus bandwidth is measured against, where not the
// probe's (the link's rate inside a node, all of a node's NICs across nodes).
std::optional<Plan> planWithMeasuredLinks(
    const Plan& plan, const LinksResult& links, const std::string& source, double lineRateGBps = 0);
// The probe's line rate for a measurement: the in-node link's rate, or across nodes all of a node's NICs together (a
// ring's crossing runs over them all, groups.cpp).
double measuredLineRateGBps(const ClusterSpec& cluster, const LinksResult& links);

struct GemmResult {
    std::string name, pass, layout;
    double m = 0, n = 0, k = 0, batch = 1;
    double timeUs = 0, tflops = 0, predictedUs = 0; // the median iteration; predictedUs 0 when the run had no plan
    double p10Us = 0, p90Us = 0; // the spread of the iterations, when recorded
    double smClockMHz = 0, powerW = 0; // while it ran, when the probe could read them
};
// A GEMM beside a copy on a few thread blocks (a collective's SM footprint), or on two or more GPUs beside a real
// all-reduce across them: how much slower each ran.
struct ContentionResult {
    std::string gemm;
    int copyBlocks = 0, smCountTarget = 0; // smCountTarget 0: cuBLAS was not told to leave SMs free
    double gemmAloneUs = 0, gemmBesideUs = 0, copyGBps = 0;
    bool besideAllReduce = false; // the rest is for an all-reduce
    int ranks = 0;
    double bytes = 0, collectiveAloneUs = 0, collectiveBesideUs = 0, busbwAloneGBps = 0, busbwBesideGBps = 0;
    bool covered = true; // the all-reduces lasted as long as the GEMMs, so all of the GEMMs ran beside them
};
struct ComputeResult {
    std::string gpu; // as CUDA names the device
    std::string measuredGpuId; // its catalog entry, when the probe found one
    double memoryBytes = 0;
    std::vector<GemmResult> gemms;
    double bestTflops = 0;
    double copyTrafficGBps = 0; // device copy: bytes read + written per second
    double readGBps = 0, writeGBps = 0, triadGBps = 0; // the HBM kernels, when recorded (bytes moved per second)
    std::vector<ContentionResult> contention;
    double soakS = 0;
    double kernelFixedUs = 0; // an empty kernel's cost, launched back to back (µs); 0 when not measured
};
Result<ComputeResult> computeFromJson(const nlohmann::json& doc);

// Fused attention forward and forward+backward at the plan's shapes, from tests/gpu/torch-reference.py
// (format plait-torch-reference/1): PyTorch's scaled_dot_product_attention on its cuDNN and flash backends.
struct AttentionResult {
    std::string backend; // "cudnn", "flash"
    AttentionShape shape;
    double forwardUs = 0, forwardBackwardUs = 0; // medians; the backward as timed includes a forward
    double forwardP10Us = 0, forwardP90Us = 0, forwardBackwardP10Us = 0, forwardBackwardP90Us = 0;
    std::string unavailable; // why the backend did not run, when it did not
};
struct TorchReference {
    std::string gpu, torch, cuda;
    double memoryBytes = 0;
    std::vector<AttentionResult> attention;
    double gemmNormalTflops = 0, gemmPatternTflops = 0, gemmZerosTflops = 0; // 8192³ bf16 on three kinds of data
};
Result<TorchReference> torchReferenceFromJson(const nlohmann::json& doc);

// The plan's flash-attention time per layer and micro-batch beside a measurement of the same shape, on the same
// GPU: nothing with the reason when the shape or the GPU is not the plan's. Both without dropout, as the reference
// times the kernel; the plan's own attention dropout adds its share to the step (layercost.h attentionDropoutOf).
struct AttentionComparison {
    double predictedForwardUs = 0, predictedForwardBackwardUs = 0;
};
Result<AttentionComparison> attentionBeside(
    const Plan& plan, const TorchReference& measured, const AttentionResult& row, const Catalog& catalog);

// PyTorch's scaled_dot_product_attention backend as the cost model names the kernel: "flash" is FlashAttention-2
// built into PyTorch, "cudnn" cuDNN's fused attention; nothing for another.
std::optional<AttentionKernel> kernelOfBackend(const std::string& backend);

// The plan's GPU with the fused attention measured at the plan's shape (each backend that ran, as the kernel the cost
// model names: cudnn, flash2), which replaces the published rate there and scales the curve elsewhere
// (cost/attention.h). A row of another GPU, another shape, or times outside what the GPU can do is not applied;
// nothing applies: the reasons, each named.
Result<GpuSpec> gpuWithMeasuredAttention(
    const Plan& plan, const TorchReference& measured, const Catalog& catalog, const std::string& source);

// The plan's GPU with the rates measured on it (calibratedGpu): every measured shape's own time, the GEMM rate
// fitted to them, HBM from the device copy's read + write traffic, as core's memory times count bytes. A measurement of
// another GPU is refused with the reason, naming both: an H200's rates would make an A800 plan fast for no reason.
// How much slower the GEMMs ran beside an all-reduce that covered them (compute on two or more GPUs): the median
// over the GPUs, as the overlap rule's s (cost/overlap.h); 0 when the run has no such measurement.
double overlapSlowdownMeasured(const ComputeResult& measured);

// With the overlap rule's slowdown from a GEMM beside an all-reduce, when the run has one.
Result<GpuSpec> gpuCalibratedBy(
    const GpuSpec& planGpu, const ComputeResult& measured, const Catalog& catalog, const std::string& source);

} // namespace plait
