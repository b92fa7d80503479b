// The main window's scenarios, as a user runs them: what the window opens beside the plan: traces, the probe and its
// results, launch configurations, node dumps and nccl-tests logs.
#include "../../core/profileofplan.h"
#include "advicepanel.h"
#include "autosave.h"
#include "calibrationpanel.h"
#include "commbreakdown.h"
#include "comparewindow.h"
#include "evaluate.h"
#include "format.h"
#include "ganttview.h"
#include "kinetogen.h"
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
#include "profilefinding.h"
#include "profileloader.h"
#include "range.h"
#include "ratestandingstext.h"
#include "render.h"
#include "runcost.h"
#include "runkind.h"
#include "safejson.h"
#include "settings.h"
#include "suggestpanel.h"
#include "summaryview.h"
#include "timelinepanel.h"
#include "topologyview.h"
#include <QScrollArea>
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

namespace {
// For looking at, by hand, where PLAIT_SCREENSHOTS names a folder: the window with the Calibration dock raised, and the
// panel's text whole (the dock scrolls it; the table of what the model rests on is at its end).
void calibrationPictures(app::MainWindow& w, const QString& shots, const QString& name)
{
    if (shots.isEmpty())
        return;
    w.resize(1600, 1000);
    w.show();
    QTest::qWait(200);
    w.findChild<QDockWidget*>(QStringLiteral("calibration"))->raise();
    QTest::qWait(100);
    w.grab().save(shots + name);
    if (auto* scroll = w.calibrationPanel()->findChild<QScrollArea*>())
        scroll->widget()->grab().save(shots + QString(name).replace(QLatin1String("window-"), QString()));
}
}

class TestMainWindowMeasured : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString writePlan(const QString& name, const char* text) { return writeFile(m_dir, name, text); }

