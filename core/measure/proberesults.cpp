#include "proberesults.h"

#include "jsonfields.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace plait {

namespace {
double number(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number() && std::isfinite(it->get<double>()) ? it->get<double>() : 0;
}
bool flag(const nlohmann::json& j, const char* key, bool otherwise)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_boolean() ? it->get<bool>() : otherwise;
}
// A string field cut to `bytes` (whole UTF-8 characters), or empty when absent or not a string.
std::string text(const nlohmann::json& j, const char* key, std::size_t bytes = 128)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? utf8Prefix(it->get<std::string>(), bytes) : std::string();
}
// The file's format tag; nlohmann's value() would throw on a tag that is not a string.
std::string formatOf(const nlohmann::json& doc)
{
    const auto it = doc.find("format");
    return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
}
}

const OpSweep* LinksResult::sweep(CollectiveKind k) const
{
    for (const OpSweep& s : ops)
        if (s.op == k)
            return &s;
    return nullptr;
}

Result<LinksResult> linksFromJson(const nlohmann::json& doc)
{
    if (!doc.is_object() || formatOf(doc) != "plait-links/1")
        return Result<LinksResult>::failure("format", "not a plait-probe LINKS.json (format plait-links/1)");
    LinksResult r;
    r.ranks = int(number(doc, "ranks"));
    r.hosts = std::max(1, int(number(doc, "hosts")));
    if (r.ranks < 1 || r.ranks > 1 << 20)
        return Result<LinksResult>::failure("ranks", "must be a positive number of ranks");
    if (doc.contains("link_class") && doc["link_class"].is_string())
        r.linkClass = doc["link_class"].get<std::string>();
    if (doc.contains("gpus") && doc["gpus"].is_array())
        for (const auto& g : doc["gpus"])
            if (g.is_string())
                r.gpus.push_back(utf8Prefix(g.get<std::string>(), 128));
    if (!doc.contains("ops") || !doc["ops"].is_array())
        return Result<LinksResult>::failure("ops", "is missing");
    for (const auto& o : doc["ops"]) {
        if (!o.is_object() || !o.contains("op") || !o["op"].is_string())
            return Result<LinksResult>::failure("ops", "each entry needs an \"op\" name");
        const auto k = collectiveFromName(o["op"].get<std::string>());
        if (!k)
            return Result<LinksResult>::failure("ops", "unknown op " + inQuotes(o["op"].get<std::string>(), 32));
        OpSweep s;
        s.op = *k;
        if (o.contains("results") && o["results"].is_array())
            for (const auto& p : o["results"])
                if (p.is_object() && number(p, "bytes") > 0 && number(p, "time_us") > 0)
                    s.points.push_back(sizePoint(*k, r.ranks, number(p, "bytes"), number(p, "time_us")));
        s.fit = fitAlphaBeta(s.points, *k, r.ranks);
        r.ops.push_back(std::move(s));
    }
    return r;
}

double measuredLineRateGBps(const ClusterSpec& cluster, const LinksResult& links)
{
    return links.linkClass == "inter_node" ? cluster.interNode.bandwidthGBps * cluster.nics()
                                           : cluster.intraNode.bandwidthGBps;
}

std::optional<Plan> planWithMeasuredLinks(
    const Plan& plan, const LinksResult& links, const std::string& source, double lineRateGBps)
{
    const OpSweep* ar = links.sweep(CollectiveKind::AllReduce);
    if (!ar || ar->points.empty() || links.ranks < 2)
        return std::nullopt;
    // A sweep that stops below 1 MiB times latency, not the link's rate: it calibrates nothing (a fuzzed log of
    // 128 B rows once set a link to 0.008% of its line rate).
    if (ar->points.back().bytes < double(1 << 20))
        return std::nullopt;
    Plan p = plan;
    LinkSpec& link = links.linkClass == "inter_node" ? p.cluster.interNode : p.cluster.intraNode;
    if (!(lineRateGBps > 0))
        lineRateGBps = measuredLineRateGBps(p.cluster, links);
    link = calibratedLink(link, links.ranks, ar->points, source, lineRateGBps);
    // Below 1% of its line rate a link is broken, not slow: the fabric check names it; the plan is not costed on it.
    if (!(link.efficiency >= 0.01))
        return std::nullopt;
    return p;
}

