#include "gpu.h"

#include "fill.h"

#include <thread>

namespace plait::probe {

void checkCuda(cudaError_t err, const char* what)
{
    if (err == cudaSuccess)
        return;
    const std::string message = std::string(what) + ": " + cudaGetErrorString(err);
    if (err == cudaErrorMemoryAllocation)
        throw ProbeError(kOutOfMemory, "out-of-memory", message);
    throw ProbeError(kCudaError, "cuda-error", message);
}

void checkNccl(ncclResult_t res, const char* what)
{
    if (res == ncclSuccess || res == ncclInProgress)
        return;
    throw ProbeError(kNcclError, "nccl-error", std::string(what) + ": " + ncclGetErrorString(res));
}

void checkCublas(cublasStatus_t st, const char* what)
{
    if (st == CUBLAS_STATUS_SUCCESS)
        return;
    if (st == CUBLAS_STATUS_ALLOC_FAILED)
        throw ProbeError(kOutOfMemory, "out-of-memory", std::string(what) + ": cuBLAS could not allocate");
    throw ProbeError(kCudaError, "cuda-error", std::string(what) + ": cuBLAS status " + std::to_string(int(st)));
}

std::vector<int> selectDevices(const std::vector<int>& requested)
{
    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0)
        throw ProbeError(kNoDevice, "no-cuda-device",
            std::string("no CUDA device available (") + (err != cudaSuccess ? cudaGetErrorString(err) : "0 devices")
                + "); plait-probe measures real GPUs only");
    if (requested.empty()) {
        std::vector<int> all(static_cast<std::size_t>(count));
        for (int d = 0; d < count; ++d)
            all[std::size_t(d)] = d;
        return all;
    }
    for (int d : requested)
        if (d >= count)
            throw ProbeError(kUsage, "usage",
                "--gpus names device " + std::to_string(d) + " but only " + std::to_string(count) + " are visible");
    return requested;
}

std::string deviceName(int device)
{
    cudaDeviceProp p {};
    PROBE_CUDA(cudaGetDeviceProperties(&p, device));
    return p.name;
}

std::string versionString(int code)
{
    return std::to_string(code / 10000) + "." + std::to_string((code / 100) % 100) + "." + std::to_string(code % 100);
}

std::string cudaVersionString(int code)
{
    return std::to_string(code / 1000) + "." + std::to_string((code % 1000) / 10);
}

DeviceBuffer::DeviceBuffer(int device, std::size_t bytes)
    : m_device(device)
    , m_bytes(bytes)
{
    PROBE_CUDA(cudaSetDevice(device));
    PROBE_CUDA(cudaMalloc(&m_ptr, bytes ? bytes : 1));
}

DeviceBuffer::~DeviceBuffer()
{
    if (m_ptr) {
        cudaSetDevice(m_device);
        cudaFree(m_ptr);
    }
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& o) noexcept
    : m_device(o.m_device)
    , m_ptr(o.m_ptr)
    , m_bytes(o.m_bytes)
{
    o.m_ptr = nullptr;
}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& o) noexcept
{
    std::swap(m_device, o.m_device);
    std::swap(m_ptr, o.m_ptr);
    std::swap(m_bytes, o.m_bytes);
    return *this;
}

void fillPattern(float* data, std::size_t count, float a, std::size_t offset, cudaStream_t stream)
{
    PROBE_CUDA(kernels::fillPattern(data, count, a, offset, stream));
}

void countWrong(
    const float* data, std::size_t count, float a, std::size_t offset, unsigned long long* wrong, cudaStream_t stream)
{
    PROBE_CUDA(kernels::countWrong(data, count, a, offset, wrong, stream));
}

void fillBf16(void* data, std::size_t count, cudaStream_t stream)
{
    PROBE_CUDA(kernels::fillBf16(data, count, stream));
}

void fillNormalBf16(void* data, std::size_t count, unsigned long long seed, float sigma, cudaStream_t stream)
{
    PROBE_CUDA(kernels::fillNormalBf16(data, count, seed, sigma, stream));
}

void runGemm(cublasHandle_t h, const GemmShape& s, GemmLayout layout, const void* a, const void* b, void* c)
{
    const float one = 1, zero = 0;
    const int m = int(s.m), n = int(s.n), k = int(s.k), batch = int(s.batch);
    if (m < 1 || n < 1 || k < 1 || batch < 1)
        return;
    // op(A) is m×k and op(B) k×n; stored column-major, A is k×m when transposed (lda = k), B n×k (ldb = n).
    const cublasOperation_t ta = layout == GemmLayout::TN ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasOperation_t tb = layout == GemmLayout::NT ? CUBLAS_OP_T : CUBLAS_OP_N;
    const int lda = layout == GemmLayout::TN ? k : m, ldb = layout == GemmLayout::NT ? n : k;
    if (batch > 1)
        PROBE_CUBLAS(cublasGemmStridedBatchedEx(h, ta, tb, m, n, k, &one, a, CUDA_R_16BF, lda, (long long)m * k, b,
            CUDA_R_16BF, ldb, (long long)k * n, &zero, c, CUDA_R_16BF, m, (long long)m * n, batch, CUBLAS_COMPUTE_32F,
            CUBLAS_GEMM_DEFAULT));
    else
        PROBE_CUBLAS(cublasGemmEx(h, ta, tb, m, n, k, &one, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &zero, c,
            CUDA_R_16BF, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

void waitWatched(const std::vector<cudaEvent_t>& events, const std::vector<ncclComm_t>& comms,
    std::chrono::steady_clock::time_point deadline, const char* what, const std::function<void()>& poll)
{
    for (;;) {
        if (poll)
            poll();
        bool done = true;
        for (cudaEvent_t e : events) {
            const cudaError_t q = cudaEventQuery(e);
            if (q == cudaErrorNotReady) {
                done = false;
                break;
            }
            PROBE_CUDA(q);
        }
        if (done)
            return;
        for (ncclComm_t c : comms) {
            ncclResult_t async = ncclSuccess;
            if (ncclCommGetAsyncError(c, &async) == ncclSuccess && async != ncclSuccess && async != ncclInProgress) {
                for (ncclComm_t a : comms)
                    ncclCommAbort(a);
                throw ProbeError(
                    kNcclError, "nccl-error", std::string(what) + ": NCCL reported " + ncclGetErrorString(async));
            }
        }
        if (std::chrono::steady_clock::now() > deadline) {
            if (comms.empty())
                throw ProbeError(kCudaError, "timeout", std::string(what) + " did not finish before the deadline");
            for (ncclComm_t a : comms)
                ncclCommAbort(a);
            throw ProbeError(kNcclError, "hang",
                std::string(what) + " did not finish before the deadline; the communicators were aborted");
        }
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
}

} // namespace plait::probe
