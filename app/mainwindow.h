#pragma once

#include "autosave.h"
#include "docksetup.h"
#include "document.h"
#include "fileroute.h"
#include "launchconfig.h"
#include "measuredlinks.h"
#include "plan.h"
#include "plananalysis.h"
#include "traceloader.h"

#include <QMainWindow>
#include <memory>
#include <optional>

class QMenu;
class QLabel;

namespace plait::widgets {
class SummaryView;
class TopologyView;
class MemoryBars;
class CommBreakdown;
class PlanEditor;
}

namespace plait::app {
class TimelinePanel;
class CalibrationPanel;
class AdvicePanel;
class SuggestPanel;
class LessonsPanel;
class ProbeDialog;

// Wires the document, the evaluation runner and the views. Every view listens to the one current plan and its
// evaluation; none talks to another.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const QString& autosaveDir = Autosave::defaultDirectory(), QWidget* parent = nullptr);
    ~MainWindow() override;

    bool openPlan(const QString& path); // reports problems in a message box when shown, on stderr otherwise
    void newPlan(); // File → New: the smallest example, with no file behind it
    void openStartPlan(); // started without a file: the last plan that still opens, or a new one
    void closeWithoutQuestions(); // a clean exit that asks nothing (--quit-after): state saved, autosave finished
    bool savePlan(const QString& path);
    bool save(); // to the plan's file, or asks for one when it has none of the user's (an example, a new plan)
    bool saveAs();
    Document* document() { return &m_document; }
    engine::PlanAnalysis* analysis() { return &m_analysis; }
    widgets::SummaryView* summaryView() const { return m_summary; }
    widgets::TopologyView* topologyView() const { return m_topology; }
    widgets::MemoryBars* memoryBars() const { return m_memory; }
    widgets::CommBreakdown* commBreakdown() const { return m_comm; }
    widgets::PlanEditor* planEditor() const { return m_editor; }
    TimelinePanel* timelinePanel() const { return m_timeline; }
    engine::TraceLoader* traceLoader() { return &m_traceLoader; }
    void openTrace(const QString& path); // loads off the GUI thread; the Gantt shows it beside the prediction
    // Writes the document's predicted timeline off the GUI thread; timelineExported tells how it went.
    void exportTimeline(const QString& path);
    // A picture of one view (topology, memory, comm, gantt, report) of the document's plan, as plait render draws
    // it: PNG, SVG or PDF by the suffix. False, with the reason, when it cannot be written or the plan's analysis has
    // not arrived yet (the picture is never of another plan than the document's).
    // The design-review report of the document's plan as PDF or HTML (File → Export Report).
    bool exportReport(const QString& path, QString* error);
    QString suggestedReportName() const; // what Export Report offers: the file's name, else the plan's
    bool exportView(const QString& view, const QString& path, QString* error);
    // A probe output: TRACE.json goes to the Gantt, LINKS.json and COMPUTE.json to calibration.
    bool openProbeResult(const QString& path);
    // nccl-tests logs (text or -J, one node or many), read off the GUI thread: the measurement of the plan's widest
    // link goes to calibration, what the fabric check finds (slow links, outlier nodes) onto the topology's nodes.
    void openMeasuredLinks(const QStringList& paths);
    // A framework's launch configuration (Megatron-LM arguments, DeepSpeed JSON, torchtitan job; the format from the
    // content when not given) over the open plan, as one edit that Undo takes back; what the file sets that the plan
    // does not hold is listed (a message box when shown, the status bar always). False, with the reason, when the file
    // cannot be read.
    bool importLaunchConfig(const QString& path, std::optional<LaunchFormat> format = std::nullopt);
    // The open plan as `kind` (megatron, deepspeed, torchtitan, or hostfile: the rank map that launches it as placed),
    // written atomically to `path`. Empty when written, else why not: the framework's refusals, each with its fix.
    QString exportLaunchConfig(const QString& kind, const QString& path);
    // Nodes' nvidia-smi topo -m output or NCCL topology dumps (one file per node, or folders of them) as the open
    // plan's cluster, one edit that Undo takes back; a node unlike the others, a degraded NVLink or a GPU far from
    // its NIC is outlined on the topology with the finding in its tooltip. False, with the reason, when not read.
    bool importNodeDumps(const QStringList& paths);
    ProbeDialog* openProbeDialog(); // shown, not modal
    QWidget* compareWith(const QString& path); // the current plan against another, in a window of its own
    CalibrationPanel* calibrationPanel() const { return m_calibration; }
    AdvicePanel* advicePanel() const { return m_advice; }
    SuggestPanel* suggestPanel() const { return m_suggest; }
    LessonsPanel* lessonsPanel() const { return m_lessons; }
    Autosave* autosave() { return &m_autosave; }
    void offerRecovery(); // after a crash: offer the plans the last session did not save
    QString statusText() const;

signals:
    void timelineExported(const QString& path, const QString& error); // error empty: written

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus(); // mainwindowactions.cpp
    void fitToScreen(); // inside the screen's available geometry, however it was sized or restored
    void showAnalysis(std::shared_ptr<const Analysis> analysis);
    // The newest analysis when it is of the document's plan; null while the newest edit is being evaluated.
    std::shared_ptr<const Analysis> documentAnalysis() const;
    bool openResult(const QString& path, engine::FileKind kind); // a probe output whose kind is known
    // The measured links' findings against the document's cluster, on the topology; `say`: in the status bar too.
    void showMeasuredFindings(bool say);
    void showNodeFindings(); // both kinds of findings on the topology
    // What an import did, in a box that does not block, when the window is shown (mainwindowlaunch.cpp).
    void showSummary(const QString& title, const QString& informative, const QString& details);
    void editPlacement(const Result<Plan>& edited, const QString& description);
    bool maybeSave();
    void updateTitle();
    void addRecent(const QString& path);
    void rebuildRecentMenu();

    Catalog m_catalog;
    Document m_document;
    Autosave m_autosave;
    engine::PlanAnalysis m_analysis;
    engine::JobTracker m_export;
    engine::JobTracker m_import;
    std::optional<engine::MeasuredLinks> m_measured; // the nccl-tests files opened last
    // Findings on the topology's nodes: from nccl-tests (worked out again for each plan), and from the nodes' own
    // dumps (kept while the plan's cluster is the one they described).
    QMap<int, QString> m_measuredFindings, m_dumpFindings;
    ClusterSpec m_dumpCluster;
    engine::TraceLoader m_traceLoader;
    widgets::SummaryView* m_summary = nullptr;
    widgets::TopologyView* m_topology = nullptr;
    widgets::MemoryBars* m_memory = nullptr;
    widgets::CommBreakdown* m_comm = nullptr;
    widgets::PlanEditor* m_editor = nullptr;
    TimelinePanel* m_timeline = nullptr;
    CalibrationPanel* m_calibration = nullptr;
    AdvicePanel* m_advice = nullptr;
    SuggestPanel* m_suggest = nullptr;
    LessonsPanel* m_lessons = nullptr;
    Docks m_docks {};
    QMenu* m_recentMenu = nullptr;
    QLabel* m_status = nullptr;
    bool m_previewing = false;
    bool m_askBeforeClosing = true;
    bool m_fillScreen = false; // no saved geometry: the first show fills the screen
    bool m_restoredLayout = false;
};

} // namespace plait::app
