#include "catalog.h"

#include "attentionkernel.h"
#include "builtin_resources.h"
#include "jsonfields.h"
#include "safejson.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>

namespace plait {

namespace {
constexpr double kMaxTflops = 1e6;
constexpr std::size_t kMaxMeasuredGemms = 4096; // a plan has a few dozen shapes; a file of millions is hostile

template <typename T> const T* findById(const std::vector<T>& list, const std::string& id)
{
    for (const T& x : list)
        if (x.id == id)
            return &x;
    return nullptr;
}

template <typename T> std::string idList(const std::vector<T>& list)
{
    std::string s;
    for (const T& x : list)
        s += (s.empty() ? "" : ", ") + x.id;
    return s;
}

template <typename T> void upsert(std::vector<T>& list, T entry)
{
    for (T& x : list)
        if (x.id == entry.id) {
            x = std::move(entry);
            return;
        }
    list.push_back(std::move(entry));
}

const std::vector<std::pair<std::string, LinkKind>> kLinkKinds = {
    { "nvlink", LinkKind::NVLink },
    { "pcie", LinkKind::PCIe },
    { "ib", LinkKind::InfiniBand },
    { "roce", LinkKind::RoCE },
    { "ethernet", LinkKind::Ethernet },
    { "infinity-fabric", LinkKind::InfinityFabric },
};
}

const char* linkKindName(LinkKind kind)
{
    for (const auto& [name, k] : kLinkKinds)
        if (k == kind)
            return name.c_str();
    return "unknown";
}

double LinkSpec::collectiveRate(std::string_view collective) const
{
    for (const auto& [name, rate] : collectiveRates)
        if (name == collective)
            return rate;
    return 1.0;
}

double LinkSpec::sizeEfficiency(double bytes) const
{
    if (busbwCurve.empty() || bytes <= 0)
        return 1.0;
    const double top = busbwCurve.back().second;
    if (bytes >= busbwCurve.back().first)
        return 1.0;
    if (bytes <= busbwCurve.front().first) // latency-bound below the first point: time stays about constant
        return busbwCurve.front().second / top * bytes / busbwCurve.front().first;
    for (std::size_t i = 1; i < busbwCurve.size(); ++i) {
        const auto& [x1, y1] = busbwCurve[i];
        if (bytes <= x1) {
            const auto& [x0, y0] = busbwCurve[i - 1];
            const double f = std::log(bytes / x0) / std::log(x1 / x0); // log-size interpolation
            return (y0 + f * (y1 - y0)) / top;
        }
    }
    return 1.0;
}

const GpuSpec* Catalog::gpu(const std::string& id) const
{
    return findById(gpus, id);
}
const LinkSpec* Catalog::link(const std::string& id) const
{
    return findById(links, id);
}
const GpuSpec* Catalog::gpuForDevice(const std::string& deviceName, double memoryBytes) const
{
    auto upper = [](const std::string& s) {
        std::string out;
        for (char c : s)
            out += char(std::toupper(static_cast<unsigned char>(c)));
        return out;
    };
    // The name's words, and each word joined to the next ("RTX 4090" → "RTX4090").
    std::vector<std::string> words, candidates;
    for (std::string w; const char c : upper(deviceName) + " ")
        if (c == ' ' || c == '-' || c == '_') {
            if (!w.empty())
                words.push_back(std::exchange(w, {}));
        } else {
            w += c;
        }
    for (std::size_t i = 0; i < words.size(); ++i) {
        candidates.push_back(words[i]);
        if (i + 1 < words.size())
            candidates.push_back(words[i] + words[i + 1]);
    }
    auto has = [&](const std::string& word) {
        return std::find(candidates.begin(), candidates.end(), word) != candidates.end();
    };
    const bool pcie = has("PCIE");
    const bool otherForm = has("NVL"); // H100/H200 NVL: not the catalog's SXM part
    const double memoryGiB = memoryBytes / double(1ull << 30);
    const GpuSpec* best = nullptr;
    double bestGap = 0.15;
    for (const GpuSpec& g : gpus) {
        const std::string id = upper(g.id);
        const bool catalogPcie = id.find("PCIE") != std::string::npos;
        if (!has(id.substr(0, id.find('-'))) || catalogPcie != pcie || (otherForm && !catalogPcie) || g.memoryGiB <= 0)
            continue;
        if (const double gap = std::abs(memoryGiB - g.memoryGiB) / g.memoryGiB; gap <= bestGap) {
            best = &g;
            bestGap = gap;
        }
    }
    return best;
}

std::string Catalog::gpuIds() const
{
    return idList(gpus);
}
std::string Catalog::linkIds() const
{
    return idList(links);
}

namespace {
constexpr std::size_t kMaxAttentionCurves = 64, kMaxCurvePoints = 64;

// [{kernel, pass, causal, head_dim, seq: [...], tflops: [...], source}, ...]; a curve with a rate above the GPU's
// 16-bit peak is no measurement of it.
std::vector<AttentionCurve> attentionCurvesFromJson(
    const nlohmann::json& list, const std::string& field, const GpuSpec& g, std::vector<Issue>& issues)
{
    std::vector<AttentionCurve> out;
    if (!list.is_array() || list.size() > kMaxAttentionCurves) {
        issues.push_back({ field, "must be a list of at most " + std::to_string(kMaxAttentionCurves) + " curves" });
        return out;
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = field + "[" + std::to_string(i) + "]";
        if (!list[i].is_object()) {
            issues.push_back({ at, "must be an object {kernel, pass, causal, head_dim, seq, tflops, source}" });
            continue;
        }
        FieldReader r(list[i], at, issues);
        AttentionCurve c;
        c.kernel = r.choice("kernel", "flash2", attentionKernelNames());
        c.pass = r.choice("pass", "fwd_bwd", { "fwd", "bwd", "fwd_bwd" });
        c.causal = r.boolean("causal", true);
        c.headDim = r.number("head_dim", 128, 1, 1024);
        c.source = r.string("source", "");
        const auto& seq = list[i].contains("seq") ? list[i].at("seq") : nlohmann::json();
        const auto& tf = list[i].contains("tflops") ? list[i].at("tflops") : nlohmann::json();
        bool good = seq.is_array() && tf.is_array() && seq.size() == tf.size() && !seq.empty()
            && seq.size() <= kMaxCurvePoints;
        for (std::size_t p = 0; good && p < seq.size(); ++p) {
            good = seq[p].is_number() && tf[p].is_number();
            const double s = good ? seq[p].get<double>() : 0, t = good ? tf[p].get<double>() : 0;
            good = good && std::isfinite(s) && std::isfinite(t) && s >= 1 && s <= 1e9 && t > 0
                && (c.seqLens.empty() || s > c.seqLens.back()) && (g.bf16Tflops <= 0 || t <= g.bf16Tflops);
            if (good) {
                c.seqLens.push_back(s);
                c.tflops.push_back(t);
            }
        }
        if (!good) {
            issues.push_back({ at,
                "must give seq (increasing lengths) and tflops (one rate per length, above 0 and at most the GPU's "
                "bf16 peak), 1 to "
                    + std::to_string(kMaxCurvePoints) + " points" });
            continue;
        }
        out.push_back(std::move(c));
    }
    return out;
}

// [{kernel, head_dim, seq_len, fwd_tflops, bwd_tflops, source}, ...], one per kernel; a rate above the GPU's 16-bit
// peak is no measurement of it.
std::vector<MeasuredAttention> measuredAttentionFromJson(
    const nlohmann::json& list, const std::string& field, const GpuSpec& g, std::vector<Issue>& issues)
{
    std::vector<MeasuredAttention> out;
    if (!list.is_array() || list.size() > kMaxAttentionCurves) {
        issues.push_back({ field, "must be a list of at most " + std::to_string(kMaxAttentionCurves) + " entries" });
        return out;
    }
    const double peak = g.bf16Tflops > 0 ? g.bf16Tflops : kMaxTflops;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = field + "[" + std::to_string(i) + "]";
        if (!list[i].is_object()) {
            issues.push_back({ at, "must be an object {kernel, head_dim, seq_len, fwd_tflops, bwd_tflops, source}" });
            continue;
        }
        FieldReader r(list[i], at, issues);
        MeasuredAttention m;
        m.kernel = r.choice("kernel", "flash2", attentionKernelNames());
        m.headDim = r.number("head_dim", 128, 1, 1024);
        m.seqLen = r.number("seq_len", 0, 1, 1e9, true);
        m.fwdTflops = r.number("fwd_tflops", 0, 1e-6, peak, true);
        m.bwdTflops = r.number("bwd_tflops", 0, 1e-6, peak, true);
        m.source = r.string("source", "");
        if (std::any_of(out.begin(), out.end(), [&](const MeasuredAttention& o) { return o.kernel == m.kernel; }))
            issues.push_back({ at, "measures " + m.kernel + " a second time: one measurement per kernel" });
        else
            out.push_back(std::move(m));
    }
    return out;
}
}

