// The window's menus, toolbar and actions: what each does is a call into MainWindow.
#include "mainwindow.h"

#include "settings.h"

#include "placementedit.h"
#include "planio.h"
#include "timelinepanel.h"
#include "topologyview.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>

namespace plait::app {

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, this, [this] {
        if (maybeSave())
            newPlan();
    });
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open Plan"), QString(), tr("Plait plans (*.plait.json);;All files (*)"));
        if (!path.isEmpty())
            openPlan(path);
    });
    QMenu* examples = file->addMenu(tr("Open &Example"));
    for (const QString& name : engine::exampleNames())
        examples->addAction(name, this, [this, name] {
            if (maybeSave())
                openPlan(engine::examplePath(name));
        });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addSeparator();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    // Ctrl+Shift+S spelled out: QKeySequence::SaveAs is empty where the desktop names no binding (a bare X server).
    file->addAction(tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, &MainWindow::saveAs);
    file->addSeparator();
    file->addAction(tr("&Compare With…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Compare With Plan"), QString(), tr("Plait plans (*.plait.json);;All files (*)"));
        if (!path.isEmpty())
            compareWith(path);
    });
    QMenu* compareExamples = file->addMenu(tr("Compare With &Example"));
    for (const QString& name : engine::exampleNames())
        compareExamples->addAction(name, this, [this, name] { compareWith(engine::examplePath(name)); });
    file->addAction(tr("&Import Launch Config…"), this, [this] {
        QString filter;
        const QString formats[] = { tr("Detected from the content (*)"),
            tr("Megatron-LM arguments (*.sh *.args *.txt)"), tr("DeepSpeed JSON (*.json)"),
            tr("torchtitan job (*.toml *.sh)"), tr("Hugging Face config.json, the model only (*.json)") };
        QStringList filters(std::begin(formats), std::end(formats));
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Import Launch Config"), QString(), filters.join(QStringLiteral(";;")), &filter);
        if (path.isEmpty())
            return;
        const int chosen = int(filters.indexOf(filter));
        m_files->importLaunchConfig(path, chosen > 0 ? std::optional(kImportFormats[chosen - 1]) : std::nullopt);
    });
    file->addAction(tr("Import &Cluster…"), this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Import Cluster"), QString(),
            tr("nvidia-smi topo -m output or NCCL topology dumps, one per node (*.txt *.xml);;All files (*)"));
        if (!paths.isEmpty())
            m_files->importNodeDumps(paths);
    });
    QMenu* launch = file->addMenu(tr("Export &Launch Config"));
    const std::tuple<QString, QString, QString> launchKinds[] = {
        { QStringLiteral("megatron"), tr("&Megatron-LM Arguments…"), QStringLiteral("-megatron.sh") },
        { QStringLiteral("deepspeed"), tr("&DeepSpeed JSON…"), QStringLiteral("-deepspeed.json") },
        { QStringLiteral("torchtitan"), tr("&torchtitan Job…"), QStringLiteral("-torchtitan.toml") },
        { QStringLiteral("hostfile"), tr("&Rank Map and Hostfile…"), QStringLiteral("-ranks.txt") },
    };
    for (const auto& entry : launchKinds) {
        const QString kind = std::get<0>(entry), suffix = std::get<2>(entry);
        launch->addAction(std::get<1>(entry), this, [this, kind, suffix] {
            const QString path = QFileDialog::getSaveFileName(this, tr("Export Launch Config"),
                QFileInfo(m_document.path()).completeBaseName().remove(QStringLiteral(".plait")) + suffix);
            if (path.isEmpty())
                return;
            const QString error = m_exports->exportLaunchConfig(kind, path);
            if (!error.isEmpty())
                QMessageBox::warning(this, tr("Export Launch Config"), error);
        });
    }
    file->addSeparator();
    file->addAction(tr("Open &Trace…"), this, [this] { emit m_timeline->openTraceRequested(); });
    file->addAction(tr("Open &Profile…"), this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open Profile: every rank's trace"), QString(),
            tr("PyTorch profiler traces (*.json *.json.gz);;Nsight Systems SQLite exports (*.sqlite);;All files (*)"));
        if (!paths.isEmpty())
            m_files->openProfile(paths);
    });
    file->addAction(tr("&Export Timeline…"), this, [this] { emit m_timeline->exportRequested(); });
    QMenu* pictures = file->addMenu(tr("Export &Picture"));
    const std::pair<QString, QString> viewNames[] = { { QStringLiteral("topology"), tr("&Topology…") },
        { QStringLiteral("memory"), tr("&Memory…") }, { QStringLiteral("comm"), tr("&Communication…") },
        { QStringLiteral("gantt"), tr("Time&line…") }, { QStringLiteral("report"), tr("Whole &Report…") } };
    for (const auto& entry : viewNames) {
        const QString view = entry.first; // clang cannot capture a structured binding
        pictures->addAction(entry.second, this, [this, view] {
            const QString path = QFileDialog::getSaveFileName(this, tr("Export Picture"),
                QFileInfo(m_document.path()).completeBaseName() + QLatin1Char('-') + view + QStringLiteral(".png"),
                tr("PNG image (*.png);;SVG drawing (*.svg);;PDF page (*.pdf)"));
            if (path.isEmpty())
                return;
            QString error;
            m_status->setText(m_exports->exportView(view, path, &error) ? tr("Saved %1").arg(path)
                                                                        : tr("Could not save %1: %2").arg(path, error));
        });
    }
    file->addAction(tr("Export &Report…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export Report"), m_exports->suggestedReportName(), tr("PDF document (*.pdf);;Web page (*.html)"));
        if (path.isEmpty())
            return;
        QString error;
        m_status->setText(m_exports->exportReport(path, &error) ? tr("Saved %1").arg(path)
                                                                : tr("Could not save %1: %2").arg(path, error));
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* probe = menuBar()->addMenu(tr("&Probe"));
    probe->addAction(tr("&Run Probe…"), this, [this] { openProbeDialog(); });
    probe->addAction(tr("&Open Results…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Probe Results"), QString(),
            tr("Probe results and nccl-tests logs (TRACE.json LINKS.json COMPUTE.json *.json *.txt *.log);;All files "
               "(*)"));
        if (!path.isEmpty())
            m_files->openFiles({ path });
    });

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_document.undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_document.undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(
        tr("Auto-place GPUs"), this, [this] { editPlacement(autoPlace(m_document.plan()), tr("Auto-place")); });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    auto* dims = new QActionGroup(this);
    const QList<QPair<QString, widgets::TopologyView::Dimension>> modes = {
        { tr("All groups"), widgets::TopologyView::Dimension::All },
        { tr("Tensor-parallel groups"), widgets::TopologyView::Dimension::TP },
        { tr("Pipeline stages"), widgets::TopologyView::Dimension::PP },
        { tr("Data-parallel replicas"), widgets::TopologyView::Dimension::DP },
        { tr("Expert-parallel groups"), widgets::TopologyView::Dimension::EP },
    };
    QToolBar* bar = addToolBar(tr("Groups"));
    bar->setObjectName(QStringLiteral("groupsToolbar"));
    for (const auto& entry : modes) {
        const auto mode = entry.second; // (clang 14 cannot capture structured bindings)
        QAction* a = view->addAction(entry.first, this, [this, mode] { m_topology->setDimension(mode); });
        a->setCheckable(true);
        a->setChecked(mode == widgets::TopologyView::Dimension::All);
        dims->addAction(a);
        bar->addAction(a);
    }
    view->addSeparator();
    view->addAction(
        tr("Zoom to fit"), QKeySequence(Qt::CTRL | Qt::Key_0), m_topology, &widgets::TopologyView::zoomToFit);
    // The language chosen, checked; it applies from the next start (main() reads it before any window exists).
    QMenu* language = view->addMenu(tr("Language"));
    auto* languages = new QActionGroup(this);
    for (const auto& entry :
        { std::pair { tr("System language"), QString() }, std::pair { QStringLiteral("English"), QStringLiteral("en") },
            std::pair { QStringLiteral("简体中文"), QStringLiteral("zh_CN") } }) {
        const QString code = entry.second;
        QAction* a = language->addAction(entry.first, this, [this, code] {
            settings::setLanguage(code);
            QMessageBox::information(this, tr("Language"), tr("The language changes the next time Plait starts."));
        });
        a->setCheckable(true);
        a->setChecked(settings::language() == code);
        languages->addAction(a);
    }
    for (QDockWidget* d : findChildren<QDockWidget*>())
        view->addAction(d->toggleViewAction());
}

bool MainWindow::save()
{
    // An example or a new plan has no file of the user's yet.
    const bool ownFile = !m_document.path().isEmpty() && !m_document.path().startsWith(QLatin1Char(':'));
    return ownFile ? savePlan(m_document.path()) : saveAs();
}

bool MainWindow::saveAs()
{
    return savePlan(QFileDialog::getSaveFileName(this, tr("Save Plan"), QString(), tr("Plait plans (*.plait.json)")));
}

} // namespace plait::app
