#include "../testplans.h"
#include "placementedit.h"
#include "planedit.h"

#include <QTest>

using namespace plait;

// The one edit vocabulary (issue 41): the editor, the advisor, the search, lessons, placement edits and the
// importers change plans through these, so their rules are checked here once.
class TestPlanEdit : public QObject {
    Q_OBJECT
private slots:
    void withFieldFollowsTheEditRules_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("explicitShape"); // the preset written out as its shape
        QTest::addColumn<bool>("placedByDefault"); // the hand-made placement dropped
        QTest::newRow("a model dimension") << "model.layers"
                                           << "48" << true << false;
        QTest::newRow("the sequence, beside the preset") << "model.seq_len"
                                                         << "4096" << false << false;
        QTest::newRow("a parallel size") << "parallel.pp"
                                         << "1" << false << true;
        QTest::newRow("the rank order") << "parallel.order"
                                        << R"("tp-dp-cp-pp")" << false << true;
        QTest::newRow("the nodes") << "cluster.nodes"
                                   << "4" << false << true;
        QTest::newRow("a training knob") << "training.zero_stage"
                                         << "1" << false << false;
        QTest::newRow("unset") << "training.bucket_size"
                               << "null" << false << false;
    }
    void withFieldFollowsTheEditRules()
    {
        QFETCH(QString, path);
        QFETCH(QString, value);
        QFETCH(bool, explicitShape);
        QFETCH(bool, placedByDefault);
        nlohmann::json j = test::gptPlanJson("gpt3-175b", 2, 8, 2, 1, 16);
        j["training"]["bucket_size"] = 40000000;
        const Plan plan = test::mustPlan(j);
        // A hand-made placement (two GPUs swapped) to see whether the edit keeps it.
        const Plan swapped = swapGpus(plan, 0, 15).value();
        QVERIFY(!swapped.placement.isDefault);
        const auto edited = withField(swapped, path.toStdString(), nlohmann::json::parse(value.toStdString()));
        QVERIFY2(edited, edited ? "" : edited.errorText().c_str());
        const Plan& p = edited.value();
        QCOMPARE(p.modelSource.kind == ModelSource::Kind::Explicit, explicitShape);
        QCOMPARE(p.placement.isDefault, placedByDefault);
        const nlohmann::json file = toJson(p);
        const nlohmann::json* at = &file;
        for (const QString& key : path.split(QLatin1Char('.')))
            at = at->contains(key.toStdString()) ? &(*at)[key.toStdString()] : nullptr;
        if (value == QLatin1String("null"))
            QVERIFY(!at);
        else
            QCOMPARE(at ? at->dump() : std::string("absent"), nlohmann::json::parse(value.toStdString()).dump());
    }

    void withFieldRefusesWhatDoesNotRead()
    {
        const Plan plan = test::mustPlan(test::gptPlanJson("gpt3-175b", 2, 8, 2, 1, 16));
        const auto edited = withField(plan, "parallel.schedule", "2f2b");
        QVERIFY(!edited);
        QCOMPARE(edited.errors().front().field, std::string("parallel.schedule"));
    }

    void aPresetByNameReplacesTheModel()
    {
        const Plan plan = test::mustPlan(test::gptPlanJson("gpt3-175b", 2, 8, 2, 1, 16));
        const Plan shaped = withField(plan, "model.layers", 48).value();
        const Plan named = withField(shaped, "model", { { "preset", "llama2-13b" } }).value();
        QVERIFY(named.modelSource.kind == ModelSource::Kind::Preset);
        QCOMPARE(named.model.layers, findPreset("llama2-13b")->layers);
    }

    void rankOrderIsParsedOnce_data()
    {
        QTest::addColumn<QString>("order");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<int>("ppStride"); // with tp 8, cp 2, dp 4
        QTest::newRow("Megatron's default") << "tp-cp-dp-pp" << true << 64;
        QTest::newRow("pp inside dp") << "tp-cp-pp-dp" << true << 16;
        QTest::newRow("pp innermost") << "pp-tp-cp-dp" << true << 1;
        QTest::newRow("a dimension twice") << "tp-tp-dp-pp" << false << 0;
        QTest::newRow("one missing") << "tp-cp-dp" << false << 0;
        QTest::newRow("another separator") << "tp_cp_dp_pp" << false << 0;
        QTest::newRow("upper case") << "TP-CP-DP-PP" << false << 0;
    }
    void rankOrderIsParsedOnce()
    {
        QFETCH(QString, order);
        QFETCH(bool, valid);
        QFETCH(int, ppStride);
        QCOMPARE(rankOrder(order.toStdString()).has_value(), valid);
        ParallelSpec par;
        par.tp = 8;
        par.cp = 2;
        par.dp = 4;
        par.pp = 2;
        par.order = order.toStdString();
        QCOMPARE(par.stride(ParallelDim::Pp), ppStride);
        ClusterSpec cluster;
        cluster.nodes = 16;
        QCOMPARE(bool(defaultPlacement(cluster, par)), valid);
    }

    // The advisor's reshape: the framework's conditions kept (sequence parallelism needs TP, interleaving needs
    // layers that divide), the layers split as evenly as they go.
    void withShapeKeepsAPlanTheFrameworkRuns()
    {
        nlohmann::json j = test::gptPlanJson("gpt3-175b", 8, 8, 4, 2, 64); // 96 layers on 64 GPUs
        j["training"]["sequence_parallel"] = true;
        j["parallel"]["schedule"] = "interleaved";
        j["parallel"]["vpp"] = 2;
        const Plan plan = test::mustPlan(j);
        const Plan narrow = withShape(plan, 1, 4, 8, 1).value();
        QVERIFY(!narrow.training.sequenceParallel);
        QCOMPARE(narrow.parallel.schedule, Schedule::Interleaved); // 96 layers over 4 × 2
        const auto odd = withShape(plan, 8, 5, 1, 1); // 96 layers over 5 stages
        QVERIFY2(odd, odd ? "" : odd.errorText().c_str());
        QCOMPARE(odd.value().parallel.schedule, Schedule::OneFOneB);
        QCOMPARE(odd.value().parallel.layersPerStage, (std::vector<int> { 19, 20, 19, 19, 19 }));
        QVERIFY(!withShape(plan, 8, 4, 0, 1));
    }
};

QTEST_GUILESS_MAIN(TestPlanEdit)
#include "tst_planedit.moc"
