#include "proberesults.h"

#include "jsonfields.h"

#include <cmath>
#include <optional>

namespace plait {

namespace {
double number(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number() && std::isfinite(it->get<double>()) ? it->get<double>() : 0;
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
    if (!doc.is_object() || doc.value("format", "") != "plait-links/1")
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

Result<ComputeResult> computeFromJson(const nlohmann::json& doc)
{
    if (!doc.is_object() || doc.value("format", "") != "plait-compute/1")
        return Result<ComputeResult>::failure("format", "not a plait-probe COMPUTE.json (format plait-compute/1)");
    ComputeResult r;
    auto text = [&](const nlohmann::json& j, const char* key) {
        return j.contains(key) && j[key].is_string() ? utf8Prefix(j[key].get<std::string>(), 128) : std::string();
    };
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
    if (doc.contains("contention") && doc["contention"].is_array())
        for (const auto& c : doc["contention"])
            if (c.is_object())
                r.contention.push_back(
                    { text(c, "gemm"), int(number(c, "copy_blocks")), int(number(c, "sm_count_target")),
                        number(c, "gemm_alone_us"), number(c, "gemm_beside_us"), number(c, "copy_gbps") });
    return r;
}

Result<GpuSpec> gpuCalibratedBy(
    const GpuSpec& planGpu, const ComputeResult& measured, const Catalog& catalog, const std::string& source)
{
    std::string id = measured.measuredGpuId;
    if (id.empty() && measured.memoryBytes > 0)
        if (const GpuSpec* g = catalog.gpuForDevice(measured.gpu, measured.memoryBytes))
            id = g->id;
    if (id.empty())
        return Result<GpuSpec>::failure("gpu",
            "measured on " + inQuotes(measured.gpu, 64)
                + ", which is no GPU of the catalog: its rates cannot be set on the plan's " + planGpu.id);
    if (id != planGpu.id)
        return Result<GpuSpec>::failure(
            "gpu", "measured on " + id + ", the plan's GPU is " + planGpu.id + ": its rates are not the plan's");
    if (!(measured.bestTflops > 0))
        return Result<GpuSpec>::failure("gemms", "the measurement has no GEMM rate");
    return calibratedGpu(planGpu, measured.bestTflops, measured.copyTrafficGBps, source);
}

} // namespace plait
