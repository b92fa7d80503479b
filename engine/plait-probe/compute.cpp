// `plait-probe compute`: the rates the cost model needs, measured as training sees them (issue 13, part B).
//  - GEMMs of the plan's own shapes (core's layerGemms, the output layer), each pass in the layout training uses
//    (forward TN, input gradient NN, weight gradient NT), on normal random data, after a soak that brings clocks
//    and power to their sustained state, rotating operand sets larger than twice the L2 so nothing is served from
//    cache; each iteration timed on its own (median, p10, p90), with the SM clock and board power read meanwhile.
//  - HBM: read, write and triad kernels far beyond L2, beside a device-to-device copy.
//  - First, each layout checked against a CPU product of the same operands (a wrong one ends the run, exit 7).
//  - Contention: a GEMM alone, then beside a copy on N thread blocks (NCCL's channel counts), with and without
//    cuBLAS told to leave those SMs free: the GEMM's slowdown and the copy's rate.
// Predictions are made for the GPU measured (matched in the catalog), not the plan's.
#include "commands.h"
#include "fill.h"
#include "gemm.h"
#include "gpu.h"
#include "layercost.h"
#include "numtext.h"
#include "operands.h"
#include "plan.h"
#include "sensors.h"
#include "text.h"

#include <chrono>
#include <optional>
#include <random>
#include <thread>

namespace plait::probe {

namespace {
struct Shape {
    std::string name, pass;
    GemmShape s;
    GemmLayout layout;
};

struct Timing {
    Spread us; // per iteration
    SensorReading sensors; // median clock and power while it ran
    int sensorReads = 0;
};

// Each layout's GEMM against the CPU's double-precision product of the same bf16 operands (m, n, k all different,
// so a swapped dimension or leading dimension shows): a wrong result ends the run (exit 7) before anything is timed.
nlohmann::json checkGemmLayouts(cublasHandle_t handle, int device, cudaStream_t stream)
{
    const int m = 192, n = 160, k = 320;
    std::mt19937 random(13);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    auto values = [&](std::size_t count) {
        std::vector<std::uint16_t> v(count);
        for (std::uint16_t& x : v)
            x = floatToBf16(normal(random));
        return v;
    };
    const std::vector<std::uint16_t> a = values(std::size_t(m) * k), b = values(std::size_t(k) * n);
    DeviceBuffer da(device, a.size() * 2), db(device, b.size() * 2), dc(device, std::size_t(m) * n * 2);
    PROBE_CUDA(cudaMemcpy(da.data(), a.data(), a.size() * 2, cudaMemcpyHostToDevice));
    PROBE_CUDA(cudaMemcpy(db.data(), b.data(), b.size() * 2, cudaMemcpyHostToDevice));
    nlohmann::json rows = nlohmann::json::array();
    for (GemmLayout layout : { GemmLayout::TN, GemmLayout::NN, GemmLayout::NT }) {
        PROBE_CUDA(cudaMemsetAsync(dc.data(), 0xff, dc.size(), stream)); // NaNs: a GEMM that writes nothing fails
        runGemm(handle, { double(m), double(n), double(k), 1 }, layout, da.data(), db.data(), dc.data());
        PROBE_CUDA(cudaStreamSynchronize(stream));
        std::vector<std::uint16_t> c(std::size_t(m) * n);
        PROBE_CUDA(cudaMemcpy(c.data(), dc.data(), c.size() * 2, cudaMemcpyDeviceToHost));
        const double error = relativeError(referenceGemm(layout, m, n, k, a, b), c);
        // bf16 output rounds each element by up to 2⁻⁹: about 0.2% over the matrix; 1% leaves room, a wrong
        // layout gives about 140%.
        if (!(error < 1e-2))
            throw ProbeError(kCheckFailed, "check-failed",
                std::string("cuBLAS's ") + layoutName(layout) + " GEMM " + std::to_string(m) + "×" + std::to_string(n)
                    + "×" + std::to_string(k) + " differs from the CPU's product by " + numText(error * 100, "%.2f")
                    + "% (at most 1%)");
        rows.push_back(
            { { "layout", layoutName(layout) }, { "m", m }, { "n", n }, { "k", k }, { "relative_error", error } });
    }
    return rows;
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
            throw ProbeError(kUsage, "plan", planError(o.plan, loaded.errorText()));
        plan = loaded.value();
        for (const LayerGemm& g : layerGemms(*plan)) {
            shapes.push_back({ g.name, "forward", g.forward, GemmLayout::TN });
            if (!g.attention) {
                shapes.push_back({ g.name, "dgrad", g.dgrad, GemmLayout::NN });
                shapes.push_back({ g.name, "wgrad", g.wgrad, GemmLayout::NT });
            }
        }
        const double tokens = double(plan->training.microBatch) * plan->model.seqLen / plan->parallel.cp;
        const double vocab = double(plan->model.vocab) / plan->parallel.tp, h = double(plan->model.hidden);
        shapes.push_back({ "output layer", "forward", { tokens, vocab, h, 1 }, GemmLayout::TN });
        shapes.push_back({ "output layer", "dgrad", { tokens, h, vocab, 1 }, GemmLayout::NN });
        shapes.push_back({ "output layer", "wgrad", { h, vocab, tokens, 1 }, GemmLayout::NT });
    } else {
        for (double n : { 4096.0, 8192.0, 16384.0 })
            shapes.push_back({ "square " + std::to_string(int(n)), "forward", { n, n, n, 1 }, GemmLayout::TN });
    }
    // cuBLAS takes int dimensions: a shape with a fractional size (tokens per expert, heads per TP rank) is timed
    // at the size it runs, and its FLOPs are counted from that.
    for (Shape& s : shapes)
        s.s = { std::floor(s.s.m), std::floor(s.s.n), std::floor(s.s.k), std::max(1.0, std::floor(s.s.batch)) };

