#include "../testplans.h"
#include "chrometrace.h"
#include "evaluate.h"
#include "predictedtimeline.h"
#include "probeplan.h"
#include "timelinecompare.h"

#include <QTest>

using namespace plait;

// What plait-probe's pipeline command runs is core's own schedule and GEMM shapes, and what it writes reads back
// as a measured timeline the Gantt can align with the prediction.
class TestProbePlan : public QObject {
    Q_OBJECT

    static Plan plan(const char* schedule, int vpp, const char* recompute)
    {
        auto j = test::gptPlanJson("gpt3-175b", 8, 8, 4, 2, 32);
        j["parallel"]["schedule"] = schedule;
        j["parallel"]["vpp"] = vpp;
        j["training"]["recompute"] = recompute;
        return test::mustPlan(j);
    }

private slots:
    void opListsAreCoresForEverySchedule_data()
    {
        QTest::addColumn<QString>("schedule");
        QTest::addColumn<int>("vpp");
        QTest::addColumn<QString>("recompute");
        QTest::newRow("gpipe") << "gpipe" << 1 << "none";
        QTest::newRow("1f1b") << "1f1b" << 1 << "full";
        QTest::newRow("interleaved") << "interleaved" << 2 << "selective";
        QTest::newRow("zb-h1") << "zb-h1" << 1 << "none";
        QTest::newRow("zb-v") << "zb-v" << 2 << "none";
        QTest::newRow("dualpipev") << "dualpipev" << 2 << "full";
        QTest::newRow("dualpipe") << "dualpipe" << 1 << "none";
    }
    void opListsAreCoresForEverySchedule()
    {
        QFETCH(QString, schedule);
        QFETCH(int, vpp);
        QFETCH(QString, recompute);
        const Plan p = plan(schedule.toUtf8().constData(), vpp, recompute.toUtf8().constData());
        auto pipeline = probePipeline(p, 4);
        QVERIFY2(pipeline.ok(), pipeline.ok() ? "" : pipeline.errorText().c_str());
        const ProbePipeline& pp = pipeline.value();
        ScheduleShape shape;
        shape.schedule = p.parallel.schedule;
        shape.stages = p.parallel.pp;
        shape.chunks = p.parallel.chunks();
        shape.microBatches = int(p.microBatches());
        shape.recompute = p.training.recompute == Recompute::Full;
        const auto core = generateSchedule(shape);
        QCOMPARE(pp.ops.size(), core.size());
        for (std::size_t s = 0; s < core.size(); ++s) {
            QCOMPARE(pp.ops[s].size(), core[s].size());
            for (std::size_t i = 0; i < core[s].size(); ++i) {
                QCOMPARE(pp.ops[s][i].kind, core[s][i].kind);
                QCOMPARE(pp.ops[s][i].microBatch, core[s][i].microBatch);
                QCOMPARE(pp.ops[s][i].chunk, core[s][i].chunk);
            }
        }
        QVERIFY(!pp.stagesShareGpu);
        QCOMPARE(pp.layersRun, pp.layersInPlan);
        // GPT-3 175B, TP 8: QKV is (b·s) × (3h/8) × h
        QCOMPARE(pp.layerGemms.front().forward.m, 2048.0);
        QCOMPARE(pp.layerGemms.front().forward.n, 3 * 12288.0 / 8);
        QCOMPARE(pp.layerGemms.front().forward.k, 12288.0);
        QCOMPARE(pp.transferBytes, 2048.0 * 12288 * 2 / 8);
    }

    void fewerGpusThanStagesShareThem()
    {
        auto pipeline = probePipeline(plan("1f1b", 1, "none"), 1, 8, 2);
        QVERIFY(pipeline.ok());
        QVERIFY(pipeline.value().stagesShareGpu);
        QCOMPARE(pipeline.value().gpuOfStage, (std::vector<int> { 0, 0, 0, 0 }));
        QCOMPARE(pipeline.value().layersRun, (std::vector<int> { 2, 2, 2, 2 }));
        QCOMPARE(pipeline.value().shape.microBatches, 8);
        QVERIFY(!probePipeline(plan("interleaved", 2, "none"), 1, 6).ok()); // 6 is no multiple of p = 4
    }

    // A measured run shaped like the prediction (its own event times) reads back with the same figures, and
    // aligns with the prediction op by op.
    void measuredTraceRoundTrip_data()
    {
        QTest::addColumn<QString>("schedule");
        QTest::addColumn<int>("vpp");
        QTest::newRow("1f1b") << "1f1b" << 1;
        QTest::newRow("zb-v") << "zb-v" << 2; // the turn of the V stays on one GPU
        QTest::newRow("dualpipe") << "dualpipe" << 1; // two routes, boundaries numbered along each
    }
    void measuredTraceRoundTrip()
    {
        QFETCH(QString, schedule);
        QFETCH(int, vpp);
        const Plan p = plan(schedule.toUtf8().constData(), vpp, "full");
        const Evaluation ev = evaluate(p);
        auto pipeline = probePipeline(p, 4);
        QVERIFY(pipeline.ok());
        std::vector<MeasuredOp> ops;
        std::vector<MeasuredTransfer> transfers;
        for (const SimEvent& e : ev.timeline.events) {
            if (e.kind == EventKind::Compute)
                ops.push_back({ e.device, e.op, e.microBatch, e.chunk, e.start * 1.08, e.end * 1.08 });
            else
                transfers.push_back({ e.boundary, e.forwardDirection, e.microBatch, e.start * 1.08, e.end * 1.08 });
        }
        const Timeline t = measuredTimeline(pipeline.value(), ops, transfers, { "GPU 0", "GPU 1", "GPU 2", "GPU 3" });
        const nlohmann::json trace = measuredTraceJson(t, pipeline.value(), { { "plan", p.name } });
        QVERIFY(trace["plait"]["source"] == "measured");
        QVERIFY(trace["plait"]["stages_share_gpu"] == false);
        QVERIFY(std::abs(trace["plait"]["step_s"].get<double>() - 1.08 * ev.pipelineS) < 1e-9);
        QVERIFY(std::abs(trace["plait"]["bubble_fraction"].get<double>() - timelineFigures(t).bubbleFraction) < 1e-12);
        auto read = readChromeTrace(trace.dump());
        QVERIFY(read.ok());
        QCOMPARE(read.value().timeline.source, std::string("measured"));
        QCOMPARE(read.value().timeline.spanCount(), t.spanCount());
        QCOMPARE(read.value().timeline.flows.size(), t.flows.size());
        QVERIFY(!t.flows.empty());
        const TimelineComparison c = compareTimelines(predictedTimeline(ev, p), read.value().timeline);
        QCOMPARE(c.unmatchedOps, 0);
        QVERIFY(std::abs(c.meanAbsOpError - 0.08) < 1e-6);
    }
};

QTEST_GUILESS_MAIN(TestProbePlan)
#include "tst_probeplan.moc"
