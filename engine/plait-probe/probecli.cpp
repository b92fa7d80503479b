#include "probecli.h"

#include "text.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <set>
#include <unistd.h>

namespace plait::probe {

std::optional<std::size_t> parseBytes(std::string_view text)
{
    if (text.empty() || text.size() > 24)
        return std::nullopt;
    std::size_t multiplier = 1;
    switch (text.back()) {
    case 'K':
    case 'k':
        multiplier = std::size_t(1) << 10;
        break;
    case 'M':
    case 'm':
        multiplier = std::size_t(1) << 20;
        break;
    case 'G':
    case 'g':
        multiplier = std::size_t(1) << 30;
        break;
    default:
        break;
    }
    if (multiplier != 1)
        text.remove_suffix(1);
    if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    const std::string digits(text);
    errno = 0;
    const unsigned long long v = std::strtoull(digits.c_str(), nullptr, 10);
    if (errno != 0 || v == 0 || v > (std::size_t(1) << 40) / multiplier)
        return std::nullopt;
    return std::size_t(v) * multiplier;
}

int driverSymbolVersion(std::string_view symbol)
{
    // From the PFN_*_v typedefs of CUDA 13.0's cudaTypedefs.h.
    static constexpr std::pair<std::string_view, int> kVersions[] = {
        { "cuDeviceGetDevResource", 12040 },
        { "cuDevSmResourceSplitByCount", 12040 },
        { "cuDevResourceGenerateDesc", 12040 },
        { "cuGreenCtxCreate", 12040 },
        { "cuGreenCtxDestroy", 12040 },
        { "cuCtxFromGreenCtx", 12040 },
        { "cuGreenCtxRecordEvent", 12040 },
        { "cuGreenCtxStreamCreate", 12050 },
    };
    for (const auto& [name, version] : kVersions)
        if (name == symbol)
            return version;
    return 0;
}

std::string linkClassOf(int ranks, int hosts, bool allPeersAccessible)
{
    if (ranks <= 1)
        return "self";
    if (hosts > 1)
        return "inter_node";
    return allPeersAccessible ? "intra_node_p2p" : "intra_node_host";
}

Spread spreadOf(std::vector<double> samples)
{
    Spread s;
    s.count = int(samples.size());
    if (samples.empty())
        return s;
    std::sort(samples.begin(), samples.end());
    // Linear interpolation between the closest ranks (the "inclusive" percentile of numpy's default).
    auto at = [&](double q) {
        const double pos = q * double(samples.size() - 1);
        const std::size_t lo = std::size_t(pos);
        const std::size_t hi = std::min(lo + 1, samples.size() - 1);
        return samples[lo] + (pos - double(lo)) * (samples[hi] - samples[lo]);
    };
    s.median = at(0.5);
    s.p10 = at(0.1);
    s.p90 = at(0.9);
    s.min = samples.front();
    s.max = samples.back();
    return s;
}

std::string planError(const std::string& path, const std::string& why)
{
    return why.find(path) != std::string::npos ? why : path + ": " + why;
}

const char* layoutName(GemmLayout layout)
{
    return layout == GemmLayout::TN ? "TN" : layout == GemmLayout::NN ? "NN" : "NT";
}

std::uint16_t floatToBf16(float value)
{
    std::uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    if (std::isnan(value))
        return std::uint16_t((bits >> 16) | 0x40);
    bits += 0x7fff + ((bits >> 16) & 1); // round to nearest, ties to even
    return std::uint16_t(bits >> 16);
}

float bf16ToFloat(std::uint16_t value)
{
    const std::uint32_t bits = std::uint32_t(value) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

std::vector<double> referenceGemm(
    GemmLayout layout, int m, int n, int k, const std::vector<std::uint16_t>& a, const std::vector<std::uint16_t>& b)
{
    std::vector<double> c(std::size_t(m) * std::size_t(n), 0.0);
    if (a.size() < std::size_t(m) * std::size_t(k) || b.size() < std::size_t(k) * std::size_t(n))
        return c;
    auto opA = [&](int i, int l) { // op(A)[i][l]
        return double(bf16ToFloat(layout == GemmLayout::TN ? a[std::size_t(i) * k + l] : a[std::size_t(l) * m + i]));
    };
    auto opB = [&](int l, int j) { // op(B)[l][j]
        return double(bf16ToFloat(layout == GemmLayout::NT ? b[std::size_t(l) * n + j] : b[std::size_t(j) * k + l]));
    };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            double sum = 0;
            for (int l = 0; l < k; ++l)
                sum += opA(i, l) * opB(l, j);
            c[std::size_t(j) * m + i] = sum;
        }
    return c;
}

double relativeError(const std::vector<double>& reference, const std::vector<std::uint16_t>& result)
{
    if (reference.size() != result.size())
        return 1;
    double diff = 0, norm = 0;
    for (std::size_t i = 0; i < reference.size(); ++i) {
        const double d = double(bf16ToFloat(result[i])) - reference[i];
        diff += d * d;
        norm += reference[i] * reference[i];
    }
    if (std::isnan(diff))
        return diff;
    return norm > 0 ? std::sqrt(diff / norm) : 1;
}

int rotatingSets(std::size_t setBytes, std::size_t l2Bytes, std::size_t availableBytes)
{
    if (setBytes == 0)
        return 1;
    const std::size_t wanted = (2 * l2Bytes) / setBytes + 1;
    const std::size_t fit = availableBytes / setBytes;
    return int(std::max<std::size_t>(1, std::min({ wanted, fit, std::size_t(64) })));
}

unsigned smsPerStage(unsigned smCount, int stages, unsigned minPartition, unsigned alignment)
{
    if (stages < 1 || alignment == 0)
        return 0;
    const unsigned each = smCount / unsigned(stages) / alignment * alignment;
    return each >= std::max(minPartition, alignment) ? each : 0;
}

std::vector<SmSplitTry> smSplitTries(unsigned smCount, int stages, unsigned minPartition, unsigned alignment)
{
    std::vector<SmSplitTry> tries;
    if (stages < 1)
        return tries;
    const unsigned step = std::max(alignment, 1u), least = std::max(minPartition, step);
    for (unsigned each = smsPerStage(smCount, stages, minPartition, step); each >= least; each -= step)
        tries.push_back({ true, each });
    const unsigned even = smCount / unsigned(stages) / 2 * 2;
    for (unsigned each = even; each >= 2 && each * 2 >= even; each -= 2)
        tries.push_back({ false, each });
    return tries;
}

std::optional<std::vector<int>> parseGpuList(std::string_view text)
{
    std::vector<int> out;
    std::set<int> seen;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view item = text.substr(start, comma - start);
        if (item.empty() || item.size() > 4
            || !std::all_of(item.begin(), item.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
        const int g = std::stoi(std::string(item));
        if (!seen.insert(g).second)
            return std::nullopt;
        out.push_back(g);
        start = comma + 1;
    }
    return out;
}

std::vector<std::size_t> sizeSweep(std::size_t minBytes, std::size_t maxBytes, double factor)
{
    std::vector<std::size_t> sizes;
    if (minBytes == 0 || maxBytes < minBytes || !(factor > 1))
        return sizes;
    for (double s = double(minBytes); s <= double(maxBytes) * (1 + 1e-12) && sizes.size() < 200; s *= factor)
        sizes.push_back(std::size_t(std::llround(s)));
    return sizes;
}

std::string usage()
{
    return "usage: plait-probe info\n"
           "       plait-probe collectives [--gpus 0,1,2,3] [--ops all-reduce,all-gather,reduce-scatter,all-to-all,"
           "send-recv]\n"
           "                   [--min-bytes 8] [--max-bytes 1G] [--factor 2] [--warmup 5] [--iters 20] [--check]"
           " [--deadline S] --out LINKS.json\n"
           "       plait-probe compute [--gpus 0] [--plan PLAN.plait.json] [--iters 20] [--soak 5] [--deadline S] "
           "--out COMPUTE.json\n"
           "       plait-probe pipeline --plan PLAN.plait.json [--gpus 0,1,2,3] [--microbatches M] [--iters N]"
           " [--max-layers L] [--deadline S] --out TRACE.json\n";
}

namespace {
[[noreturn]] void bad(const std::string& message)
{
    throw ProbeError(kUsage, "usage", message);
}

int intArg(const std::string& name, const std::string& v, int lo, int hi)
{
    char* end = nullptr;
    errno = 0;
    const long x = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end || errno || x < lo || x > hi)
        bad(name + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got "
            + inQuotes(v, 32));
    return int(x);
}
}

Options parseOptions(const std::vector<std::string>& args)
{
    if (args.empty())
        bad("no command given");
    Options o;
    o.command = args[0];
    if (o.command != "info" && o.command != "collectives" && o.command != "compute" && o.command != "pipeline")
        bad("unknown command " + inQuotes(o.command, 32) + "; known: info, collectives, compute, pipeline");
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size())
                bad(a + " needs a value");
            return args[++i];
        };
        if (a == "--gpus") {
            auto g = parseGpuList(value());
            if (!g)
                bad("--gpus must be distinct device indices like 0,1,2,3");
            o.gpus = *g;
        } else if (a == "--ops") {
            o.ops.clear();
            const std::string v = value();
            std::size_t s = 0;
            while (s <= v.size()) {
                const std::size_t c = std::min(v.find(',', s), v.size());
                auto k = collectiveFromName(std::string_view(v).substr(s, c - s));
                if (!k)
                    bad("unknown op " + inQuotes(std::string_view(v).substr(s, c - s), 32)
                        + "; known: all-reduce, all-gather, reduce-scatter, all-to-all, send-recv");
                o.ops.push_back(*k);
                s = c + 1;
            }
        } else if (a == "--min-bytes" || a == "--max-bytes") {
            auto b = parseBytes(value());
            if (!b)
                bad(a + " must be a size like 8, 64K, 16M or 1G");
            (a == "--min-bytes" ? o.minBytes : o.maxBytes) = *b;
        } else if (a == "--factor") {
            const std::string v = value();
            char* end = nullptr;
            o.factor = std::strtod(v.c_str(), &end);
            if (v.empty() || *end || !(o.factor > 1) || !(o.factor <= 1024))
                bad("--factor must be a number above 1");
        } else if (a == "--warmup") {
            o.warmup = intArg(a, value(), 0, 1000);
        } else if (a == "--iters") {
            o.iters = intArg(a, value(), 1, 100000);
        } else if (a == "--microbatches") {
            o.microBatches = intArg(a, value(), 1, 100000);
        } else if (a == "--max-layers") {
            o.maxLayers = intArg(a, value(), 1, 100000);
        } else if (a == "--deadline") {
            o.deadlineS = intArg(a, value(), 1, 86400);
        } else if (a == "--soak") {
            o.soakS = intArg(a, value(), 0, 600);
        } else if (a == "--check") {
            o.check = true;
        } else if (a == "--out") {
            o.out = value();
        } else if (a == "--plan") {
            o.plan = value();
        } else {
            bad("unknown option " + inQuotes(a, 32));
        }
    }
    if (o.minBytes > o.maxBytes)
        bad("--min-bytes is larger than --max-bytes");
    if (o.command != "info" && o.out.empty())
        bad(o.command + " needs --out FILE");
    if (o.command == "pipeline" && o.plan.empty())
        bad("pipeline needs --plan PLAN.plait.json");
    return o;
}

void emit(const nlohmann::json& event)
{
    std::cout << event.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << std::endl;
}

void emitError(const ProbeError& e)
{
    emit({ { "event", "error" }, { "code", e.name }, { "message", e.what() } });
}

void writeFileAtomically(const std::string& path, const std::string& text)
{
    // Written beside the target and renamed over it: a full disk or a kill leaves the old file as it was. The
    // message names the system's reason ("No space left on device"), and no temporary file is left behind.
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    const auto fail = [&](const std::string& what) {
        const std::string why = std::strerror(errno);
        std::remove(tmp.c_str());
        throw ProbeError(kOutputError, "output", what + ": " + why);
    };
    errno = 0;
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            fail("cannot write " + path);
        out.write(text.data(), std::streamsize(text.size()));
        out.flush();
        if (!out)
            fail("cannot write " + path);
        out.close();
        if (out.fail())
            fail("cannot write " + path);
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        fail("cannot replace " + path);
}

} // namespace plait::probe
