#include "kinetoprofile.h"

#include "gzip.h"
#include "hostfilter.h"
#include "rankevents.h"
#include "tracebytes.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <utility>

namespace plait {

namespace {
using json = nlohmann::json;

// The fields of one event this reader keeps; everything else is skipped as it streams past.
struct KinetoEvent {
    std::string ph, cat, name, collective, group, groupRanks, dtype;
    double ts = NAN, dur = NAN;
    double elements = 0; // a collective's "In msg nelems" or "Out msg nelems", the larger
    std::int64_t tid = 0, correlation = -1, groupSize = 0;
    std::uint64_t grid = 0; // a kernel's "grid" dimensions, hashed
    void clear() // keeps the strings' capacity for the next event
    {
        ph.clear();
        cat.clear();
        name.clear();
        collective.clear();
        group.clear();
        groupRanks.clear();
        dtype.clear();
        ts = dur = NAN;
        elements = 0;
        tid = 0;
        correlation = -1;
        groupSize = 0;
        grid = 0;
    }
};

// Bytes per element of the tensor types PyTorch names in a collective's "dtype"; 0 for one not listed.
double bytesPerElement(const std::string& dtype)
{
    static const std::pair<const char*, double> kSizes[]
        = { { "Float", 4 }, { "BFloat16", 2 }, { "Half", 2 }, { "Double", 8 }, { "Float8_e4m3fn", 1 },
              { "Float8_e5m2", 1 }, { "Int", 4 }, { "Long", 8 }, { "Byte", 1 }, { "Char", 1 }, { "Bool", 1 } };
    for (const auto& [name, size] : kSizes)
        if (dtype == name)
            return size;
    return 0;
}

} // namespace

std::optional<std::vector<int>> groupRanksOf(std::string_view text)
{
    constexpr std::size_t kMaxGroupRanks = 1 << 20; // more ranks than any job has run
    std::vector<int> ranks;
    auto skipSpaces = [&] {
        while (!text.empty() && text.front() == ' ')
            text.remove_prefix(1);
    };
    skipSpaces();
    if (text.empty() || text.front() != '[')
        return std::nullopt;
    text.remove_prefix(1);
    skipSpaces();
    if (!text.empty() && text.front() == ']')
        return ranks;
    while (true) {
        int rank = -1;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), rank);
        if (error != std::errc() || rank < 0)
            return std::nullopt;
        ranks.push_back(rank);
        if (ranks.size() > kMaxGroupRanks)
            return std::nullopt;
        text.remove_prefix(std::size_t(end - text.data()));
        skipSpaces();
        if (text.empty())
            return std::nullopt;
        const char c = text.front();
        text.remove_prefix(1);
        if (c == ']')
            break;
        if (c != ',')
            return std::nullopt;
        skipSpaces();
    }
    skipSpaces();
    return text.empty() ? std::optional<std::vector<int>>(std::move(ranks)) : std::nullopt;
}

