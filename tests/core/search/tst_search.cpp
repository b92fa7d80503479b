#include "../testplans.h"
#include "analysis.h"
#include "evaluate.h"
#include "evaluationmemo.h"
#include "range.h"
#include "search.h"

#include <QTest>
#include <limits>
#include <set>

using namespace plait;

// The plan search: valid candidates only, what the framework runs, the constraints honoured, and never a plan that
// does not fit. That its best is the true best is tst_searchoptimal's: the exhaustive comparison is the costly part,
// so it is a test of its own that runs beside this one (issue 36).
class TestSearch : public QObject {
    Q_OBJECT

    static SearchOptions top(int n)
    {
        SearchOptions o;
        o.top = n;
        return o;
    }

private slots:
    // The search offers only what the plan's framework runs: no ZeRO-2/3 for Megatron-LM, none with PP for DeepSpeed.
    void offersOnlyWhatTheFrameworkRuns_data()
    {
        QTest::addColumn<QString>("framework");
        QTest::newRow("megatron") << "megatron";
        QTest::newRow("deepspeed") << "deepspeed";
        QTest::newRow("fsdp") << "fsdp";
    }
    void offersOnlyWhatTheFrameworkRuns()
    {
        QFETCH(QString, framework);
        Plan base = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        base.training.framework = framework == QLatin1String("deepspeed") ? Framework::DeepSpeed
            : framework == QLatin1String("fsdp")                          ? Framework::Fsdp
                                                                          : Framework::Megatron;
        const SearchResult r = searchPlans(base, top(3));
        QVERIFY(!r.candidates.empty());
        bool sawZero3 = false;
        for (const SearchCandidate& c : r.candidates) {
            QVERIFY2(frameworkRefusal(base.training.framework, c.training.zeroStage, c.parallel.pp).empty(),
                qPrintable(QStringLiteral("ZeRO %1 with pp %2").arg(c.training.zeroStage).arg(c.parallel.pp)));
            QVERIFY(contextParallelRefusal(base.training.framework, c.parallel.cp, c.training.flashAttention).empty());
            sawZero3 |= c.training.zeroStage == 3;
        }
        QCOMPARE(sawZero3, framework != QLatin1String("megatron"));
    }

    // plait search --framework: the plan as that framework runs it, only what it runs, and the plans it returns
    // name it; a default that follows the framework (the fused cross entropy) follows it.
    void frameworkCanBeNamed_data()
    {
        offersOnlyWhatTheFrameworkRuns_data(); // the same three frameworks
    }
    void frameworkCanBeNamed()
    {
        QFETCH(QString, framework);
        const Plan base = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        QCOMPARE(base.training.framework, Framework::Megatron);
        SearchOptions o = top(3);
        o.constraints.framework = frameworkFromName(framework.toStdString());
        QVERIFY(o.constraints.framework);
        const SearchResult r = searchPlans(base, o);
        QVERIFY(!r.best.empty());
        for (const SearchCandidate& c : r.candidates) {
            QCOMPARE(c.training.framework, *o.constraints.framework);
            QVERIFY(frameworkRefusal(c.training.framework, c.training.zeroStage, c.parallel.pp).empty());
            QCOMPARE(c.training.fusedCrossEntropy(), c.training.framework != Framework::Megatron);
        }
        const Plan applied = applyCandidate(base, r.candidates[std::size_t(r.best.front())]).value();
        QCOMPARE(applied.training.framework, *o.constraints.framework);
        QVERIFY(!frameworkFromName("jax"));
    }

