// The engine's staged, cancellable jobs: one analysis per plan, advice and search that stop when overtaken.
#include "evaluate.h"
#include "plananalysis.h"
#include "searchrunner.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace plait;

namespace {
std::atomic<int> g_full { 0 }, g_onGuiThread { 0 };
std::atomic<const Plan*> g_watched { nullptr };
std::atomic<int> g_watchedCount { 0 };

void observe(const Plan& plan, EvaluationDetail detail)
{
    if (detail == EvaluationDetail::Full)
        ++g_full;
    if (&plan == g_watched.load())
        ++g_watchedCount;
    if (QThread::currentThread() == QCoreApplication::instance()->thread())
        ++g_onGuiThread;
}

std::shared_ptr<const Plan> example(const char* file)
{
    auto plan = loadPlanFile((std::string(PLAIT_EXAMPLES "/") + file).c_str());
    return plan ? std::make_shared<const Plan>(plan.value()) : nullptr;
}
}

class TestPlanAnalysis : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        setEvaluationObserver(&observe);
        g_full = g_onGuiThread = g_watchedCount = 0;
        g_watched = nullptr;
    }
    void cleanup() { setEvaluationObserver(nullptr); }

    // One evaluate() of the plan itself per request (the range adds two of Figures detail), off the GUI thread;
    // asking again for it, a preview cleared or an undo, evaluates nothing.
    void aPlanIsEvaluatedOnceAndAgainNotAtAll()
    {
        engine::PlanAnalysis analysis;
        QSignalSpy published(&analysis, &engine::PlanAnalysis::analysisAvailable);
        QSignalSpy advised(&analysis, &engine::PlanAnalysis::adviceAvailable);
        const auto plan = example("b-four-nodes-tp4-pp2-dp2.plait.json");
        QVERIFY(plan);
        g_watched = plan.get();
        analysis.request(plan);
        QVERIFY(published.wait(10000));
        QVERIFY(advised.wait(30000));
        QCOMPARE(g_watchedCount.load(), 1);
        const auto first = analysis.document();
        QCOMPARE(first->plan, plan);
        QVERIFY(first->evaluation->valid && first->groups && first->timeline);
        QVERIFY(first->evaluation->stepSlowS >= first->evaluation->stepS);

        Plan moved = *plan;
        std::swap(moved.placement.coordOf[0], moved.placement.coordOf[4]);
        analysis.request(std::make_shared<const Plan>(moved), true);
        QVERIFY(published.wait(10000));
        QVERIFY(analysis.latest()->preview);
        QCOMPARE(analysis.document(), first); // a preview is not the document
        QCOMPARE(advised.count(), 1); // and gets no advice
        const int before = g_full.load();
        analysis.request(plan); // the preview cleared
        QCOMPARE(analysis.latest(), first); // at once, from what was computed
        QCOMPARE(g_full.load(), before);
        QCOMPARE(g_watchedCount.load(), 1);
        QCOMPARE(analysis.analysesRun(), 2);
        QCOMPARE(g_onGuiThread.load(), 0);
    }

    // Two edits in a row: the first one's advice is cancelled (its evaluations stop), only the second is shown.
    void aNewerPlanCancelsTheAdviceStillRunning()
    {
        engine::PlanAnalysis analysis;
        QSignalSpy published(&analysis, &engine::PlanAnalysis::analysisAvailable);
        QSignalSpy advised(&analysis, &engine::PlanAnalysis::adviceAvailable);
        const auto a = example("h-gpt3-175b-1024xa100.plait.json");
        Plan edited = *a;
        edited.training.globalBatch *= 2;
        const auto b = std::make_shared<const Plan>(edited);
        analysis.request(a);
        QVERIFY(published.wait(10000)); // a's advice has started
        analysis.request(b);
        QVERIFY(advised.wait(60000));
        QTest::qWait(200);
        QCOMPARE(advised.count(), 1);
        const auto result = advised.first().at(0).value<std::shared_ptr<const engine::AdviceResult>>();
        QCOMPARE(result->analysis->plan, b);
        QCOMPARE(g_onGuiThread.load(), 0);
    }

    // Cancelled between candidate evaluations, the advisor stops at once: nothing is evaluated, no fix offered.
    void theAdvisorStopsWhenCancelled()
    {
        const auto plan = example("a2-one-node-tp2-dp4.plait.json");
        const Evaluation ev = evaluate(*plan);
        g_full = 0;
        const std::vector<Advice> items = advise(*plan, ev, [] { return true; });
        QCOMPARE(g_full.load(), 0);
        for (const Advice& item : items)
            QVERIFY(!item.fixed);
        QVERIFY(!advise(*plan, ev).empty()); // not cancelled: the prefer-dp fix is found
    }

    // The search in stages: the best first, then every plan that fits; a newer search or cancel() drops the running
    // one, whose results never arrive.
    void aSearchReportsItsBestThenTheChartAndCanBeCancelled()
    {
        engine::SearchRunner runner;
        QSignalSpy best(&runner, &engine::SearchRunner::bestAvailable);
        QSignalSpy all(&runner, &engine::SearchRunner::allEvaluated);
        const auto plan = example("a2-one-node-tp2-dp4.plait.json");
        runner.start(plan, {});
        QVERIFY(all.wait(60000));
        QCOMPARE(best.count(), 1);
        const auto known = best.first().at(0).value<std::shared_ptr<const engine::SearchRun>>();
        const auto done = all.first().at(0).value<std::shared_ptr<const engine::SearchRun>>();
        QCOMPARE(done->result.evaluatedCount, done->result.fitting);
        QVERIFY(known->result.evaluatedCount <= done->result.evaluatedCount);
        QCOMPARE(known->result.best, done->result.best); // exact when first shown
        QVERIFY(!runner.isRunning());

        best.clear();
        all.clear();
        runner.start(example("h-gpt3-175b-1024xa100.plait.json"), {});
        QVERIFY(runner.isRunning());
        runner.cancel();
        QVERIFY(!runner.isRunning());
        QTest::qWait(1500);
        QCOMPARE(best.count(), 0);
        QCOMPARE(all.count(), 0);

        runner.start(example("h-gpt3-175b-1024xa100.plait.json"), {});
        runner.start(plan, {}); // overtakes the first
        QVERIFY(all.wait(60000));
        QTest::qWait(200);
        QCOMPARE(all.count(), 1);
        QCOMPARE(all.first().at(0).value<std::shared_ptr<const engine::SearchRun>>()->plan, plan);
    }
};

QTEST_GUILESS_MAIN(TestPlanAnalysis)
#include "tst_plananalysis.moc"
