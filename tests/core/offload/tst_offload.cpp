#include "advisor.h"
#include "evaluate.h"
#include "offload.h"
#include "plan.h"

#include <QTest>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace plait;

namespace {
// Llama 2 7B with Adam on one H100 (the shipped example g): 16 B of states per parameter do not fit in 80 GB.
nlohmann::json oneGpu()
{
    std::ifstream f(PLAIT_EXAMPLES "/g-7b-adam-one-gpu.plait.json");
    return nlohmann::json::parse(f);
}

Plan mustPlan(const nlohmann::json& j)
{
    auto p = planFromJson(j);
    if (!p)
        qFatal("test plan invalid: %s", p.errorText().c_str());
    return p.value();
}

bool hasWarning(const Evaluation& ev, const std::string& code)
{
    return std::any_of(ev.warnings.begin(), ev.warnings.end(), [&](const Warning& w) { return w.code == code; });
}
}

class TestOffload : public QObject {
    Q_OBJECT
private slots:
    // ZeRO-Offload under DeepSpeed: the optimizer state leaves the GPU; each step the fp32 gradients go down
    // (4 B per parameter), the CPU steps them at CPU-Adam's measured rate, the 16-bit parameters come back up.
    void optimizerOffloadMovesWhatZeroOffloadMoves()
    {
        nlohmann::json j = oneGpu();
        j["training"]["framework"] = "deepspeed";
        j["training"]["zero_stage"] = 2;
        const Evaluation before = evaluate(mustPlan(j));
        j["training"]["offload_optimizer"] = true;
        const Plan plan = mustPlan(j);
        QVERIFY(validate(plan).empty());
        const Evaluation ev = evaluate(plan);
        QVERIFY(ev.valid);
        QCOMPARE(ev.memory[0].optimizer, 0.0);
        QVERIFY(before.peakBytes > before.capacityBytes);
        QVERIFY2(ev.peakBytes < ev.capacityBytes, qPrintable(QString::number(ev.peakBytes / (1 << 30))));

        const double params = ev.paramsTotal;
        const OffloadCost c = offloadCost(plan, params, 0, stateBytes(plan.training), 1e9, 1e9);
        QCOMPARE(c.gradBytes, 4 * params);
        QCOMPARE(c.paramBytes, 2 * params);
        QVERIFY(std::abs(c.gradS - 4 * params / 64e9) < 1e-9); // PCIe 5.0 x16 per direction
        QVERIFY(std::abs(c.cpuStepS - params / (11.6e9 / 8.2)) < 1e-9); // DeepSpeed PR #735
        // Adam's 12 B and the fp32 gradients' 4 B per parameter in host memory.
        QCOMPARE(ev.hostBytesPerNode, 16 * params);
        QVERIFY(hasWarning(ev, "host-memory-unstated"));
        // The step pays the CPU: slower than the GPU's own step would be.
        QVERIFY(ev.stepS > before.stepS);

        j["cluster"]["host_memory_GiB"] = 64;
        QVERIFY(hasWarning(evaluate(mustPlan(j)), "host-out-of-memory"));
        j["cluster"]["host_memory_GiB"] = 2048;
        const Evaluation enough = evaluate(mustPlan(j));
        QVERIFY(!hasWarning(enough, "host-out-of-memory") && !hasWarning(enough, "host-memory-unstated"));
    }

    // GB200's NVLink-C2C (225 GB/s per GPU and direction) against PCIe 5.0's 64: the same offload, a shorter copy.
    void c2cShortensTheCopies()
    {
        nlohmann::json j = oneGpu();
        j["training"]["framework"] = "deepspeed";
        j["training"]["zero_stage"] = 2;
        j["training"]["offload_optimizer"] = true;
        const Plan pcie = mustPlan(j);
        j["cluster"]["gpu"] = "GB200";
        j["cluster"]["intra_node"] = "nvlink5-nvswitch";
        const Plan c2c = mustPlan(j);
        const double params = evaluate(pcie).paramsTotal;
        const OffloadCost a = offloadCost(pcie, params, 0, stateBytes(pcie.training), 1e9, 1e9);
        const OffloadCost b = offloadCost(c2c, params, 0, stateBytes(c2c.training), 1e9, 1e9);
        QVERIFY(std::abs(a.gradS / b.gradS - 225.0 / 64.0) < 1e-9);
    }

