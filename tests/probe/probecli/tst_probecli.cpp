#include "../../core/testplans.h"
#include "attention.h"
#include "calibration.h"
#include "gemm.h"
#include "layercost.h"
#include "plan.h"
#include "probecli.h"
#include "proberesults.h"
#include "ratebasis.h"

#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sys/resource.h>

using namespace plait;
using namespace plait::probe;

// plait-probe's GPU-free parts: options as the contract spells them, nccl-tests' sweep and bus-bandwidth factors,
// the α/β fit, atomic output files.
class TestProbeCli : public QObject {
    Q_OBJECT
private slots:
    void sizes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qulonglong>("bytes");
        QTest::newRow("plain") << "8" << 8ull;
        QTest::newRow("K") << "64K" << 65536ull;
        QTest::newRow("M") << "16M" << 16777216ull;
        QTest::newRow("G") << "1G" << 1073741824ull;
        QTest::newRow("empty") << "" << 0ull;
        QTest::newRow("zero") << "0" << 0ull;
        QTest::newRow("negative") << "-8" << 0ull;
        QTest::newRow("unit only") << "G" << 0ull;
        QTest::newRow("too large") << "99999999G" << 0ull;
        QTest::newRow("garbage") << "12x" << 0ull;
    }
    void sizes()
    {
        QFETCH(QString, text);
        QFETCH(qulonglong, bytes);
        const auto b = parseBytes(text.toStdString());
        QCOMPARE(b ? qulonglong(*b) : 0ull, bytes);
    }

    void sweepFollowsNcclTests()
    {
        const auto s = sizeSweep(8, 1 << 30, 2);
        QCOMPARE(s.size(), std::size_t(28)); // 8 B … 1 GiB
        QCOMPARE(s.front(), std::size_t(8));
        QCOMPARE(s.back(), std::size_t(1) << 30);
        QVERIFY(sizeSweep(8, 4, 2).empty());
        QVERIFY(sizeSweep(8, 64, 1).empty());
    }

    // nccl-tests doc/PERFORMANCE.md: all-reduce 2(n−1)/n, all-gather and reduce-scatter (n−1)/n, send/recv 1.
    void busBandwidthFactors_data()
    {
        QTest::addColumn<int>("op");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("factor");
        QTest::newRow("all-reduce 8") << int(CollectiveKind::AllReduce) << 8 << 1.75;
        QTest::newRow("all-reduce 2") << int(CollectiveKind::AllReduce) << 2 << 1.0;
        QTest::newRow("all-gather 8") << int(CollectiveKind::AllGather) << 8 << 0.875;
        QTest::newRow("reduce-scatter 4") << int(CollectiveKind::ReduceScatter) << 4 << 0.75;
        QTest::newRow("all-to-all 8") << int(CollectiveKind::AllToAll) << 8 << 0.875;
        QTest::newRow("send-recv") << int(CollectiveKind::SendRecv) << 8 << 1.0;
    }
    void busBandwidthFactors()
    {
        QFETCH(int, op);
        QFETCH(int, ranks);
        QFETCH(double, factor);
        QCOMPARE(busBandwidthFactor(CollectiveKind(op), ranks), factor);
        const SizePoint p = sizePoint(CollectiveKind(op), ranks, 1e9, 1e4); // 1 GB in 10 ms
        QCOMPARE(p.algbwGBps, 100.0);
        QCOMPARE(p.busbwGBps, 100.0 * factor);
    }

    // Points made from a known α and β come back; noise lowers R² but not much the fit.
    void alphaBetaFit_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::addColumn<double>("beta");
        QTest::addColumn<double>("noise");
        QTest::newRow("NVLink-like") << 12.0 << 180.0 << 0.0;
        QTest::newRow("IB-like") << 25.0 << 22.0 << 0.0;
        QTest::newRow("noisy") << 12.0 << 180.0 << 0.03;
    }
    void alphaBetaFit()
    {
        QFETCH(double, alpha);
        QFETCH(double, beta);
        QFETCH(double, noise);
        std::vector<SizePoint> points;
        int i = 0;
        for (std::size_t bytes : sizeSweep(1 << 10, 1 << 30, 4)) {
            const double t = (alpha + double(bytes) / (beta * 1e3)) * (1 + noise * ((i++ % 3) - 1));
            points.push_back(sizePoint(CollectiveKind::AllReduce, 8, double(bytes), t));
        }
        const AlphaBetaFit f = fitAlphaBeta(points, CollectiveKind::AllReduce, 8);
        QVERIFY(f.ok());
        QCOMPARE(f.points, int(points.size()));
        if (noise == 0) {
            QVERIFY(std::abs(f.alphaUs - alpha) < 1e-6 * alpha);
            QVERIFY(std::abs(f.betaGBps - beta) < 1e-6 * beta);
            QVERIFY(f.r2 > 0.999999);
        } else {
            QVERIFY(std::abs(f.betaGBps - beta) < 0.05 * beta);
            // Weighted by 1/t², α comes from the small sizes: 3% noise on a 6 ms gigabyte call (±180 µs) would
            // swamp a 12 µs intercept fitted by plain least squares.
            QVERIFY2(std::abs(f.alphaUs - alpha) < 0.1 * alpha, qPrintable(QString::number(f.alphaUs)));
            QVERIFY(f.r2 < 1 && f.r2 > 0.99);
        }
        QCOMPARE(f.busBetaGBps, f.betaGBps * 1.75);
        QVERIFY(!fitAlphaBeta({ points.front() }, CollectiveKind::AllReduce, 8).ok());
    }

    void calibrationUsesTheMeasurement()
    {
        LinkSpec nvlink;
        nvlink.bandwidthGBps = 300;
        nvlink.latencyUs = 1;
        std::vector<SizePoint> sweep;
        for (std::size_t bytes : sizeSweep(1 << 20, 1 << 30, 4))
            sweep.push_back(sizePoint(CollectiveKind::AllReduce, 8, double(bytes), 14 + double(bytes) / (130e3)));
        const LinkSpec l = calibratedLink(nvlink, 8, sweep, "probe");
        QVERIFY(l.efficiency < 0.8 && l.efficiency > 0.7); // ~227 GB/s bus of 300
        QVERIFY(std::abs(l.latencyUs - 1.0) < 0.01); // 14 µs over 2·7 ring steps
        QCOMPARE(l.busbwCurve.size(), sweep.size());
    }

    // Calibration keeps each measured shape's own time and fits the tile model's rate to the compute-bound ones
    // (time-weighted), instead of setting every shape to the fastest one's rate (model-review finding 1).
    void calibratedGpuKeepsEachShapesTime()
    {
        GpuSpec g;
        g.id = "H200-like";
        g.memoryGiB = 141;
        g.bf16Tflops = 989;
        g.fp8Tflops = 1979;
        g.hbmGBps = 3350;
        g.sms = 132;
        g.gemmMaxEfficiency = 0.8;
        const MeasuredGemm big { 8192, 8192, 8192, 1, 1.5e-3 }; // 733 TFLOP/s
        const MeasuredGemm thin { 8192, 8192, 16, 1, 50e-6 }; // memory-bound: 134 MB at 3350 GB/s is 40 µs
        const MeasuredGemm slow { 4096, 4096, 4096, 1, 0.4e-3 }; // 344 TFLOP/s
        const GpuSpec c = calibratedGpu(g, { big, thin, slow }, 3000, "probe");
        QCOMPARE(c.hbmAchievableGBps, 3000.0); // measured streaming rate; the datasheet's stays
        QCOMPARE(c.hbmGBps, 3350.0);
        QCOMPARE(c.measuredGemms.size(), std::size_t(3));
        // Each measured shape takes its own time at 16-bit precision ...
        for (const MeasuredGemm& m : { big, thin, slow }) {
            const GemmTime t = gemmTime({ m.m, m.n, m.k, m.batch }, c, c.bf16Tflops, 2);
            QVERIFY(t.measured);
            QCOMPARE(t.seconds, m.seconds);
        }
        // The input gradient is timed as torch hands it to cuBLAS, m and n swapped (probe-review-2 N11): it stands
        // for core's shape all the same.
        const MeasuredGemm dgrad { 1024, 8192, 4096, 1, 0.2e-3 }; // m = in-features, n = tokens
        GpuSpec withDgrad = calibratedGpu(g, { dgrad }, 3000, "probe");
        QVERIFY(gemmTime({ 8192, 1024, 4096, 1 }, withDgrad, withDgrad.bf16Tflops, 2).measured);
        QCOMPARE(gemmTime({ 8192, 1024, 4096, 1 }, withDgrad, withDgrad.bf16Tflops, 2).seconds, 0.2e-3);
        // ... but not at FP8, nor at a size it was not timed at.
        QVERIFY(!gemmTime({ 8192, 8192, 8192, 1 }, c, c.fp8Tflops, 2).measured);
        QVERIFY(!gemmTime({ 8192, 8192, 8000, 1 }, c, c.bf16Tflops, 2).measured);
        // The fitted rate makes the model's two compute-bound predictions add up to their measured 1.9 ms, so it
        // lies between the two shapes' rates, well below the fastest one's.
        GpuSpec model = c;
        model.measuredGemms.clear();
        const double predicted = gemmTime({ 8192, 8192, 8192, 1 }, model, model.bf16Tflops, 2).seconds
            + gemmTime({ 4096, 4096, 4096, 1 }, model, model.bf16Tflops, 2).seconds;
        QVERIFY2(std::abs(predicted - 1.9e-3) < 1e-9, std::to_string(predicted).c_str());
        const double fastest = 2.0 * 8192 * 8192 * 8192 / 1.5e-3 / 1e12 / 989;
        // The probe soaks the GPU first: the fit is the sustained rate; the burst figure stays as it was.
        QVERIFY(c.gemmSustainedEfficiency < fastest);
        QVERIFY(c.gemmSustainedEfficiency > 0.5);
        QCOMPARE(c.gemmMaxEfficiency, 0.8);
        // Written to the plan's GPU and read back unchanged.
        auto back = gpuFromJson(toJson(c), "gpu");
        QVERIFY2(back, back ? "" : back.errorText().c_str());
        QCOMPARE(back.value().measuredGemms.size(), std::size_t(3));
        QVERIFY(std::abs(back.value().measuredGemms[0].seconds - 1.5e-3) < 1e-15);
        QVERIFY(!toJson(g).contains("measured_gemms")); // a catalog GPU's plan stays as it was
    }

    // What each rate rests on (issue 42 C): on a catalog cluster, every calibration parameter is the published fit
    // and every rate a published figure; after a probe result is applied, the GPU's rates are measured and the GEMM
    // share stays fitted only for the shapes the probe did not time.
    void rateStandingsSayWhatIsMeasured()
    {
        Plan plan = test::examplePlan("a1-one-node-dp8.plait.json"); // one node: a catalog GPU and NVLink
        auto basisOf = [](const std::vector<RateStanding>& all, const std::string& id) {
            for (const RateStanding& s : all)
                if (s.id == id)
                    return s;
            RateStanding missing;
            missing.id = "missing";
            return missing;
        };
        const std::vector<RateStanding> before = rateStandings(plan);
        // GEMM, HBM, overlap, attention, one node's link
        QCOMPARE(before.size(), calibrationParameters().size() + 5);
        for (const CalibrationParameter& p : calibrationParameters())
            QVERIFY2(basisOf(before, p.id).basis == RateBasis::Published
                    || (std::string(p.id) == "unmeasured_gemm_share" && plan.cluster.gpu.gemmSustainedEfficiency > 0),
                p.id);
        QVERIFY(basisOf(before, "gemm_rate").basis == RateBasis::Catalog);
        QVERIFY(basisOf(before, "intra_node_link").basis == RateBasis::Catalog);
        QVERIFY(basisOf(before, "overlap_slowdown").basis == RateBasis::Catalog);
        QVERIFY(basisOf(before, "attention_rate").basis == RateBasis::Catalog); // H100: cuDNN's published curves
        QVERIFY(!basisOf(before, "attention_rate").source.empty());

        plan.cluster.gpu = calibratedGpu(plan.cluster.gpu, { { 4096, 4096, 4096, 1, 0.3e-3 } }, 1500, "plait-probe: C");
        plan.cluster.gpu.overlapSlowdown = 0.12;
        const std::vector<RateStanding> after = rateStandings(plan);
        QVERIFY(basisOf(after, "gemm_share").basis == RateBasis::MeasuredShapes);
        QVERIFY(basisOf(after, "unmeasured_gemm_share").basis == RateBasis::Measured);
        QVERIFY(basisOf(after, "gemm_rate").basis == RateBasis::Measured);
        QCOMPARE(basisOf(after, "hbm_rate").value, 1500.0);
        QVERIFY(basisOf(after, "hbm_rate").basis == RateBasis::Measured);
        QCOMPARE(basisOf(after, "hbm_rate").source, std::string("plait-probe: C"));
        QVERIFY(basisOf(after, "overlap_slowdown").basis == RateBasis::Measured);
        QVERIFY(basisOf(after, "kernel_overhead_us").basis == RateBasis::Published); // not in this measurement
        QVERIFY(basisOf(after, "intra_node_link").basis == RateBasis::Catalog);
        plan.cluster.gpu.kernelFixedUs = 2.4;
        QVERIFY(basisOf(rateStandings(plan), "kernel_overhead_us").basis == RateBasis::Measured);
        QCOMPARE(basisOf(rateStandings(plan), "kernel_overhead_us").value, 2.4);
    }

    // The probe's fixed cost per kernel, applied, stands for the calibration's kernel_overhead_us on that GPU: the
    // layer costs as if the calibration had that value; it is written to the plan's GPU and read back; a figure no
    // launch can reach is not taken.
    void measuredKernelCostReplacesTheCalibrations()
    {
        const Plan plan = test::examplePlan("a1-one-node-dp8.plait.json");
        auto computeWith = [&](double fixedUs) {
            nlohmann::json doc = { { "format", "plait-compute/1" }, { "gpu", "NVIDIA H100 80GB HBM3" },
                { "memory_bytes", 85899345920.0 },
                { "gemms",
                    { { { "gemm", "fc1" }, { "pass", "forward" }, { "m", 4096 }, { "n", 4096 }, { "k", 4096 },
                        { "time_us", 600.0 } } } },
                { "kernel", { { "kernels", 5000 }, { "fixed_us", fixedUs } } } };
            auto read = computeFromJson(doc);
            if (!read || read.value().kernelFixedUs != fixedUs)
                qFatal("COMPUTE.json's kernel cost was not read");
            return gpuCalibratedBy(plan.cluster.gpu, read.value(), Catalog::builtin(), "probe");
        };
        const auto gpu = computeWith(7.5);
        QVERIFY2(gpu, gpu ? "" : gpu.errorText().c_str());
        QCOMPARE(gpu.value().kernelFixedUs, 7.5);
        Plan measured = plan;
        measured.cluster.gpu = gpu.value();
        Plan asCalibration = measured;
        asCalibration.cluster.gpu.kernelFixedUs = 0;
        asCalibration.cluster.calibration.kernelOverheadUs = 7.5;
        QCOMPARE(layerCost(measured).fwdElementwise, layerCost(asCalibration).fwdElementwise);
        QCOMPARE(layerCost(measured).bwdElementwise, layerCost(asCalibration).bwdElementwise);
        QVERIFY(layerCost(measured).fwdElementwise > layerCost(plan).fwdElementwise); // 7.5 µs > the fitted 3.1
        auto back = gpuFromJson(toJson(gpu.value()), "gpu");
        QVERIFY(back);
        QCOMPARE(back.value().kernelFixedUs, 7.5);
        QCOMPARE(computeWith(0.01).value().kernelFixedUs, 0.0);
    }

    void measuredGemmsAreChecked_data()
    {
        QTest::addColumn<QString>("list");
        QTest::newRow("not a list") << "{}";
        QTest::newRow("four fields") << "[[8192, 8192, 8192, 1]]";
        QTest::newRow("zero time") << "[[8192, 8192, 8192, 1, 0]]";
        QTest::newRow("zero size") << "[[0, 8192, 8192, 1, 10]]";
        QTest::newRow("huge size") << "[[1e12, 8192, 8192, 1, 10]]";
        QTest::newRow("text") << "[[\"a\", 8192, 8192, 1, 10]]";
        QTest::newRow("faster than the peak") << "[[8192, 8192, 8192, 1, 100]]"; // 11,000 TFLOP/s on an H200
    }
    void measuredGemmsAreChecked()
    {
        QFETCH(QString, list);
        nlohmann::json gpu = toJson(*Catalog::builtin().gpu("H200-SXM-141GB"));
        gpu["measured_gemms"] = nlohmann::json::parse(list.toStdString());
        auto read = gpuFromJson(gpu, "cluster.gpu");
        QVERIFY(!read);
        QVERIFY2(QString::fromStdString(read.errorText()).contains(QStringLiteral("cluster.gpu.measured_gemms")),
            read.errorText().c_str());
    }

    void measuredAttentionIsChecked_data()
    {
        QTest::addColumn<QString>("list");
        const std::string good = R"({"kernel": "cudnn", "head_dim": 128, "seq_len": 4096, )";
        auto row
            = [](const char* name, const std::string& list) { QTest::newRow(name) << QString::fromStdString(list); };
        row("not a list", "{}");
        row("not an object", "[3]");
        row("unknown kernel", R"([{"kernel": "xformers", "seq_len": 4096, "fwd_tflops": 300, "bwd_tflops": 250}])");
        row("no length", R"([{"kernel": "cudnn", "fwd_tflops": 300, "bwd_tflops": 250}])");
        row("zero rate", "[" + good + R"("fwd_tflops": 0, "bwd_tflops": 250}])");
        row("faster than the peak", "[" + good + R"("fwd_tflops": 5000, "bwd_tflops": 250}])"); // H200: 989
        row("text", "[" + good + R"("fwd_tflops": "fast", "bwd_tflops": 250}])");
        row("one kernel twice",
            "[" + good + R"("fwd_tflops": 300, "bwd_tflops": 250}, )" + good
                + R"("fwd_tflops": 310, "bwd_tflops": 250}])");
    }
    void measuredAttentionIsChecked()
    {
        QFETCH(QString, list);
        nlohmann::json gpu = toJson(*Catalog::builtin().gpu("H200-SXM-141GB"));
        gpu["measured_attention"] = nlohmann::json::parse(list.toStdString());
        auto read = gpuFromJson(gpu, "cluster.gpu");
        QVERIFY(!read);
        QVERIFY2(QString::fromStdString(read.errorText()).contains(QStringLiteral("cluster.gpu.measured_attention")),
            read.errorText().c_str());
    }

    // A compute measurement calibrates only the GPU it was made on; HBM goes in as measured (read + written bytes,
    // as core's memory times count them; the panel used to halve it).
    void computeCalibratesOnlyItsOwnGpu_data()
    {
        QTest::addColumn<QString>("planGpu");
        QTest::addColumn<QString>("measuredId");
        QTest::addColumn<QString>("deviceName");
        QTest::addColumn<double>("memoryGiB");
        QTest::addColumn<QString>("refusal");
        QTest::newRow("the same GPU") << "H200-SXM-141GB"
                                      << "H200-SXM-141GB"
                                      << "NVIDIA H200" << 139.8 << "";
        QTest::newRow("matched by name and memory") << "H200-SXM-141GB"
                                                    << ""
                                                    << "NVIDIA H200" << 139.8 << "";
        QTest::newRow("another GPU") << "A800-SXM4-80GB"
                                     << "H200-SXM-141GB"
                                     << "NVIDIA H200" << 139.8
                                     << "measured on H200-SXM-141GB, the plan's GPU is A800-SXM4-80GB";
        QTest::newRow("no catalog GPU") << "H200-SXM-141GB"
                                        << ""
                                        << "NVIDIA T4" << 15.0 << "which is no GPU of the catalog";
    }
    void computeCalibratesOnlyItsOwnGpu()
    {
        QFETCH(QString, planGpu);
        QFETCH(QString, measuredId);
        QFETCH(QString, deviceName);
        QFETCH(double, memoryGiB);
        QFETCH(QString, refusal);
        const nlohmann::json doc = { { "format", "plait-compute/1" }, { "gpu", deviceName.toStdString() },
            { "measured_gpu_id", measuredId.toStdString() }, { "memory_bytes", memoryGiB * double(1ull << 30) },
            { "gemms",
                { { { "gemm", "fc1" }, { "pass", "forward" }, { "layout", "TN" }, { "m", 8192 }, { "n", 8192 },
                    { "k", 8192 }, { "time_us", 1500.0 }, { "p10_us", 1490.0 }, { "p90_us", 1530.0 },
                    { "sensors", { { "sm_clock_mhz", 1755 }, { "power_w", 690 } } } } } },
            { "memory",
                { { "traffic_gbps", 4300.0 }, { "read_gbps", 4400.0 }, { "write_gbps", 4200.0 },
                    { "triad_gbps", 4350.0 } } },
            { "contention",
                { { { "gemm", "fc1 forward" }, { "copy_blocks", 16 }, { "gemm_alone_us", 1500.0 },
                    { "gemm_beside_us", 1650.0 }, { "copy_gbps", 900.0 } } } } };
        auto read = computeFromJson(doc);
        QVERIFY(read);
        const ComputeResult& r = read.value();
        QCOMPARE(r.gemms.front().p90Us, 1530.0);
        QCOMPARE(r.gemms.front().smClockMHz, 1755.0);
        QCOMPARE(r.triadGBps, 4350.0);
        QCOMPARE(r.contention.front().gemmBesideUs / r.contention.front().gemmAloneUs, 1.1);
        const double tflops = 2.0 * 8192 * 8192 * 8192 / 1500e-6 / 1e12;
        QVERIFY(std::abs(r.bestTflops - tflops) < 1e-9 * tflops);
        const GpuSpec* plan = Catalog::builtin().gpu(planGpu.toStdString());
        QVERIFY(plan);
        auto gpu = gpuCalibratedBy(*plan, r, Catalog::builtin(), "test");
        if (!refusal.isEmpty()) {
            QVERIFY(!gpu);
            QVERIFY2(QString::fromStdString(gpu.errorText()).contains(refusal), gpu.errorText().c_str());
            return;
        }
        QVERIFY2(gpu, gpu ? "" : gpu.errorText().c_str());
        QCOMPARE(gpu.value().hbmAchievableGBps, 4300.0); // as measured, not halved
        const GemmTime t = gemmTime({ 8192, 8192, 8192, 1 }, gpu.value(), gpu.value().bf16Tflops, 2);
        QVERIFY(t.measured);
        QCOMPARE(t.seconds, 1500e-6);
    }

    // A GEMM beside a real all-reduce on two or more GPUs (compute with --gpus 0,1,…): bus bandwidth is computed
    // from the size and the times, not taken from the file.
    void contentionBesideAllReduceIsRead()
    {
        const nlohmann::json doc = { { "format", "plait-compute/1" }, { "gpu", "NVIDIA H200" },
            { "contention",
                { { { "gemm", "fc1 forward" }, { "beside", "all_reduce" }, { "ranks", 8 }, { "bytes", 268435456.0 },
                      { "gemm_alone_us", 2000.0 }, { "gemm_beside_us", 2300.0 }, { "collective_alone_us", 1000.0 },
                      { "collective_beside_us", 1250.0 }, { "busbw_alone_gbps", 9999.0 }, { "covered", false } },
                    { { "gemm", "fc1 forward" }, { "copy_blocks", 16 }, { "gemm_alone_us", 2000.0 },
                        { "gemm_beside_us", 2100.0 }, { "covered", "yes" } } } } };
        auto read = computeFromJson(doc);
        QVERIFY(read);
        QCOMPARE(read.value().contention.size(), std::size_t(2));
        const ContentionResult& c = read.value().contention[0];
        QVERIFY(c.besideAllReduce);
        QCOMPARE(c.ranks, 8);
        // 256 MiB in 1 ms is 268.4 GB/s algbw; × 2·7/8 is 469.8 GB/s bus bandwidth
        QVERIFY(std::abs(c.busbwAloneGBps - 268.435456 * 1.75) < 1e-9);
        QVERIFY(std::abs(c.busbwBesideGBps - 268.435456 / 1.25 * 1.75) < 1e-9);
        QVERIFY(!c.covered);
        QVERIFY(!read.value().contention[1].besideAllReduce);
        // Not covered: the GEMMs outlasted the all-reduces, so no slowdown is taken for the overlap rule.
        QCOMPARE(overlapSlowdownMeasured(read.value()), 0.0);
        ComputeResult covered = read.value();
        covered.contention[0].covered = true;
        QVERIFY(std::abs(overlapSlowdownMeasured(covered) - 0.15) < 1e-12); // 2300 / 2000 − 1
    }

    // Result files whose fields have the wrong types are refused or read as absent; none throws.
    void resultFilesOfWrongTypesAreRefused_data()
    {
        QTest::addColumn<QString>("json");
        QTest::newRow("format a number") << R"({"format": 1})";
        QTest::newRow("format a list") << R"({"format": ["plait-compute/1"]})";
        QTest::newRow("a list") << R"([1, 2])";
        QTest::newRow("causal a string")
            << R"({"format": "plait-torch-reference/1", "attention": [{"causal": "yes", "forward_us": 1}]})";
        QTest::newRow("covered a number")
            << R"({"format": "plait-compute/1", "contention": [{"beside": "all_reduce", "covered": 3}]})";
        QTest::newRow("attention a number") << R"({"format": "plait-torch-reference/1", "attention": 5})";
        QTest::newRow("gemm_8192 entries wrong")
            << R"({"format": "plait-torch-reference/1", "gemm_8192": {"normal": 3, "zeros": {"tflops": "x"}}})";
    }
    void resultFilesOfWrongTypesAreRefused()
    {
        QFETCH(QString, json);
        const nlohmann::json doc = nlohmann::json::parse(json.toStdString());
        // Each reader either refuses the file or reads it; none may throw.
        (void)linksFromJson(doc);
        (void)computeFromJson(doc);
        auto torch = torchReferenceFromJson(doc);
        if (torch)
            for (const AttentionResult& a : torch.value().attention)
                QVERIFY(!a.unavailable.empty() || a.forwardUs > 0);
    }

    // Fused attention measured by the PyTorch reference (tests/gpu/torch-reference.py) beside the plan's
    // flash-attention prediction for the same shape and GPU; another GPU, shape or a plan without flash attention
    // is not compared.
    void attentionIsComparedOnlyAtThePlansShape()
    {
        std::ifstream in(PLAIT_TEST_DATA "/probe/torch-reference-fixture.json");
        auto read = torchReferenceFromJson(nlohmann::json::parse(in));
        QVERIFY2(read, read ? "" : read.errorText().c_str());
        const TorchReference& r = read.value();
        QCOMPARE(r.attention.size(), std::size_t(2));
        QCOMPARE(r.attention[1].backend, std::string("flash"));
        QVERIFY(!r.attention[1].unavailable.empty());
        QCOMPARE(r.gemmNormalTflops, 255.7);
        const AttentionResult& cudnn = r.attention[0];
        QCOMPARE(cudnn.forwardBackwardUs, 750.0);

        auto plan = loadPlanFile(PLAIT_EXAMPLES "/e1-70b-a800-pp4-tp8.plait.json");
        QVERIFY(plan);
        // Llama 2 70B at TP 8: 64/8 query heads, 8 KV heads → 1 per rank, 4096 queries and keys, head size 128
        const AttentionShape shape = attentionShape(plan.value());
        QCOMPARE(shape.heads, 8.0);
        QCOMPARE(shape.kvHeads, 1.0);
        QCOMPARE(shape.queries, 4096.0);
        QCOMPARE(shape.headDim, 128.0);
        auto beside = attentionBeside(plan.value(), r, cudnn, Catalog::builtin());
        QVERIFY2(beside, beside ? "" : beside.errorText().c_str());
        // Compared with the kernel that ran (cuDNN), whatever the plan's own choice (FlashAttention-2 on an A800).
        Plan asRun = plan.value();
        asRun.training.attentionKernel = AttentionKernel::CuDnn;
        const LayerCost c = layerCost(asRun);
        QCOMPARE(beside.value().predictedForwardUs, c.fwdAttention * 1e6);
        QCOMPARE(beside.value().predictedForwardBackwardUs, (c.fwdAttention + c.bwdAttention) * 1e6);
        // The reference runs no dropout: a plan with attention dropout is compared on the kernel alone.
        Plan withDropout = plan.value();
        withDropout.model.attentionDropout = 0.1;
        QVERIFY(layerCost(withDropout).fwdAttention > layerCost(plan.value()).fwdAttention);
        auto besideDropout = attentionBeside(withDropout, r, cudnn, Catalog::builtin());
        QVERIFY(besideDropout);
        QCOMPARE(besideDropout.value().predictedForwardUs, c.fwdAttention * 1e6);

        Plan cp2 = plan.value();
        cp2.parallel.cp = 2;
        QVERIFY(!attentionBeside(cp2, r, cudnn, Catalog::builtin()));
        Plan unfused = plan.value();
        unfused.training.flashAttention = false;
        QVERIFY(!attentionBeside(unfused, r, cudnn, Catalog::builtin()));
        Plan h200 = plan.value();
        h200.cluster.gpu = *Catalog::builtin().gpu("H200-SXM-141GB");
        auto other = attentionBeside(h200, r, cudnn, Catalog::builtin());
        QVERIFY(!other);
        QVERIFY2(QString::fromStdString(other.errorText()).contains(QStringLiteral("A800-SXM4-80GB")),
            other.errorText().c_str());
    }

    // Fused attention measured at the plan's shape replaces the published rate of the kernel that ran, there, and
    // keeps the curve's shape elsewhere (cost/attention.h): the plan's attention then takes the measured times; the
    // measurement is written to the plan's GPU and read back; the other kernels keep their published rates; a row of
    // another GPU, a plan without flash attention, or times faster than the GPU's peak are not applied.
    void measuredAttentionReplacesThePublishedRate()
    {
        Plan plan = test::examplePlan("e1-70b-a800-pp4-tp8.plait.json"); // Megatron-LM on A800: FlashAttention-2
        TorchReference r;
        r.gpu = "NVIDIA A800-SXM4-80GB";
        r.memoryBytes = 85198045184;
        AttentionResult flash, cudnn;
        flash.backend = "flash";
        flash.shape = cudnn.shape = attentionShape(plan);
        flash.forwardUs = 260;
        flash.forwardBackwardUs = 900;
        cudnn.backend = "cudnn";
        cudnn.unavailable = "No available kernel. Aborting execution.";
        r.attention = { cudnn, flash };
        const LayerCost published = layerCost(plan);

        auto gpu = gpuWithMeasuredAttention(plan, r, Catalog::builtin(), "torch-reference: T");
        QVERIFY2(gpu, gpu ? "" : gpu.errorText().c_str());
        QCOMPARE(gpu.value().measuredAttention.size(), std::size_t(1));
        QCOMPARE(gpu.value().measuredAttention[0].kernel, std::string("flash2"));
        QCOMPARE(gpu.value().measuredAttention[0].seqLen, 4096.0);
        Plan measured = plan;
        measured.cluster.gpu = gpu.value();
        const LayerCost c = layerCost(measured);
        QVERIFY2(std::abs(c.fwdAttention * 1e6 - 260) < 1e-6, std::to_string(c.fwdAttention * 1e6).c_str());
        QVERIFY2(std::abs((c.fwdAttention + c.bwdAttention) * 1e6 - 900) < 1e-6,
            std::to_string((c.fwdAttention + c.bwdAttention) * 1e6).c_str());
        QVERIFY(std::abs(published.fwdAttention * 1e6 - 260) > 1); // the fixture differs from the published curve

        // Elsewhere the curve keeps its shape: the ratio of two lengths' rates is the published one.
        const GpuSpec& before = plan.cluster.gpu;
        const GpuSpec& after = measured.cluster.gpu;
        const AttentionRate a4 = attentionRate(after, AttentionKernel::Flash2, 128, 4096);
        const AttentionRate a16 = attentionRate(after, AttentionKernel::Flash2, 128, 16384);
        const AttentionRate p4 = attentionRate(before, AttentionKernel::Flash2, 128, 4096);
        const AttentionRate p16 = attentionRate(before, AttentionKernel::Flash2, 128, 16384);
        QVERIFY(a4.measured && a16.measured && !p4.measured);
        QCOMPARE(a16.fwdTflops / a4.fwdTflops, p16.fwdTflops / p4.fwdTflops);
        QCOMPARE(a16.bwdTflops / a4.bwdTflops, p16.bwdTflops / p4.bwdTflops);
        const AttentionRate f1 = attentionRate(after, AttentionKernel::Flash1, 128, 4096);
        QVERIFY(!f1.measured);
        QCOMPARE(f1.fwdTflops, attentionRate(before, AttentionKernel::Flash1, 128, 4096).fwdTflops);

        // Written to the plan's GPU and read back.
        auto reread = gpuFromJson(toJson(after), "gpu");
        QVERIFY2(reread, reread ? "" : reread.errorText().c_str());
        QVERIFY(reread.value() == after);
        // The Calibration panel's table says the plan's attention is measured, and on what.
        bool listed = false;
        for (const RateStanding& s : rateStandings(measured))
            if (s.id == "attention_rate") {
                listed = s.basis == RateBasis::Measured && s.source.find("torch-reference: T") != std::string::npos
                    && s.kernel == "flash2" && s.seqLen == 4096;
                QCOMPARE(s.value,
                    3.5 / (1 / after.measuredAttention[0].fwdTflops + 2.5 / after.measuredAttention[0].bwdTflops));
            }
        QVERIFY(listed);

        // Not applied: another GPU, no flash attention, faster than the GPU can run.
        Plan h200 = plan;
        h200.cluster.gpu = *Catalog::builtin().gpu("H200-SXM-141GB");
        auto other = gpuWithMeasuredAttention(h200, r, Catalog::builtin(), "T");
        QVERIFY(!other);
        QVERIFY2(QString::fromStdString(other.errorText()).contains(QStringLiteral("A800-SXM4-80GB")),
            other.errorText().c_str());
        TorchReference cudnnOnly = r;
        cudnnOnly.attention = { cudnn };
        auto none = gpuWithMeasuredAttention(plan, cudnnOnly, Catalog::builtin(), "T");
        QVERIFY(!none);
        QVERIFY2(QString::fromStdString(none.errorText()).contains(QStringLiteral("No available kernel")),
            none.errorText().c_str());
        Plan unfused = plan;
        unfused.training.flashAttention = false;
        QVERIFY(!gpuWithMeasuredAttention(unfused, r, Catalog::builtin(), "T"));
        TorchReference tooFast = r;
        tooFast.attention[1].forwardUs = 1;
        auto fast = gpuWithMeasuredAttention(plan, tooFast, Catalog::builtin(), "T");
        QVERIFY(!fast);
        QVERIFY2(
            QString::fromStdString(fast.errorText()).contains(QStringLiteral("bf16 peak")), fast.errorText().c_str());
    }

    void options_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("error");
        QTest::newRow("contract example")
            << "collectives --gpus 0,1,2,3 --ops all-reduce,all-gather,reduce-scatter,all-to-all,send-recv --min-bytes "
               "8 --max-bytes 1G --factor 2 --warmup 5 --iters 20 --check --out LINKS.json"
            << "";
        QTest::newRow("pipeline")
            << "pipeline --plan p.plait.json --gpus 0,1 --microbatches 8 --iters 2 --out TRACE.json"
            << "";
        QTest::newRow("unknown command") << "benchmark"
                                         << "unknown command \"benchmark\"";
        QTest::newRow("no out") << "compute"
                                << "compute needs --out FILE";
        QTest::newRow("no plan") << "pipeline --out t.json"
                                 << "pipeline needs --plan";
        QTest::newRow("bad op") << "collectives --ops all-reduce,broadcast --out x"
                                << "unknown op \"broadcast\"";
        QTest::newRow("duplicate gpu") << "info --gpus 0,0"
                                       << "--gpus must be distinct";
        QTest::newRow("missing value") << "collectives --out"
                                       << "--out needs a value";
        QTest::newRow("bad iters") << "compute --iters 0 --out x"
                                   << "--iters must be a whole number from 1";
        QTest::newRow("min above max") << "collectives --min-bytes 2G --max-bytes 1G --out x"
                                       << "--min-bytes is larger than --max-bytes";
    }
    void options()
    {
        QFETCH(QString, args);
        QFETCH(QString, error);
        std::vector<std::string> a;
        for (const QString& s : args.split(QLatin1Char(' ')))
            a.push_back(s.toStdString());
        try {
            const Options o = parseOptions(a);
            QVERIFY2(error.isEmpty(), "expected an error");
            if (o.command == "collectives") {
                QCOMPARE(o.gpus, (std::vector<int> { 0, 1, 2, 3 }));
                QCOMPARE(o.ops.size(), std::size_t(5));
                QCOMPARE(o.maxBytes, std::size_t(1) << 30);
                QVERIFY(o.check);
                QCOMPARE(o.iters, 20);
            }
        } catch (const ProbeError& e) {
            QCOMPARE(e.code, kUsage);
            QVERIFY2(!error.isEmpty() && QString::fromStdString(e.what()).contains(error), e.what());
        }
    }

    // Each green-context entry point at the version of its PFN typedef (CUDA 13.0's cudaTypedefs.h): the first run
    // would have asked for cuGreenCtxStreamCreate at 12.4 and got nothing.
    void driverSymbolsAtTheirOwnVersion_data()
    {
        QTest::addColumn<QString>("symbol");
        QTest::addColumn<int>("version");
        QTest::newRow("stream create, 12.5") << "cuGreenCtxStreamCreate" << 12050;
        QTest::newRow("context create, 12.4") << "cuGreenCtxCreate" << 12040;
        QTest::newRow("split") << "cuDevSmResourceSplitByCount" << 12040;
        QTest::newRow("resource") << "cuDeviceGetDevResource" << 12040;
        QTest::newRow("descriptor") << "cuDevResourceGenerateDesc" << 12040;
        QTest::newRow("context of a green context") << "cuCtxFromGreenCtx" << 12040;
        QTest::newRow("unknown") << "cuLaunchKernel" << 0;
    }
    void driverSymbolsAtTheirOwnVersion()
    {
        QFETCH(QString, symbol);
        QFETCH(int, version);
        QCOMPARE(driverSymbolVersion(symbol.toStdString()), version);
    }

    void oneRankMeasuresNoLink_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("hosts");
        QTest::addColumn<bool>("peers");
        QTest::addColumn<QString>("linkClass");
        QTest::newRow("one rank, a memcpy to itself") << 1 << 1 << true << "self";
        QTest::newRow("two GPUs with P2P") << 2 << 1 << true << "intra_node_p2p";
        QTest::newRow("two GPUs through the host") << 2 << 1 << false << "intra_node_host";
        QTest::newRow("two hosts") << 16 << 2 << true << "inter_node";
    }
    void oneRankMeasuresNoLink()
    {
        QFETCH(int, ranks);
        QFETCH(int, hosts);
        QFETCH(bool, peers);
        QFETCH(QString, linkClass);
        QCOMPARE(QString::fromStdString(linkClassOf(ranks, hosts, peers)), linkClass);
    }

    void spreadOfTimings()
    {
        const Spread s = spreadOf({ 5, 1, 4, 2, 3, 10, 6, 7, 9, 8, 0 });
        QCOMPARE(s.count, 11);
        QCOMPARE(s.median, 5.0);
        QCOMPARE(s.p10, 1.0);
        QCOMPARE(s.p90, 9.0);
        QCOMPARE(s.min, 0.0);
        QCOMPARE(s.max, 10.0);
        QCOMPARE(spreadOf({ 2, 4 }).median, 3.0);
        QCOMPARE(spreadOf({}).count, 0);
    }

    // Operands rotate through more than twice the L2 (50 MiB on an H200), within memory.
    void rotationDefeatsTheCache_data()
    {
        QTest::addColumn<qulonglong>("set");
        QTest::addColumn<qulonglong>("available");
        QTest::addColumn<int>("sets");
        const qulonglong mib = 1 << 20;
        QTest::newRow("a 21 MiB weight: 5 sets, 105 MiB") << 21 * mib << 80000 * mib << 5;
        QTest::newRow("a 1 GiB GEMM: one set is enough") << 1024 * mib << 80000 * mib << 1;
        QTest::newRow("small shapes capped at 64") << 64 * 1024ull << 80000 * mib << 64;
        QTest::newRow("memory bounds it") << 21 * mib << 50 * mib << 2;
        QTest::newRow("never zero") << 21 * mib << mib << 1;
    }
    void rotationDefeatsTheCache()
    {
        QFETCH(qulonglong, set);
        QFETCH(qulonglong, available);
        QFETCH(int, sets);
        const std::size_t l2 = std::size_t(50) << 20;
        QCOMPARE(rotatingSets(set, l2, available), sets);
        if (sets < 64 && set * qulonglong(sets + 1) <= available) // neither the cap nor memory bound it
            QVERIFY(set * qulonglong(sets) > 2 * l2);
    }

    void planErrorsNameTheFileOnce()
    {
        QCOMPARE(
            planError("p.json", "cannot read p.json: No such file"), std::string("cannot read p.json: No such file"));
        QCOMPARE(planError("p.json", "parallel.tp: heads (32) must divide by tp (3)"),
            std::string("p.json: parallel.tp: heads (32) must divide by tp (3)"));
    }

    void bf16RoundsToNearestEven_data()
    {
        QTest::addColumn<float>("value");
        QTest::addColumn<float>("rounded");
        QTest::newRow("exact") << 1.5f << 1.5f;
        QTest::newRow("half-way to even, down") << 1.0f + 0x1p-8f << 1.0f; // between 1 and 1 + 2⁻⁷
        QTest::newRow("half-way to even, up") << 1.0f + 3 * 0x1p-8f << 1.0f + 0x1p-6f;
        QTest::newRow("above half-way") << 1.0f + 0x1p-8f + 0x1p-12f << 1.0f + 0x1p-7f;
        QTest::newRow("negative") << -2.0f - 0x1p-9f << -2.0f;
    }
    void bf16RoundsToNearestEven()
    {
        QFETCH(float, value);
        QFETCH(float, rounded);
        QCOMPARE(bf16ToFloat(floatToBf16(value)), rounded);
    }

    // The probe's GEMM check: the CPU product in each layout runGemm passes cuBLAS, worked by hand on a 2×3 · 3×2.
    // op(A) = [1 2 3; 4 5 6], op(B) = [7 8; 9 10; 11 12] → C = [58 64; 139 154], stored column-major.
    void referenceGemmReadsEachLayout_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<QList<float>>("a");
        QTest::addColumn<QList<float>>("b");
        // TN: A stored k×m (column i holds row i of op(A)); B stored k×n.
        QTest::newRow("TN") << int(GemmLayout::TN) << QList<float> { 1, 2, 3, 4, 5, 6 }
                            << QList<float> { 7, 9, 11, 8, 10, 12 };
        // NN: A stored m×k column-major.
        QTest::newRow("NN") << int(GemmLayout::NN) << QList<float> { 1, 4, 2, 5, 3, 6 }
                            << QList<float> { 7, 9, 11, 8, 10, 12 };
        // NT: B stored n×k column-major.
        QTest::newRow("NT") << int(GemmLayout::NT) << QList<float> { 1, 4, 2, 5, 3, 6 }
                            << QList<float> { 7, 8, 9, 10, 11, 12 };
    }
    void referenceGemmReadsEachLayout()
    {
        QFETCH(int, layout);
        QFETCH(QList<float>, a);
        QFETCH(QList<float>, b);
        auto bf16 = [](const QList<float>& v) {
            std::vector<std::uint16_t> out;
            for (float x : v)
                out.push_back(floatToBf16(x));
            return out;
        };
        const std::vector<double> c = referenceGemm(GemmLayout(layout), 2, 2, 3, bf16(a), bf16(b));
        QCOMPARE(c, (std::vector<double> { 58, 139, 64, 154 }));
        QCOMPARE(relativeError(c, bf16({ 58, 139, 64, 154 })), 0.0);
        // The transposed result (what a swapped layout gives) is far outside the check's 1%.
        QVERIFY(relativeError(c, bf16({ 58, 64, 139, 154 })) > 0.3);
        QCOMPARE(relativeError(c, bf16({ 58, 139, 64 })), 1.0);
        QVERIFY(std::isnan(relativeError(c, { 0x7fc0, 0, 0, 0 }))); // a NaN fails the check (error < 1% is false)
    }

    // Rounding cuBLAS's fp32 sums to bf16 stays well inside the check's 1% on the check's own size.
    void bf16RoundingStaysInsideTheCheck()
    {
        const int m = 192, n = 160, k = 320;
        std::vector<std::uint16_t> a, b;
        std::uint32_t x = 1;
        auto next = [&] { return float((x = x * 1664525u + 1013904223u) >> 8) / float(1 << 24) - 0.5f; };
        for (int i = 0; i < m * k; ++i)
            a.push_back(floatToBf16(next()));
        for (int i = 0; i < k * n; ++i)
            b.push_back(floatToBf16(next()));
        const std::vector<double> c = referenceGemm(GemmLayout::TN, m, n, k, a, b);
        std::vector<std::uint16_t> rounded;
        for (double v : c)
            rounded.push_back(floatToBf16(float(v)));
        const double error = relativeError(c, rounded);
        QVERIFY2(error > 0 && error < 3e-3, qPrintable(QString::number(error)));
        QVERIFY(relativeError(referenceGemm(GemmLayout::NN, m, n, k, a, b), rounded) > 0.5);
    }

    void smSplit_data()
    {
        QTest::addColumn<int>("sms");
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("each");
        QTest::newRow("H200, 4 stages") << 132 << 4 << 32;
        QTest::newRow("H200, 8 stages") << 132 << 8 << 16;
        QTest::newRow("H200, 16 stages") << 132 << 16 << 8;
        QTest::newRow("H200, 32 stages: below the minimum") << 132 << 32 << 0;
        QTest::newRow("A100, 4 stages") << 108 << 4 << 24;
    }
    void smSplit()
    {
        QFETCH(int, sms);
        QFETCH(int, stages);
        QFETCH(int, each);
        QCOMPARE(int(smsPerStage(unsigned(sms), stages, 8, 8)), each);
    }

    // What the pipeline asks the driver for when its first split is refused (probe-review-2 N4): multiples of the
    // alignment first, then even counts SM by SM, never an odd count or more SMs than the GPU has.
    void smSplitTries_data()
    {
        QTest::addColumn<int>("sms");
        QTest::addColumn<int>("stages");
        QTest::addColumn<QString>("tries"); // c32 = co-scheduled, 32 each; s32 = SM by SM
        QTest::newRow("H200, 4 stages") << 132 << 4 << "c32 c24 c16 c8 s32 s30 s28 s26 s24 s22 s20 s18 s16";
        QTest::newRow("H200, 16 stages") << 132 << 16 << "c8 s8 s6 s4";
        QTest::newRow("H200, 32 stages: SM by SM only") << 132 << 32 << "s4 s2";
        QTest::newRow("A100, 3 stages") << 108 << 3 << "c32 c24 c16 c8 s36 s34 s32 s30 s28 s26 s24 s22 s20 s18";
    }
    void smSplitTries()
    {
        QFETCH(int, sms);
        QFETCH(int, stages);
        QFETCH(QString, tries);
        QStringList got;
        for (const SmSplitTry& t : plait::probe::smSplitTries(unsigned(sms), stages, 8, 8)) {
            QVERIFY(t.smsEach % 2 == 0 && t.smsEach * unsigned(stages) <= unsigned(sms));
            got << QString::number(t.smsEach).prepend(QLatin1Char(t.coscheduled ? 'c' : 's'));
        }
        QCOMPARE(got.join(QLatin1Char(' ')), tries);
    }

    void outputIsCompleteOrAbsent()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("LINKS.json")).toStdString();
        writeFileAtomically(path, "{\"ok\":true}\n");
        std::ifstream in(path);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        QCOMPARE(text, std::string("{\"ok\":true}\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary left behind
        bool threw = false;
        try {
            writeFileAtomically(dir.filePath(QStringLiteral("missing/dir/x.json")).toStdString(), "x");
        } catch (const ProbeError&) {
            threw = true;
        }
        QVERIFY(threw);
    }

    // A write the system refuses part-way (here a file-size limit, as a full disk would) throws with the system's
    // reason and leaves the old file and no temporary (issue 39 A; tests/app/disk-full.sh covers a real full disk).
    void aRefusedWriteKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("LINKS.json")).toStdString();
        writeFileAtomically(path, "old\n");
        rlimit before {};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &before), 0);
        rlimit small = before;
        small.rlim_cur = 1024;
        const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        std::string message;
        int code = 0;
        try {
            writeFileAtomically(path, std::string(64 * 1024, 'x'));
        } catch (const ProbeError& e) {
            message = e.what();
            code = e.code;
        }
        setrlimit(RLIMIT_FSIZE, &before);
        std::signal(SIGXFSZ, oldHandler);
        QVERIFY2(message.find(std::strerror(EFBIG)) != std::string::npos, message.c_str());
        // Its own exit code: a measurement lost to the disk is not a usage error (probe-review-2 N14).
        QCOMPARE(code, int(kOutputError));
        std::ifstream in(path);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        QCOMPARE(text, std::string("old\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestProbeCli)
#include "tst_probecli.moc"
