#include "rankevents.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>

namespace plait {

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

// The median time of each kernel shape's runs with no NCCL kernel beside them (`commUs`: each kernel's time beside
// one).
std::unordered_map<std::uint64_t, double> aloneMedians(
    const std::vector<RawKernel>& kernels, const std::vector<double>& commUs)
{
    std::unordered_map<std::uint64_t, std::vector<double>> alone;
    for (std::size_t i = 0; i < kernels.size(); ++i)
        if (commUs[i] <= 0)
            alone[kernels[i].shape].push_back(kernels[i].endUs - kernels[i].startUs);
    std::unordered_map<std::uint64_t, double> out;
    for (auto& [shape, times] : alone) {
        // Three runs at least: one alone run may be the first, slow one of its shape.
        if (times.size() < 3)
            continue;
        auto mid = times.begin() + std::ptrdiff_t(times.size() / 2);
        std::nth_element(times.begin(), mid, times.end());
        out[shape] = *mid;
    }
    return out;
}

// Each compute kernel's queued gap (QueuedGaps, before the cut at four times the median): the GPU's idle time before
// it, where its launch call had returned before the GPU's previous work (kernel, collective or copy) began, so it sat
// in the queue that whole time whatever the host's and the GPU's clocks disagree by; -1 where it ran beside other
// work, was launched later, or its launch is not in the profile. `others`: the NCCL kernels' and the copies'
// intervals, merged.
std::vector<double> queuedGapsOf(const RankEvents& e, const std::vector<std::pair<double, double>>& others)
{
    std::vector<double> gaps(e.kernels.size(), -1);
    // The GPU's work so far that ends last, among the compute kernels and among the others: its start and end.
    std::pair<double, double> compute { 0, -std::numeric_limits<double>::infinity() }, other = compute;
    auto o = others.begin();
    for (std::size_t i = 0; i < e.kernels.size(); ++i) {
        const RawKernel& k = e.kernels[i];
        for (; o != others.end() && o->first < k.startUs; ++o)
            if (o->second > other.second)
                other = *o;
        const std::pair<double, double> last = compute.second >= other.second ? compute : other;
        if (k.endUs > compute.second)
            compute = { k.startUs, k.endUs };
        if (!std::isfinite(last.second) || k.startUs < last.second)
            continue;
        const auto launch = e.launches.find(k.correlation);
        if (launch != e.launches.end() && launch->second.endUs > 0 && launch->second.endUs <= last.first)
            gaps[i] = k.startUs - last.second;
    }
    std::vector<double> seen;
    for (double g : gaps)
        if (g >= 0)
            seen.push_back(g);
    if (seen.empty())
        return gaps;
    auto mid = seen.begin() + std::ptrdiff_t(seen.size() / 2);
    std::nth_element(seen.begin(), mid, seen.end());
    const double cut = 4 * std::max(*mid, 1.0);
    for (double& g : gaps)
        if (g > cut)
            g = -1;
    return gaps;
}

// Each step's kernel time by class, its collectives (exposed where no compute ran beside them) and its idle time.
// Kernels sorted by start; a kernel belongs to the step it starts in, cut at the step's end.
void addBreakdown(const RankEvents& e, RankProfile& p)
{
    std::vector<std::pair<double, double>> comm;
    for (const CollectiveKernel& c : p.collectives.kernels)
        comm.push_back({ c.startUs, c.endUs });
    comm.insert(comm.end(), e.pointToPoint.begin(), e.pointToPoint.end());
    comm = mergedIntervals(std::move(comm));
    std::vector<std::pair<double, double>> busy = p.computeUs;
    busy.insert(busy.end(), comm.begin(), comm.end());
    busy = mergedIntervals(std::move(busy));
    std::vector<double> commUs; // each kernel's time beside an NCCL kernel
    commUs.reserve(e.kernels.size());
    for (const RawKernel& k : e.kernels)
        commUs.push_back(coveredUs(comm, k.startUs, k.endUs));
    const std::unordered_map<std::uint64_t, double> alone = aloneMedians(e.kernels, commUs);
    std::vector<std::pair<double, double>> others = comm;
    others.insert(others.end(), e.copies.begin(), e.copies.end());
    const std::vector<double> queuedGaps = queuedGapsOf(e, mergedIntervals(std::move(others)));
    auto add = [&](StepBreakdown& b, const std::string& collective, double start, double end) {
        CollectiveTime& t = b.timeOf(collective);
        t.totalUs += end - start;
        t.exposedUs += end - start - coveredUs(p.computeUs, start, end);
    };
    for (const ProfileStep& step : p.steps) {
        StepBreakdown b;
        auto k = std::lower_bound(e.kernels.begin(), e.kernels.end(), step.startUs,
            [](const RawKernel& x, double t) { return x.startUs < t; });
        for (; k != e.kernels.end() && k->startUs < step.endUs; ++k) {
            const double us = std::min(k->endUs, step.endUs) - k->startUs;
            (k->kind == KernelClass::Gemm               ? b.gemmUs
                    : k->kind == KernelClass::Attention ? b.attentionUs
                                                        : b.otherKernelUs)
                += us;
            if (k->backward)
                b.attentionBackwardUs += us;
            const std::size_t index = std::size_t(k - e.kernels.begin());
            ++b.computeKernels;
            if (queuedGaps[index] >= 0) {
                ++b.queued.gaps;
                b.queued.us += queuedGaps[index];
            }
            const double runUs = k->endUs - k->startUs;
            const auto aloneUs = alone.find(k->shape);
            if (runUs > 0 && aloneUs != alone.end() && commUs[index] >= 0.5 * runUs) {
                BesideComm& beside = b.beside[std::size_t(k->kind)];
                beside.us += runUs;
                beside.aloneUs += aloneUs->second;
                ++beside.kernels;
            }
        }
        for (const CollectiveKernel& c : p.collectives.kernels)
            if (c.startUs >= step.startUs && c.startUs < step.endUs)
                add(b, c.collective, c.startUs, std::min(c.endUs, step.endUs));
        for (const auto& [start, end] : e.pointToPoint)
            if (start >= step.startUs && start < step.endUs)
                add(b, "sendrecv", start, std::min(end, step.endUs));
        b.idleUs = step.endUs - step.startUs - coveredUs(busy, step.startUs, step.endUs);
        p.breakdown.push_back(std::move(b));
    }
}

// The thread that marks the steps is the one the training loop runs on; the autograd engine's are others.
void addLastStepKernels(const RankEvents& e, RankProfile& p)
{
    if (p.steps.empty())
        return;
    std::int64_t loopThread = 0;
    int most = 0;
    for (const auto& [thread, count] : e.stepThreads)
        if (count > most) {
            most = count;
            loopThread = thread;
        }
    const ProfileStep& last = p.steps.back();
    auto k = std::lower_bound(
        e.kernels.begin(), e.kernels.end(), last.startUs, [](const RawKernel& x, double t) { return x.startUs < t; });
    for (; k != e.kernels.end() && k->startUs < last.endUs; ++k) {
        ProfileKernel out { k->startUs, k->endUs, SpanKind::Other, k->kind };
        if (const auto launch = e.launches.find(k->correlation); launch != e.launches.end()) {
            const double at = launch->second.us;
            const bool inOptimizer = std::any_of(e.optimizerSpans.begin(), e.optimizerSpans.end(),
                [at](const HostSpan& span) { return at >= span.startUs && at < span.endUs; });
            out.pass = launch->second.thread != loopThread ? SpanKind::BackwardInput
                : inOptimizer                              ? SpanKind::Optimizer
                                                           : SpanKind::Forward;
        }
        p.lastStepKernels.push_back(out);
    }
    for (const auto& transfer : e.pointToPoint)
        if (transfer.first >= last.startUs && transfer.first < last.endUs)
            p.lastStepTransfers.push_back(transfer);
}

// Without ProfilerStep#N marks (Megatron-LM under Nsight Systems marks none), a step runs from one Optimizer.step's
// end to the next's: the optimizer closes every training step.
void addStepsBetweenOptimizers(RankEvents& e)
{
    std::sort(e.optimizerSpans.begin(), e.optimizerSpans.end(),
        [](const HostSpan& a, const HostSpan& b) { return a.startUs < b.startUs; });
    for (std::size_t i = 1; i < e.optimizerSpans.size(); ++i) {
        e.profile.steps.push_back({ int(i), e.optimizerSpans[i - 1].endUs, e.optimizerSpans[i].endUs });
        ++e.stepThreads[e.optimizerSpans[i].thread];
    }
    if (!e.profile.steps.empty())
        e.profile.problems.push_back({ "trace:steps-from-optimizer", {} });
}
}

