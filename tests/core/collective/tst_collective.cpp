#include "../testplans.h"
#include "collective.h"
#include "evaluate.h"
#include "groups.h"
#include "layercost.h"
#include "overlap.h"

#include <QTest>
#include <list>

using namespace plait;

class TestCollective : public QObject {
    Q_OBJECT
private slots:
    // NVIDIA/nccl-tests doc/PERFORMANCE.md: busbw = algbw × factor.
    void busBandwidthFactors_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("factor");
        QTest::newRow("all-reduce 8") << int(CollectiveKind::AllReduce) << 8 << 2.0 * 7 / 8;
        QTest::newRow("all-reduce 2") << int(CollectiveKind::AllReduce) << 2 << 1.0;
        QTest::newRow("all-gather 8") << int(CollectiveKind::AllGather) << 8 << 7.0 / 8;
        QTest::newRow("reduce-scatter 16") << int(CollectiveKind::ReduceScatter) << 16 << 15.0 / 16;
        QTest::newRow("all-to-all 4") << int(CollectiveKind::AllToAll) << 4 << 3.0 / 4;
        QTest::newRow("send-recv") << int(CollectiveKind::SendRecv) << 2 << 1.0;
    }
    void busBandwidthFactors()
    {
        QFETCH(int, kind);
        QFETCH(int, ranks);
        QFETCH(double, factor);
        QCOMPARE(busBandwidthFactor(CollectiveKind(kind), ranks), factor);
    }

    // T = α·steps + S·factor/β for the ring.
    void ringAllReduceIsAlphaPlusBytesOverBeta()
    {
        GroupPath p;
        p.ranks = 8;
        p.alphaS = 5e-6;
        p.busGBps = 100;
        const CollectiveCost c = collectiveTime(CollectiveKind::AllReduce, 1e9, p);
        QCOMPARE(c.algorithm, Algorithm::Ring);
        QCOMPARE(c.alphaS, 14 * 5e-6);
        QCOMPARE(c.bandwidthS, 1e9 * 2 * 7 / 8 / 100e9);
        QCOMPARE(c.seconds, c.alphaS + c.bandwidthS);
    }

    void treeWinsForSmallMessagesAcrossManyNodes()
    {
        GroupPath p;
        p.ranks = 256;
        p.nodes = 256;
        p.alphaS = 10e-6;
        p.busGBps = 25;
        QCOMPARE(collectiveTime(CollectiveKind::AllReduce, 1e4, p).algorithm, Algorithm::Tree);
        QCOMPARE(collectiveTime(CollectiveKind::AllReduce, 1e11, p).algorithm, Algorithm::Ring);
    }

    void nvlsUsedWhereMeasuredFaster()
    {
        GroupPath p;
        p.ranks = 8;
        p.alphaS = 2e-6;
        p.busGBps = 369;
        p.nvlsAlgGBps = 275;
        // ring algbw = 369/(2·7/8) ≈ 211 GB/s < 275 GB/s measured NVLS algbw (nccl-tests #212).
        QCOMPARE(collectiveTime(CollectiveKind::AllReduce, 1e9, p).algorithm, Algorithm::Nvls);
    }

    // The one overlap rule (cost/overlap.h): max(0, comm − window) + s·min(comm, window).
    void overlapRule_data()
    {
        QTest::addColumn<double>("comm");
        QTest::addColumn<double>("window");
        QTest::addColumn<double>("s");
        QTest::addColumn<double>("added");
        QTest::newRow("hidden, no contention") << 1.0 << 3.0 << 0.0 << 0.0;
        QTest::newRow("hidden, Lee et al. mean") << 1.0 << 3.0 << 0.189 << 0.189;
        QTest::newRow("longer than the window") << 5.0 << 3.0 << 0.189 << 2.0 + 0.189 * 3.0;
        QTest::newRow("no compute to hide under") << 2.0 << 0.0 << 0.189 << 2.0;
        QTest::newRow("no transfer") << 0.0 << 3.0 << 0.189 << 0.0;
        QTest::newRow("negative window is none") << 2.0 << -1.0 << 0.189 << 2.0;
    }
    void overlapRule()
    {
        QFETCH(double, comm);
        QFETCH(double, window);
        QFETCH(double, s);
        QFETCH(double, added);
        QCOMPARE(overlapCost(comm, window, s), added);
        // never more than running the two one after the other, never less than what the window cannot hide
        QVERIFY(overlapCost(comm, window, s) <= comm + 1e-15);
        QVERIFY(overlapCost(comm, window, s) >= std::max(0.0, comm - std::max(0.0, window)) - 1e-15);
    }
    void overlapSlowdownIsMeasuredElsePublished()
    {
        GpuSpec g;
        QCOMPARE(overlapSlowdown(g), 0.189); // Lee et al. 2025, arXiv 2507.03114
        g.overlapSlowdown = 0.07;
        QCOMPARE(overlapSlowdown(g), 0.07);
    }

    // Expert-parallel all-to-all over 1, 2 and 4 nodes of 8 H100 (EP 8, 16, 32): each rank sends (n − 8)/n of its
    // buffer through its share of the node's NICs and (8 − 1)/n over NVLink at once, so leaving the node costs
    // what the NICs allow, not NVLink's rate (issue 14, part C).
    void allToAllAcrossNodesGoesThroughTheNics_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::newRow("EP 8, one node") << 1;
        QTest::newRow("EP 16, two nodes") << 2;
        QTest::newRow("EP 32, four nodes") << 4;
    }
    void allToAllAcrossNodesGoesThroughTheNics()
    {
        QFETCH(int, nodes);
        auto j = test::gptPlanJson("megatron-gpt-1.7b", nodes, 1, 1, 8 * nodes, 64);
        test::onDgxH100(j);
        const Plan plan = test::mustPlan(j);
        const GroupSet g = buildGroups(plan);
        // One group of all the GPUs, as an EP group of 8·nodes ranks would be.
        const GroupPath& path = g.dp.front().path;
        const double bytes = 64.0 * (1 << 20);
        const CollectiveCost c = collectiveTime(CollectiveKind::AllToAll, bytes, path);
        const int n = 8 * nodes;
        const LinkSpec& nvlink = plan.cluster.intraNode;
        if (nodes == 1) {
            QCOMPARE(c.bandwidthS, bytes * (n - 1) / n / (nvlink.effectiveGBps() * 1e9));
            return;
        }
        const LinkSpec& ib = plan.cluster.interNode;
        QCOMPARE(path.ranksPerNode, 8);
        QCOMPARE(path.nicGBps, ib.effectiveGBps()); // one NIC per GPU, not shared with another group
        const double nic = bytes * (n - 8) / n / (ib.effectiveGBps() * 1e9);
        const double onNode = bytes * 7 / n / (nvlink.effectiveGBps() * 1e9);
        QVERIFY(std::abs(c.bandwidthS - std::max(nic, onNode)) < 1e-12);
        QVERIFY(c.bandwidthS > 4 * bytes * (n - 1) / n / (nvlink.effectiveGBps() * 1e9));
    }

    // NVLink's size curve was measured inside one node: a ring across nodes whose bandwidth NVLink bounds (8 members
    // a node, the node's NICs as fast) still waits (n - 1) steps at the inter-node latency, which the curve lacks.
    void ringsAcrossNodesPayEachStepsLatency_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::newRow("DP 16, two nodes") << 2;
        QTest::newRow("DP 64, eight nodes") << 8;
        QTest::newRow("DP 512, 64 nodes") << 64;
    }
    void ringsAcrossNodesPayEachStepsLatency()
    {
        QFETCH(int, nodes);
        auto j = test::gptPlanJson("megatron-gpt-1.7b", nodes, 1, 1, 8 * nodes, 8 * nodes);
        test::onDgxH100(j);
        const Plan plan = test::mustPlan(j);
        const GroupSet groups = buildGroups(plan);
        const GroupPath& path = groups.dp.front().path;
        QCOMPARE(path.bottleneck, &plan.cluster.intraNode); // 8 NDR NICs carry what NVLink does
        QVERIFY(!plan.cluster.intraNode.busbwCurve.empty());
        const int n = 8 * nodes;
        const double alpha = plan.cluster.interNode.latencyUs * 1e-6;
        for (double bytes : { 1.0 * (1 << 20), 64.0 * (1 << 20), 4096.0 * (1 << 20) }) {
            const CollectiveCost c = collectiveTime(CollectiveKind::AllGather, bytes, path);
            QVERIFY2(c.seconds >= (n - 1) * alpha + c.bandwidthS - 1e-15, qPrintable(QString::number(bytes)));
            QVERIFY(c.seconds >= c.bandwidthS / plan.cluster.intraNode.sizeEfficiency(bytes) - 1e-15);
        }
    }

    // A GB200 NVL72 rack joins its 18 trays of 4 GPUs into one NVLink domain (NVIDIA GB200 NVL72 spec: NVLink 5 at
    // 1.8 TB/s per GPU across the 72): a TP group over two trays, or a DP group over the rack, runs at NVLink's rate;
    // the same group over separate 4-GPU nodes, or a group spanning two racks, takes the trays' NICs.
    void anNvlinkDomainSpansItsNodes_data()
    {
        QTest::addColumn<int>("domain"); // GPUs per NVLink domain; 0 = the node
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("dp"); // PP 1 over the 144 GPUs
        QTest::addColumn<bool>("tpOnNvlink");
        QTest::addColumn<bool>("dpOnNvlink"); // NVLink its bottleneck
        // 9 DP ranks a rack, one on every other tray: their 9 NICs (47 GB/s each) are the way out, below NVLink.
        QTest::newRow("NVL72: TP 8 over two trays, DP 18 over two racks") << 72 << 8 << 18 << true << false;
        // 18 DP ranks a rack, one a tray, each with its own NIC: 18 × 47 GB/s leave the rack, more than NVLink's
        // 684 GB/s, as a node's 8 NICs do for a DGX (a rack's NICs are its way out as a node's are).
        QTest::newRow("NVL72: TP 4, DP 36 over two racks") << 72 << 4 << 36 << true << true;
        QTest::newRow("NVL72: TP 72, DP 2 over two racks") << 72 << 72 << 2 << true << false;
        QTest::newRow("4-GPU nodes: TP 8 crosses a node") << 0 << 8 << 18 << false << false;
        QTest::newRow("NVL144 as one domain: DP 18 on NVLink") << 144 << 8 << 18 << true << true;
    }
    void anNvlinkDomainSpansItsNodes()
    {
        QFETCH(int, domain);
        QFETCH(int, tp);
        QFETCH(int, dp);
        QFETCH(bool, tpOnNvlink);
        QFETCH(bool, dpOnNvlink);
        nlohmann::json j = test::gptPlanJson("llama3-70b", 36, tp, 1, dp, dp * 4);
        j["cluster"] = { { "gpu", "GB200" }, { "nodes", 36 }, { "gpus_per_node", 4 }, { "nvlink_domain_gpus", domain },
            { "intra_node", "nvlink5-nvswitch" }, { "inter_node", "ib-ndr" }, { "nics_per_node", 4 } };
        if (tp == 72) {
            j["model"] = { { "layers", 8 }, { "hidden", 9216 }, { "heads", 72 }, { "kv_heads", 72 },
                { "ffn_hidden", 36864 }, { "vocab", 32000 }, { "seq_len", 2048 } };
        }
        const Plan plan = test::mustPlan(j);
        const GroupSet g = buildGroups(plan);
        const std::string nvlink = plan.cluster.intraNode.id, ib = plan.cluster.interNode.id;
        QCOMPARE(g.tp.front().path.link, tpOnNvlink ? nvlink : ib);
        QCOMPARE(g.tp.front().crossesNode, !tpOnNvlink);
        QCOMPARE(g.dp.front().path.link == nvlink, dpOnNvlink);
        if (tpOnNvlink)
            QCOMPARE(g.tp.front().path.busGBps, plan.cluster.intraNode.effectiveGBps());
        if (domain < 144) {
            // Each tray's 4 NICs, one per GPU, carry the DP ring between racks.
            QCOMPARE(g.dp.front().path.nicGBps, plan.cluster.interNode.effectiveGBps());
            QVERIFY(g.dp.front().crossesNode);
        }
        // The evaluation follows: a rack-wide domain is never slower than separate nodes.
        nlohmann::json separate = j;
        separate["cluster"]["nvlink_domain_gpus"] = 0;
        const Evaluation a = evaluate(plan), b = evaluate(test::mustPlan(separate));
        QVERIFY(a.valid && b.valid);
        QVERIFY(a.stepS <= b.stepS);
        // TP groups that leave their NVLink domain are named by what they leave.
        auto crossing = [](const Evaluation& e) {
            for (const Warning& w : e.warnings)
                if (w.code == "tp-crosses-node")
                    return w.message;
            return std::string();
        };
        if (!tpOnNvlink) {
            QVERIFY2(crossing(a).find("span more than one node") != std::string::npos, crossing(a).c_str());
            nlohmann::json trays = j;
            trays["cluster"]["nvlink_domain_gpus"] = 4;
            const std::string said = crossing(evaluate(test::mustPlan(trays)));
            QVERIFY2(said.find("span more than one NVLink domain") != std::string::npos, said.c_str());
        }
        if (tpOnNvlink && tp == 8)
            QVERIFY2(a.stepS < 0.8 * b.stepS,
                qPrintable(QString::number(a.stepS) + QStringLiteral(" vs ") + QString::number(b.stepS)));
    }

    // A MoE layer's token traffic is two items, the dispatch and the combine, each of the listed stage's MoE layers'
    // calls forward and backward, the buffer of every token's top-k copies. PP 2: stage 0 holds 31 layers, 3 of them
    // DeepSeek-V3's dense first layers, which send none; stage 1 holds 30 and the multi-token prediction module's one,
    // and the output layer, so it is the busier stage and the one the breakdown lists.
    void expertTrafficIsDispatchAndCombine()
    {
        nlohmann::json j = test::gptPlanJson("deepseek-v3", 64, 1, 2, 256, 512);
        test::onDgxH100(j);
        j["parallel"]["ep"] = 64;
        j["parallel"]["layers_per_stage"] = { 31, 30 };
        const Plan plan = test::mustPlan(j);
        const Evaluation ev = evaluate(plan);
        QVERIFY2(ev.valid, ev.errors.empty() ? "" : ev.errors.front().message.c_str());
        QCOMPARE(ev.busiestStage, 1);
        int items = 0;
        for (const CommItem& c : ev.comm)
            if (c.dim == Dim::EP) {
                ++items;
                QCOMPARE(c.collective, CollectiveKind::AllToAll);
                QCOMPARE(c.count, (long long)ev.microBatches * 31 * 2);
                QCOMPARE(c.bytesPerCall, 4096.0 * 8 * 7168 * 2);
                QCOMPARE(c.groupSize, 64);
                QCOMPARE(c.nodes, 8); // 64 experts' ranks over 8 nodes of 8 GPUs
            }
        QCOMPARE(items, 2);
    }

    // Each item says how many nodes its group spans, whichever link is its bottleneck: GPT-3 175B on 128 DGX A100s,
    // TP 8 inside a node, its DP 8 over 8 nodes and its stage boundaries between two.
    void itemsSayTheNodesTheirGroupSpans()
    {
        const Plan plan = test::examplePlan("h-gpt3-175b-1024xa100.plait.json");
        const Evaluation ev = evaluate(plan);
        QVERIFY(ev.valid);
        for (const CommItem& c : ev.comm)
            QCOMPARE(c.nodes, c.dim == Dim::TP ? 1 : c.dim == Dim::DP ? plan.parallel.dp : 2);
    }

    // The pipeline's transfers are listed as the other items are: per step on the busiest stage's GPU, the
    // activations and gradients it sends to and receives from its neighbours (2 per micro-batch and neighbour), not
    // every boundary of the pipeline added up. GPT-3 175B on 128 DGX A100s, PP 8 (example h).
    void pipelineTransfersAreThoseOfOneGpu()
    {
        const Plan plan = test::examplePlan("h-gpt3-175b-1024xa100.plait.json");
        const Evaluation ev = evaluate(plan);
        QVERIFY(ev.valid);
        const auto pp = std::find_if(ev.comm.begin(), ev.comm.end(),
            [](const CommItem& c) { return c.dim == Dim::PP && c.collective == CollectiveKind::SendRecv; });
        QVERIFY(pp != ev.comm.end());
        const int p = plan.parallel.pp, v = plan.parallel.chunks();
        const int s = ev.busiestStage;
        // Each chunk of the stage borders one or two others; only the first and last virtual stages have one.
        int neighbours = 0;
        for (int ch = 0; ch < v; ++ch) {
            const int k = s + ch * p;
            neighbours += (k > 0 ? 1 : 0) + (k < p * v - 1 ? 1 : 0);
        }
        QCOMPARE(pp->count, 2LL * ev.microBatches * neighbours);
        QVERIFY2(pp->timeS < ev.stepS,
            qPrintable(QString::number(pp->timeS) + QStringLiteral(" vs ") + QString::number(ev.stepS)));
        QVERIFY(pp->exposedS <= pp->timeS);

        // One micro-batch through 16 stages: the step waits on more transfers than one GPU makes, and says so.
        nlohmann::json j = test::gptPlanJson("llama2-7b", 2, 1, 16, 1, 1);
        test::onDgxH100(j);
        const Evaluation one = evaluate(test::mustPlan(j));
        QVERIFY(one.valid);
        for (const CommItem& c : one.comm)
            if (c.dim == Dim::PP && c.collective == CollectiveKind::SendRecv) {
                QVERIFY(c.count <= 4);
                QVERIFY(c.exposedS > 0);
                QCOMPARE(c.timeS, c.exposedS);
                QVERIFY(std::abs(c.alphaS + c.bandwidthS - c.timeS) < 1e-12 + 1e-9 * c.timeS);
            }
    }

    // Routing imbalance: the most loaded EP rank's experts get 1.5 times the balanced tokens, its GEMMs and its
    // all-to-all buffer with them, and every other rank waits for it; the work is the same (model FLOPs unchanged). A
    // capacity factor of 1.25 drops what passes it: the same as a skew of 1.25.
    void theMostLoadedExpertSetsThePace()
    {
        nlohmann::json j = test::gptPlanJson("mixtral-8x7b", 2, 1, 1, 16, 64);
        test::onDgxH100(j);
        j["parallel"]["ep"] = 8;
        auto at = [&](double skew, double capacity) {
            nlohmann::json k = j;
            k["training"]["moe_load_skew"] = skew;
            k["training"]["moe_capacity_factor"] = capacity;
            const Plan p = test::mustPlan(k);
            return std::make_pair(layerCost(p), evaluate(p));
        };
        const auto [lc1, even] = at(1.0, 0);
        const auto [lc15, skewed] = at(1.5, 0);
        const auto [lcCap, capped] = at(1.5, 1.25);
        const auto [lc125, skew125] = at(1.25, 0);
        QVERIFY(even.valid && skewed.valid && capped.valid);
        QCOMPARE(lc15.epBytes, 1.5 * lc1.epBytes);
        QVERIFY(lc15.fwdGemm > lc1.fwdGemm);
        QVERIFY(skewed.stepS > even.stepS);
        QVERIFY(std::abs(skewed.modelFlopsPerStep / even.modelFlopsPerStep - 1) < 1e-12);
        QVERIFY(std::abs(skewed.hardwareFlopsPerStep / even.hardwareFlopsPerStep - 1) < 1e-12);
        QVERIFY(skewed.mfu < even.mfu);
        QCOMPARE(capped.stepS, skew125.stepS);
        QCOMPARE(lcCap.storedActivations, lc125.storedActivations);
        QVERIFY(lc15.storedActivations > lc1.storedActivations);
    }

    // Megatron-Core's parallel folding (Megatron-LM #4050: its memory estimator assumed expert TP × EP = TP).
    // DeepSeek-V3 on 16 DGX H100 at TP 2, PP 8, DP 8: EP 16 with the experts at the attention's TP does not fold into a
    // stage's 16 GPUs (validation names the constraint); with expert TP 1 it does, each GPU holds 1/16 of every MoE
    // layer's experts and their whole optimizer state (expert DP 1), an EP group is a stage's 16 GPUs in rank order,
    // each sends its half of its TP group's tokens, and the experts' work per GPU is the same at any expert TP.
    void parallelFoldingRegroupsTheExperts()
    {
        nlohmann::json j = test::gptPlanJson("deepseek-v3", 16, 2, 8, 8, 512);
        test::onDgxH100(j);
        j["training"]["sequence_parallel"] = true;
        j["training"]["zero_stage"] = 1;
        j["parallel"]["ep"] = 16;
        j["parallel"]["layers_per_stage"] = { 7, 8, 8, 8, 8, 8, 8, 6 };
        const std::vector<Issue> refused = validate(test::mustPlan(j));
        QCOMPARE(int(refused.size()), 1);
        QCOMPARE(refused.front().field, std::string("parallel.ep"));
        QVERIFY2(refused.front().message.find("expert TP (2) × ep (16) = 32 must divide tp × cp × dp (2 × 1 × 8 = 16)")
                != std::string::npos,
            refused.front().message.c_str());
        j["parallel"]["etp"] = 1;
        const Plan plan = test::mustPlan(j);
        QCOMPARE(plan.parallel.expertShard(), 16);
        QCOMPARE(plan.parallel.expertDp(), 1);
        const Evaluation ev = evaluate(plan);
        QVERIFY2(ev.valid, ev.errors.empty() ? "" : ev.errors.front().message.c_str());
        // stage 1: eight MoE layers, each 256 experts of 3 · 7168 · 2048 parameters
        const double expertParams = 8 * 256 * 3.0 * 7168 * 2048 / 16;
        const StageMemory& m = ev.memory[1];
        QCOMPARE(m.expertWeights, expertParams * 2);
        QCOMPARE(m.expertOptimizer, expertParams * 12); // sharded over expert DP 1: whole
        QVERIFY(m.optimizer > m.expertOptimizer);
        const GroupSet groups = buildGroups(plan);
        QCOMPARE(int(groups.ep.size()), 8);
        for (int s = 0; s < 8; ++s)
            for (int r = 0; r < 16; ++r)
                QCOMPARE(groups.ep[std::size_t(s)].gpus[std::size_t(r)], s * 16 + r);
        const LayerCost lc = layerCost(plan);
        QCOMPARE(lc.epBytes, 4096.0 / 2 * 8 * 7168 * 2);
        // The same experts at expert TP 2 × EP 8: fewer, wider expert GEMMs of the same FLOPs per GPU.
        nlohmann::json k = j;
        k["parallel"]["etp"] = 2;
        k["parallel"]["ep"] = 8;
        auto expertFlops = [](const Plan& p) {
            double f = 0;
            for (const LayerGemm& g : layerGemms(p))
                if (g.name.rfind("expert", 0) == 0)
                    f += g.repeats * g.forward.flops();
            return f;
        };
        QCOMPARE(expertFlops(test::mustPlan(k)), expertFlops(plan));
        // Each GPU still sends its sequence-parallel half; the tokens it receives are gathered over expert TP 2.
        const LayerCost wide = layerCost(test::mustPlan(k));
        QCOMPARE(wide.epBytes, 4096.0 / 2 * 8 * 7168 * 2);
        QCOMPARE(wide.etpBytes, 2 * wide.epBytes);
    }

    // DeepSeek-V3 as its report trains it (2,048 H800, EP 64 across eight nodes) and on four GB200 NVL72 racks with
    // each stage's 64 GPUs in one rack: the same all-to-all priced on InfiniBand there and on NVLink 5 here, and on
    // the racks the expert states unsharded (EP 64 takes all of a stage's 64 GPUs: expert DP 1).
    void deepSeekV3TrafficFollowsTheDomain_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("epLink");
        QTest::addColumn<int>("expertDp");
        QTest::newRow("2048 H800") << "deepseek-v3-2048xh800-dualpipe.plait.json"
                                   << "ib-ndr" << 2;
        QTest::newRow("256 GB200") << "deepseek-v3-256xgb200-dualpipev.plait.json"
                                   << "nvlink5-nvswitch" << 1;
    }
    void deepSeekV3TrafficFollowsTheDomain()
    {
        QFETCH(QString, file);
        QFETCH(QString, epLink);
        QFETCH(int, expertDp);
        const auto plan = loadPlanFile(std::string(PLAIT_TEST_DATA) + "/moe/" + file.toStdString());
        QVERIFY2(plan, plan ? "" : plan.errorText().c_str());
        QCOMPARE(plan.value().parallel.expertDp(), expertDp);
        const Evaluation ev = evaluate(plan.value());
        QVERIFY(ev.valid);
        int epItems = 0;
        for (const CommItem& c : ev.comm)
            if (c.dim == Dim::EP) {
                ++epItems;
                QCOMPARE(QString::fromStdString(c.link), epLink);
            }
        QCOMPARE(epItems, 2);
        // The headline and the breakdown stand on one basis for the pairs (the busiest GPU's): its items add up to it
        // but for the tail, which the headline takes from the slowest stage and the breakdown from the stage whose
        // tail is most exposed (a few percent here; before, the pairs' bases differed by a factor of two).
        double exposed = 0;
        for (const CommItem& c : ev.comm)
            exposed += c.exposedS;
        QVERIFY2(std::abs(exposed / ev.exposedCommS - 1) < 0.1,
            qPrintable(QString::number(exposed) + QStringLiteral(" vs ") + QString::number(ev.exposedCommS)));
        const StageMemory& middle = ev.memory[1];
        QVERIFY(middle.expertOptimizer > 0 && middle.expertOptimizer < middle.optimizer);
    }

    // Megatron-Core's combined 1F1B (--overlap-moe-expert-parallel-comm): Qwen3 30B-A3B on two DGX H100, EP 16
    // across them. Each forward runs beside the previous micro-batch's backward, so the all-to-all that crosses the
    // nodes hides in part under the other's compute: a shorter step, less exposed EP time, one more micro-batch
    // held. Only where Megatron-Core runs it: EP > 1, no pipelining or interleaved 1F1B, no full recomputation.
    void combinedOneFOneBHidesTheAllToAll()
    {
        nlohmann::json j = test::gptPlanJson("qwen3-30b-a3b", 2, 1, 1, 16, 256);
        test::onDgxH100(j);
        j["training"]["precision"] = "fp8";
        j["parallel"]["ep"] = 16;
        const Evaluation plain = evaluate(test::mustPlan(j));
        j["training"]["moe_a2a_overlap"] = true;
        const Plan plan = test::mustPlan(j);
        QVERIFY(validate(plan).empty());
        const Evaluation overlapped = evaluate(plan);
        QVERIFY(plain.valid && overlapped.valid);
        QVERIFY2(overlapped.stepS < plain.stepS,
            qPrintable(QString::number(overlapped.stepS) + QStringLiteral(" vs ") + QString::number(plain.stepS)));
        QVERIFY(overlapped.exposedCommS < plain.exposedCommS);
        for (const CommItem& c : overlapped.comm)
            if (c.dim == Dim::EP)
                QVERIFY(c.exposedS < c.timeS);
        QCOMPARE(overlapped.memory[0].inFlight, plain.memory[0].inFlight + 1);
        QVERIFY(overlapped.memory[0].activations > plain.memory[0].activations);

        auto refusedFor = [&](nlohmann::json k) {
            const std::vector<Issue> issues = validate(test::mustPlan(k));
            for (const Issue& i : issues)
                if (i.field == "training.moe_a2a_overlap")
                    return true;
            return false;
        };
        nlohmann::json k = j;
        k["parallel"]["pp"] = 2;
        k["parallel"]["dp"] = 8;
        k["parallel"]["ep"] = 8;
        QVERIFY(refusedFor(k)); // plain 1F1B with PP
        k["parallel"]["schedule"] = "interleaved";
        k["parallel"]["vpp"] = 2;
        QVERIFY(!refusedFor(k));
        k = j;
        k["parallel"]["schedule"] = "zb-h1"; // another schedule, even unpipelined
        QVERIFY(refusedFor(k));
        k = j;
        k["training"]["recompute"] = "full";
        QVERIFY(refusedFor(k));
        k = j;
        k["parallel"]["ep"] = 1;
        QVERIFY(refusedFor(k));
    }

    // An oversubscribed fabric (1:7 above pods of 64 GPUs, eight DGX H100s): Qwen3-30B-A3B with EP 128 over 16 nodes
    // in two pods. The all-to-all sends half of its bytes out of the pod, at 1/7 of the NIC rate: 7 · 64/120 of the
    // NIC-bound time. A DP ring crosses each pod boundary once per group, with the uplink share of its 64 members in
    // the pod: nothing changes. A pipeline send between pods gets 1/7 of its NIC share. Validation wants whole
    // NVLink domains per pod.
    void oversubscribedPodsSlowWhatLeavesThem()
    {
        nlohmann::json j = test::gptPlanJson("qwen3-30b-a3b", 64, 1, 1, 512, 512);
        test::onDgxH100(j);
        j["parallel"]["ep"] = 128;
        // The paths point at their plan's links: the plans outlive them.
        std::list<Plan> plans;
        auto paths = [&](int podGpus) {
            nlohmann::json k = j;
            if (podGpus > 0) {
                k["cluster"]["pod_gpus"] = podGpus;
                k["cluster"]["oversubscription"] = 7;
            }
            const Plan& p = plans.emplace_back(test::mustPlan(k));
            if (!validate(p).empty())
                qFatal("%s", validate(p).front().message.c_str());
            const GroupSet g = buildGroups(p);
            return std::make_tuple(g.ep.front().path, g.dp.front().path, pairPath(p.cluster, 0, 64));
        };
        const auto [ep1, dp1, pair1] = paths(0);
        const auto [ep7, dp7, pair7] = paths(64);
        QCOMPARE(ep1.podGBps, 0.0);
        QCOMPARE(ep7.ranksPerPod, 64);
        QCOMPARE(ep7.podGBps, ep1.nicGBps / 7);
        const double bytes = 1 << 30;
        const CollectiveCost a1 = collectiveTime(CollectiveKind::AllToAll, bytes, ep1);
        const CollectiveCost a7 = collectiveTime(CollectiveKind::AllToAll, bytes, ep7);
        QCOMPARE(a7.bandwidthS / a1.bandwidthS, 7.0 * 64 / 120);
        QCOMPARE(dp7.busGBps, dp1.busGBps);
        QCOMPARE(pair7.busGBps, pair1.busGBps / 7);
        nlohmann::json bad = j;
        bad["cluster"]["pod_gpus"] = 12;
        const std::vector<Issue> issues = validate(test::mustPlan(bad));
        QVERIFY(
            std::any_of(issues.begin(), issues.end(), [](const Issue& i) { return i.field == "cluster.pod_gpus"; }));
    }

    void nothingToDoCostsNothing()
    {
        GroupPath p;
        p.ranks = 1;
        p.busGBps = 100;
        QCOMPARE(collectiveTime(CollectiveKind::AllReduce, 1e9, p).seconds, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestCollective)
#include "tst_collective.moc"
