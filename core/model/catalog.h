#pragma once

#include "error.h"

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plait {

// A GEMM shape timed on the GPU (plait-probe compute, 16-bit, sustained): its own time replaces the tile model's.
struct MeasuredGemm {
    double m = 0, n = 0, k = 0, batch = 1;
    double seconds = 0;
    bool operator==(const MeasuredGemm&) const = default;
};

// A fused attention kernel's speed measured on this GPU at one shape (tests/gpu/torch-reference.py, applied by
// gpuWithMeasuredAttention): TFLOP/s as core counts the FLOPs of that shape (cost/layercost.h), sustained, at the
// head size and the length a call of the plan sees. It replaces the published curve's rate there and scales the
// curve elsewhere by the same ratio (cost/attention.h).
struct MeasuredAttention {
    std::string kernel; // as AttentionCurve names it
    double headDim = 128, seqLen = 0;
    double fwdTflops = 0, bwdTflops = 0;
    std::string source;
    bool operator==(const MeasuredAttention&) const = default;
};

// A fused attention kernel's published speed on this GPU against sequence length, for one head size and mask, as
// its authors count FLOPs (forward 4·b·s²·heads·d, halved when causal; backward 2.5× that).
struct AttentionCurve {
    std::string kernel; // "flash1", "flash-triton", "flash2", "flash3", "cudnn", "triton" (cost/attention.h)
    std::string pass; // "fwd", "bwd", or "fwd_bwd" (both passes together)
    bool causal = true;
    double headDim = 128;
    std::vector<double> seqLens; // ascending
    std::vector<double> tflops; // one per length
    std::string source;
    bool operator==(const AttentionCurve&) const = default;
};

struct GpuSpec {
    std::string id;
    std::string name;
    double memoryGiB = 0;
    double bf16Tflops = 0; // dense tensor-core peak
    double fp16Tflops = 0;
    double fp8Tflops = 0; // 0 when the GPU has no FP8 tensor cores
    // Dense FP4 peak of the block-scaled (microscaling) tensor cores, which also run MXFP8; 0 when it has none.
    double fp4Tflops = 0;
    bool microscaling() const { return fp4Tflops > 0; }
    double hbmGBps = 0; // 1e9 B/s, datasheet
    // What a streaming kernel reaches (device-to-device copy, read + write counted), measured; 0 = unknown, and
    // memory-bound kernels then stream at the datasheet rate, an upper bound.
    double hbmAchievableGBps = 0;
    std::string hbmSource;
    int sms = 0;
    // The GPU's link to its host CPU and memory, per direction (PCIe x16, or NVLink-C2C on Grace superchips): what
    // CPU offload streams over; 0 = unknown.
    std::string hostLink;
    double hostLinkGBps = 0;
    std::string nvlink; // generation, empty when none
    double nvlinkGBps = 0; // per direction
    // Large-GEMM throughput over dense peak, measured: the short-burst best (MAMF, boost clock, an upper bound) and
    // the sustained rate with the GPU saturated at its power limit (MSMF, what a training step runs at), for 16-bit
    // and FP8; 0 = unknown. The compute model uses the sustained one, else the burst one (and says so).
    double gemmMaxEfficiency = 0;
    double gemmSustainedEfficiency = 0;
    double fp8SustainedEfficiency = 0;
    std::string sustainedSource; // where the sustained figures come from
    // An NVFP4 GEMM's share of the FP4 peak over a 16-bit GEMM's share of the 16-bit peak, measured on this GPU's die
    // (0 = not measured here: lowprecision.cpp's B300 figure stands in), and where it comes from.
    double nvfp4GemmShare = 0;
    std::string nvfp4GemmSource;
    // Fused attention kernels' published speeds (cost/attention.h); a kernel without one runs at the GEMM rate.
    std::vector<AttentionCurve> attentionCurves;
    // How much slower compute runs beside a collective (cost/overlap.h), as the probe measured it; 0 = not measured.
    double overlapSlowdown = 0;
    std::string overlapSource; // what measured it, where not the probe run named in `source`
    // The fixed cost of a kernel (launch and start, µs) as the probe measured it on this GPU; 0 = not measured, and
    // the calibration's kernel_overhead_us stands in (costcalibration.h).
    double kernelFixedUs = 0;
    std::string kernelFixedSource; // what measured it, where not the probe run named in `source`
    // Board power at full load, the datasheet's maximum (TDP, TGP or TBP as the vendor names it); what a training run's
    // energy is counted at unless a measured figure is given; 0 = unknown.
    double tdpW = 0;
    std::string tdpSource;
    std::vector<MeasuredGemm> measuredGemms; // from a probe run on this GPU; empty in the catalog
    std::vector<MeasuredAttention>
        measuredAttention; // one per kernel at most, from a run on this GPU; empty in the catalog
    std::string source;
    bool operator==(const GpuSpec&) const = default;
};

enum class LinkKind { NVLink, PCIe, InfiniBand, RoCE, Ethernet, InfinityFabric };

struct LinkSpec {
    std::string id;
    std::string name;
    LinkKind kind = LinkKind::PCIe;
    bool intraNode = true;
    double bandwidthGBps = 0; // per direction: per GPU inside a node, per NIC between nodes
    double latencyUs = 0; // α of one algorithm step
    double efficiency = 1; // achievable bus bandwidth over line rate, large messages
    bool nvls = false; // NVLink SHARP in-switch reduction
    double nvlsAlgGBps = 0; // measured NVLS all-reduce algorithm bandwidth (nccl-tests algbw), 0 = unknown
    // Measured nccl-tests all-reduce bus bandwidth against message size (bytes, GB/s), when published: how far
    // below its asymptote a link runs at mid-size messages, which one α cannot describe.
    std::vector<std::pair<double, double>> busbwCurve;
    std::string source;
    // Collectives other than all-reduce as a job's profile measured them on this link: each a multiple of the bandwidth
    // the model gives it from the rate above (an all-gather never reduces; an all-to-all's many messages stall on the
    // NICs), keyed by the probe contract's names ("all-gather", "reduce-scatter", "all-to-all"); absent: 1.
    std::vector<std::pair<std::string, double>> collectiveRates;
    std::string collectiveRatesSource;

    double collectiveRate(std::string_view collective) const;
    double effectiveGBps() const { return bandwidthGBps * efficiency; }
    // Fraction of the asymptotic bus bandwidth reached at `bytes`, from busbwCurve; 1 without a curve.
    double sizeEfficiency(double bytes) const;
    bool operator==(const LinkSpec&) const = default;
};

class Catalog {
public:
    std::vector<GpuSpec> gpus;
    std::vector<LinkSpec> links;

    const GpuSpec* gpu(const std::string& id) const;
    const LinkSpec* link(const std::string& id) const;
    // The entry for a device as CUDA names it ("NVIDIA H100 80GB HBM3", "NVIDIA A100-PCIE-40GB") with this much
    // memory: the same chip (a word of the name, or two joined, is the id's first part: "H200" is not "H20", "RTX
    // 4090" is "RTX4090"), PCIe or not as the name says, and the memory within 15%; null when none is (a probe
    // result is then about no catalog GPU).
    const GpuSpec* gpuForDevice(const std::string& deviceName, double memoryBytes) const;
    std::string gpuIds() const; // "A100-SXM4-80GB, H100-SXM5-80GB, ..." for error messages
    std::string linkIds() const;

    // Adds or replaces entries from a catalog document ("plait-gpus/1" or "plait-links/1").
    std::vector<Issue> merge(const nlohmann::json& doc);

    // The catalogs shipped in resources/catalog, compiled in; user files are merged on top.
    static const Catalog& builtin();
};

// Parses one entry; used for the catalogs and for inline entries in a plan.
Result<GpuSpec> gpuFromJson(const nlohmann::json& j, const std::string& field);
Result<LinkSpec> linkFromJson(const nlohmann::json& j, const std::string& field);
nlohmann::json toJson(const GpuSpec& g);
nlohmann::json toJson(const LinkSpec& l);
const char* linkKindName(LinkKind kind);

} // namespace plait