void RankEvents::addKernel(const std::string& name, std::string collective, const std::string& group, double startUs,
    double endUs, std::int64_t correlation, double bytes, int groupSize, std::uint64_t grid)
{
    if (collective.empty())
        collective = collectiveOfKernelName(name);
    if (collective.empty()) {
        if (name.rfind("nccl", 0) != 0) {
            const KernelClass kind = kernelClassOfName(name);
            kernels.push_back(
                { startUs, endUs, correlation, kind, kind == KernelClass::Attention && backwardKernelName(name),
                    std::hash<std::string> {}(name) ^ (grid * 0x9E3779B97F4A7C15ull) });
        }
        return;
    }
    // Point-to-point kernels (pipeline sends, all-to-all as grouped send/recv) have no collective to align on: they
    // count in the step's breakdown only.
    if (collective.find("send") != std::string::npos || collective.find("recv") != std::string::npos) {
        pointToPoint.push_back({ startUs, endUs });
        return;
    }
    CollectiveKernel k;
    k.collective = std::move(collective);
    if (group.empty()) {
        k.group = "default";
        ++unnamedGroup;
    } else
        k.group = group;
    k.startUs = startUs;
    k.endUs = endUs;
    k.bytes = bytes;
    k.groupSize = groupSize;
    profile.collectives.kernels.push_back(std::move(k));
}

