#include "../testplans.h"
#include "evaluate.h"
#include "groups.h"

#include <QTest>

using namespace plait;

namespace {

const CommItem* tpItem(const Evaluation& ev)
{
    for (const CommItem& c : ev.comm)
        if (c.dim == Dim::TP)
            return &c;
    return nullptr;
}

nlohmann::json swapped(nlohmann::json j, int a, int b)
{
    // Write out the default placement with GPUs a and b exchanged.
    const Plan plan = test::mustPlan(j);
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t g = 0; g < plan.placement.coordOf.size(); ++g) {
        std::size_t from = g == std::size_t(a) ? std::size_t(b) : g == std::size_t(b) ? std::size_t(a) : g;
        const Coord& c = plan.placement.coordOf[from];
        list.push_back({ { "gpu", g }, { "tp", c.tp }, { "cp", c.cp }, { "dp", c.dp }, { "pp", c.pp } });
    }
    j["placement"] = list;
    return j;
}

} // namespace

class TestPlacement : public QObject {
    Q_OBJECT
private slots:
    void defaultOrderPutsTensorParallelInsideNodes()
    {
        const Plan plan = test::mustPlan(test::gptPlanJson("gpt3-175b", 2, 8, 1, 2, 16));
        const GroupSet g = buildGroups(plan);
        QCOMPARE(g.tp.size(), std::size_t(2));
        for (const Group& group : g.tp)
            QVERIFY(!group.crossesNode);
        QVERIFY(g.dp.front().crossesNode);
    }

    void orderNamesTheInnermostDimension()
    {
        auto j = test::gptPlanJson("gpt3-175b", 2, 8, 1, 2, 16);
        j["parallel"]["order"] = "dp-tp-cp-pp";
        const GroupSet g = buildGroups(test::mustPlan(j));
        QVERIFY(!g.dp.front().crossesNode); // dp innermost: ranks 0 and 1 are a DP pair on node 0
        QVERIFY(g.tp.front().crossesNode);
    }

    // Moving one TP rank to another node changes that group's link and raises its communication time.
    void movingATensorParallelRankAcrossNodesSlowsItsGroup()
    {
        const auto base = test::gptPlanJson("gpt3-175b", 2, 8, 1, 2, 16);
        const Evaluation before = evaluate(test::mustPlan(base));
        const Evaluation after = evaluate(test::mustPlan(swapped(base, 7, 8)));
        QVERIFY(before.valid && after.valid);
        const CommItem* tpBefore = tpItem(before);
        const CommItem* tpAfter = tpItem(after);
        QVERIFY(tpBefore && tpAfter);
        QCOMPARE(QString::fromStdString(tpBefore->link), QStringLiteral("nvlink3-nvswitch"));
        QCOMPARE(QString::fromStdString(tpAfter->link), QStringLiteral("ib-hdr"));
        QVERIFY(tpAfter->timeS > 2 * tpBefore->timeS);
        QVERIFY(after.stepS > before.stepS);
        const bool flagged = std::any_of(
            after.warnings.begin(), after.warnings.end(), [](const Warning& w) { return w.code == "tp-crosses-node"; });
        QVERIFY(flagged);
    }

    void nicsAreSharedAmongGroupsLeavingANode()
    {
        // TP=8 inside each node, DP=2 across two nodes: 8 DP rings leave each node through its 8 NICs, one each.
        const Plan plan = test::mustPlan(test::gptPlanJson("gpt3-175b", 2, 8, 1, 2, 16));
        const GroupSet g = buildGroups(plan);
        const LinkSpec& ib = plan.cluster.interNode;
        QCOMPARE(g.dp.front().path.busGBps, ib.effectiveGBps());
        // With one NIC per node the eight rings share it.
        auto j = test::gptPlanJson("gpt3-175b", 2, 8, 1, 2, 16);
        j["cluster"]["nics_per_node"] = 1;
        const GroupSet shared = buildGroups(test::mustPlan(j));
        QCOMPARE(shared.dp.front().path.busGBps, ib.effectiveGBps() / 8);
    }

    // Megatron reduces gradients over the DP × CP ranks of a stage (its data-parallel group "with context parallel"):
    // with DP 1 and CP 2 the two CP ranks still all-reduce their gradients, and ZeRO shards over both.
    void gradientsAreReducedOverDataAndContextParallelRanks()
    {
        auto j = test::gptPlanJson("megatron-gpt-1.7b", 1, 4, 1, 1, 16);
        j["parallel"]["cp"] = 2;
        j["training"]["flash_attention"] = true; // CP runs inside fused attention
        const Plan plan = test::mustPlan(j);
        const GroupSet g = buildGroups(plan);
        QCOMPARE(g.dpcp.size(), std::size_t(4)); // one per TP rank
        QCOMPARE(g.dpcp.front().gpus, (std::vector<int> { 0, 4 }));
        QCOMPARE(g.gradientGroups().front().path.ranks, 2);
        const Evaluation ev = evaluate(plan);
        QVERIFY(ev.valid);
        const auto grad = std::find_if(ev.comm.begin(), ev.comm.end(),
            [](const CommItem& c) { return c.dim == Dim::DP && c.payload == CommPayload::Gradients; });
        QVERIFY(grad != ev.comm.end());
        QCOMPARE(grad->groupSize, 2);
        QVERIFY(grad->timeS > 0);
        // Without CP the gradient groups are the DP groups themselves.
        const GroupSet plain = buildGroups(test::mustPlan(test::gptPlanJson("megatron-gpt-1.7b", 1, 4, 1, 2, 16)));
        QVERIFY(plain.dpcp.empty());
        QCOMPARE(&plain.gradientGroups(), &plain.dp);
    }

    void idleGpusAreKept()
    {
        auto j = test::gptPlanJson("megatron-gpt-1.7b", 2, 2, 1, 4, 16);
        const Plan plan = test::mustPlan(j);
        int idle = 0;
        for (std::size_t g = 0; g < plan.placement.coordOf.size(); ++g)
            idle += plan.placement.idle(int(g));
        QCOMPARE(idle, 8);
        QVERIFY(evaluate(plan).valid);
    }
};

QTEST_GUILESS_MAIN(TestPlacement)
#include "tst_placement.moc"
