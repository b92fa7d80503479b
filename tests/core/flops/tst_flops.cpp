#include "../testplans.h"
#include "evaluate.h"
#include "gemm.h"
#include "layercost.h"

#include <QTest>

using namespace plait;

class TestFlops : public QObject {
    Q_OBJECT
private slots:
    // Korthikanti et al. 2022, Appendix A, Eq. 7: model FLOPs = 72·B·L·s·h²·(1 + s/(6h) + V/(12hL)), which counts
    // the whole s×s attention matrix; Plait counts its causal half, s/(12h) in place of s/(6h) (the work a causal
    // model needs; FlashAttention's convention, Dao 2023), so MFU cannot pass the hardware's rate at long
    // sequences. With the published iteration times of Table 5 (sequence parallel + selective recompute) and the
    // A100's 312 TFLOP/s, our MFU is the paper's MFU column scaled by the ratio of the two counts.
    void modelFlopsReproduceTableFiveMfu_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<double>("mfu");
        QTest::newRow("22B") << "korthikanti-22b-seqsel" << 1.10 << 0.4165;
        QTest::newRow("175B") << "korthikanti-175b-seqsel" << 13.75 << 0.5139;
        QTest::newRow("530B") << "korthikanti-530b-seqsel" << 37.83 << 0.5605;
        QTest::newRow("1T") << "korthikanti-1t-seqsel" << 71.49 << 0.5627;
    }
    void modelFlopsReproduceTableFiveMfu()
    {
        QFETCH(QString, file);
        QFETCH(double, seconds);
        QFETCH(double, mfu);
        auto plan = loadPlanFile(std::string(PLAIT_TEST_DATA) + "/validation/" + file.toStdString() + ".plait.json");
        QVERIFY2(plan, plan ? "" : plan.errorText().c_str());
        const Evaluation ev = evaluate(plan.value());
        const ModelSpec& m = plan.value().model;
        const double s = double(m.seqLen), h = double(m.hidden), L = m.layers, V = double(m.vocab);
        const double causal = (1 + s / (12 * h) + V / (12 * h * L)) / (1 + s / (6 * h) + V / (12 * h * L));
        const double got = ev.modelFlopsPerStep / (seconds * plan.value().parallel.gpusUsed() * 312e12);
        QVERIFY2(std::abs(got - mfu * causal) < 0.0005, qPrintable(QString::number(got / causal)));
        // By Megatron's count, the paper's column itself at the published time.
        QVERIFY2(std::abs(ev.mfuMegatron * ev.stepS / seconds - mfu) < 0.0005,
            qPrintable(QString::number(ev.mfuMegatron * ev.stepS / seconds)));
    }

    void modelFlopsAreCausalEquationSeven()
    {
        const Plan plan = test::unfitted(test::mustPlan(test::gptPlanJson("gpt3-175b", 16, 8, 2, 8, 512)));
        const Evaluation ev = evaluate(plan);
        const double B = 512, L = 96, s = 2048, h = 12288, V = 51200;
        const double eq7 = 72 * B * L * s * h * h * (1 + s / (6 * h) + V / (12 * h * L));
        const double causal = 72 * B * L * s * h * h * (1 + s / (12 * h) + V / (12 * h * L));
        QVERIFY(std::abs(ev.modelFlopsPerStep / causal - 1) < 1e-12);
        // Megatron-LM's count (and Korthikanti's Table 5 MFU column) is Eq. 7 itself, over the same time and peak.
        QVERIFY(std::abs(ev.mfuMegatron / ev.mfu - eq7 / causal) < 1e-12);
        // Without recomputation and flash attention the hardware computes the whole matrix: Eq. 7 itself.
        QVERIFY(std::abs(ev.hardwareFlopsPerStep / eq7 - 1) < 1e-12);
    }

    // Narayanan et al. 2021, Eq. (3): with full recomputation the hardware FLOPs are
    // 96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)) — four passes over the layers, three over the logits.
    void fullRecomputeHardwareFlopsAreEquationThree()
    {
        auto j = test::gptPlanJson("gpt3-175b", 16, 8, 2, 8, 512);
        j["training"]["recompute"] = "full";
        const Evaluation ev = evaluate(test::unfitted(test::mustPlan(j)));
        const double B = 512, l = 96, s = 2048, h = 12288, V = 51200;
        const double eq3 = 96 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
        QVERIFY(std::abs(ev.hardwareFlopsPerStep / eq3 - 1) < 1e-12);
    }

    // Flash kernels skip the masked half and recompute the scores in the backward pass (FlashAttention-2 §3:
    // 5 GEMMs against 2): hardware attention FLOPs are 3.5× the causal forward, the model's 3×.
    void flashAttentionHardwareFlops()
    {
        auto j = test::gptPlanJson("gpt3-175b", 16, 8, 2, 8, 512);
        j["training"]["flash_attention"] = true;
        const Evaluation ev = evaluate(test::unfitted(test::mustPlan(j)));
        const double B = 512, L = 96, s = 2048, h = 12288;
        const double attentionModel = 72 * B * L * s * h * h * (s / (12 * h)); // 3 passes of the causal half
        QVERIFY(std::abs((ev.hardwareFlopsPerStep - ev.modelFlopsPerStep) / (attentionModel / 6) - 1) < 1e-9);
    }

    // At long sequences attention dominates; causal counting keeps MFU ≤ HFU ≤ the sustained GEMM rate there too.
    void longSequencesStayBelowTheSustainedRate_data()
    {
        QTest::addColumn<int>("seq");
        QTest::addColumn<bool>("flash");
        QTest::addColumn<int>("headDim");
        for (int seq : { 8192, 65536, 131072 })
            for (bool flash : { false, true })
                for (int headDim : { 0, 255, 1023 })
                    QTest::addRow("s=%d flash=%d head_dim=%d", seq, int(flash), headDim) << seq << flash << headDim;
    }
    void longSequencesStayBelowTheSustainedRate()
    {
        QFETCH(int, seq);
        QFETCH(bool, flash);
        QFETCH(int, headDim);
        nlohmann::json j
            = { { "model",
                    { { "layers", 32 }, { "hidden", 4096 }, { "heads", 32 }, { "kv_heads", 8 }, { "head_dim", headDim },
                        { "ffn_hidden", 14336 }, { "ffn", "swiglu" }, { "vocab", 128256 }, { "seq_len", seq } } },
                  { "cluster", { { "gpu", "H100-SXM5-80GB" }, { "nodes", 1 }, { "intra_node", "nvlink4-nvswitch" } } },
                  { "training", { { "global_batch", 8 }, { "flash_attention", flash }, { "recompute", "selective" } } },
                  { "parallel", { { "dp", 8 } } } };
        const Plan plan = test::unfitted(test::mustPlan(j));
        const Evaluation ev = evaluate(plan);
        QVERIFY2(ev.valid, ev.errors.empty() ? "" : ev.errors.front().message.c_str());
        QVERIFY2(ev.mfu <= ev.hfu, qPrintable(QStringLiteral("MFU %1 HFU %2").arg(ev.mfu).arg(ev.hfu)));
        QVERIFY2(ev.hfu <= gemmEfficiency(plan.cluster.gpu, ev.peakTflops) + 1e-9, qPrintable(QString::number(ev.hfu)));
    }

    // DeepSeek-V3's layers (config.json): a MoE layer's forward computes 2 FLOPs per token per weight a token uses,
    // its MLA projections, top-8 of 256 experts of 2,048, the shared expert and the router; a dense first layer
    // its MLA and an MLP of 18,432. The evaluation counts 58 of the first, one more in the MTP module, and 3 of the
    // second; MLA's down projections and the router, whole on each TP rank, count once in model FLOPs. Per token
    // that is Megatron-Bridge's count (flop_utils.py, causal attention halved, MTP included): its DeepSeek-V3 rows
    // publish 338 TFLOP/s at 1,297 tokens/s per GPU and 1,276 at 4,912, 260.6 and 259.8 GF per token.
    void deepSeekV3LayersComputeWhatATokenUses()
    {
        nlohmann::json j = test::gptPlanJson("deepseek-v3", 2, 1, 1, 16, 16);
        test::onDgxH100(j);
        j["parallel"]["ep"] = 16;
        const Plan plan = test::unfitted(test::mustPlan(j));
        const double h = 7168, tokens = 4096;
        const double mla = h * 1536 + 1536.0 * 128 * 192 + h * (512 + 64) + 512.0 * 128 * 256 + 128.0 * 128 * h;
        const LayerCost moe = layerCost(plan);
        QCOMPARE(moe.linearFwdFlops, 2 * tokens * (mla + (8 + 1) * 3 * h * 2048 + 256 * h));
        const auto dense = denseLayerCost(plan);
        QVERIFY(dense);
        QCOMPARE(dense->linearFwdFlops, 2 * tokens * (mla + 3 * h * 18432));
        QCOMPARE(moe.replicatedFwdFlops, 2 * tokens * (h * 1536 + h * (512 + 64) + 256 * h));
        // Model FLOPs per step: three passes of 58 + 1 (MTP) MoE and 3 dense layers, the causal attention and the
        // heads (the MTP module's projection and second head in lastStageCost).
        const Evaluation ev = evaluate(plan);
        QVERIFY2(ev.valid, ev.errors.empty() ? "" : ev.errors.front().message.c_str());
        const double perToken = ev.modelFlopsPerStep / (16 * tokens);
        QVERIFY2(std::abs(perToken / 260.2e9 - 1) < 0.01, qPrintable(QString::number(perToken / 1e9)));
        const double layers = 3
            * (59 * (moe.linearFwdFlops + moe.attentionModelFwdFlops)
                + 3 * (dense->linearFwdFlops + dense->attentionModelFwdFlops));
        const double head = 3 * lastStageCost(plan).fwdFlops;
        QCOMPARE(ev.modelFlopsPerStep, (layers + head) * 16);
        // At TP 8 the replicated down projections run on 8 ranks and count once: the same model FLOPs.
        j["parallel"]["tp"] = 8;
        j["parallel"]["dp"] = 2;
        j["parallel"]["ep"] = 2;
        const Evaluation tp8 = evaluate(test::unfitted(test::mustPlan(j)));
        QVERIFY2(tp8.valid, tp8.errors.empty() ? "" : tp8.errors.front().message.c_str());
        QVERIFY(std::abs(tp8.modelFlopsPerStep / ev.modelFlopsPerStep - 1) < 1e-9);
        QVERIFY(tp8.hardwareFlopsPerStep > tp8.modelFlopsPerStep);
    }

    void mfuAndHfuDefinitions()
    {
        auto j = test::gptPlanJson("gpt3-175b", 16, 8, 2, 8, 512);
        j["training"]["recompute"] = "full";
        const Plan plan = test::unfitted(test::mustPlan(j));
        const Evaluation ev = evaluate(plan);
        const double n = plan.parallel.gpusUsed();
        QCOMPARE(ev.mfu, ev.modelFlopsPerStep / (ev.stepS * n) / 1e12 / 312.0);
        QCOMPARE(ev.hfu, ev.hardwareFlopsPerStep / (ev.stepS * n) / 1e12 / 312.0);
        QVERIFY(ev.hfu > ev.mfu);
        QCOMPARE(ev.tokensPerS, 512.0 * 2048 / ev.stepS);
    }

    // The GEMM efficiency model depends on shapes: the same layer split 8 ways on a small hidden size runs at a
    // lower fraction of peak than unsplit.
    void tensorParallelSmallHiddenIsLessEfficient()
    {
        auto one = test::gptPlanJson("megatron-gpt-1.7b", 1, 1, 1, 1, 8);
        auto eight = test::gptPlanJson("megatron-gpt-1.7b", 1, 8, 1, 1, 8);
        const Evaluation a = evaluate(test::unfitted(test::mustPlan(one)));
        const Evaluation b = evaluate(test::unfitted(test::mustPlan(eight)));
        const double effOne = a.modelFlopsPerStep / a.computeS;
        const double effEight = b.modelFlopsPerStep / 8 / b.computeS;
        QVERIFY2(effEight < 0.9 * effOne, qPrintable(QStringLiteral("%1 vs %2").arg(effEight).arg(effOne)));
    }

    // Megatron-LM's default cross entropy (tensor_parallel/cross_entropy.py) moves 38 bytes per fp32 logit forward
    // and 14 backward, pass by pass; a fused kernel 8 and 4. The difference is pure HBM traffic on the last stage.
    void unfusedCrossEntropyStreamsEachPass()
    {
        auto j = test::gptPlanJson("megatron-gpt-1.7b", 1, 1, 1, 8, 64);
        Plan unfused = test::unfitted(test::mustPlan(j));
        QVERIFY(!unfused.training.fusedCrossEntropy()); // Megatron-LM's default
        j["training"]["fused_cross_entropy"] = true;
        const Plan fused = test::unfitted(test::mustPlan(j));
        const EdgeCost a = lastStageCost(unfused), b = lastStageCost(fused);
        const double logits = double(unfused.training.microBatch) * unfused.model.seqLen * unfused.model.vocab;
        QVERIFY(std::abs((a.fwd - b.fwd) - memoryTime(30 * logits, unfused.cluster.gpu)) < 1e-12);
        QVERIFY(std::abs((a.dgrad - b.dgrad) - memoryTime(10 * logits, unfused.cluster.gpu)) < 1e-12);
        j["training"].erase("fused_cross_entropy");
        j["training"]["framework"] = "fsdp";
        QVERIFY(test::unfitted(test::mustPlan(j))
                    .training.fusedCrossEntropy()); // elsewhere fused unless the file says otherwise
    }

    // Megatron-LM's weight gradient adds into the fp32 main_grad inside the GEMM (gradient_accumulation_fusion): the
    // K×N output is read and written at 4 B each, so a wgrad over few tokens is bound by HBM, not the tensor cores.
    void wgradAccumulatesIntoFp32MainGrad()
    {
        auto j = test::gptPlanJson("megatron-gpt-1.7b", 1, 1, 1, 8, 64);
        test::onDgxH100(j);
        const Plan megatron = test::unfitted(test::mustPlan(j));
        const GpuSpec& g = megatron.cluster.gpu;
        const GemmShape few { 8192, 8192, 256, 1, 8 }; // K × N weight, 256 tokens
        const GemmTime t = gemmTime(few, g, g.bf16Tflops, 2);
        QVERIFY(t.memoryBound);
        QCOMPARE(t.seconds, memoryTime(2 * (8192.0 * 256 * 2) + 8 * 8192.0 * 8192, g));
        QVERIFY(t.seconds > gemmTime({ 8192, 8192, 256, 1 }, g, g.bf16Tflops, 2).seconds);
        for (const LayerGemm& lg : layerGemms(megatron))
            if (!lg.attention)
                QCOMPARE(lg.wgrad.accumulateBytes, 8.0);
        j["training"]["framework"] = "fsdp"; // autograd writes a 16-bit .grad
        for (const LayerGemm& lg : layerGemms(test::unfitted(test::mustPlan(j))))
            QCOMPARE(lg.wgrad.accumulateBytes, 0.0);
    }

    // Transformer Engine's FP8 casts (layercost.cpp fp8CastBytes), on an H100 GPT layer: under Megatron-LM the QKV
    // and FC1 inputs come from fused LayerNorms in FP8 (1 B saved) and are transposed for the backward (1 B read,
    // 1 B written), weights cast once per step (its is_first_microbatch cache); every other input and every output
    // gradient is cast and transposed in one pass (2 B read, 1 + 1 B written); te.Linear (llm-foundry) casts every
    // input so, and its weights per forward.
    void fp8CastsAreCounted_data()
    {
        QTest::addColumn<QString>("framework");
        QTest::addColumn<double>("weightCasts"); // per micro-batch
        QTest::addColumn<bool>("normFused");
        QTest::newRow("Megatron-LM, 8 micro-batches") << QStringLiteral("megatron") << 1.0 / 8 << true;
        QTest::newRow("FSDP (llm-foundry te.Linear)") << QStringLiteral("fsdp") << 1.0 << false;
    }
    void fp8CastsAreCounted()
    {
        QFETCH(QString, framework);
        QFETCH(double, weightCasts);
        QFETCH(bool, normFused);
        auto j = test::gptPlanJson("megatron-gpt-1.7b", 1, 1, 1, 8, 64);
        test::onDgxH100(j);
        j["training"]["framework"] = framework.toStdString();
        const Plan bf16 = test::unfitted(test::mustPlan(j));
        j["training"]["precision"] = "fp8";
        const Plan fp8 = test::unfitted(test::mustPlan(j));
        QCOMPARE(fp8.microBatches(), 8LL);
        const ModelSpec& m = fp8.model;
        const double T = double(fp8.training.microBatch) * m.seqLen, h = m.hidden, f = m.ffnHidden;
        const double q = m.queryWidth(), kv = m.kvWidth();
        const double weights = h * (q + 2 * kv) + q * h + h * f + f * h;
        // QKV and FC1 take the normed h-wide input; the projection q, FC2 f.
        const double normInputs = normFused ? -2 * T * h : 4 * 2 * T * h;
        const double fwd = normInputs + 4 * T * q + 4 * T * f + 4 * weights * weightCasts;
        const double transposes = normFused ? 2 * 2 * T * h : 0;
        const double bwd = transposes + 4 * T * ((q + 2 * kv) + h + f + h);
        const LayerCost a = layerCost(bf16), b = layerCost(fp8);
        const GpuSpec& g = fp8.cluster.gpu;
        QVERIFY(std::abs((b.fwdElementwise - a.fwdElementwise) - memoryTime(fwd, g)) < 1e-12);
        QVERIFY(std::abs((b.bwdElementwise - a.bwdElementwise) - memoryTime(bwd, g)) < 1e-12);
        QVERIFY(b.bwdElementwise > a.bwdElementwise);
    }
};

QTEST_GUILESS_MAIN(TestFlops)
#include "tst_flops.moc"
