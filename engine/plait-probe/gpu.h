#pragma once
// CUDA, NCCL and cuBLAS helpers for plait-probe: every failure becomes a ProbeError with the contract's exit code.
#include "probecli.h"

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <nccl.h>

#include "gemm.h"

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace plait::probe {

void checkCuda(cudaError_t err, const char* what);
void checkNccl(ncclResult_t res, const char* what);
void checkCublas(cublasStatus_t st, const char* what);
#define PROBE_CUDA(call) ::plait::probe::checkCuda((call), #call)
#define PROBE_NCCL(call) ::plait::probe::checkNccl((call), #call)
#define PROBE_CUBLAS(call) ::plait::probe::checkCublas((call), #call)

// The devices to use: the --gpus given, or every visible one. No driver or no device: ProbeError(kNoDevice).
// Without a driver cudaGetDeviceCount returns cudaErrorInsufficientDriver (35), not cudaErrorNoDevice, so any
// error counts as "no GPU".
std::vector<int> selectDevices(const std::vector<int>& requested);
std::string deviceName(int device);
std::string versionString(int code); // 22809 → 2.28.9
std::string cudaVersionString(int code); // cudaRuntimeGetVersion's 13000 → 13.0, as the contract writes it

// Device memory owned by one device.
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    DeviceBuffer(int device, std::size_t bytes);
    ~DeviceBuffer();
    DeviceBuffer(DeviceBuffer&& o) noexcept;
    DeviceBuffer& operator=(DeviceBuffer&& o) noexcept;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    void* data() const { return m_ptr; }
    std::size_t size() const { return m_bytes; }

private:
    int m_device = 0;
    void* m_ptr = nullptr;
    std::size_t m_bytes = 0;
};

// The kernels of fill.cu, with their launch errors turned into ProbeError.
void fillPattern(float* data, std::size_t count, float a, std::size_t offset, cudaStream_t stream);
void countWrong(
    const float* data, std::size_t count, float a, std::size_t offset, unsigned long long* wrong, cudaStream_t stream);
void fillBf16(void* data, std::size_t count, cudaStream_t stream);
void fillNormalBf16(void* data, std::size_t count, unsigned long long seed, float sigma, cudaStream_t stream);

// C (m×n) = op(A)·op(B), bf16 in and out, fp32 accumulation; batched when shape.batch > 1. A, B and C must hold
// batch·m·k, batch·k·n and batch·m·n elements.
void runGemm(cublasHandle_t handle, const GemmShape& shape, GemmLayout layout, const void* a, const void* b, void* c);

// The input-gradient GEMM as Megatron-LM's call reaches cuBLAS: core writes dgrad as (T×N)·(N×K), m = T tokens; torch's
// row-major matmul hands cuBLAS the transpose, m = K (the layer's input features), n = T. Same FLOPs, other tiles.
inline GemmShape cublasDgrad(const GemmShape& d)
{
    GemmShape s = d;
    s.m = d.n;
    s.n = d.m;
    return s;
}

// Waits for every event, watching the communicators: an asynchronous NCCL error or a deadline passed aborts them
// (ncclCommAbort) and throws, so a hung rank never hangs the probe.
// Without communicators, a deadline passed is a CUDA timeout (exit 5), not an NCCL hang. `poll` runs between checks
// (sensor readings while the GPU works).
void waitWatched(const std::vector<cudaEvent_t>& events, const std::vector<ncclComm_t>& comms,
    std::chrono::steady_clock::time_point deadline, const char* what, const std::function<void()>& poll = {});

} // namespace plait::probe
