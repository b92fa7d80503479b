#pragma once
// The probe's kernels (fill.cu), kept apart from the C++20 headers so nvcc compiles them as C++17: a deterministic
// pattern value = a·((i + offset) mod 13 + 1), a device-side count of the elements that differ from it (the
// collectives' --check, as nccl-tests checks on the GPU), and a bf16 fill for GEMM inputs. They return the launch
// error.
#include <cstddef>
#include <cuda_runtime.h>

namespace plait::probe::kernels {

cudaError_t fillPattern(float* data, std::size_t count, float a, std::size_t offset, cudaStream_t stream);
cudaError_t countWrong(
    const float* data, std::size_t count, float a, std::size_t offset, unsigned long long* wrong, cudaStream_t stream);
cudaError_t fillBf16(void* data, std::size_t count, cudaStream_t stream);

} // namespace plait::probe::kernels
