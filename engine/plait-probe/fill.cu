// The probe's only kernels (see fill.h).
#include "fill.h"

#include <algorithm>

#include <cuda_bf16.h>

namespace plait::probe::kernels {

namespace {
__global__ void fillPatternKernel(float* data, std::size_t count, float a, std::size_t offset)
{
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count; i += std::size_t(gridDim.x) * blockDim.x)
        data[i] = a * float((i + offset) % 13 + 1);
}

__global__ void countWrongKernel(const float* data, std::size_t count, float a, std::size_t offset, unsigned long long* wrong)
{
    unsigned long long mine = 0;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count; i += std::size_t(gridDim.x) * blockDim.x)
        mine += data[i] != a * float((i + offset) % 13 + 1);
    if (mine)
        atomicAdd(wrong, mine);
}

__global__ void fillBf16Kernel(__nv_bfloat16* data, std::size_t count)
{
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count; i += std::size_t(gridDim.x) * blockDim.x)
        data[i] = __float2bfloat16(float(int(i % 17) - 8) / 64.0f); // small values: no overflow in long sums
}

// Normal values from a counter-based hash (splitmix64, then Box-Muller): random to the GEMM units, the same on
// every run. A periodic pattern of a few levels draws less power than training data does, so it reads fast.
__device__ unsigned long long splitmix(unsigned long long x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

__global__ void fillNormalBf16Kernel(__nv_bfloat16* data, std::size_t count, unsigned long long seed, float sigma)
{
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count; i += std::size_t(gridDim.x) * blockDim.x) {
        const unsigned long long h = splitmix(seed ^ splitmix(i));
        const float u1 = (float(h >> 40) + 1.0f) * (1.0f / 16777217.0f); // (0, 1]
        const float u2 = float((h >> 16) & 0xFFFFFF) * (1.0f / 16777216.0f);
        data[i] = __float2bfloat16(sigma * sqrtf(-2.0f * logf(u1)) * cospif(2.0f * u2));
    }
}

// HBM kernels over float4: a read that keeps its sum (so the loads are not optimised away), a write, and a triad
// a = b + s·c (two reads and a write, the shape of an element-wise or optimizer kernel).
__global__ void readKernel(const float4* src, std::size_t n, float* sink)
{
    float acc = 0;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x) {
        const float4 v = src[i];
        acc += v.x + v.y + v.z + v.w;
    }
    if (acc == 12345.678f) // practically never; keeps the loads
        sink[0] = acc;
}

__global__ void writeKernel(float4* dst, std::size_t n, float value)
{
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
        dst[i] = make_float4(value, value, value, value);
}

__global__ void triadKernel(float4* a, const float4* b, const float4* c, std::size_t n, float s)
{
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x) {
        const float4 x = b[i], y = c[i];
        a[i] = make_float4(x.x + s * y.x, x.y + s * y.y, x.z + s * y.z, x.w + s * y.w);
    }
}

// A copy on a fixed number of thread blocks, `passes` times over the buffer: what a collective's channels do to the
// SMs beside a GEMM (NCCL runs one block per channel).
__global__ void copyPassesKernel(float4* dst, const float4* src, std::size_t n, int passes)
{
    for (int p = 0; p < passes; ++p)
        for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
            dst[i] = src[i];
}

unsigned blocks(std::size_t count) { return unsigned(std::min<std::size_t>((count + 255) / 256, 4096)); }
// Enough blocks to fill every SM several times over, for the bandwidth kernels.
unsigned wide(std::size_t count) { return unsigned(std::min<std::size_t>((count + 255) / 256, 65535)); }
}

cudaError_t fillPattern(float* data, std::size_t count, float a, std::size_t offset, cudaStream_t stream)
{
    if (count)
        fillPatternKernel<<<blocks(count), 256, 0, stream>>>(data, count, a, offset);
    return cudaGetLastError();
}

cudaError_t countWrong(
    const float* data, std::size_t count, float a, std::size_t offset, unsigned long long* wrong, cudaStream_t stream)
{
    if (count)
        countWrongKernel<<<blocks(count), 256, 0, stream>>>(data, count, a, offset, wrong);
    return cudaGetLastError();
}

cudaError_t fillBf16(void* data, std::size_t count, cudaStream_t stream)
{
    if (count)
        fillBf16Kernel<<<blocks(count), 256, 0, stream>>>(static_cast<__nv_bfloat16*>(data), count);
    return cudaGetLastError();
}

cudaError_t fillNormalBf16(void* data, std::size_t count, unsigned long long seed, float sigma, cudaStream_t stream)
{
    if (count)
        fillNormalBf16Kernel<<<wide(count), 256, 0, stream>>>(static_cast<__nv_bfloat16*>(data), count, seed, sigma);
    return cudaGetLastError();
}

cudaError_t readBytes(const void* src, std::size_t bytes, float* sink, cudaStream_t stream)
{
    const std::size_t n = bytes / sizeof(float4);
    if (n)
        readKernel<<<wide(n), 256, 0, stream>>>(static_cast<const float4*>(src), n, sink);
    return cudaGetLastError();
}

cudaError_t writeBytes(void* dst, std::size_t bytes, cudaStream_t stream)
{
    const std::size_t n = bytes / sizeof(float4);
    if (n)
        writeKernel<<<wide(n), 256, 0, stream>>>(static_cast<float4*>(dst), n, 1.0f);
    return cudaGetLastError();
}

cudaError_t triad(void* a, const void* b, const void* c, std::size_t bytes, cudaStream_t stream)
{
    const std::size_t n = bytes / sizeof(float4);
    if (n)
        triadKernel<<<wide(n), 256, 0, stream>>>(
            static_cast<float4*>(a), static_cast<const float4*>(b), static_cast<const float4*>(c), n, 0.5f);
    return cudaGetLastError();
}

__global__ void emptyKernel() { }

cudaError_t empty(cudaStream_t stream)
{
    emptyKernel<<<1, 32, 0, stream>>>();
    return cudaGetLastError();
}

cudaError_t copyOnBlocks(void* dst, const void* src, std::size_t bytes, int blocks, int passes, cudaStream_t stream)
{
    const std::size_t n = bytes / sizeof(float4);
    if (n && blocks > 0)
        copyPassesKernel<<<unsigned(blocks), 512, 0, stream>>>(
            static_cast<float4*>(dst), static_cast<const float4*>(src), n, passes);
    return cudaGetLastError();
}

} // namespace plait::probe::kernels