namespace {
class ProfileHandler {
public:
    explicit ProfileHandler(const TraceReadOptions& o)
        : options(o)
    {
    }
    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(json::number_integer_t v) { return number(double(v), v); }
    bool number_unsigned(json::number_unsigned_t v) { return number(double(v), std::int64_t(v)); }
    bool number_float(json::number_float_t v, const std::string&) { return number(v, 0); }
    bool binary(json::binary_t&) { return true; }
    bool string(std::string& s)
    {
        // Swapped, not copied: the parser's buffer keeps our capacity for its next string.
        if (depth == eventDepth) {
            if (eventKey == "ph")
                ev.ph.swap(s);
            else if (eventKey == "cat")
                ev.cat.swap(s);
            else if (eventKey == "name")
                ev.name.swap(s);
        } else if (inArgs && depth == eventDepth + 1) {
            if (argKey == "Collective name")
                ev.collective.swap(s);
            else if (argKey == "Process Group Name")
                ev.group.swap(s);
            else if (argKey == "Process Group Ranks")
                ev.groupRanks.swap(s);
            else if (argKey == "dtype")
                ev.dtype.swap(s);
        }
        return true;
    }
    bool key(std::string& k)
    {
        if (depth == 1)
            topKey.swap(k);
        else if (depth == eventDepth)
            eventKey.swap(k);
        else if (inArgs && depth == eventDepth + 1)
            argKey.swap(k);
        else if (inInfo && depth == 2)
            infoKey.swap(k);
        return true;
    }
    bool start_object(std::size_t)
    {
        if (++depth > options.maxDepth)
            return fail("the trace nests deeper than " + std::to_string(options.maxDepth) + " levels");
        if (depth == eventDepth) {
            ev.clear();
            eventKey.clear();
        } else if (depth == eventDepth + 1 && eventKey == "args") {
            inArgs = true;
            argKey.clear();
        } else if (depth == 2 && topKey == "distributedInfo") {
            inInfo = true;
        }
        return true;
    }
    bool end_object()
    {
        if (depth == eventDepth && !finishEvent())
            return false;
        if (depth == eventDepth + 1)
            inArgs = false;
        if (depth == 2)
            inInfo = false;
        --depth;
        return true;
    }
    bool start_array(std::size_t)
    {
        if (++depth > options.maxDepth)
            return fail("the trace nests deeper than " + std::to_string(options.maxDepth) + " levels");
        if (eventDepth < 0 && depth == 2 && topKey == "traceEvents")
            eventDepth = 3;
        return true;
    }
    bool end_array()
    {
        --depth;
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e)
    {
        if (error.empty())
            error = "not JSON at byte " + std::to_string(position) + ": " + e.what();
        return false;
    }

    const TraceReadOptions& options;
    RankEvents events;
    std::string error;

private:
    bool fail(std::string why)
    {
        error = std::move(why);
        return false;
    }
    bool number(double v, std::int64_t whole)
    {
        if (depth == eventDepth) {
            if (eventKey == "ts")
                ev.ts = v;
            else if (eventKey == "dur")
                ev.dur = v;
            else if (eventKey == "tid")
                ev.tid = whole;
        } else if (inArgs && depth == eventDepth + 1) {
            if (argKey == "correlation")
                ev.correlation = whole;
            else if (argKey == "In msg nelems" || argKey == "Out msg nelems")
                ev.elements = std::max(ev.elements, v); // nccl-tests' S: an all-gather's gathered size
            else if (argKey == "Group size")
                ev.groupSize = whole;
        } else if (inArgs && depth == eventDepth + 2 && argKey == "grid") {
            ev.grid = withGridDimension(ev.grid, whole);
        } else if (inInfo && depth == 2) {
            if (infoKey == "rank")
                events.profile.rank = int(whole);
            else if (infoKey == "world_size")
                events.profile.worldSize = int(whole);
        }
        return true;
    }
    bool finishEvent()
    {
        RankProfile& profile = events.profile;
        if (++profile.events > options.maxEvents)
            return fail("the trace has more than " + std::to_string(options.maxEvents) + " events");
        if (options.progress && profile.events % 65536 == 0 && !options.progress(profile.events, 0))
            return fail("cancelled");
        if (ev.ph != "X" || !std::isfinite(ev.ts) || !std::isfinite(ev.dur) || ev.dur < 0)
            return true;
        // The host's span of each step (newer profilers also copy it onto the GPU's timeline, gpu_user_annotation),
        // and the optimizer's, a user annotation.
        if (ev.cat != "gpu_user_annotation" && (ev.cat == "user_annotation" || ev.name.rfind("ProfilerStep#", 0) == 0)
            && events.addHostRange(ev.name, ev.ts, ev.ts + ev.dur, ev.tid))
            return true;
        if (ev.cat == "cuda_runtime" || ev.cat == "cuda_driver") {
            if (ev.correlation >= 0)
                events.launches[ev.correlation] = { ev.tid, ev.ts, ev.ts + ev.dur };
            return true;
        }
        if (ev.cat == "gpu_memcpy" || ev.cat == "gpu_memset") {
            events.copies.push_back({ ev.ts, ev.ts + ev.dur });
            return true;
        }
        // A job makes tens of groups; a file naming thousands is not kept whole.
        constexpr std::size_t kMaxGroups = 4096;
        if (ev.cat == "kernel" && !ev.group.empty() && !ev.groupRanks.empty() && profile.groups.size() < kMaxGroups
            && !profile.groups.count(ev.group))
            if (auto members = groupRanksOf(ev.groupRanks))
                profile.groups.emplace(ev.group, std::move(*members));
        if (ev.cat == "kernel")
            events.addKernel(ev.name, std::move(ev.collective), ev.group, ev.ts, ev.ts + ev.dur, ev.correlation,
                ev.elements * bytesPerElement(ev.dtype), int(ev.groupSize), ev.grid);
        return true;
    }