    // Framework as a search dimension (plait search --framework any): each framework searched as it runs the plan,
    // the candidates pooled; the best is the best of the three searches, each with its own framework.
    // Issue 41: a plan searches the same however often it was saved and loaded. Whether the user stated the fused
    // loss is the plan's own (TrainingSpec::crossEntropyFusion), never read back from its JSON, which every save and
    // edit rewrote: example a2 under DeepSpeed came out 1.362 s as loaded and 1.409 s after a round trip.
    void aSavedPlanSearchesAsLoaded()
    {
        const Plan loaded = test::examplePlan("a2-one-node-tp2-dp4.plait.json");
        auto again = planFromJson(toJson(loaded));
        QVERIFY2(again, again ? "" : again.errorText().c_str());
        QCOMPARE(again.value().training.crossEntropyFusion, loaded.training.crossEntropyFusion);
        SearchOptions o = top(1);
        o.constraints.framework = Framework::DeepSpeed;
        const SearchResult a = searchPlans(loaded, o), b = searchPlans(again.value(), o);
        QVERIFY(!a.best.empty() && !b.best.empty());
        const SearchCandidate &ca = a.candidates[std::size_t(a.best.front())],
                              &cb = b.candidates[std::size_t(b.best.front())];
        QCOMPARE(cb.stepS, ca.stepS);
        QVERIFY(ca.training.fusedCrossEntropy()); // DeepSpeed's default, the file stating nothing
        // Stated, it stays as stated under another framework.
        Plan stated = loaded;
        stated.training.crossEntropyFusion = false;
        const SearchResult c = searchPlans(planFromJson(toJson(stated)).value(), o);
        QVERIFY(!c.candidates[std::size_t(c.best.front())].training.fusedCrossEntropy());
    }

    // Issue 41: what a search depends on is a plan value compared with ==, not a JSON key a panel builds: the
    // search's own choices and the name do not change it, anything else does.
    void searchBasisIgnoresOnlyTheSearchsChoices()
    {
        const Plan base = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        Plan chosen = base;
        chosen.name = "another";
        chosen.parallel.tp = 8;
        chosen.parallel.dp = 1;
        chosen.placement = defaultPlacement(chosen.cluster, chosen.parallel).value();
        chosen.training.microBatch = 2;
        chosen.training.zeroStage = 1;
        chosen.training.recompute = Recompute::Full;
        chosen.training.framework = Framework::DeepSpeed;
        QVERIFY(!(chosen == base));
        QVERIFY(searchBasis(chosen) == searchBasis(base));
        Plan batch = base;
        batch.training.globalBatch *= 2;
        QVERIFY(!(searchBasis(batch) == searchBasis(base)));
        Plan fused = base;
        fused.training.crossEntropyFusion = true;
        QVERIFY(!(searchBasis(fused) == searchBasis(base)));
    }
    // The memo serves plans of the cluster it was filled for, every field of it compared: its hand-written comparison
    // missed the pod size and the oversubscription, which the group paths read.
    void memoServesOnlyItsOwnCluster()
    {
        const Plan base = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        EvaluationMemo memo;
        QVERIFY(memo.serves(base));
        QVERIFY(memo.serves(base));
        Plan pods = base;
        pods.cluster.podGpus = 16;
        QVERIFY(!memo.serves(pods));
        Plan oversubscribed = base;
        oversubscribed.cluster.oversubscription = 2;
        QVERIFY(!memo.serves(oversubscribed));
        Plan otherLinks = base;
        otherLinks.cluster.interNode.bandwidthGBps /= 2;
        QVERIFY(!memo.serves(otherLinks));
        // The step range's two ends change only the GPU's compute rates, which no group or op list reads: one
        // analysis shares its groups and op lists between its three evaluations (issue 41).
        QVERIFY(memo.serves(fastEndPlan(base)));
        QVERIFY(memo.serves(slowEndPlan(base)));
    }

