#include "mainwindow.h"

#include "catalogloader.h"
#include "planio.h"
#include "summaryview.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <iostream>

namespace plait::app {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_summary(new widgets::SummaryView(this))
{
    setCentralWidget(m_summary);
    resize(1000, 640);
    setWindowTitle(tr("Plait"));

    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openDialog);
    QMenu* examples = file->addMenu(tr("Open &Example"));
    for (const QString& name : engine::exampleNames())
        examples->addAction(name, this, [this, name] { openPlan(engine::examplePath(name)); });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);

    QStringList problems;
    m_catalog = engine::loadCatalog(&problems);
    for (const QString& p : std::as_const(problems))
        std::cerr << "plait: user catalog: " << p.toStdString() << "\n";
    connect(&m_runner, &engine::EvaluationRunner::evaluationAvailable, m_summary, &widgets::SummaryView::setEvaluation);
}

bool MainWindow::openPlan(const QString& path)
{
    auto plan = engine::readPlan(path, m_catalog);
    if (!plan) {
        const QString text = QString::fromStdString(plan.errorText());
        if (isVisible())
            QMessageBox::warning(
                this, tr("Cannot open plan"), tr("%1 cannot be opened:\n%2").arg(QFileInfo(path).fileName(), text));
        else
            std::cerr << "plait: " << text.toStdString() << "\n";
        return false;
    }
    setPlan(std::move(plan.value()), path);
    return true;
}

void MainWindow::setPlan(Plan plan, const QString& path)
{
    m_plan = std::move(plan);
    m_path = path;
    setWindowTitle(tr("%1 — Plait").arg(QString::fromStdString(m_plan->name)));
    m_runner.request(*m_plan);
}

void MainWindow::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Plan"), QString(), tr("Plait plans (*.plait.json);;All files (*)"));
    if (!path.isEmpty())
        openPlan(path);
}

} // namespace plait::app
