#include "../testplans.h"
#include "evaluate.h"
#include "memory.h"
#include "params.h"

#include <QTest>

using namespace plait;

class TestMemory : public QObject {
    Q_OBJECT
private slots:
    // Rajbhandari et al. 2020 (ZeRO), Table 1: model-state memory per GPU in GB (1e9 bytes) with mixed-precision
    // Adam (2Ψ + 2Ψ + 12Ψ) for stages 0-3 (baseline, P_os, P_os+g, P_os+g+p).
    void zeroTableOne_data()
    {
        QTest::addColumn<double>("psi");
        QTest::addColumn<int>("nd");
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("gb");
        const double b7 = 7.5e9, b128 = 128e9, t1 = 1e12;
        QTest::newRow("7.5B Nd=64 baseline") << b7 << 64 << 0 << 120.0;
        QTest::newRow("7.5B Nd=64 Pos") << b7 << 64 << 1 << 31.4;
        QTest::newRow("7.5B Nd=64 Pos+g") << b7 << 64 << 2 << 16.6;
        QTest::newRow("7.5B Nd=64 Pos+g+p") << b7 << 64 << 3 << 1.88;
        QTest::newRow("7.5B Nd=4 Pos") << b7 << 4 << 1 << 52.5;
        QTest::newRow("7.5B Nd=16 Pos+g") << b7 << 16 << 2 << 21.6;
        QTest::newRow("7.5B Nd=1024 Pos+g+p") << b7 << 1024 << 3 << 0.12;
        QTest::newRow("128B Nd=64 Pos") << b128 << 64 << 1 << 536.0;
        QTest::newRow("128B Nd=64 Pos+g") << b128 << 64 << 2 << 284.0;
        QTest::newRow("128B Nd=64 Pos+g+p") << b128 << 64 << 3 << 32.0;
        QTest::newRow("1T Nd=1024 Pos+g+p") << t1 << 1024 << 3 << 15.6;
    }
    void zeroTableOne()
    {
        QFETCH(double, psi);
        QFETCH(int, nd);
        QFETCH(int, stage);
        QFETCH(double, gb);
        TrainingSpec t;
        t.fp32Gradients = false; // the paper's 16-bit gradients
        StageMemory m;
        modelStates(psi, stage, nd, stateBytes(t), m);
        // Within 1%, or within the rounding of the printed figure (the table prints 0.12 for 0.117).
        const double got = (m.weights + m.grads + m.optimizer) / 1e9;
        QVERIFY2(std::abs(got - gb) / gb < 0.01 || std::abs(got - gb) <= 0.005, qPrintable(QString::number(got)));
    }

    // Megatron-LM theoretical_memory_usage.py: 18 bytes per parameter, 6 + 12/d with the distributed optimizer.
    void megatronBytesPerParameter()
    {
        TrainingSpec t; // bf16, fp32 main grads, Adam
        StageMemory plain, dist;
        modelStates(1.0, 0, 8, stateBytes(t), plain);
        modelStates(1.0, 1, 8, stateBytes(t), dist);
        QCOMPARE(plain.weights + plain.grads + plain.optimizer, 18.0);
        QCOMPARE(dist.weights + dist.grads + dist.optimizer, 6.0 + 12.0 / 8);
    }

    void otherTermIsStatedAndCounted()
    {
        Plan plan = test::mustPlan(test::gptPlanJson("megatron-gpt-1.7b", 1, 1, 1, 8, 64));
        const Evaluation ev = evaluate(plan);
        QVERIFY(ev.valid);
        const StageMemory& s = ev.memory.front();
        const double tensors = s.weights + s.grads + s.optimizer + s.activations;
        QCOMPARE(s.other, plan.training.otherGiB * double(1ull << 30) + plan.training.fragmentation * tensors);
        QCOMPARE(ev.peakBytes, s.total());
    }

    // The allocator's reserved peak (what max_memory_reserved reports) is the tensors times the framework's measured
    // ratio (FSDP2: 1.21, torchtitan PR #165), at most what the GPU leaves the allocator, never less than what must fit
    // of the tensors; it does not change what must fit.
    void reservedPeakFollowsTheFrameworkAndTheCapacity_data()
    {
        QTest::addColumn<QString>("framework");
        QTest::addColumn<int>("microBatch");
        QTest::addColumn<double>("ratio");
        QTest::newRow("deepspeed: the 5% fragmentation") << QStringLiteral("deepspeed") << 1 << 1.05;
        QTest::newRow("fsdp2: 1.21 where there is room") << QStringLiteral("fsdp") << 1 << 1.21;
        QTest::newRow("fsdp2: capped by the GPU") << QStringLiteral("fsdp") << 8 << 0.0;
    }
    void reservedPeakFollowsTheFrameworkAndTheCapacity()
    {
        QFETCH(QString, framework);
        QFETCH(int, microBatch);
        QFETCH(double, ratio);
        auto j = test::gptPlanJson("llama3-8b", 1, 1, 1, 8, 256);
        j["training"]["framework"] = framework.toStdString();
        j["training"]["zero_stage"] = 3;
        j["training"]["recompute"] = "full";
        j["training"]["micro_batch"] = microBatch;
        const Plan plan = test::mustPlan(j);
        const Evaluation ev = evaluate(plan);
        QVERIFY2(ev.valid, ev.errors.empty() ? "" : ev.errors.front().message.c_str());
        const StageMemory& s = ev.memory.front();
        const double tensors = s.tensors();
        QCOMPARE(s.total(), tensors * (1 + plan.training.fragmentation) + plan.training.otherGiB * double(1ull << 30));
        if (ratio > 0) {
            QCOMPARE(s.reserved, tensors * ratio);
            QVERIFY(s.reserved + plan.training.otherGiB * double(1ull << 30) < ev.capacityBytes);
        } else {
            const double allocatorShare = ev.capacityBytes - plan.training.otherGiB * double(1ull << 30);
            QVERIFY2(tensors * 1.21 > allocatorShare, "the case must reach the cap");
            QCOMPARE(s.reserved, std::max(allocatorShare, tensors * (1 + plan.training.fragmentation)));
        }
    }

