#include "render.h"

#include "catalogloader.h"
#include "commbreakdown.h"
#include "evaluate.h"
#include "memorybars.h"
#include "planio.h"
#include "timelinepanel.h"
#include "timelinesections.h"
#include "topologyview.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <algorithm>
#include <cstring>
#include <iostream>
#include <qcustomplot.h>

namespace plait::app {

namespace {
constexpr int kOk = 0, kInvalid = 1, kUsage = 2;

// Draws `widget` into the format the file name asks for; written atomically.
bool writeWidget(QWidget* widget, QCustomPlot* plot, const QString& path, QString* error)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const QSize size = widget->size();
    const QString suffix = QFileInfo(path).suffix().toLower();
    // Vector output: charts draw themselves as vectors; other widgets paint through QWidget::render.
    auto draw = [&](QPaintDevice* device) {
        if (plot) {
            QCPPainter painter(device);
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            plot->toPainter(&painter, size.width(), size.height());
        } else {
            QPainter painter(device);
            widget->render(&painter);
        }
    };
    if (suffix == QLatin1String("png")) {
        const QImage image = widget->grab().toImage();
        image.save(&buffer, "PNG");
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QStringLiteral("Plait"));
        draw(&svg);
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setPageSize(QPageSize(QSizeF(size) * 0.75, QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(96);
        pdf.setCreator(QStringLiteral("Plait"));
        draw(&pdf);
    } else {
        *error = QStringLiteral("unknown output format \"%1\"; use .png, .svg or .pdf").arg(suffix);
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(buffer.data()) != buffer.size() || !file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}
}

bool isRenderCommand(const char* arg)
{
    return arg && std::strcmp(arg, "render") == 0;
}

int runRender(int argc, char** argv)
{
    // Rendering needs no screen: use the offscreen platform unless a display is there.
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM") && !qEnvironmentVariableIsSet("DISPLAY")
        && !qEnvironmentVariableIsSet("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStringList args = app.arguments();
    args.removeAt(1);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("Plan file"));
    parser.addOption(
        { QStringLiteral("view"), QStringLiteral("topology, memory, comm or gantt"), QStringLiteral("view") });
    parser.addOption({ QStringLiteral("from"), QStringLiteral("gantt: first second shown"), QStringLiteral("s") });
    parser.addOption({ QStringLiteral("to"), QStringLiteral("gantt: last second shown"), QStringLiteral("s") });
    parser.addOption({ QStringLiteral("schedules"), QStringLiteral("gantt: the plan under every pipeline schedule") });
    parser.addOption({ QStringLiteral("trace"), QStringLiteral("gantt: a measured trace to draw beside the prediction"),
        QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("out"), QStringLiteral("Output file: .png, .svg or .pdf"), QStringLiteral("file") });
    parser.addOption({ QStringLiteral("size"), QStringLiteral("Width x height in pixels"), QStringLiteral("WxH") });
    if (!parser.parse(args) || parser.positionalArguments().size() != 1 || !parser.isSet(QStringLiteral("out"))) {
        std::cerr
            << "plait: usage: plait render PLAN.plait.json --view topology|memory|comm|gantt [--schedules] [--trace "
               "TRACE.json] --out FILE.(png|svg|pdf)\n";
        return kUsage;
    }
    const QString view = parser.value(QStringLiteral("view")).isEmpty() ? QStringLiteral("topology")
                                                                        : parser.value(QStringLiteral("view"));
    if (view != QLatin1String("topology") && view != QLatin1String("memory") && view != QLatin1String("comm")
        && view != QLatin1String("gantt")) {
        std::cerr << "plait: unknown view \"" << view.toStdString() << "\"; known: topology, memory, comm, gantt\n";
        return kUsage;
    }
    const Catalog catalog = engine::loadCatalog();
    auto plan = engine::readPlan(parser.positionalArguments().front(), catalog);
    if (!plan) {
        std::cerr << "plait: " << plan.errorText() << "\n";
        return plan.errors().front().field.empty() ? kUsage : kInvalid;
    }
    auto ev = std::make_shared<const Evaluation>(evaluate(plan.value()));
    if (!ev->valid) {
        for (const Issue& e : ev->errors)
            std::cerr << "plait: " << e.field << ": " << e.message << "\n";
        return kInvalid;
    }
    std::shared_ptr<const TraceRead> trace;
    if (parser.isSet(QStringLiteral("trace"))) {
        auto read = readChromeTraceFile(parser.value(QStringLiteral("trace")).toStdString());
        if (!read) {
            std::cerr << "plait: " << parser.value(QStringLiteral("trace")).toStdString() << ": " << read.errorText()
                      << "\n";
            return kInvalid;
        }
        for (const std::string& p : read.value().problems)
            std::cerr << "plait: trace: not drawn: " << p << "\n";
        trace = std::make_shared<const TraceRead>(std::move(read.value()));
    }
    QSize size = view == QLatin1String("topology") ? QSize(1400, 900)
        : view == QLatin1String("gantt")           ? QSize(1400, parser.isSet(QStringLiteral("schedules")) ? 900 : 560)
                                                   : QSize(900, 560);
    if (parser.isSet(QStringLiteral("size"))) {
        const QStringList wh = parser.value(QStringLiteral("size")).split(QLatin1Char('x'));
        if (wh.size() == 2 && wh[0].toInt() >= 100 && wh[1].toInt() >= 100 && wh[0].toInt() <= 10000
            && wh[1].toInt() <= 10000)
            size = QSize(wh[0].toInt(), wh[1].toInt());
    }
    std::unique_ptr<QWidget> widget;
    QCustomPlot* plot = nullptr;
    if (view == QLatin1String("topology")) {
        auto* t = new widgets::TopologyView;
        widget.reset(t);
        t->resize(size);
        t->setPlan(plan.value());
        t->setEvaluation(ev);
        t->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        t->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        t->show();
        t->zoomToFit();
    } else if (view == QLatin1String("memory")) {
        auto* m = new widgets::MemoryBars;
        widget.reset(m);
        m->resize(size);
        m->setEvaluation(ev);
        plot = m->plot();
        m->show();
    } else if (view == QLatin1String("gantt")) {
        auto* g = new TimelinePanel;
        widget.reset(g);
        g->resize(size);
        g->setEvaluation(plan.value(), ev);
        if (trace)
            g->setTrace(trace, QFileInfo(parser.value(QStringLiteral("trace"))).fileName());
        else if (parser.isSet(QStringLiteral("schedules")))
            g->setMode(TimelineMode::Schedules);
        g->show();
        QCoreApplication::processEvents();
        // Tall enough for every lane unless the user chose a size.
        if (!parser.isSet(QStringLiteral("size"))) {
            const int chrome = g->height() - g->view()->height();
            g->resize(size.width(), std::clamp(chrome + g->view()->contentHeight() + 48, 260, 8000));
            QCoreApplication::processEvents();
        }
        g->view()->resetZoom();
        if (parser.isSet(QStringLiteral("from")) || parser.isSet(QStringLiteral("to"))) {
            const widgets::TimeWindow w = g->view()->window();
            g->view()->setWindow(
                parser.isSet(QStringLiteral("from")) ? parser.value(QStringLiteral("from")).toDouble() : w.start,
                parser.isSet(QStringLiteral("to")) ? parser.value(QStringLiteral("to")).toDouble() : w.end);
        }
    } else {
        auto* c = new widgets::CommBreakdown;
        widget.reset(c);
        c->resize(size);
        c->setEvaluation(ev);
        plot = c->plot();
        c->show();
    }
    QCoreApplication::processEvents();
    if (plot)
        plot->replot(QCustomPlot::rpImmediateRefresh);
    QString error;
    if (!writeWidget(widget.get(), plot, parser.value(QStringLiteral("out")), &error)) {
        std::cerr << "plait: cannot write " << parser.value(QStringLiteral("out")).toStdString() << ": "
                  << error.toStdString() << "\n";
        return kUsage;
    }
    return kOk;
}

} // namespace plait::app
