#include "evaluate.h"
#include "groups.h"
#include "nccltopo.h"
#include "smitopo.h"
#include "topologycluster.h"
#include "xmlelements.h"

#include "../testplans.h"

#include <QFile>
#include <QTest>
#include <algorithm>

using namespace plait;

namespace {
std::string fixture(const char* name)
{
    QFile f(QStringLiteral(PLAIT_TEST_DATA "/topology/") + QString::fromLatin1(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return f.readAll().toStdString();
}

NodeTopology node(const char* name, const char* host)
{
    const std::string text = fixture(name);
    auto n = std::string(name).find(".xml") != std::string::npos ? readNcclTopo(text, name) : readSmiTopo(text, name);
    if (!n)
        qFatal("%s: %s", name, n.errorText().c_str());
    n.value().host = host;
    return n.value();
}

ClusterSpec baseCluster(const char* gpu, const char* intra, const char* inter)
{
    ClusterSpec c;
    c.gpu = *Catalog::builtin().gpu(gpu);
    c.intraNode = *Catalog::builtin().link(intra);
    c.interNode = *Catalog::builtin().link(inter);
    return c;
}

bool hasFinding(const std::vector<Warning>& list, const char* code)
{
    return std::any_of(list.begin(), list.end(), [&](const Warning& w) { return w.code == code; });
}
}

// A cluster from what the machines print: nvidia-smi topo -m and NCCL's topology dump (fixtures written in their
// layouts, tests/data/topology/README.md).
class TestNodeTopology : public QObject {
    Q_OBJECT
private slots:
    void readsEveryLayout_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("nics");
        QTest::addColumn<int>("nvlinks"); // between GPU 0 and 1
        QTest::addColumn<bool>("nvswitch");
        QTest::addColumn<QString>("firstNic");
        QTest::addColumn<QString>("gpu0Cpus");
        QTest::newRow("smi tabs, NIC legend") << "smi-dgx-a100.txt" << 8 << 10 << 12 << true << "mlx5_0"
                                              << "48-63,176-191";
        QTest::newRow("smi spaces, mlx5 headers") << "smi-h100-spaces.txt" << 8 << 8 << 18 << true << "mlx5_0"
                                                  << "0-55,112-167";
        QTest::newRow("smi NVLink bridges") << "smi-pcie-bridged.txt" << 4 << 1 << 4 << false << "mlx5_0"
                                            << "0-15";
        QTest::newRow("NCCL dump") << "nccl-topo-h100-a.xml" << 8 << 8 << 18 << true << "mlx5_0"
                                   << "00000000,00ffffff";
    }
    void readsEveryLayout()
    {
        QFETCH(QString, file);
        QFETCH(int, gpus);
        QFETCH(int, nics);
        QFETCH(int, nvlinks);
        QFETCH(bool, nvswitch);
        QFETCH(QString, firstNic);
        QFETCH(QString, gpu0Cpus);
        const NodeTopology n = node(file.toLatin1().constData(), "n");
        QCOMPARE(n.gpus(), gpus);
        QCOMPARE(int(n.nics.size()), nics);
        QCOMPARE(n.nvlinks[0][1], nvlinks);
        QCOMPARE(n.nvswitch, nvswitch);
        QCOMPARE(QString::fromStdString(n.nics.front().name), firstNic);
        QCOMPARE(QString::fromStdString(n.cpuAffinity[0]), gpu0Cpus);
    }

    void ncclDumpPathsFromThePciTree()
    {
        const NodeTopology n = node("nccl-topo-h100-a.xml", "a");
        QCOMPARE(n.smVersion, 90);
        QCOMPARE(n.pcieGen, 5);
        QCOMPARE(n.nics[3].gbps, 50.0); // 400000 Mb/s
        QCOMPARE(int(n.nicPath[3][3]), int(PathKind::Pix)); // GPU 3 and mlx5_3 under one PCIe switch
        QCOMPARE(int(n.nicPath[3][2]), int(PathKind::Node)); // another switch on the same CPU
        QCOMPARE(int(n.nicPath[3][5]), int(PathKind::Sys)); // across the CPUs
        QCOMPARE(n.numaNode[7], std::string("1"));
    }

    // The cluster each source leads to, from the NVLink count × the generation's per-link rate (A100: NV12 × 25 GB/s
    // = 300 GB/s, the catalog's nvlink3-nvswitch; H100: NV18 × 25 = 450, nvlink4-nvswitch) and the NICs next to
    // GPUs (the DGX A100's two storage NICs are not counted).
    void clusterFromOneNode_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("intra");
        QTest::addColumn<int>("nics");
        QTest::addColumn<QString>("inter");
        QTest::newRow("DGX A100 by nvidia-smi")
            << "smi-dgx-a100.txt"
            << "A100-SXM4-80GB"
            << "nvlink3-nvswitch" << 8 << "ib-hdr"; // no NIC speed in the matrix: the base's
        QTest::newRow("H100 by nvidia-smi") << "smi-h100-spaces.txt"
                                            << "H100-SXM5-80GB"
                                            << "nvlink4-nvswitch" << 8 << "ib-hdr";
        QTest::newRow("H100 by NCCL") << "nccl-topo-h100-a.xml"
                                      << "H100-SXM5-80GB"
                                      << "nvlink4-nvswitch" << 8 << "ib-ndr"; // 400 Gb/s InfiniBand from the dump
        QTest::newRow("PCIe pairs") << "smi-pcie-bridged.txt"
                                    << "A100-PCIe-80GB"
                                    << "pcie4-x16" << 1 << "ib-hdr";
    }
    void clusterFromOneNode()
    {
        QFETCH(QString, file);
        QFETCH(QString, gpu);
        QFETCH(QString, intra);
        QFETCH(int, nics);
        QFETCH(QString, inter);
        const ClusterSpec base = baseCluster(gpu.toLatin1().constData(), "pcie4-x16", "ib-hdr");
        const auto c = clusterFromTopology({ node(file.toLatin1().constData(), "n0") }, base);
        QVERIFY2(c, c ? "" : c.errorText().c_str());
        QCOMPARE(QString::fromStdString(c.value().cluster.intraNode.id), intra);
        QCOMPARE(c.value().cluster.nics(), nics);
        QCOMPARE(QString::fromStdString(c.value().cluster.interNode.id), inter);
        QCOMPARE(c.value().cluster.gpusPerNode, node(file.toLatin1().constData(), "n0").gpus());
    }

