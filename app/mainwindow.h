#pragma once

#include "autosave.h"
#include "docksetup.h"
#include "document.h"
#include "exports.h"
#include "fileopener.h"
#include "plan.h"
#include "plananalysis.h"

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
// evaluation; none talks to another. What opens files other than plans is the FileOpener's; what writes the plan
// out, the Exports'.
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
    FileOpener* files() const { return m_files; } // traces, measurements, launch configurations, node dumps
    Exports* exports() const { return m_exports; } // pictures, the report, the timeline, launch configurations
    ProbeDialog* openProbeDialog(); // shown, not modal
    QWidget* compareWith(const QString& path); // the current plan against another, in a window of its own
    CalibrationPanel* calibrationPanel() const { return m_calibration; }
    AdvicePanel* advicePanel() const { return m_advice; }
    SuggestPanel* suggestPanel() const { return m_suggest; }
    LessonsPanel* lessonsPanel() const { return m_lessons; }
    Autosave* autosave() { return &m_autosave; }
    void offerRecovery(); // after a crash: offer the plans the last session did not save
    QString statusText() const;

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus(); // mainwindowactions.cpp
    void fitToScreen(); // inside the screen's available geometry, however it was sized or restored
    // The constructor's wiring, by what it connects.
    void connectDocument(); // an edit: the views' plan, one analysis, autosave, the title
    void connectAnalysis(); // what the engine publishes, to the views
    void connectPanels(); // lessons, advice, search, calibration and the editor edit the document
    void connectPlacementEdits(); // the topology's drags: previewed, then one undoable edit
    void connectFormulas(); // a click on a chart's part: its formula with the plan's numbers
    void showAnalysis(std::shared_ptr<const Analysis> analysis);
    void editPlacement(const Result<Plan>& edited, const QString& description);
    bool maybeSave();
    void updateTitle();
    void addRecent(const QString& path);
    void rebuildRecentMenu();

    Catalog m_catalog;
    Document m_document;
    Autosave m_autosave;
    engine::PlanAnalysis m_analysis;
    FileOpener* m_files = nullptr;
    Exports* m_exports = nullptr;
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