Result<GpuSpec> gpuFromJson(const nlohmann::json& j, const std::string& field)
{
    std::vector<Issue> issues;
    if (!j.is_object())
        return Result<GpuSpec>::failure(field, "must be an object");
    FieldReader r(j, field, issues);
    GpuSpec g;
    g.id = r.string("id", "", false);
    if (g.id.empty())
        g.id = r.string("name", "", true);
    g.name = r.string("name", g.id);
    g.memoryGiB = r.number("memory_GiB", 0, 0.1, 1e5, true);
    g.bf16Tflops = r.number("bf16_tflops", 0, 0.001, kMaxTflops, true);
    g.fp16Tflops = r.number("fp16_tflops", g.bf16Tflops, 0, kMaxTflops);
    g.fp8Tflops = r.number("fp8_tflops", 0, 0, kMaxTflops);
    g.fp4Tflops = r.number("fp4_tflops", 0, 0, kMaxTflops);
    g.hbmGBps = r.number("hbm_GBps", 0, 0.001, 1e6, true);
    g.hbmAchievableGBps = r.number("hbm_achievable_GBps", 0, 0, g.hbmGBps > 0 ? g.hbmGBps : 1e6);
    g.hbmSource = r.string("hbm_achievable_source", "");
    g.sms = int(r.integer("sms", 0, 0, 100000));
    g.hostLink = r.string("host_link", "");
    g.hostLinkGBps = r.number("host_link_GBps", 0, 0, 1e5);
    g.nvlink = r.string("nvlink", "");
    g.nvlinkGBps = r.number("nvlink_GBps", 0, 0, 1e6);
    g.gemmMaxEfficiency = r.number("gemm_max_efficiency", 0, 0, 1);
    g.gemmSustainedEfficiency = r.number("gemm_sustained_efficiency", 0, 0, 1);
    g.fp8SustainedEfficiency = r.number("gemm_sustained_fp8_efficiency", 0, 0, 1);
    g.sustainedSource = r.string("gemm_sustained_source", "");
    g.nvfp4GemmShare = r.number("nvfp4_gemm_share", 0, 0, 1);
    g.nvfp4GemmSource = r.string("nvfp4_gemm_source", "");
    g.overlapSlowdown = r.number("overlap_slowdown", 0, 0, 4);
    g.overlapSource = r.string("overlap_slowdown_source", "");
    g.kernelFixedUs = r.number("kernel_fixed_us", 0, 0, 1000);
    g.kernelFixedSource = r.string("kernel_fixed_source", "");
    g.tdpW = r.number("tdp_W", 0, 0, 1e5);
    g.tdpSource = r.string("tdp_source", "");
    if (r.has("attention_curves"))
        g.attentionCurves = attentionCurvesFromJson(j.at("attention_curves"), field + ".attention_curves", g, issues);
    g.source = r.string("source", "");
    if (r.has("measured_attention"))
        g.measuredAttention
            = measuredAttentionFromJson(j.at("measured_attention"), field + ".measured_attention", g, issues);
    if (r.has("measured_gemms")) {
        // [m, n, k, batch, microseconds] per shape, as calibration writes them
        const auto& list = j.at("measured_gemms");
        bool good = list.is_array() && list.size() <= kMaxMeasuredGemms;
        for (std::size_t i = 0; good && i < list.size(); ++i) {
            const auto& e = list[i];
            good = e.is_array() && e.size() == 5;
            double v[5] = {};
            for (std::size_t f = 0; good && f < 5; ++f) {
                good = e[f].is_number() && std::isfinite(e[f].get<double>());
                if (good)
                    v[f] = e[f].get<double>();
            }
            good = good && v[0] >= 1 && v[1] >= 1 && v[2] >= 1 && v[3] >= 1 && v[0] <= 1e8 && v[1] <= 1e8 && v[2] <= 1e8
                && v[3] <= 1e8 && v[4] > 0 && v[4] <= 1e9;
            if (good)
                g.measuredGemms.push_back({ v[0], v[1], v[2], v[3], v[4] * 1e-6 });
            // A time faster than the datasheet peak is no measurement of this GPU.
            const double tflops = good ? 2 * v[0] * v[1] * v[2] * v[3] / (v[4] * 1e-6) / 1e12 : 0;
            if (good && g.bf16Tflops > 0 && tflops > g.bf16Tflops) {
                issues.push_back({ field + ".measured_gemms",
                    "entry " + std::to_string(i + 1) + " runs at " + std::to_string(int(tflops))
                        + " TFLOP/s, above the GPU's bf16 peak of " + std::to_string(int(g.bf16Tflops)) });
                g.measuredGemms.clear();
                break;
            }
        }
        if (!good) {
            g.measuredGemms.clear();
            issues.push_back({ field + ".measured_gemms",
                "must list at most " + std::to_string(kMaxMeasuredGemms)
                    + " [m, n, k, batch, microseconds] entries, sizes from 1 to 1e8 and times above 0" });
        }
    }
    if (!issues.empty())
        return issues;
    return g;
}

