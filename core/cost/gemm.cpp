#include "gemm.h"

#include <algorithm>
#include <cmath>

namespace plait {

namespace {
bool isFp8(const GpuSpec& gpu, double peakTflops)
{
    return gpu.fp8Tflops > 0 && peakTflops == gpu.fp8Tflops && gpu.fp8Tflops != gpu.bf16Tflops;
}
}

bool hasSustainedRate(const GpuSpec& gpu, double peakTflops)
{
    return isFp8(gpu, peakTflops) ? gpu.fp8SustainedEfficiency > 0 : gpu.gemmSustainedEfficiency > 0;
}

double gemmEfficiency(const GpuSpec& gpu, double peakTflops)
{
    if (isFp8(gpu, peakTflops) && gpu.fp8SustainedEfficiency > 0)
        return gpu.fp8SustainedEfficiency;
    if (gpu.gemmSustainedEfficiency > 0)
        return gpu.gemmSustainedEfficiency;
    return gpu.gemmMaxEfficiency > 0 ? gpu.gemmMaxEfficiency : 1.0;
}

double gemmCeiling(const GpuSpec& gpu)
{
    const double best = std::max({ gpu.gemmMaxEfficiency, gpu.gemmSustainedEfficiency, gpu.fp8SustainedEfficiency });
    return best > 0 ? best : 1.0;
}

double sustainedToBurst(const GpuSpec& gpu)
{
    return gpu.gemmMaxEfficiency > 0 && gpu.gemmSustainedEfficiency > 0
        ? std::min(1.0, gpu.gemmSustainedEfficiency / gpu.gemmMaxEfficiency)
        : 1.0;
}

double gemmRate(const GpuSpec& gpu, double peakTflops)
{
    return peakTflops * 1e12 * gemmEfficiency(gpu, peakTflops);
}

double hbmRateGBps(const GpuSpec& gpu)
{
    return gpu.hbmAchievableGBps > 0 ? gpu.hbmAchievableGBps : gpu.hbmGBps;
}

double memoryTime(double bytes, const GpuSpec& gpu)
{
    return bytes / (hbmRateGBps(gpu) * 1e9);
}

const MeasuredGemm* measuredGemm(const GemmShape& s, const GpuSpec& gpu, double peakTflops, double bytesPerElement)
{
    // The probe times bf16 GEMMs: their times stand for 16-bit GEMMs at the bf16 rate, not FP8 or TF32 ones.
    if (gpu.measuredGemms.empty() || bytesPerElement != 2 || peakTflops != gpu.bf16Tflops)
        return nullptr;
    // cuBLAS runs integer sizes; the probe timed each shape at the size it runs (compute.cpp floors them).
    const double m = std::floor(s.m), n = std::floor(s.n), k = std::floor(s.k), b = std::max(1.0, std::floor(s.batch));
    // m and n either way round: the probe times the input gradient as cuBLAS receives it from torch (m and n of
    // core's shape swapped), the same FLOPs on the same tiles turned over.
    for (const MeasuredGemm& g : gpu.measuredGemms)
        if (((g.m == m && g.n == n) || (g.m == n && g.n == m)) && g.k == k && g.batch == b)
            return &g;
    return nullptr;
}

GemmTime gemmTime(const GemmShape& s, const GpuSpec& gpu, double peakTflops, double bytesPerElement, double rateScale)
{
    GemmTime t;
    t.flops = s.flops();
    if (t.flops <= 0)
        return t;
    const double outputBytes = s.accumulateBytes > 0 ? s.accumulateBytes : bytesPerElement;
    const double operandBytes = s.operandBytes > 0 ? s.operandBytes : bytesPerElement;
    const double bytes = (operandBytes * (s.m * s.k + s.k * s.n) + outputBytes * s.m * s.n) * s.batch;
    const double memory = memoryTime(bytes, gpu);
    if (const MeasuredGemm* m = measuredGemm(s, gpu, peakTflops, bytesPerElement)) {
        // The probe writes a 16-bit output; accumulating into fp32 moves more, which the roofline bounds.
        t.seconds = s.accumulateBytes > 0 ? std::max(m->seconds, memory) : m->seconds;
        t.measured = true;
        return t;
    }
    const double sms = gpu.sms > 0 ? gpu.sms : 1;
    // cuBLAS's most efficient tiles for 16-bit GEMMs are 256×128 and 128×256 (NVIDIA, Matrix Multiplication
    // Background guide, "Typical tile dimensions in cuBLAS"); take the orientation that wastes less.
    double compute = 0;
    for (const auto& [tm, tn] : { std::pair { 256.0, 128.0 }, std::pair { 128.0, 256.0 } }) {
        const double tiles = std::ceil(s.m / tm) * std::ceil(s.n / tn) * s.batch;
        const double waves = std::ceil(tiles / sms);
        // Every SM of a wave spends the time of a full tile, 2·tm·tn·k FLOPs, at its share of the rate.
        const double t = waves * 2.0 * tm * tn * s.k / (rateScale * gemmRate(gpu, peakTflops) / sms);
        compute = compute == 0 ? t : std::min(compute, t);
    }
    t.memoryBound = memory > compute;
    t.seconds = std::max(compute, memory);
    return t;
}

} // namespace plait
