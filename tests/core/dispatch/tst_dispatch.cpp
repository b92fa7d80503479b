#include "../testplans.h"
#include "dispatch.h"
#include "evaluate.h"
#include "gemm.h"
#include "groups.h"
#include "inlayer.h"
#include "layercost.h"
#include "plan.h"

#include <QTest>
#include <cmath>
#include <fstream>

using namespace plait;

namespace {
// DeepSeek-V3 as its report trains it (tests/data/moe): 2,048 H800, EP 64 over eight nodes, tokens dispatched as
// DeepEP does.
nlohmann::json deepSeekOnH800()
{
    std::ifstream f(PLAIT_TEST_DATA "/moe/deepseek-v3-2048xh800-dualpipe.plait.json");
    return nlohmann::json::parse(f);
}

// Qwen3-30B-A3B (128 experts, top-8, no shared expert) on `nodes` DGX H100s, EP over all of them.
nlohmann::json qwen30b(int nodes, int tp)
{
    nlohmann::json j = test::gptPlanJson("qwen3-30b-a3b", nodes, tp, 1, nodes * 8 / tp, 256);
    test::onDgxH100(j);
    j["parallel"]["ep"] = nodes * 8;
    j["parallel"]["etp"] = 1;
    j["training"]["sequence_parallel"] = tp > 1;
    return j;
}

// One dispatch on the first stage's slowest EP group, as evaluate() prices it.
ExpertDispatch dispatchOf(const Plan& plan)
{
    const GroupSet groups = buildGroups(plan);
    const GroupPath* worst = nullptr;
    for (const Group& g : groups.ep)
        if (g.stage == 0 && (!worst || g.path.busGBps < worst->busGBps))
            worst = &g.path;
    if (!worst)
        qFatal("no EP group");
    return expertDispatch(plan, layerCost(plan).epTokens, bytesPerElement(plan), *worst);
}

double distinct(double n, double k)
{
    return n * (1 - std::pow(1 - 1 / n, k));
}

const CommItem* commItem(const Evaluation& ev, CommPayload what)
{
    for (const CommItem& c : ev.comm)
        if (c.payload == what)
            return &c;
    return nullptr;
}
}

class TestDispatch : public QObject {
    Q_OBJECT
private slots:
    // DeepSeek-V3 §3.2.2: a token crosses InfiniBand once per node it reaches, at most four (its top-4 of eight
    // groups, one group per node under EP 64 on eight nodes), and is forwarded over NVLink there. With k = 8 picks
    // spread over the four nodes' 32 GPUs a token reaches 4·(1 − (3/4)^8) = 3.60 nodes and 7.16 GPUs; unlimited, over
    // eight nodes, 5.25 and 7.57. Each GPU routes its 4,096 tokens of 7,168 BF16 values.
    void flexSendsOncePerNode_data()
    {
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("allowed");
        QTest::newRow("node-limited, 4 of 8 nodes") << 8 << 4;
        QTest::newRow("unlimited") << 0 << 8;
    }
    void flexSendsOncePerNode()
    {
        QFETCH(int, groups);
        QFETCH(int, allowed);
        nlohmann::json j = deepSeekOnH800();
        j["model"] = toJson(*findPreset("deepseek-v3"));
        j["model"]["moe"]["router_groups"] = groups;
        j["model"]["moe"]["router_group_top_k"] = groups > 0 ? 4 : 0;
        const Plan plan = test::unfitted(test::mustPlan(j));
        QVERIFY(validate(plan).empty());
        const ExpertDispatch d = dispatchOf(plan);
        QCOMPARE(d.domainsAllowed, allowed);
        QCOMPARE(d.domainsPerToken, distinct(allowed, 8));
        QCOMPARE(d.gpusPerToken, distinct(allowed * 8, 8));
        const double token = 4096.0 * 7168 * 2;
        QCOMPARE(d.fabricBytes, token * d.domainsPerToken * 7 / 8);
        QCOMPARE(d.nvlinkBytes, token * d.gpusPerToken * 7 / 8);
        // The all-to-all sends all eight copies, 56 of 64 ranks' worth across nodes, wherever routing limits them.
        nlohmann::json a = j;
        a["training"]["moe_dispatcher"] = "alltoall";
        const ExpertDispatch all = dispatchOf(test::unfitted(test::mustPlan(a)));
        QCOMPARE(all.fabricBytes, token * 8 * 56 / 64);
        QVERIFY(all.call.seconds > d.call.seconds);
        a["model"]["moe"]["router_groups"] = 0;
        a["model"]["moe"]["router_group_top_k"] = 0;
        QCOMPARE(dispatchOf(test::unfitted(test::mustPlan(a))).call.seconds, all.call.seconds);
    }

