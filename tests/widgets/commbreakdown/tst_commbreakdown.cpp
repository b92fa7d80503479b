#include "commbreakdown.h"
#include "evaluate.h"

#include <QTest>

using namespace plait;

class TestCommBreakdown : public QObject {
    Q_OBJECT
private slots:
    // One row per collective; a chart with none says why instead of drawing a 0–0.001 ms axis.
    void anEmptyChartSaysWhy_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<int>("rows");
        QTest::addColumn<QString>("says");
        QTest::newRow("one GPU") << QStringLiteral("g-7b-adam-one-gpu") << 0 << QStringLiteral("No communication");
        QTest::newRow("DP 8") << QStringLiteral("a1-one-node-dp8") << -1 << QString();
    }
    void anEmptyChartSaysWhy()
    {
        QFETCH(QString, example);
        QFETCH(int, rows);
        QFETCH(QString, says);
        const QString path = QStringLiteral(PLAIT_EXAMPLES "/") + example + QStringLiteral(".plait.json");
        auto plan = loadPlanFile(path.toStdString());
        QVERIFY(plan);
        const auto ev = std::make_shared<const Evaluation>(evaluate(plan.value()));
        widgets::CommBreakdown chart;
        chart.setEvaluation(ev);
        QCOMPARE(chart.rowLabels().size(), rows < 0 ? qsizetype(ev->comm.size()) : qsizetype(rows));
        if (rows < 0)
            QVERIFY(!ev->comm.empty());
        QCOMPARE(chart.emptyText().startsWith(says) && chart.emptyText().isEmpty() == says.isEmpty(), true);
        chart.setEvaluation(nullptr);
        QVERIFY(!chart.emptyText().isEmpty());
    }
};

QTEST_MAIN(TestCommBreakdown)
#include "tst_commbreakdown.moc"
