#include "../testplans.h"
#include "evaluate.h"
#include "memory.h"
#include "plandocument.h"
#include "range.h"
#include "runforecast.h"

#include <QTest>
#include <cmath>

using namespace plait;

namespace {
nlohmann::json gpt3Json(int nodes, nlohmann::json run)
{
    nlohmann::json j = test::gptPlanJson("gpt3-175b", nodes, 8, 16, 8, 1536);
    j["training"]["zero_stage"] = 1;
    j["training"]["recompute"] = "full";
    j["run"] = std::move(run);
    return j;
}

Plan gpt3(int nodes, nlohmann::json run)
{
    return test::mustPlan(gpt3Json(nodes, std::move(run)));
}

RunForecast forecast(const Plan& plan)
{
    Evaluation ev = evaluate(plan);
    addStepRange(plan, ev);
    return forecastRun(plan, ev);
}
}

// A whole training run from one step (runforecast.h): budget, checkpoints, failures, what a failure stops.
class TestRunForecast : public QObject {
    Q_OBJECT
private slots:
    // Daly 2006 (FGCS 22(3):303-312), the captions of its figures: restart R = 10 min, checkpoint δ = 5 min, and the
    // optimum interval for three MTBFs. R does not enter the optimum.
    void dalyIntervalMatchesDalysFigures_data()
    {
        QTest::addColumn<double>("mtbfMin");
        QTest::addColumn<double>("optimumMin");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("M = 24 h: 117 min") << 24 * 60.0 << 117.0 << 0.5;
        QTest::newRow("M = 6 h: 57 min") << 6 * 60.0 << 57.0 << 0.5;
        QTest::newRow("M = 15 min: 9.1 min") << 15.0 << 9.1 << 0.05;
    }
    void dalyIntervalMatchesDalysFigures()
    {
        QFETCH(double, mtbfMin);
        QFETCH(double, optimumMin);
        QFETCH(double, tolerance);
        const double tau = dalyInterval(5 * 60, mtbfMin * 60) / 60;
        QVERIFY2(std::abs(tau - optimumMin) <= tolerance, qPrintable(QString::number(tau)));
    }

    // The interval is where Daly's complete wall-time model is lowest: a tenth shorter or longer costs more.
    void dalyIntervalMinimisesTheWallTime_data()
    {
        QTest::addColumn<double>("delta");
        QTest::addColumn<double>("mtbf");
        QTest::newRow("GPT-3 on 1,024 GPUs, 25 s writes") << 25.0 << 3600 / (kDefaultFailuresPerGpuHour * 1024);
        QTest::newRow("Llama 3 scale, 2 min writes") << 120.0 << 3600 / (kDefaultFailuresPerGpuHour * 16384);
    }
    void dalyIntervalMinimisesTheWallTime()
    {
        QFETCH(double, delta);
        QFETCH(double, mtbf);
        const double r = 600, tau = dalyInterval(delta, mtbf);
        const double best = dalyWallPerWork(tau, delta, r, mtbf);
        QVERIFY(best > 1);
        QVERIFY(dalyWallPerWork(tau * 0.9, delta, r, mtbf) > best);
        QVERIFY(dalyWallPerWork(tau * 1.1, delta, r, mtbf) > best);
        // And Young's first-order √(2δM) is near it when δ ≪ M.
        QVERIFY(std::abs(std::sqrt(2 * delta * mtbf) - tau) / tau < 0.1);
    }

    // Llama 3 §3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100; Meta RSC-1 (Kokolis et al. 2024):
    // 6.50 failures per 1,000 node-days on 8-GPU nodes.
    void failureRatesFromPublishedRuns()
    {
        QVERIFY(std::abs(kDefaultFailuresPerGpuHour - 1.973e-5) < 0.001e-5);
        Plan plan = gpt3(128, nullptr);
        std::string source;
        QCOMPARE(failureRate(plan, &source), kDefaultFailuresPerGpuHour);
        QVERIFY(source.find("Llama 3") != std::string::npos);
        plan.run.failuresPerNodeDay = 6.5e-3;
        QVERIFY(std::abs(failureRate(plan) - 3.385e-5) < 0.001e-5);
    }

