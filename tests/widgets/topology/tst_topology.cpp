#include "analysis.h"
#include "plan.h"

#include "palette.h"
#include "topologylayout.h"
#include "topologyview.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QTest>
#include <QWheelEvent>
#include <set>

using namespace plait;
using namespace plait::widgets;

// The drawn cluster: where nodes, GPUs and pods go, and a large cluster drawn in pods once zoomed out.
class TestTopology : public QObject {
    Q_OBJECT
private slots:
    void layoutPlacesEveryGpuInItsNode_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("gpusPerNode");
        QTest::newRow("one GPU") << 1 << 1;
        QTest::newRow("one node") << 1 << 8;
        QTest::newRow("four nodes") << 4 << 4;
        QTest::newRow("twelve nodes") << 12 << 8;
        QTest::newRow("64 nodes: no pods yet") << 64 << 8;
        QTest::newRow("65 nodes: three pods") << 65 << 8;
        QTest::newRow("GPT-3 on 1,024 A100") << 128 << 8;
        QTest::newRow("16 GPUs a node") << 100 << 16;
        QTest::newRow("16,384 GPUs") << 2048 << 8;
    }
    void layoutPlacesEveryGpuInItsNode()
    {
        QFETCH(int, nodes);
        QFETCH(int, gpusPerNode);
        const TopologyLayout l = layoutTopology(nodes, gpusPerNode);
        QCOMPARE(int(l.nodes.size()), nodes);
        QCOMPARE(int(l.gpuCenters.size()), nodes * gpusPerNode);
        for (int g = 0; g < nodes * gpusPerNode; ++g) {
            const QRectF chip(
                l.gpuCenters[std::size_t(g)] - QPointF(TopologyLayout::kGpuWidth / 2, TopologyLayout::kGpuHeight / 2),
                QSizeF(TopologyLayout::kGpuWidth, TopologyLayout::kGpuHeight));
            QVERIFY2(l.nodes[std::size_t(g / gpusPerNode)].contains(chip), qPrintable(QStringLiteral("GPU %1").arg(g)));
        }
        // Nodes never overlap: their rows and columns are apart (sorted by top, a node meets only its row).
        for (std::size_t a = 0; a < l.nodes.size(); ++a)
            for (std::size_t b = a + 1; b < l.nodes.size() && b < a + 64; ++b)
                QVERIFY(!l.nodes[a].intersects(l.nodes[b]));
        QCOMPARE(l.fabric.isEmpty(), nodes < 2);
        // Pods only beyond two pods' worth of nodes; they take the nodes in order, 32 each, and hold them.
        QCOMPARE(l.pods.empty(), nodes <= 2 * TopologyLayout::kPodNodes);
        int next = 0;
        for (std::size_t p = 0; p < l.pods.size(); ++p) {
            const PodLayout& pod = l.pods[p];
            QCOMPARE(pod.firstNode, next);
            QVERIFY(pod.nodeCount >= 1 && pod.nodeCount <= TopologyLayout::kPodNodes);
            for (int n = pod.firstNode; n < pod.firstNode + pod.nodeCount; ++n)
                QVERIFY(pod.rect.contains(l.nodes[std::size_t(n)]));
            for (std::size_t q = p + 1; q < l.pods.size(); ++q)
                QVERIFY(!pod.rect.intersects(l.pods[q].rect));
            next += pod.nodeCount;
        }
        if (!l.pods.empty())
            QCOMPARE(next, nodes);
        // The whole reads wider than tall, as a screen is (a single row of a few nodes is allowed to be wide).
        QRectF all;
        for (const QRectF& r : l.nodes)
            all = all.united(r);
        QVERIFY(all.width() >= all.height() * 0.5);
    }

    // A cluster of NVL72 racks is drawn rack by rack at any size, each rack its 18 trays in 6 × 3 under a title
    // band the size of a tray's text, not a pod's.
    void racksAreDrawnAsTheirNvlinkDomains_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("domainNodes");
        QTest::newRow("two NVL72 racks") << 36 << 18;
        QTest::newRow("four NVL36 racks") << 36 << 9;
        QTest::newRow("64 NVL72 racks") << 1152 << 18;
    }
    void racksAreDrawnAsTheirNvlinkDomains()
    {
        QFETCH(int, nodes);
        QFETCH(int, domainNodes);
        const TopologyLayout l = layoutTopology(nodes, 4, domainNodes);
        QVERIFY(l.racks);
        QCOMPARE(int(l.pods.size()), nodes / domainNodes);
        for (std::size_t p = 0; p < l.pods.size(); ++p) {
            const PodLayout& rack = l.pods[p];
            QCOMPARE(rack.firstNode, int(p) * domainNodes);
            QCOMPARE(rack.nodeCount, domainNodes);
            QVERIFY(rack.titleHeight < TopologyLayout::kPodTitleHeight / 4);
            for (int n = rack.firstNode; n < rack.firstNode + rack.nodeCount; ++n)
                QVERIFY(rack.rect.contains(l.nodes[std::size_t(n)]));
            if (p + 1 < l.pods.size())
                QVERIFY(!rack.rect.intersects(l.pods[p + 1].rect));
        }
        if (domainNodes == 18)
            QCOMPARE(l.nodes[5].top(), l.nodes[0].top()); // six trays a row
    }

    // The expert-parallel view colours each EP group (EP 8 inside each node of Mixtral 8x7B at DP 16) and names each
    // GPU's group and rank.
    void expertGroupsAreColoured()
    {
        nlohmann::json j { { "format", "plait-plan/1" }, { "name", "ep" },
            { "model", { { "preset", "mixtral-8x7b" } } },
            { "cluster",
                { { "gpu", "H100-SXM5-80GB" }, { "nodes", 2 }, { "gpus_per_node", 8 },
                    { "intra_node", "nvlink4-nvswitch" }, { "inter_node", "ib-ndr" } } },
            { "training", { { "global_batch", 32 }, { "micro_batch", 1 }, { "zero_stage", 1 } } },
            { "parallel", { { "tp", 1 }, { "pp", 1 }, { "dp", 16 }, { "ep", 8 } } }, { "placement", nullptr } };
        j["model"]["seq_len"] = 4096;
        auto plan = planFromJson(j);
        QVERIFY2(plan, plan ? "" : plan.errorText().c_str());
        auto analysis = std::make_shared<const Analysis>(analyze(std::make_shared<const Plan>(plan.value())));
        QVERIFY(analysis->evaluation->valid);
        TopologyView view;
        view.setAnalysis(analysis);
        view.setDimension(TopologyView::Dimension::EP);
        for (int g = 1; g < 8; ++g) {
            QCOMPARE(view.gpuFill(g), view.gpuFill(0));
            QCOMPARE(view.gpuFill(8 + g), view.gpuFill(8));
        }
        QVERIFY(view.gpuFill(0) != view.gpuFill(8));
        view.setDimension(TopologyView::Dimension::All);
        QCOMPARE(view.gpuFill(0), view.gpuFill(8)); // one stage: one colour
    }

    // Zoomed out on 16,384 GPUs the pods draw the nodes as tiles of the stages' colours (not a field of chips), and
    // a closer look draws the chips again; 1,024 GPUs at the fitted zoom keep their chips.
    void aLargeClusterIsDrawnInPodsWhenZoomedOut_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("pp");
        QTest::addColumn<bool>("podsAtFit");
        QTest::newRow("1,024 GPUs") << 128 << 16 << false;
        QTest::newRow("16,384 GPUs") << 2048 << 16 << true;
    }
    void aLargeClusterIsDrawnInPodsWhenZoomedOut()
    {
        QFETCH(int, nodes);
        QFETCH(int, pp);
        QFETCH(bool, podsAtFit);
        auto plan = loadPlanFile(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json");
        QVERIFY(plan);
        Plan p = plan.value();
        p.cluster.nodes = nodes;
        p.parallel.pp = pp;
        p.parallel.dp = nodes * 8 / (8 * pp);
        p.training.globalBatch = 12 * p.parallel.dp;
        auto placement = defaultPlacement(p.cluster, p.parallel);
        QVERIFY(placement);
        p.placement = placement.value();
        auto analysis = std::make_shared<const Analysis>(analyze(std::make_shared<const Plan>(p)));
        QVERIFY2(analysis->evaluation->valid,
            analysis->evaluation->errors.empty() ? "" : analysis->evaluation->errors.front().message.c_str());
        TopologyView view;
        view.resize(1400, 900);
        view.setAnalysis(analysis);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.zoomToFit();
        QCOMPARE(view.podCount(), nodes / TopologyLayout::kPodNodes);
        QVERIFY2(view.drawnInPods() == podsAtFit, qPrintable(QString::number(view.transform().m11())));
        QImage image(view.viewport()->size(), QImage::Format_RGB32);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            view.render(&painter, QRectF(image.rect()), view.viewport()->rect());
        }
        // Every stage's colour is in the picture: the groups stay readable at this zoom.
        std::set<QRgb> colours;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2)
                colours.insert(image.pixel(x, y));
        for (int s = 0; s < pp; ++s)
            QVERIFY2(colours.count(colors::indexed(s, pp).rgb()), qPrintable(QStringLiteral("stage %1").arg(s)));
        view.scale(1 / view.transform().m11(), 1 / view.transform().m11()); // 1:1
        QVERIFY(!view.drawnInPods());
    }

    // Issue 37: zoomed in, the legend would cover GPUs; it folds to its title then, and unfolds under the cursor. At
    // the fit it stands beside or above the cluster, whole.
    void theLegendFoldsWhereItWouldCoverGpus()
    {
        auto plan = loadPlanFile(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json");
        QVERIFY(plan);
        auto analysis = std::make_shared<const Analysis>(analyze(std::make_shared<const Plan>(plan.value())));
        TopologyView view;
        view.resize(900, 600);
        view.setAnalysis(analysis);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.zoomToFit();
        auto paint = [&view] {
            QImage image(view.viewport()->size(), QImage::Format_RGB32);
            QPainter painter(&image);
            view.render(&painter, QRectF(image.rect()), view.viewport()->rect());
        };
        paint();
        QVERIFY(!view.legendFolded());
        QWheelEvent zoom(QPointF(450, 300), view.viewport()->mapToGlobal(QPointF(450, 300)), {}, { 0, 800 },
            Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view.viewport(), &zoom);
        view.centerOn(view.gpuCenter(21)); // a GPU inside the cluster: others to its top left
        paint();
        QVERIFY(view.legendFolded());
        QTest::mouseMove(view.viewport(), QPoint(20, 20));
        paint();
        QVERIFY(!view.legendFolded());
    }
};

QTEST_MAIN(TestTopology)
#include "tst_topology.moc"
