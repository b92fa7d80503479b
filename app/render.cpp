#include "render.h"

#include "analysis.h"
#include "atomicfile.h"
#include "commbreakdown.h"
#include "ganttview.h"
#include "language.h"
#include "memorybars.h"
#include "summaryview.h"
#include "text.h"
#include "timelinepanel.h"
#include "timelinesections.h"
#include "topologyview.h"

#include <QApplication>
#include <QBuffer>
#include <QGridLayout>
#include <QLabel>
#include <QMap>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <iostream>
#include <optional>
#include <qcustomplot.h>

namespace plait::app {

namespace {
constexpr const char* kAskedSize = "plaitAskedSize"; // a picture's size as the user gave it (--size)

// Lays out and shows a picture's widget without a window on screen (the GUI's Export Picture too), so it paints.
void showOffscreen(QWidget* widget)
{
    widget->setAttribute(Qt::WA_DontShowOnScreen);
    widget->show();
}

// Paints a widget tree onto a vector device: every widget as it paints itself, charts as vectors (QCustomPlot
// caches a raster of itself, which QWidget::render would copy).
void paintTree(QCPPainter& painter, QWidget* widget, QWidget* root)
{
    if (!widget->isVisible() && widget != root)
        return;
    const QPoint at = widget->mapTo(root, QPoint(0, 0));
    if (auto* plot = qobject_cast<QCustomPlot*>(widget)) {
        painter.save();
        painter.translate(at);
        plot->toPainter(&painter, plot->width(), plot->height());
        painter.restore();
        return;
    }
    if (auto* gantt = qobject_cast<widgets::GanttView*>(widget)) {
        // Painted directly: QWidget::render clips its lanes away on a PDF page when the view is not at the top.
        painter.save();
        painter.translate(at);
        painter.setClipRect(QRect(QPoint(0, 0), gantt->size()));
        gantt->paintTo(painter, gantt->size());
        painter.restore();
        return;
    }
    painter.save();
    painter.translate(at);
    widget->render(&painter, QPoint(), QRegion(), QWidget::DrawWindowBackground);
    painter.restore();
    for (QObject* child : widget->children())
        if (auto* w = qobject_cast<QWidget*>(child); w && !w->isWindow())
            paintTree(painter, w, root);
}

}

void paintPicture(QCPPainter& painter, QWidget* picture)
{
    paintTree(painter, picture, picture);
}

// Draws `widget` into the format the file name asks for. Nothing is written unless the whole picture was made:
// a failed encode or an unusable size is an error, never an empty file over a good one.
bool writePicture(QWidget* widget, const QString& path, QString* error)
{
    QByteArray bytes;
    return drawPicture(widget, QFileInfo(path).suffix().toLower(), &bytes, error)
        && engine::writeFileAtomically(path, bytes, error);
}

bool drawPicture(QWidget* widget, const QString& suffix, QByteArray* bytes, QString* error)
{
    QBuffer buffer(bytes);
    buffer.open(QIODevice::WriteOnly);
    // A picture whose figures need more room than the size asked for is laid out at the size they need and scaled
    // down to the asked one (kept in proportion, centred on white): the file always has the asked size.
    const QSize laidOut = widget->size();
    const QSize asked = widget->property(kAskedSize).toSize();
    const QSize size = asked.isValid() ? asked : laidOut;
    const double scale
        = std::min({ 1.0, double(size.width()) / laidOut.width(), double(size.height()) / laidOut.height() });
    const QPointF offset((size.width() - laidOut.width() * scale) / 2, (size.height() - laidOut.height() * scale) / 2);
    auto drawVector = [&](QPaintDevice* device) {
        QCPPainter painter;
        if (!painter.begin(device)) {
            *error = QStringLiteral("the %1 painter could not start").arg(suffix);
            return false;
        }
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
        painter.translate(offset);
        painter.scale(scale, scale);
        paintTree(painter, widget, widget);
        return painter.end();
    };
    if (suffix == QLatin1String("png")) {
        QImage image = widget->grab().toImage();
        if (!image.isNull() && image.size() != size) {
            QImage page(size, QImage::Format_RGB32);
            page.fill(Qt::white);
            QPainter p(&page);
            p.setRenderHint(QPainter::SmoothPixmapTransform);
            p.drawImage(QRectF(offset, QSizeF(laidOut) * scale), image);
            p.end();
            image = page;
        }
        if (image.isNull()) {
            *error = QStringLiteral("the picture of %1 x %2 pixels could not be made")
                         .arg(size.width())
                         .arg(size.height());
            return false;
        }
        if (!image.save(&buffer, "PNG")) {
            *error = QStringLiteral("the PNG encoder failed");
            return false;
        }
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        // Drawn at the widgets' own resolution: a font in points becomes the pixel size they were laid out with
        // (at a higher one every label grows past its box in a browser).
        const int dpi = widget->logicalDpiX() > 0 ? widget->logicalDpiX() : 96;
        svg.setResolution(dpi);
        svg.setTitle(QStringLiteral("Plait"));
        if (!drawVector(&svg))
            return false;
        // Sized for a page: at most 270 mm wide (an A4 landscape page's text width), so a picture dropped into a
        // document fits it instead of spilling off: the header's physical size only, the drawing is untouched.
        const double mm = size.width() * 25.4 / dpi;
        if (mm > 270) {
            const QByteArray from = QStringLiteral("width=\"%1mm\" height=\"%2mm\"")
                                        .arg(mm, 0, 'g', 6)
                                        .arg(size.height() * 25.4 / dpi, 0, 'g', 6)
                                        .toUtf8();
            const QByteArray to = QStringLiteral("width=\"270mm\" height=\"%1mm\"")
                                      .arg(270.0 * size.height() / size.width(), 0, 'g', 6)
                                      .toUtf8();
            bytes->replace(from, to);
        }
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setPageSize(QPageSize(QSizeF(size) * 0.75, QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(96);
        pdf.setCreator(QStringLiteral("Plait"));
        if (!drawVector(&pdf))
            return false;
    } else {
        *error = QStringLiteral("unknown output format \"%1\"; use .png, .svg or .pdf").arg(suffix);
        return false;
    }
    return true;
}

namespace {
// The figure under a title that names its plan, as a reviewer sees it on a slide. The page grows by the title, or
// keeps `size` exactly when the user gave one (the figure gives the title its room).
std::unique_ptr<QWidget> titledPicture(
    std::unique_ptr<QWidget> figure, const QString& title, std::optional<QSize> size, const QString& caption = {})
{
    auto page = std::make_unique<QWidget>();
    page->setAutoFillBackground(true);
    QPalette palette = page->palette();
    palette.setColor(QPalette::Window, Qt::white);
    page->setPalette(palette);
    auto* layout = new QVBoxLayout(page.get());
    layout->setContentsMargins(0, 6, 0, 0);
    layout->setSpacing(4);
    const QSize drawn = figure->size();
    QWidget* inner = figure.release();
    int above = -4; // the layout's spacing comes between the lines, not before the first
    auto addLine = [&](const QString& text, int pixels, bool bold) {
        auto* line = new QLabel(text, page.get());
        QFont font = line->font();
        font.setPixelSize(pixels);
        font.setBold(bold);
        line->setFont(font);
        line->setContentsMargins(8, 0, 8, 0);
        line->setWordWrap(true);
        layout->addWidget(line);
        above += 4 + line->heightForWidth(drawn.width());
    };
    addLine(title, 15, true);
    if (!caption.isEmpty())
        addLine(caption, 13, false);
    layout->addWidget(inner, 1);
    page->resize(size ? *size : QSize(drawn.width(), drawn.height() + 6 + 4 + above));
    showOffscreen(page.get());
    QCoreApplication::processEvents();
    if (auto* topology = qobject_cast<widgets::TopologyView*>(inner))
        topology->zoomToFit();
    return page;
}

}

// One page of everything the window shows for the plan: the figures, the cluster, memory, communication and the
// timeline, each drawn by the widget the window uses.
std::unique_ptr<QWidget> reportWidget(
    std::shared_ptr<const Analysis> analysis, QSize size, bool fitTimeline, bool withTimeline)
{
    const Plan& plan = *analysis->plan;
    const std::shared_ptr<const Evaluation>& ev = analysis->evaluation;
    auto page = std::make_unique<QWidget>();
    page->setAutoFillBackground(true);
    QPalette palette = page->palette();
    palette.setColor(QPalette::Window, Qt::white); // a page for a review, not a window
    page->setPalette(palette);
    page->resize(size);
    auto* grid = new QGridLayout(page.get());
    // The summary names the plan; the line above it says how it runs.
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    QString how = QStringLiteral("%1 × %2   TP %3 · PP %4 · DP %5 · CP %6")
                      .arg(par.gpusUsed())
                      .arg(QString::fromStdString(plan.cluster.gpu.id))
                      .arg(par.tp)
                      .arg(par.pp)
                      .arg(par.dp)
                      .arg(par.cp);
    if (par.ep > 1)
        how += QStringLiteral(" · EP %1").arg(par.ep);
    how += QStringLiteral("   ")
        + QCoreApplication::translate("Report", "%1%2 · micro-batch %3 · global batch %4 · ZeRO %5 · recompute %6 · %7")
              .arg(QString::fromLatin1(scheduleName(par.schedule)))
              .arg(par.vpp > 1 ? QStringLiteral(" v=%1").arg(par.vpp) : QString())
              .arg(tr.microBatch)
              .arg(tr.globalBatch)
              .arg(tr.zeroStage)
              .arg(QString::fromStdString(recomputeText(tr)))
              .arg(QString::fromLatin1(precisionName(tr.precision))
                  + (tr.precision == Precision::FP8
                          ? QLatin1Char(' ') + QString::fromLatin1(fp8RecipeName(tr.fp8Recipe))
                          : QString())
                  + (tr.offloadOptimizer ? QStringLiteral(" · offload") : QString()));
    auto* title = new QLabel(how, page.get());
    QFont font = title->font();
    font.setPointSizeF(font.pointSizeF() * 1.15);
    font.setBold(true);
    title->setFont(font);
    title->setWordWrap(true);
    grid->addWidget(title, 0, 0, 1, 2);
    auto* summary = new widgets::SummaryView(page.get());
    summary->setEvaluation(ev);
    summary->setRun(analysis->run, analysis->plan);
    summary->setMaximumHeight(260);
    grid->addWidget(summary, 1, 0, 1, 2);
    auto* topology = new widgets::TopologyView(page.get());
    topology->setAnalysis(analysis);
    topology->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    topology->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    grid->addWidget(topology, 2, 0);
    auto* charts = new QVBoxLayout;
    auto* memory = new widgets::MemoryBars(page.get());
    memory->setEvaluation(ev);
    auto* comm = new widgets::CommBreakdown(page.get());
    comm->setControlsVisible(false); // a page for a review: the figures, not the window's controls
    comm->setEvaluation(ev);
    charts->addWidget(memory);
    charts->addWidget(comm);
    grid->addLayout(charts, 2, 1);
    grid->setRowStretch(2, 1);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);
    if (!withTimeline) {
        showOffscreen(page.get());
        QCoreApplication::processEvents();
        topology->zoomToFit();
        return page;
    }
    auto* gantt = new TimelinePanel(page.get());
    gantt->setControlsVisible(false);
    gantt->setAnalysis(analysis);
    grid->addWidget(gantt, 3, 0, 1, 2);
    showOffscreen(page.get());
    QCoreApplication::processEvents();
    // The timeline as tall as its lanes: the page grows to hold every lane (unless its size was given), so no
    // stage is cut off the picture.
    const int chrome = gantt->height() - gantt->view()->height();
    const int lanes = chrome + gantt->view()->contentHeight() + 48;
    if (fitTimeline)
        page->resize(size.width(), std::min(size.height() + lanes, 10000));
    gantt->setFixedHeight(std::clamp(lanes, 200, fitTimeline ? 10000 - size.height() : size.height() / 2));
    QCoreApplication::processEvents();
    topology->zoomToFit();
    gantt->view()->resetZoom();
    return page;
}

std::unique_ptr<QWidget> pictureOf(
    const QString& view, std::shared_ptr<const Analysis> analysis, QSize size, const PictureOptions& options)
{
    const std::shared_ptr<const Evaluation>& ev = analysis->evaluation;
    std::unique_ptr<QWidget> widget;
    if (view == QLatin1String("topology")) {
        auto* t = new widgets::TopologyView;
        widget.reset(t);
        t->resize(size);
        const QMap<QString, widgets::TopologyView::Dimension> dims { { QStringLiteral("all"),
                                                                         widgets::TopologyView::Dimension::All },
            { QStringLiteral("tp"), widgets::TopologyView::Dimension::TP },
            { QStringLiteral("pp"), widgets::TopologyView::Dimension::PP },
            { QStringLiteral("dp"), widgets::TopologyView::Dimension::DP },
            { QStringLiteral("ep"), widgets::TopologyView::Dimension::EP } };
        t->setDimension(dims.value(options.groups, widgets::TopologyView::Dimension::All));
        t->setAnalysis(analysis);
        t->setNodeFindings(options.nodeFindings);
        t->setGpuFindings(options.gpuFindings);
        t->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        t->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        showOffscreen(t);
        t->zoomToFit();
        // A wide cluster leaves room above it at this size: the picture is cut to what it shows.
        if (!options.sized && t->fittedHeight() < size.height()) {
            t->resize(size.width(), std::max(t->fittedHeight(), 200));
            t->zoomToFit();
        }
    } else if (view == QLatin1String("memory")) {
        auto* m = new widgets::MemoryBars;
        widget.reset(m);
        m->resize(size);
        m->setEvaluation(ev);
        showOffscreen(m);
    } else if (view == QLatin1String("report")) {
        widget = reportWidget(analysis, size, !options.sized);
    } else if (view == QLatin1String("gantt")) {
        auto* g = new TimelinePanel;
        widget.reset(g);
        g->setControlsVisible(false);
        g->resize(size);
        g->setAnalysis(analysis);
        if (options.trace) {
            g->setTrace(options.trace, options.traceName, options.traceStages);
        } else if (options.schedules) {
            g->setScheduleStudy(options.schedules);
            g->setMode(TimelineMode::Schedules);
        }
        showOffscreen(g);
        QCoreApplication::processEvents();
        // Tall enough for every lane unless the user chose a size.
        if (!options.sized) {
            const int chrome = g->height() - g->view()->height();
            if (options.fillHeight) {
                // The page's height less the title's and the timeline's own chrome, shared by the lanes.
                const int room = size.height() - chrome - 48 - 60;
                for (double scale = double(room) / std::max(1, g->view()->contentHeight()); scale > 1; scale *= 0.95) {
                    g->view()->setLaneScale(scale);
                    if (g->view()->contentHeight() <= room)
                        break;
                }
            }
            g->resize(size.width(), std::clamp(chrome + g->view()->contentHeight() + 48, 260, 8000));
            QCoreApplication::processEvents();
        }
        g->view()->resetZoom();
        if (options.from || options.to) {
            const widgets::TimeWindow w = g->view()->window();
            g->view()->setWindow(options.from.value_or(w.start), options.to.value_or(w.end));
        }
    } else {
        auto* c = new widgets::CommBreakdown;
        widget.reset(c);
        c->setControlsVisible(false);
        c->resize(size);
        c->setEvaluation(ev);
        showOffscreen(c);
    }
    QCoreApplication::processEvents();
    if (view != QLatin1String("report"))
        widget = titledPicture(std::move(widget),
            options.title.isEmpty() ? QString::fromStdString(analysis->plan->name) : options.title,
            options.sized ? std::optional<QSize>(size) : std::nullopt, options.caption);
    if (options.sized)
        widget->setProperty(kAskedSize, size);
    for (QCustomPlot* plot : widget->findChildren<QCustomPlot*>())
        plot->replot(QCustomPlot::rpImmediateRefresh);
    return widget;
}

QSize defaultPictureSize(const QString& view, bool schedules)
{
    return view == QLatin1String("topology") ? QSize(1400, 900)
        : view == QLatin1String("report")    ? QSize(1600, 1000) // the timeline's lanes are added below
        : view == QLatin1String("gantt")     ? QSize(1400, schedules ? 900 : 560)
                                             : QSize(900, 560);
}

} // namespace plait::app
