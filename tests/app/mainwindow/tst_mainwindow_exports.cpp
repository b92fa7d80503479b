// The main window's scenarios, as a user runs them: what the window writes: pictures, the report, the timeline and
// launch configurations, and a comparison.
#include "advicepanel.h"
#include "autosave.h"
#include "calibrationpanel.h"
#include "commbreakdown.h"
#include "comparewindow.h"
#include "evaluate.h"
#include "format.h"
#include "ganttview.h"
#include "language.h"
#include "layercost.h"
#include "lessonspanel.h"
#include "mainwindow.h"
#include "memorybars.h"
#include "planeditor.h"
#include "planio.h"
#include "predictedtimeline.h"
#include "probedialog.h"
#include "proberesults.h"
#include "range.h"
#include "runcost.h"
#include "safejson.h"
#include "settings.h"
#include "suggestpanel.h"
#include "summaryview.h"
#include "timelinepanel.h"
#include "topologyview.h"
#include <QTableWidget>

#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QToolButton>
#include <QTranslator>
#include <QXmlStreamReader>
#include <mutex>
#include <qcustomplot.h>
#include <set>

#include "mainwindowfixture.h"

using namespace plait;
using namespace plait::test;

class TestMainWindowExports : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString writePlan(const QString& name, const char* text) { return writeFile(m_dir, name, text); }