    // Megatron-LM and DeepSpeed save the working weights and the optimizer state: 2 + 12 bytes per parameter under
    // mixed-precision Adam, 2 + 8 with BF16 moments (Rajbhandari et al. 2020 §3.1).
    void checkpointHoldsWeightsAndOptimizerState_data()
    {
        QTest::addColumn<QString>("moments");
        QTest::addColumn<double>("bytesPerParam");
        QTest::newRow("fp32 moments") << "fp32" << 14.0;
        QTest::newRow("bf16 moments") << "bf16" << 10.0;
    }
    void checkpointHoldsWeightsAndOptimizerState()
    {
        QFETCH(QString, moments);
        QFETCH(double, bytesPerParam);
        nlohmann::json j = test::gptPlanJson("gpt3-175b", 128, 8, 16, 8, 1536);
        j["training"]["zero_stage"] = 1;
        j["training"]["recompute"] = "full";
        j["training"]["optimizer_moments"] = moments.toStdString();
        j["run"] = { { "storage_write_GBps", 100 } };
        const Plan plan = test::mustPlan(j);
        Evaluation ev = evaluate(plan);
        QVERIFY(ev.valid);
        const RunForecast f = forecastRun(plan, ev);
        QCOMPARE(f.checkpointBytes, ev.paramsTotal * bytesPerParam);
        QCOMPARE(f.writeS, f.checkpointBytes / 100e9);
        QCOMPARE(f.readS, f.writeS); // read at the write bandwidth unless given
        // The largest GPU's share: a 1/128 model slice's weights, its optimizer state over 8 ZeRO-1 ranks.
        QVERIFY(f.checkpointBytesPerGpu > f.checkpointBytes / 1024);
        QVERIFY(f.checkpointBytesPerGpu < f.checkpointBytes / 128);
    }

    // GPT-3's budget (Brown et al. 2020: 300B tokens) on 1,024 A100: steps from the global batch, then time, GPU-hours,
    // cost and energy from the step and its range.
    void budgetGivesTimeCostAndEnergy()
    {
        const Plan plan = gpt3(130,
            { { "tokens", 300e9 }, { "price_per_gpu_hour", 2.0 }, { "storage_write_GBps", 100 },
                { "restart_min", 10 } });
        Evaluation ev = evaluate(plan);
        addStepRange(plan, ev);
        const RunForecast f = forecastRun(plan, ev);
        QVERIFY(f.hasBudget && f.hasPrice);
        QCOMPARE(f.steps, std::ceil(300e9 / (1536.0 * 2048)));
        QCOMPARE(f.computeS.point, f.steps * ev.stepS);
        QCOMPARE(f.computeS.slow, f.steps * ev.stepSlowS);
        QVERIFY(f.goodput > 0.9 && f.goodput < 1);
        QCOMPARE(f.wallS.point, f.computeS.point / f.goodput);
        QCOMPARE(f.gpusReserved, 1040); // two spare nodes are paid for too
        QCOMPARE(f.gpuHours.point, f.wallS.point * 1040 / 3600);
        QCOMPARE(f.cost.slow, f.gpuHours.slow * 2.0);
        QCOMPARE(f.powerW, 400.0); // the A100 SXM4 datasheet's TDP
        QCOMPARE(f.energyKWh.point, f.wallS.point * 1024 * 400 / 1000 / 3600);
        QCOMPARE(f.mtbfS, 3600 / (kDefaultFailuresPerGpuHour * 1024));
        QCOMPARE(f.restartS, 600 + f.readS);
        QVERIFY(std::abs(f.failuresExpected - f.wallS.point / f.mtbfS) < 1e-9);
    }

