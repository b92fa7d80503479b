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

unsigned blocks(std::size_t count) { return unsigned(std::min<std::size_t>((count + 255) / 256, 4096)); }
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

} // namespace plait::probe::kernels