    // One analysis, its three evaluations sharing one memo, gives what three evaluations of their own give.
    void anAnalysisSharesItsShapeWork_data()
    {
        QTest::addColumn<QString>("example");
        QTest::newRow("b") << "b-four-nodes-tp4-pp2-dp2.plait.json";
        QTest::newRow("h, 1,024 GPUs") << "h-gpt3-175b-1024xa100.plait.json";
        QTest::newRow("deepseek-v3 DualPipe") << "../../tests/data/moe/deepseek-v3-2048xh800-dualpipe.plait.json";
    }
    void anAnalysisSharesItsShapeWork()
    {
        QFETCH(QString, example);
        const Plan plan = test::examplePlan(example.toStdString().c_str());
        const Analysis a = analyze(std::make_shared<const Plan>(plan));
        Evaluation alone = evaluate(plan);
        addStepRange(plan, alone);
        QVERIFY(a.evaluation->valid && alone.valid);
        QCOMPARE(a.evaluation->stepS, alone.stepS);
        QCOMPARE(a.evaluation->stepFastS, alone.stepFastS);
        QCOMPARE(a.evaluation->stepSlowS, alone.stepSlowS);
        QCOMPARE(a.evaluation->peakBytes, alone.peakBytes);
        QCOMPARE(a.groups->tp.size(), buildGroups(plan).tp.size());
    }

    void anyFrameworkPoolsTheFrameworks()
    {
        const Plan base = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        SearchOptions o = top(3);
        o.constraints.anyFramework = true;
        const SearchResult any = searchPlans(base, o);
        QVERIFY(!any.best.empty());
        std::set<Framework> seen;
        long long combinations = 0;
        double bestOfEach = std::numeric_limits<double>::infinity();
        for (Framework f : kFrameworks) {
            SearchOptions one = top(3);
            one.constraints.framework = f;
            const SearchResult r = searchPlans(base, one);
            combinations += r.combinations;
            if (!r.best.empty())
                bestOfEach = std::min(bestOfEach, r.candidates[std::size_t(r.best.front())].slowS);
        }
        for (const SearchCandidate& c : any.candidates) {
            seen.insert(c.training.framework);
            QVERIFY(frameworkRefusal(c.training.framework, c.training.zeroStage, c.parallel.pp).empty());
        }
        QCOMPARE(int(seen.size()), 3);
        QCOMPARE(any.combinations, combinations);
        QCOMPARE(any.candidates[std::size_t(any.best.front())].slowS, bestOfEach);
        for (std::size_t i = 1; i < any.best.size(); ++i)
            QVERIFY(
                any.candidates[std::size_t(any.best[i - 1])].slowS <= any.candidates[std::size_t(any.best[i])].slowS);
        // Applied, the best runs under its own framework.
        const SearchCandidate& first = any.candidates[std::size_t(any.best.front())];
        QCOMPARE(applyCandidate(base, first).value().training.framework, first.training.framework);
    }

    // EP at most (plait search --max-ep) on a mixture of experts.
    void expertParallelismCanBeBounded()
    {
        nlohmann::json j = test::gptPlanJson("mixtral-8x7b", 4, 1, 1, 32, 256);
        test::onDgxH100(j);
        const Plan base = test::mustPlan(j);
        SearchOptions o = top(2);
        const SearchResult any = searchPlans(base, o);
        int widest = 1;
        for (const SearchCandidate& c : any.candidates)
            widest = std::max(widest, c.parallel.ep);
        QVERIFY(widest > 2);
        o.constraints.maxEp = 2;
        const SearchResult bounded = searchPlans(base, o);
        QVERIFY(!bounded.candidates.empty());
        for (const SearchCandidate& c : bounded.candidates)
            QVERIFY(c.parallel.ep <= 2);
    }

