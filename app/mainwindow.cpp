#include "mainwindow.h"

#include "designreport.h"

#include "fileroute.h"
#include "render.h"
#include "settings.h"

#include "advicepanel.h"
#include "atomicfile.h"
#include "calibrationpanel.h"
#include "catalogloader.h"
#include "commbreakdown.h"
#include "comparewindow.h"
#include "explain.h"
#include "lessonspanel.h"
#include "memorybars.h"
#include "placementedit.h"
#include "planeditor.h"
#include "planio.h"
#include "probedialog.h"
#include "proberesults.h"
#include "report.h"
#include "safejson.h"
#include "suggestpanel.h"
#include "summaryview.h"
#include "timelinepanel.h"
#include "topologyview.h"
#include "translatedtext.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QScreen>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <iostream>
#include <ostream>

namespace plait::app {

MainWindow::MainWindow(const QString& autosaveDir, QWidget* parent)
    : QMainWindow(parent)
    , m_autosave(autosaveDir)
{
    QStringList problems;
    m_catalog = engine::loadCatalog(&problems);
    for (const QString& p : std::as_const(problems))
        std::cerr << "plait: user catalog: " << p.toStdString() << "\n";

    setObjectName(QStringLiteral("PlaitMainWindow"));
    m_topology = new widgets::TopologyView(this);
    setCentralWidget(m_topology);
    m_summary = new widgets::SummaryView(this);
    m_memory = new widgets::MemoryBars(this);
    m_comm = new widgets::CommBreakdown(this);
    m_editor = new widgets::PlanEditor(m_catalog, this);
    m_timeline = new TimelinePanel(this);
    m_calibration = new CalibrationPanel(this);
    m_advice = new AdvicePanel(this);
    m_lessons = new LessonsPanel(this);
    m_suggest = new SuggestPanel(this);
    m_docks = setUpDocks(this,
        { m_summary, m_editor, m_advice, m_lessons, m_memory, m_comm, m_calibration, m_timeline, m_suggest },
        &m_restoredLayout);
    setAcceptDrops(true);
    m_summary->setMaximumHeight(200);
    m_status = new QLabel(this);
    statusBar()->addWidget(m_status, 1);
    m_files = new FileOpener(
        { this, &m_document, m_timeline, m_calibration, m_topology, &m_docks, m_status },
        [this](const QString& path) { return maybeSave() && openPlan(path); }, this);
    m_exports = new Exports(this, &m_document, &m_analysis, m_status, this);
    m_exports->setTimeline(m_timeline);
    resize(1500, 950);
    createMenus();
    connectDocument();
    connectAnalysis();
    connectPanels();
    connectPlacementEdits();
    connectFormulas();

    // The first window takes the whole screen (the charts need it); later ones come back as they were left.
    m_fillScreen = !restoreGeometry(settings::windowGeometry());
    m_restoredLayout = restoreState(settings::windowState());
}

void MainWindow::connectDocument()
{
    // One analysis per edit: the engine evaluates the new plan once and every view shows what it publishes.
    connect(&m_document, &Document::planChanged, this, [this](std::shared_ptr<const Plan> plan) {
        m_editor->setPlan(*plan);
        m_calibration->setPlan(plan);
        m_summary->setFileWarnings(m_document.file().keyWarnings);
        m_analysis.request(plan);
        m_autosave.planChanged(plan, m_document.file(), m_document.isModified());
        updateTitle();
        m_files->planChanged();
    });
    // What the status bar said of an edit is not true of the plan after undo or redo.
    connect(m_document.undoStack(), &QUndoStack::indexChanged, m_status, &QLabel::clear);
    connect(m_document.undoStack(), &QUndoStack::cleanChanged, this, [this] {
        m_autosave.planChanged(m_document.sharedPlan(), m_document.file(), m_document.isModified());
        updateTitle();
    });
}

void MainWindow::connectAnalysis()
{
    connect(&m_analysis, &engine::PlanAnalysis::analysisAvailable, this, &MainWindow::showAnalysis);
    connect(&m_analysis, &engine::PlanAnalysis::adviceStarted, m_advice, &AdvicePanel::setPending);
    connect(&m_analysis, &engine::PlanAnalysis::adviceAvailable, m_advice, &AdvicePanel::setAdvice);
    connect(&m_analysis, &engine::PlanAnalysis::scheduleStudyAvailable, this,
        [this](std::shared_ptr<const engine::ScheduleStudyResult> study) {
            m_timeline->setScheduleStudy(std::shared_ptr<const std::vector<ScheduleStudy>>(study, &study->schedules));
        });
    connect(
        m_timeline, &TimelinePanel::scheduleStudyWanted, &m_analysis, &engine::PlanAnalysis::setScheduleStudyWanted);
}

void MainWindow::connectPanels()
{
    connect(m_lessons, &LessonsPanel::exampleRequested, this, [this](const QString& name, const QString& title) {
        // A lesson starts as one edit of the open plan, so undo brings the user's own plan back.
        auto example = engine::readPlan(engine::examplePath(name), m_catalog);
        if (!example) {
            m_status->setText(QString::fromStdString(example.errorText()));
            return;
        }
        if (m_document.hasPlan())
            m_document.edit(example.value(), tr("Start lesson \"%1\"").arg(title));
        else
            m_document.load(example.value(), QString());
        // Once the lesson's first step is applied (its undo entry clears the status line, which then says why).
        QTimer::singleShot(0, this, [this] { m_timeline->closeTrace(tr("a lesson started")); });
        m_lessons->setExample(example.value());
    });
    connect(m_timeline, &TimelinePanel::traceClosed, this, [this](const QString& name, const QString& why) {
        m_status->setText(tr("Trace %1 closed: %2.").arg(name, why));
    });
    connect(m_lessons, &LessonsPanel::planRequested, this,
        [this](const Plan& p, const QString& what) { m_document.edit(p, what); });
    connect(m_lessons, &LessonsPanel::focusRequested, this, [this](const QString& view) {
        // Bring the view the step talks about to the front and outline it for a moment.
        QDockWidget* dock = m_docks.named(view);
        if (dock)
            dock->raise();
        QWidget* target = dock ? static_cast<QWidget*>(dock) : m_topology;
        target->setStyleSheet(QStringLiteral("QDockWidget, QGraphicsView { border: 3px solid #E69F00; }"));
        QTimer::singleShot(1600, target, [target] { target->setStyleSheet(QString()); });
    });
    connect(m_advice, &AdvicePanel::applyRequested, this,
        [this](const Plan& p, const QString& what) { m_document.edit(p, what); });
    connect(m_suggest, &SuggestPanel::applyRequested, this,
        [this](const Plan& p, const QString& what) { m_document.edit(p, what); });
    connect(m_calibration, &CalibrationPanel::applyRequested, this,
        [this](const Plan& p, const QString& what) { m_document.edit(p, what); });
    connect(m_timeline, &TimelinePanel::openTraceRequested, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open Trace"), QString(), tr("Chrome traces (*.json *.json.gz *.trace.json);;All files (*)"));
        if (!path.isEmpty())
            m_files->openTrace(path);
    });
    connect(m_timeline, &TimelinePanel::exportRequested, this, [this] {
        const QString path
            = QFileDialog::getSaveFileName(this, tr("Export Timeline"), QString(), tr("Chrome traces (*.json)"));
        if (!path.isEmpty())
            m_exports->exportTimeline(path);
    });
    connect(m_editor, &widgets::PlanEditor::planEdited, this,
        [this](const Plan& p, const QString& what) { m_document.edit(p, what); });
    connect(m_editor, &widgets::PlanEditor::hfConfigChosen, this,
        [this](const QString& path) { m_files->importLaunchConfig(path, LaunchFormat::HfConfig); });
}