Result<LinkSpec> linkFromJson(const nlohmann::json& j, const std::string& field)
{
    std::vector<Issue> issues;
    if (!j.is_object())
        return Result<LinkSpec>::failure(field, "must be an object");
    FieldReader r(j, field, issues);
    LinkSpec l;
    l.id = r.string("id", "", false);
    if (l.id.empty())
        l.id = r.string("name", "", true);
    l.name = r.string("name", l.id);
    const std::string kind
        = r.choice("kind", "ethernet", { "nvlink", "pcie", "ib", "roce", "ethernet", "infinity-fabric" });
    for (const auto& [name, k] : kLinkKinds)
        if (name == kind)
            l.kind = k;
    const bool inNodeKind
        = l.kind == LinkKind::NVLink || l.kind == LinkKind::PCIe || l.kind == LinkKind::InfinityFabric;
    l.intraNode
        = r.choice("scope", inNodeKind ? "intra-node" : "inter-node", { "intra-node", "inter-node" }) == "intra-node";
    l.bandwidthGBps = r.number("bandwidth_GBps", 0, 1e-6, 1e6, true);
    l.latencyUs = r.number("latency_us", 5, 0, 1e6);
    l.efficiency = r.number("efficiency", 1, 0.01, 1);
    l.nvls = r.boolean("nvls", false);
    l.nvlsAlgGBps = r.number("nvls_algbw_GBps", 0, 0, 1e6);
    l.source = r.string("source", "");
    if (r.has("busbw_curve")) {
        const auto& c = j.at("busbw_curve");
        bool good = c.is_array() && (c.empty() || (c.size() >= 2 && c.size() <= 256));
        double lastBytes = 0;
        for (std::size_t i = 0; good && i < c.size(); ++i) {
            good = c[i].is_array() && c[i].size() == 2 && c[i][0].is_number() && c[i][1].is_number()
                && c[i][0].get<double>() > lastBytes && c[i][1].get<double>() > 0
                && std::isfinite(c[i][0].get<double>()) && std::isfinite(c[i][1].get<double>());
            if (good) {
                lastBytes = c[i][0].get<double>();
                l.busbwCurve.emplace_back(lastBytes, c[i][1].get<double>());
            }
        }
        if (!good)
            issues.push_back(
                { field + ".busbw_curve", "must list 2 to 256 [bytes, GB/s] pairs with increasing bytes" });
    }
    if (r.has("collective_rates")) {
        const auto& rates = j.at("collective_rates");
        bool good = rates.is_object();
        for (const char* name : { "all-gather", "reduce-scatter", "all-to-all" })
            if (good && rates.contains(name)) {
                const auto& v = rates.at(name);
                // As a profile's fit bounds them (profilecalibration.cpp): a twentieth to twenty times the model's.
                good = v.is_number() && v.get<double>() >= 0.05 && v.get<double>() <= 20;
                if (good)
                    l.collectiveRates.emplace_back(name, v.get<double>());
            }
        good = good && rates.size() == l.collectiveRates.size();
        if (!good)
            issues.push_back({ field + ".collective_rates",
                "must map all-gather, reduce-scatter or all-to-all to a multiple from 0.05 to 20" });
        l.collectiveRatesSource = r.string("collective_rates_source", "");
    }
    if (!issues.empty())
        return issues;
    return l;
}

