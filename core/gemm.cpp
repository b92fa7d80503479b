#include "gemm.h"

#include <algorithm>
#include <cmath>

namespace plait {

namespace {
    constexpr double kTile = 128.0; // cuBLAS's common CTA tile edge for 16-bit GEMMs on Ampere and Hopper
}

double gemmRate(const GpuSpec& gpu, double peakTflops)
{
    const double eff = gpu.gemmMaxEfficiency > 0 ? gpu.gemmMaxEfficiency : 1.0;
    return peakTflops * 1e12 * eff;
}

double memoryTime(double bytes, const GpuSpec& gpu) { return bytes / (gpu.hbmGBps * 1e9); }

GemmTime gemmTime(const GemmShape& s, const GpuSpec& gpu, double peakTflops, double bytesPerElement)
{
    GemmTime t;
    t.flops = s.flops();
    if (t.flops <= 0)
        return t;
    const double sms = gpu.sms > 0 ? gpu.sms : 1;
    const double tiles = std::ceil(s.m / kTile) * std::ceil(s.n / kTile) * s.batch;
    const double waves = std::ceil(tiles / sms);
    // Every SM of a wave spends the time of a full tile, 2·128·128·k FLOPs, at its share of the rate.
    const double perTile = 2.0 * kTile * kTile * s.k / (gemmRate(gpu, peakTflops) / sms);
    const double compute = waves * perTile;
    const double bytes = bytesPerElement * (s.m * s.k + s.k * s.n + s.m * s.n) * s.batch;
    const double memory = memoryTime(bytes, gpu);
    t.memoryBound = memory > compute;
    t.seconds = std::max(compute, memory);
    return t;
}

} // namespace plait
