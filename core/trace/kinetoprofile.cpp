#include "kinetoprofile.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>

namespace plait {

namespace {
using json = nlohmann::json;

// The fields of one event this reader keeps; everything else is skipped as it streams past.
struct KinetoEvent {
    std::string ph, cat, name, collective, group;
    double ts = NAN, dur = NAN;
};

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
        if (depth == eventDepth) {
            if (eventKey == "ph")
                ev.ph = s;
            else if (eventKey == "cat")
                ev.cat = s;
            else if (eventKey == "name")
                ev.name = s;
        } else if (inArgs && depth == eventDepth + 1) {
            if (argKey == "Collective name")
                ev.collective = s;
            else if (argKey == "Process Group Name")
                ev.group = s;
        }
        return true;
    }
    bool key(std::string& k)
    {
        if (depth == 1)
            topKey = k;
        else if (depth == eventDepth)
            eventKey = k;
        else if (inArgs && depth == eventDepth + 1)
            argKey = k;
        else if (inInfo && depth == 2)
            infoKey = k;
        return true;
    }
    bool start_object(std::size_t)
    {
        if (++depth > options.maxDepth)
            return fail("the trace nests deeper than " + std::to_string(options.maxDepth) + " levels");
        if (depth == eventDepth) {
            ev = KinetoEvent {};
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
    RankProfile profile;
    std::string error;
    std::vector<std::pair<double, double>> kernels; // compute kernels as read
    int unnamedGroup = 0;

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
        } else if (inInfo && depth == 2) {
            if (infoKey == "rank")
                profile.rank = int(whole);
            else if (infoKey == "world_size")
                profile.worldSize = int(whole);
        }
        return true;
    }
    bool finishEvent()
    {
        if (++profile.events > options.maxEvents)
            return fail("the trace has more than " + std::to_string(options.maxEvents) + " events");
        if (options.progress && profile.events % 65536 == 0 && !options.progress(profile.events, 0))
            return fail("cancelled");
        if (ev.ph != "X" || !std::isfinite(ev.ts) || !std::isfinite(ev.dur) || ev.dur < 0)
            return true;
        // The host's span of each step; newer profilers also copy it onto the GPU's timeline (gpu_user_annotation).
        if (ev.name.rfind("ProfilerStep#", 0) == 0 && ev.cat != "gpu_user_annotation") {
            int n = 0;
            const char* b = ev.name.data() + 13;
            std::from_chars(b, ev.name.data() + ev.name.size(), n);
            profile.steps.push_back({ n, ev.ts, ev.ts + ev.dur });
            return true;
        }
        if (ev.cat != "kernel")
            return true;
        std::string collective = ev.collective.empty() ? collectiveOfKernelName(ev.name) : ev.collective;
        if (collective.empty()) {
            if (ev.name.rfind("nccl", 0) != 0)
                kernels.push_back({ ev.ts, ev.ts + ev.dur });
            return true;
        }
        if (collective.find("send") != std::string::npos || collective.find("recv") != std::string::npos)
            return true;
        CollectiveKernel k;
        k.collective = std::move(collective);
        if (ev.group.empty()) {
            k.group = "default";
            ++unnamedGroup;
        } else
            k.group = ev.group;
        k.startUs = ev.ts;
        k.endUs = ev.ts + ev.dur;
        profile.collectives.kernels.push_back(std::move(k));
        return true;
    }

    int depth = 0, eventDepth = -1;
    bool inArgs = false, inInfo = false;
    std::string topKey, eventKey, argKey, infoKey;
    KinetoEvent ev;
};
}

double RankProfile::computeBusyUs(double fromUs, double toUs) const
{
    double busy = 0;
    auto it = std::lower_bound(computeUs.begin(), computeUs.end(), std::make_pair(fromUs, fromUs),
        [](const auto& a, const auto& b) { return a.second < b.first; });
    for (; it != computeUs.end() && it->first < toUs; ++it)
        busy += std::max(0.0, std::min(toUs, it->second) - std::max(fromUs, it->first));
    return busy;
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

Result<RankProfile> readKinetoProfile(std::string_view text, const TraceReadOptions& options)
{
    if (text.size() > options.maxBytes)
        return Result<RankProfile>::failure(
            "", "the trace is too large: over " + std::to_string(options.maxBytes >> 20) + " MiB is refused");
    if (text.size() >= 2 && text[0] == '\x1f' && text[1] == '\x8b')
        return Result<RankProfile>::failure(
            "", "the file is gzip-compressed (.json.gz): Plait does not read those yet; decompress it with gunzip");
    ProfileHandler h(options);
    const bool ok = json::sax_parse(text.begin(), text.end(), &h);
    if (!ok || !h.error.empty())
        return Result<RankProfile>::failure("", h.error.empty() ? std::string("not a trace") : h.error);
    RankProfile p = std::move(h.profile);
    p.collectives.rank = p.rank;
    if (p.rank < 0)
        p.problems.push_back("no distributedInfo.rank: the profile does not say which rank it is");
    if (h.unnamedGroup > 0)
        p.problems.push_back(std::to_string(h.unnamedGroup)
            + " collective kernels name no process group (an older profiler): taken as the whole job's");
    if (p.steps.empty())
        p.problems.push_back("no ProfilerStep#N spans: the profile does not mark its training steps");
    std::sort(p.steps.begin(), p.steps.end(),
        [](const ProfileStep& a, const ProfileStep& b) { return a.startUs < b.startUs; });
    std::stable_sort(p.collectives.kernels.begin(), p.collectives.kernels.end(),
        [](const CollectiveKernel& a, const CollectiveKernel& b) { return a.startUs < b.startUs; });
    std::map<std::string, int> next;
    for (CollectiveKernel& k : p.collectives.kernels)
        k.sequence = next[k.group]++;
    // Compute kernels of several streams overlap: merged, they are the time the GPU was computing.
    std::sort(h.kernels.begin(), h.kernels.end());
    for (const auto& k : h.kernels) {
        if (!p.computeUs.empty() && k.first <= p.computeUs.back().second)
            p.computeUs.back().second = std::max(p.computeUs.back().second, k.second);
        else
            p.computeUs.push_back(k);
    }
    return Result<RankProfile>(std::move(p));
}

Result<RankProfile> readKinetoProfileFile(const std::string& path, const TraceReadOptions& options)
{
    const Result<std::string> text = readTraceText(path, options.maxBytes);
    if (!text)
        return Result<RankProfile>(text.errors());
    auto r = readKinetoProfile(text.value(), options);
    if (!r)
        return Result<RankProfile>::failure("", path + ": " + r.errorText());
    return r;
}

} // namespace plait