void MainWindow::connectPlacementEdits()
{
    // Dragging previews the result in the charts; the drop is one undoable edit.
    connect(m_topology, &widgets::TopologyView::swapPreviewed, this, [this](int a, int b) {
        auto swapped = swapGpus(m_document.plan(), a, b);
        if (swapped) {
            m_previewing = true;
            m_analysis.request(std::make_shared<const Plan>(std::move(swapped.value())), true);
            m_status->setText(tr("Preview: swap GPU %1 and GPU %2 — release to apply").arg(a).arg(b));
        }
    });
    connect(m_topology, &widgets::TopologyView::previewCleared, this, [this] {
        if (m_previewing) {
            m_previewing = false;
            m_analysis.request(m_document.sharedPlan());
            m_status->clear();
        }
    });
    connect(m_topology, &widgets::TopologyView::swapRequested, this, [this](int a, int b) {
        editPlacement(swapGpus(m_document.plan(), a, b), tr("Swap GPU %1 and GPU %2").arg(a).arg(b));
    });
    connect(m_topology, &widgets::TopologyView::moveToStageRequested, this, [this](QList<int> gpus, int stage) {
        editPlacement(assignToStage(m_document.plan(), std::vector<int>(gpus.begin(), gpus.end()), stage),
            tr("Assign %n GPU(s) to stage %1", nullptr, int(gpus.size())).arg(stage));
    });
    connect(m_topology, &widgets::TopologyView::makeTpGroupRequested, this, [this](QList<int> gpus, int anchor) {
        std::vector<int> list(gpus.begin(), gpus.end());
        // The anchor's group comes first so the selection takes that group's place.
        if (const auto it = std::find(list.begin(), list.end(), anchor); it != list.end())
            std::rotate(list.begin(), it, it + 1);
        editPlacement(makeTpGroup(m_document.plan(), list), tr("Make TP group"));
    });
    connect(m_topology, &widgets::TopologyView::autoPlaceRequested, this,
        [this] { editPlacement(autoPlace(m_document.plan()), tr("Auto-place")); });
}

