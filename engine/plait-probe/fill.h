#pragma once
// The probe's kernels (fill.cu), kept apart from the C++20 headers so nvcc compiles them as C++17: a deterministic
// pattern value = a·((i + offset) mod 13 + 1), a device-side count of the elements that differ from it (the
// collectives' --check, as nccl-tests checks on the GPU), bf16 fills for GEMM inputs, and the bandwidth kernels.
// They return the launch error.
#include <cstddef>
#include <cuda_runtime.h>

namespace plait::probe::kernels {

cudaError_t fillPattern(float* data, std::size_t count, float a, std::size_t offset, cudaStream_t stream);
cudaError_t countWrong(
    const float* data, std::size_t count, float a, std::size_t offset, unsigned long long* wrong, cudaStream_t stream);
cudaError_t fillBf16(void* data, std::size_t count, cudaStream_t stream);
// bf16 normal values of standard deviation `sigma`, from a counter-based hash of the index and `seed`.
cudaError_t fillNormalBf16(void* data, std::size_t count, unsigned long long seed, float sigma, cudaStream_t stream);
// HBM traffic: read `bytes`, write `bytes`, or a triad over three buffers of `bytes` (two read, one written).
cudaError_t readBytes(const void* src, std::size_t bytes, float* sink, cudaStream_t stream);
cudaError_t writeBytes(void* dst, std::size_t bytes, cudaStream_t stream);
cudaError_t triad(void* a, const void* b, const void* c, std::size_t bytes, cudaStream_t stream);
// A kernel that does nothing, on one warp: what launching and starting a kernel costs, timed back to back.
cudaError_t empty(cudaStream_t stream);
// A copy of `bytes` on exactly `blocks` thread blocks, `passes` times: a collective's SM footprint beside a GEMM.
cudaError_t copyOnBlocks(void* dst, const void* src, std::size_t bytes, int blocks, int passes, cudaStream_t stream);

} // namespace plait::probe::kernels