nlohmann::json toJson(const GpuSpec& g)
{
    nlohmann::json j = { { "id", g.id }, { "name", g.name }, { "memory_GiB", g.memoryGiB },
        { "bf16_tflops", g.bf16Tflops }, { "fp16_tflops", g.fp16Tflops }, { "fp8_tflops", g.fp8Tflops },
        { "fp4_tflops", g.fp4Tflops }, { "hbm_GBps", g.hbmGBps }, { "sms", g.sms }, { "host_link", g.hostLink },
        { "host_link_GBps", g.hostLinkGBps }, { "nvlink", g.nvlink }, { "nvlink_GBps", g.nvlinkGBps },
        { "gemm_max_efficiency", g.gemmMaxEfficiency }, { "gemm_sustained_efficiency", g.gemmSustainedEfficiency },
        { "gemm_sustained_fp8_efficiency", g.fp8SustainedEfficiency }, { "gemm_sustained_source", g.sustainedSource },
        { "source", g.source } };
    if (g.nvfp4GemmShare > 0) {
        j["nvfp4_gemm_share"] = g.nvfp4GemmShare;
        j["nvfp4_gemm_source"] = g.nvfp4GemmSource;
    }
    if (g.overlapSlowdown > 0)
        j["overlap_slowdown"] = g.overlapSlowdown;
    if (!g.overlapSource.empty())
        j["overlap_slowdown_source"] = g.overlapSource;
    if (g.kernelFixedUs > 0)
        j["kernel_fixed_us"] = g.kernelFixedUs;
    if (!g.kernelFixedSource.empty())
        j["kernel_fixed_source"] = g.kernelFixedSource;
    if (g.tdpW > 0) {
        j["tdp_W"] = g.tdpW;
        j["tdp_source"] = g.tdpSource;
    }
    if (g.hbmAchievableGBps > 0) {
        j["hbm_achievable_GBps"] = g.hbmAchievableGBps;
        j["hbm_achievable_source"] = g.hbmSource;
    }
    if (!g.attentionCurves.empty()) {
        nlohmann::json list = nlohmann::json::array();
        for (const AttentionCurve& c : g.attentionCurves)
            list.push_back({ { "kernel", c.kernel }, { "pass", c.pass }, { "causal", c.causal },
                { "head_dim", c.headDim }, { "seq", c.seqLens }, { "tflops", c.tflops }, { "source", c.source } });
        j["attention_curves"] = std::move(list);
    }
    if (!g.measuredAttention.empty()) {
        nlohmann::json list = nlohmann::json::array();
        for (const MeasuredAttention& m : g.measuredAttention)
            list.push_back({ { "kernel", m.kernel }, { "head_dim", m.headDim }, { "seq_len", m.seqLen },
                { "fwd_tflops", m.fwdTflops }, { "bwd_tflops", m.bwdTflops }, { "source", m.source } });
        j["measured_attention"] = std::move(list);
    }
    if (!g.measuredGemms.empty()) {
        nlohmann::json list = nlohmann::json::array();
        for (const MeasuredGemm& m : g.measuredGemms)
            list.push_back({ m.m, m.n, m.k, m.batch, m.seconds * 1e6 });
        j["measured_gemms"] = std::move(list);
    }
    return j;
}