void MainWindow::connectFormulas()
{
    // In the user's language, the numbers the same (evaluate/explain.h).
    auto showFormula = [this](const QString& title, const Explanation& explanation) {
        const QString text = widgets::explanationText(explanation);
        QMessageBox box(QMessageBox::NoIcon, title, text, QMessageBox::Close, this);
        // In a fixed font, each line whole: a wrapped formula loses the alignment of its "=" (up to the screen's
        // width).
        const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        int widest = 0;
        for (const QString& line : text.split(QLatin1Char('\n')))
            widest = std::max(widest, QFontMetrics(fixed).horizontalAdvance(line));
        const int room = screen() ? screen()->availableGeometry().width() * 9 / 10 : 1600;
        box.setStyleSheet(QStringLiteral("QLabel#qt_msgbox_label { font-family: \"%1\"; min-width: %2px; }")
                              .arg(fixed.family())
                              .arg(std::min(widest + 16, room)));
        box.exec();
    };
    connect(m_memory, &widgets::MemoryBars::segmentClicked, this, [this, showFormula](int stage, MemoryTerm term) {
        // The formula of what the chart shows: the latest analysis (a preview's while dragging), with its own plan.
        if (auto a = m_analysis.latest())
            showFormula(
                tr("Stage %1: %2").arg(stage).arg(widgets::translatedText(std::string("term:") + memoryTermName(term))),
                explainMemory(*a->plan, *a->evaluation, stage, term));
    });
    connect(m_comm, &widgets::CommBreakdown::itemClicked, this, [this, showFormula](int i) {
        if (auto a = m_analysis.latest(); a && i < int(a->evaluation->comm.size())) {
            const CommItem& item = a->evaluation->comm[std::size_t(i)];
            showFormula(tr("Communication: %1").arg(widgets::commPayloadText(item.payload)), explainComm(item));
        }
    });
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    // Once the docks have their sizes (and a saved geometry from a larger screen is back): fit the screen.
    QTimer::singleShot(0, this, &MainWindow::fitToScreen);
}

void MainWindow::fitToScreen()
{
    if (!screen() || isMaximized() || isFullScreen())
        return;
    const QRect available = screen()->availableGeometry();
    // The frame (title bar, borders) is known once the window is mapped; before, keep a title bar's worth free.
    const QMargins frame = frameGeometry() != geometry()
        ? QMargins(geometry().left() - frameGeometry().left(), geometry().top() - frameGeometry().top(),
            frameGeometry().right() - geometry().right(), frameGeometry().bottom() - geometry().bottom())
        : QMargins(0, 30, 0, 0);
    const QSize room = available.size() - QSize(frame.left() + frame.right(), frame.top() + frame.bottom());
    const QSize fitted = m_fillScreen ? room : size().boundedTo(room).expandedTo(minimumSizeHint().boundedTo(room));
    m_fillScreen = false;
    if (fitted != size())
        resize(fitted);
    QRect placed = frameGeometry();
    placed.moveLeft(std::clamp(
        placed.left(), available.left(), std::max(available.left(), available.right() - placed.width() + 1)));
    placed.moveTop(
        std::clamp(placed.top(), available.top(), std::max(available.top(), available.bottom() - placed.height() + 1)));
    if (placed.topLeft() != frameGeometry().topLeft())
        move(placed.topLeft());
}

