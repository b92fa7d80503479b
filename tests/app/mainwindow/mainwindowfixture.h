#pragma once
// What the main window's scenario files share: a plan written to a scratch folder, waiting for the engine's
// analysis of the document's plan, a real mouse drag on the topology, and the settings each test starts from.
#include "comparewindow.h"
#include "evaluation.h"
#include "mainwindow.h"
#include "plananalysis.h"
#include "suggestpanel.h"
#include "topologyview.h"

#include <QAbstractButton>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

namespace plait::test {

inline QDockWidget* dockNamed(QWidget& w, const char* name)
{
    return w.findChild<QDockWidget*>(QString::fromLatin1(name));
}

// The Suggest dock raised in a whole window, once the search's chart is drawn (PLAIT_SCREENSHOTS pictures).
inline void shootSuggestions(app::MainWindow& w, const QString& file)
{
    w.resize(1600, 1000);
    w.show();
    dockNamed(w, "suggest")->raise();
    QSignalSpy charted(w.suggestPanel(), &app::SuggestPanel::chartFinished);
    charted.wait(20000); // false when it was drawn already
    QTest::qWait(300);
    w.grab().save(file);
}

// 2 nodes × 8 A100, TP=8 inside each node, DP=2 across them.
inline const char* kTwoNodes = R"({"format":"plait-plan/1","name":"two nodes","future_field":{"kept":true},
  "model":{"preset":"megatron-gpt-7.5b"},
  "cluster":{"gpu":"A100-SXM4-80GB","nodes":2,"gpus_per_node":8,"intra_node":"nvlink3-nvswitch","inter_node":"ib-hdr"},
  "training":{"global_batch":64,"micro_batch":1,"zero_stage":1,"recompute":"selective","sequence_parallel":true},
  "parallel":{"tp":8,"pp":1,"dp":2},"placement":null})";

inline double tpTime(const Evaluation& ev)
{
    for (const CommItem& c : ev.comm)
        if (c.dim == Dim::TP)
            return c.timeS;
    return 0;
}

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const char* text)
{
    QFile f(dir.filePath(name));
    if (f.open(QIODevice::WriteOnly))
        f.write(text);
    return f.fileName();
}

// Each scenario file under its own settings, cleared: one file's remembered layout or recent plans never reach
// another's.
// Settings of the test's own, and English with its plural forms ("8 ranks"), as the app starts in English.
inline void startSettings(const char* application)
{
    QCoreApplication::setOrganizationName(QStringLiteral("PlaitTest"));
    QCoreApplication::setApplicationName(QString::fromLatin1(application));
    QSettings().clear();
    static QTranslator english;
    if (english.isEmpty() && english.load(QStringLiteral(PLAIT_EN_QM)))
        QCoreApplication::installTranslator(&english);
}

// The evaluation of the document's plan as it is now (not of a drag preview), once the engine published it.
inline std::shared_ptr<const Evaluation> waitForEvaluation(app::MainWindow& w, QSignalSpy& spy)
{
    const auto current = [&w] {
        const auto a = w.analysis()->latest();
        return a && !a->preview && a->plan == w.document()->sharedPlan();
    };
    if (!QTest::qWaitFor(current, 10000))
        return nullptr;
    spy.clear();
    return w.analysis()->latest()->evaluation;
}

// A real mouse drag on the topology view from one GPU to another, in steps.
inline void drag(widgets::TopologyView* view, int from, int to)
{
    QWidget* vp = view->viewport();
    const QPoint a = view->mapFromScene(view->gpuCenter(from));
    const QPoint b = view->mapFromScene(view->gpuCenter(to));
    QTest::mousePress(vp, Qt::LeftButton, {}, a);
    for (int i = 1; i <= 8; ++i)
        QTest::mouseMove(vp, a + (b - a) * i / 8);
    QTest::mouseRelease(vp, Qt::LeftButton, {}, b);
}

// Compare against example a1, waited for until drawn, then closed.
inline void compareWithA1(app::MainWindow& w)
{
    auto* compare = qobject_cast<app::CompareWindow*>(
        w.compareWith(QStringLiteral(PLAIT_EXAMPLES "/a1-one-node-dp8.plait.json")));
    QVERIFY(compare);
    QSignalSpy ready(compare, &app::CompareWindow::ready);
    QVERIFY(compare->isReady() || ready.wait(10000));
    compare->close();
}

// The import's summary box with its details shown, saved as `picture` (and the whole window as `window`, when
// named), then closed.
inline void shootImportSummary(app::MainWindow& w, const QString& picture, const QString& window = {})
{
    auto* box = w.findChild<QMessageBox*>(QStringLiteral("launchImportSummary"));
    QVERIFY(box);
    for (QAbstractButton* b : box->buttons())
        if (box->buttonRole(b) == QMessageBox::ActionRole)
            b->click(); // Show Details…
    QTest::qWait(300);
    box->grab().save(picture);
    if (!window.isEmpty())
        w.grab().save(window);
    box->close();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete); // the next box is found, not this one
}

// A script whose torchrun carries the launcher's own flags: listed apart in the import's summary.
inline void shootLauncherImport(app::MainWindow& w, const QString& picture)
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete); // boxes closed before are gone
    QVERIFY(w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json")));
    QVERIFY(w.files()->importLaunchConfig(QStringLiteral(PLAIT_TEST_DATA "/launch/megatron-gpt3-175b.sh")));
    shootImportSummary(w, picture);
}

} // namespace plait::test
