#include "../testplans.h"
#include "layercost.h"

#include <QTest>

using namespace plait;

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
};

QTEST_GUILESS_MAIN(TestActivations)
#include "tst_activations.moc"
