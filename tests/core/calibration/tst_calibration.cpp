#include "calibrationfit.h"
#include "catalog.h"
#include "evaluate.h"
#include "groups.h"
#include "runkind.h"
#include "safejson.h"

#include <QTest>

#include <cmath>
#include <set>

using namespace plait;

// The calibration layer (issue 38): the shipped fit is read whole and is the fit of the runs in tests/data/validation
// (a refit from it moves no parameter beyond its tolerance), each parameter does what its name says, a file that
// sets a value outside its bounds is refused, and the runs most like a plan are found by every feature of their kind.
namespace {
Plan example(const char* name)
{
    auto doc = readJsonFile(std::string(PLAIT_EXAMPLES) + "/" + name);
    if (!doc)
        qFatal("example %s", name);
    auto plan = planFromJson(doc.value());
    if (!plan)
        qFatal("example %s: %s", name, plan.errorText().c_str());
    return plan.value();
}

double stepWith(Plan plan, const CostCalibration& cal)
{
    plan.cluster.calibration = cal;
    const Evaluation ev = evaluate(plan);
    if (!ev.valid)
        qFatal("plan %s does not evaluate", plan.name.c_str());
    return ev.stepS;
}

CalibrationRun runOf(const RunKind& kind, double error, const char* source = "s")
{
    return { "run.plait.json", source, kind, error };
}

const RunKind kSomeKind { "H100-SXM5-80GB", Framework::Fsdp, "flash2", true, false, false, 128 };

const std::vector<ValidationRun>& runs()
{
    static const std::vector<ValidationRun> read = [] {
        auto r = readValidationRuns(PLAIT_TEST_DATA "/validation");
        if (!r)
            qFatal("%s", r.errorText().c_str());
        return r.value();
    }();
    return read;
}
}

class TestCalibration : public QObject {
    Q_OBJECT
private slots:
    void shippedFitIsTheFitOfTheValidationRuns()
    {
        const CalibrationRecord& shipped = builtinCalibration();
        QCOMPARE(shipped.trainingRuns, int(runs().size()));
        std::set<std::string> sources;
        for (const ValidationRun& r : runs())
            sources.insert(r.source);
        QCOMPARE(std::set<std::string>(shipped.sources.begin(), shipped.sources.end()), sources);
        QVERIFY(shipped.crossValidatedMeanAbs > 0);
        QCOMPARE(calibrationParameters().size() <= 8, true); // issue 38: at most eight named parameters
        for (const CalibrationParameter& p : calibrationParameters()) {
            const double v = shipped.values.*(p.field);
            QVERIFY2(v >= p.lower && v <= p.upper, p.id);
        }
        QVERIFY(calibrationBasisText(shipped.trainingRuns, shipped.crossValidatedMeanAbs)
                    .starts_with("calibrated on " + std::to_string(runs().size())));
    }

    // calibration.json records each training run with its kind and cross-validated error; their mean |error| is the
    // one it states for the whole fit.
    void shippedRunsAreTheValidationRunsWithTheirKinds()
    {
        const CalibrationRecord& shipped = builtinCalibration();
        QCOMPARE(shipped.runs.size(), runs().size());
        double sumAbs = 0;
        for (std::size_t i = 0; i < runs().size(); ++i) {
            const CalibrationRun& r = shipped.runs[i];
            QCOMPARE(r.file, runs()[i].file);
            QCOMPARE(r.source, runs()[i].source);
            QVERIFY2(r.kind == runKindOf(runs()[i].plan), r.file.c_str());
            sumAbs += std::abs(r.crossValidatedError);
        }
        QVERIFY(std::abs(sumAbs / double(runs().size()) - shipped.crossValidatedMeanAbs) < 1e-3);
        // A validation plan finds at least itself among the runs like it.
        const Evaluation ev = evaluate(runs().front().plan);
        QVERIFY(ev.similarRuns.runs >= 1);
        QCOMPARE(ev.similarRuns.ofRuns, int(runs().size()));
        // A plan with its own efficiencies is not the shipped fit: the shipped runs say nothing of it.
        Plan own = runs().front().plan;
        own.cluster.calibration.gemmShare = 0.8;
        QCOMPARE(evaluate(own).similarRuns.ofRuns, 0);
        // Figures-only evaluations (the search, a drag) skip it.
        QCOMPARE(evaluate(runs().front().plan, EvaluationDetail::Figures).similarRuns.ofRuns, 0);
    }