    // Parameters offloaded too (ZeRO-Infinity's offload_param, FSDP's CPU offload): the GPU keeps only the layers it
    // gathers, and every micro-batch streams the shard up for its forward and backward.
    void parameterOffloadStreamsEveryMicroBatch()
    {
        nlohmann::json j = oneGpu();
        j["training"]["framework"] = "fsdp";
        j["training"]["zero_stage"] = 3;
        j["training"]["offload_optimizer"] = true;
        j["training"]["offload_params"] = true;
        const Plan plan = mustPlan(j);
        QVERIFY(validate(plan).empty());
        const Evaluation ev = evaluate(plan);
        const double params = ev.paramsTotal;
        const OffloadCost c = offloadCost(plan, params, 0, stateBytes(plan.training), 1e9, 1e9);
        // Each micro-batch streams the 16-bit shard up twice and (but the last) copies its gradient shard down.
        QCOMPARE(c.streamBytesPerMicroBatch, 2 * params * 2 + params * 4);
        QCOMPARE(ev.hostBytesPerNode, params * (12 + 4 + 2));
        // Weights on the GPU: the two gathered layers only.
        QVERIFY(ev.memory[0].weights < params * 2 / 8);
    }

    // Where each framework offloads; validation names what does not run.
    void refusesWhatNoFrameworkRuns_data()
    {
        QTest::addColumn<QString>("framework");
        QTest::addColumn<int>("zero");
        QTest::addColumn<bool>("params");
        QTest::addColumn<QString>("code");
        QTest::newRow("Megatron without its distributed optimizer") << "megatron" << 0 << false << "offload-megatron";
        QTest::newRow("Megatron, parameters") << "megatron" << 1 << true << "offload-params";
        QTest::newRow("DeepSpeed, parameters below ZeRO-3") << "deepspeed" << 2 << true << "offload-params";
        QTest::newRow("FSDP, the optimizer alone") << "fsdp" << 3 << false << "offload-fsdp";
        QTest::newRow("DeepSpeed without ZeRO") << "deepspeed" << 0 << false << "offload-zero";
        QTest::newRow("Megatron distributed optimizer") << "megatron" << 1 << false << "";
        QTest::newRow("DeepSpeed ZeRO-3, both") << "deepspeed" << 3 << true << "";
    }
    void refusesWhatNoFrameworkRuns()
    {
        QFETCH(QString, framework);
        QFETCH(int, zero);
        QFETCH(bool, params);
        QFETCH(QString, code);
        nlohmann::json j = oneGpu();
        j["training"]["framework"] = framework.toStdString();
        j["training"]["zero_stage"] = zero;
        j["training"]["offload_optimizer"] = true;
        j["training"]["offload_params"] = params;
        const std::vector<Issue> issues = validate(mustPlan(j));
        if (code.isEmpty()) {
            QVERIFY2(issues.empty(), issues.empty() ? "" : issues.front().message.c_str());
            return;
        }
        QVERIFY(
            std::any_of(issues.begin(), issues.end(), [&](const Issue& i) { return i.code == code.toStdString(); }));
    }

    // The advisor offers host memory where the optimizer state is what does not fit and no ZeRO can shard it (one
    // data-parallel rank), with its price in step time.
    void advisorOffersOffloadOnOneGpu()
    {
        const Plan plan = mustPlan(oneGpu());
        const Evaluation ev = evaluate(plan);
        const auto items = advise(plan, ev);
        const auto it
            = std::find_if(items.begin(), items.end(), [](const Advice& a) { return a.code == "memory-optimizer"; });
        QVERIFY(it != items.end());
        // DeepSpeed's CPU-Adam steps faster than Megatron-Core's PyTorch Adam on the CPU: the fix switches to it.
        QCOMPARE(it->fix.key, std::string("fix:offload-framework"));
        QCOMPARE(it->fixed->training.framework, Framework::DeepSpeed);
        QVERIFY(it->fixed.has_value() && it->fixed->training.offloadOptimizer);
        QVERIFY(it->fixedPeakBytes <= ev.capacityBytes);
        QVERIFY(it->fixedStepS > 0);
        qInfo("%s %s (step %.3g s)", messageText(it->saw).c_str(), messageText(it->fix).c_str(), it->fixedStepS);
    }
};

QTEST_APPLESS_MAIN(TestOffload)
#include "tst_offload.moc"
