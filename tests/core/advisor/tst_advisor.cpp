#include "../testplans.h"
#include "advisor.h"
#include "evaluate.h"
#include "placementedit.h"
#include "planedit.h"

#include <QTest>
#include <tuple>

using namespace plait;

// The advisor: each item appears for a plan made to trigger it, says what it saw with the plan's numbers, and its
// one-click fix is a plan that fits, after which the item is gone.
class TestAdvisor : public QObject {
    Q_OBJECT

    static nlohmann::json plan(const char* preset, int nodes, int tp, int pp, int dp, long long batch)
    {
        auto j = test::gptPlanJson(preset, nodes, tp, pp, dp, batch);
        j["training"]["recompute"] = "none";
        return j;
    }

    static std::vector<std::string> codes(const Plan& p)
    {
        std::vector<std::string> out;
        for (const Advice& a : advise(p, evaluate(p)))
            out.push_back(a.code);
        return out;
    }

private slots:
    void itemsAppearAndTheirFixRemovesThem_data()
    {
        QTest::addColumn<QByteArray>("planJson");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("saw");
        // Llama 2 7B, DP 8 without ZeRO: 16 bytes of states per parameter (112 GB) on each A100 80GB.
        QTest::newRow("optimizer state out of memory")
            << QByteArray(plan("llama2-7b", 1, 1, 1, 8, 64).dump().c_str()) << "memory-optimizer"
            << "optimizer state and gradients take 100.4 GiB";
        auto act = plan("llama2-7b", 1, 1, 1, 8, 64);
        act["training"]["micro_batch"] = 8;
        act["training"]["zero_stage"] = 3;
        act["training"]["framework"] = "fsdp"; // Megatron-LM stops at ZeRO-1
        QTest::newRow("activations out of memory") << QByteArray(act.dump().c_str()) << "memory-activations"
                                                   << "the activations in flight (micro-batches: 1) take";
        auto wide = plan("llama2-70b", 4, 16, 2, 1, 64);
        wide["training"]["recompute"] = "selective";
        wide["training"]["sequence_parallel"] = true;
        QTest::newRow("TP wider than the node") << QByteArray(wide.dump().c_str()) << "tp-wider-than-node"
                                                << "TP = 16 is wider than the 8 GPUs";
        auto bubble = plan("llama2-13b", 4, 4, 8, 1, 64);
        bubble["training"]["micro_batch"] = 4;
        bubble["training"]["recompute"] = "selective";
        QTest::newRow("too few micro-batches") << QByteArray(bubble.dump().c_str()) << "too-few-microbatches"
                                               << "m = 16 micro-batches for p = 8";
        // Llama 2 13B at TP 8 with no TP overlap: every all-reduce waits, 23% of the step.
        auto tpWait = plan("llama2-13b", 1, 8, 1, 1, 64);
        tpWait["training"]["tp_overlap"] = "none";
        QTest::newRow("exposed TP communication") << QByteArray(tpWait.dump().c_str()) << "tp-comm-exposed"
                                                  << "Exposed tensor-parallel communication takes";
        // Llama 2 13B in BF16 on a DGX H100 at TP 8: FP8 still pays after its casts (torchao, TE benchmarks).
        auto bf16 = plan("llama2-13b", 1, 8, 1, 1, 64);
        test::onDgxH100(bf16);
        QTest::newRow("precision at this TP") << QByteArray(bf16.dump().c_str()) << "precision-at-tp"
                                              << "At TP 8 a layer's linears take";
        // Llama 2 13B at TP 4 × PP 2 × DP 2 on 4 nodes of 8: 16 GPUs idle; DP 4 (64 / 4 sequences each) uses them.
        QTest::newRow("idle GPUs") << QByteArray(plan("llama2-13b", 4, 4, 2, 2, 64).dump().c_str()) << "idle-gpus"
                                   << "16 of the 32 GPUs are idle: TP 4 × PP 2 × CP 1 × DP 2 uses 16 of them";
        QTest::newRow("TP and PP where DP would do")
            << QByteArray(plan("megatron-gpt-1.7b", 1, 2, 2, 2, 64).dump().c_str()) << "prefer-dp"
            << "TP 2 × PP 2";
    }
    void itemsAppearAndTheirFixRemovesThem()
    {
        QFETCH(QByteArray, planJson);
        QFETCH(QString, code);
        QFETCH(QString, saw);
        const Plan p = test::mustPlan(nlohmann::json::parse(planJson.toStdString()));
        const Evaluation ev = evaluate(p);
        const auto items = advise(p, ev);
        const auto it
            = std::find_if(items.begin(), items.end(), [&](const Advice& a) { return a.code == code.toStdString(); });
        QVERIFY2(it != items.end(), qPrintable(QStringLiteral("no %1 item").arg(code)));
        const std::string said = messageText(it->saw);
        qInfo("%s", said.c_str());
        QVERIFY2(said.find(saw.toStdString()) != std::string::npos, said.c_str());
        // Each part is said by a template of the one table, with as many numbers as it has places for them.
        for (const Message* m : { &it->saw, &it->why, &it->fix }) {
            const char* text = messageTemplate(m->key);
            QVERIFY2(text, m->key.c_str());
            int places = 0;
            for (int n = 1; n <= 9; ++n)
                places += std::string_view(text).find("%" + std::to_string(n)) != std::string_view::npos;
            QCOMPARE(places, int(m->args.size()));
        }
        QVERIFY(it->fixed.has_value());
        const Evaluation after = evaluate(*it->fixed);
        QVERIFY(after.valid);
        QVERIFY(after.peakBytes <= after.capacityBytes);
        QCOMPARE(after.stepS, it->fixedStepS);
        const auto left = codes(*it->fixed);
        QVERIFY2(std::find(left.begin(), left.end(), code.toStdString()) == left.end(), "the item is still there");
        if (ev.peakBytes <= ev.capacityBytes) // not a memory item: the fix must also be faster
            QVERIFY(after.stepS < ev.stepS);
    }

