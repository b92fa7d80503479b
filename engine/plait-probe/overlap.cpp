#include "overlap.h"

#include "calibration.h"
#include "operands.h"

#include <algorithm>
#include <chrono>

namespace plait::probe {

namespace {
struct Gpu {
    int device = 0;
    cudaStream_t compute = nullptr, comm = nullptr;
    cublasHandle_t blas = nullptr;
    ncclComm_t nccl = nullptr;
    DeviceBuffer pool, send, recv;
    Rotation operands;
    cudaEvent_t gemmStart = nullptr, gemmStop = nullptr;
    std::vector<cudaEvent_t> marks; // on the comm stream: before the first all-reduce and after each
};

float elapsedMs(cudaEvent_t from, cudaEvent_t to)
{
    float ms = 0;
    PROBE_CUDA(cudaEventElapsedTime(&ms, from, to));
    return ms;
}
}

nlohmann::json gemmBesideAllReduce(const std::vector<int>& devices, const GemmShape& shape, GemmLayout layout,
    const std::string& name, std::size_t bytes, double deadlineS)
{
    const int n = int(devices.size());
    const std::size_t count = bytes / 2; // bf16, as gradients are reduced
    std::vector<Gpu> gpus(devices.size());
    for (int i = 0; i < n; ++i) {
        Gpu& g = gpus[std::size_t(i)];
        g.device = devices[std::size_t(i)];
        PROBE_CUDA(cudaSetDevice(g.device));
        cudaDeviceProp prop {};
        PROBE_CUDA(cudaGetDeviceProperties(&prop, g.device));
        std::size_t freeBytes = 0, totalBytes = 0;
        PROBE_CUDA(cudaMemGetInfo(&freeBytes, &totalBytes));
        const std::size_t set = alignedSetBytes(shape);
        if (set + 2 * bytes > freeBytes / 2)
            throw ProbeError(kOutOfMemory, "out-of-memory",
                "GEMM beside all-reduce: " + name + " and two " + std::to_string(bytes >> 20) + " MiB buffers need "
                    + std::to_string((set + 2 * bytes) >> 20) + " MiB on GPU " + std::to_string(g.device) + ", "
                    + std::to_string(freeBytes >> 20) + " MiB are free");
        const std::size_t l2 = std::size_t(prop.l2CacheSize);
        const std::size_t poolBytes = set * std::size_t(rotatingSets(set, l2, freeBytes / 2 - 2 * bytes));
        PROBE_CUDA(cudaStreamCreateWithFlags(&g.compute, cudaStreamNonBlocking));
        PROBE_CUDA(cudaStreamCreateWithFlags(&g.comm, cudaStreamNonBlocking));
        PROBE_CUBLAS(cublasCreate(&g.blas));
        PROBE_CUBLAS(cublasSetStream(g.blas, g.compute));
        g.pool = DeviceBuffer(g.device, poolBytes);
        g.send = DeviceBuffer(g.device, bytes);
        g.recv = DeviceBuffer(g.device, bytes);
        fillNormalBf16(g.pool.data(), poolBytes / 2, 2026 + std::size_t(i), 1.0f, g.compute);
        fillNormalBf16(g.send.data(), count, 7 + std::size_t(i), 0.02f, g.compute);
        g.operands = rotation(shape, static_cast<char*>(g.pool.data()), poolBytes, l2);
        PROBE_CUDA(cudaEventCreate(&g.gemmStart));
        PROBE_CUDA(cudaEventCreate(&g.gemmStop));
        PROBE_CUDA(cudaStreamSynchronize(g.compute));
    }
    std::vector<ncclComm_t> comms(devices.size());
    PROBE_NCCL(ncclCommInitAll(comms.data(), n, devices.data()));
    for (int i = 0; i < n; ++i)
        gpus[std::size_t(i)].nccl = comms[std::size_t(i)];
    const auto deadline = [&] { return std::chrono::steady_clock::now() + std::chrono::seconds(long(deadlineS)); };

    int iteration = 0;
    auto gemms = [&](int calls) {
        for (Gpu& g : gpus) {
            PROBE_CUDA(cudaSetDevice(g.device));
            PROBE_CUDA(cudaEventRecord(g.gemmStart, g.compute));
            for (int c = 0; c < calls; ++c) {
                const std::size_t k = std::size_t(iteration + c) % g.operands.a.size();
                runGemm(g.blas, shape, layout, g.operands.a[k], g.operands.b[k], g.operands.c[k]);
            }
            PROBE_CUDA(cudaEventRecord(g.gemmStop, g.compute));
        }
        iteration += calls;
    };
    // One all-reduce per group, as nccl-tests times them; a mark after each on every GPU.
    auto allReduces = [&](int calls) {
        for (Gpu& g : gpus) {
            for (std::size_t m = g.marks.size(); m < std::size_t(calls) + 1; ++m) {
                PROBE_CUDA(cudaSetDevice(g.device));
                cudaEvent_t e;
                PROBE_CUDA(cudaEventCreate(&e));
                g.marks.push_back(e);
            }
            PROBE_CUDA(cudaSetDevice(g.device));
            PROBE_CUDA(cudaEventRecord(g.marks[0], g.comm));
        }
        for (int c = 0; c < calls; ++c) {
            PROBE_NCCL(ncclGroupStart());
            for (Gpu& g : gpus) {
                PROBE_CUDA(cudaSetDevice(g.device));
                PROBE_NCCL(ncclAllReduce(g.send.data(), g.recv.data(), count, ncclBfloat16, ncclSum, g.nccl, g.comm));
            }
            PROBE_NCCL(ncclGroupEnd());
            for (Gpu& g : gpus) {
                PROBE_CUDA(cudaSetDevice(g.device));
                PROBE_CUDA(cudaEventRecord(g.marks[std::size_t(c) + 1], g.comm));
            }
        }
    };
    auto waitAll = [&](bool gemm, int calls, const char* what) {
        std::vector<cudaEvent_t> events;
        for (Gpu& g : gpus) {
            if (gemm)
                events.push_back(g.gemmStop);
            if (calls > 0)
                events.push_back(g.marks[std::size_t(calls)]);
        }
        waitWatched(events, comms, deadline(), what);
    };
    // The slowest GPU's time per call.
    auto gemmUs = [&](int calls) {
        double worst = 0;
        for (Gpu& g : gpus)
            worst = std::max(worst, double(elapsedMs(g.gemmStart, g.gemmStop)) * 1e3 / calls);
        return worst;
    };
    auto allReduceUs = [&](int calls) {
        double worst = 0;
        for (Gpu& g : gpus)
            worst = std::max(worst, double(elapsedMs(g.marks[0], g.marks[std::size_t(calls)])) * 1e3 / calls);
        return worst;
    };

    // Warm-up, and how many calls fill about 150 ms.
    gemms(3);
    allReduces(2);
    waitAll(true, 2, "GEMM beside all-reduce: warm-up");
    gemms(3);
    allReduces(1);
    waitAll(true, 1, "GEMM beside all-reduce: warm-up");
    const int gemmCalls = std::clamp(int(150e3 / std::max(gemmUs(3), 1.0)), 5, 2000);
    const int reduceCalls = std::clamp(int(150e3 / std::max(allReduceUs(1), 1.0)), 5, 2000);

    gemms(gemmCalls);
    waitAll(true, 0, "GEMM alone");
    const double gemmAlone = gemmUs(gemmCalls);
    allReduces(reduceCalls);
    waitAll(false, reduceCalls, "all-reduce alone");
    const double reduceAlone = allReduceUs(reduceCalls);

    // Together: a chain of all-reduces three times as long as the GEMMs alone, the GEMMs started inside it.
    const int chain = 3 * reduceCalls;
    allReduces(chain);
    gemms(gemmCalls);
    waitAll(true, chain, "GEMM beside all-reduce");
    const double gemmBeside = gemmUs(gemmCalls);
    double reduceBeside = 0;
    int inWindow = -1;
    bool covered = true;
    for (Gpu& g : gpus) {
        double sum = 0;
        int calls = 0;
        for (int c = 0; c < chain; ++c)
            if (elapsedMs(g.gemmStart, g.marks[std::size_t(c)]) >= 0
                && elapsedMs(g.marks[std::size_t(c) + 1], g.gemmStop) >= 0) {
                sum += elapsedMs(g.marks[std::size_t(c)], g.marks[std::size_t(c) + 1]);
                ++calls;
            }
        covered = covered && elapsedMs(g.gemmStop, g.marks[std::size_t(chain)]) > 0;
        inWindow = inWindow < 0 ? calls : std::min(inWindow, calls);
        if (calls > 0)
            reduceBeside = std::max(reduceBeside, sum * 1e3 / calls);
    }
    const double factor = busBandwidthFactor(CollectiveKind::AllReduce, n);
    auto busbw = [&](double us) { return us > 0 ? double(bytes) / (us * 1e-6) / 1e9 * factor : 0.0; };
    nlohmann::json row = { { "gemm", name }, { "beside", "all_reduce" }, { "ranks", n }, { "bytes", bytes },
        { "gemm_alone_us", gemmAlone }, { "gemm_beside_us", gemmBeside }, { "slowdown", gemmBeside / gemmAlone },
        { "collective_alone_us", reduceAlone }, { "collective_beside_us", reduceBeside },
        { "busbw_alone_gbps", busbw(reduceAlone) }, { "busbw_beside_gbps", busbw(reduceBeside) },
        { "calls_in_window", std::max(0, inWindow) }, { "covered", covered } };

    for (Gpu& g : gpus) {
        PROBE_CUDA(cudaSetDevice(g.device));
        ncclCommDestroy(g.nccl);
        cublasDestroy(g.blas);
        for (cudaEvent_t e : g.marks)
            cudaEventDestroy(e);
        cudaEventDestroy(g.gemmStart);
        cudaEventDestroy(g.gemmStop);
        cudaStreamDestroy(g.compute);
        cudaStreamDestroy(g.comm);
    }
    return row;
}

} // namespace plait::probe