    // Issue 40 C: a static NCCL_TOPO_FILE (GPUs as PCI devices of class 0x0302, no <gpu>) is read as one: its GPUs,
    // NICs and PCIe paths come from the file, the GPU-to-GPU link stays the plan's (the file leaves NVLink to the
    // driver), and a note says so.
    void staticTopologyFileKeepsThePlansNvlink()
    {
        const NodeTopology n = node("nccl-topo-static-4gpu.xml", "s");
        QVERIFY(n.staticFile);
        QCOMPARE(n.gpus(), 4);
        QCOMPARE(int(n.nics.size()), 2);
        QCOMPARE(n.pcieGen, 5);
        QCOMPARE(n.gpuPath[0][1], PathKind::Pix);
        QCOMPARE(n.gpuPath[0][2], PathKind::Sys);
        QCOMPARE(n.nicPath[2][1], PathKind::Pix);
        const ClusterSpec base = baseCluster("H100-SXM5-80GB", "nvlink4-nvswitch", "ib-ndr");
        const auto c = clusterFromTopology({ n }, base);
        QVERIFY2(c, c ? "" : c.errorText().c_str());
        QCOMPARE(c.value().cluster.intraNode.id, std::string("nvlink4-nvswitch"));
        QCOMPARE(c.value().cluster.gpusPerNode, 4);
        QCOMPARE(c.value().cluster.nics(), 2);
        QVERIFY(std::any_of(c.value().notes.begin(), c.value().notes.end(),
            [](const Message& m) { return m.key == "topo:static-file"; }));
        QVERIFY(c.value().nodeFindings[0].empty()); // no "partial NVLink" or "far NIC": each GPU pair has its NIC
    }

