#include "fabriccheck.h"
#include "groups.h"
#include "nccltests.h"

#include "numtext.h"

#include <QFile>
#include <QTest>

using namespace plait;

namespace {
std::string fixture(const char* name)
{
    QFile f(QStringLiteral(PLAIT_TEST_DATA "/nccltests/") + QString::fromLatin1(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}
}

// nccl-tests' output as users have it (synthetic fixtures in its layouts, tests/data/nccltests/README.md).
class TestNcclTests : public QObject {
    Q_OBJECT
private slots:
    void readsEveryLayout_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("runs");
        QTest::addColumn<int>("op"); // of the first run
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("hosts");
        QTest::addColumn<int>("rows"); // of the first run
        QTest::addColumn<double>("lastBytes");
        QTest::newRow("2.19 text, one node") << "all_reduce_perf-1node-h100.txt" << 1 << int(CollectiveKind::AllReduce)
                                             << 8 << 1 << 16 << double(8ull << 30);
        QTest::newRow("five ops, two nodes, mpirun prefixes, NCCL INFO lines")
            << "nccl-tests-2node-h100.log" << 5 << int(CollectiveKind::AllReduce) << 16 << 2 << 12
            << double(8ull << 30);
        QTest::newRow("2.x layout, collective from the file's name")
            << "all_gather_perf-2x.txt" << 1 << int(CollectiveKind::AllGather) << 8 << 1 << 12 << double(8ull << 22);
        QTest::newRow("four nodes one by one, srun prefixes")
            << "all_reduce_perf-per-node.log" << 4 << int(CollectiveKind::AllReduce) << 8 << 1 << 8
            << double(8ull << 30);
        QTest::newRow("-J JSON") << "all_reduce_perf-2node.json" << 1 << int(CollectiveKind::AllReduce) << 16 << 2 << 10
                                 << double(8ull << 30);
    }
    void readsEveryLayout()
    {
        QFETCH(QString, file);
        QFETCH(int, runs);
        QFETCH(int, op);
        QFETCH(int, ranks);
        QFETCH(int, hosts);
        QFETCH(int, rows);
        QFETCH(double, lastBytes);
        const auto log = readNcclTests(fixture(file.toLatin1().constData()), file.toStdString());
        QVERIFY2(log, log ? "" : log.errorText().c_str());
        QCOMPARE(int(log.value().runs.size()), runs);
        const NcclTestsRun& r = log.value().runs.front();
        QVERIFY(r.op);
        QCOMPARE(int(*r.op), op);
        QCOMPARE(r.ranks(), ranks);
        QCOMPARE(int(r.hosts().size()), hosts);
        QCOMPARE(int(r.rows.size()), rows);
        QCOMPARE(r.rows.back().bytes, lastBytes);
        for (const NcclTestsRun& run : log.value().runs)
            for (const NcclTestsRow& row : run.rows) {
                QVERIFY(row.outOfPlace.timeUs > 0);
                QVERIFY(row.hasInPlace);
            }
    }

    void theOrderOfConcatenatedRunsIsKept()
    {
        const auto log = readNcclTests(fixture("nccl-tests-2node-h100.log"), "nccl-tests-2node-h100.log");
        QVERIFY(log);
        const CollectiveKind expected[] = { CollectiveKind::AllReduce, CollectiveKind::AllGather,
            CollectiveKind::ReduceScatter, CollectiveKind::AllToAll, CollectiveKind::SendRecv };
        for (int i = 0; i < 5; ++i)
            QCOMPARE(int(*log.value().runs[std::size_t(i)].op), int(expected[i]));
        const NcclTestsRun& r = log.value().runs.front();
        QCOMPARE(r.program, std::string("all_reduce_perf"));
        QVERIFY(r.version.find("2.19.6") != std::string::npos);
        QCOMPARE(r.devices[9].host, std::string("hgx-a02"));
        QCOMPARE(r.devices[9].device, 1);
        QCOMPARE(r.devices[9].name, std::string("NVIDIA H100 80GB HBM3"));
        QCOMPARE(r.iterations, 20);
        QCOMPARE(r.warmup, 5);
    }

    // Issue 40 C: an nccl-tests 2.x log under mpirun (no "Collective test starting" line, a file not named after
    // the program) takes its program from the command line it starts with, and Open MPI's "8 more processes have
    // sent help message" inside the table is not a row.
    void aCommandLineNamesTheProgramAndMpiNoiseIsSkipped()
    {
        const std::string row
            = "    float     sum      -1    20.26    0.00    0.00      0    17.74    0.00    0.00      0\n";
        const std::string text = "mpirun -np 8 -host localhost ./build/reduce_scatter_perf -b 8 -e 8M -f 2 -g 1\n"
                                 "#       size         count      type   redop    root     time   algbw   busbw "
                                 "#wrong     time   algbw   busbw #wrong\n"
                                 "8 more processes have sent help message help-mtl-ofi.txt / OFI call fail\n"
                                 "          64             2"
            + row + "     8388608        262144" + row;
        const auto log = readNcclTests(text, "run-3.txt");
        QVERIFY2(log, log ? "" : log.errorText().c_str());
        QCOMPARE(log.value().runs.size(), std::size_t(1));
        QCOMPARE(log.value().runs.front().program, std::string("reduce_scatter_perf"));
        QCOMPARE(int(*log.value().runs.front().op), int(CollectiveKind::ReduceScatter));
        QCOMPARE(log.value().runs.front().rows.size(), std::size_t(2));
    }

    // Issue 40 C: a measurement names its GPU; one of another model is compared but does not calibrate the plan's
    // links unless the user says so.
    void anotherGpuModelIsNamed_data()
    {
        QTest::addColumn<QString>("plan");
        QTest::addColumn<QString>("logged");
        QTest::addColumn<bool>("other");
        QTest::newRow("H100 log, H100 plan") << "H100-SXM5-80GB"
                                             << "NVIDIA H100 80GB HBM3" << false;
        QTest::newRow("A100 40 GB log, A100 80 GB plan") << "A100-SXM4-80GB"
                                                         << "NVIDIA A100-SXM4-40GB" << false;
        QTest::newRow("A100 log, H100 plan") << "H100-SXM5-80GB"
                                             << "NVIDIA A100-SXM4-80GB" << true;
        QTest::newRow("H800 log, H100 plan") << "H100-SXM5-80GB"
                                             << "NVIDIA H800" << true;
        QTest::newRow("GB200 log, B200 plan") << "B200-SXM-180GB"
                                              << "NVIDIA GB200" << true;
        QTest::newRow("MI355X log, H100 plan") << "H100-SXM5-80GB"
                                               << "AMD Instinct MI355X" << true;
        QTest::newRow("no name logged") << "H100-SXM5-80GB"
                                        << "" << false;
    }
    void anotherGpuModelIsNamed()
    {
        QFETCH(QString, plan);
        QFETCH(QString, logged);
        QFETCH(bool, other);
        LinksResult l;
        l.gpus = { logged.toStdString() };
        GpuSpec g;
        g.id = plan.toStdString();
        QCOMPARE(!otherGpuMeasured(l, g).empty(), other);
    }

    // The sweeps recompute bandwidth from size and time (nccl-tests PERFORMANCE.md): they agree with what the run
    // printed to its rounding.
    void sweepsAgreeWithThePrintedBandwidth()
    {
        const auto log = readNcclTests(fixture("nccl-tests-2node-h100.log"), "x.log");
        QVERIFY(log);
        const auto links = linksFromNcclTests(log.value());
        QCOMPARE(links.size(), std::size_t(1)); // one set of devices
        const LinksResult& l = links.front();
        QCOMPARE(l.ranks, 16);
        QCOMPARE(l.hosts, 2);
        QCOMPARE(l.linkClass, std::string("inter_node"));
        QCOMPARE(l.ops.size(), std::size_t(5));
        for (const NcclTestsRun& run : log.value().runs) {
            const OpSweep* s = l.sweep(*run.op);
            QVERIFY(s);
            QCOMPARE(s->points.size(), run.rows.size());
            for (std::size_t i = 0; i < run.rows.size(); ++i) {
                const double printed = run.rows[i].outOfPlace.busbwGBps;
                if (printed >= 1)
                    QVERIFY2(std::abs(s->points[i].busbwGBps / printed - 1) < 0.02,
                        qPrintable(QStringLiteral("%1 B: %2 against %3")
                                       .arg(run.rows[i].bytes)
                                       .arg(s->points[i].busbwGBps)
                                       .arg(printed)));
            }
            QVERIFY(s->fit.ok());
        }
        QVERIFY(l.source.find("all_reduce_perf") != std::string::npos);
        const auto perNode = linksFromNcclTests(readNcclTests(fixture("all_reduce_perf-per-node.log"), "").value());
        QCOMPARE(perNode.size(), std::size_t(4)); // one per node
        QCOMPARE(perNode[3].hostNames, std::vector<std::string> { "c04" });
        QCOMPARE(perNode[3].linkClass, std::string("intra_node_p2p"));
    }

    void badInputNamesTheLineAndColumn_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("says");
        const QByteArray header = "# Collective test starting: all_reduce_perf\n"
                                  "#       size         count      type   redop    root     time   algbw   busbw "
                                  "#wrong     time   algbw   busbw #wrong\n";
        QTest::newRow("a row cut short") << header
                + "        8192          2048     float     sum      -1    45.10    0.05"
                                         << "x.log"
                                         << "line 3: a row of the table has 7 of its 13 columns";
        QTest::newRow("a time that is not a number") << header
                + "        8192          2048     float     sum      -1    fast    0.05    0.09       0    44.22    "
                  "0.05    0.09       0"
                                                     << "x.log"
                                                     << "line 3: column 6 (time) is \"fast\"";
        QTest::newRow("an absurd size") << header
                + "  9999999999999999999          2048     float     sum      -1    45.10    0.05    0.09       0    "
                  "44.22    0.05    0.09       0"
                                        << "x.log"
                                        << "column 1 (size)";
        QTest::newRow("no table") << QByteArray("hello\nworld\n") << "x.log"
                                  << "no table of sizes and times";
        QTest::newRow("binary junk") << QByteArray("\x7f"
                                                   "ELF\0\0\1",
            7) << "x.log"
                                     << "binary data";
        QTest::newRow("which collective")
            << QByteArray("#       size         count      type   redop     time   algbw   busbw  error     time   "
                          "algbw   busbw  error\n        8192          2048     float     sum    45.10    0.18    "
                          "0.32  0e+00    44.22    0.19    0.32  0e+00\n")
            << "results.txt"
            << "line 1: the run does not say which collective";
        QTest::newRow("-J without results") << QByteArray("{\"version\": 3, \"config\": {}}") << "x.json"
                                            << "no \"results\" list";
        // Issue 39: rows that once crashed the import or wrote a curve the plan loader refuses.
        const QByteArray tail
            = "    float     sum      -1    45.10    0.05    0.09       0    44.22    0.05    0.09       0\n";
        QTest::newRow("only size-0 rows (-b 0 -e 0)") << header
                + "           0             0     float     sum      -1     5.00    0.00    0.00      0     5.00    "
                  "0.00    0.00      0\n"
                                                      << "x.log"
                                                      << "line 3: every row of the run has size 0";
        QTest::newRow("a denormal time") << header
                + "        8192          2048     float     sum      -1    1e-320    "
                  "0.05    0.09       0    44.22    0.05    0.09       0\n"
                                         << "x.log"
                                         << "line 3: column 6 (time) is \"1e-320\", not a plausible number";
        QTest::newRow("a NaN size among good rows")
            << header + "        8192          2048" + tail + "         NaN          4096" + tail << "x.log"
            << "line 4: column 1 (size) is \"NaN\"";
        QTest::newRow("every size 1e308") << header + "       1e308          2048" + tail << "x.log"
                                          << "line 3: column 1 (size) is \"1e308\"";
        // nccl-tests prints whole bytes: a size of 1e-320 B (fuzzing found it) made the fabric check's ratio NaN.
        QTest::newRow("a fractional size") << header + "      1e-320          2048" + tail << "x.log"
                                           << "line 3: column 1 (size) is \"1e-320\", not a whole number of bytes";
        QTest::newRow("-J with a fractional size")
            << QByteArray("{\"results\": [{\"size\": 8.5, \"out_of_place\": {\"time\": 1}}]}") << "x.json"
            << "results[0].size: must be a whole number of bytes";
        QTest::newRow("-J with a negative time")
            << QByteArray("{\"results\": [{\"size\": 8, \"out_of_place\": {\"time\": -1}}]}") << "x.json"
            << "results[0].out_of_place.time: must be a positive number";
    }
    void badInputNamesTheLineAndColumn()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, name);
        QFETCH(QString, says);
        const auto log
            = readNcclTests(std::string_view(text.constData(), std::size_t(text.size())), name.toStdString());
        QVERIFY(!log);
        QVERIFY2(QString::fromStdString(log.errorText()).contains(says), log.errorText().c_str());
    }

    // Issue 40 C: a log without its "# Rank" lines takes its rank count from the nThread line or the command line
    // (launcher tasks × threads × GPUs per thread), else from busbw / algbw; a count that the bandwidths contradict
    // is refused; α is given only where the sweep reaches sizes latency dominates.
    void ranksWhereTheLogDoesNotListThem_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<int>("ranks"); // 0: refused
        QTest::addColumn<QString>("from");
        QTest::newRow("mpirun -np 2 and -g 4") << QByteArray("mpirun -np 2 --bind-to none ./build/all_reduce_perf -b "
                                                             "8 -e 1G -f 2 -g 4\n")
                                               << 8 << "command";
        QTest::newRow("srun --nodes × --ntasks-per-node")
            << QByteArray("srun --nodes=2 --ntasks-per-node=4 ./all_reduce_perf -b 8 -e 1G -g2\n") << 0 << "command";
        QTest::newRow("the nThread line") << QByteArray("# nThread 1 nGpus 8 minBytes 8 maxBytes 1073741824 step: "
                                                        "2(factor) warmup iters: 5 iters: 20\n")
                                          << 8 << "params";
        QTest::newRow("nothing but the table") << QByteArray() << 8 << "bandwidths";
    }
    void ranksWhereTheLogDoesNotListThem()
    {
        QFETCH(QByteArray, head);
        QFETCH(int, ranks);
        QFETCH(QString, from);
        // All-reduce over 8 ranks: busbw = algbw × 2·7/8.
        const QByteArray table = "#       size         count      type   redop    root     time   algbw   busbw "
                                 "#wrong     time   algbw   busbw #wrong\n"
                                 "    1048576        262144     float     sum      -1    50.00   20.97   36.70"
                                 "       0    50.00   20.97   36.70       0\n"
                                 "  1073741824     268435456     float     sum      -1  10737.4  100.00  175.00"
                                 "       0  10737.4  100.00  175.00       0\n";
        const auto log = readNcclTests(QByteArray(head + table).toStdString(), "all_reduce_perf.log");
        if (ranks == 0) { // 2 × 4 tasks × 2 GPUs = 16, where the bandwidths say 8
            QVERIFY(!log);
            QVERIFY2(log.errorText().find("its command line starts 16 ranks, but its busbw / algbw imply 8")
                    != std::string::npos,
                log.errorText().c_str());
            return;
        }
        QVERIFY2(log, log ? "" : log.errorText().c_str());
        QCOMPARE(log.value().runs.front().ranks(), ranks);
        QCOMPARE(QString::fromStdString(log.value().runs.front().ranksFrom), from);
        const auto links = linksFromNcclTests(log.value());
        QCOMPARE(links.size(), std::size_t(1));
        QVERIFY(!links.front().ops.front().fit.alphaFitted()); // two sizes: β only
        QVERIFY(links.front().ops.front().fit.ok());
    }

    void otherCollectivesAreReadButNamedAsNotUsed()
    {
        const std::string text = "# Collective test starting: broadcast_perf\n"
                                 "#       size         count      type   redop    root     time   algbw   busbw "
                                 "#wrong     time   algbw   busbw #wrong\n"
                                 "        8192          2048     float    none       0    45.10    0.18    0.18"
                                 "       0    44.22    0.19    0.19       0\n";
        const auto log = readNcclTests(text, "b.log");
        QVERIFY(log);
        QVERIFY(!log.value().runs.front().op);
        QCOMPARE(log.value().notes.size(), std::size_t(1));
        QVERIFY(log.value().notes.front().find("broadcast_perf: read, not used") != std::string::npos);
        QVERIFY(linksFromNcclTests(log.value()).empty());
    }

    // A sweep that runs as the plan's links say matches; at half the speed it is slow, at twice the catalog
    // understates it. Ranks per host beyond the plan's nodes have no expectation.
    void fabricCheckAgainstThePlansLinks_data()
    {
        QTest::addColumn<int>("hosts");
        QTest::addColumn<double>("slowdown"); // measured time over the model's
        QTest::addColumn<QString>("finding");
        QTest::newRow("one node as expected") << 1 << 1.0 << QString();
        QTest::newRow("one node at half speed") << 1 << 2.0 << "slow";
        QTest::newRow("two nodes as expected") << 2 << 1.0 << QString();
        QTest::newRow("two nodes at 70%") << 2 << 1 / 0.7 << "slow";
        QTest::newRow("two nodes twice as fast") << 2 << 0.5 << "faster";
    }
    void fabricCheckAgainstThePlansLinks()
    {
        QFETCH(int, hosts);
        QFETCH(double, slowdown);
        QFETCH(QString, finding);
        ClusterSpec cluster;
        cluster.gpu = *Catalog::builtin().gpu("H100-SXM5-80GB");
        cluster.intraNode = *Catalog::builtin().link("nvlink4-nvswitch");
        cluster.interNode = *Catalog::builtin().link("ib-ndr");
        cluster.nodes = 1;
        cluster.gpusPerNode = 8;
        LinksResult m;
        m.ranks = 8 * hosts;
        m.hosts = hosts;
        std::vector<int> gpus;
        for (int g = 0; g < m.ranks; ++g)
            gpus.push_back(g);
        ClusterSpec big = cluster;
        big.nodes = hosts;
        const GroupPath path = soloPath(big, gpus);
        OpSweep s;
        s.op = CollectiveKind::AllReduce;
        for (double bytes = 1 << 20; bytes <= double(8ull << 30); bytes *= 4)
            s.points.push_back(
                sizePoint(s.op, m.ranks, bytes, 1e6 * slowdown * collectiveTime(s.op, bytes, path).seconds));
        m.ops.push_back(s);
        const FabricCheck check = checkFabric(m, cluster);
        QCOMPARE(check.ops.size(), std::size_t(1));
        QVERIFY(std::abs(check.ops.front().largeRatio - 1 / slowdown) < 1e-6);
        QCOMPARE(check.link, path.link); // the bottleneck the model sees for these ranks
        if (finding.isEmpty()) {
            QVERIFY(check.findings.empty());
        } else {
            QCOMPARE(check.findings.size(), std::size_t(1));
            QCOMPARE(QString::fromStdString(check.findings.front().code), finding);
            QVERIFY2(
                check.findings.front().message.find(numText(100 / slowdown, "%.0f") + "% of the") != std::string::npos,
                check.findings.front().message.c_str());
        }
        cluster.gpusPerNode = 4; // the run's 8 ranks per host do not fit these nodes
        QCOMPARE(checkFabric(m, cluster).findings.front().code, std::string("ranks-per-host"));
    }

    // Node by node: the one at half its peers' bus bandwidth is named, with its host.
    void aSlowNodeStandsOutAmongItsPeers()
    {
        const auto log = readNcclTests(fixture("all_reduce_perf-per-node.log"), "");
        QVERIFY(log);
        const auto links = linksFromNcclTests(log.value());
        const auto outliers = fabricOutliers(links);
        QCOMPARE(outliers.size(), std::size_t(1));
        const FabricOutlier& o = outliers.front();
        QCOMPARE(o.hosts, std::vector<std::string> { "c04" });
        QCOMPARE(o.peers, 4);
        QVERIFY(o.busGBps / o.peersGBps > 0.45 && o.busGBps / o.peersGBps < 0.55);
        QVERIFY2(o.finding.message.find("all-reduce on c04") != std::string::npos, o.finding.message.c_str());
        // Two alone cannot say which one is slow.
        QVERIFY(fabricOutliers({ links[0], links[3] }).empty());
    }

    void recognisedFromItsFirstBytes()
    {
        QVERIFY(looksLikeNcclTests(fixture("all_reduce_perf-1node-h100.txt").substr(0, 4096)));
        QVERIFY(looksLikeNcclTests(fixture("all_gather_perf-2x.txt").substr(0, 4096)));
        QVERIFY(looksLikeNcclTests(fixture("all_reduce_perf-2node.json").substr(0, 4096)));
        QVERIFY(!looksLikeNcclTests("{\"format\": \"plait-plan/1\"}"));
    }
};

QTEST_GUILESS_MAIN(TestNcclTests)
#include "tst_nccltests.moc"
