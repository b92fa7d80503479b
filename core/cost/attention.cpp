#include "attention.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>
#include <vector>

namespace plait {

namespace {
// The curve's rate at `seq`, interpolated in log(length), held flat beyond its ends.
double rateAt(const AttentionCurve& c, double seq)
{
    if (seq <= c.seqLens.front())
        return c.tflops.front();
    if (seq >= c.seqLens.back())
        return c.tflops.back();
    const auto hi = std::size_t(std::upper_bound(c.seqLens.begin(), c.seqLens.end(), seq) - c.seqLens.begin());
    const double x0 = std::log(c.seqLens[hi - 1]), x1 = std::log(c.seqLens[hi]);
    const double f = (std::log(seq) - x0) / (x1 - x0);
    return c.tflops[hi - 1] + f * (c.tflops[hi] - c.tflops[hi - 1]);
}

struct Found {
    double tflops = 0;
    std::string source;
};

// The rate of `kernel`'s `pass` curves with this mask at (headDim, seq): linear between the two nearest head sizes.
std::optional<Found> lookup(
    const GpuSpec& gpu, std::string_view kernel, std::string_view pass, bool causal, double headDim, double seq)
{
    std::vector<const AttentionCurve*> curves;
    for (const AttentionCurve& c : gpu.attentionCurves)
        if (c.kernel == kernel && c.pass == pass && c.causal == causal)
            curves.push_back(&c);
    if (curves.empty())
        return std::nullopt;
    std::sort(curves.begin(), curves.end(), [](auto* a, auto* b) { return a->headDim < b->headDim; });
    if (headDim <= curves.front()->headDim)
        return Found { rateAt(*curves.front(), seq), curves.front()->source };
    if (headDim >= curves.back()->headDim)
        return Found { rateAt(*curves.back(), seq), curves.back()->source };
    std::size_t hi = 1;
    while (curves[hi]->headDim < headDim)
        ++hi;
    const AttentionCurve& a = *curves[hi - 1];
    const AttentionCurve& b = *curves[hi];
    const double f = (headDim - a.headDim) / (b.headDim - a.headDim);
    return Found { rateAt(a, seq) + f * (rateAt(b, seq) - rateAt(a, seq)), a.source };
}
}

bool hasAttentionCurve(const GpuSpec& gpu, std::string_view kernel)
{
    return std::any_of(gpu.attentionCurves.begin(), gpu.attentionCurves.end(),
        [&](const AttentionCurve& c) { return c.kernel == kernel; });
}

const MeasuredAttention* measuredAttentionOf(const GpuSpec& gpu, std::string_view kernel)
{
    const auto m = std::find_if(gpu.measuredAttention.begin(), gpu.measuredAttention.end(),
        [&](const MeasuredAttention& a) { return a.kernel == kernel; });
    return m != gpu.measuredAttention.end() ? &*m : nullptr;
}

AttentionKernel resolveAttentionKernel(AttentionKernel k, bool megatron, const GpuSpec& gpu)
{
    if (k != AttentionKernel::Auto)
        return k;
    return megatron && hasAttentionCurve(gpu, "cudnn") ? AttentionKernel::CuDnn : AttentionKernel::Flash2;
}

namespace {
AttentionRate publishedRate(const GpuSpec& gpu, std::string_view k, double headDim, double seqLen)
{
    AttentionRate r;
    const auto both = lookup(gpu, k, "fwd_bwd", true, headDim, seqLen);
    const auto fwd = lookup(gpu, k, "fwd", true, headDim, seqLen);
    if (both) {
        r.found = true;
        r.source = both->source;
        r.fwdTflops = r.bwdTflops = both->tflops;
        // With a forward curve too, the backward takes what the forward leaves of the published total
        // (3.5 units of forward FLOPs: 1 forward, 2.5 backward).
        if (fwd) {
            const double backwardTime = 3.5 / both->tflops - 1.0 / fwd->tflops;
            if (backwardTime > 0) {
                r.fwdTflops = fwd->tflops;
                r.bwdTflops = 2.5 / backwardTime;
            }
        }
        return r;
    }
    if (!fwd)
        return r;
    r.found = true;
    r.source = fwd->source;
    r.fwdTflops = fwd->tflops;
    r.bwdTflops = fwd->tflops;
    if (const auto bwd = lookup(gpu, k, "bwd", true, headDim, seqLen)) {
        r.bwdTflops = bwd->tflops;
    } else if (const auto bwdOpen = lookup(gpu, k, "bwd", false, headDim, seqLen)) {
        if (const auto fwdOpen = lookup(gpu, k, "fwd", false, headDim, seqLen))
            r.bwdTflops = fwd->tflops * bwdOpen->tflops / fwdOpen->tflops;
    }
    return r;
}

}

std::optional<AttentionStandIn> attentionStandIn(const GpuSpec& gpu, AttentionKernel k)
{
    if (k != AttentionKernel::FlashTriton)
        return std::nullopt;
    const std::string_view name = attentionKernelName(k);
    if (measuredAttentionOf(gpu, name))
        return std::nullopt;
    return AttentionStandIn { AttentionKernel::Flash1, AttentionKernel::Flash2, hasAttentionCurve(gpu, name) };
}

AttentionRate attentionRate(const GpuSpec& gpu, AttentionKernel kernel, double headDim, double seqLen)
{
    if (const auto standIn = attentionStandIn(gpu, kernel)) {
        AttentionRate r = attentionRate(gpu, standIn->point, headDim, seqLen);
        if (r.found)
            r.standIn = attentionKernelName(standIn->point);
        return r;
    }
    const std::string_view k = attentionKernelName(kernel);
    AttentionRate r = publishedRate(gpu, k, headDim, seqLen);
    const MeasuredAttention* m = measuredAttentionOf(gpu, k);
    if (!m)
        return r;
    const AttentionRate atMeasured = r.found ? publishedRate(gpu, k, m->headDim, m->seqLen) : AttentionRate {};
    if (atMeasured.found && atMeasured.fwdTflops > 0 && atMeasured.bwdTflops > 0) {
        r.fwdTflops *= m->fwdTflops / atMeasured.fwdTflops;
        r.bwdTflops *= m->bwdTflops / atMeasured.bwdTflops;
    } else {
        r.fwdTflops = m->fwdTflops;
        r.bwdTflops = m->bwdTflops;
    }
    r.found = r.measured = true;
    r.source = m->source;
    return r;
}

FusedDropoutSlowdown fusedAttentionDropout(double headDim)
{
    constexpr double kMeasuredHeadDim = 64;
    constexpr double kForward = 2678.11 / 2147.05 - 1, kBackward = 6643.01 / 5343.19 - 1;
    const double scale = headDim > 0 ? kMeasuredHeadDim / headDim : 1.0;
    return { 1 + kForward * scale, 1 + kBackward * scale };
}

} // namespace plait