    // Issue 40 C: a paste that lost its tabs runs cells together ("NV4NV4", "X NV4"); they are split where that is
    // unambiguous (each word starts with a letter, NV takes all its digits) and gives the header's count.
    void mergedCellsSplitWhereUnambiguous()
    {
        const auto n = readSmiTopo("\tGPU0\tGPU1\tGPU2\tCPU Affinity\tNUMA Affinity\n"
                                   "GPU0\t X NV4\tSYS\t0-7\t0\n"
                                   "GPU1\tNV4X\tSYS\t0-7\t0\n"
                                   "GPU2\tSYSSYS\t X \t8-15\t1\n",
            "m");
        QVERIFY2(n, n ? "" : n.errorText().c_str());
        QCOMPARE(n.value().nvlinks[0][1], 4);
        QCOMPARE(n.value().nvlinks[1][0], 4);
        QCOMPARE(n.value().gpuPath[2][0], PathKind::Sys);
        QCOMPARE(n.value().gpuPath[2][2], PathKind::Self);
        QCOMPARE(n.value().cpuAffinity[2], std::string("8-15"));
        QCOMPARE(n.value().numaNode[2], std::string("1"));
    }

    void findingsNameTheNode()
    {
        const ClusterSpec base = baseCluster("H100-SXM5-80GB", "nvlink4-nvswitch", "ib-ndr");
        // Two nodes, b with a 200 Gb/s NIC: b is named and keeps its own links; the cluster's are a's.
        const auto two
            = clusterFromTopology({ node("nccl-topo-h100-a.xml", "a"), node("nccl-topo-h100-b.xml", "b") }, base);
        QVERIFY2(two, two ? "" : two.errorText().c_str());
        QCOMPARE(two.value().cluster.nodes, 2);
        QVERIFY(two.value().nodeFindings[0].empty());
        QVERIFY(hasFinding(two.value().nodeFindings[1], "node-differs"));
        QCOMPARE(two.value().cluster.interNode.id, std::string("ib-ndr")); // 400 Gb/s
        QCOMPARE(two.value().cluster.nodeLinks.size(), std::size_t(1));
        QCOMPARE(two.value().cluster.nodeLinks[0].node, 1);
        QCOMPARE(two.value().cluster.interOf(1).id, std::string("ib-hdr")); // 200 Gb/s
        QCOMPARE(two.value().cluster.interOf(0).id, std::string("ib-ndr"));
        QVERIFY(std::any_of(two.value().notes.begin(), two.value().notes.end(),
            [](const Message& m) { return m.key == "topo:own-links" && m.args.front() == "1"; }));
        // A GPU with two NVLinks down: the pair's rate is the node's (16 × 25 = 400 GB/s), and the pair is named.
        const auto degraded = clusterFromTopology({ node("nccl-topo-h100-degraded.xml", "d") }, base);
        QVERIFY(degraded);
        QCOMPARE(degraded.value().cluster.intraNode.bandwidthGBps, 400.0);
        QVERIFY(hasFinding(degraded.value().nodeFindings[0], "degraded-nvlink"));
        // NVLink bridges between pairs only: PCIe for the groups, and said; every GPU's NIC is past its host bridge.
        const auto bridged = clusterFromTopology(
            { node("smi-pcie-bridged.txt", "p") }, baseCluster("A100-PCIe-80GB", "pcie4-x16", "roce-100"));
        QVERIFY(bridged);
        QVERIFY(hasFinding(bridged.value().nodeFindings[0], "partial-nvlink"));
        QVERIFY(hasFinding(bridged.value().nodeFindings[0], "far-nic"));
        // Hosts with different GPU counts cannot be one cluster: both are named.
        const auto mixed
            = clusterFromTopology({ node("nccl-topo-h100-a.xml", "a"), node("smi-pcie-bridged.txt", "p") }, base);
        QVERIFY(!mixed);
        QVERIFY2(mixed.errorText().find("a has 8 GPUs and p has 4") != std::string::npos, mixed.errorText().c_str());
    }

