#include "../testplans.h"
#include "layercost.h"
#include "lowprecision.h"

#include <QTest>
#include <fstream>

using namespace plait;

namespace {
// DeepSeek-V3 as its report trains it (tests/data/moe): TP 1, EP 64, micro-batch 1 of 4,096 tokens, FP8 blockwise.
nlohmann::json deepSeekV3()
{
    std::ifstream f(PLAIT_TEST_DATA "/moe/deepseek-v3-2048xh800-dualpipe.plait.json");
    return nlohmann::json::parse(f);
}

LayerCost deepSeekLayer(const nlohmann::json& modules, bool fp8ActivationInput = false)
{
    nlohmann::json j = deepSeekV3();
    j["training"]["recompute"] = modules.empty() ? "none" : "selective";
    if (!modules.empty())
        j["training"]["recompute_modules"] = modules;
    j["training"]["activation_fp8_input"] = fp8ActivationInput;
    return layerCost(test::mustPlan(j));
}
}

// Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models", Table 2: activation
// bytes per transformer layer with 16-bit activations and 1-byte dropout masks.
class TestActivations : public QObject {
    Q_OBJECT
private slots:
    void tableTwo_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<bool>("sp");
        QTest::addColumn<QString>("recompute");
        QTest::addColumn<QString>("formula");
        QTest::newRow("no parallelism, Eq. 1") << 1 << false << "none"
                                               << "34+5as/h";
        QTest::newRow("tensor parallel, Eq. 2") << 8 << false << "none"
                                                << "10+24/t+5as/ht";
        QTest::newRow("tensor + sequence parallel, Eq. 4") << 8 << true << "none"
                                                           << "34/t+5as/ht";
        QTest::newRow("tensor parallel + selective") << 8 << false << "selective"
                                                     << "10+24/t";
        QTest::newRow("tensor + sequence parallel + selective") << 8 << true << "selective"
                                                                << "34/t";
        QTest::newRow("full recompute") << 8 << false << "full"
                                        << "2";
    }
    void tableTwo()
    {
        QFETCH(int, tp);
        QFETCH(bool, sp);
        QFETCH(QString, recompute);
        QFETCH(QString, formula);
        auto j = test::gptPlanJson("gpt3-175b", 8, tp, 1, 1, 4);
        j["training"]["micro_batch"] = 2;
        j["training"]["sequence_parallel"] = sp;
        j["training"]["recompute"] = recompute.toStdString();
        const Plan plan = test::mustPlan(j);
        const double s = 2048, b = 2, h = 12288, a = 96, t = tp;
        const double sbh = s * b * h;
        double perSbh = 0;
        if (formula == QLatin1String("34+5as/h"))
            perSbh = 34 + 5 * a * s / h;
        else if (formula == QLatin1String("10+24/t+5as/ht"))
            perSbh = 10 + 24 / t + 5 * a * s / (h * t);
        else if (formula == QLatin1String("34/t+5as/ht"))
            perSbh = 34 / t + 5 * a * s / (h * t);
        else if (formula == QLatin1String("10+24/t"))
            perSbh = 10 + 24 / t;
        else if (formula == QLatin1String("34/t"))
            perSbh = 34 / t;
        else
            perSbh = 2;
        QCOMPARE(layerCost(plan).storedActivations, sbh * perSbh);
    }

    void flashAttentionDropsTheScoreMatrix()
    {
        auto j = test::gptPlanJson("gpt3-175b", 8, 8, 1, 1, 4);
        const double without = layerCost(test::mustPlan(j)).storedActivations;
        j["training"]["flash_attention"] = true;
        const double with = layerCost(test::mustPlan(j)).storedActivations;
        const double s = 2048, h = 12288, a = 96, t = 8;
        QCOMPARE(without - with, s * h * 5 * a * s / (h * t));
    }

    void contextParallelSplitsTheSequence()
    {
        auto j = test::gptPlanJson("llama2-7b", 1, 1, 1, 1, 4);
        j["training"]["flash_attention"] = true;
        const double one = layerCost(test::mustPlan(j)).storedActivations;
        j["parallel"]["cp"] = 2;
        j["training"]["global_batch"] = 4;
        const double two = layerCost(test::mustPlan(j)).storedActivations;
        QCOMPARE(two, one / 2);
    }

    // Megatron-Core's --recompute-modules (transformer_config.py) on a DeepSeek-V3 MoE layer: each module drops what
    // it would keep, term by term (bytes per layer and micro-batch; T = 4,096 tokens, h = 7,168, 128 heads of
    // 192 + 192 + 128 for Q, K, V, top-8 routed experts and one shared of 2,048, SwiGLU, inputs of linears kept at
    // the FP8 recipe's width `in`, 16-bit e = 2).
    void recomputeModulesDropWhatTheyRunAgain_data()
    {
        QTest::addColumn<QString>("modules"); // comma-separated
        QTest::addColumn<QString>("dropped");
        QTest::newRow("core_attn (flash: nothing)") << "core_attn"
                                                    << "0";
        QTest::newRow("layernorm") << "layernorm"
                                   << "norm outputs";
        QTest::newRow("mla_up_proj") << "mla_up_proj"
                                     << "Q, K, V";
        QTest::newRow("moe_act") << "moe_act"
                                 << "FC2 inputs";
        QTest::newRow("shared_experts") << "shared_experts"
                                        << "shared MLP";
        QTest::newRow("moe") << "moe"
                             << "all but the MoE input";
        QTest::newRow("DeepSeek-V3 §3.3.2: norms, MLA up-projection, SwiGLU") << "layernorm,mla_up_proj,moe_act"
                                                                              << "the three above";
    }
    void recomputeModulesDropWhatTheyRunAgain()
    {
        QFETCH(QString, modules);
        QFETCH(QString, dropped);
        nlohmann::json list = nlohmann::json::array();
        for (const QString& m : modules.split(QLatin1Char(',')))
            list.push_back(m.toStdString());
        const LayerCost none = deepSeekLayer(nlohmann::json::array());
        const LayerCost with = deepSeekLayer(list);
        const double in = linearRecipe(test::mustPlan(deepSeekV3())).savedInputBytes, e = 2;
        const double T = 4096, h = 7168, k = 8, ffn = 2048;
        const double layernorm = T * h * (in + e + in), mla = T * e * 128 * (192 + 192 + 128), act = T * k * ffn * in;
        double expected = 0;
        if (dropped == QLatin1String("norm outputs"))
            expected = layernorm;
        else if (dropped == QLatin1String("Q, K, V"))
            expected = mla;
        else if (dropped == QLatin1String("FC2 inputs"))
            expected = act;
        else if (dropped == QLatin1String("shared MLP"))
            expected = T * ffn * (2 * e + in) + T * h * in;
        else if (dropped == QLatin1String("all but the MoE input"))
            // router and shared inputs, the routed copies' FC1 inputs, both MLPs' FC1 outputs and FC2 inputs, less the
            // checkpoint's input
            expected
                = T * h * (e + in) + T * k * h * in + T * k * ffn * (2 * e + in) + T * ffn * (2 * e + in) - e * T * h;
        else if (dropped == QLatin1String("the three above"))
            expected = layernorm + mla + act;
        QVERIFY2(qAbs(none.storedActivations - with.storedActivations - expected) <= 1e-9 * none.storedActivations,
            qPrintable(QStringLiteral("dropped %1, expected %2")
                           .arg(none.storedActivations - with.storedActivations, 0, 'g', 12)
                           .arg(expected, 0, 'g', 12)));
        QCOMPARE(with.fullActivations, none.fullActivations); // the working set while a layer recomputes
    }

    // Megatron-Core --activation-func-fp8-input-store keeps SwiGLU's two inputs at 1 byte: per routed copy and per
    // shared expert token, 2·2048 bytes saved.
    void activationInputInFp8HalvesWhatSwigluKeeps()
    {
        const LayerCost bf16 = deepSeekLayer(nlohmann::json::array());
        const LayerCost fp8 = deepSeekLayer(nlohmann::json::array(), true);
        QCOMPARE(bf16.storedActivations - fp8.storedActivations, 4096.0 * (8 + 1) * 2048 * 2 * (2 - 1));
    }

    // torchtitan's op-level policy (parallelize_llama.py _save_list, every second aten.mm recomputed) on Llama 3 8B,
    // 8,192 tokens: a layer keeps its input, the outputs of wq (4,096), wv (1,024), w1 (14,336) and w2 (4,096) and
    // the attention output (4,096) at 2 bytes, the log-sum-exp of 32 heads at 4; it runs wk (4,096 → 1,024), wo
    // (4,096 → 4,096) and w3 (4,096 → 14,336) again.
    void opLevelRecomputeKeepsEveryOtherMatmul()
    {
        auto j = test::gptPlanJson("llama3-8b", 1, 1, 1, 8, 8);
        j["model"]["seq_len"] = 8192;
        j["training"]["framework"] = "fsdp";
        j["training"]["zero_stage"] = 3;
        j["training"]["flash_attention"] = true;
        j["training"]["recompute"] = "selective_op";
        const LayerCost c = layerCost(test::unfitted(test::mustPlan(j)));
        const double tokens = 8192;
        QCOMPARE(c.storedActivations, tokens * (2.0 * (4096 + 4096 + 1024 + 14336 + 4096 + 4096) + 4.0 * 32));
        QCOMPARE(c.recomputeFwdFlops, 2 * tokens * (4096.0 * 1024 + 4096.0 * 4096 + 4096.0 * 14336));
        // Between keeping everything and keeping the input alone; it runs again less than the whole forward.
        QVERIFY(c.storedActivations < c.fullActivations);
        QVERIFY(c.recomputeFwd > 0 && c.recomputeFwd < c.forward());
    }

    // Recomputing MLA's up projections runs their forward GEMMs again: 2·T·(q_lora·q + kv_lora·heads·(nope + v))
    // FLOPs, the q up (1,536 → 128 × 192) and kv up (512 → 128 × (128 + 128)) projections.
    void mlaUpProjectionRecomputeRunsItsGemmsAgain()
    {
        const LayerCost c = deepSeekLayer(nlohmann::json::array({ "mla_up_proj" }));
        QCOMPARE(c.recomputeFwdFlops, 2.0 * 4096 * (1536.0 * 128 * 192 + 512.0 * 128 * (128 + 128)));
        const LayerCost attention = deepSeekLayer(nlohmann::json::array({ "core_attn" }));
        QCOMPARE(attention.recomputeFwdFlops, attention.attentionFwdFlops);
        QCOMPARE(attention.recomputeFwd, attention.fwdAttention);
    }
};

QTEST_GUILESS_MAIN(TestActivations)
#include "tst_activations.moc"