    void runsAreAlikeOnEveryFeatureOfTheirKind_data()
    {
        QTest::addColumn<int>("feature");
        QTest::addColumn<bool>("alike");
        QTest::newRow("the same kind") << 0 << true;
        QTest::newRow("another GPU") << 1 << false;
        QTest::newRow("another framework") << 2 << false;
        QTest::newRow("another attention kernel") << 3 << false;
        QTest::newRow("weights not sharded") << 4 << false;
        QTest::newRow("a pipeline") << 5 << false;
        QTest::newRow("a MoE") << 6 << false;
        QTest::newRow("four times the GPUs") << 7 << true;
        QTest::newRow("a quarter of the GPUs") << 8 << true;
        QTest::newRow("five times the GPUs") << 9 << false;
        QTest::newRow("a fifth of the GPUs") << 10 << false;
    }
    void runsAreAlikeOnEveryFeatureOfTheirKind()
    {
        QFETCH(int, feature);
        QFETCH(bool, alike);
        RunKind other = kSomeKind;
        switch (feature) {
        case 1:
            other.gpu = "A100-SXM4-80GB";
            break;
        case 2:
            other.framework = Framework::Megatron;
            break;
        case 3:
            other.attention = "flash-triton";
            break;
        case 4:
            other.shardedWeights = false;
            break;
        case 5:
            other.pipeline = true;
            break;
        case 6:
            other.moe = true;
            break;
        case 7:
            other.gpus = 512;
            break;
        case 8:
            other.gpus = 32;
            break;
        case 9:
            other.gpus = 640;
            break;
        case 10:
            other.gpus = 25;
            break;
        default:
            break;
        }
        const SimilarRuns s = similarRuns(kSomeKind, { runOf(other, -0.2) });
        QCOMPARE(s.runs, alike ? 1 : 0);
        QCOMPARE(s.ofRuns, 1);
    }

    // The mean needs three alike runs; the text says which way and how far, or that the fit saw no such plan.
    void similarRunsSayHowFarOffSuchPlansWere()
    {
        RunKind other = kSomeKind;
        other.gpu = "A100-SXM4-80GB";
        const std::vector<CalibrationRun> three { runOf(kSomeKind, -0.10, "a"), runOf(kSomeKind, -0.20, "b"),
            runOf(kSomeKind, 0.06, "a"), runOf(other, 0.5) };
        const SimilarRuns s = similarRuns(kSomeKind, three);
        QCOMPARE(s.runs, 3);
        QCOMPARE(s.ofRuns, 4);
        QVERIFY(std::abs(s.meanSigned - (-0.08)) < 1e-12);
        QVERIFY(std::abs(s.meanAbs - 0.12) < 1e-12);
        QCOMPARE(s.sources, (std::vector<std::string> { "a", "b" }));
        const std::string text = similarRunsText(s);
        QVERIFY2(text.find(": 3 of 4 (a, b; 128 GPUs), predicted 8% too fast on average, cross-validated (mean "
                           "|error| 12%)")
                != std::string::npos,
            text.c_str());
        const SimilarRuns two = similarRuns(kSomeKind, { three[0], three[1], three[3] });
        QVERIFY(!two.enough());
        QVERIFY(similarRunsText(two).ends_with("2 of 3 (a, b; 128 GPUs), too few to say how far off such plans are"));
        const SimilarRuns none = similarRuns(kSomeKind, { three[3] });
        QVERIFY(similarRunsText(none).starts_with("published runs like this one (same GPU, framework"));
        QVERIFY(similarRunsText(none).ends_with("times its GPUs): none of the 1 the calibration rests on"));
        QCOMPARE(similarRunsCountText(none), "none of the 1 the calibration rests on");
        QVERIFY(similarRunsText(s).ends_with(similarRunsCountText(s)));
        QVERIFY(similarRunsText(similarRuns(kSomeKind, {})).empty());
    }

    // A refit that starts from the shipped values with tolerance-sized steps settles within each tolerance: the
    // catalog is what tests/calibration/fit-calibration.sh writes for today's runs and model. A change to the cost
    // model or the runs that moves the optimum fails here until the script is run again.
    void refitMovesNoParameterBeyondItsTolerance()
    {
        const CostCalibration shipped = builtinCalibration().values;
        const CalibrationFit refit = fitCalibration(runs(), shipped, {}, 0);
        for (const CalibrationParameter& p : calibrationParameters()) {
            const double was = shipped.*(p.field), now = refit.values.*(p.field);
            qInfo("%-30s shipped %.4g, refit %.4g (tolerance %g)", p.id, was, now, p.tolerance);
            QVERIFY2(std::abs(now - was) <= p.tolerance + 1e-9,
                qPrintable(QStringLiteral("%1 moved from %2 to %3; run tests/calibration/fit-calibration.sh")
                               .arg(QString::fromLatin1(p.id))
                               .arg(was)
                               .arg(now)));
        }
    }