    // Estimates with each node's own links: Llama 2 13B at TP 4 × PP 2 × DP 2 on two H100 nodes sends its pipeline's
    // activations from node 0 to node 1; with node 1's NICs at 200 Gb/s (its dump) the send/recv runs at that end's
    // share, and the step is slower. A group inside node 0 is unchanged. The plan file keeps the node's links.
    void eachNodeCostedWithItsOwnLinks()
    {
        nlohmann::json j = test::gptPlanJson("llama2-13b", 2, 4, 2, 2, 64);
        test::onDgxH100(j);
        const Plan even = test::mustPlan(j);
        auto imported = clusterFromTopology(
            { node("nccl-topo-h100-a.xml", "a"), node("nccl-topo-h100-b.xml", "b") }, even.cluster);
        QVERIFY(imported);
        Plan uneven = even;
        uneven.cluster = imported.value().cluster;
        const GroupSet a = buildGroups(even), b = buildGroups(uneven);
        QCOMPARE(a.pp.front().path.nodes, 2);
        QVERIFY2(b.pp.front().path.busGBps < a.pp.front().path.busGBps,
            qPrintable(QStringLiteral("%1 vs %2").arg(b.pp.front().path.busGBps).arg(a.pp.front().path.busGBps)));
        QCOMPARE(b.tp.front().path.busGBps, a.tp.front().path.busGBps); // inside node 0
        QVERIFY(evaluate(uneven).stepS > evaluate(even).stepS);
        // The plan file says which node differs, and reads back the same.
        const auto back = planFromJson(toJson(uneven));
        QVERIFY2(back, back ? "" : back.errorText().c_str());
        QCOMPARE(back.value().cluster.nodeLinks.size(), std::size_t(1));
        QCOMPARE(back.value().cluster.interOf(1).bandwidthGBps, 25.0);
        QCOMPARE(toJson(back.value()).dump(), toJson(uneven).dump());
        nlohmann::json bad = toJson(uneven);
        bad["cluster"]["node_links"][0]["node"] = 5;
        const auto refused = planFromJson(bad);
        QVERIFY(!refused);
        QVERIFY2(
            refused.errorText().find("cluster.node_links[0].node") != std::string::npos, refused.errorText().c_str());
    }

    void planOnTheImportedCluster()
    {
        const Plan b = test::mustPlan(test::gptPlanJson("megatron-gpt-1.7b", 4, 2, 2, 4, 64)); // 16 of 32 GPUs
        ClusterSpec two = b.cluster;
        two.nodes = 2;
        const auto fits = planOnCluster(b, two);
        QVERIFY(fits);
        QCOMPARE(int(fits.value().placement.coordOf.size()), 16);
        QVERIFY(validate(fits.value()).empty());
        ClusterSpec one = b.cluster;
        one.nodes = 1;
        const auto tooSmall = planOnCluster(b, one);
        QVERIFY(!tooSmall);
        QVERIFY2(tooSmall.errorText().find("need 16 GPUs and the imported cluster has 8") != std::string::npos,
            tooSmall.errorText().c_str());
    }