MainWindow::~MainWindow()
{
    // Members go before the child widgets and the QObject base; the undo stack emits cleanChanged while it is
    // destroyed, so cut the connections into this window first.
    m_document.undoStack()->disconnect(this);
    m_document.disconnect(this);
    m_analysis.disconnect(this);
}

bool MainWindow::openPlan(const QString& path)
{
    engine::PlanFile file = engine::readPlanFile(path, m_catalog);
    const Result<Plan>& plan = file.plan;
    if (!plan) {
        const QString text = QString::fromStdString(plan.errorText());
        if (isVisible())
            QMessageBox::warning(
                this, tr("Cannot open plan"), tr("%1 cannot be opened:\n%2").arg(QFileInfo(path).fileName(), text));
        else
            std::cerr << "plait: " << text.toStdString() << "\n";
        return false;
    }
    m_document.load(plan.value(), path, std::move(file.document));
    if (!path.startsWith(QLatin1Char(':')))
        addRecent(path);
    return true;
}

void MainWindow::newPlan()
{
    // A new plan starts from the smallest example's shape, with no file behind it yet, and neither that example's
    // name and description nor the previous plan's.
    if (openPlan(engine::examplePath(QStringLiteral("a1")))) {
        Plan fresh = m_document.plan();
        fresh.name = tr("New plan").toStdString();
        m_document.load(fresh, QString());
    }
}

void MainWindow::openStartPlan()
{
    for (const QString& path : settings::recentFiles())
        if (QFileInfo::exists(path) && engine::readPlan(path, m_catalog) && openPlan(path)) {
            m_status->setText(tr("Opened %1, the last plan you worked on").arg(path));
            return;
        }
    newPlan();
    m_status->setText(tr("A new plan: change it here, or open one (File → Open, Open Example)"));
}

void MainWindow::closeWithoutQuestions()
{
    m_askBeforeClosing = false;
    close();
}

bool MainWindow::savePlan(const QString& chosen)
{
    if (chosen.isEmpty())
        return false;
    // A name typed without an extension gets the plan's, or File → Open's filter would hide the file.
    const QString path = QFileInfo(chosen).suffix().isEmpty() ? chosen + QStringLiteral(".plait.json") : chosen;
    QString error;
    if (!m_document.save(path, &error)) {
        QMessageBox::warning(
            this, tr("Cannot save"), tr("%1 was not saved: %2\nThe file on disk is unchanged.").arg(path, error));
        return false;
    }
    addRecent(path);
    m_status->setText(tr("Saved %1").arg(path));
    return true;
}

void MainWindow::showAnalysis(std::shared_ptr<const Analysis> analysis)
{
    m_summary->setEvaluation(analysis->evaluation);
    m_summary->setRun(analysis->run, analysis->plan);
    m_memory->setEvaluation(analysis->evaluation);
    m_comm->setEvaluation(analysis->evaluation);
    m_topology->setAnalysis(analysis);
    m_suggest->setAnalysis(analysis);
    m_timeline->setAnalysis(analysis);
    m_lessons->setAnalysis(*analysis);
}

