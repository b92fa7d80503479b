#include "../testplans.h"
#include "evaluate.h"
#include "schedule.h"
#include "simulate.h"

#include <QTest>

using namespace plait;

namespace {

SimResult run(Schedule schedule, int p, int m, int v, double tf, double tb, double tw = 0)
{
    SimInput in;
    in.devices = p;
    in.chunks = v;
    in.ops = std::make_shared<const std::vector<std::vector<Op>>>(generateSchedule({ schedule, p, m, v, false }));
    // A chunk does 1/v of the stage's work.
    in.cost.assign(std::size_t(p), std::vector<ChunkCost>(std::size_t(v), ChunkCost { tf / v, 0, tb / v, tw / v }));
    in.sendForward.assign(std::size_t(p * v - 1), 0.0);
    in.sendBackward = in.sendForward;
    return simulate(in);
}

double bubble(const SimResult& r)
{
    const double busy = *std::max_element(r.deviceBusy.begin(), r.deviceBusy.end());
    return (r.makespan - busy) / r.makespan;
}

} // namespace

class TestSchedule : public QObject {
    Q_OBJECT
private slots:
    // With free links and uniform stages the simulated bubble must come out as Narayanan et al. 2021 §2.2:
    // (p−1)/(m+p−1) of the step for GPipe and 1F1B, (p−1)/(v·m+p−1) for the interleaved schedule.
    void bubbleFractionComesOutOfTheSimulation_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("v");
        for (int p : { 2, 4, 8 })
            for (int m : { 1, 4, 16, 64 }) {
                QTest::addRow("gpipe p=%d m=%d", p, m) << int(Schedule::GPipe) << p << m << 1;
                QTest::addRow("1f1b p=%d m=%d", p, m) << int(Schedule::OneFOneB) << p << m << 1;
            }
        for (int p : { 2, 4, 8 })
            for (int k : { 1, 2, 4 })
                for (int v : { 2, 3, 4 })
                    QTest::addRow("interleaved p=%d m=%d v=%d", p, k * p, v)
                        << int(Schedule::Interleaved) << p << k * p << v;
    }
    void bubbleFractionComesOutOfTheSimulation()
    {
        QFETCH(int, schedule);
        QFETCH(int, p);
        QFETCH(int, m);
        QFETCH(int, v);
        const SimResult r = run(Schedule(schedule), p, m, v, 1.0, 2.0);
        QVERIFY(r.ok);
        const double expected = double(p - 1) / (v * m + p - 1);
        QVERIFY2(
            std::abs(bubble(r) - expected) < 1e-9, qPrintable(QStringLiteral("%1 vs %2").arg(bubble(r)).arg(expected)));
    }

    // Qi et al., ICLR 2024 (sail-sg/zero-bubble-pipeline-parallelism README): with T_F = T_B = T_W, ZB-H1's bubble
    // is a third of 1F1B's, (p−1)/(3m) of the ideal time, i.e. (p−1)/(3m+p−1) of the step, at 1F1B's memory
    // (at most p micro-batches in flight).
    void zeroBubbleH1_data()
    {
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("m");
        for (int p : { 2, 4, 8 })
            for (int m : { p, 2 * p, 4 * p })
                QTest::addRow("p=%d m=%d", p, m) << p << m;
    }
    void zeroBubbleH1()
    {
        QFETCH(int, p);
        QFETCH(int, m);
        const SimResult zb = run(Schedule::ZbH1, p, m, 1, 1.0, 1.0, 1.0);
        QVERIFY(zb.ok);
        const double expected = double(p - 1) / (3 * m + p - 1);
        QVERIFY2(std::abs(bubble(zb) - expected) < 1e-9,
            qPrintable(QStringLiteral("%1 vs %2").arg(bubble(zb)).arg(expected)));
        for (int d = 0; d < p; ++d)
            QVERIFY(peakInFlight(zb, d) <= p - d);
    }

    void everyMicroBatchRunsOnceForwardAndBackward_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("v");
        QTest::newRow("gpipe") << int(Schedule::GPipe) << 1;
        QTest::newRow("1f1b") << int(Schedule::OneFOneB) << 1;
        QTest::newRow("interleaved") << int(Schedule::Interleaved) << 2;
        QTest::newRow("zb-h1") << int(Schedule::ZbH1) << 1;
    }
    void everyMicroBatchRunsOnceForwardAndBackward()
    {
        QFETCH(int, schedule);
        QFETCH(int, v);
        const int p = 4, m = 8;
        const auto ops = generateSchedule({ Schedule(schedule), p, m, v, true });
        for (const auto& device : ops) {
            std::map<std::tuple<int, int, int>, int> seen;
            for (const Op& op : device)
                ++seen[{ int(op.kind), op.microBatch, op.chunk }];
            for (const auto& [key, count] : seen)
                QCOMPARE(count, 1);
            const int kinds = Schedule(schedule) == Schedule::ZbH1 ? 4 : 3;
            QCOMPARE(int(seen.size()), kinds * m * v);
        }
    }

    void oneFOneBKeepsAtMostPInFlight()
    {
        const SimResult r = run(Schedule::OneFOneB, 8, 32, 1, 1.0, 2.0);
        for (int d = 0; d < 8; ++d)
            QCOMPARE(peakInFlight(r, d), 8 - d);
    }

    // Through the whole evaluation: more micro-batches, smaller bubble, and a warning when it is large.
    void evaluationBubbleFallsWithMicroBatches()
    {
        auto j = test::gptPlanJson("megatron-gpt-7.5b", 1, 1, 4, 2, 8);
        const Evaluation few = evaluate(test::mustPlan(j));
        j["training"]["global_batch"] = 128;
        const Evaluation many = evaluate(test::mustPlan(j));
        QVERIFY(few.bubbleFraction > many.bubbleFraction);
        auto hasWarning = [](const Evaluation& ev) {
            return std::any_of(ev.warnings.begin(), ev.warnings.end(),
                [](const Warning& w) { return w.code == "too-few-microbatches"; });
        };
        QVERIFY(hasWarning(few));
        QVERIFY(!hasWarning(many));
    }
};

QTEST_GUILESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