    // Each parameter moves the time it names, by the amount its meaning gives.
    void parametersDoWhatTheySay()
    {
        const Plan b = example("b-four-nodes-tp4-pp2-dp2.plait.json");
        const CostCalibration neutral;
        const double base = stepWith(b, neutral);
        CostCalibration slowerGemms = neutral;
        slowerGemms.gemmShare = 0.8;
        // GEMMs dominate example b's step: 20% less GEMM rate slows the step, by less than 1/0.8.
        const double gemm = stepWith(b, slowerGemms);
        QVERIFY(gemm > base * 1.10);
        QVERIFY(gemm < base / 0.8);
        // A measured sustained rate exists for the A100: the unmeasured-GPU share leaves it alone.
        CostCalibration unmeasured = neutral;
        unmeasured.unmeasuredGemmShare = 0.7;
        QCOMPARE(stepWith(b, unmeasured), base);
        // ... and slows a GPU the catalog has no sustained figure for: example i's racks with GB300s.
        Plan i = example("i-70b-gb200-nvl72-two-racks.plait.json");
        const GpuSpec* gb300 = Catalog::builtin().gpu("GB300");
        QVERIFY(gb300 && !(gb300->gemmSustainedEfficiency > 0));
        i.cluster.gpu = *gb300;
        QVERIFY(stepWith(i, unmeasured) > stepWith(i, neutral) * 1.1);
        // GB200 has one (derived from the B200's measured ratio): the share leaves it alone.
        const Plan gb200 = example("i-70b-gb200-nvl72-two-racks.plait.json");
        QCOMPARE(stepWith(gb200, unmeasured), stepWith(gb200, neutral));
        // The synchronisation term: example b uses 16 GPUs, one doubling past 8.
        CostCalibration sync = neutral;
        sync.syncPerDoubling = 0.02;
        QVERIFY(std::abs(stepWith(b, sync) / base - 1.02) < 1e-9);
        // Fixed kernel costs only add time; no share makes anything faster.
        CostCalibration launches = neutral;
        launches.kernelOverheadUs = 10;
        QVERIFY(stepWith(b, launches) > base);
        // The collective loss: example c's data-parallel ring (16 ranks, one doubling past 8) runs at 0.9 of its
        // rate; example h's TP groups of 8 keep theirs.
        Plan h = example("c-ethernet-dp-accumulation.plait.json");
        h.cluster.calibration = neutral;
        const GroupSet plain = buildGroups(h);
        h.cluster.calibration.collectiveLossPerDoubling = 0.1;
        const GroupSet lossy = buildGroups(h);
        QCOMPARE(lossy.dp.front().path.ranks, 16);
        QVERIFY(std::abs(lossy.dp.front().path.busGBps / plain.dp.front().path.busGBps - 0.9) < 1e-9);
        Plan tp8 = example("h-gpt3-175b-1024xa100.plait.json");
        tp8.cluster.calibration = neutral;
        const double tpPlain = buildGroups(tp8).tp.front().path.busGBps;
        tp8.cluster.calibration.collectiveLossPerDoubling = 0.1;
        QCOMPARE(buildGroups(tp8).tp.front().path.busGBps, tpPlain);
    }

    void fileOutsideTheBoundsIsRefused_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("above the bound") << R"({"format":"plait-calibration/1","parameters":{"gemm_share":1.2}})"
                                         << "gemm_share must be a number from 0.75 to 1";
        QTest::newRow("unknown") << R"({"format":"plait-calibration/1","parameters":{"model_fudge":{"value":1}}})"
                                 << "unknown parameter \"model_fudge\"";
        QTest::newRow("not a number") << R"({"format":"plait-calibration/1","parameters":{"hbm_share":"x"}})"
                                      << "hbm_share must be a number from 0.6 to 1";
        QTest::newRow("wrong format") << R"({"format":"plait-plan/1"})"
                                      << "not a plait-calibration/1 document";
        QTest::newRow("runs not a list") << R"({"format":"plait-calibration/1","parameters":{},"runs":{}})"
                                         << "\"runs\" must be an array";
        QTest::newRow("a run without its GPU count")
            << R"({"format":"plait-calibration/1","parameters":{},"runs":[{"file":"x","source":"s","gpu":"H100",)"
               R"("framework":"fsdp","attention":"none","sharded_weights":true,"pipeline":false,"moe":false,)"
               R"("cross_validated_error":0.1}]})"
            << "each run needs \"gpus\"";
        QTest::newRow("a run of an unknown framework")
            << R"({"format":"plait-calibration/1","parameters":{},"runs":[{"file":"x","source":"s","gpu":"H100",)"
               R"("framework":"jax","attention":"none","sharded_weights":true,"pipeline":false,"moe":false,)"
               R"("gpus":8,"cross_validated_error":0.1}]})"
            << "run x has an unknown framework, no GPUs or an impossible error";
    }
    void fileOutsideTheBoundsIsRefused()
    {
        QFETCH(QString, json);
        QFETCH(QString, error);
        const CalibrationParse parsed = calibrationFromJson(nlohmann::json::parse(json.toStdString()));
        QCOMPARE(QString::fromStdString(parsed.error), error);
    }
};

QTEST_GUILESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
