// The process groups a job's profile recorded, read from Kineto's "Process Group Ranks" and held against the plan's
// rank map (issue 43 A): the groups Megatron-Core builds for the plan's layout pass, another layout's are named.
#include "../testplans.h"
#include "kinetogen.h"
#include "kinetoprofile.h"
#include "profilegroups.h"

#include <QTest>

using namespace plait;

Q_DECLARE_METATYPE(std::vector<int>)

class TestProfileGroups : public QObject {
    Q_OBJECT
private slots:
    void ranksAreReadAsTheProfilerWritesThem_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("read");
        QTest::addColumn<std::vector<int>>("ranks");
        QTest::newRow("four ranks") << QStringLiteral("[0, 1, 2, 3]") << true << std::vector<int> { 0, 1, 2, 3 };
        QTest::newRow("no spaces") << QStringLiteral("[8,12]") << true << std::vector<int> { 8, 12 };
        QTest::newRow("empty") << QStringLiteral("[]") << true << std::vector<int> {};
        // PyTorch cuts a list past 30 ranks short (torch/csrc/profiler/util.h format_list): not the group's ranks.
        QTest::newRow("cut short") << QStringLiteral("[0, 1, 2, ...]") << false << std::vector<int> {};
        QTest::newRow("unclosed") << QStringLiteral("[0, 1") << false << std::vector<int> {};
        QTest::newRow("negative") << QStringLiteral("[-1, 0]") << false << std::vector<int> {};
        QTest::newRow("not a list") << QStringLiteral("0, 1") << false << std::vector<int> {};
        QTest::newRow("trailing text") << QStringLiteral("[0, 1] x") << false << std::vector<int> {};
    }
    void ranksAreReadAsTheProfilerWritesThem()
    {
        QFETCH(QString, text);
        QFETCH(bool, read);
        QFETCH(std::vector<int>, ranks);
        const auto got = groupRanksOf(text.toStdString());
        QCOMPARE(got.has_value(), read);
        if (read)
            QCOMPARE(*got, ranks);
    }

    // A generated pipeline job records each stage's data-parallel group and each column of stages.
    void aProfileRecordsItsGroups()
    {
        GeneratedPipeline g; // 8 ranks, 4 stages: rank = dp + 2 · stage
        auto read = readKinetoProfile(kinetoPipelineRankTrace(g, 5).dump());
        QVERIFY(read);
        const std::map<std::string, std::vector<int>> expected { { "dp2", { 4, 5 } }, { "mp1", { 1, 3, 5, 7 } } };
        QCOMPARE(read.value().groups, expected);
    }

    // Groups against plan b (TP 4, PP 2, DP 2 on 16 GPUs, order tp-cp-dp-pp: rank = tp + 4 dp + 8 pp).
    void groupsAreHeldAgainstThePlan_data()
    {
        QTest::addColumn<std::vector<int>>("ranks");
        QTest::addColumn<bool>("inPlan");
        QTest::newRow("TP group") << std::vector<int> { 4, 5, 6, 7 } << true;
        QTest::newRow("DP group") << std::vector<int> { 1, 5 } << true;
        QTest::newRow("pipeline") << std::vector<int> { 3, 11 } << true;
        QTest::newRow("TP x DP") << std::vector<int> { 8, 9, 10, 11, 12, 13, 14, 15 } << true;
        QTest::newRow("TP x PP (model parallel)") << std::vector<int> { 0, 1, 2, 3, 8, 9, 10, 11 } << true;
        QTest::newRow("the whole job") << std::vector<int> { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 }
                                       << true;
        QTest::newRow("one rank") << std::vector<int> { 3 } << true;
        QTest::newRow("TP 2: another layout") << std::vector<int> { 0, 1 } << false;
        QTest::newRow("TP 8: another layout") << std::vector<int> { 0, 1, 2, 3, 4, 5, 6, 7, 8 } << false;
        QTest::newRow("ranks outside the plan") << std::vector<int> { 16, 17 } << false;
        QTest::newRow("DP along another order") << std::vector<int> { 0, 1, 2, 3, 8, 9, 10, 12 } << false;
    }
    void groupsAreHeldAgainstThePlan()
    {
        QFETCH(std::vector<int>, ranks);
        QFETCH(bool, inPlan);
        const Plan plan = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        const std::string named = messageText(groupsNotInPlan({ { "7", ranks } }, plan));
        QCOMPARE(named.empty(), inPlan);
        if (!inPlan)
            QVERIFY2(named.find("process group 7 (ranks ") != std::string::npos
                    && named.find("TP 4, CP 1, DP 2, PP 2") != std::string::npos,
                named.c_str());
    }

    // Several at once are said in one message, the first three by name.
    void manyGroupsAreOneMessage()
    {
        const Plan plan = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        const std::string one = messageText(groupsNotInPlan({ { "a", { 0, 1 } }, { "b", { 2, 3 } } }, plan));
        QVERIFY2(one.find("process groups a (ranks 0, 1) and b (ranks 2, 3) are no groups") != std::string::npos,
            one.c_str());
        const std::string five = messageText(groupsNotInPlan(
            { { "a", { 0, 1 } }, { "b", { 2, 3 } }, { "c", { 4, 5 } }, { "d", { 6, 7 } }, { "e", { 8, 9 } } }, plan));
        QVERIFY2(five.find("a (ranks 0, 1), b (ranks 2, 3), c (ranks 4, 5) and 2 more are") != std::string::npos,
            five.c_str());
    }

    // Megatron's embedding group joins a pipeline's first and last stage; with experts, a stage's ranks regroup.
    void embeddingAndExpertGroups()
    {
        Plan plan = test::examplePlan("d-twelve-nodes-tp8-pp12.plait.json");
        QCOMPARE(plan.parallel.pp, 12);
        const int stride = plan.parallel.tp * plan.parallel.cp * plan.parallel.dp;
        QVERIFY(groupsNotInPlan({ { "embd", { 0, 11 * stride } } }, plan).empty());
        QVERIFY(!groupsNotInPlan({ { "two stages", { 0, stride } } }, plan).empty());
        Plan moe = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        QVERIFY(!groupsNotInPlan({ { "ep", { 0, 1 } } }, moe).empty());
        moe.parallel.ep = 2;
        QVERIFY(groupsNotInPlan({ { "ep", { 0, 1 } } }, moe).empty());
        QVERIFY(!groupsNotInPlan({ { "across stages", { 0, 8 + 4 } } }, moe).empty());
    }
};

QTEST_GUILESS_MAIN(TestProfileGroups)
#include "tst_profilegroups.moc"