private slots:
    void initTestCase() { startSettings("tst_mainwindow_exports"); }

    // Issue 41: a save keeps the very plan that was analysed, so every export right after it uses the analysis at
    // hand (they refused, "still being evaluated", until the next edit), nothing is evaluated again, and Export
    // Report takes the engine's advice instead of advising on the GUI thread (6 evaluations there before).
    void exportsRightAfterASaveUseTheAnalysisAtHand()
    {
        static std::atomic<int> onGuiThread { 0 };
        setEvaluationObserver([](const Plan&, EvaluationDetail) {
            if (QThread::currentThread() == QCoreApplication::instance()->thread())
                ++onGuiThread;
        });
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-saved")));
        QSignalSpy evaluated(w.analysis(), &engine::PlanAnalysis::analysisAvailable);
        QSignalSpy advised(w.advicePanel(), &app::AdvicePanel::itemsChanged);
        QVERIFY(w.openPlan(writePlan(QStringLiteral("saved-exports.plait.json"), kTwoNodes)));
        QVERIFY(waitForEvaluation(w, evaluated));
        QVERIFY(advised.count() > 0 || advised.wait(30000));
        const auto plan = w.document()->sharedPlan();
        const int runs = w.analysis()->analysesRun();
        QVERIFY(w.savePlan(m_dir.filePath(QStringLiteral("saved-exports-2.plait.json"))));
        QCOMPARE(w.document()->sharedPlan(), plan);
        QString error;
        QVERIFY2(
            w.exports()->exportView(QStringLiteral("topology"), m_dir.filePath(QStringLiteral("saved.png")), &error),
            qPrintable(error));
        QVERIFY2(w.exports()->exportView(QStringLiteral("memory"), m_dir.filePath(QStringLiteral("saved.svg")), &error),
            qPrintable(error));
        QVERIFY2(w.exports()->exportReport(m_dir.filePath(QStringLiteral("saved.pdf")), &error), qPrintable(error));
        QSignalSpy exported(w.exports(), &app::Exports::timelineExported);
        w.exports()->exportTimeline(m_dir.filePath(QStringLiteral("saved.trace.json")));
        QVERIFY(exported.count() > 0 || exported.wait(10000));
        compareWithA1(w);
        QCOMPARE(w.analysis()->analysesRun(), runs); // the saved plan is not evaluated again
        QCOMPARE(onGuiThread.load(), 0);
        setEvaluationObserver(nullptr);
        w.autosave()->finish();
    }

    // Issue 37's report: a new plan carries neither the example's nor the previous plan's name and description, and
    // Export Report offers the file's name while the plan is the file's, else the plan's own (a lesson's included).
    void aNewPlanAndALessonNameTheirReports()
    {
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-names")));
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json")));
        QCOMPARE(w.exports()->suggestedReportName(), QStringLiteral("b-four-nodes-tp4-pp2-dp2-report.pdf"));
        w.newPlan();
        QCOMPARE(QString::fromStdString(w.document()->plan().name), QStringLiteral("New plan"));
        QVERIFY(w.document()->file().description.empty());
        QCOMPARE(w.exports()->suggestedReportName(), QStringLiteral("new-plan-report.pdf"));
        w.lessonsPanel()->startLesson(0);
        QTRY_VERIFY(w.document()->plan().name != "New plan");
        const QString lesson = w.exports()->suggestedReportName();
        QVERIFY2(
            lesson.endsWith(QLatin1String("-report.pdf")) && lesson.size() > 15 && !lesson.startsWith(QLatin1Char('-')),
            qPrintable(lesson));
        w.autosave()->finish();
    }

    void anExportedTimelineOpensBesideThePrediction()
    {
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave7")));
        QSignalSpy evaluated(w.analysis(), &engine::PlanAnalysis::analysisAvailable);
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json")));
        QVERIFY(waitForEvaluation(w, evaluated));
        app::TimelinePanel* panel = w.timelinePanel();
        QCOMPARE(panel->view()->sections().size(), std::size_t(1));
        const QString path = m_dir.filePath(QStringLiteral("b.trace.json"));
        {
            // While an edit is being evaluated, the analysis there is of the plan before it: nothing is exported.
            Plan edited = w.document()->plan();
            edited.training.globalBatch *= 2;
            w.document()->edit(edited, QStringLiteral("double the batch"));
            QSignalSpy refused(w.exports(), &app::Exports::timelineExported);
            w.exports()->exportTimeline(path);
            QCOMPARE(refused.count(), 1);
            QVERIFY(!refused.first().at(1).toString().isEmpty());
            QVERIFY(!QFileInfo::exists(path));
            QVERIFY(waitForEvaluation(w, evaluated));
            w.document()->undoStack()->undo();
            QVERIFY(waitForEvaluation(w, evaluated));
        }
        QSignalSpy exported(w.exports(), &app::Exports::timelineExported);
        w.exports()->exportTimeline(path);
        QVERIFY(exported.wait(10000));
        QCOMPARE(exported.first().at(1).toString(), QString());
        QSignalSpy loaded(w.files()->traceLoader(), &engine::TraceLoader::loaded);
        QSignalSpy failed(w.files()->traceLoader(), &engine::TraceLoader::failed);
        w.files()->openTrace(path);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(panel->mode(), app::TimelineMode::PredictedAgainstTrace);
        QCOMPARE(panel->view()->sections().size(), std::size_t(2));
        QVERIFY2(panel->figuresText().contains(QStringLiteral("(±0.0%)")), qPrintable(panel->figuresText()));
        QVERIFY(panel->figuresText().contains(QStringLiteral("ops aligned, mean |difference| 0.0%")));

        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        f.close();
        const QString broken = writePlan(QStringLiteral("broken.trace.json"), text.left(1000).constData());
        w.files()->openTrace(broken);
        QVERIFY(failed.wait(10000));
        QVERIFY2(failed.first().at(1).toString().contains(QStringLiteral("ends early after byte 1000")),
            qPrintable(failed.first().at(1).toString()));
        QCOMPARE(panel->view()->sections().size(), std::size_t(2));

        // the schedules, stacked: simulated by the engine off the GUI thread once the mode asks for them
        panel->setMode(app::TimelineMode::Schedules);
        const auto studies = studySchedules(*w.document()->sharedPlan());
        const auto runnable = std::size_t(
            std::count_if(studies.begin(), studies.end(), [](const ScheduleStudy& s) { return s.valid; }));
        QVERIFY(QTest::qWaitFor([panel, runnable] { return panel->view()->sections().size() == runnable; }, 10000));
    }

    // Issue 40 D: DeepSpeed's JSON holds neither the parallel sizes nor a launch line; the export says both, the line
    // for the file just written.
    void deepSpeedExportSaysHowToLaunch()
    {
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-ds-launch")));
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/a2-one-node-tp2-dp4.plait.json")));
        w.show();
        const QString ds = m_dir.filePath(QStringLiteral("a2 ds.json"));
        QCOMPARE(w.exports()->exportLaunchConfig(QStringLiteral("deepspeed"), ds), QString());
        QVERIFY(QFile::exists(ds));
        auto* box = w.findChild<QMessageBox*>(QStringLiteral("launchImportSummary"));
        QVERIFY(box);
        const QString said = box->informativeText();
        QVERIFY2(said.contains(QStringLiteral("TP 2")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("deepspeed --num_gpus 8 TRAIN_SCRIPT --deepspeed --deepspeed_config '")
                     + ds + QLatin1Char('\'')),
            qPrintable(said));
        if (const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS"); !shots.isEmpty()) {
            QTest::qWait(300);
            box->grab().save(shots + QStringLiteral("/deepspeed-export-notes.png"));
        }
        box->close();
    }

    // Plan A against plan B: figures side by side with B's difference marked, both timelines on one axis.
    void comparingTwoPlansMarksTheDifferences()
    {
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave10")));
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/a2-one-node-tp2-dp4.plait.json")));
        auto* window = qobject_cast<app::CompareWindow*>(
            w.compareWith(QStringLiteral(PLAIT_EXAMPLES "/a1-one-node-dp8.plait.json")));
        QVERIFY(window);
        QSignalSpy ready(window, &app::CompareWindow::ready);
        QVERIFY(window->isReady() || ready.wait(10000));
        const Evaluation a = evaluate(w.document()->plan());
        const Evaluation b = evaluate(loadPlanFile(PLAIT_EXAMPLES "/a1-one-node-dp8.plait.json").value());
        QTableWidget* t = window->figures();
        QCOMPARE(t->item(0, 0)->text(), QStringLiteral("Step time"));
        QVERIFY2(t->item(0, 3)->text().endsWith(QString::asprintf("(%+.1f%%)", 100 * (b.stepS / a.stepS - 1))),
            qPrintable(t->item(0, 3)->text()));
        QVERIFY(t->item(0, 3)->text().startsWith(b.stepS >= a.stepS ? QStringLiteral("+") : QStringLiteral("−")));
        // A share differs in percentage points: the bubble row says "+0.0 pp", never a relative change of a share.
        QCOMPARE(t->item(4, 0)->text(), QStringLiteral("Pipeline bubble"));
        QCOMPARE(t->item(4, 3)->text(), QString::asprintf("%+.1f pp", 100 * (b.bubbleFraction - a.bubbleFraction)));
        // Both communication charts on one scale.
        const auto comms = window->findChildren<widgets::CommBreakdown*>();
        QCOMPARE(comms.size(), 2);
        QCOMPARE(comms[0]->plot()->xAxis->range().upper, comms[1]->plot()->xAxis->range().upper);
        QCOMPARE(t->item(0, 3)->foreground().color(),
            b.stepS < a.stepS ? QColor(0x00, 0x7A, 0x3D) : QColor(0xC0, 0x39, 0x2B));
        QCOMPARE(window->gantt()->sections().size(), std::size_t(2));
        if (const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS"); !shots.isEmpty()) {
            QTest::qWait(200);
            window->grab().save(shots + QStringLiteral("/compare.png"));
        }
        window->close();
    }

    // File → Export Picture: any view of the document's plan as plait render draws it, in the format the name asks.
    void anyViewExportsAsAPicture()
    {
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-pictures")));
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json")));
        QString error;
        const QString first = m_dir.filePath(QStringLiteral("early.png"));
        QTRY_VERIFY(
            w.exports()->exportView(QStringLiteral("topology"), first, &error)); // once the plan's analysis is there
        for (const char* view : { "topology", "memory", "comm", "gantt", "report" }) {
            const QString path = m_dir.filePath(QStringLiteral("view-%1.png").arg(QLatin1String(view)));
            QVERIFY2(w.exports()->exportView(QString::fromLatin1(view), path, &error), qPrintable(error));
            const QImage image(path);
            QVERIFY2(!image.isNull() && image.width() >= 900, view);
        }
        const QString svg = m_dir.filePath(QStringLiteral("view-memory.svg"));
        QVERIFY(w.exports()->exportView(QStringLiteral("memory"), svg, &error));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("Llama 2 13B on 4 nodes")); // the title names the plan
        QVERIFY(!w.exports()->exportView(QStringLiteral("memory"), m_dir.filePath(QStringLiteral("view.bmp")), &error));
        QVERIFY2(error.contains(QLatin1String(".png")), qPrintable(error));
    }
};

QTEST_MAIN(TestMainWindowExports)
#include "tst_mainwindow_exports.moc"
