#include "commandline.h"
#include "evaluate.h"
#include "language.h"
#include "mainwindow.h"
#include "planio.h"
#include "settings.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLocale>
#include <QThread>
#include <QTimer>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace {

// Qt aborts when no platform plugin can start; say what is missing instead.
bool displayAvailable()
{
    if (std::getenv("QT_QPA_PLATFORM"))
        return true;
    return std::getenv("DISPLAY") || std::getenv("WAYLAND_DISPLAY");
}

bool asksForHelpOrVersion(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        for (const char* flag : { "-h", "--help", "-?", "--help-all", "-v", "--version" })
            if (std::strcmp(argv[i], flag) == 0)
                return true;
    return false;
}

void addWindowOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Planner for distributed training of large transformer models.")
        + QLatin1Char('\n') + QString::fromStdString(plait::app::commandsHelp()));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("plan"),
        QCoreApplication::translate("main", "Plan file to open (*.plait.json); without one, the last plan opens."));
    parser.addOption({ QStringLiteral("example"), QCoreApplication::translate("main", "Open a built-in example plan."),
        QStringLiteral("name") });
    parser.addOption({ QStringLiteral("lang"),
        QCoreApplication::translate("main", "User interface language, e.g. zh_CN."), QStringLiteral("locale") });
    parser.addOption({ QStringLiteral("quit-after"),
        QCoreApplication::translate("main", "Quit after this many milliseconds (for screenshots)."),
        QStringLiteral("ms") });
}

} // namespace

int main(int argc, char** argv)
{
    if (argc > 1 && plait::app::isCommand(argv[1]))
        return plait::app::runCommand(argc, argv);
    if (argc > 1)
        if (const int code = plait::app::unknownCommand(argv[1]); code >= 0)
            return code;
    if (asksForHelpOrVersion(argc, argv)) {
        // Help needs no display: answer it before the window would need one.
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("plait"));
        QCoreApplication::setApplicationVersion(QStringLiteral(PLAIT_VERSION));
        QCommandLineParser parser;
        addWindowOptions(parser);
        parser.process(app); // prints help or version and exits 0
        return 0;
    }
    if (!displayAvailable()) {
        std::cerr << "plait: no display: neither DISPLAY nor WAYLAND_DISPLAY is set.\n"
                     "  Start it in a desktop session or under xvfb-run, or set QT_QPA_PLATFORM=offscreen.\n"
                  << plait::app::commandsHelp();
        return 2;
    }

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Plait"));
    QApplication::setApplicationName(QStringLiteral("plait"));
    QApplication::setApplicationVersion(QStringLiteral(PLAIT_VERSION));

    QCommandLineParser parser;
    addWindowOptions(parser);
    parser.process(app);

    const QString language = parser.isSet(QStringLiteral("lang")) ? parser.value(QStringLiteral("lang"))
                                                                  : plait::app::settings::language();
    plait::app::installTranslations(language.isEmpty() ? QLocale() : QLocale(language));

#ifndef NDEBUG
    // The window's work runs in the engine, off the GUI thread: a debug build stops at an evaluation that does not.
    plait::setEvaluationObserver([](const plait::Plan&, plait::EvaluationDetail) {
        Q_ASSERT_X(QThread::currentThread() != QCoreApplication::instance()->thread(), "evaluate",
            "evaluated on the GUI thread: run it in the engine (PlanAnalysis, SearchRunner)");
    });
#endif
    plait::app::MainWindow window;
    if (!parser.positionalArguments().isEmpty()) {
        if (!window.openPlan(parser.positionalArguments().front()))
            return 2;
    } else if (parser.isSet(QStringLiteral("example"))) {
        const QString example = parser.value(QStringLiteral("example"));
        const QString path = plait::engine::examplePath(example);
        if (path.isEmpty() || !window.openPlan(path)) {
            std::cerr << "plait: no built-in example \"" << example.toStdString()
                      << "\"; known: " << plait::engine::exampleNames().join(QStringLiteral(", ")).toStdString()
                      << "\n";
            return 2;
        }
    } else {
        window.openStartPlan(); // as a desktop launcher starts it: the last plan, or a new one
    }
    window.show();
    if (parser.isSet(QStringLiteral("quit-after"))) {
        bool ok = false;
        const int ms = parser.value(QStringLiteral("quit-after")).toInt(&ok);
        if (!ok || ms < 0) {
            std::cerr << "plait: --quit-after needs a number of milliseconds\n";
            return 2;
        }
        // Quits from inside any dialog too (the recovery question included): exit() ends every event loop.
        QTimer::singleShot(ms, &app, [&window] {
            window.closeWithoutQuestions();
            QCoreApplication::exit(0);
        });
    }
    // Asked from inside the event loop, so the quit timer above also ends the question.
    QTimer::singleShot(0, &window, &plait::app::MainWindow::offerRecovery);
    return app.exec();
}