    // The same plan end to end: node-limited, deduplicated dispatch more than halves what crosses InfiniBand
    // (3.60·7/8 = 3.15 against 7 copies a token), and the step is shorter.
    void flexShortensDeepSeekV3Step()
    {
        const nlohmann::json j = deepSeekOnH800();
        nlohmann::json a = j;
        a["training"]["moe_dispatcher"] = "alltoall";
        const Evaluation flex = evaluate(test::unfitted(test::mustPlan(j))),
                         all = evaluate(test::unfitted(test::mustPlan(a)));
        QVERIFY(flex.valid && all.valid);
        const CommItem* f = commItem(flex, CommPayload::TokenDispatch);
        const CommItem* t = commItem(all, CommPayload::TokenDispatch);
        QVERIFY(f && t);
        QCOMPARE(f->collective, CollectiveKind::AllToAll);
        QVERIFY2(f->timeS < 0.5 * t->timeS, qPrintable(QString::number(f->timeS / t->timeS)));
        QVERIFY(flex.stepS < all.stepS);
        QCOMPARE(flex.dispatch.domainsAllowed, 4);
    }

    // Megatron-Core's all-gather dispatcher gathers every token of the expert group whatever its top-k, and
    // reduce-scatters the outputs; the all-to-all sends k copies. Qwen3-30B-A3B on one DGX H100 (EP 8): at top-8 they
    // move the same bytes, at top-2 the all-to-all a quarter.
    void allGatherIgnoresTopK_data()
    {
        QTest::addColumn<int>("topK");
        QTest::newRow("top-8") << 8;
        QTest::newRow("top-2") << 2;
    }
    void allGatherIgnoresTopK()
    {
        QFETCH(int, topK);
        nlohmann::json j = qwen30b(1, 1);
        j["model"] = toJson(*findPreset("qwen3-30b-a3b"));
        j["model"]["moe"]["top_k"] = topK;
        const double token = 4096.0 * 2048 * 2;
        const ExpertDispatch a2a = dispatchOf(test::unfitted(test::mustPlan(j)));
        QCOMPARE(a2a.bytes, token * topK);
        j["training"]["moe_dispatcher"] = "allgather";
        const Plan gatherPlan = test::unfitted(test::mustPlan(j));
        const ExpertDispatch ag = dispatchOf(gatherPlan);
        QCOMPARE(ag.bytes, token * 8);
        QCOMPARE(ag.dispatchKind, CollectiveKind::AllGather);
        QCOMPARE(ag.combineKind, CollectiveKind::ReduceScatter);
        const Evaluation ev = evaluate(gatherPlan);
        QVERIFY(ev.valid);
        QCOMPARE(commItem(ev, CommPayload::TokenCombine)->collective, CollectiveKind::ReduceScatter);
    }

    // Inside one NVLink domain the fused kernel sends a token once to each GPU it needs: 8·(1 − (7/8)^8) = 5.25 of
    // the eight copies the all-to-all sends.
    void flexDeduplicatesPerGpu()
    {
        nlohmann::json j = qwen30b(1, 1);
        j["training"]["moe_dispatcher"] = "flex";
        const ExpertDispatch d = dispatchOf(test::unfitted(test::mustPlan(j)));
        QCOMPARE(d.fabricBytes, 0.0);
        QCOMPARE(d.gpusPerToken, distinct(8, 8));
        QCOMPARE(d.nvlinkBytes, 4096.0 * 2048 * 2 * distinct(8, 8) * 7 / 8);
    }