    // DeepSeek-V3's own shape on its own cluster (tests/data/moe; report §3): without recomputation it does not fit
    // the H800's 80 GB, and the attention core's recomputation (Megatron-Core's default) keeps almost as much; the
    // search also tries the cheap modules DeepSeek recomputes (§3.3.2: the norms, MLA's up projections, SwiGLU),
    // which fit and are faster than full recomputation. Whatever the plan file recomputes, it is tried too.
    void recomputesTheCheapModulesWhereThatFits()
    {
        auto loaded = loadPlanFile(std::string(PLAIT_TEST_DATA) + "/moe/deepseek-v3-2048xh800-dualpipe.plait.json");
        QVERIFY2(loaded, loaded ? "" : loaded.errorText().c_str());
        Plan base = loaded.value();
        base.training.recompute = Recompute::None;
        SearchOptions o = top(3);
        o.constraints.tp = 1;
        o.constraints.pp = 16;
        o.constraints.cp = 1;
        o.constraints.ep = 64;
        o.constraints.schedules = { Schedule::DualPipe };
        o.constraints.headroom = 0; // DeepSeek ran it on the H800's whole 80 GB
        const SearchResult r = searchPlans(base, o);
        QVERIFY(!r.best.empty());
        const SearchCandidate& best = r.candidates[std::size_t(r.best.front())];
        QCOMPARE(best.parallel.dp, 128);
        QCOMPARE(int(best.training.recompute), int(Recompute::Selective));
        QCOMPARE(recomputeModulesText(best.training.recomputeModules), std::string("layernorm, mla_up_proj, moe_act"));
        // Micro-batch 1 of 4,096 tokens under ZeRO-1: the attention core's recomputation fits no better than none.
        for (const SearchCandidate& c : r.candidates)
            if (c.training.microBatch == 1 && c.training.zeroStage == 1 && c.training.recompute != Recompute::Full)
                QCOMPARE(c.fits,
                    c.training.recompute == Recompute::Selective
                        && c.training.recomputeModules != unsigned(RecomputeModule::CoreAttn));
    }

