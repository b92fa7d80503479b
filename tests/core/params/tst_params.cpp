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
