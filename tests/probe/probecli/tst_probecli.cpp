#include "calibration.h"
#include "probecli.h"

#include <QTemporaryDir>
#include <QTest>
#include <cstdio>
#include <fstream>

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
        GpuSpec g;
        g.bf16Tflops = 989;
        g.hbmGBps = 3350;
        const GpuSpec c = calibratedGpu(g, 760, 3000, "probe");
        QVERIFY(std::abs(c.gemmMaxEfficiency - 760.0 / 989) < 1e-12);
        QCOMPARE(c.hbmGBps, 3000.0);
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
};

QTEST_GUILESS_MAIN(TestProbeCli)
#include "tst_probecli.moc"