    // Without a storage bandwidth the checkpoint time is unknown: no interval, no goodput, and the wall time is the
    // compute time (the UI says failures are not counted), never a guessed bandwidth.
    void missingInputsStayMissing()
    {
        const RunForecast f = forecast(gpt3(128, { { "steps", 1000 } }));
        QVERIFY(f.hasBudget);
        QCOMPARE(f.steps, 1000.0);
        QCOMPARE(f.writeS, 0.0);
        QCOMPARE(f.intervalS, 0.0);
        QCOMPARE(f.goodput, 0.0);
        QCOMPARE(f.wallS.point, f.computeS.point);
        QVERIFY(!f.hasPrice);
        const RunForecast none = forecast(gpt3(128, nullptr));
        QVERIFY(none.valid && !none.hasBudget);
        QVERIFY(none.checkpointBytes > 0); // the checkpoint's size needs no input
    }

    // What one failure stops, from the placement: Megatron's default order puts a TP group on one node.
    void blastRadiusFromThePlacement()
    {
        const RunForecast f = forecast(gpt3(130, nullptr));
        QCOMPARE(f.tpGroupGpus, 8);
        QCOMPARE(f.pipelineGpus, 128);
        QCOMPARE(f.pipelinesPerNode, 1);
        QCOMPARE(f.nodesPerPipeline, 16);
        QCOMPARE(f.nodesUsed, 128);
        QCOMPARE(f.spareNodes, 2);
    }

    void runBlockReadsAndRoundTrips()
    {
        const nlohmann::json file = gpt3Json(128,
            { { "tokens", 3e11 }, { "price_per_gpu_hour", 1.5 }, { "currency", "CNY" },
                { "failures_per_node_day", 0.004 }, { "future_key", 1 } });
        const Plan plan = test::mustPlan(file);
        QCOMPARE(plan.run.currency, std::string("CNY"));
        const nlohmann::json saved = toJson(plan, planDocumentOf(file, plan));
        QCOMPARE(saved["run"]["future_key"].get<int>(), 1); // unknown keys survive, kept by the file's document
        const Plan again = test::mustPlan(saved);
        QVERIFY(again.run == plan.run);
        Plan cleared = plan;
        cleared.run = {};
        QVERIFY(!toJson(cleared).contains("run"));
    }

    void badRunBlocksNameTheField_data()
    {
        QTest::addColumn<QString>("run");
        QTest::addColumn<QString>("field");
        QTest::newRow("not an object") << "[1]"
                                       << "run";
        QTest::newRow("both budgets") << R"({"tokens": 1e9, "steps": 10})"
                                      << "run";
        QTest::newRow("negative price") << R"({"price_per_gpu_hour": -1})"
                                        << "run.price_per_gpu_hour";
        QTest::newRow("zero bandwidth") << R"({"storage_write_GBps": 0})"
                                        << "run.storage_write_GBps";
        QTest::newRow("both rates") << R"({"failures_per_gpu_hour": 1e-5, "failures_per_node_day": 0.003})"
                                    << "run";
        QTest::newRow("fractional steps") << R"({"steps": 2.5})"
                                          << "run.steps";
        QTest::newRow("text tokens") << R"({"tokens": "300B"})"
                                     << "run.tokens";
    }
    void badRunBlocksNameTheField()
    {
        QFETCH(QString, run);
        QFETCH(QString, field);
        nlohmann::json j = test::gptPlanJson("gpt3-175b", 128, 8, 16, 8, 1536);
        j["run"] = nlohmann::json::parse(run.toStdString());
        const auto p = planFromJson(j);
        QVERIFY(!p);
        bool named = false;
        for (const Issue& e : p.errors())
            named = named || e.field == field.toStdString();
        QVERIFY2(named, p.errorText().c_str());
    }
};

QTEST_GUILESS_MAIN(TestRunForecast)
#include "tst_runforecast.moc"