    // Expert TP under the all-to-all dispatcher (Megatron-Core's MoEAlltoAllTokenDispatcher): each GPU sends its
    // sequence-parallel share of tokens, and the tokens it receives are all-gathered over expert TP before the
    // experts and reduce-scattered after; the flex dispatcher sends to every expert-TP rank instead. A MoE layer
    // without shared experts has TP collectives in its attention block only.
    void expertTpGathersWhatTheAllToAllBrought()
    {
        nlohmann::json j = qwen30b(2, 2);
        j["parallel"]["ep"] = 4;
        j["parallel"]["etp"] = 2;
        const Plan plan = test::unfitted(test::mustPlan(j));
        QVERIFY(validate(plan).empty());
        const LayerCost lc = layerCost(plan);
        QCOMPARE(lc.epTokens, 4096.0 / 2);
        QCOMPARE(lc.epBytes, 4096.0 / 2 * 8 * 2048 * 2);
        QCOMPARE(lc.etpBytes, 2 * lc.epBytes);
        QCOMPARE(lc.tpCallsFwd, 1);
        const Evaluation ev = evaluate(plan);
        QVERIFY(ev.valid);
        const CommItem* gather = commItem(ev, CommPayload::RoutedTokensOverEtp);
        QVERIFY(gather);
        QCOMPARE(gather->collective, CollectiveKind::AllGather);
        QCOMPARE(gather->groupSize, 2);
        QCOMPARE(gather->bytesPerCall, lc.etpBytes);
        j["training"]["moe_dispatcher"] = "flex";
        QCOMPARE(layerCost(test::unfitted(test::mustPlan(j))).etpBytes, 0.0);
        QCOMPARE(
            layerCost(test::unfitted(test::mustPlan(test::gptPlanJson("deepseek-v3", 16, 2, 8, 8, 512)))).tpCallsFwd,
            2);
    }

    // Megatron-Core's token permutations in HBM (moe_utils.py), per routed token in hidden rows: Qwen3-30B-A3B with
    // EP 8 holds 16 experts a GPU. All-to-all: the source gathers 8 copies (read, write: 16) and scatter-adds them
    // back (9); the destination sorts its 8 copies by expert and back (32): 57 rows. All-gather: the destination
    // picks its 8 copies (16), scatter-adds them (8) into the gathered buffer of 8 ranks' tokens (8): 32 rows. The
    // backward moves as much again; both are in the layer's element-wise time.
    void permutationsMoveTheCopies_data()
    {
        QTest::addColumn<QString>("dispatcher");
        QTest::addColumn<double>("rows");
        QTest::newRow("alltoall") << "alltoall" << 57.0;
        QTest::newRow("flex") << "flex" << 57.0;
        QTest::newRow("allgather") << "allgather" << 32.0;
    }
    void permutationsMoveTheCopies()
    {
        QFETCH(QString, dispatcher);
        QFETCH(double, rows);
        nlohmann::json j = qwen30b(1, 1);
        j["training"]["moe_dispatcher"] = dispatcher.toStdString();
        const Plan plan = test::unfitted(test::mustPlan(j));
        const double bytes = 4096.0 * rows * 2048 * 2;
        QCOMPARE(permuteBytes(plan, 4096, 2), bytes);
        const LayerCost lc = layerCost(plan);
        QCOMPARE(lc.fwdPermute, memoryTime(bytes, plan.cluster.gpu));
        QVERIFY(lc.fwdElementwise > lc.fwdPermute);
        QCOMPARE(
            permuteBytes(test::unfitted(test::mustPlan(test::gptPlanJson("llama2-7b", 1, 1, 1, 8, 8))), 4096, 2), 0.0);
    }

    // The dispatchers other than the all-to-all are Megatron-Core's; validation names the field.
    void dispatcherNeedsMegatron()
    {
        nlohmann::json j = qwen30b(1, 1);
        j["training"]["moe_dispatcher"] = "flex";
        j["training"]["framework"] = "fsdp";
        const std::vector<Issue> issues = validate(test::unfitted(test::mustPlan(j)));
        QVERIFY(std::any_of(
            issues.begin(), issues.end(), [](const Issue& i) { return i.field == "training.moe_dispatcher"; }));
    }
};

QTEST_APPLESS_MAIN(TestDispatch)
#include "tst_dispatch.moc"