    void sevenBillionWithAdamDoesNotFitOneGpu()
    {
        auto plan = loadPlanFile(PLAIT_EXAMPLES "/g-7b-adam-one-gpu.plait.json");
        QVERIFY(plan);
        const Evaluation ev = evaluate(plan.value());
        QVERIFY(ev.peakBytes > ev.capacityBytes);
        bool named = false;
        for (const auto& w : ev.warnings)
            named |= w.code == "out-of-memory" && w.message.find("optimizer state") != std::string::npos;
        QVERIFY(named);
    }

    void zeroShardsOverDataParallelRanks()
    {
        auto j = test::gptPlanJson("megatron-gpt-7.5b", 2, 1, 1, 16, 64);
        j["training"]["framework"] = "deepspeed"; // runs every stage without PP
        double previous = 1e300;
        for (int stage = 0; stage <= 3; ++stage) {
            j["training"]["zero_stage"] = stage;
            const Evaluation ev = evaluate(test::mustPlan(j));
            const StageMemory& s = ev.memory.front();
            const double states = s.weights + s.grads + s.optimizer;
            QVERIFY(states < previous);
            previous = states;
        }
    }

    // PyTorch FSDP under pipeline parallelism (torchtitan: reshard_after_forward=False with PP;
    // torch.distributed.pipelining's backward_maybe_with_nosync) keeps the stage's parameters gathered at 2 bytes
    // and its gradients unsharded at the fp32 reduce dtype through the step, beside the shards.
    void fsdpUnderPipelineHoldsTheStageUnsharded()
    {
        auto j = test::gptPlanJson("llama3-8b", 1, 1, 2, 4, 64);
        j["training"]["framework"] = "fsdp";
        j["training"]["zero_stage"] = 3;
        const Plan plan = test::mustPlan(j);
        const StageMemory m = evaluate(plan).memory.front();
        const double p = stageParams(plan.model, plan.layersOnStage(0), true, false, 2, 1, 1, 0).total();
        QCOMPARE(m.weights, p * 2 / 4 + p * 2);
        QCOMPARE(m.grads, p * 4 / 4 + p * 4);
        // Without PP, FSDP gathers two layers at a time and keeps only the gradient shards.
        auto flat = test::gptPlanJson("llama3-8b", 1, 1, 1, 8, 64);
        flat["training"] = j["training"];
        const Plan one = test::mustPlan(flat);
        const double all = stageParams(one.model, one.model.layers, true, true, 1, 1, 1, 0).total();
        QCOMPARE(evaluate(one).memory.front().grads, all * 4 / 8);
    }

    // The loss's logits, held once on the last stage: Megatron-LM's in-place vocab-parallel loss and a fused one keep
    // one fp32 copy (Korthikanti §4.3, 4sbv), PyTorch's eager F.cross_entropy on .float() logits three in its backward
    // (log_softmax's output, nll_loss's gradient, the input gradient): 8 bytes per logit more.
    void eagerTorchLossHoldsThreeFp32Copies()
    {
        auto j = test::gptPlanJson("llama3-8b", 1, 1, 1, 8, 64);
        j["training"]["framework"] = "fsdp";
        j["training"]["zero_stage"] = 3;
        auto activations = [&](bool fused) {
            j["training"]["fused_cross_entropy"] = fused;
            return evaluate(test::mustPlan(j)).memory.front().activations;
        };
        const double logits = 8192.0 * 128256; // one micro-batch of 8,192 tokens (llama3-8b's sequence) × vocabulary
        QCOMPARE(activations(false) - activations(true), 8 * logits);
        j["training"]["framework"] = "megatron";
        j["training"]["zero_stage"] = 1;
        QCOMPARE(activations(false), activations(true));
    }

    void inFlightMicroBatchesFollowTheSchedule()
    {
        // 1F1B keeps p − d micro-batches on device d; GPipe keeps all m (Narayanan 2021 §2.2.1).
        auto j = test::gptPlanJson("megatron-gpt-7.5b", 1, 1, 4, 2, 32);
        j["parallel"]["schedule"] = "1f1b";
        const Evaluation one = evaluate(test::mustPlan(j));
        QCOMPARE(one.memory[0].inFlight, 4);
        QCOMPARE(one.memory[3].inFlight, 1);
        j["parallel"]["schedule"] = "gpipe";
        const Evaluation gpipe = evaluate(test::mustPlan(j));
        QCOMPARE(gpipe.memory[0].inFlight, 16);
        QVERIFY(gpipe.memory[0].activations > one.memory[0].activations);
    }
};

QTEST_GUILESS_MAIN(TestMemory)
#include "tst_memory.moc"