    const int device = selectDevices(o.gpus).front();
    PROBE_CUDA(cudaSetDevice(device));
    cudaDeviceProp prop {};
    PROBE_CUDA(cudaGetDeviceProperties(&prop, device));
    const GpuSpec* measured = Catalog::builtin().gpuForDevice(prop.name, double(prop.totalGlobalMem));
    char busId[32] = {};
    cudaDeviceGetPCIBusId(busId, sizeof busId, device);
    GpuSensors sensors(busId);
    if (!sensors.available())
        emit({ { "event", "warning" }, { "message", "no clock or power readings: " + sensors.why() } });
    if (plan && !measured)
        emit({ { "event", "warning" },
            { "message",
                std::string("the GPU measured (") + prop.name
                    + ") is no GPU of the catalog: no predictions beside the measurements" } });
    if (plan && measured && measured->id != plan->cluster.gpu.id)
        emit({ { "event", "warning" },
            { "message",
                "the plan's GPU is " + plan->cluster.gpu.id + ", the GPU measured is " + measured->id
                    + ": predictions are for the measured one" } });
    const std::size_t l2 = std::size_t(prop.l2CacheSize);

    cudaStream_t stream, side;
    PROBE_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    PROBE_CUDA(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
    cublasHandle_t handle;
    PROBE_CUBLAS(cublasCreate(&handle));
    PROBE_CUBLAS(cublasSetStream(handle, stream));
    const nlohmann::json check = checkGemmLayouts(handle, device, stream);

    // One pool for every shape's rotating sets: the largest set times the sets it needs, within half the memory.
    std::size_t freeBytes = 0, totalBytes = 0;
    PROBE_CUDA(cudaMemGetInfo(&freeBytes, &totalBytes));
    std::size_t largest = 0;
    for (const Shape& s : shapes)
        largest = std::max(largest, alignedSetBytes(s.s));
    if (largest > freeBytes / 2)
        throw ProbeError(kOutOfMemory, "out-of-memory",
            "the largest GEMM's operands need " + std::to_string(largest >> 20) + " MiB, the GPU has "
                + std::to_string(freeBytes >> 20) + " MiB free");
    // The HBM kernels want four buffers of at least 8 × L2 (1 GiB or more) from the same pool.
    const std::size_t hbmSpan = std::max<std::size_t>(8 * l2, std::size_t(1) << 30);
    const std::size_t poolBytes = std::min(
        freeBytes / 2, std::max(largest * std::size_t(rotatingSets(largest, l2, freeBytes / 2)), 4 * hbmSpan));
    DeviceBuffer pool(device, poolBytes);
    fillNormalBf16(pool.data(), poolBytes / 2, 2026, 1.0f, stream);

    int runtime = 0;
    cudaRuntimeGetVersion(&runtime);
    emit({ { "event", "start" }, { "command", "compute" }, { "ranks", 1 }, { "cuda", cudaVersionString(runtime) },
        { "gpu", prop.name } });
    const auto deadline = [&] { return std::chrono::steady_clock::now() + std::chrono::seconds(long(o.deadlineS)); };

    // Times `work(i)` per iteration: `iters` of them, or as many as fill about 150 ms, events between them, sensors
    // read while the GPU runs.
    std::vector<cudaEvent_t> marks;
    auto timed = [&](int iters, const auto& work) {
        cudaEvent_t a, b;
        PROBE_CUDA(cudaEventCreate(&a));
        PROBE_CUDA(cudaEventCreate(&b));
        PROBE_CUDA(cudaEventRecord(a, stream));
        for (int i = 0; i < 3; ++i)
            work(i);
        PROBE_CUDA(cudaEventRecord(b, stream));
        waitWatched({ b }, {}, deadline(), "compute");
        float ms = 0;
        PROBE_CUDA(cudaEventElapsedTime(&ms, a, b));
        cudaEventDestroy(a);
        cudaEventDestroy(b);
        const int n = std::clamp(int(150.0 / std::max(ms / 3.0, 1e-3)), std::clamp(iters, 5, 2000), 2000);
        while (int(marks.size()) < n + 1) {
            cudaEvent_t e;
            PROBE_CUDA(cudaEventCreate(&e));
            marks.push_back(e);
        }
        PROBE_CUDA(cudaEventRecord(marks[0], stream));
        for (int i = 0; i < n; ++i) {
            work(i);
            PROBE_CUDA(cudaEventRecord(marks[std::size_t(i) + 1], stream));
        }
        std::vector<double> clocks, powers;
        Timing t;
        waitWatched({ marks[std::size_t(n)] }, {}, deadline(), "compute", [&] {
            const SensorReading r = sensors.read();
            if (r.ok) {
                clocks.push_back(r.smClockMHz);
                powers.push_back(r.powerW);
                t.sensors.limitReasons |= r.limitReasons;
                t.sensors.temperatureC = r.temperatureC;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        });
        std::vector<double> us;
        for (int i = 0; i < n; ++i) {
            PROBE_CUDA(cudaEventElapsedTime(&ms, marks[std::size_t(i)], marks[std::size_t(i) + 1]));
            us.push_back(double(ms) * 1e3);
        }
        t.us = spreadOf(us);
        t.sensorReads = int(clocks.size());
        t.sensors.smClockMHz = spreadOf(clocks).median;
        t.sensors.powerW = spreadOf(powers).median;
        t.sensors.ok = !clocks.empty();
        return t;
    };
    auto gemmWork = [&](const Shape& s, const Rotation& r) {
        return [&s, &r, &handle](int i) {
            const std::size_t k = std::size_t(i) % r.a.size();
            runGemm(handle, s.s, s.layout, r.a[k], r.b[k], r.c[k]);
        };
    };
    auto sensorJson = [](const Timing& t) {
        nlohmann::json j = nlohmann::json::object();
        if (t.sensors.ok)
            j = { { "sm_clock_mhz", t.sensors.smClockMHz }, { "power_w", t.sensors.powerW },
                { "temperature_c", t.sensors.temperatureC }, { "clock_limit_reasons", t.sensors.limitReasons },
                { "readings", t.sensorReads } };
        return j;
    };

    // Soak: the largest GEMM until clocks and power settle where training keeps them.
    const auto biggest = std::max_element(
        shapes.begin(), shapes.end(), [](const Shape& x, const Shape& y) { return x.s.flops() < y.s.flops(); });
    const double soakS = o.soakS;
    {
        emit({ { "event", "progress" }, { "done", 0 }, { "total", shapes.size() + 3 },
            { "what", "soak " + numText(soakS, "%.0f") + " s on " + biggest->name + " " + biggest->pass } });
        const Rotation r = rotation(biggest->s, static_cast<char*>(pool.data()), poolBytes, l2);
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(soakS);
        auto work = gemmWork(*biggest, r);
        for (int i = 0; std::chrono::steady_clock::now() < until; ++i) {
            work(i);
            if (i % 16 == 15)
                PROBE_CUDA(cudaStreamSynchronize(stream));
        }
        PROBE_CUDA(cudaStreamSynchronize(stream));
    }

    nlohmann::json rows = nlohmann::json::array();
    double best = 0;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        const Shape& s = shapes[i];
        emit({ { "event", "progress" }, { "done", i + 1 }, { "total", shapes.size() + 3 },
            { "what", s.name + " " + s.pass } });
        if (s.s.m < 1 || s.s.n < 1 || s.s.k < 1)
            continue;
        const Rotation r = rotation(s.s, static_cast<char*>(pool.data()), poolBytes, l2);
        const Timing t = timed(o.iters, gemmWork(s, r));
        const double tflops = s.s.flops() / (t.us.median * 1e-6) / 1e12;
        best = std::max(best, tflops);
        nlohmann::json row = { { "gemm", s.name }, { "pass", s.pass }, { "layout", layoutName(s.layout) },
            { "m", s.s.m }, { "n", s.s.n }, { "k", s.s.k }, { "batch", s.s.batch }, { "time_us", t.us.median },
            { "p10_us", t.us.p10 }, { "p90_us", t.us.p90 }, { "min_us", t.us.min }, { "iterations", t.us.count },
            { "rotating_sets", r.a.size() }, { "tflops", tflops }, { "sensors", sensorJson(t) } };
        if (plan && measured) {
            Plan onMeasured = *plan;
            onMeasured.cluster.gpu = *measured;
            row["predicted_us"]
                = gemmTime(s.s, *measured, peakTflops(onMeasured), bytesPerElement(onMeasured)).seconds * 1e6;
        }
        nlohmann::json event = row;
        event["event"] = "result";
        emit(event);
        rows.push_back(row);
    }

    // HBM, far beyond L2: read, write, triad, and the device copy (each counts the bytes read plus written).
    emit({ { "event", "progress" }, { "done", shapes.size() + 1 }, { "total", shapes.size() + 3 },
        { "what", "memory bandwidth" } });
    const std::size_t span = std::min(hbmSpan, poolBytes / 4) & ~std::size_t(255);
    char* base = static_cast<char*>(pool.data());
    DeviceBuffer sink(device, 16);
    auto bandwidth = [&](double trafficPerPass, const auto& pass) {
        const Timing t = timed(o.iters, [&](int) { pass(); });
        return trafficPerPass / (t.us.median * 1e-6) / 1e9;
    };
    const double readGBps = bandwidth(
        double(span), [&] { PROBE_CUDA(kernels::readBytes(base, span, static_cast<float*>(sink.data()), stream)); });
    const double writeGBps = bandwidth(double(span), [&] { PROBE_CUDA(kernels::writeBytes(base, span, stream)); });
    const double triadGBps = bandwidth(
        3.0 * double(span), [&] { PROBE_CUDA(kernels::triad(base, base + span, base + 2 * span, span, stream)); });
    const double copyGBps = bandwidth(2.0 * double(span),
        [&] { PROBE_CUDA(cudaMemcpyAsync(base, base + span, span, cudaMemcpyDeviceToDevice, stream)); });
    const nlohmann::json memory = { { "bytes", span }, { "read_gbps", readGBps }, { "write_gbps", writeGBps },
        { "triad_gbps", triadGBps }, { "copy_gbps", copyGBps }, { "traffic_gbps", copyGBps } };
    emit({ { "event", "result" }, { "memory", memory } });

    // Contention: the largest GEMM beside a copy on N blocks, as a collective's channels would take them.
    emit({ { "event", "progress" }, { "done", shapes.size() + 2 }, { "total", shapes.size() + 3 },
        { "what", "GEMM beside a copy" } });
    nlohmann::json contention = nlohmann::json::array();
    {
        const Rotation r = rotation(biggest->s, base, poolBytes / 2, l2);
        char* copyFrom = base + poolBytes / 2;
        const std::size_t copyBytes = std::min<std::size_t>(poolBytes / 4, std::size_t(256) << 20) & ~std::size_t(255);
        const Timing alone = timed(o.iters, gemmWork(*biggest, r));
        for (int blocksForCopy : { 8, 16, 32 })
            for (bool target : { false, true }) {
                if (target)
                    PROBE_CUBLAS(cublasSetSmCountTarget(handle, std::max(1, prop.multiProcessorCount - blocksForCopy)));
                cudaEvent_t c0, c1;
                PROBE_CUDA(cudaEventCreate(&c0));
                PROBE_CUDA(cudaEventCreate(&c1));
                // One pass alone, then enough passes to outlast the GEMMs' ~150 ms twice over.
                PROBE_CUDA(cudaEventRecord(c0, side));
                PROBE_CUDA(kernels::copyOnBlocks(copyFrom + copyBytes, copyFrom, copyBytes, blocksForCopy, 1, side));
                PROBE_CUDA(cudaEventRecord(c1, side));
                waitWatched({ c1 }, {}, deadline(), "compute");
                float passMs = 0;
                PROBE_CUDA(cudaEventElapsedTime(&passMs, c0, c1));
                const int passes = std::clamp(int(400.0 / std::max(double(passMs), 1e-3)), 1, 100000);
                PROBE_CUDA(cudaEventRecord(c0, side));
                PROBE_CUDA(
                    kernels::copyOnBlocks(copyFrom + copyBytes, copyFrom, copyBytes, blocksForCopy, passes, side));
                PROBE_CUDA(cudaEventRecord(c1, side));
                const Timing beside = timed(o.iters, gemmWork(*biggest, r));
                waitWatched({ c1 }, {}, deadline(), "compute");
                float copyMs = 0;
                PROBE_CUDA(cudaEventElapsedTime(&copyMs, c0, c1));
                cudaEventDestroy(c0);
                cudaEventDestroy(c1);
                if (target)
                    PROBE_CUBLAS(cublasSetSmCountTarget(handle, 0));
                contention.push_back(
                    { { "gemm", biggest->name + " " + biggest->pass }, { "copy_blocks", blocksForCopy },
                        { "sm_count_target", target ? prop.multiProcessorCount - blocksForCopy : 0 },
                        { "gemm_alone_us", alone.us.median }, { "gemm_beside_us", beside.us.median },
                        { "slowdown", beside.us.median / alone.us.median },
                        { "copy_gbps", 2.0 * double(copyBytes) * passes / (double(copyMs) * 1e-3) / 1e9 },
                        { "copy_alone_gbps", 2.0 * double(copyBytes) / (double(passMs) * 1e-3) / 1e9 } });
            }
    }
    emit({ { "event", "result" }, { "contention", contention } });

    nlohmann::json out = { { "format", "plait-compute/1" }, { "gpu", prop.name },
        { "memory_bytes", prop.totalGlobalMem }, { "sms", prop.multiProcessorCount }, { "l2_bytes", l2 },
        { "measured_gpu_id", measured ? measured->id : "" }, { "plan", o.plan },
        { "plan_gpu", plan ? plan->cluster.gpu.id : "" }, { "soak_s", soakS },
        { "data", "normal random bf16 (σ 1), operands rotated beyond twice the L2" }, { "gemms", rows },
        { "best_tflops", best }, { "check", check }, { "memory", memory }, { "contention", contention } };
    writeFileAtomically(o.out, dumpJson(out, 1) + "\n");
    emit({ { "event", "done" }, { "out", o.out } });
    for (cudaEvent_t e : marks)
        cudaEventDestroy(e);
    cublasDestroy(handle);
    return kOk;
}

} // namespace plait::probe
