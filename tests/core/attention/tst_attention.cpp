#include "attention.h"
#include "catalog.h"
#include "evaluate.h"
#include "layercost.h"
#include "plan.h"
#include "plankeys.h"
#include "range.h"
#include "ratebasis.h"

#include "../testplans.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <algorithm>

using namespace plait;

// Fused attention at its published speed by kernel, head size and length (cost/attention.h). The expected figures
// are the published bars themselves, so each row names its figure.
class TestAttention : public QObject {
    Q_OBJECT
private slots:
    void publishedRates_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<double>("headDim");
        QTest::addColumn<double>("seq");
        QTest::addColumn<double>("fwd");
        QTest::addColumn<double>("bwd");
        // FlashAttention-2 (Dao 2023) Figure 4 (d), A100 80GB SXM4, causal, head dim 128, forward + backward.
        QTest::newRow("A100 FA2 d128 2k") << "A100-SXM4-80GB"
                                          << "flash2" << 128.0 << 2048.0 << 155.0 << 155.0;
        QTest::newRow("A100 FA2 d128 16k") << "A100-SXM4-80GB"
                                           << "flash2" << 128.0 << 16384.0 << 189.0 << 189.0;
        // Figure 4 (c, d): FlashAttention v1, head dims 64 and 128 at 4k; 96 lies halfway.
        QTest::newRow("A100 FA1 d64 4k") << "A100-SXM4-40GB"
                                         << "flash1" << 64.0 << 4096.0 << 87.0 << 87.0;
        QTest::newRow("A100 FA1 d96 4k") << "A100-SXM4-40GB"
                                         << "flash1" << 96.0 << 4096.0 << 81.5 << 81.5;
        // Halfway between 1k (133) and 2k (155) in log(length): 1448 tokens.
        QTest::newRow("A100 FA2 d128 1448") << "A100-SXM4-80GB"
                                            << "flash2" << 128.0 << 1448.15 << 144.0 << 144.0;
        // Beyond the published lengths the nearest bar holds.
        QTest::newRow("A100 FA2 below 512") << "A100-SXM4-80GB"
                                            << "flash2" << 128.0 << 128.0 << 99.0 << 99.0;
        QTest::newRow("A100 FA2 above 16k") << "A100-SXM4-80GB"
                                            << "flash2" << 128.0 << 131072.0 << 189.0 << 189.0;
        // FlashAttention-3 (Shah et al. 2024) Figure 5 (d): causal forward 521 at 2k; Figure 6: backward without the
        // mask 501 against a forward of 625, so the causal backward is 521 · 501 / 625.
        QTest::newRow("H100 FA3 d128 2k") << "H100-SXM5-80GB"
                                          << "flash3" << 128.0 << 2048.0 << 521.0 << 521.0 * 501 / 625;
        // cuDNN: forward 484 (Figure 5 d), backward 465 against 617 without the mask.
        QTest::newRow("H100 cuDNN d128 2k") << "H100-SXM5-80GB"
                                            << "cudnn" << 128.0 << 2048.0 << 484.0 << 484.0 * 465 / 617;
        // FlashAttention-2 on H100: forward + backward 265 (README figure, d), forward 298 (FA3 Figure 5 d); the
        // backward takes the rest of the total: 2.5 / (3.5/265 − 1/298).
        QTest::newRow("H100 FA2 d128 2k") << "H100-SXM5-80GB"
                                          << "flash2" << 128.0 << 2048.0 << 298.0 << 2.5 / (3.5 / 265 - 1.0 / 298);
    }
    void publishedRates()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, kernel);
        QFETCH(double, headDim);
        QFETCH(double, seq);
        QFETCH(double, fwd);
        QFETCH(double, bwd);
        const GpuSpec* g = Catalog::builtin().gpu(gpu.toStdString());
        QVERIFY(g);
        const AttentionRate r = attentionRate(*g, attentionKernelFromName(kernel.toStdString()), headDim, seq);
        QVERIFY(r.found);
        QVERIFY(!r.source.empty());
        QVERIFY2(std::abs(r.fwdTflops - fwd) < 0.5, qPrintable(QString::number(r.fwdTflops)));
        QVERIFY2(std::abs(r.bwdTflops - bwd) < 0.5, qPrintable(QString::number(r.bwdTflops)));
    }

    void unpublishedKernelIsNotFound()
    {
        // No FlashAttention-3 on Ampere, no curve of OpenAI's tutorial kernel, and no published curve at all for B200.
        QVERIFY(!attentionRate(*Catalog::builtin().gpu("A100-SXM4-80GB"), AttentionKernel::Flash3, 128, 4096).found);
        QVERIFY(!attentionRate(*Catalog::builtin().gpu("A100-SXM4-80GB"), AttentionKernel::Triton, 128, 4096).found);
        QVERIFY(!attentionRate(*Catalog::builtin().gpu("B200-SXM-180GB"), AttentionKernel::Flash2, 128, 4096).found);
    }

    void autoFollowsTheFramework()
    {
        const GpuSpec& h100 = *Catalog::builtin().gpu("H100-SXM5-80GB");
        const GpuSpec& a100 = *Catalog::builtin().gpu("A100-SXM4-80GB");
        // Transformer Engine prefers cuDNN attention on Hopper; PyTorch's SDPA runs FlashAttention-2.
        QCOMPARE(resolveAttentionKernel(AttentionKernel::Auto, true, h100), AttentionKernel::CuDnn);
        QCOMPARE(resolveAttentionKernel(AttentionKernel::Auto, false, h100), AttentionKernel::Flash2);
        QCOMPARE(resolveAttentionKernel(AttentionKernel::Auto, true, a100), AttentionKernel::Flash2);
        QCOMPARE(resolveAttentionKernel(AttentionKernel::Triton, true, h100), AttentionKernel::Triton);
    }

    // The layer's attention time is its FLOPs at the published rate, scaled to the sustained clock like GEMMs.
    void layerTimesFollowTheCurve()
    {
        Plan plan = test::mustPlan(test::gptPlanJson("llama2-7b", 1, 1, 1, 8, 64));
        plan.cluster.gpu = *Catalog::builtin().gpu("A100-SXM4-80GB");
        plan.training.flashAttention = true;
        plan.training.attentionKernel = AttentionKernel::Flash1;
        const LayerCost v1 = layerCost(plan);
        QVERIFY(v1.attentionRatePublished);
        const GpuSpec& g = plan.cluster.gpu;
        const double sustained = g.gemmSustainedEfficiency / g.gemmMaxEfficiency;
        const AttentionRate r = attentionRate(g, AttentionKernel::Flash1, plan.model.kvChannels(), plan.model.seqLen);
        QVERIFY(std::abs(v1.fwdAttention - v1.attentionFwdFlops / (r.fwdTflops * 1e12 * sustained))
            < 1e-9 * v1.fwdAttention + 1e-12);
        plan.training.attentionKernel = AttentionKernel::Flash2;
        const LayerCost fa2 = layerCost(plan);
        // The same work; FlashAttention-2 is the faster kernel at every published length.
        QCOMPARE(fa2.attentionFwdFlops, v1.attentionFwdFlops);
        QVERIFY(fa2.fwdAttention < v1.fwdAttention);
        QVERIFY(fa2.bwdAttention < v1.bwdAttention);
    }

    // Dropout inside the fused kernel: FlashAttention (arXiv 2205.14135) Tables 15/18 (forward, 2,678.11 against
    // 2,147.05 ms) and 16/19 (backward, 6,643.01 against 5,343.19 ms) at 64K keys, A100, head size 64; the extra share
    // halves at head size 128. The element-wise and GEMM work does not depend on the attention's dropout.
    void fusedAttentionDropoutCosts_data()
    {
        QTest::addColumn<long long>("hidden");
        QTest::addColumn<int>("heads");
        QTest::addColumn<double>("forward");
        QTest::addColumn<double>("backward");
        QTest::newRow("head size 64") << 4096LL << 64 << 2678.11 / 2147.05 << 6643.01 / 5343.19;
        QTest::newRow("head size 128") << 4096LL << 32 << 1 + (2678.11 / 2147.05 - 1) / 2
                                       << 1 + (6643.01 / 5343.19 - 1) / 2;
    }
    void fusedAttentionDropoutCosts()
    {
        QFETCH(long long, hidden);
        QFETCH(int, heads);
        QFETCH(double, forward);
        QFETCH(double, backward);
        Plan plan = test::mustPlan(test::gptPlanJson("llama2-7b", 1, 1, 1, 8, 64));
        plan.cluster.gpu = *Catalog::builtin().gpu("A100-SXM4-80GB");
        plan.model.hidden = hidden;
        plan.model.heads = plan.model.kvHeads = heads;
        plan.training.flashAttention = true;
        plan.training.attentionKernel = AttentionKernel::Flash2;
        plan.model.attentionDropout = 0;
        plan.model.hiddenDropout = 0.1;
        const LayerCost without = layerCost(plan);
        plan.model.attentionDropout = 0.1;
        const LayerCost with = layerCost(plan);
        QVERIFY(without.attentionRatePublished);
        QVERIFY(std::abs(with.fwdAttention / without.fwdAttention - forward) < 1e-9);
        QVERIFY(std::abs(with.bwdAttention / without.bwdAttention - backward) < 1e-9);
        QCOMPARE(with.fwdElementwise, without.fwdElementwise);
        // What the cost model rests on names the share beside the kernel's rate.
        const std::vector<RateStanding> standings = rateStandings(plan);
        const auto a = std::find_if(
            standings.begin(), standings.end(), [](const RateStanding& r) { return r.id == "attention_rate"; });
        QVERIFY(a != standings.end());
        QVERIFY(std::abs(a->dropoutForward - forward) < 1e-9 && std::abs(a->dropoutBackward - backward) < 1e-9);
        QCOMPARE(with.fullActivations, without.fullActivations);
        // The residual branches' dropout is element-wise work and a kept mask of a byte per element.
        plan.model.hiddenDropout = 0;
        const LayerCost noHidden = layerCost(plan);
        QVERIFY(noHidden.fwdElementwise < with.fwdElementwise);
        QVERIFY(noHidden.fullActivations < with.fullActivations);
        QCOMPARE(noHidden.fwdAttention, with.fwdAttention);
    }

    // Padding removed around the fused kernel (flash_attn/bert_padding.py at v2.4.2, llm-foundry's attn_impl flash):
    // each row's bytes are counted by hand from the code. Forward: three gathers (Q, K, V: read + write each) and
    // pad_input's zero fill and scatter (write, read, write the output); backward: three zero fills and scatters
    // (write, read, write) and the output's gather (read + write). Fixed costs: the all-ones mask, 7 kernels per
    // unpad_input and its 2 host waits, 3 times, and pad_input's 2 (30); backward 2 per gather and 1 (7). The
    // kernel's own time does not change; it saves its output, one more tensor of the output's width, and each gather
    // its int64 indices (24 B per token, whole on every TP rank).
    void unpaddingCostsItsCopies_data()
    {
        QTest::addColumn<int>("kvHeads");
        QTest::addColumn<int>("tp");
        QTest::addColumn<double>("forwardBytes");
        QTest::addColumn<double>("backwardBytes");
        QTest::addColumn<double>("savedBytes");
        // MPT-1b's shape at llm-foundry's micro-batch 12 (hidden 2048, 16 heads, seq 2048): 24,576 tokens, each
        // tensor 24576 · 2048 · 2 B = 100,663,296 B; forward (2·3 + 3) of them, backward (3·3 + 2); indices
        // 3 · 8 · 24576 = 589,824 B.
        QTest::newRow("MHA, TP 1") << 16 << 1 << 9 * 100663296.0 << 11 * 100663296.0 << 100663296.0 + 589824;
        // GQA with 4 KV heads: K and V a quarter of the width (25,165,824 B each), Q and the output whole.
        QTest::newRow("GQA 4, TP 1") << 4 << 1 << (2 * (100663296.0 + 2 * 25165824.0) + 3 * 100663296.0)
                                     << (3 * (100663296.0 + 2 * 25165824.0) + 2 * 100663296.0) << 100663296.0 + 589824;
        // TP 2: each rank holds half the heads, and every token's indices.
        QTest::newRow("MHA, TP 2") << 16 << 2 << 9 * 50331648.0 << 11 * 50331648.0 << 50331648.0 + 589824;
    }
    void unpaddingCostsItsCopies()
    {
        QFETCH(int, kvHeads);
        QFETCH(int, tp);
        QFETCH(double, forwardBytes);
        QFETCH(double, backwardBytes);
        QFETCH(double, savedBytes);
        Plan plan = test::mustPlan(test::gptPlanJson("llama2-7b", 1, tp, 1, 8 / tp, 96));
        plan.cluster.gpu = *Catalog::builtin().gpu("H100-SXM5-80GB");
        plan.model.hidden = 2048;
        plan.model.heads = 16;
        plan.model.kvHeads = kvHeads;
        plan.model.seqLen = 2048;
        plan.training.microBatch = 12;
        plan.training.flashAttention = true;
        plan.training.attentionKernel = AttentionKernel::Flash2;
        const LayerCost padded = layerCost(plan);
        plan.training.attentionUnpad = true;
        const LayerCost unpadded = layerCost(plan);
        const double fixedS = 1e-6 * kernelFixedUs(plan.cluster);
        const double fwd = elementwiseTime(forwardBytes, plan.cluster) + 30 * fixedS;
        const double bwd = elementwiseTime(backwardBytes, plan.cluster) + 7 * fixedS;
        QVERIFY(std::abs(unpadded.fwdElementwise - padded.fwdElementwise - fwd) < 1e-12);
        QVERIFY(std::abs(unpadded.bwdElementwise - padded.bwdElementwise - bwd) < 1e-12);
        QCOMPARE(unpadded.fwdAttention, padded.fwdAttention);
        QCOMPARE(unpadded.bwdAttention, padded.bwdAttention);
        QCOMPARE(unpadded.fullActivations - padded.fullActivations, savedBytes);
        // What the cost model rests on names the same seconds beside the kernel's rate.
        const UnpadSeconds unpad = attentionUnpadOf(plan);
        QVERIFY(std::abs(unpad.forward - fwd) < 1e-12 && std::abs(unpad.backward - bwd) < 1e-12);
        const std::vector<RateStanding> standings = rateStandings(plan);
        const auto a = std::find_if(
            standings.begin(), standings.end(), [](const RateStanding& r) { return r.id == "attention_rate"; });
        QVERIFY(a != standings.end());
        QCOMPARE(a->unpadForwardS, unpad.forward);
        QCOMPARE(a->unpadBackwardS, unpad.backward);
        // Recomputing the core attention runs the unpadding again and keeps neither its output nor its indices.
        plan.training.recompute = Recompute::Selective;
        plan.training.recomputeModules = unsigned(RecomputeModule::CoreAttn);
        const LayerCost again = layerCost(plan);
        plan.training.attentionUnpad = false;
        const LayerCost againPadded = layerCost(plan);
        QVERIFY(std::abs(again.recomputeFwd - againPadded.recomputeFwd - fwd) < 1e-12);
        QCOMPARE(again.storedActivations, againPadded.storedActivations);
        // Without a fused kernel there is nothing to unpad.
        plan.training.recompute = Recompute::None;
        plan.training.flashAttention = false;
        const LayerCost unfused = layerCost(plan);
        plan.training.attentionUnpad = true;
        const LayerCost unfusedUnpad = layerCost(plan);
        QCOMPARE(unfusedUnpad.fwdElementwise, unfused.fwdElementwise);
        QCOMPARE(unfusedUnpad.bwdElementwise, unfused.bwdElementwise);
        QCOMPARE(unfusedUnpad.fullActivations, unfused.fullActivations);
        // and the evaluation says the setting has no effect, which it does not say with a fused kernel.
        auto saysUnfused = [](const Plan& p) {
            const std::vector<Warning> w = evaluate(p).warnings;
            return std::any_of(
                w.begin(), w.end(), [](const Warning& x) { return x.code == "attention-unpad-unfused"; });
        };
        QVERIFY(saysUnfused(plan));
        // The plan file keeps it, as a key Plait reads, and leaves it out when off.
        plan.training.flashAttention = true;
        QVERIFY(!saysUnfused(plan));
        const nlohmann::json written = toJson(plan);
        QVERIFY(written["training"]["attention_unpad"] == nlohmann::json(true));
        QVERIFY(test::mustPlan(written).training.attentionUnpad);
        QVERIFY(unknownKeyWarnings(written).empty());
        plan.training.attentionUnpad = false;
        QVERIFY(!toJson(plan)["training"].contains("attention_unpad"));
    }

    void unpublishedKernelIsFlagged()
    {
        Plan plan = test::mustPlan(test::gptPlanJson("llama2-7b", 1, 1, 1, 8, 64));
        plan.cluster.gpu = *Catalog::builtin().gpu("A100-SXM4-80GB");
        plan.training.flashAttention = true;
        plan.training.attentionKernel = AttentionKernel::Flash3;
        QVERIFY(!layerCost(plan).attentionRatePublished);
        const Evaluation ev = evaluate(plan);
        QVERIFY(std::any_of(ev.warnings.begin(), ev.warnings.end(),
            [](const Warning& w) { return w.code == "attention-rate-unknown"; }));
    }

    // llm-foundry's attn_impl triton (flash_attn_triton.py) has no published curve: FlashAttention v1's sets the
    // point, FlashAttention-2's the fast end of the range, and the evaluation says so.
    void tritonFlashAttentionTimingsDisagree()
    {
        const GpuSpec& h100 = *Catalog::builtin().gpu("H100-SXM5-80GB");
        const AttentionRate r = attentionRate(h100, AttentionKernel::FlashTriton, 128, 65536);
        const AttentionRate v1 = attentionRate(h100, AttentionKernel::Flash1, 128, 65536);
        QVERIFY(r.found);
        QCOMPARE(r.standIn, std::string("flash1"));
        QCOMPARE(r.fwdTflops, v1.fwdTflops);
        QCOMPARE(r.bwdTflops, v1.bwdTflops);
        QVERIFY(v1.standIn.empty());

        Plan plan = test::mustPlan(test::gptPlanJson("llama2-7b", 1, 1, 1, 8, 64));
        plan.cluster.gpu = h100;
        plan.model.seqLen = 32768;
        plan.training.flashAttention = true;
        plan.training.attentionKernel = AttentionKernel::FlashTriton;
        const Evaluation ev = evaluate(plan);
        QVERIFY(ev.valid);
        const auto standIn = std::find_if(ev.warnings.begin(), ev.warnings.end(),
            [](const Warning& w) { return w.code == "attention-rate-stand-in"; });
        QVERIFY(standIn != ev.warnings.end());
        QVERIFY(standIn->message.find("flash1") != std::string::npos);
        QVERIFY(standIn->message.find("flash2") != std::string::npos);
        QVERIFY(std::none_of(ev.warnings.begin(), ev.warnings.end(),
            [](const Warning& w) { return w.code == "attention-rate-unknown"; }));

        // The point is v1's step; the fast end reaches FlashAttention-2's, the slow end does not move.
        Plan v1Plan = plan;
        v1Plan.training.attentionKernel = AttentionKernel::Flash1;
        const Evaluation onV1 = evaluate(v1Plan);
        QCOMPARE(ev.stepS, onV1.stepS);
        QCOMPARE(fastEndPlan(plan).training.attentionKernel, AttentionKernel::Flash2);
        QCOMPARE(slowEndPlan(plan).training.attentionKernel, AttentionKernel::FlashTriton);
        const StepRange range = stepRange(plan, ev.stepS), v1Range = stepRange(v1Plan, onV1.stepS);
        QVERIFY(range.ok && v1Range.ok);
        QVERIFY2(range.fastS < 0.9 * v1Range.fastS, qPrintable(QString::number(range.fastS / v1Range.fastS)));
        QCOMPARE(range.slowS, v1Range.slowS);

        // What the figure rests on names the stand-in.
        const std::vector<RateStanding> standings = rateStandings(plan);
        const auto attention = std::find_if(
            standings.begin(), standings.end(), [](const RateStanding& r) { return r.id == "attention_rate"; });
        QVERIFY(attention != standings.end());
        QCOMPARE(attention->kernel, std::string("flash-triton"));
        QCOMPARE(attention->standIn, std::string("flash1"));
        QCOMPARE(attention->fastEnd, std::string("flash2"));
        QCOMPARE(attention->source, std::string("flash1"));

        // On the A100, FlashAttention-2's benchmark of the kernel itself bounds the slow end where it is slower than
        // v1 (head size 64 past 2k: 80 against 97 TFLOP/s at 16k), and v1 still sets the point.
        Plan onA100 = plan;
        onA100.cluster.gpu = *Catalog::builtin().gpu("A100-SXM4-80GB");
        onA100.model.heads = onA100.model.kvHeads = int(onA100.model.hidden / 64);
        onA100.model.headDim = 64;
        const GpuSpec& a100 = onA100.cluster.gpu;
        const AttentionRate onA100Rate = attentionRate(a100, AttentionKernel::FlashTriton, 64, 16384);
        QCOMPARE(onA100Rate.standIn, std::string("flash1"));
        QCOMPARE(onA100Rate.fwdTflops, 97.0);
        QVERIFY(attentionStandIn(a100, AttentionKernel::FlashTriton)->ownCurve);
        QVERIFY(!attentionStandIn(h100, AttentionKernel::FlashTriton)->ownCurve);
        QCOMPARE(
            attentionRate(slowEndPlan(onA100).cluster.gpu, AttentionKernel::FlashTriton, 64, 16384).fwdTflops, 80.0);
        QCOMPARE(
            attentionRate(slowEndPlan(onA100).cluster.gpu, AttentionKernel::FlashTriton, 64, 1024).fwdTflops, 70.0);
        QCOMPARE(attentionRate(slowEndPlan(plan).cluster.gpu, AttentionKernel::FlashTriton, 64, 16384).fwdTflops,
            attentionRate(h100, AttentionKernel::Flash1, 64, 16384).fwdTflops);
        const Evaluation a100Ev = evaluate(onA100);
        QVERIFY(a100Ev.valid);
        QVERIFY(std::any_of(a100Ev.warnings.begin(), a100Ev.warnings.end(),
            [](const Warning& w) { return w.code == "attention-rate-disputed"; }));
        QVERIFY(std::none_of(a100Ev.warnings.begin(), a100Ev.warnings.end(),
            [](const Warning& w) { return w.code == "attention-rate-stand-in"; }));
        Plan a100V1 = onA100;
        a100V1.training.attentionKernel = AttentionKernel::Flash1;
        QVERIFY(stepRange(onA100, a100Ev.stepS).slowS > stepRange(a100V1, evaluate(a100V1).stepS).slowS);

        // A kernel whose timings agree has no stand-in; a probe's measurement of the kernel itself replaces it.
        QVERIFY(!attentionStandIn(h100, AttentionKernel::Flash2));
        GpuSpec measured = h100;
        measured.measuredAttention.push_back({ "flash-triton", 128, 8192, 200, 150, "probe" });
        QVERIFY(!attentionStandIn(measured, AttentionKernel::FlashTriton));
        QVERIFY(attentionRate(measured, AttentionKernel::FlashTriton, 128, 4096).measured);
    }

    void curvesAreChecked_data()
    {
        QTest::addColumn<QString>("curve");
        QTest::newRow("above peak") << R"({"kernel":"flash2","seq":[512,1024],"tflops":[100,400]})";
        QTest::newRow("lengths not increasing") << R"({"kernel":"flash2","seq":[1024,512],"tflops":[100,120]})";
        QTest::newRow("lengths and rates differ") << R"({"kernel":"flash2","seq":[512,1024],"tflops":[100]})";
        QTest::newRow("unknown kernel") << R"({"kernel":"flash9","seq":[512],"tflops":[100]})";
    }
    void curvesAreChecked()
    {
        QFETCH(QString, curve);
        nlohmann::json gpu = { { "id", "X" }, { "memory_GiB", 80 }, { "bf16_tflops", 312 }, { "hbm_GBps", 2000 } };
        gpu["attention_curves"] = nlohmann::json::array({ nlohmann::json::parse(curve.toStdString()) });
        const Result<GpuSpec> r = gpuFromJson(gpu, "gpu");
        QVERIFY(!r.ok());
        QVERIFY(r.errors().front().field.find("attention_curves") != std::string::npos);
    }

    void curvesRoundTrip()
    {
        const GpuSpec& h100 = *Catalog::builtin().gpu("H100-SXM5-80GB");
        QVERIFY(h100.attentionCurves.size() >= 10);
        const Result<GpuSpec> back = gpuFromJson(toJson(h100), "gpu");
        QVERIFY(back.ok());
        QVERIFY(back.value().attentionCurves == h100.attentionCurves);
    }
};

QTEST_GUILESS_MAIN(TestAttention)
#include "tst_attention.moc"