    void badInputNamesTheLine_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("a tag left open") << "xml" << QByteArray::fromStdString(fixture("nccl-topo-bad.xml"))
                                         << "line 5: not XML: Start-end tags mismatch";
        QTest::newRow("not a dump") << "xml" << QByteArray("<html><body/></html>") << "its root is <html>";
        QTest::newRow("no GPU") << "xml" << QByteArray("<system version=\"1\"><cpu numaid=\"0\"/></system>")
                                << "has no GPU: no <gpu> in its PCI tree and no PCI device of class 0x0300 or 0x0302";
        QTest::newRow("bus IDs without a class") << "xml"
                                                 << QByteArray("<system version=\"1\"><cpu numaid=\"0\"><pci "
                                                               "busid=\"0000:00:16.0\"/><pci busid=\"0000:00:17.0\"/>"
                                                               "</cpu></system>")
                                                 << "lists 2 PCI devices by bus ID only, without a class";
        QTest::newRow("a value past NCCL's limit")
            << "xml" << QByteArray("<system version=\"1\" x=\"") + QByteArray(300, 'a') + QByteArray("\"/>")
            << "longer than 255 characters";
        QTest::newRow("deep nesting") << "xml"
                                      << QByteArray("<system>") + QByteArray(40 * 5, 'x').replace("xxxxx", "<pci>")
                + QByteArray(40 * 6, 'x').replace("xxxxxx", "</pci>") + "</system>"
                                      << "nest deeper than 32";
        QTest::newRow("a short row") << "smi"
                                     << QByteArray("\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tNV4\t0-7\nGPU1\tNV4\n")
                                     << "line 3: GPU1 has 1 cells for 2 devices";
        QTest::newRow("a short row that does not split into the header's cells")
            << "smi" << QByteArray("\tGPU0\tGPU1\tGPU2\tCPU Affinity\nGPU0\t X \tNV4NV4\t0-7\nGPU1\tNV4 X\t0-7\n")
            << "line 3: GPU1 has 2 cells for 3 devices";
        QTest::newRow("no header") << "smi" << QByteArray("GPU0 X\n") << "no nvidia-smi topo -m header";
        // Issue 39 B: cells and values outside each format's vocabulary are named, never read as "no NVLink".
        const QByteArray head = "\tGPU0\tGPU1\tCPU Affinity\n";
        for (const char* cell : { "中文", "NV0", "NV-1", "NV9223372036854775808" })
            QTest::addRow("a cell %s", cell)
                << "smi" << head + "GPU0\t X \t" + cell + "\t0-7\nGPU1\t" + cell + "\t X \t0-7\n"
                << QString::fromUtf8("line 2: the cell of GPU0 and GPU1 is \"") + QString::fromUtf8(cell).left(16);
        const QByteArray gpu = "<system version=\"1\"><cpu numaid=\"0\"><pci busid=\"0000:07:00.0\"><gpu dev=\"0\" "
                               "sm=\"90\"><nvlink target=\"x\" count=\"";
        QTest::newRow("an NVLink count past int64") << "xml"
                                                    << gpu
                + "9223372036854775807\" tclass=\"0x068000\"/></gpu></pci>"
                  "</cpu></system>"
                                                    << "<nvlink> count=\"9223372036854775807\" is not a number";
        QTest::newRow("a NIC at 1e308 Mb/s")
            << "xml"
            << QByteArray("<system version=\"1\"><cpu numaid=\"0\">\n<nic>\n<net name=\"mlx5_0\" speed=\"1e308\"/>"
                          "</nic></cpu></system>")
            << "line 3: <net> speed=\"1e308\" is not a number";
        QTest::newRow("a 30,000-character line") << "smi" << head + QByteArray(30000, 'G') + "\n"
                                                 << "has no row for GPU0";
    }
    void badInputNamesTheLine()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, text);
        QFETCH(QString, says);
        const std::string_view t(text.constData(), std::size_t(text.size()));
        const auto n = kind == QLatin1String("xml") ? readNcclTopo(t, "f") : readSmiTopo(t, "f");
        QVERIFY(!n);
        QVERIFY2(n.errorText().find(says.toStdString()) != std::string::npos, n.errorText().c_str());
    }

    void recognisesEachFromItsHead()
    {
        QVERIFY(looksLikeSmiTopo(fixture("smi-dgx-a100.txt")));
        QVERIFY(looksLikeSmiTopo(fixture("smi-h100-spaces.txt")));
        QVERIFY(!looksLikeSmiTopo(fixture("nccl-topo-h100-a.xml")));
        QVERIFY(looksLikeNcclTopo(fixture("nccl-topo-h100-a.xml")));
        QVERIFY(!looksLikeNcclTopo("<html>"));
        QVERIFY(!looksLikeNcclTopo("   "));
    }
};

QTEST_GUILESS_MAIN(TestNodeTopology)
#include "tst_nodetopology.moc"
