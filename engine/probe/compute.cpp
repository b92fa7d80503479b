// `plait-probe compute`: cuBLAS GEMM TFLOP/s for the plan's own layer GEMMs (forward, dgrad, wgrad, attention
// and the output layer, the shapes core's layerGemms() gives) and device-to-device copy bandwidth, against core's
// prediction for each shape. Without --plan, square shapes.
#include "commands.h"
#include "gemm.h"
#include "gpu.h"
#include "layercost.h"
#include "plan.h"
#include "text.h"

#include <chrono>
#include <optional>

namespace plait::probe {

namespace {
struct Shape {
    std::string name, pass;
    GemmShape s;
};

void runGemm(cublasHandle_t h, const GemmShape& s, void* a, void* b, void* c)
{
    const float one = 1, zero = 0;
    const int m = int(s.m), n = int(s.n), k = int(s.k), batch = int(s.batch);
    if (batch > 1)
        PROBE_CUBLAS(cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, a, CUDA_R_16BF, m,
            (long long)m * k, b, CUDA_R_16BF, k, (long long)k * n, &zero, c, CUDA_R_16BF, m, (long long)m * n, batch,
            CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    else
        PROBE_CUBLAS(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, a, CUDA_R_16BF, m, b, CUDA_R_16BF, k,
            &zero, c, CUDA_R_16BF, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}
}

int runCompute(const Options& options)
{
    Options o = options;
    if (o.iters == 0)
        o.iters = 20;
    std::vector<Shape> shapes;
    std::optional<Plan> plan;
    // The plan first: a missing or invalid plan is the user's to fix (exit 2) on any machine, GPU or not.
    if (!o.plan.empty()) {
        auto loaded = loadPlanFile(o.plan);
        if (!loaded)
            throw ProbeError(kUsage, "plan", o.plan + ": " + loaded.errorText());
        plan = loaded.value();
        for (const LayerGemm& g : layerGemms(*plan)) {
            shapes.push_back({ g.name, "forward", g.forward });
            if (!g.attention) {
                shapes.push_back({ g.name, "dgrad", g.dgrad });
                shapes.push_back({ g.name, "wgrad", g.wgrad });
            }
        }
        const double tokens = double(plan->training.microBatch) * plan->model.seqLen / plan->parallel.cp;
        const double vocab = double(plan->model.vocab) / plan->parallel.tp, h = double(plan->model.hidden);
        shapes.push_back({ "output layer", "forward", { tokens, vocab, h, 1 } });
    } else {
        for (double n : { 4096.0, 8192.0, 16384.0 })
            shapes.push_back({ "square " + std::to_string(int(n)), "forward", { n, n, n, 1 } });
    }
    const int device = selectDevices(o.gpus).front();
    std::size_t maxA = 1, maxB = 1, maxC = 1;
    for (const Shape& s : shapes) {
        maxA = std::max(maxA, std::size_t(s.s.m * s.s.k * s.s.batch));
        maxB = std::max(maxB, std::size_t(s.s.k * s.s.n * s.s.batch));
        maxC = std::max(maxC, std::size_t(s.s.m * s.s.n * s.s.batch));
    }
    PROBE_CUDA(cudaSetDevice(device));
    cudaStream_t stream;
    PROBE_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    DeviceBuffer a(device, maxA * 2), b(device, maxB * 2), c(device, maxC * 2);
    fillBf16(a.data(), maxA, stream);
    fillBf16(b.data(), maxB, stream);
    cublasHandle_t handle;
    PROBE_CUBLAS(cublasCreate(&handle));
    PROBE_CUBLAS(cublasSetStream(handle, stream));
    cudaEvent_t start, stop;
    PROBE_CUDA(cudaEventCreate(&start));
    PROBE_CUDA(cudaEventCreate(&stop));
    int runtime = 0;
    cudaRuntimeGetVersion(&runtime);
    emit({ { "event", "start" }, { "command", "compute" }, { "ranks", 1 }, { "cuda", versionString(runtime * 10) },
        { "gpu", deviceName(device) } });
    auto elapsedUs = [&](int iters, const auto& work) {
        for (int i = 0; i < 3; ++i)
            work();
        PROBE_CUDA(cudaEventRecord(start, stream));
        for (int i = 0; i < iters; ++i)
            work();
        PROBE_CUDA(cudaEventRecord(stop, stream));
        waitWatched(
            { stop }, {}, std::chrono::steady_clock::now() + std::chrono::seconds(long(o.deadlineS)), "compute");
        float ms = 0;
        PROBE_CUDA(cudaEventElapsedTime(&ms, start, stop));
        return double(ms) * 1e3 / iters;
    };
    nlohmann::json rows = nlohmann::json::array();
    double best = 0;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        const Shape& s = shapes[i];
        emit({ { "event", "progress" }, { "done", i }, { "total", shapes.size() + 1 },
            { "what", s.name + " " + s.pass } });
        if (s.s.m < 1 || s.s.n < 1 || s.s.k < 1 || s.s.batch < 1)
            continue;
        const double us = elapsedUs(o.iters, [&] { runGemm(handle, s.s, a.data(), b.data(), c.data()); });
        const double tflops = s.s.flops() / (us * 1e-6) / 1e12;
        best = std::max(best, tflops);
        nlohmann::json row = { { "gemm", s.name }, { "pass", s.pass }, { "m", s.s.m }, { "n", s.s.n }, { "k", s.s.k },
            { "batch", s.s.batch }, { "time_us", us }, { "tflops", tflops } };
        if (plan)
            row["predicted_us"]
                = gemmTime(s.s, plan->cluster.gpu, peakTflops(*plan), bytesPerElement(*plan)).seconds * 1e6;
        nlohmann::json event = row;
        event["event"] = "result";
        emit(event);
        rows.push_back(row);
    }
    // Device-to-device copy: every byte is read once and written once, so the traffic is twice the size.
    std::size_t freeBytes = 0, totalBytes = 0;
    PROBE_CUDA(cudaMemGetInfo(&freeBytes, &totalBytes));
    const std::size_t copyBytes = std::min<std::size_t>(std::size_t(1) << 30, freeBytes / 4) & ~std::size_t(255);
    DeviceBuffer from(device, copyBytes), to(device, copyBytes);
    const double copyUs = elapsedUs(std::max(5, o.iters / 2),
        [&] { PROBE_CUDA(cudaMemcpyAsync(to.data(), from.data(), copyBytes, cudaMemcpyDeviceToDevice, stream)); });
    const double copyGBps = 2.0 * double(copyBytes) / (copyUs * 1e-6) / 1e9;
    emit({ { "event", "result" }, { "memory", "device copy" }, { "bytes", copyBytes }, { "time_us", copyUs },
        { "traffic_gbps", copyGBps } });
    const nlohmann::json out = { { "format", "plait-compute/1" }, { "gpu", deviceName(device) }, { "plan", o.plan },
        { "iters", o.iters }, { "gemms", rows }, { "best_tflops", best },
        { "memory", { { "copy_bytes", copyBytes }, { "time_us", copyUs }, { "traffic_gbps", copyGBps } } } };
    writeFileAtomically(o.out, dumpJson(out, 1) + "\n");
    emit({ { "event", "done" }, { "out", o.out } });
    cublasDestroy(handle);
    return kOk;
}

} // namespace plait::probe
