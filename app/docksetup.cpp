#include "docksetup.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QTimer>

namespace plait::app {

QDockWidget* Docks::named(const QString& view) const
{
    if (view == QLatin1String("memory"))
        return memory;
    if (view == QLatin1String("comm"))
        return comm;
    if (view == QLatin1String("timeline"))
        return timeline;
    if (view == QLatin1String("summary"))
        return summary;
    return nullptr;
}

Docks setUpDocks(QMainWindow* window, const DockViews& v, const bool* restored)
{
    auto dock = [window](QWidget* w, const QString& title, const char* name, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, window);
        d->setObjectName(QString::fromLatin1(name));
        d->setWidget(w);
        window->addDockWidget(area, d);
        return d;
    };
    Docks d {};
    d.summary = dock(
        v.summary, QCoreApplication::translate("plait::app::MainWindow", "Summary"), "summary", Qt::TopDockWidgetArea);
    d.editor = dock(
        v.editor, QCoreApplication::translate("plait::app::MainWindow", "Plan"), "editor", Qt::LeftDockWidgetArea);
    d.memory = dock(
        v.memory, QCoreApplication::translate("plait::app::MainWindow", "Memory"), "memory", Qt::RightDockWidgetArea);
    d.comm = dock(v.comm, QCoreApplication::translate("plait::app::MainWindow", "Communication"), "comm",
        Qt::RightDockWidgetArea);
    d.timeline = dock(v.timeline, QCoreApplication::translate("plait::app::MainWindow", "Timeline"), "timeline",
        Qt::BottomDockWidgetArea);
    d.calibration = dock(v.calibration, QCoreApplication::translate("plait::app::MainWindow", "Calibration"),
        "calibration", Qt::RightDockWidgetArea);
    window->tabifyDockWidget(d.comm, d.calibration);
    d.advice = dock(
        v.advice, QCoreApplication::translate("plait::app::MainWindow", "Advice"), "advice", Qt::LeftDockWidgetArea);
    window->tabifyDockWidget(d.editor, d.advice);
    d.lessons = dock(
        v.lessons, QCoreApplication::translate("plait::app::MainWindow", "Lessons"), "lessons", Qt::LeftDockWidgetArea);
    window->tabifyDockWidget(d.editor, d.lessons);
    d.suggest = dock(v.suggest, QCoreApplication::translate("plait::app::MainWindow", "Suggest plans"), "suggest",
        Qt::BottomDockWidgetArea);
    window->tabifyDockWidget(d.timeline, d.suggest);
    d.comm->raise();
    d.editor->raise();
    d.timeline->raise();
    // The charts on the right keep the full height; the timeline runs under the plan and the topology.
    window->setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    QTimer::singleShot(0, window, [window, d, restored] {
        if (!*restored) {
            window->resizeDocks({ d.memory, d.editor }, { 540, 360 }, Qt::Horizontal); // the editor's fields uncut
            window->resizeDocks({ d.timeline }, { 340 }, Qt::Vertical);
        }
    });
    return d;
}

} // namespace plait::app