nlohmann::json toJson(const LinkSpec& l)
{
    nlohmann::json j { { "id", l.id }, { "name", l.name }, { "kind", linkKindName(l.kind) },
        { "scope", l.intraNode ? "intra-node" : "inter-node" }, { "bandwidth_GBps", l.bandwidthGBps },
        { "latency_us", l.latencyUs }, { "efficiency", l.efficiency }, { "nvls", l.nvls },
        { "nvls_algbw_GBps", l.nvlsAlgGBps }, { "busbw_curve", l.busbwCurve }, { "source", l.source } };
    if (!l.collectiveRates.empty()) {
        nlohmann::json rates = nlohmann::json::object();
        for (const auto& [name, rate] : l.collectiveRates)
            rates[name] = rate;
        j["collective_rates"] = rates;
        j["collective_rates_source"] = l.collectiveRatesSource;
    }
    return j;
}

std::vector<Issue> Catalog::merge(const nlohmann::json& doc)
{
    std::vector<Issue> issues;
    if (!doc.is_object())
        return { { "", "a catalog must be a JSON object" } };
    auto each = [&](const char* key, auto parse, auto& list) {
        if (!doc.contains(key))
            return;
        if (!doc[key].is_array()) {
            issues.push_back({ key, "must be a list" });
            return;
        }
        for (std::size_t i = 0; i < doc[key].size(); ++i) {
            auto entry = parse(doc[key][i], std::string(key) + "[" + std::to_string(i) + "]");
            if (entry)
                upsert(list, entry.value());
            else
                issues.insert(issues.end(), entry.errors().begin(), entry.errors().end());
        }
    };
    each("gpus", gpuFromJson, gpus);
    each("links", linkFromJson, links);
    if (!doc.contains("gpus") && !doc.contains("links"))
        issues.push_back({ "", "a catalog needs a \"gpus\" or \"links\" list" });
    return issues;
}

const Catalog& Catalog::builtin()
{
    static const Catalog catalog = [] {
        Catalog c;
        for (const char* text : { resources::kGpusJson, resources::kLinksJson }) {
            auto doc = parseJson(text);
            // The shipped files are checked by the tests; a broken one is a build defect, not user input.
            if (doc)
                c.merge(doc.value());
        }
        return c;
    }();
    return catalog;
}

} // namespace plait
