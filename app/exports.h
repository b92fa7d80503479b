#pragma once
// What the window writes of the open plan: pictures of its views, the design-review report, the predicted timeline
// as a Chrome trace, and the launch configuration that runs it. Each is of the document's plan and of its own
// analysis, never of an edit still being evaluated, and nothing is evaluated on the GUI thread.
#include "analysis.h"
#include "document.h"
#include "jobtracker.h"
#include "plananalysis.h"

#include <QObject>
#include <memory>

class QLabel;
class QWidget;

namespace plait::app {

class TimelinePanel;

// The newest analysis when it is of the document's plan; null while the newest edit is being evaluated.
std::shared_ptr<const Analysis> currentAnalysis(const engine::PlanAnalysis& analysis, const Document& document);

class Exports : public QObject {
    Q_OBJECT
public:
    // `window` owns the message boxes (shown only when it is); `status` says what each export did.
    Exports(QWidget* window, const Document* document, const engine::PlanAnalysis* analysis, QLabel* status,
        QObject* parent);

    // A picture of one view (topology, memory, comm, gantt, report) of the document's plan, as plait render draws
    // it: PNG, SVG or PDF by the suffix. False, with the reason, when it cannot be written or the plan's analysis
    // has not arrived yet (the picture is never of another plan than the document's).
    bool exportView(const QString& view, const QString& path, QString* error);
    // The design-review report of the document's plan as PDF or HTML (File → Export Report), with the engine's
    // advice for this analysis.
    bool exportReport(const QString& path, QString* error);
    // The Gantt whose measured trace or job profile the report draws beside the prediction.
    void setTimeline(const TimelinePanel* timeline) { m_timeline = timeline; }
    QString suggestedReportName() const; // what Export Report offers: the file's name, else the plan's
    // Writes the document's predicted timeline off the GUI thread; timelineExported tells how it went.
    void exportTimeline(const QString& path);
    // The open plan as `kind` (megatron, deepspeed, torchtitan, or hostfile: the rank map that launches it as
    // placed), written atomically to `path`. Empty when written, else why not: the framework's refusals, each with
    // its fix.
    QString exportLaunchConfig(const QString& kind, const QString& path);

signals:
    void timelineExported(const QString& path, const QString& error); // error empty: written

private:
    const TimelinePanel* m_timeline = nullptr;
    QWidget* m_window;
    const Document* m_document;
    const engine::PlanAnalysis* m_analysis;
    QLabel* m_status;
    engine::JobTracker m_export;
};

} // namespace plait::app
