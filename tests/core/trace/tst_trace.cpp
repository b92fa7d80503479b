#include "../testplans.h"
#include "evaluate.h"
#include "report.h"

#include <QTest>
#include <map>
#include <set>

using namespace plait;

// The simulated timeline as Chrome trace JSON, as Perfetto expects it (shared/notes/formats-and-reliability.md A1):
// complete "X" events with dur, no overlapping events on one thread, thread names, flows that pair up.
class TestTrace : public QObject {
    Q_OBJECT
private slots:
    void traceIsWellFormed_data()
    {
        QTest::addColumn<QString>("schedule");
        QTest::addColumn<int>("vpp");
        QTest::newRow("gpipe") << "gpipe" << 1;
        QTest::newRow("1f1b") << "1f1b" << 1;
        QTest::newRow("interleaved") << "interleaved" << 2;
        QTest::newRow("zb-h1") << "zb-h1" << 1;
    }
    void traceIsWellFormed()
    {
        QFETCH(QString, schedule);
        QFETCH(int, vpp);
        auto j = test::gptPlanJson("gpt3-175b", 8, 8, 4, 2, 32);
        j["parallel"]["schedule"] = schedule.toStdString();
        j["parallel"]["vpp"] = vpp;
        j["training"]["recompute"] = "selective";
        const Plan plan = test::mustPlan(j);
        const Evaluation ev = evaluate(plan);
        QVERIFY(ev.valid);
        const nlohmann::json trace = timelineToChromeTrace(ev, plan);
        QVERIFY(trace.contains("traceEvents"));
        QCOMPARE(trace.begin().key(), std::string("displayTimeUnit")); // Perfetto reads it only near the start
        std::map<int, std::vector<std::pair<double, double>>> byThread;
        std::map<long long, int> flows;
        std::set<int> named;
        int computeEvents = 0;
        for (const auto& e : trace["traceEvents"]) {
            const std::string ph = e["ph"];
            if (ph == "M" && e["name"] == "thread_name")
                named.insert(e["tid"].get<int>());
            if (ph == "X") {
                QVERIFY(e.contains("dur"));
                QVERIFY(e["dur"].get<double>() > 0);
                byThread[e["tid"].get<int>()].push_back(
                    { e["ts"].get<double>(), e["ts"].get<double>() + e["dur"].get<double>() });
                computeEvents += e["cat"] == "forward" || e["cat"] == "backward" || e["cat"] == "backward-weight"
                    || e["cat"] == "recompute";
            }
            if (ph == "s")
                ++flows[e["id"].get<long long>()];
            if (ph == "f")
                --flows[e["id"].get<long long>()];
        }
        for (auto& [tid, spans] : byThread) {
            QVERIFY2(named.count(tid), qPrintable(QStringLiteral("thread %1 has no name").arg(tid)));
            std::sort(spans.begin(), spans.end());
            for (std::size_t i = 1; i < spans.size(); ++i)
                QVERIFY2(spans[i].first >= spans[i - 1].second - 1e-6,
                    qPrintable(QStringLiteral("overlap on thread %1").arg(tid)));
        }
        for (const auto& [id, balance] : flows)
            QCOMPARE(balance, 0);
        const int perMicroBatch = schedule == QLatin1String("zb-h1") ? 4 : 3; // F, R, B (+ W)
        QCOMPARE(computeEvents, perMicroBatch * 16 * vpp * 4);
        QCOMPARE(trace["plait"]["bubble_fraction"].get<double>(), ev.bubbleFraction);
    }
};

QTEST_GUILESS_MAIN(TestTrace)
#include "tst_trace.moc"