Result<ComputeResult> computeFromJson(const nlohmann::json& doc)
{
    if (!doc.is_object() || formatOf(doc) != "plait-compute/1")
        return Result<ComputeResult>::failure("format", "not a plait-probe COMPUTE.json (format plait-compute/1)");
    ComputeResult r;
    r.gpu = text(doc, "gpu");
    r.measuredGpuId = text(doc, "measured_gpu_id");
    r.memoryBytes = number(doc, "memory_bytes");
    r.soakS = number(doc, "soak_s");
    if (doc.contains("gemms") && doc["gemms"].is_array())
        for (const auto& g : doc["gemms"]) {
            if (!g.is_object())
                continue;
            GemmResult x;
            x.name = text(g, "gemm");
            x.pass = text(g, "pass");
            x.layout = text(g, "layout");
            x.m = number(g, "m");
            x.n = number(g, "n");
            x.k = number(g, "k");
            x.batch = std::max(1.0, number(g, "batch"));
            x.timeUs = number(g, "time_us");
            x.p10Us = number(g, "p10_us");
            x.p90Us = number(g, "p90_us");
            x.predictedUs = number(g, "predicted_us");
            if (g.contains("sensors") && g["sensors"].is_object()) {
                x.smClockMHz = number(g["sensors"], "sm_clock_mhz");
                x.powerW = number(g["sensors"], "power_w");
            }
            // TFLOP/s from the shape and the time, not taken on trust
            x.tflops = x.timeUs > 0 ? 2 * x.m * x.n * x.k * x.batch / (x.timeUs * 1e-6) / 1e12 : 0;
            r.bestTflops = std::max(r.bestTflops, x.tflops);
            r.gemms.push_back(x);
        }
    if (doc.contains("memory") && doc["memory"].is_object()) {
        const auto& m = doc["memory"];
        r.copyTrafficGBps = number(m, "traffic_gbps");
        r.readGBps = number(m, "read_gbps");
        r.writeGBps = number(m, "write_gbps");
        r.triadGBps = number(m, "triad_gbps");
    }
    if (doc.contains("kernel") && doc["kernel"].is_object())
        r.kernelFixedUs = number(doc["kernel"], "fixed_us");
    if (doc.contains("contention") && doc["contention"].is_array())
        for (const auto& c : doc["contention"])
            if (c.is_object()) {
                ContentionResult x { text(c, "gemm"), int(number(c, "copy_blocks")), int(number(c, "sm_count_target")),
                    number(c, "gemm_alone_us"), number(c, "gemm_beside_us"), number(c, "copy_gbps") };
                x.besideAllReduce = text(c, "beside") == "all_reduce";
                if (x.besideAllReduce) {
                    x.ranks = int(std::clamp(number(c, "ranks"), 0.0, double(1 << 20)));
                    x.bytes = number(c, "bytes");
                    x.collectiveAloneUs = number(c, "collective_alone_us");
                    x.collectiveBesideUs = number(c, "collective_beside_us");
                    // bus bandwidth from the size and the times, not taken on trust
                    const double factor = x.ranks > 1 ? busBandwidthFactor(CollectiveKind::AllReduce, x.ranks) : 0;
                    auto busbw = [&](double us) { return us > 0 ? x.bytes / (us * 1e-6) / 1e9 * factor : 0.0; };
                    x.busbwAloneGBps = busbw(x.collectiveAloneUs);
                    x.busbwBesideGBps = busbw(x.collectiveBesideUs);
                    x.covered = flag(c, "covered", true);
                }
                r.contention.push_back(x);
            }
    return r;
}