bool RankEvents::addHostRange(const std::string& name, double startUs, double endUs, std::int64_t thread)
{
    if (name.rfind("ProfilerStep#", 0) == 0) {
        int n = 0;
        std::from_chars(name.data() + 13, name.data() + name.size(), n);
        profile.steps.push_back({ n, startUs, endUs });
        ++stepThreads[thread];
        return true;
    }
    if (name.rfind("Optimizer.step", 0) == 0) {
        optimizerSpans.push_back({ startUs, endUs, thread });
        return true;
    }
    return false;
}

RankProfile finishRankProfile(RankEvents e)
{
    if (e.profile.steps.empty())
        addStepsBetweenOptimizers(e);
    RankProfile& p = e.profile;
    p.collectives.rank = p.rank;
    if (e.unnamedGroup > 0)
        p.problems.push_back({ "trace:unnamed-groups", { std::to_string(e.unnamedGroup) } });
    if (p.steps.empty())
        p.problems.push_back({ "trace:no-steps", {} });
    std::sort(p.steps.begin(), p.steps.end(),
        [](const ProfileStep& a, const ProfileStep& b) { return a.startUs < b.startUs; });
    std::stable_sort(p.collectives.kernels.begin(), p.collectives.kernels.end(),
        [](const CollectiveKernel& a, const CollectiveKernel& b) { return a.startUs < b.startUs; });
    std::map<std::string, int> next;
    for (CollectiveKernel& k : p.collectives.kernels)
        k.sequence = next[k.group]++;
    std::sort(e.kernels.begin(), e.kernels.end(),
        [](const RawKernel& a, const RawKernel& b) { return a.startUs < b.startUs; });
    std::sort(e.pointToPoint.begin(), e.pointToPoint.end());
    // Compute kernels of several streams overlap: merged, they are the time the GPU was computing.
    std::vector<std::pair<double, double>> intervals;
    intervals.reserve(e.kernels.size());
    for (const RawKernel& k : e.kernels)
        intervals.push_back({ k.startUs, k.endUs });
    p.computeUs = mergedIntervals(std::move(intervals));
    addLastStepKernels(e, p);
    addBreakdown(e, p);
    return std::move(e.profile);
}

const CollectiveTime* StepBreakdown::find(const std::string& collective) const
{
    auto it = std::find_if(
        collectives.begin(), collectives.end(), [&](const CollectiveTime& t) { return t.collective == collective; });
    return it != collectives.end() ? &*it : nullptr;
}

CollectiveTime& StepBreakdown::timeOf(const std::string& collective)
{
    const CollectiveTime* t = find(collective);
    return t ? collectives[std::size_t(t - collectives.data())]
             : collectives.emplace_back(CollectiveTime { collective, 0, 0, 0 });
}

double RankProfile::computeBusyUs(double fromUs, double toUs) const
{
    return coveredUs(computeUs, fromUs, toUs);
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
        mean.computeKernels += b.computeKernels / n;
        mean.queued.gaps += b.queued.gaps / n;
        mean.queued.us += b.queued.us / n;
        for (std::size_t c = 0; c < 3; ++c) {
            mean.beside[c].us += b.beside[c].us / n;
            mean.beside[c].aloneUs += b.beside[c].aloneUs / n;
            mean.beside[c].kernels += b.beside[c].kernels / n;
        }
        for (const CollectiveTime& c : b.collectives) {
            CollectiveTime& t = mean.timeOf(c.collective);
            t.totalUs += c.totalUs / n;
            t.exposedUs += c.exposedUs / n;
            t.waitUs += c.waitUs / n;
        }
    }
    return mean;
}

} // namespace plait
