#include "kinetoprofile.h"

#include "gzip.h"
#include "hostfilter.h"
#include "tracebytes.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <unordered_map>
#include <utility>

namespace plait {

namespace {
using json = nlohmann::json;

// The fields of one event this reader keeps; everything else is skipped as it streams past.
struct KinetoEvent {
    std::string ph, cat, name, collective, group;
    double ts = NAN, dur = NAN;
    std::int64_t tid = 0, correlation = -1;
    void clear() // keeps the strings' capacity for the next event
    {
        ph.clear();
        cat.clear();
        name.clear();
        collective.clear();
        group.clear();
        ts = dur = NAN;
        tid = 0;
        correlation = -1;
    }
};

// A compute kernel as read, before its pass is known.
struct RawKernel {
    double startUs = 0, endUs = 0;
    std::int64_t correlation = -1;
    KernelClass kind = KernelClass::Other;
    bool backward = false; // an attention kernel named for the backward pass
};

// A kernel launch on the host: the thread that made it, and when.
struct Launch {
    std::int64_t tid = 0;
    double ts = 0;
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
    RankProfile profile;
    std::string error;
    std::vector<RawKernel> kernels; // compute kernels as read
    std::vector<std::pair<double, double>> pointToPoint; // send/recv kernels
    std::unordered_map<std::int64_t, Launch> launches; // by correlation id
    std::vector<std::pair<double, double>> optimizerSteps; // Optimizer.step spans on the host
    std::map<std::int64_t, int> stepThreads; // the threads that mark ProfilerStep#N, and how often
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
            else if (eventKey == "tid")
                ev.tid = whole;
        } else if (inArgs && depth == eventDepth + 1 && argKey == "correlation") {
            ev.correlation = whole;
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
            ++stepThreads[ev.tid];
            return true;
        }
        if (ev.cat == "cuda_runtime" || ev.cat == "cuda_driver") {
            if (ev.correlation >= 0)
                launches[ev.correlation] = { ev.tid, ev.ts };
            return true;
        }
        if (ev.cat == "user_annotation" && ev.name.rfind("Optimizer.step", 0) == 0) {
            optimizerSteps.push_back({ ev.ts, ev.ts + ev.dur });
            return true;
        }
        if (ev.cat != "kernel")
            return true;
        std::string collective = ev.collective.empty() ? collectiveOfKernelName(ev.name) : ev.collective;
        if (collective.empty()) {
            if (ev.name.rfind("nccl", 0) != 0) {
                const KernelClass kind = kernelClassOfName(ev.name);
                kernels.push_back({ ev.ts, ev.ts + ev.dur, ev.correlation, kind,
                    kind == KernelClass::Attention && backwardKernelName(ev.name) });
            }
            return true;
        }
        // Point-to-point kernels (pipeline sends, all-to-all as grouped send/recv) have no collective to align on:
        // they count in the step's breakdown only.
        if (collective.find("send") != std::string::npos || collective.find("recv") != std::string::npos) {
            pointToPoint.push_back({ ev.ts, ev.ts + ev.dur });
            return true;
        }
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

namespace {
// Intervals merged where they overlap or touch, sorted.
std::vector<std::pair<double, double>> mergedIntervals(std::vector<std::pair<double, double>> v)
{
    std::sort(v.begin(), v.end());
    std::vector<std::pair<double, double>> out;
    for (const auto& k : v) {
        if (!out.empty() && k.first <= out.back().second)
            out.back().second = std::max(out.back().second, k.second);
        else
            out.push_back(k);
    }
    return out;
}

// Time inside [from, to) covered by sorted, disjoint intervals.
double coveredUs(const std::vector<std::pair<double, double>>& sorted, double from, double to)
{
    double covered = 0;
    auto it = std::lower_bound(sorted.begin(), sorted.end(), std::make_pair(from, from),
        [](const auto& a, const auto& b) { return a.second < b.first; });
    for (; it != sorted.end() && it->first < to; ++it)
        covered += std::max(0.0, std::min(to, it->second) - std::max(from, it->first));
    return covered;
}

// Each step's kernel time by class, its collectives (exposed where no compute ran beside them) and its idle time.
// Kernels sorted by start; a kernel belongs to the step it starts in, cut at the step's end.
void addBreakdown(
    const std::vector<RawKernel>& kernels, std::vector<std::pair<double, double>> pointToPoint, RankProfile& p)
{
    std::sort(pointToPoint.begin(), pointToPoint.end());
    std::vector<std::pair<double, double>> busy = p.computeUs;
    for (const CollectiveKernel& c : p.collectives.kernels)
        busy.push_back({ c.startUs, c.endUs });
    busy.insert(busy.end(), pointToPoint.begin(), pointToPoint.end());
    busy = mergedIntervals(std::move(busy));
    auto add = [&](StepBreakdown& b, const std::string& collective, double start, double end) {
        CollectiveTime& t = b.timeOf(collective);
        t.totalUs += end - start;
        t.exposedUs += end - start - coveredUs(p.computeUs, start, end);
    };
    for (const ProfileStep& step : p.steps) {
        StepBreakdown b;
        auto k = std::lower_bound(
            kernels.begin(), kernels.end(), step.startUs, [](const RawKernel& x, double t) { return x.startUs < t; });
        for (; k != kernels.end() && k->startUs < step.endUs; ++k) {
            const double us = std::min(k->endUs, step.endUs) - k->startUs;
            (k->kind == KernelClass::Gemm               ? b.gemmUs
                    : k->kind == KernelClass::Attention ? b.attentionUs
                                                        : b.otherKernelUs)
                += us;
            if (k->backward)
                b.attentionBackwardUs += us;
        }
        for (const CollectiveKernel& c : p.collectives.kernels)
            if (c.startUs >= step.startUs && c.startUs < step.endUs)
                add(b, c.collective, c.startUs, std::min(c.endUs, step.endUs));
        for (const auto& [start, end] : pointToPoint)
            if (start >= step.startUs && start < step.endUs)
                add(b, "sendrecv", start, std::min(end, step.endUs));
        b.idleUs = step.endUs - step.startUs - coveredUs(busy, step.startUs, step.endUs);
        p.breakdown.push_back(std::move(b));
    }
}

// The thread that marks the steps is the one the training loop runs on; the autograd engine's are others.
void addLastStepKernels(const ProfileHandler& h, RankProfile& p)
{
    if (p.steps.empty())
        return;
    std::int64_t loopThread = 0;
    int most = 0;
    for (const auto& [tid, count] : h.stepThreads)
        if (count > most) {
            most = count;
            loopThread = tid;
        }
    const ProfileStep& last = p.steps.back();
    auto k = std::lower_bound(
        h.kernels.begin(), h.kernels.end(), last.startUs, [](const RawKernel& x, double t) { return x.startUs < t; });
    for (; k != h.kernels.end() && k->startUs < last.endUs; ++k) {
        ProfileKernel out { k->startUs, k->endUs, SpanKind::Other, k->kind };
        if (const auto launch = h.launches.find(k->correlation); launch != h.launches.end()) {
            const double at = launch->second.ts;
            const bool inOptimizer = std::any_of(h.optimizerSteps.begin(), h.optimizerSteps.end(),
                [at](const auto& span) { return at >= span.first && at < span.second; });
            out.pass = launch->second.tid != loopThread ? SpanKind::BackwardInput
                : inOptimizer                           ? SpanKind::Optimizer
                                                        : SpanKind::Forward;
        }
        p.lastStepKernels.push_back(out);
    }
    for (const auto& transfer : h.pointToPoint)
        if (transfer.first >= last.startUs && transfer.first < last.endUs)
            p.lastStepTransfers.push_back(transfer);
    std::sort(p.lastStepTransfers.begin(), p.lastStepTransfers.end());
}
}

CollectiveTime& StepBreakdown::timeOf(const std::string& collective)
{
    auto it = std::find_if(
        collectives.begin(), collectives.end(), [&](const CollectiveTime& t) { return t.collective == collective; });
    return it != collectives.end() ? *it : collectives.emplace_back(CollectiveTime { collective, 0, 0, 0 });
}

double RankProfile::computeBusyUs(double fromUs, double toUs) const
{
    return coveredUs(computeUs, fromUs, toUs);
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

double RankProfile::meanStepUs() const
{
    double sum = 0;
    for (const ProfileStep& s : steps)
        sum += s.endUs - s.startUs;
    return steps.empty() ? 0 : sum / double(steps.size());
}

StepBreakdown meanStepBreakdown(const std::vector<StepBreakdown>& steps)
{
    StepBreakdown mean;
    const double n = double(std::max<std::size_t>(steps.size(), 1));
    for (const StepBreakdown& b : steps) {
        mean.gemmUs += b.gemmUs / n;
        mean.attentionUs += b.attentionUs / n;
        mean.attentionBackwardUs += b.attentionBackwardUs / n;
        mean.otherKernelUs += b.otherKernelUs / n;
        mean.idleUs += b.idleUs / n;
        for (const CollectiveTime& c : b.collectives) {
            CollectiveTime& t = mean.timeOf(c.collective);
            t.totalUs += c.totalUs / n;
            t.exposedUs += c.exposedUs / n;
            t.waitUs += c.waitUs / n;
        }
    }
    return mean;
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
        handler->profile.events += filtered->skippedEvents;
    }
    ProfileHandler& h = *handler;
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
    std::sort(h.kernels.begin(), h.kernels.end(),
        [](const RawKernel& a, const RawKernel& b) { return a.startUs < b.startUs; });
    // Compute kernels of several streams overlap: merged, they are the time the GPU was computing.
    std::vector<std::pair<double, double>> intervals;
    intervals.reserve(h.kernels.size());
    for (const RawKernel& k : h.kernels)
        intervals.push_back({ k.startUs, k.endUs });
    p.computeUs = mergedIntervals(intervals);
    addLastStepKernels(h, p);
    addBreakdown(h.kernels, std::move(h.pointToPoint), p);
    return Result<RankProfile>(std::move(p));
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