Result<TorchReference> torchReferenceFromJson(const nlohmann::json& doc)
{
    if (!doc.is_object() || formatOf(doc) != "plait-torch-reference/1")
        return Result<TorchReference>::failure(
            "format", "not a torch-reference.json from tests/gpu/torch-reference.py (format plait-torch-reference/1)");
    TorchReference r;
    r.gpu = text(doc, "gpu");
    r.torch = text(doc, "torch");
    r.cuda = text(doc, "cuda");
    r.memoryBytes = number(doc, "memory_bytes");
    if (doc.contains("gemm_8192") && doc["gemm_8192"].is_object()) {
        const auto& g = doc["gemm_8192"];
        auto rate = [&](const char* key) { return g.contains(key) ? number(g[key], "tflops") : 0.0; };
        r.gemmNormalTflops = rate("normal");
        r.gemmPatternTflops = rate("pattern_k_over_64");
        r.gemmZerosTflops = rate("zeros");
    }
    if (doc.contains("attention") && doc["attention"].is_array())
        for (const auto& a : doc["attention"]) {
            if (!a.is_object() || r.attention.size() >= 64)
                continue;
            AttentionResult x;
            x.backend = text(a, "backend", 32);
            x.shape = { number(a, "batch"), number(a, "heads"), number(a, "kv_heads"), number(a, "queries"),
                number(a, "keys"), number(a, "head_dim"), flag(a, "causal", true) };
            x.forwardUs = number(a, "forward_us");
            x.forwardBackwardUs = number(a, "forward_and_backward_us");
            x.forwardP10Us = number(a, "forward_p10_us");
            x.forwardP90Us = number(a, "forward_p90_us");
            x.forwardBackwardP10Us = number(a, "forward_and_backward_p10_us");
            x.forwardBackwardP90Us = number(a, "forward_and_backward_p90_us");
            x.unavailable = text(a, "unavailable", 300);
            if (x.unavailable.empty() && !(x.forwardUs > 0 && x.forwardBackwardUs > 0))
                x.unavailable = "no times recorded";
            r.attention.push_back(x);
        }
    return r;
}

namespace {
// The catalog id of the GPU a measurement was made on, or empty.
std::string measuredId(const std::string& id, const std::string& device, double memoryBytes, const Catalog& catalog)
{
    if (!id.empty() || memoryBytes <= 0)
        return id;
    const GpuSpec* g = catalog.gpuForDevice(device, memoryBytes);
    return g ? g->id : std::string();
}
}

namespace {
// Why a measured attention row is not the plan's attention, or nothing when it is.
std::optional<Issue> attentionRefusal(
    const Plan& plan, const TorchReference& measured, const AttentionResult& row, const Catalog& catalog)
{
    const std::string id = measuredId({}, measured.gpu, measured.memoryBytes, catalog);
    if (id != plan.cluster.gpu.id)
        return Issue { "gpu",
            "measured on " + (id.empty() ? inQuotes(measured.gpu, 64) : id) + ", the plan's GPU is "
                + plan.cluster.gpu.id };
    if (!row.unavailable.empty())
        return Issue { "attention", row.backend + " did not run: " + row.unavailable };
    const AttentionShape p = attentionShape(plan);
    const AttentionShape& m = row.shape;
    if (p.batch != m.batch || std::floor(p.heads) != m.heads || std::floor(p.kvHeads) != m.kvHeads
        || std::floor(p.queries) != m.queries || p.keys != m.keys || p.headDim != m.headDim)
        return Issue { "shape", "measured at another shape than the plan's" };
    if (!plan.training.flashAttention)
        return Issue { "flash_attention", "the plan does not use flash attention" };
    return std::nullopt;
}

}

std::optional<AttentionKernel> kernelOfBackend(const std::string& backend)
{
    if (backend == "cudnn")
        return AttentionKernel::CuDnn;
    if (backend == "flash")
        return AttentionKernel::Flash2;
    return std::nullopt;
}

Result<AttentionComparison> attentionBeside(
    const Plan& plan, const TorchReference& measured, const AttentionResult& row, const Catalog& catalog)
{
    if (auto why = attentionRefusal(plan, measured, row, catalog))
        return Result<AttentionComparison>::failure(why->field, why->message);
    Plan p = plan;
    if (const auto kernel = kernelOfBackend(row.backend))
        p.training.attentionKernel = *kernel; // the kernel that ran, whatever the plan's choice
    p.model.attentionDropout = 0; // the reference times the kernel without dropout (torch-reference.py)
    const LayerCost c = layerCost(p);
    return AttentionComparison { c.fwdAttention * 1e6, (c.fwdAttention + c.bwdAttention) * 1e6 };
}

