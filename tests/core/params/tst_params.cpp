#include "model.h"
#include "params.h"

#include <QTest>

using namespace plait;

// Narayanan et al., SC'21, Table 1: the GPT family Megatron-LM trained, parameters in billions, from
// Eq. (2) with V = 51200 and s = 2048.
class TestParams : public QObject {
    Q_OBJECT
private slots:
    void megatronGptFamily_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("billions");
        QTest::newRow("1.7B") << "megatron-gpt-1.7b" << 1.7;
        QTest::newRow("3.6B") << "megatron-gpt-3.6b" << 3.6;
        QTest::newRow("7.5B") << "megatron-gpt-7.5b" << 7.5;
        QTest::newRow("18.4B") << "megatron-gpt-18.4b" << 18.4;
        QTest::newRow("39.1B") << "megatron-gpt-39.1b" << 39.1;
        QTest::newRow("76.1B") << "megatron-gpt-76.1b" << 76.1;
        QTest::newRow("145.6B") << "megatron-gpt-145.6b" << 145.6;
        QTest::newRow("310.1B") << "megatron-gpt-310.1b" << 310.1;
        QTest::newRow("529.6B") << "megatron-gpt-529.6b" << 529.6;
        QTest::newRow("1008.0B") << "megatron-gpt-1008b" << 1008.0;
    }
    void megatronGptFamily()
    {
        QFETCH(QString, preset);
        QFETCH(double, billions);
        const ModelSpec* m = findPreset(preset.toStdString());
        QVERIFY(m);
        // Within 0.5%, or within the rounding of the printed figure (the table prints 1.7 for 1.652).
        const double got = totalParams(*m) / 1e9;
        const double printedUnit = 0.1; // Table 1 prints one decimal
        QVERIFY2(std::abs(got - billions) / billions < 0.005 || std::abs(got - billions) <= printedUnit / 2,
            qPrintable(QString::number(got)));
    }

    void equationTwoExactly()
    {
        // Eq. (2) counts no final LayerNorm; ours adds its 2h parameters.
        const ModelSpec* m = findPreset("gpt3-175b");
        const double l = m->layers, h = double(m->hidden), V = double(m->vocab), s = double(m->seqLen);
        const double eq2 = 12 * l * h * h * (1 + 13 / (12 * h) + (V + s) / (12 * l * h));
        QCOMPARE(totalParams(*m), eq2 + 2 * h);
    }

    void llamaFamilyFromPublishedSizes_data()
    {
        // Meta's published sizes (Touvron et al. 2023; Llama 3 paper Table 3), to 1%.
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("billions");
        QTest::newRow("Llama 2 7B") << "llama2-7b" << 6.74;
        QTest::newRow("Llama 2 13B") << "llama2-13b" << 13.0;
        QTest::newRow("Llama 2 70B") << "llama2-70b" << 69.0;
        QTest::newRow("Llama 3 8B") << "llama3-8b" << 8.03;
        QTest::newRow("Llama 3 70B") << "llama3-70b" << 70.6;
        QTest::newRow("Llama 3.1 405B") << "llama3-405b" << 405.9;
        QTest::newRow("Mixtral 8x7B") << "mixtral-8x7b" << 46.7;
        QTest::newRow("Qwen2.5 72B") << "qwen2.5-72b" << 72.7;
    }
    void llamaFamilyFromPublishedSizes()
    {
        QFETCH(QString, preset);
        QFETCH(double, billions);
        const ModelSpec* m = findPreset(preset.toStdString());
        QVERIFY(m);
        const double got = totalParams(*m) / 1e9;
        QVERIFY2(std::abs(got - billions) / billions < 0.01, qPrintable(QString::number(got)));
    }

    // Mixtures of experts as their model cards state them: total and activated parameters (DeepSeek-V3 technical
    // report, abstract: 671B total, 37B activated per token, its 14B MTP module apart; Qwen3 technical report
    // Table 1: 235B/22B and 30B/3B; Mistral AI's Mixtral 8x22B announcement: 141B, 39B active). DeepSeek-V3 counts
    // its multi-head latent attention, one shared expert of 2,048 and three dense first layers of 18,432.
    void mixturesOfExpertsFromTheirModelCards_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("total"); // billions
        QTest::addColumn<double>("activated");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("DeepSeek-V3") << "deepseek-v3" << 671.0 << 37.0 << 0.02;
        QTest::newRow("Qwen3 235B-A22B") << "qwen3-235b-a22b" << 235.0 << 22.0 << 0.02;
        QTest::newRow("Qwen3 30B-A3B") << "qwen3-30b-a3b" << 30.5 << 3.3 << 0.03;
        QTest::newRow("Mixtral 8x22B") << "mixtral-8x22b" << 141.0 << 39.0 << 0.01;
    }
    void mixturesOfExpertsFromTheirModelCards()
    {
        QFETCH(QString, preset);
        QFETCH(double, total);
        QFETCH(double, activated);
        QFETCH(double, tolerance);
        const ModelSpec* m = findPreset(preset.toStdString());
        QVERIFY(m);
        const double got = totalParams(*m) / 1e9, active = activatedParams(*m) / 1e9;
        QVERIFY2(std::abs(got - total) / total < tolerance, qPrintable(QString::number(got)));
        // "37B" and "22B" are rounded down from 37.5 and 22.1 or so: the activated count within 2% above.
        QVERIFY2(
            active >= activated * (1 - tolerance) && active <= activated * 1.035, qPrintable(QString::number(active)));
    }

    // A stage holding DeepSeek-V3's first layers holds three dense layers (an MLP of 18,432) and MoE layers after
    // them; MLA's down projections stay whole on every TP rank.
    void denseFirstLayersAndMlaOnTheirStages()
    {
        const ModelSpec* m = findPreset("deepseek-v3");
        QVERIFY(m);
        const LayerParams moe = layerParams(*m), dense = layerParams(denseLayerModel(*m));
        QCOMPARE(dense.mlp, 3.0 * 7168 * 18432);
        QCOMPARE(moe.expertShare, 256 * 3.0 * 7168 * 2048);
        QCOMPARE(moe.replicated, 7168.0 * 1536 + 1536 + 7168.0 * (512 + 64) + 512);
        // 61 layers on 16 stages, the first holding the three dense ones: stage sums give the whole model.
        const StageParams a = stageParams(*m, 4, true, false, 16, 1, 1, 3);
        QCOMPARE(a.total(), 3 * dense.total() + moe.total() + embeddingParams(*m));
        const StageParams t = stageParams(*m, 4, false, false, 16, 8, 64, 0);
        QCOMPARE(t.expert, 4 * moe.expertShare / 64);
        QCOMPARE(t.dense,
            4 * ((moe.total() - moe.expertShare - moe.norms - moe.replicated) / 8 + moe.norms + moe.replicated));
        // Its MTP module (DeepSeek-V3 §2.2) on the last stage: one more MoE layer, the 2h → h projection, three
        // RMSNorms, and a copy of the word embedding it reads (untied; the first stage's is elsewhere). Outside the
        // 671B: 11.6B, of the 14B DeepSeek publishes with the stored embedding and head (2 × 0.93B).
        QCOMPARE(m->mtpLayers, 1);
        ModelSpec noMtp = *m;
        noMtp.mtpLayers = 0;
        const double h = 7168;
        const StageParams last = stageParams(*m, 2, false, true, 16, 1, 1, 0);
        const StageParams lastWithout = stageParams(noMtp, 2, false, true, 16, 1, 1, 0);
        QCOMPARE(last.total() - lastWithout.total(), moe.total() + 2 * h * h + 3 * h + 129280 * h);
        QCOMPARE(mtpParams(*m), moe.total() + 2 * h * h + 3 * h);
        QVERIFY(std::abs(mtpParams(*m) + 2 * 129280 * h - 13.5e9) < 0.2e9);
        QCOMPARE(totalParams(*m), totalParams(noMtp));
    }

    void stagesHoldEmbeddingAndHead()
    {
        const ModelSpec* m = findPreset("llama2-7b");
        const StageParams first = stageParams(*m, 8, true, false, 4, 1, 1);
        const StageParams middle = stageParams(*m, 8, false, false, 4, 1, 1);
        const StageParams last = stageParams(*m, 8, false, true, 4, 1, 1);
        QCOMPARE(first.total() - middle.total(), embeddingParams(*m));
        QCOMPARE(last.total() - middle.total(), headParams(*m));
        // The stages together hold the whole model.
        QCOMPARE(first.total() + 2 * middle.total() + last.total(), totalParams(*m));
    }
};

QTEST_GUILESS_MAIN(TestParams)
#include "tst_params.moc"
