#pragma once

#include "calibration.h"
#include "error.h"

#include <nlohmann/json.hpp>
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
    std::vector<OpSweep> ops;
    const OpSweep* sweep(CollectiveKind k) const;
};
Result<LinksResult> linksFromJson(const nlohmann::json& doc);

struct GemmResult {
    std::string name, pass, layout;
    double m = 0, n = 0, k = 0, batch = 1;
    double timeUs = 0, tflops = 0, predictedUs = 0; // the median iteration; predictedUs 0 when the run had no plan
    double p10Us = 0, p90Us = 0; // the spread of the iterations, when recorded
    double smClockMHz = 0, powerW = 0; // while it ran, when the probe could read them
};
// A GEMM beside a copy on a few thread blocks (a collective's SM footprint): how much slower it ran.
struct ContentionResult {
    std::string gemm;
    int copyBlocks = 0, smCountTarget = 0; // smCountTarget 0: cuBLAS was not told to leave SMs free
    double gemmAloneUs = 0, gemmBesideUs = 0, copyGBps = 0;
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
};
Result<ComputeResult> computeFromJson(const nlohmann::json& doc);

// The plan's GPU with the rates measured on it: GEMM efficiency from the best measured rate, HBM from the device
// copy's read + write traffic, as core's memory times count bytes. A measurement of another GPU is refused with
// the reason, naming both: an H200's rates would make an A800 plan fast for no reason.
Result<GpuSpec> gpuCalibratedBy(
    const GpuSpec& planGpu, const ComputeResult& measured, const Catalog& catalog, const std::string& source);

} // namespace plait