    // An out-of-memory plan's fix is the cheapest of the ways to fit, each evaluated: recomputation or a split.
    void theCheapestFixWins()
    {
        auto j = plan("llama2-7b", 1, 1, 1, 8, 64);
        j["training"]["micro_batch"] = 8;
        j["training"]["zero_stage"] = 3;
        j["training"]["framework"] = "fsdp";
        j["training"]["flash_attention"] = true;
        const Plan p = test::mustPlan(j);
        const auto items = advise(p, evaluate(p));
        const auto it
            = std::find_if(items.begin(), items.end(), [](const Advice& a) { return a.code == "memory-activations"; });
        QVERIFY(it != items.end() && it->fixed.has_value());
        int compared = 0; // the fixes that fit, each of which the advice must not be slower than
        for (Recompute rc : { Recompute::Selective, Recompute::Full }) {
            Plan q = p;
            q.training.recompute = rc;
            const Evaluation e = evaluate(q);
            if (e.valid && e.peakBytes <= e.capacityBytes) {
                QVERIFY(it->fixedStepS <= e.stepS);
                ++compared;
            }
        }
        for (auto [tp, dp, cp] : { std::tuple { 1, 4, 2 }, std::tuple { 2, 4, 1 } }) {
            const auto q = withShape(p, tp, 1, dp, cp);
            QVERIFY(q.ok());
            const Evaluation e = evaluate(q.value());
            if (e.valid && e.peakBytes <= e.capacityBytes) {
                QVERIFY2(it->fixedStepS <= e.stepS, messageText(it->fix).c_str());
                ++compared;
            }
        }
        QVERIFY2(compared >= 1, std::to_string(compared).c_str()); // the comparison ran, not skipped by every `if`
    }

    // TP groups split across nodes by a drag: the advisor puts them back inside the nodes.
    void aTpGroupAcrossNodesIsPutBack()
    {
        const Plan p = test::mustPlan(plan("megatron-gpt-7.5b", 2, 8, 1, 2, 64));
        auto swapped = swapGpus(p, 7, 8);
        QVERIFY(swapped.ok());
        const auto items = advise(swapped.value(), evaluate(swapped.value()));
        const auto it
            = std::find_if(items.begin(), items.end(), [](const Advice& a) { return a.code == "tp-crosses-node"; });
        QVERIFY(it != items.end());
        QVERIFY(it->fixed.has_value());
        const auto left = codes(*it->fixed);
        QVERIFY(std::find(left.begin(), left.end(), "tp-crosses-node") == left.end());
    }

    // Llama 3 8B's 128,256-token output layer costs about two of its layers: with 8 layers on each of 4 stages the
    // last one sets the pace. The warning names the head and the advisor's split of the layers is faster.
    void aLastStageHeavyWithTheHeadIsRebalanced()
    {
        auto j = plan("llama3-8b", 1, 2, 4, 1, 64);
        j["training"]["recompute"] = "selective";
        j["training"]["flash_attention"] = true;
        const Plan p = test::mustPlan(j);
        const Evaluation ev = evaluate(p);
        const auto w = std::find_if(
            ev.warnings.begin(), ev.warnings.end(), [](const Warning& x) { return x.code == "unbalanced-stages"; });
        QVERIFY(w != ev.warnings.end());
        QCOMPARE(
            QString::fromStdString(warningKey(w->code, w->args)), QStringLiteral("warning:unbalanced-stages-head"));
        QVERIFY2(w->message.find("128,256-token vocabulary") != std::string::npos, w->message.c_str());
        const auto items = advise(p, ev);
        const auto it
            = std::find_if(items.begin(), items.end(), [](const Advice& a) { return a.code == "unbalanced-stages"; });
        QVERIFY(it != items.end() && it->fixed.has_value());
        QCOMPARE(QString::fromStdString(it->fix.key), QStringLiteral("fix:split-layers"));
        QVERIFY(it->fixed->layersOnStage(3) < p.layersOnStage(3));
        QVERIFY2(it->fixedStepS < ev.stepS, messageText(it->fix).c_str());
    }

    void aGoodPlanGetsNoAdvice()
    {
        const Plan p = test::mustPlan(plan("megatron-gpt-1.7b", 1, 1, 1, 8, 64));
        QVERIFY(codes(p).empty());
    }
};

QTEST_GUILESS_MAIN(TestAdvisor)
#include "tst_advisor.moc"
