// `plait-probe compute`: the rates the cost model needs, measured as training sees them (issue 13, part B).
//  - GEMMs of the plan's own shapes (core's layerGemms, the output layer), each pass in the layout training uses
//    (forward TN, input gradient NN, weight gradient NT), on normal random data, after a soak that brings clocks
//    and power to their sustained state, rotating operand sets larger than twice the L2 so nothing is served from
//    cache; each iteration timed on its own (median, p10, p90), with the SM clock and board power read meanwhile.
//  - HBM: read, write and triad kernels far beyond L2, beside a device-to-device copy.
//  - The fixed cost per kernel: empty kernels back to back.
//  - First, each layout checked against a CPU product of the same operands (a wrong one ends the run, exit 7).
//  - Contention: a GEMM batch alone, then beside a copy on N thread blocks (NCCL's channel counts), with and
//    without cuBLAS told to leave those SMs free, each batch timed whole: the GEMM's slowdown and the copy's rate;
//    with two GPUs or more, the GEMM beside an all-reduce across them (overlap.h).
// Predictions are made for the GPU measured (matched in the catalog), not the plan's.
#include "commands.h"
#include "fill.h"
#include "gemm.h"
#include "gpu.h"
#include "layercost.h"
#include "numtext.h"
#include "operands.h"
#include "overlap.h"
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
    // On the GEMMs' stream, so nothing but that stream's order stands between the operands and the product.
    PROBE_CUDA(cudaMemcpyAsync(da.data(), a.data(), a.size() * 2, cudaMemcpyHostToDevice, stream));
    PROBE_CUDA(cudaMemcpyAsync(db.data(), b.data(), b.size() * 2, cudaMemcpyHostToDevice, stream));
    nlohmann::json rows = nlohmann::json::array();
    for (GemmLayout layout : { GemmLayout::TN, GemmLayout::NN, GemmLayout::NT }) {
        PROBE_CUDA(cudaMemsetAsync(dc.data(), 0xff, dc.size(), stream)); // NaNs: a GEMM that writes nothing fails
        runGemm(handle, { double(m), double(n), double(k), 1 }, layout, da.data(), db.data(), dc.data());
        PROBE_CUDA(cudaStreamSynchronize(stream));
        std::vector<std::uint16_t> c(std::size_t(m) * n);
        PROBE_CUDA(cudaMemcpyAsync(c.data(), dc.data(), c.size() * 2, cudaMemcpyDeviceToHost, stream));
        PROBE_CUDA(cudaStreamSynchronize(stream));
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
                shapes.push_back({ g.name, "dgrad", cublasDgrad(g.dgrad), GemmLayout::NN });
                shapes.push_back({ g.name, "wgrad", g.wgrad, GemmLayout::NT });
            }
        }
        const double tokens = double(plan->training.microBatch) * plan->model.seqLen / plan->parallel.cp;
        const double vocab = double(plan->model.vocab) / plan->parallel.tp, h = double(plan->model.hidden);
        shapes.push_back({ "output layer", "forward", { tokens, vocab, h, 1 }, GemmLayout::TN });
        shapes.push_back({ "output layer", "dgrad", cublasDgrad({ tokens, h, vocab, 1 }), GemmLayout::NN });
        shapes.push_back({ "output layer", "wgrad", { h, vocab, tokens, 1 }, GemmLayout::NT });
    } else {
        for (double n : { 4096.0, 8192.0, 16384.0 })
            shapes.push_back({ "square " + std::to_string(int(n)), "forward", { n, n, n, 1 }, GemmLayout::TN });
    }
    // cuBLAS takes int dimensions: a shape with a fractional size (tokens per expert, heads per TP rank) is timed
    // at the size it runs, and its FLOPs are counted from that.
    for (Shape& s : shapes)
        s.s = { std::floor(s.s.m), std::floor(s.s.n), std::floor(s.s.k), std::max(1.0, std::floor(s.s.batch)) };

    const std::vector<int> devices = selectDevices(o.gpus);
    const int device = devices.front();
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
        // Fresh normal values for this shape's sets: the last shape's products (and their growth, up to inf and
        // NaN over many shapes, whose bits toggle less and time faster) are never this shape's operands.
        fillNormalBf16(pool.data(), std::min(poolBytes, r.a.size() * alignedSetBytes(s.s)) / 2, 2026 + i, 1.0f, stream);
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

    // The fixed cost of a kernel: empty kernels launched back to back, timed on the GPU from the first to the last.
    // The GPU cannot start a kernel before the host has launched it, so each costs the slower of the host's launch
    // and the GPU's start: what a layer's short kernels cost beyond their work (calibration's kernel_overhead_us).
    const int emptyKernels = 5000;
    double kernelFixedUs = 0;
    {
        for (int i = 0; i < 200; ++i)
            PROBE_CUDA(kernels::empty(stream));
        cudaEvent_t k0, k1;
        PROBE_CUDA(cudaEventCreate(&k0));
        PROBE_CUDA(cudaEventCreate(&k1));
        PROBE_CUDA(cudaEventRecord(k0, stream));
        for (int i = 0; i < emptyKernels; ++i)
            PROBE_CUDA(kernels::empty(stream));
        PROBE_CUDA(cudaEventRecord(k1, stream));
        waitWatched({ k1 }, {}, deadline(), "compute");
        float ms = 0;
        PROBE_CUDA(cudaEventElapsedTime(&ms, k0, k1));
        kernelFixedUs = double(ms) * 1e3 / emptyKernels;
        cudaEventDestroy(k0);
        cudaEventDestroy(k1);
    }
    const nlohmann::json kernelCost = { { "kernels", emptyKernels }, { "fixed_us", kernelFixedUs } };
    emit({ { "event", "result" }, { "kernel", kernelCost } });

    // Contention: the largest GEMM beside a copy on N blocks, as a collective's channels would take them. The copy
    // runs as a chain of launches three times as long as the GEMMs' batch, the GEMMs start once it runs, and the
    // batch is timed whole, first GEMM to last: a persistent GEMM kernel that cannot get SMs beside the copy waits,
    // and that wait is the slowdown (a per-iteration median would leave it in the warm-up). The copy's rate beside
    // counts only the launches wholly inside the GEMMs' window.
    emit({ { "event", "progress" }, { "done", shapes.size() + 2 }, { "total", shapes.size() + 3 },
        { "what", "GEMM beside a copy" } });
    nlohmann::json contention = nlohmann::json::array();
    {
        const Rotation r = rotation(biggest->s, base, poolBytes / 2, l2);
        char* copyFrom = base + poolBytes / 2;
        const std::size_t copyBytes = std::min<std::size_t>(poolBytes / 4, std::size_t(256) << 20) & ~std::size_t(255);
        std::vector<cudaEvent_t> copyMarks;
        cudaEvent_t g0, g1;
        PROBE_CUDA(cudaEventCreate(&g0));
        PROBE_CUDA(cudaEventCreate(&g1));
        auto elapsedMs = [](cudaEvent_t a, cudaEvent_t b) {
            float ms = 0;
            PROBE_CUDA(cudaEventElapsedTime(&ms, a, b));
            return double(ms);
        };
        // `calls` GEMMs on the main stream, after `after` when given; ms for the whole batch once waited for.
        auto gemmBatch = [&](int calls, cudaEvent_t after) {
            if (after)
                PROBE_CUDA(cudaStreamWaitEvent(stream, after, 0));
            auto work = gemmWork(*biggest, r);
            PROBE_CUDA(cudaEventRecord(g0, stream));
            for (int i = 0; i < calls; ++i)
                work(i);
            PROBE_CUDA(cudaEventRecord(g1, stream));
        };
        // `launches` copies of one pass each on the side stream, a mark before the first and after each.
        auto copyChain = [&](int launches, int blocks) {
            while (int(copyMarks.size()) < launches + 1) {
                cudaEvent_t e;
                PROBE_CUDA(cudaEventCreate(&e));
                copyMarks.push_back(e);
            }
            PROBE_CUDA(cudaEventRecord(copyMarks[0], side));
            for (int i = 0; i < launches; ++i) {
                PROBE_CUDA(kernels::copyOnBlocks(copyFrom + copyBytes, copyFrom, copyBytes, blocks, 1, side));
                PROBE_CUDA(cudaEventRecord(copyMarks[std::size_t(i) + 1], side));
            }
        };
        // The batch alone: about 150 ms of GEMMs.
        gemmBatch(3, nullptr);
        waitWatched({ g1 }, {}, deadline(), "compute");
        const int calls = std::clamp(int(150.0 / std::max(elapsedMs(g0, g1) / 3, 1e-3)), 5, 2000);
        gemmBatch(calls, nullptr);
        waitWatched({ g1 }, {}, deadline(), "compute");
        const double aloneMs = elapsedMs(g0, g1);
        for (int blocksForCopy : { 8, 16, 32 })
            for (bool target : { false, true }) {
                // The copy alone: a few launches for its rate and the length of one.
                copyChain(4, blocksForCopy);
                waitWatched({ copyMarks[4] }, {}, deadline(), "compute");
                const double passMs = elapsedMs(copyMarks[1], copyMarks[4]) / 3;
                const int launches = std::clamp(int(3 * aloneMs / std::max(passMs, 1e-3)), 4, 20000);
                if (target)
                    PROBE_CUBLAS(cublasSetSmCountTarget(handle, std::max(1, prop.multiProcessorCount - blocksForCopy)));
                copyChain(launches, blocksForCopy);
                gemmBatch(calls, copyMarks[1]); // the GEMMs start once the first copy has run: the copy is running
                waitWatched({ g1, copyMarks[std::size_t(launches)] }, {}, deadline(), "compute");
                if (target)
                    PROBE_CUBLAS(cublasSetSmCountTarget(handle, 0));
                const double besideMs = elapsedMs(g0, g1);
                double insideMs = 0;
                int inside = 0;
                for (int i = 0; i < launches; ++i)
                    if (elapsedMs(g0, copyMarks[std::size_t(i)]) >= 0
                        && elapsedMs(copyMarks[std::size_t(i) + 1], g1) >= 0) {
                        insideMs += elapsedMs(copyMarks[std::size_t(i)], copyMarks[std::size_t(i) + 1]);
                        ++inside;
                    }
                const bool covered = elapsedMs(g1, copyMarks[std::size_t(launches)]) > 0;
                contention.push_back(
                    { { "gemm", biggest->name + " " + biggest->pass }, { "copy_blocks", blocksForCopy },
                        { "sm_count_target", target ? prop.multiProcessorCount - blocksForCopy : 0 },
                        { "gemm_calls", calls }, { "gemm_alone_us", aloneMs * 1e3 / calls },
                        { "gemm_beside_us", besideMs * 1e3 / calls }, { "slowdown", besideMs / aloneMs },
                        { "copy_gbps", inside > 0 ? 2.0 * double(copyBytes) * inside / (insideMs * 1e-3) / 1e9 : 0.0 },
                        { "copy_alone_gbps", 2.0 * double(copyBytes) / (passMs * 1e-3) / 1e9 },
                        { "copy_launches_in_window", inside }, { "covered", covered } });
            }
        for (cudaEvent_t e : copyMarks)
            cudaEventDestroy(e);
        cudaEventDestroy(g0);
        cudaEventDestroy(g1);
    }
    // With two GPUs or more, the same GEMM on each beside an all-reduce across them: what an overlapped gradient
    // reduction costs the compute it hides behind (gpu.overlap_slowdown after calibration).
    if (devices.size() >= 2) {
        emit({ { "event", "progress" }, { "done", shapes.size() + 3 }, { "total", shapes.size() + 3 },
            { "what", "GEMM beside an all-reduce on " + std::to_string(devices.size()) + " GPUs" } });
        contention.push_back(gemmBesideAllReduce(devices, biggest->s, biggest->layout,
            biggest->name + " " + biggest->pass, std::size_t(256) << 20, o.deadlineS));
        PROBE_CUDA(cudaSetDevice(device));
    }
    emit({ { "event", "result" }, { "contention", contention } });

    nlohmann::json out = { { "format", "plait-compute/1" }, { "gpu", prop.name },
        { "memory_bytes", prop.totalGlobalMem }, { "sms", prop.multiProcessorCount }, { "l2_bytes", l2 },
        { "measured_gpu_id", measured ? measured->id : "" }, { "plan", o.plan },
        { "plan_gpu", plan ? plan->cluster.gpu.id : "" }, { "soak_s", soakS },
        { "data", "normal random bf16 (σ 1), operands rotated beyond twice the L2" }, { "gemms", rows },
        { "best_tflops", best }, { "check", check }, { "memory", memory }, { "kernel", kernelCost },
        { "contention", contention } };
    writeFileAtomically(o.out, dumpJson(out, 1) + "\n");
    emit({ { "event", "done" }, { "out", o.out } });
    for (cudaEvent_t e : marks)
        cudaEventDestroy(e);
    cublasDestroy(handle);
    return kOk;
}

} // namespace plait::probe
