// The host-side events a job's profile never reads, skipped before parsing (issue 43's load time): exactly those, at
// an event's own top level, and nothing when the trace is not shaped as the profiler writes it.
#include "hostfilter.h"
#include "kinetogen.h"
#include "kinetoprofile.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace plait;
using nlohmann::json;

class TestHostFilter : public QObject {
    Q_OBJECT
private slots:
    void skipsOnlyTheHostsEvents()
    {
        const std::string text
            = "{\"schemaVersion\": 1, \"traceEvents\": [\n"
              "            {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"ts\": 1, \"dur\": 2, "
              "\"args\": {\"Input Dims\": [[1, 2]]}},\n"
              "            {\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"ts\": 3, \"dur\": 4, \"args\": "
              "{\"cat\": \"cpu_op\"}},\n"
              "            {\"ph\": \"X\", \"name\": \"a } \\\" { cat\", \"cat\"  :  \"python_function\", \"ts\": 5, "
              "\"dur\": 6},\n"
              "            {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"ProfilerStep#3\", \"ts\": 0, \"dur\": "
              "10},\n"
              "            {\"ph\": \"s\", \"id\": 7, \"cat\": \"ac2g\", \"name\": \"ac2g\", \"ts\": 1},\n"
              "            {\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"Optimizer.step#AdamW.step\", "
              "\"ts\": 8, \"dur\": 1}\n"
              "        ], \"distributedInfo\": {\"rank\": 2}}";
        const auto filtered = withoutHostEvents(text);
        QVERIFY(filtered);
        QCOMPARE(filtered->skippedEvents, std::size_t(3));
        const json kept = json::parse(filtered->text);
        QCOMPARE(kept["traceEvents"].size(), std::size_t(3));
        QCOMPARE(kept["traceEvents"][0]["name"].get<std::string>(), std::string("gemm")); // its args' "cat" is not its
        QCOMPARE(kept["traceEvents"][1]["name"].get<std::string>(), std::string("ProfilerStep#3")); // an old step
        QCOMPARE(kept["distributedInfo"]["rank"].get<int>(), 2);
    }

    void keepsTheTextWhereItIsNotAProfilersShape_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("nothing to skip") << QStringLiteral("{\"traceEvents\": [{\"cat\": \"kernel\"}]}");
        QTest::newRow("traceEvents nested") << QStringLiteral("{\"x\": {\"traceEvents\": [{\"cat\": \"cpu_op\"}]}}");
        QTest::newRow("traceEvents in a string") << QStringLiteral(
            "{\"note\": \"\\\"traceEvents\\\": [{\\\"cat\\\": \\\"cpu_op\\\"}]\", \"traceEvents\": 5}");
        QTest::newRow("an event is not an object") << QStringLiteral("{\"traceEvents\": [{\"cat\": \"cpu_op\"}, 3]}");
        QTest::newRow("unterminated") << QStringLiteral("{\"traceEvents\": [{\"cat\": \"cpu_op\"}, {\"cat\": \"kern");
        QTest::newRow("no closing bracket") << QStringLiteral("{\"traceEvents\": [{\"cat\": \"cpu_op\"}");
        QTest::newRow("not an object") << QStringLiteral("[{\"cat\": \"cpu_op\"}]");
    }
    void keepsTheTextWhereItIsNotAProfilersShape()
    {
        QFETCH(QString, text);
        QVERIFY(!withoutHostEvents(text.toStdString()));
    }

    // A generated job's rank read with and without its host events says the same: the filter changes the time only.
    void aRankReadsTheSameWithoutItsHostEvents()
    {
        GeneratedJob g;
        g.ranks = 4;
        g.stragglerRank = 1;
        g.stragglerSlowdown = 1.3;
        const std::string text = kinetoRankTrace(g, 1).dump();
        const auto filtered = withoutHostEvents(text);
        QVERIFY(filtered);
        QVERIFY(filtered->text.size() < text.size() * 7 / 10);
        const auto whole = readKinetoProfile(text), part = readKinetoProfile(filtered->text);
        QVERIFY(whole && part);
        QCOMPARE(whole.value().events, std::size_t(json::parse(text)["traceEvents"].size()));
        QCOMPARE(whole.value().steps.size(), part.value().steps.size());
        QCOMPARE(whole.value().computeUs, part.value().computeUs);
        QCOMPARE(whole.value().collectives.kernels.size(), part.value().collectives.kernels.size());
        QCOMPARE(whole.value().lastStepKernels.size(), part.value().lastStepKernels.size());
        QCOMPARE(whole.value().lastStepKernels.front().pass, SpanKind::Forward);
        // A parse error still names its byte in the file as given, not in the shortened text.
        std::string broken = text;
        broken[broken.size() - 3] = '@';
        const auto refused = readKinetoProfile(broken);
        QVERIFY(!refused);
        QVERIFY2(refused.errorText().find("at byte " + std::to_string(broken.size() - 2)) != std::string::npos,
            refused.errorText().c_str());
    }
};

QTEST_GUILESS_MAIN(TestHostFilter)
#include "tst_hostfilter.moc"