    // What users hold fixed or bounded (plait search --tp/--max-pp/--schedules/--recompute/--headroom).
    void constraintsAreHonoured_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("maxPp");
        QTest::addColumn<QString>("schedules");
        QTest::addColumn<QString>("recompute");
        QTest::addColumn<double>("headroom");
        QTest::newRow("TP fixed at 4") << 4 << 0 << ""
                                       << "" << 0.0;
        QTest::newRow("PP at most 1") << 0 << 1 << ""
                                      << "" << 0.0;
        QTest::newRow("1F1B or interleaved, no full recompute") << 0 << 0 << "1f1b,interleaved"
                                                                << "none,selective" << 0.0;
        QTest::newRow("20% of memory free") << 0 << 0 << ""
                                            << "" << 0.2;
    }
    void constraintsAreHonoured()
    {
        QFETCH(int, tp);
        QFETCH(int, maxPp);
        QFETCH(QString, schedules);
        QFETCH(QString, recompute);
        QFETCH(double, headroom);
        const Plan base = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        SearchOptions o = top(3);
        o.constraints.tp = tp;
        o.constraints.maxPp = maxPp;
        o.constraints.headroom = headroom;
        if (!schedules.isEmpty())
            o.constraints.schedules = schedulesFromText(schedules.toStdString()).value();
        if (!recompute.isEmpty())
            o.constraints.recomputes = recomputesFromText(recompute.toStdString()).value();
        const SearchResult r = searchPlans(base, o);
        QVERIFY(!r.best.empty());
        const double capacity = base.cluster.gpu.memoryGiB * double(1ull << 30);
        for (const SearchCandidate& c : r.candidates) {
            QVERIFY(tp == 0 || c.parallel.tp == tp);
            QVERIFY(maxPp == 0 || c.parallel.pp <= maxPp);
            QVERIFY(schedules.isEmpty() || c.parallel.schedule != Schedule::GPipe);
            QVERIFY(recompute.isEmpty() || c.training.recompute != Recompute::Full);
            if (c.fits)
                QVERIFY(c.peakBytes <= capacity * (1 - headroom));
        }
        QVERIFY(!schedulesFromText("1f1b,foo"));
        QVERIFY(!recomputesFromText(""));
    }

    void neverReturnsAPlanThatDoesNotFit_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("b") << "b-four-nodes-tp4-pp2-dp2.plait.json";
        QTest::newRow("e1") << "e1-70b-a800-pp4-tp8.plait.json";
        QTest::newRow("f") << "f-13b-tp8-sequence-parallel.plait.json";
    }
    void neverReturnsAPlanThatDoesNotFit()
    {
        QFETCH(QString, file);
        const Plan base = test::examplePlan(file.toUtf8().constData());
        const SearchResult r = searchPlans(base, top(5));
        QVERIFY(!r.best.empty());
        for (int i : r.best) {
            const Plan p = applyCandidate(base, r.candidates[std::size_t(i)]).value();
            const Evaluation ev = evaluate(p);
            QVERIFY(ev.valid);
            QVERIFY(ev.peakBytes <= ev.capacityBytes);
            QCOMPARE(ev.stepS, r.candidates[std::size_t(i)].stepS);
            QCOMPARE(p.parallel.gpusUsed(), base.cluster.gpuCount());
        }
        for (std::size_t i = 1; i < r.best.size(); ++i)
            QVERIFY(r.candidates[std::size_t(r.best[i - 1])].slowS <= r.candidates[std::size_t(r.best[i])].slowS);
        // the Pareto front: nothing evaluated beats a front point on both slow-end step time and memory
        for (int f : r.pareto)
            for (const SearchCandidate& c : r.candidates)
                if (c.evaluated && c.fits)
                    QVERIFY(!(c.slowS < r.candidates[std::size_t(f)].slowS
                        && c.peakBytes < r.candidates[std::size_t(f)].peakBytes));
    }

    // Sequence parallelism is a dimension of every TP > 1 candidate (issue 38 D), whatever the plan had: example b
    // has it off, and the search tries each TP > 1 shape with and without it, and TP 1 only without.
    void sequenceParallelIsSearched()
    {
        Plan base = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        base.training.sequenceParallel = false;
        const SearchResult r = searchPlans(base, top(5));
        int with = 0, without = 0;
        for (const SearchCandidate& c : r.candidates) {
            if (c.parallel.tp == 1)
                QVERIFY(!c.training.sequenceParallel);
            else
                (c.training.sequenceParallel ? with : without) += 1;
        }
        QVERIFY(with > 0);
        QCOMPARE(with, without);
    }

    // Context parallelism runs inside fused attention kernels: example h trains GPT-3 unfused, as in 2021, and
    // is offered none.
    void noContextParallelWithoutFusedAttention()
    {
        Plan base = test::examplePlan("h-gpt3-175b-1024xa100.plait.json");
        QVERIFY(!base.training.flashAttention);
        const SearchResult r = searchPlans(base, top(5));
        QVERIFY(!r.candidates.empty());
        for (const SearchCandidate& c : r.candidates)
            QCOMPARE(c.parallel.cp, 1);
    }

    // Stopping from the progress callback ends the search at once and says so.
    void progressCanStopTheSearch()
    {
        SearchOptions o = top(5);
        o.minEvaluated = 1 << 30;
        int calls = 0;
        o.progress = [&calls](int evaluated, int fitting) {
            [&] { QVERIFY(evaluated > 0 && evaluated <= fitting); }();
            return ++calls < 3;
        };
        const SearchResult r = searchPlans(test::examplePlan("a1-one-node-dp8.plait.json"), o);
        QCOMPARE(calls, 3);
        QVERIFY(r.stopped);
        QVERIFY(r.evaluatedCount < r.fitting);
    }

    // By hand: a model that fits on one GPU runs fastest as pure data parallelism (no TP collectives, no bubble).
    void aSmallModelRunsDataParallel()
    {
        auto j = test::gptPlanJson("megatron-gpt-1.7b", 1, 1, 1, 8, 512);
        const Plan base = test::mustPlan(j);
        const SearchResult r = searchPlans(base, top(3));
        QVERIFY(!r.best.empty());
        const SearchCandidate& best = r.candidates[std::size_t(r.best.front())];
        QCOMPARE(best.parallel.tp, 1);
        QCOMPARE(best.parallel.pp, 1);
        QCOMPARE(best.parallel.dp * best.parallel.cp, 8);
    }

    // By hand: 7B with Adam on one 80 GB GPU needs 16 B/parameter of states alone (112 GB): nothing fits.
    void nothingFitsWhenTheStatesDoNot()
    {
        const SearchResult r = searchPlans(test::examplePlan("g-7b-adam-one-gpu.plait.json"), top(3));
        QVERIFY(r.candidates.size() > 0);
        QCOMPARE(r.fitting, 0);
        QVERIFY(r.best.empty());
    }
};

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
