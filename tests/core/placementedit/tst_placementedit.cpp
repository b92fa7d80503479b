#include "../testplans.h"
#include "evaluate.h"
#include "groups.h"
#include "placementedit.h"

#include <QTest>

using namespace plait;

class TestPlacementEdit : public QObject {
    Q_OBJECT
private slots:
    void swapExchangesCoordinates()
    {
        const Plan plan = test::mustPlan(test::gptPlanJson("gpt3-175b", 2, 8, 1, 2, 16));
        auto swapped = swapGpus(plan, 7, 8);
        QVERIFY(swapped);
        QCOMPARE(swapped.value().placement.coordOf[7], plan.placement.coordOf[8]);
        QCOMPARE(swapped.value().placement.coordOf[8], plan.placement.coordOf[7]);
        QVERIFY(validate(swapped.value()).empty());
        auto back = swapGpus(swapped.value(), 7, 8);
        QVERIFY(toJson(autoPlace(back.value()).value())["placement"].is_null());
    }

    void makeTpGroupGathersTheSelection()
    {
        // Start from a placement where TP groups cross nodes, then gather GPUs 0-7 back into one group.
        auto j = test::gptPlanJson("gpt3-175b", 2, 8, 1, 2, 16);
        j["parallel"]["order"] = "dp-tp-cp-pp";
        const Plan crossing = test::mustPlan(j);
        QVERIFY(buildGroups(crossing).tp.front().crossesNode);
        auto fixed = makeTpGroup(crossing, { 0, 1, 2, 3, 4, 5, 6, 7 });
        QVERIFY2(fixed, fixed ? "" : fixed.errorText().c_str());
        QVERIFY(validate(fixed.value()).empty());
        const GroupSet g = buildGroups(fixed.value());
        const bool inside = std::any_of(g.tp.begin(), g.tp.end(), [](const Group& x) { return !x.crossesNode; });
        QVERIFY(inside);
        auto tpTime = [](const Evaluation& ev) {
            for (const CommItem& c : ev.comm)
                if (c.dim == Dim::TP)
                    return c.timeS;
            return 0.0;
        };
        QVERIFY(tpTime(evaluate(fixed.value())) < tpTime(evaluate(crossing)));
    }

    void editsThatCannotWorkSayWhy_data()
    {
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QString>("expected");
        QTest::newRow("wrong group size") << "tp3"
                                          << "a TP group needs exactly tp = 8 GPUs; 3 are selected";
        QTest::newRow("no such stage") << "stage9"
                                       << "stage 9 does not exist; pp = 2";
        QTest::newRow("same GPU") << "self"
                                  << "cannot be swapped with itself";
        QTest::newRow("outside the cluster") << "far"
                                             << "GPU 99 is not in the cluster";
    }
    void editsThatCannotWorkSayWhy()
    {
        QFETCH(QString, edit);
        QFETCH(QString, expected);
        const Plan plan = test::mustPlan(test::gptPlanJson("gpt3-175b", 2, 8, 2, 1, 16));
        Result<Plan> r = edit == QLatin1String("tp3") ? makeTpGroup(plan, { 0, 1, 2 })
            : edit == QLatin1String("stage9")         ? assignToStage(plan, { 0 }, 9)
            : edit == QLatin1String("self")           ? swapGpus(plan, 3, 3)
                                                      : swapGpus(plan, 0, 99);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.errorText()).contains(expected), r.errorText().c_str());
    }

    void assignToStageMovesWholeSelection()
    {
        const Plan plan = test::mustPlan(test::gptPlanJson("gpt3-175b", 2, 8, 2, 1, 16));
        auto moved = assignToStage(plan, { 0, 1 }, 1);
        QVERIFY(moved);
        QCOMPARE(moved.value().placement.coordOf[0].pp, 1);
        QCOMPARE(moved.value().placement.coordOf[1].pp, 1);
        QVERIFY(validate(moved.value()).empty());
    }
};

QTEST_GUILESS_MAIN(TestPlacementEdit)
#include "tst_placementedit.moc"
