#include "evaluate.h"
#include "report.h"

#include <QDir>
#include <QTest>

using namespace plait;

// Every built-in example (issue: examples a-h) loads, evaluates and prints the contract's object.
class TestExamples : public QObject {
    Q_OBJECT
private slots:
    void everyExampleEvaluates_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files = QDir(QStringLiteral(PLAIT_EXAMPLES)).entryList({ QStringLiteral("*.plait.json") });
        QVERIFY(files.size() >= 10);
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << f;
    }
    void everyExampleEvaluates()
    {
        QFETCH(QString, file);
        auto plan = loadPlanFile(std::string(PLAIT_EXAMPLES) + "/" + file.toStdString());
        QVERIFY2(plan, plan ? "" : plan.errorText().c_str());
        const Evaluation ev = evaluate(plan.value());
        QVERIFY(ev.valid);
        QVERIFY(ev.stepS > 0);
        QVERIFY(ev.mfu > 0 && ev.mfu < 1);
        QVERIFY(ev.hfu >= ev.mfu && ev.hfu < 1);
        QVERIFY(ev.bubbleFraction >= 0 && ev.bubbleFraction < 1);
        QCOMPARE(int(ev.memory.size()), plan.value().parallel.pp);

        const nlohmann::json j = evaluationToJson(ev);
        for (const char* key :
            { "plan", "valid", "errors", "warnings", "params_total", "memory", "time", "comm", "throughput" })
            QVERIFY2(j.contains(key), key);
        for (const char* key : { "capacity_bytes", "peak_bytes", "peak_stage", "stages" })
            QVERIFY2(j["memory"].contains(key), key);
        for (const char* key : { "stage", "weights_bytes", "grads_bytes", "optimizer_bytes", "activations_bytes",
                 "other_bytes", "total_bytes" })
            QVERIFY2(j["memory"]["stages"][0].contains(key), key);
        for (const char* key : { "step_s", "compute_s", "bubble_fraction", "exposed_comm_s" })
            QVERIFY2(j["time"].contains(key), key);
        for (const char* key : { "tokens_per_s", "model_tflops_per_gpu", "hardware_tflops_per_gpu", "mfu", "hfu" })
            QVERIFY2(j["throughput"].contains(key), key);
        for (const auto& c : j["comm"])
            for (const char* key : { "dim", "collective", "bytes_per_step", "link", "time_s", "exposed_s" })
                QVERIFY2(c.contains(key), key);
    }

    // Example (e): the same 70B model and cluster under two splits; the A800's NVLink carries TP=8 and TP=4.
    void seventyBillionSplitsDiffer()
    {
        auto a = loadPlanFile(PLAIT_EXAMPLES "/e1-70b-a800-pp4-tp8.plait.json");
        auto b = loadPlanFile(PLAIT_EXAMPLES "/e2-70b-a800-pp8-tp4.plait.json");
        QVERIFY(a && b);
        const Evaluation ea = evaluate(a.value()), eb = evaluate(b.value());
        QVERIFY(ea.stepS != eb.stepS);
        QVERIFY(eb.memory[0].weights
            > ea.memory[0].weights * 0.9); // TP=4 holds twice the layer width of TP=8, half the layers
    }
};

QTEST_GUILESS_MAIN(TestExamples)
#include "tst_examples.moc"
