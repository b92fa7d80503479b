#include "commbreakdown.h"
#include "evaluate.h"

#include <QTest>
#include <qcustomplot.h>

using namespace plait;

class TestCommBreakdown : public QObject {
    Q_OBJECT
private slots:
    // One row per collective; a chart with none says why instead of drawing a 0–0.001 ms axis.
    // Each item carries a code (issue 41), which the chart translates; untranslated it reads as core's own name, so
    // the two tables cannot drift apart.
    void payloadsReadAsCoreNamesThem()
    {
        for (CommPayload p : kCommPayloads)
            QCOMPARE(widgets::commPayloadText(p), QString::fromLatin1(commPayloadName(p)));
    }

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

    // Each row's two parts stack into one bar as long as the collective's whole time: exposed and hidden (or α and
    // S/β) add up, they do not overlap (example a2: TP 2 all-reduces, part hidden under compute).
    void eachBarIsTheCollectivesWholeTime()
    {
        auto plan = loadPlanFile(PLAIT_EXAMPLES "/a2-one-node-tp2-dp4.plait.json");
        QVERIFY(plan);
        const auto ev = std::make_shared<const Evaluation>(evaluate(plan.value()));
        widgets::CommBreakdown chart;
        chart.setEvaluation(ev);
        auto* top = qobject_cast<QCPBars*>(chart.plot()->plottable(1));
        QVERIFY(top && top->barBelow());
        const int n = int(ev->comm.size());
        for (int i = 0; i < n; ++i) {
            const CommItem& c = ev->comm[std::size_t(i)];
            const double key = n - 1 - i; // the first item on top
            bool found = false;
            const QCPRange whole = top->getValueRange(found, QCP::sdBoth, QCPRange(key - 0.1, key + 0.1));
            QVERIFY2(std::abs(whole.upper - c.timeS * 1e3) < 1e-6 * c.timeS * 1e3 + 1e-9,
                qPrintable(QStringLiteral("%1: bar ends at %2 ms, the collective takes %3 ms")
                               .arg(chart.rowLabels()[i])
                               .arg(whole.upper)
                               .arg(c.timeS * 1e3)));
        }
        QCOMPARE(chart.longestMs(),
            std::max_element(ev->comm.begin(), ev->comm.end(),
                [](auto& a, auto& b) {
                    return a.timeS < b.timeS;
                })->timeS
                * 1e3);
    }
};

QTEST_MAIN(TestCommBreakdown)
#include "tst_commbreakdown.moc"