Result<GpuSpec> gpuWithMeasuredAttention(
    const Plan& plan, const TorchReference& measured, const Catalog& catalog, const std::string& source)
{
    GpuSpec g = plan.cluster.gpu;
    const LayerCost c = layerCost(plan); // the FLOPs of the shape: the same whatever the kernel
    std::vector<std::string> refused;
    bool applied = false;
    for (const AttentionResult& row : measured.attention) {
        const auto kernel = kernelOfBackend(row.backend);
        if (!kernel) {
            refused.push_back(row.backend + ": no kernel of the cost model");
            continue;
        }
        if (auto why = attentionRefusal(plan, measured, row, catalog)) {
            refused.push_back(row.backend + ": " + why->message);
            continue;
        }
        // The backward as timed runs a forward first.
        const double backwardUs = row.forwardBackwardUs - row.forwardUs;
        const double fwd = c.attentionFwdFlops / (row.forwardUs * 1e-6) / 1e12;
        const double bwd = backwardUs > 0 ? c.attentionBwdFlops / (backwardUs * 1e-6) / 1e12 : 0;
        if (!(bwd > 0) || fwd > g.bf16Tflops || bwd > g.bf16Tflops) {
            refused.push_back(row.backend + ": the times give " + std::to_string(int(fwd)) + " and "
                + std::to_string(int(bwd)) + " TFLOP/s forward and backward, outside 0 to the GPU's bf16 peak of "
                + std::to_string(int(g.bf16Tflops)));
            continue;
        }
        const std::string name(attentionKernelName(*kernel));
        std::erase_if(g.measuredAttention, [&](const MeasuredAttention& a) { return a.kernel == name; });
        g.measuredAttention.push_back({ name, attentionShape(plan).headDim, attentionCallLength(plan), fwd, bwd,
            source + " (" + row.backend + ")" });
        applied = true;
    }
    if (!applied) {
        std::string why = refused.empty() ? "the file has no attention row" : refused.front();
        for (std::size_t i = 1; i < refused.size(); ++i)
            why += "; " + refused[i];
        return Result<GpuSpec>::failure("attention", "no attention measurement applies: " + why);
    }
    return g;
}

double overlapSlowdownMeasured(const ComputeResult& measured)
{
    std::vector<double> slowdowns;
    for (const ContentionResult& c : measured.contention)
        if (c.besideAllReduce && c.covered && c.gemmAloneUs > 0 && c.gemmBesideUs > 0)
            slowdowns.push_back(std::clamp(c.gemmBesideUs / c.gemmAloneUs - 1, 0.0, 4.0));
    if (slowdowns.empty())
        return 0;
    std::sort(slowdowns.begin(), slowdowns.end());
    return slowdowns[slowdowns.size() / 2];
}

Result<GpuSpec> gpuCalibratedBy(
    const GpuSpec& planGpu, const ComputeResult& measured, const Catalog& catalog, const std::string& source)
{
    const std::string id = measuredId(measured.measuredGpuId, measured.gpu, measured.memoryBytes, catalog);
    if (id.empty())
        return Result<GpuSpec>::failure("gpu",
            "measured on " + inQuotes(measured.gpu, 64)
                + ", which is no GPU of the catalog: its rates cannot be set on the plan's " + planGpu.id);
    if (id != planGpu.id)
        return Result<GpuSpec>::failure(
            "gpu", "measured on " + id + ", the plan's GPU is " + planGpu.id + ": its rates are not the plan's");
    std::vector<MeasuredGemm> gemms;
    for (const GemmResult& g : measured.gemms)
        if (g.timeUs > 0 && g.m >= 1 && g.n >= 1 && g.k >= 1)
            gemms.push_back({ std::floor(g.m), std::floor(g.n), std::floor(g.k), std::max(1.0, std::floor(g.batch)),
                g.timeUs * 1e-6 });
    if (gemms.empty())
        return Result<GpuSpec>::failure("gemms", "the measurement has no GEMM time");
    GpuSpec g = calibratedGpu(planGpu, gemms, measured.copyTrafficGBps, source);
    g.overlapSlowdown = overlapSlowdownMeasured(measured);
    // Above 0.1 µs: a launch cannot cost less, so a smaller figure is a clock's artefact, not a measurement.
    g.kernelFixedUs = measured.kernelFixedUs >= 0.1 && measured.kernelFixedUs <= 1000 ? measured.kernelFixedUs : 0;
    return g;
}

} // namespace plait
