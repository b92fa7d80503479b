#include "cli.h"
#include "mainwindow.h"
#include "planio.h"
#include "render.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTimer>
#include <QTranslator>
#include <cstdlib>
#include <iostream>

namespace {

// Qt aborts when no platform plugin can start; say what is missing instead.
bool displayAvailable()
{
    if (std::getenv("QT_QPA_PLATFORM"))
        return true;
    return std::getenv("DISPLAY") || std::getenv("WAYLAND_DISPLAY");
}

} // namespace

int main(int argc, char** argv)
{
    if (argc > 1 && plait::app::isHeadlessCommand(argv[1]))
        return plait::app::runHeadless(argc, argv);
    if (argc > 1 && plait::app::isRenderCommand(argv[1]))
        return plait::app::runRender(argc, argv);
    if (!displayAvailable()) {
        std::cerr << "plait: no display: neither DISPLAY nor WAYLAND_DISPLAY is set.\n"
                     "  Start it in a desktop session or under xvfb-run, or set QT_QPA_PLATFORM=offscreen.\n"
                     "  The headless commands need no display: plait evaluate PLAN [--json], plait timeline PLAN --out "
                     "TRACE.json\n";
        return 2;
    }

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Plait"));
    QApplication::setApplicationName(QStringLiteral("plait"));
    QApplication::setApplicationVersion(QStringLiteral(PLAIT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Planner for distributed training of large transformer models."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("plan"), QApplication::translate("main", "Plan file to open (*.plait.json)."));
    parser.addOption({ QStringLiteral("example"), QApplication::translate("main", "Open a built-in example plan."),
        QStringLiteral("name") });
    parser.addOption({ QStringLiteral("lang"), QApplication::translate("main", "User interface language, e.g. zh_CN."),
        QStringLiteral("locale") });
    parser.addOption({ QStringLiteral("quit-after"),
        QApplication::translate("main", "Quit after this many milliseconds (for screenshots)."),
        QStringLiteral("ms") });
    parser.process(app);

    QTranslator translator;
    const QLocale locale
        = parser.isSet(QStringLiteral("lang")) ? QLocale(parser.value(QStringLiteral("lang"))) : QLocale();
    QLocale::setDefault(locale);
    if (translator.load(locale, QStringLiteral("plait"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    plait::app::MainWindow window;
    QString path;
    if (!parser.positionalArguments().isEmpty())
        path = parser.positionalArguments().front();
    else {
        const QString example = parser.value(QStringLiteral("example"));
        path = plait::engine::examplePath(example.isEmpty() ? QStringLiteral("a") : example);
        if (path.isEmpty()) {
            std::cerr << "plait: no built-in example \"" << example.toStdString()
                      << "\"; known: " << plait::engine::exampleNames().join(QStringLiteral(", ")).toStdString()
                      << "\n";
            return 2;
        }
    }
    if (!window.openPlan(path))
        return 2;
    window.show();
    window.offerRecovery();
    if (parser.isSet(QStringLiteral("quit-after")))
        QTimer::singleShot(parser.value(QStringLiteral("quit-after")).toInt(), &app, &QApplication::quit);
    return app.exec();
}