    int depth = 0, eventDepth = -1;
    bool inArgs = false, inInfo = false;
    std::string topKey, eventKey, argKey, infoKey;
    KinetoEvent ev;
};
}

std::string collectiveOfKernelName(const std::string& kernel)
{
    // ncclKernel_AllReduce_RING_LL_Sum_float(...), ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(...)
    static const std::pair<const char*, const char*> kNames[]
        = { { "_AllReduce", "allreduce" }, { "_AllGather", "allgather" }, { "_ReduceScatter", "reduce_scatter" },
              { "_Broadcast", "broadcast" }, { "_Reduce_", "reduce" }, { "_SendRecv", "sendrecv" } };
    if (kernel.rfind("ncclKernel", 0) != 0 && kernel.rfind("ncclDevKernel", 0) != 0)
        return {};
    for (const auto& [marker, name] : kNames)
        if (kernel.find(marker) != std::string::npos)
            return name;
    return {};
}

KernelClass kernelClassOfName(std::string_view kernel)
{
    auto has = [kernel](std::string_view part) { return kernel.find(part) != std::string_view::npos; };
    if (has("flash") || has("fmha") || has("Flash") || has("attention") || has("Attention") || has("attn"))
        return KernelClass::Attention;
    if (has("gemm") || has("Gemm") || has("GEMM") || has("cutlass") || has("xmma") || has("cublas") || has("nvjet")
        || has("Cijk_") || has("matmul"))
        return KernelClass::Gemm;
    return KernelClass::Other;
}

bool backwardKernelName(std::string_view kernel)
{
    for (std::string_view part : { "bwd", "Bwd", "bprop", "backward", "Backward", "cutlassB" })
        if (kernel.find(part) != std::string_view::npos)
            return true;
    return false;
}

Result<RankProfile> readKinetoProfile(std::string_view text, const TraceReadOptions& options)
{
    if (text.size() > options.maxBytes)
        return Result<RankProfile>::failure(
            "", "the trace is too large: over " + std::to_string(options.maxBytes >> 20) + " MiB is refused");
    if (isGzip(text)) // TraceBytes decompresses a file; these are compressed bytes given as text
        return Result<RankProfile>::failure("", "gzip-compressed bytes, not a trace's text");
    // The host's events skipped before parsing (hostfilter.h); should the rest not parse, the whole text is parsed
    // again so that the error names its place in the file.
    const std::optional<FilteredTrace> filtered = withoutHostEvents(text);
    auto handler = std::make_unique<ProfileHandler>(options);
    bool ok = filtered && json::sax_parse(filtered->text.begin(), filtered->text.end(), handler.get());
    if (!filtered || !ok || !handler->error.empty()) {
        if (handler->error == "cancelled")
            return Result<RankProfile>::failure("", handler->error);
        handler = std::make_unique<ProfileHandler>(options);
        ok = json::sax_parse(text.begin(), text.end(), handler.get());
    } else {
        handler->events.profile.events += filtered->skippedEvents;
    }
    ProfileHandler& h = *handler;
    if (!ok || !h.error.empty())
        return Result<RankProfile>::failure("", h.error.empty() ? std::string("not a trace") : h.error);
    if (h.events.profile.rank < 0)
        h.events.profile.problems.push_back({ "trace:no-rank", {} });
    return Result<RankProfile>(finishRankProfile(std::move(h.events)));
}

Result<RankProfile> readKinetoProfileFile(const std::string& path, const TraceReadOptions& options)
{
    const Result<TraceBytes> bytes = TraceBytes::read(path, options.maxBytes);
    if (!bytes)
        return Result<RankProfile>(bytes.errors());
    auto r = readKinetoProfile(bytes.value().text(), options);
    if (!r)
        return Result<RankProfile>::failure("", path + ": " + r.errorText());
    return r;
}

} // namespace plait