QWidget* MainWindow::compareWith(const QString& path)
{
    auto other = engine::readPlan(path, m_catalog);
    if (!other) {
        m_status->setText(tr("%1 cannot be compared: %2").arg(path, QString::fromStdString(other.errorText())));
        return nullptr;
    }
    // Null while the plan is still being evaluated: the window analyses it itself.
    const auto current = currentAnalysis(m_analysis, m_document);
    auto* window = new CompareWindow(
        current, m_document.sharedPlan(), std::make_shared<const Plan>(std::move(other.value())), this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return window;
}

ProbeDialog* MainWindow::openProbeDialog()
{
    // The probe reads the plan from a file: the current one as it is now, saved or not.
    const QString dir
        = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/probe");
    QDir().mkpath(dir);
    const QString planPath = dir + QStringLiteral("/plan.plait.json");
    QString error;
    if (!engine::writePlan(m_document.plan(), planPath, &error))
        m_status->setText(tr("The plan could not be written for the probe: %1").arg(error));
    auto* dialog = new ProbeDialog(m_document.plan(), planPath, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ProbeDialog::outputReady, this,
        [this](const QString&, const QString& path) { m_files->openFiles({ path }); });
    dialog->show();
    return dialog;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    // A plan opens as the document; a trace goes to the timeline, a measurement to calibration (by content).
    // nccl-tests logs dropped together are read together (node-by-node runs are judged against each other), and
    // nodes' topology dumps dropped together are one cluster (engine/fileroute.h).
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        if (const QString path = url.toLocalFile(); !path.isEmpty())
            paths << path;
    if (paths.isEmpty())
        return;
    m_files->openFiles(paths);
    event->acceptProposedAction();
}

void MainWindow::editPlacement(const Result<Plan>& edited, const QString& description)
{
    m_previewing = false;
    if (!edited) {
        // A drop that cannot work says why, and the plan stays as it was.
        m_status->setText(tr("Not applied: %1").arg(QString::fromStdString(edited.errorText())));
        m_analysis.request(m_document.sharedPlan());
        return;
    }
    m_document.edit(edited.value(), description);
    m_status->setText(description);
}

QString MainWindow::statusText() const
{
    return m_status->text();
}

bool MainWindow::maybeSave()
{
    if (!m_document.isModified() || !isVisible())
        return true;
    const auto answer
        = QMessageBox::question(this, tr("Unsaved changes"), tr("The plan has changes that are not saved. Save them?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    return answer == QMessageBox::Save ? save() : true;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_askBeforeClosing && !maybeSave()) {
        event->ignore();
        return;
    }
    settings::setWindowLayout(saveGeometry(), saveState());
    m_autosave.finish();
    event->accept();
}

void MainWindow::updateTitle()
{
    const QString name = m_document.hasPlan() ? QString::fromStdString(m_document.plan().name) : tr("untitled");
    setWindowTitle(tr("%1[*] — Plait").arg(name));
    setWindowModified(m_document.isModified());
}

void MainWindow::addRecent(const QString& path)
{
    settings::addRecentFile(path);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    for (const QString& path : settings::recentFiles())
        if (QFileInfo::exists(path))
            m_recentMenu->addAction(path, this, [this, path] {
                if (maybeSave())
                    openPlan(path);
            });
    m_recentMenu->setEnabled(!m_recentMenu->isEmpty());
}

void MainWindow::offerRecovery()
{
    const QString dir = QFileInfo(m_autosave.filePath()).absolutePath();
    QStringList unreadable, reasons;
    for (const QString& file : Autosave::recoverable(dir)) {
        engine::PlanFile read = engine::readPlanFile(file, m_catalog);
        const Result<Plan>& plan = read.plan;
        if (!plan) {
            unreadable << file;
            reasons << QString::fromStdString(plan.errorText());
            continue;
        }
        const auto answer = QMessageBox::question(this, tr("Recover unsaved plan?"),
            tr("Plait did not close normally. A plan with unsaved changes was kept:\n%1\nlast written %2.\nRecover it?")
                .arg(QString::fromStdString(plan.value().name),
                    QLocale().toString(QFileInfo(file).lastModified(), QLocale::LongFormat)),
            QMessageBox::Yes | QMessageBox::Discard | QMessageBox::Ignore);
        if (answer == QMessageBox::Yes) {
            m_document.load(plan.value(), QString(), std::move(read.document));
            // Mark it modified: it is not saved anywhere the user chose.
            m_document.edit(plan.value(), tr("Recovered plan"));
            Autosave::discard(file);
            return;
        }
        if (answer == QMessageBox::Discard)
            Autosave::discard(file);
    }
    if (unreadable.isEmpty())
        return;
    // Never deleted unseen: say what could not be read, and let the user decide.
    const QString text = tr("%n autosaved plan(s) from an earlier session cannot be read:\n%1\nDiscard them?", nullptr,
        int(unreadable.size()))
                             .arg(reasons.join(QLatin1Char('\n')));
    std::cerr << "plait: " << text.toStdString() << "\n";
    m_status->setText(tr("%n autosaved plan(s) cannot be read; they were kept", nullptr, int(unreadable.size())));
    if (QMessageBox::warning(this, tr("Unreadable autosaves"), text, QMessageBox::Discard | QMessageBox::Ignore)
        == QMessageBox::Discard) {
        for (const QString& file : std::as_const(unreadable))
            Autosave::discard(file);
        m_status->setText(tr("%n unreadable autosave(s) discarded", nullptr, int(unreadable.size())));
    }
}

} // namespace plait::app
