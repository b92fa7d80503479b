#include "evaluate.h"
#include "explain.h"
#include "numtext.h"
#include "plan.h"
#include "text.h"

#include <QTest>

using namespace plait;

// The formula pop-ups say the evaluation's own figures, every phrase from the message table (so the window can say
// it in Chinese with the same numbers).
class TestExplain : public QObject {
    Q_OBJECT

    static Plan example(const char* file) { return loadPlanFile(std::string(PLAIT_EXAMPLES "/") + file).value(); }

    // The argument of the first phrase with this key; empty when none has it.
    static std::string argOf(const Explanation& e, const std::string& key, std::size_t i = 0)
    {
        for (const ExplainLine& line : e)
            for (const Message& m : line)
                if (m.key == key && i < m.args.size())
                    return m.args[i];
        return {};
    }

private slots:
    void eachMemoryTermEndsInTheEvaluatedBytes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("term");
        for (const char* file : { "b-four-nodes-tp4-pp2-dp2.plait.json", "g-7b-adam-one-gpu.plait.json",
                 "h-gpt3-175b-1024xa100.plait.json" })
            for (int t = 0; t < 5; ++t)
                QTest::addRow("%s %s", file, memoryTermName(MemoryTerm(t))) << QString::fromLatin1(file) << t;
    }
    void eachMemoryTermEndsInTheEvaluatedBytes()
    {
        QFETCH(QString, file);
        QFETCH(int, term);
        const Plan plan = example(file.toLatin1().constData());
        const Evaluation ev = evaluate(plan);
        QVERIFY(ev.valid);
        const StageMemory& m = ev.memory.back();
        const Explanation e = explainMemory(plan, ev, m.stage, MemoryTerm(term));
        QVERIFY(e.size() >= 2);
        for (const ExplainLine& line : e)
            for (const Message& phrase : line)
                QVERIFY2(messageTemplate(phrase.key), phrase.key.c_str());
        const double bytes[] = { m.weights, m.grads, m.optimizer, m.activations, m.other };
        const std::string text = explanationText(e);
        QVERIFY2(text.find("= " + gibText(bytes[term], 3)) != std::string::npos, text.c_str());
        QVERIFY2(text.find('%') == std::string::npos || term == int(MemoryTerm::Other), text.c_str());
    }

    // T per call × calls = the item's time per step, as the pop-up states it.
    void aCollectiveSaysItsCallsAndTime()
    {
        const Plan plan = example("b-four-nodes-tp4-pp2-dp2.plait.json");
        const Evaluation ev = evaluate(plan);
        QVERIFY(!ev.comm.empty());
        for (const CommItem& c : ev.comm) {
            const Explanation e = explainComm(c);
            QCOMPARE(argOf(e, "explain:comm-per-step", 0), str(c.count));
            QCOMPARE(argOf(e, "explain:comm-per-step", 2), numText(c.timeS * 1e3));
            QCOMPARE(argOf(e, "explain:comm-what", 4), c.link);
        }
    }

    void aStageOutsideThePlanHasNoFormula()
    {
        const Plan plan = example("a1-one-node-dp8.plait.json");
        const Evaluation ev = evaluate(plan);
        QVERIFY(explainMemory(plan, ev, 5, MemoryTerm::Weights).empty());
        QVERIFY(explainMemory(plan, ev, -1, MemoryTerm::Weights).empty());
    }
};

QTEST_GUILESS_MAIN(TestExplain)
#include "tst_explain.moc"
