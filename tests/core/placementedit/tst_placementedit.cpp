#include "../testplans.h"
#include "evaluate.h"
#include "groups.h"
#include "placementedit.h"

#include <QDir>
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

    // Issue 37: a drag that moves one TP rank to another node (another NVLink domain) makes the step slower on every
    // shipped example with TP > 1 and more than one domain; the breakdown lists the TP collectives on the NIC link the
    // cost used, and the warning quotes the rate that cost implies (bytes moved over the time's bandwidth part).
    void aTpRankDraggedAcrossNodesSlowsTheStep_data()
    {
        QTest::addColumn<QString>("example");
        int rows = 0;
        for (const QString& name : QDir(QStringLiteral(PLAIT_EXAMPLES)).entryList({ QStringLiteral("*.plait.json") })) {
            const Plan plan = test::examplePlan(name.toUtf8().constData());
            if (plan.parallel.tp > 1 && plan.cluster.gpuCount() > plan.cluster.domainGpus()) {
                QTest::newRow(name.toUtf8().constData()) << name;
                ++rows;
            }
        }
        QVERIFY(rows >= 5); // b, d, e1, e2, h, i
    }
    void aTpRankDraggedAcrossNodesSlowsTheStep()
    {
        QFETCH(QString, example);
        const Plan plan = test::examplePlan(example.toUtf8().constData());
        const ClusterSpec& cl = plan.cluster;
        const int a = buildGroups(plan).tp.front().gpus.front();
        const int b = a + cl.domainGpus() < cl.gpuCount() ? a + cl.domainGpus() : a - cl.domainGpus();
        const auto dragged = swapGpus(plan, a, b);
        QVERIFY2(dragged, dragged ? "" : dragged.errorText().c_str());
        const Evaluation before = evaluate(plan), after = evaluate(dragged.value());
        QVERIFY(before.valid && after.valid);
        QVERIFY2(after.stepS > before.stepS,
            qPrintable(QStringLiteral("%1 s before, %2 s after the drag of GPU %3 onto %4")
                           .arg(before.stepS)
                           .arg(after.stepS)
                           .arg(a)
                           .arg(b)));

        const GroupSet groups = buildGroups(dragged.value());
        const Group* slowest = nullptr;
        std::vector<int> crossingStages;
        for (const Group& g : groups.tp)
            if (g.crossesNode) {
                crossingStages.push_back(g.stage);
                if (!slowest || g.path.busGBps < slowest->path.busGBps)
                    slowest = &g;
            }
        QVERIFY(slowest);
        QCOMPARE(QString::fromStdString(slowest->path.link), QString::fromStdString(cl.interNode.id));

        // The breakdown is the busiest stage's, one that holds a crossing group, on the NIC link.
        QVERIFY(std::find(crossingStages.begin(), crossingStages.end(), after.busiestStage) != crossingStages.end());
        const CommItem* tp = nullptr;
        for (const CommItem& c : after.comm)
            if (c.dim == Dim::TP && (!tp || c.timeS > tp->timeS))
                tp = &c;
        QVERIFY(tp);
        QCOMPARE(QString::fromStdString(tp->link), QString::fromStdString(cl.interNode.id));

        // The rate the cost used, from the item's bytes and bandwidth time, is the rate the warning quotes.
        const double moved = tp->algorithm == Algorithm::Tree ? 2.0 : busBandwidthFactor(tp->collective, tp->groupSize);
        const double costGBps = double(tp->count) * tp->bytesPerCall * moved / tp->bandwidthS / 1e9;
        const auto w = std::find_if(
            after.warnings.begin(), after.warnings.end(), [](const Warning& x) { return x.code == "tp-crosses-node"; });
        QVERIFY(w != after.warnings.end());
        const double quoted = std::stod(w->args[3]);
        QVERIFY2(std::abs(quoted - costGBps) <= 0.01 * costGBps,
            qPrintable(QStringLiteral("warning %1 GB/s, cost %2 GB/s").arg(quoted).arg(costGBps)));
        QVERIFY2(std::abs(quoted - slowest->path.busGBps) <= 0.01 * quoted, w->message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPlacementEdit)
#include "tst_placementedit.moc"
