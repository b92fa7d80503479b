#include "calibration.h"

#include "gemm.h"

#include <algorithm>
#include <cmath>

namespace plait {

SizePoint sizePoint(CollectiveKind kind, int ranks, double bytes, double timeUs)
{
    SizePoint p;
    p.bytes = bytes;
    p.timeUs = timeUs;
    p.algbwGBps = timeUs > 0 ? bytes / (timeUs * 1e3) : 0; // bytes per µs / 1e3 = GB/s
    p.busbwGBps = p.algbwGBps * busBandwidthFactor(kind, ranks);
    return p;
}

AlphaBetaFit fitAlphaBeta(const std::vector<SizePoint>& sweep, CollectiveKind kind, int ranks)
{
    // Weighted by 1/t²: each size's relative error counts alike. Plain least squares over 1 KiB … 1 GiB lets the
    // gigabyte sizes decide everything, and α becomes the noise of their intercept (even negative).
    AlphaBetaFit f;
    double n = 0, sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const SizePoint& p : sweep) {
        if (!(p.bytes > 0) || !(p.timeUs > 0) || !std::isfinite(p.timeUs))
            continue;
        const double w = 1.0 / (p.timeUs * p.timeUs);
        f.smallestBytes = n == 0 ? p.bytes : std::min(f.smallestBytes, p.bytes);
        n += 1;
        sw += w;
        sx += w * p.bytes;
        sy += w * p.timeUs;
        sxx += w * p.bytes * p.bytes;
        sxy += w * p.bytes * p.timeUs;
    }
    f.points = int(n);
    const double den = sw * sxx - sx * sx;
    if (n < 2 || !(std::abs(den) > 0)) {
        f.points = std::min(f.points, 1);
        return f;
    }
    const double slope = (sw * sxy - sx * sy) / den; // µs per byte
    f.alphaUs = (sy - slope * sx) / sw;
    f.betaGBps = slope > 0 ? 1.0 / (slope * 1e3) : 0;
    f.busBetaGBps = f.betaGBps * busBandwidthFactor(kind, ranks);
    const double mean = sy / sw;
    double ssRes = 0, ssTot = 0;
    for (const SizePoint& p : sweep) {
        if (!(p.bytes > 0) || !(p.timeUs > 0) || !std::isfinite(p.timeUs))
            continue;
        const double w = 1.0 / (p.timeUs * p.timeUs);
        const double predicted = f.alphaUs + slope * p.bytes;
        ssRes += w * (p.timeUs - predicted) * (p.timeUs - predicted);
        ssTot += w * (p.timeUs - mean) * (p.timeUs - mean);
    }
    f.r2 = ssTot > 0 ? 1 - ssRes / ssTot : 1;
    return f;
}

LinkSpec calibratedLink(const LinkSpec& base, int ranks, const std::vector<SizePoint>& allReduceSweep,
    const std::string& source, double lineRateGBps)
{
    const double lineRate = lineRateGBps > 0 ? lineRateGBps : base.bandwidthGBps;
    LinkSpec l = base;
    double best = 0;
    l.busbwCurve.clear();
    // Other collectives' rates were multiples of the bandwidth the link had: fitted again after this, or the model's.
    l.collectiveRates.clear();
    l.collectiveRatesSource.clear();
    for (const SizePoint& p : allReduceSweep)
        if (p.busbwGBps > 0) {
            best = std::max(best, p.busbwGBps);
            l.busbwCurve.push_back({ p.bytes, p.busbwGBps });
        }
    std::sort(l.busbwCurve.begin(), l.busbwCurve.end());
    // What a plan file's curve holds (plan.cpp): 2 to 256 points of increasing size. A finer sweep keeps every k-th
    // point and its largest; one point is no curve.
    l.busbwCurve.erase(std::unique(l.busbwCurve.begin(), l.busbwCurve.end(),
                           [](const auto& a, const auto& b) { return a.first == b.first; }),
        l.busbwCurve.end());
    if (l.busbwCurve.size() > 256) {
        const std::size_t step = (l.busbwCurve.size() + 254) / 255;
        std::vector<std::pair<double, double>> thinned;
        for (std::size_t i = 0; i + 1 < l.busbwCurve.size(); i += step)
            thinned.push_back(l.busbwCurve[i]);
        thinned.push_back(l.busbwCurve.back());
        l.busbwCurve = std::move(thinned);
    }
    if (l.busbwCurve.size() < 2)
        l.busbwCurve.clear();
    if (lineRate > 0 && best > 0)
        l.efficiency = std::min(1.0, best / lineRate);
    const AlphaBetaFit f = fitAlphaBeta(allReduceSweep, CollectiveKind::AllReduce, ranks);
    if (f.alphaFitted() && ranks > 1)
        l.latencyUs = f.alphaUs / (2.0 * (ranks - 1));
    l.source = source;
    return l;
}

GpuSpec calibratedGpu(
    const GpuSpec& base, const std::vector<MeasuredGemm>& gemms, double hbmGBps, const std::string& source)
{
    GpuSpec g = base;
    g.measuredGemms.clear();
    if (hbmGBps > 0) {
        g.hbmAchievableGBps = g.hbmGBps > 0 ? std::min(hbmGBps, g.hbmGBps) : hbmGBps;
        g.hbmSource = source;
    }
    // The tile model's rate, fitted to the measured shapes it calls compute-bound: the rate at which its
    // predictions add up to the measured time (time-weighted, so the GEMMs that dominate a step set it), as
    // predicted time scales with 1/rate. Quantization only adds time, so the fitted rate is at least the
    // shapes' own aggregate rate and never the single fastest shape's.
    double predicted = 0, measured = 0;
    for (const MeasuredGemm& m : gemms) {
        const GemmTime t = gemmTime({ m.m, m.n, m.k, m.batch }, g, g.bf16Tflops, 2);
        if (m.seconds > 0 && !t.memoryBound) {
            predicted += t.seconds;
            measured += m.seconds;
        }
    }
    // The probe soaks the GPU before timing, so what it measures is the sustained rate.
    const double efficiency = gemmEfficiency(base, base.bf16Tflops);
    if (predicted > 0 && measured > 0 && base.bf16Tflops > 0) {
        g.gemmSustainedEfficiency = std::min(1.0, efficiency * predicted / measured);
        g.sustainedSource = source;
    }
    for (const MeasuredGemm& m : gemms)
        if (m.seconds > 0)
            g.measuredGemms.push_back(m);
    g.source = source;
    return g;
}

} // namespace plait
