#pragma once

#include "analysis.h"
#include "chrometrace.h"
#include "jobprofile.h"
#include "predictedtimeline.h"

#include <QMap>
#include <QSize>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

class QByteArray;
class QCPPainter;
class QWidget;

namespace plait::app {

// What a picture of a view shows beyond the analysis: the size as the user asked for it (else the view's own, the
// Gantt as tall as its lanes), and for the Gantt a measured trace, the schedule study or a time window.
struct PictureOptions {
    bool sized = false;
    std::shared_ptr<const TraceRead> trace;
    QString traceName;
    std::vector<MeasuredStage> traceStages; // a job profile's, for the Gantt's breakdown beside the prediction
    std::shared_ptr<const std::vector<ScheduleStudy>> schedules;
    std::optional<double> from, to;
    QString groups = QStringLiteral("all"); // topology: which groups it colours (all, tp, pp, dp, ep)
    // gantt, not sized: a short pipeline's lanes grow (up to 6 times) to fill `size`, a report's page.
    bool fillHeight = false;
    QString title; // over the picture; empty: the plan's name
    QString caption; // under the title, in plain weight: what a measurement found (topology: a job profile's finding)
    QMap<int, QString> nodeFindings; // topology: nodes outlined, by node, with what was found there
    QMap<int, QString> gpuFindings; // topology: GPUs framed, by the cluster's GPU index
};

// A view (topology, memory, comm, gantt, report) drawn for a picture: the window's own widget, without its
// controls, under a title naming the plan. Shown offscreen, laid out and ready for writePicture.
std::unique_ptr<QWidget> pictureOf(
    const QString& view, std::shared_ptr<const Analysis> analysis, QSize size, const PictureOptions& options = {});
QSize defaultPictureSize(const QString& view, bool schedules = false);
// Writes the picture as PNG, SVG or PDF by the file's suffix, atomically; false with the reason otherwise.
bool writePicture(QWidget* picture, const QString& path, QString* error);
// The same into memory, by format name (png, svg, pdf).
bool drawPicture(QWidget* picture, const QString& format, QByteArray* bytes, QString* error);
// Paints the picture's widgets as vectors (charts and the Gantt drawn, not copied as pixels) onto a started painter.
void paintPicture(QCPPainter& painter, QWidget* picture);
// Everything the window shows for the plan on one page of `size`: the recipe line, the figures, the cluster,
// memory, communication and, `withTimeline`, the timeline (as tall as its lanes when `fitTimeline`, the page
// growing).
std::unique_ptr<QWidget> reportWidget(
    std::shared_ptr<const Analysis> analysis, QSize size, bool fitTimeline, bool withTimeline = true);

} // namespace plait::app
