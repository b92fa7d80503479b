#include "../testplans.h"
#include "evaluate.h"
#include "overlap.h"
#include "range.h"

#include <QTest>

#include <cmath>

using namespace plait;

// Each step time carries the range its uncertain rates' published spreads give (cost/range.h).
class TestRange : public QObject {
    Q_OBJECT
private slots:
    void endsBracketThePoint_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("dp");
        QTest::newRow("1.7B, DP 16 over two nodes") << "megatron-gpt-1.7b" << 1 << 1 << 16;
        QTest::newRow("GPT-3 175B, TP 8 PP 2") << "gpt3-175b" << 8 << 2 << 1;
    }
    void endsBracketThePoint()
    {
        QFETCH(QString, preset);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, dp);
        const Plan plan
            = test::unfitted(test::mustPlan(test::gptPlanJson(preset.toUtf8().constData(), 2, tp, pp, dp, 64)));
        Evaluation ev = evaluate(plan);
        QVERIFY(ev.valid);
        addStepRange(plan, ev);
        QVERIFY(ev.stepFastS > 0);
        QVERIFY(ev.stepFastS < ev.stepS);
        QVERIFY(ev.stepS < ev.stepSlowS);
        // Compute dominates these steps: the fast end cannot beat the burst GEMM rate's gain over the sustained one,
        // nor the slow end lose more than the node spread and the most contention together.
        const GpuSpec& g = plan.cluster.gpu;
        QVERIFY(ev.stepFastS >= ev.stepS * g.gemmSustainedEfficiency / g.gemmMaxEfficiency * (1 - 1e-9));
        QVERIFY(ev.stepSlowS <= ev.stepS / (1 - kNodeSpread) * (1 + kMostOverlapSlowdown));
    }

    // Under the shipped calibration the range also reaches what the fit missed on runs it did not see: the 10th
    // and 90th percentiles of ln(published / predicted), cross-validated (calibration.json), either side of the point.
    void shippedFitWidensTheRangeToItsMisses()
    {
        const Plan plan = test::mustPlan(test::gptPlanJson("megatron-gpt-1.7b", 2, 1, 1, 16, 64));
        const CalibrationRecord& fit = builtinCalibration();
        QVERIFY(fit.rangeLowLog < 0 && fit.rangeHighLog > 0);
        Evaluation ev = evaluate(plan);
        addStepRange(plan, ev);
        QVERIFY(ev.stepFastS <= ev.stepS * std::exp(fit.rangeLowLog) * (1 + 1e-9));
        QVERIFY(ev.stepSlowS >= ev.stepS * std::exp(fit.rangeHighLog) * (1 - 1e-9));
        // A cluster that carries its own efficiencies (measured there) keeps the rates' spread alone.
        Evaluation own = evaluate(test::unfitted(plan));
        addStepRange(test::unfitted(plan), own);
        QVERIFY(own.stepSlowS < own.stepS * std::exp(fit.rangeHighLog));
    }

    void endsMoveOnlyUnmeasuredRates()
    {
        Plan plan = test::unfitted(test::mustPlan(test::gptPlanJson("megatron-gpt-1.7b", 2, 1, 1, 16, 64)));
        QCOMPARE(overlapSlowdown(slowEndPlan(plan).cluster.gpu), kMostOverlapSlowdown);
        QVERIFY(overlapSlowdown(fastEndPlan(plan).cluster.gpu) < 1e-6);
        plan.cluster.gpu.overlapSlowdown = 0.12; // the probe measured this GPU
        QCOMPARE(overlapSlowdown(slowEndPlan(plan).cluster.gpu), 0.12);
        QCOMPARE(overlapSlowdown(fastEndPlan(plan).cluster.gpu), 0.12);
        const GpuSpec& g = plan.cluster.gpu;
        QCOMPARE(slowEndPlan(plan).cluster.gpu.gemmSustainedEfficiency, g.gemmSustainedEfficiency * (1 - kNodeSpread));
        QCOMPARE(fastEndPlan(plan).cluster.gpu.gemmSustainedEfficiency, g.gemmMaxEfficiency);
    }
};

QTEST_GUILESS_MAIN(TestRange)
#include "tst_range.moc"