private slots:
    void initTestCase() { startSettings("tst_mainwindow_measured"); }

    // Export the predicted timeline, open it as a trace: the Gantt shows both, aligned, with no difference; a
    // truncated trace is refused with the byte where it ends, and the view keeps what it had.
    // Issue 37: a trace is checked before it is compared. Example h's timeline (16 stages) against example b (2) is
    // drawn but named as another shape, not aligned; b's own trace is aligned, and leaves the timeline when the plan
    // changes shape, or when a lesson starts, with the reason on the status line.
    void aTraceOfAnotherShapeIsNamedAndLeavesWithTheShape()
    {
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-shape")));
        QSignalSpy evaluated(w.analysis(), &engine::PlanAnalysis::analysisAvailable);
        QSignalSpy exported(w.exports(), &app::Exports::timelineExported);
        QSignalSpy loaded(w.files()->traceLoader(), &engine::TraceLoader::loaded);
        const QString h = m_dir.filePath(QStringLiteral("h.trace.json")),
                      b = m_dir.filePath(QStringLiteral("b2.trace.json"));
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json")));
        QVERIFY(waitForEvaluation(w, evaluated));
        w.exports()->exportTimeline(h);
        QVERIFY(exported.wait(10000));
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json")));
        QVERIFY(waitForEvaluation(w, evaluated));
        w.exports()->exportTimeline(b);
        QVERIFY(exported.wait(10000));
        app::TimelinePanel* panel = w.timelinePanel();

        w.files()->openTrace(h);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(panel->view()->sections().size(), std::size_t(2));
        QVERIFY2(panel->figuresText().contains(QStringLiteral("the trace has 16 pipeline stages and the plan 2")),
            qPrintable(panel->figuresText()));
        QVERIFY(!panel->figuresText().contains(QStringLiteral("aligned")));

        w.files()->openTrace(b);
        QVERIFY(loaded.wait(10000));
        QVERIFY(panel->figuresText().contains(QStringLiteral("ops aligned")));
        w.planEditor()->applyEdit(QStringLiteral("parallel.pp"), 1);
        QVERIFY(waitForEvaluation(w, evaluated));
        QVERIFY(!panel->hasTrace());
        QCOMPARE(panel->mode(), app::TimelineMode::Predicted);
        QVERIFY2(w.statusText().contains(QStringLiteral("changed shape")), qPrintable(w.statusText()));
        w.document()->undoStack()->undo();
        QVERIFY(waitForEvaluation(w, evaluated));

        w.files()->openTrace(b);
        QVERIFY(loaded.wait(10000));
        QVERIFY(panel->hasTrace());
        w.lessonsPanel()->startLesson(0);
        QTRY_VERIFY(!panel->hasTrace());
        QTRY_VERIFY2(w.statusText().contains(QStringLiteral("a lesson started")), qPrintable(w.statusText()));
        w.autosave()->finish();
    }

    // File → Open Profile on a folder of every rank's trace (generated, rank 5 planted as the straggler): a lane per
    // rank beside the prediction, the straggler named in the status bar and outlined on its node; a broken rank's
    // file names the problem and keeps what was drawn.
    void aJobsProfileIsDrawnRankByRank()
    {
        QTemporaryDir job;
        GeneratedJob g;
        g.ranks = 8;
        g.clockSkewUs = { 0, 700, -300, 1200, 50, -800, 400, 90 };
        g.stragglerRank = 5;
        g.stragglerSlowdown = 1.2;
        for (int r = 0; r < g.ranks; ++r) {
            QFile f(job.filePath(QStringLiteral("rank%1.json").arg(r)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(kinetoRankTrace(g, r).dump()));
        }
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-profile")));
        QSignalSpy evaluated(w.analysis(), &engine::PlanAnalysis::analysisAvailable);
        QSignalSpy loaded(w.files()->profileLoader(), &engine::ProfileLoader::loaded);
        QSignalSpy failed(w.files()->profileLoader(), &engine::ProfileLoader::failed);
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/a1-one-node-dp8.plait.json")));
        QVERIFY(waitForEvaluation(w, evaluated));
        w.files()->openProfile({ job.path() });
        QVERIFY(loaded.wait(20000));
        app::TimelinePanel* panel = w.timelinePanel();
        QCOMPARE(panel->view()->sections().size(), std::size_t(2));
        QCOMPARE(panel->view()->sections()[1].timeline->lanes.size(), std::size_t(8));
        QVERIFY2(w.statusText().contains(QStringLiteral("Straggler: rank 5")), qPrintable(w.statusText()));
        // English's plural, not "8 rank(s)".
        QVERIFY2(w.statusText().contains(QStringLiteral("Opened the profile of 8 ranks")), qPrintable(w.statusText()));
        QVERIFY(w.topologyView()->nodeFinding(0).contains(QStringLiteral("rank 5")));
        // `plait render --view topology --profile` says the same: the finding under the title, node 0 outlined.
        {
            auto ranks = engine::readRankProfiles(engine::profileFiles({ job.path() }));
            QVERIFY(ranks);
            const engine::LoadedProfile laid = engine::layOutProfile(std::move(ranks.value()), &w.document()->plan());
            const std::optional<app::ProfileFinding> finding = app::profileFinding(laid.job, laid.places);
            QVERIFY(finding);
            QCOMPARE(finding->node, 0);
            QCOMPARE(finding->gpu, 5); // DP 8 in order on one node: rank 5 runs on GPU 5
            QCOMPARE(w.topologyView()->gpuFinding(5), finding->text);
            QVERIFY(w.topologyView()->gpuFinding(4).isEmpty());
            QVERIFY2(w.statusText().contains(finding->text), qPrintable(finding->text));
            app::PictureOptions options;
            options.caption = finding->text;
            options.nodeFindings[finding->node] = finding->text;
            options.gpuFindings[finding->gpu] = finding->text;
            const auto picture = app::pictureOf(QStringLiteral("topology"),
                std::make_shared<const Analysis>(analyze(std::make_shared<const Plan>(w.document()->plan()))),
                QSize(900, 600), options);
            const auto* drawn = picture->findChild<widgets::TopologyView*>();
            QVERIFY(drawn);
            QCOMPARE(drawn->nodeFinding(0), finding->text);
            QCOMPARE(drawn->gpuFinding(5), finding->text);
            bool captioned = false;
            for (const QLabel* l : picture->findChildren<QLabel*>())
                captioned |= l->text() == finding->text;
            QVERIFY(captioned);
        }
        // A pipeline job laid over this data-parallel plan: its first stage is last at every collective across the
        // stages with kernels no slower than the others', so no GPU is blamed and no node outlined.
        QTemporaryDir pipelineJob;
        GeneratedPipeline pipeline;
        for (int r = 0; r < pipeline.ranks; ++r) {
            QFile f(pipelineJob.filePath(QStringLiteral("rank%1.json").arg(r)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(kinetoPipelineRankTrace(pipeline, r).dump()));
        }
        w.files()->openProfile({ pipelineJob.path() });
        QVERIFY(loaded.wait(20000));
        QVERIFY2(w.statusText().contains(QStringLiteral("Last to arrive: rank 0")), qPrintable(w.statusText()));
        QVERIFY(!w.statusText().contains(QStringLiteral("Straggler")));
        QVERIFY(w.topologyView()->nodeFinding(0).isEmpty());
        QVERIFY(w.topologyView()->gpuFinding(5).isEmpty()); // the earlier straggler's frame is gone too
        {
            auto ranks = engine::readRankProfiles(engine::profileFiles({ pipelineJob.path() }));
            QVERIFY(ranks);
            const engine::LoadedProfile laid = engine::layOutProfile(std::move(ranks.value()), &w.document()->plan());
            const std::optional<app::ProfileFinding> finding = app::profileFinding(laid.job, laid.places);
            QVERIFY(finding && finding->text.startsWith(QStringLiteral("Last to arrive: rank 0")));
            QCOMPARE(finding->node, -1); // its kernels are not slower: no node or GPU is blamed
            QCOMPARE(finding->gpu, -1);
        }
        // Its process groups are none of this plan's, and the status line says so, in the user's language.
        QVERIFY2(w.statusText().contains(QStringLiteral("are no groups of the plan's (TP 1, CP 1, DP 8, PP 1")),
            qPrintable(w.statusText()));
        {
            QTranslator chinese;
            QVERIFY2(chinese.load(QStringLiteral(PLAIT_QM)), PLAIT_QM);
            QCoreApplication::installTranslator(&chinese);
            w.files()->openProfile({ pipelineJob.path() });
            const bool read = loaded.wait(20000);
            const QString zh = w.statusText();
            QCoreApplication::removeTranslator(&chinese);
            QVERIFY(read);
            QVERIFY2(zh.contains(QStringLiteral("都不是规划中的组（TP 1，CP 1，DP 8，PP 1")), qPrintable(zh));
            QVERIFY2(!zh.contains(QStringLiteral("process group")), qPrintable(zh));
        }
        w.files()->openProfile({ job.path() });
        QVERIFY(loaded.wait(20000));
        QFile broken(job.filePath(QStringLiteral("rank3.json")));
        QVERIFY(broken.open(QIODevice::WriteOnly | QIODevice::Truncate));
        broken.write("{\"traceEvents\": [");
        broken.close();
        w.files()->openProfile({ job.path() });
        QVERIFY(failed.wait(20000));
        QVERIFY2(w.statusText().contains(QStringLiteral("rank3.json")), qPrintable(w.statusText()));
        QCOMPARE(panel->view()->sections()[1].timeline->lanes.size(), std::size_t(8)); // what was drawn stays
        w.autosave()->finish();
    }

    // Issue 43 C: a profile of the open plan whose GEMMs ran 1.3 times the model's time, the GPU idle 2 µs before each
    // kernel: the Gantt's figures set each
    // class measured beside predicted, the Calibration panel fits the rates, "Calibrate from this profile" gives them
    // to the plan's GPU as one edit that Undo takes back, and the step is then predicted at the measured rates.
    void aProfileCalibratesThePlan()
    {
        const QString planPath = QStringLiteral(PLAIT_EXAMPLES "/a2-one-node-tp2-dp4.plait.json");
        auto plan = loadPlanFile(planPath.toStdString());
        QVERIFY(plan);
        QTemporaryDir job;
        for (const auto& [rank, trace] : test::profileOfPlan(plan.value(), { 1.3, 1, 1, 0.2, 2 })) {
            QFile f(job.filePath(QStringLiteral("rank%1.json").arg(rank)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(trace.dump()));
        }
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-profile-calibrate")));
        QSignalSpy evaluated(w.analysis(), &engine::PlanAnalysis::analysisAvailable);
        QSignalSpy loaded(w.files()->profileLoader(), &engine::ProfileLoader::loaded);
        QVERIFY(w.openPlan(planPath));
        const std::shared_ptr<const Evaluation> first = waitForEvaluation(w, evaluated);
        QVERIFY(first);
        const Plan before = w.document()->plan();
        w.files()->openProfile({ job.path() });
        QVERIFY(loaded.wait(20000));
        const QString figures = w.timelinePanel()->figuresText();
        QVERIFY2(figures.contains(QStringLiteral("Where the step went")) && figures.contains(QStringLiteral("+30.0%")),
            qPrintable(figures));
        QVERIFY2(w.calibrationPanel()->summaryText().contains(QStringLiteral("Job profile")),
            qPrintable(w.calibrationPanel()->summaryText()));
        QList<QPushButton*> buttons = w.calibrationPanel()->findChildren<QPushButton*>();
        QPushButton* calibrate = nullptr;
        for (QPushButton* b : buttons)
            if (b->text() == QStringLiteral("Calibrate from this profile"))
                calibrate = b;
        QVERIFY(calibrate && calibrate->isEnabled());
        // The same in Chinese, every phrase from the shipped translation (and pictures of both, for looking at).
        const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS");
        auto picture = [&](const QString& name) { calibrationPictures(w, shots, name); };
        picture(QStringLiteral("/window-profile-calibration.png"));
        QTranslator chinese;
        if (chinese.load(QStringLiteral(PLAIT_QM))) {
            QCoreApplication::installTranslator(&chinese);
            w.calibrationPanel()->setPlan(std::make_shared<const Plan>(w.document()->plan()));
            const QString zh = w.calibrationPanel()->summaryText();
            picture(QStringLiteral("/window-profile-calibration-zh.png"));
            QCoreApplication::removeTranslator(&chinese);
            w.calibrationPanel()->setPlan(std::make_shared<const Plan>(w.document()->plan()));
            QVERIFY2(zh.contains(QStringLiteral("<b>作业剖析</b>")) && zh.contains(QStringLiteral("校准前预测")),
                qPrintable(zh));
        }
        calibrate->click();
        const GpuSpec& gpu = w.document()->plan().cluster.gpu;
        QVERIFY2(gpu.sustainedSource.find("job profile") == 0, gpu.sustainedSource.c_str());
        QVERIFY(gpu.gemmSustainedEfficiency < before.cluster.gpu.gemmSustainedEfficiency);
        // Six element-wise kernels a step ran 20% slower beside a bucket's all-reduce than alone.
        QVERIFY2(std::abs(gpu.overlapSlowdown - 0.2) < 1e-3, qPrintable(QString::number(gpu.overlapSlowdown)));
        // The GPU idled 2 µs before each kernel: the kernels' fixed cost, named as the profile's.
        QVERIFY(gpu.kernelFixedUs > 0 && gpu.kernelFixedUs != before.cluster.gpu.kernelFixedUs);
        QVERIFY2(gpu.kernelFixedSource.find("job profile") == 0, gpu.kernelFixedSource.c_str());
        QVERIFY(!calibrate->isEnabled()); // applied: nothing more to apply
        const std::shared_ptr<const Evaluation> after = waitForEvaluation(w, evaluated);
        QVERIFY(after && after->stepS > first->stepS);
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->plan().cluster.gpu, before.cluster.gpu);
        w.autosave()->finish();
    }

    // An nccl-tests all-gather log opened beside a plan: the Calibration panel names the all-gather's rate on the
    // link, and applying the measured links gives the link that rate (its efficiency kept: no all-reduce was swept).
    void anAllGatherSweepSetsItsRate()
    {
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-all-gather")));
        QSignalSpy evaluated(w.analysis(), &engine::PlanAnalysis::analysisAvailable);
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/a1-one-node-dp8.plait.json")));
        QVERIFY(waitForEvaluation(w, evaluated));
        QVERIFY(w.files()->openFiles({ QStringLiteral(PLAIT_TEST_DATA "/nccltests/all_gather_perf-2x.txt") }));
        QTRY_VERIFY_WITH_TIMEOUT(
            w.calibrationPanel()->summaryText().contains(QStringLiteral("all-gather over 8 ranks")), 10000);
        const QString text = w.calibrationPanel()->summaryText();
        QVERIFY2(text.contains(QStringLiteral("× the model's.")), qPrintable(text));
        // The log ran on V100s, the plan is on H100s: compared, not applied, until the user says so.
        QVERIFY2(text.contains(QStringLiteral("Measured on Tesla V100-SXM2-32GB"))
                && text.contains(QStringLiteral("not applied")),
            qPrintable(text));
        QVERIFY(!w.calibrationPanel()->planWithLinks());
        auto* anyGpu = w.calibrationPanel()->findChild<QCheckBox*>(QStringLiteral("linksAnyGpu"));
        QVERIFY(anyGpu && !anyGpu->isHidden());
        anyGpu->setChecked(true);
        const std::optional<Plan> calibrated = w.calibrationPanel()->planWithLinks();
        QVERIFY(calibrated);
        QVERIFY(w.calibrationPanel()->summaryText().contains(QStringLiteral("applied all the same")));
        const LinkSpec& link = calibrated->cluster.intraNode;
        QVERIFY(link.collectiveRate("all-gather") < 1);
        QCOMPARE(link.efficiency, w.document()->plan().cluster.intraNode.efficiency);
        calibrationPictures(w, qEnvironmentVariable("PLAIT_SCREENSHOTS"), QStringLiteral("/window-all-gather.png"));
        // The same in Chinese, from the shipped translation.
        QTranslator chinese;
        QVERIFY(chinese.load(QStringLiteral(PLAIT_QM)));
        {
            QCoreApplication::installTranslator(&chinese);
            w.calibrationPanel()->setPlan(std::make_shared<const Plan>(w.document()->plan()));
            const QString zh = w.calibrationPanel()->summaryText();
            calibrationPictures(
                w, qEnvironmentVariable("PLAIT_SCREENSHOTS"), QStringLiteral("/window-all-gather-zh.png"));
            QCoreApplication::removeTranslator(&chinese);
            w.calibrationPanel()->setPlan(std::make_shared<const Plan>(w.document()->plan()));
            QVERIFY2(
                zh.contains(QStringLiteral("扫描 12 种大小")) && zh.contains(QStringLiteral("已按您的要求照样应用")),
                qPrintable(zh));
        }
        // The tick was given for the H100 plan: on another GPU the panel asks again.
        Plan onA100 = w.document()->plan();
        onA100.cluster.gpu = *Catalog::builtin().gpu("A100-SXM4-80GB");
        w.calibrationPanel()->setPlan(std::make_shared<const Plan>(onA100));
        QVERIFY(!anyGpu->isChecked() && !w.calibrationPanel()->planWithLinks());
        w.calibrationPanel()->setPlan(std::make_shared<const Plan>(w.document()->plan()));
        w.autosave()->finish();
    }

    // The probe flow against the fake probe: a pipeline run's trace lands in the Gantt beside the prediction; a
    // link measurement lands in calibration and "apply" is one undoable edit of the plan's link.
    void aProbeRunIsDrawnBesideThePredictionAndCalibrates()
    {
        qputenv("PLAIT_PROBE", PLAIT_FAKE_PROBE);
        qputenv("PLAIT_FAKE_MODE", "ok");
        qputenv("PLAIT_FAKE_REPLAY", PLAIT_TEST_DATA "/probe/pipeline.jsonl");
        qputenv("PLAIT_FAKE_OUT_FROM", PLAIT_TEST_DATA "/probe/trace-b-fixture.json");
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave8")));
        QSignalSpy evaluated(w.analysis(), &engine::PlanAnalysis::analysisAvailable);
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json")));
        QVERIFY(waitForEvaluation(w, evaluated));
        app::ProbeDialog* dialog = w.openProbeDialog();
        dialog->setCommand(QStringLiteral("pipeline"));
        QVERIFY(dialog->arguments().contains(QStringLiteral("--plan")));
        QSignalSpy loaded(w.files()->traceLoader(), &engine::TraceLoader::loaded);
        dialog->run();
        QVERIFY(loaded.wait(10000));
        app::TimelinePanel* panel = w.timelinePanel();
        QCOMPARE(panel->view()->sections().size(), std::size_t(2));
        // The comparison's figures themselves are tst_timeline's; here: every op was aligned and a difference shown.
        QVERIFY2(panel->figuresText().contains(
                     QRegularExpression(QStringLiteral("384 ops aligned, mean \\|difference\\| [0-9.]+%"))),
            qPrintable(panel->figuresText()));
        if (const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS"); !shots.isEmpty())
            dialog->grab().save(shots + QStringLiteral("/probe-dialog.png")); // for looking at, by hand
        dialog->close();

        const Plan before = w.document()->plan();
        QVERIFY(w.files()->openFiles({ QStringLiteral(PLAIT_TEST_DATA "/probe/links-fixture.json") }));
        QVERIFY(w.calibrationPanel()->summaryText().contains(QStringLiteral("all-reduce")));
        // The fixture's GPUs are named "fixture", not the plan's A100: applied once the user says so.
        QVERIFY(!w.calibrationPanel()->planWithLinks());
        w.calibrationPanel()->findChild<QCheckBox*>(QStringLiteral("linksAnyGpu"))->setChecked(true);
        auto calibrated = w.calibrationPanel()->planWithLinks();
        QVERIFY(calibrated.has_value());
        QVERIFY(calibrated->cluster.intraNode.efficiency != before.cluster.intraNode.efficiency);
        if (const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS"); !shots.isEmpty()) {
            w.resize(1600, 1000);
            w.show();
            QTest::qWait(200);
            w.grab().save(shots + QStringLiteral("/window-calibration.png"));
        }
        emit w.calibrationPanel()->applyRequested(*calibrated, QStringLiteral("Apply measured links"));
        QCOMPARE(w.document()->plan().cluster.intraNode.efficiency, calibrated->cluster.intraNode.efficiency);
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->plan().cluster.intraNode.efficiency, before.cluster.intraNode.efficiency);
        qunsetenv("PLAIT_PROBE");
    }

    // Issue 37: on a workstation without a GPU (the probe's exit code 3, "no CUDA device or driver", or no probe built
    // at all) the dialog says so in those words, disables Run, points to a GPU node and Probe → Open Results, and
    // stays inside the screen.
    void theProbeDialogWithoutAGpuSaysWhereToRunIt_data()
    {
        QTest::addColumn<QByteArray>("probe");
        QTest::newRow("the driver finds no device") << QByteArray(PLAIT_FAKE_PROBE);
        QTest::newRow("no probe built here") << QByteArray("/nonexistent/plait-probe");
    }

    void theProbeDialogWithoutAGpuSaysWhereToRunIt()
    {
        QFETCH(QByteArray, probe);
        qputenv("PLAIT_PROBE", probe);
        qputenv("PLAIT_FAKE_MODE", "exit=3");
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-nogpu")));
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json")));
        app::ProbeDialog* dialog = w.openProbeDialog();
        auto* elsewhere = dialog->findChild<QLabel*>(QStringLiteral("probeElsewhere"));
        QVERIFY(elsewhere);
        QVERIFY(QTest::qWaitFor([&] { return !dialog->canRun(); }, 10000));
        QVERIFY(!elsewhere->isHidden());
        QVERIFY(elsewhere->text().contains(QStringLiteral("Probe → Open Results")));
        bool said = false;
        for (QLabel* l : dialog->findChildren<QLabel*>())
            said |= l->text() == QStringLiteral("No NVIDIA GPU found here.");
        QVERIFY(said);
        QVERIFY(dialog->arguments().contains(QStringLiteral("--plan")));
        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        const QSize screen = dialog->screen()->availableGeometry().size();
        QVERIFY(dialog->width() <= screen.width() && dialog->height() <= screen.height());
        if (const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS"); !shots.isEmpty())
            dialog->grab().save(
                shots + QStringLiteral("/probe-dialog-no-gpu-%1.png").arg(QTest::currentDataTag()[0] == 't' ? 1 : 2));
        dialog->close();
        qunsetenv("PLAIT_PROBE");
        qunsetenv("PLAIT_FAKE_MODE");
    }

    // nccl-tests logs opened (or dropped) on the window: the measurement goes to calibration, and the node a fabric
    // check finds slow is outlined on the topology with the finding in its tooltip (node-by-node runs on example b's
    // four nodes: the fourth host, c04, at half its peers' bus bandwidth).
    // A dropped or opened launch configuration becomes the plan as one edit that Undo takes back, and the plan goes
    // out again as a framework would run it, or is refused with the reason.
    void launchConfigsInAndOut()
    {
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-launch")));
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/e1-70b-a800-pp4-tp8.plait.json")));
        const nlohmann::json before = toJson(w.document()->plan());
        const QString args = QStringLiteral(PLAIT_TEST_DATA "/launch/megatron-llama3-70b.args");
        QVERIFY(w.files()->openFiles({ args })); // as a drop routes it: by its content
        QCOMPARE(w.document()->plan().parallel.vpp, 4);
        QVERIFY(w.document()->plan().training.overlapParamGather);
        QVERIFY2(w.statusText().contains(QStringLiteral("2 setting(s) not modelled")), qPrintable(w.statusText()));
        w.document()->undoStack()->undo();
        QCOMPARE(toJson(w.document()->plan()).dump(), before.dump());
        w.document()->undoStack()->redo();

        const QString ranks = m_dir.filePath(QStringLiteral("e1-ranks.txt"));
        QCOMPARE(w.exports()->exportLaunchConfig(QStringLiteral("hostfile"), ranks), QString());
        QVERIFY(QFile::exists(ranks));
        // Interleaved 1F1B is not a schedule DeepSpeed runs: nothing is written, and the reason is given.
        const QString ds = m_dir.filePath(QStringLiteral("e1-ds.json"));
        const QString refused = w.exports()->exportLaunchConfig(QStringLiteral("deepspeed"), ds);
        QVERIFY2(refused.contains(QStringLiteral("interleaved")), qPrintable(refused));
        QVERIFY(!QFile::exists(ds));
        QVERIFY(!w.files()->importLaunchConfig(QStringLiteral(PLAIT_TEST_DATA "/launch/megatron-conflict.sh")));
        QVERIFY2(w.statusText().contains(QStringLiteral("line 7")), qPrintable(w.statusText()));
        if (const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS"); !shots.isEmpty()) {
            w.resize(1600, 1000);
            w.show();
            QVERIFY(w.files()->importLaunchConfig(QStringLiteral(PLAIT_TEST_DATA "/launch/megatron-llama3-70b.args")));
            shootImportSummary(w, shots + QStringLiteral("/launch-import-summary.png"),
                shots + QStringLiteral("/window-launch-import.png"));
            shootLauncherImport(w, shots + QStringLiteral("/launch-import-launcher.png"));
        }
    }

    // Two nodes' NCCL topology dumps dropped on the window: the plan's cluster is theirs (one undoable edit), and the
    // node whose NIC runs at half the rate is outlined with the finding.
    void nodeDumpsBecomeTheCluster()
    {
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-nodes")));
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json")));
        auto h100 = engine::readPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"));
        QVERIFY(h100);
        h100.value().cluster.gpu = *Catalog::builtin().gpu("H100-SXM5-80GB");
        w.document()->edit(h100.value(), QStringLiteral("H100"));
        const nlohmann::json before = toJson(w.document()->plan());
        const QString data = QStringLiteral(PLAIT_TEST_DATA "/topology/");
        QVERIFY(w.files()->importNodeDumps(
            { data + QStringLiteral("nccl-topo-h100-a.xml"), data + QStringLiteral("nccl-topo-h100-b.xml") }));
        const Plan& p = w.document()->plan();
        QCOMPARE(p.cluster.nodes, 2);
        QCOMPARE(p.cluster.intraNode.id, std::string("nvlink4-nvswitch"));
        QCOMPARE(p.cluster.interNode.id, std::string("ib-ndr"));
        QCOMPARE(p.cluster.interOf(1).id, std::string("ib-hdr")); // node b keeps its 200 Gb/s NICs
        QTRY_VERIFY2(w.topologyView()->nodeFinding(1).contains(QStringLiteral("200 Gb/s")),
            qPrintable(w.topologyView()->nodeFinding(1)));
        QVERIFY(w.topologyView()->nodeFinding(0).isEmpty());
        if (const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS"); !shots.isEmpty()) {
            w.resize(1600, 1000);
            w.show();
            QTest::qWait(300);
            w.grab().save(shots + QStringLiteral("/window-nodes-2node.png"));
            w.topologyView()->setParent(nullptr); // the view alone, at a size a review page shows
            w.topologyView()->resize(900, 520);
            w.topologyView()->show();
            QTest::qWait(300);
            w.topologyView()->grab().save(shots + QStringLiteral("/topology-nodes-2node.png"));
            w.topologyView()->hide();
            w.topologyView()->setParent(&w);
        }
        w.document()->undoStack()->undo();
        QCOMPARE(toJson(w.document()->plan()).dump(), before.dump());
        QTRY_VERIFY(w.topologyView()->nodeFinding(1).isEmpty()); // the findings were of the imported cluster
        QVERIFY(!w.files()->importNodeDumps({ data + QStringLiteral("nccl-topo-bad.xml") }));
        QVERIFY2(w.statusText().contains(QStringLiteral("line 5")), qPrintable(w.statusText()));
    }

    void ncclTestsLogsFlagTheSlowNode()
    {
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-nccl")));
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json")));
        QVERIFY(w.files()->openFiles({ QStringLiteral(PLAIT_TEST_DATA "/nccltests/all_reduce_perf-per-node.log") }));
        QTRY_VERIFY(!w.topologyView()->nodeFinding(3).isEmpty());
        QVERIFY2(w.topologyView()->nodeFinding(3).contains(QStringLiteral("c04")),
            qPrintable(w.topologyView()->nodeFinding(3)));
        for (int node : { 0, 1, 2 })
            QVERIFY(w.topologyView()->nodeFinding(node).isEmpty());
        QVERIFY(w.calibrationPanel()->summaryText().contains(QStringLiteral("all-reduce")));
        QVERIFY2(w.statusText().contains(QStringLiteral("finding")), qPrintable(w.statusText()));
        // A two-node run across a fabric at a third of its rate: both nodes flagged.
        auto two = engine::readPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"));
        QVERIFY(two);
        Plan p = two.value();
        p.cluster.nodes = 2;
        p.cluster.gpu = *Catalog::builtin().gpu("H100-SXM5-80GB");
        p.cluster.intraNode = *Catalog::builtin().link("nvlink4-nvswitch");
        p.cluster.interNode = *Catalog::builtin().link("ib-ndr");
        p.name = "Two H100 nodes, their fabric measured";
        w.document()->load(p, QString());
        QVERIFY(w.files()->openFiles({ QStringLiteral(PLAIT_TEST_DATA "/nccltests/all_reduce_perf-2node-slow.txt") }));
        QTRY_VERIFY(!w.topologyView()->nodeFinding(1).isEmpty());
        QVERIFY(!w.topologyView()->nodeFinding(0).isEmpty());
        QVERIFY2(w.topologyView()->nodeFinding(0).contains(QStringLiteral("all-reduce over 16 ranks on 2 host(s)")),
            qPrintable(w.topologyView()->nodeFinding(0)));
        if (const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS"); !shots.isEmpty()) {
            w.resize(1600, 1000);
            w.show();
            QTest::qWait(300);
            w.grab().save(shots + QStringLiteral("/window-fabric-2node.png"));
        }
    }

    // A GPT-style plan on FlashAttention-2 runs Megatron-LM's attention dropout of 0.1: the table of what the model
    // rests on says what it adds to the kernel's time, figures from the plan, in both languages; and, with
    // training.attention_unpad, what removing padding around the kernel adds per layer.
    void theRatesTableSaysWhatDropoutAdds()
    {
        auto read = loadPlanFile(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json");
        QVERIFY(read);
        Plan plan = read.value();
        plan.training.flashAttention = true;
        plan.training.attentionKernel = AttentionKernel::Flash2;
        QCOMPARE(plan.model.attentionDropout, 0.1);
        const FusedDropoutSlowdown d = attentionDropoutOf(plan);
        const QString fwd = QString::number(100 * (d.forward - 1), 'f', 1);
        const QString bwd = QString::number(100 * (d.backward - 1), 'f', 1);
        QTranslator chinese;
        QVERIFY2(chinese.load(QStringLiteral(PLAIT_QM)), PLAIT_QM);
        // The table in English and Chinese and, for looking at by hand where PLAIT_SCREENSHOTS names a folder, as the
        // Calibration panel's label lays it out at the dock's width.
        auto tables = [&](const char* picture) {
            const QString en = app::rateStandingsHtml(plan);
            QCoreApplication::installTranslator(&chinese);
            const QString zh = app::rateStandingsHtml(plan);
            QCoreApplication::removeTranslator(&chinese);
            if (const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS"); !shots.isEmpty())
                for (const auto& [html, suffix] : { std::pair { en, ".png" }, std::pair { zh, "-zh.png" } }) {
                    QLabel table(html);
                    table.setWordWrap(true);
                    table.resize(520, table.heightForWidth(520));
                    table.grab().save(shots + QLatin1Char('/') + QLatin1String(picture) + QLatin1String(suffix));
                }
            return std::pair { en, zh };
        };
        const auto [en, zh] = tables("rates-dropout");
        QVERIFY2(en.contains(QStringLiteral("attention dropout adds %1% forward and %2% backward").arg(fwd, bwd)),
            qPrintable(en));
        QVERIFY2(zh.contains(QStringLiteral("注意力 dropout 使其前向时间增加 %1%，反向增加 %2%").arg(fwd, bwd)),
            qPrintable(zh));
        plan.model.attentionDropout = 0;
        QVERIFY(!app::rateStandingsHtml(plan).contains(QStringLiteral("dropout")));
        // Padding removed around the kernel: its seconds per layer, from the layer's cost, in both languages.
        QVERIFY(!app::rateStandingsHtml(plan).contains(QStringLiteral("attention_unpad")));
        plan.training.attentionUnpad = true;
        const UnpadSeconds unpad = attentionUnpadOf(plan);
        QVERIFY(unpad.forward > 0 && unpad.backward > 0);
        const QString unpadFwd = QString::number(1e3 * unpad.forward, 'f', 3);
        const QString unpadBwd = QString::number(1e3 * unpad.backward, 'f', 3);
        const auto [enUnpad, zhUnpad] = tables("rates-unpad");
        QVERIFY2(
            enUnpad.contains(QStringLiteral("adds %1 ms forward and %2 ms backward per layer").arg(unpadFwd, unpadBwd)),
            qPrintable(enUnpad));
        QVERIFY2(zhUnpad.contains(QStringLiteral("前向增加 %1 ms，反向增加 %2 ms").arg(unpadFwd, unpadBwd)),
            qPrintable(zhUnpad));
    }

    // Under the shipped fit the table ends with how far off the published runs most like the plan were, in both
    // languages; a plan with its own efficiencies has no such line.
    void theRatesTableSaysHowFarOffRunsLikeThePlanWere()
    {
        auto read = loadPlanFile(PLAIT_TEST_DATA "/validation/llmfoundry-h100-80gb-mpt-7b-s2048-g128-b768.plait.json");
        QVERIFY(read);
        Plan plan = read.value();
        const SimilarRuns s = similarRuns(runKindOf(plan), builtinCalibration().runs);
        QVERIFY(s.enough());
        QTranslator chinese;
        QVERIFY2(chinese.load(QStringLiteral(PLAIT_QM)), PLAIT_QM);
        const QString en = app::rateStandingsHtml(plan);
        QVERIFY2(en.contains(QStringLiteral("%1 of %2 (llmfoundry; %3–%4 GPUs), predicted %5 too fast on average")
                                 .arg(s.runs)
                                 .arg(s.ofRuns)
                                 .arg(s.minGpus)
                                 .arg(s.maxGpus)
                                 .arg(widgets::formatPercent(-s.meanSigned))),
            qPrintable(en));
        QCoreApplication::installTranslator(&chinese);
        const QString zh = app::rateStandingsHtml(plan);
        QCoreApplication::removeTranslator(&chinese);
        QVERIFY2(zh.contains(QStringLiteral("%2 次中有 %1 次（llmfoundry；%3–%4 个 GPU），交叉验证中平均预测快了 %5")
                                 .arg(s.runs)
                                 .arg(s.ofRuns)
                                 .arg(s.minGpus)
                                 .arg(s.maxGpus)
                                 .arg(widgets::formatPercent(-s.meanSigned))),
            qPrintable(zh));
        if (const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS"); !shots.isEmpty())
            for (const auto& [html, suffix] : { std::pair { en, ".png" }, std::pair { zh, "-zh.png" } }) {
                QLabel table(html);
                table.setWordWrap(true);
                table.resize(520, table.heightForWidth(520));
                table.grab().save(shots + QStringLiteral("/rates-similar-runs") + QLatin1String(suffix));
            }
        plan.cluster.calibration.gemmShare = 0.8;
        QVERIFY(!app::rateStandingsHtml(plan).contains(QStringLiteral("runs like this one")));
    }

    // What the probe's compute run and the PyTorch reference measured, read by the Calibration panel: each GEMM
    // shape keeps its own time when applied, a GEMM beside an all-reduce, and fused attention beside the plan's
    // prediction for the same shape (the fixture is in the reference script's format, not a measurement).
    void calibrationReadsComputeContentionAndAttention()
    {
        app::MainWindow w(m_dir.filePath(QStringLiteral("autosave-calibration")));
        QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/e1-70b-a800-pp4-tp8.plait.json")));
        QVERIFY(w.files()->openFiles({ QStringLiteral(PLAIT_TEST_DATA "/probe/torch-reference-fixture.json") }));
        const QString text = w.calibrationPanel()->summaryText();
        QVERIFY2(text.contains(QStringLiteral("Attention on cudnn (batch 1, 8 heads, 1 KV heads, 4096 queries")),
            qPrintable(text));
        // Compared with the kernel that ran: cuDNN, which the plan (FlashAttention-2 on an A800) does not run.
        Plan asRun = w.document()->plan();
        asRun.training.attentionKernel = AttentionKernel::CuDnn;
        const LayerCost c = layerCost(asRun);
        QVERIFY2(text.contains(QStringLiteral("The plan predicts %1 µs").arg(c.fwdAttention * 1e6, 0, 'f', 0)),
            qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Applied, it sets the rate of cudnn; the plan runs flash2")),
            qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Attention on flash did not run")));
        const nlohmann::json compute = { { "format", "plait-compute/1" }, { "gpu", "NVIDIA A800-SXM4-80GB" },
            { "memory_bytes", 85198045184.0 },
            { "gemms",
                { { { "gemm", "fc1" }, { "pass", "forward" }, { "m", 4096 }, { "n", 7168 }, { "k", 8192 },
                    { "time_us", 2000.0 } } } },
            { "memory", { { "traffic_gbps", 1700.0 } } }, { "kernel", { { "kernels", 5000 }, { "fixed_us", 4.25 } } },
            { "contention",
                { { { "gemm", "fc1 forward" }, { "beside", "all_reduce" }, { "ranks", 2 }, { "bytes", 268435456.0 },
                    { "gemm_alone_us", 2000.0 }, { "gemm_beside_us", 2200.0 }, { "collective_alone_us", 1200.0 },
                    { "collective_beside_us", 1500.0 } } } } };
        auto read = computeFromJson(compute);
        QVERIFY(read);
        w.calibrationPanel()->setCompute(read.value(), QStringLiteral("COMPUTE.json"));
        const QString after = w.calibrationPanel()->summaryText();
        QVERIFY2(after.contains(QStringLiteral("On 2 GPUs beside an all-reduce of 256 MiB the GEMM ran 1.10× as long "
                                               "and the all-reduce 1.25×")),
            qPrintable(after));
        QVERIFY2(after.contains(QStringLiteral("Applying keeps each of the 1 measured GEMM shapes at its own time")),
            qPrintable(after));
        QVERIFY2(
            after.contains(QStringLiteral("A kernel's fixed cost: 4.25 µs (empty kernels launched back to back); the "
                                          "plan assumes %1 µs")
                               .arg(builtinCalibration().values.kernelOverheadUs, 0, 'f', 2)),
            qPrintable(after));
        auto calibrated = w.calibrationPanel()->planWithCompute();
        QVERIFY(calibrated.has_value());
        QCOMPARE(calibrated->cluster.gpu.measuredGemms.size(), std::size_t(1));
        QCOMPARE(calibrated->cluster.gpu.hbmAchievableGBps, 1700.0);
        // What the cost model rests on: before applying, the fit on published runs and the catalog's figures; after,
        // the GPU's rates measured here, the GEMM share fitted only for the shapes the probe did not time.
        QVERIFY2(after.contains(QStringLiteral("What the cost model rests on")), qPrintable(after));
        QVERIFY2(
            after.contains(QStringLiteral("calibrated on %1 published runs").arg(builtinCalibration().trainingRuns)),
            qPrintable(after));
        QVERIFY2(!after.contains(QStringLiteral("measured on this cluster")), qPrintable(after));
        emit w.calibrationPanel()->applyRequested(*calibrated, QStringLiteral("Apply measured compute"));
        const QString applied = w.calibrationPanel()->summaryText();
        QVERIFY2(
            applied.contains(QStringLiteral("<b>measured</b> for the 1 GEMM shapes timed (plait-probe: COMPUTE.json)")),
            qPrintable(applied));
        QVERIFY2(applied.contains(
                     QStringLiteral("1700 GB/s</td><td><b>measured on this cluster</b>: plait-probe: COMPUTE.json")),
            qPrintable(applied));
        // Applied, with the plan on cuDNN: the plan's attention takes the measured 200 µs and 750 µs, and the table
        // says what the rate rests on.
        auto withAttention = w.calibrationPanel()->planWithAttention();
        QVERIFY(withAttention.has_value());
        withAttention->training.attentionKernel = AttentionKernel::CuDnn;
        emit w.calibrationPanel()->applyRequested(*withAttention, QStringLiteral("Apply measured attention"));
        const QString measuredAttention = w.calibrationPanel()->summaryText();
        QVERIFY2(measuredAttention.contains(QStringLiteral("The plan predicts 200 µs and 750 µs.")),
            qPrintable(measuredAttention));
        QVERIFY2(measuredAttention.contains(QStringLiteral("fused attention rate (forward and backward)")),
            qPrintable(measuredAttention));
        QVERIFY2(
            measuredAttention.contains(QStringLiteral("<b>measured on this cluster</b> for cudnn at head size 128, "
                                                      "4096 tokens per call: torch-reference: ")),
            qPrintable(measuredAttention));

        const QString shots = qEnvironmentVariable("PLAIT_SCREENSHOTS");
        auto picture = [&](const QString& name) { calibrationPictures(w, shots, name); };
        picture(QStringLiteral("/window-calibration-compute.png"));
        // The same table in Chinese, every phrase from the shipped translation.
        QTranslator chinese;
        if (!chinese.load(QStringLiteral(PLAIT_QM)))
            QSKIP("the build's plait_zh_CN.qm is not there");
        QCoreApplication::installTranslator(&chinese);
        w.calibrationPanel()->setPlan(std::make_shared<const Plan>(w.document()->plan()));
        const QString zh = w.calibrationPanel()->summaryText();
        QCoreApplication::removeTranslator(&chinese);
        QVERIFY2(zh.contains(QStringLiteral("成本模型的依据")), qPrintable(zh));
        QVERIFY2(zh.contains(QStringLiteral("1700 GB/s</td><td><b>在本集群上实测</b>：plait-probe: COMPUTE.json")),
            qPrintable(zh));
        QVERIFY2(zh.contains(QStringLiteral("基于 %1 次已发表运行校准").arg(builtinCalibration().trainingRuns)),
            qPrintable(zh));
        if (!shots.isEmpty()) {
            QCoreApplication::installTranslator(&chinese);
            w.calibrationPanel()->setPlan(std::make_shared<const Plan>(w.document()->plan()));
            picture(QStringLiteral("/window-calibration-compute-zh.png"));
            QCoreApplication::removeTranslator(&chinese);
        }
    }
};

QTEST_MAIN(TestMainWindowMeasured)
#include "tst_mainwindow_measured.moc"
