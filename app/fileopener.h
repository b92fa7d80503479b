#pragma once
// Opening what is not the plan itself: a trace goes to the timeline, measurements to calibration and onto the
// topology's nodes, a framework's launch configuration or the nodes' topology dumps become one edit of the plan
// that Undo takes back. Files are routed by the one table of file kinds (engine/fileroute.h), for File → Open,
// the Probe menu, the probe dialog's outputs and drops alike.
#include "docksetup.h"
#include "document.h"
#include "fileroute.h"
#include "jobtracker.h"
#include "launchconfig.h"
#include "measuredlinks.h"
#include "profileloader.h"
#include "traceloader.h"

#include <QMap>
#include <QObject>
#include <functional>
#include <optional>

class QLabel;
class QWidget;

namespace plait::widgets {
class TopologyView;
}

namespace plait::app {
class CalibrationPanel;
class TimelinePanel;

class FileOpener : public QObject {
    Q_OBJECT
public:
    // What the files go to; `window` owns the dialogs and message boxes (shown only when it is), `status` says
    // what each file did.
    struct Targets {
        QWidget* window;
        Document* document;
        TimelinePanel* timeline;
        CalibrationPanel* calibration;
        widgets::TopologyView* topology;
        const Docks* docks;
        QLabel* status;
    };
    // `openPlan`: how the window opens a plan (after asking about unsaved changes); false when it did not.
    FileOpener(const Targets& targets, std::function<bool(const QString&)> openPlan, QObject* parent);

    // Files opened or dropped together, grouped by kind (a plan first; nccl-tests logs read together, node dumps
    // as one cluster, each other file on its own). False when one of them could not be opened (the status says
    // why).
    bool openFiles(const QStringList& paths);
    void openTrace(const QString& path); // loads off the GUI thread; the Gantt shows it beside the prediction
    // A job's profile, every rank's PyTorch profiler trace (files, or folders of them), read off the GUI thread with
    // progress and cancel: a lane per rank beside the prediction, placed by the plan's stages, the straggler's node
    // outlined on the topology.
    void openProfile(const QStringList& paths);
    // nccl-tests logs (text or -J, one node or many), read off the GUI thread: the measurement of the plan's widest
    // link goes to calibration, what the fabric check finds (slow links, outlier nodes) onto the topology's nodes.
    void openMeasuredLinks(const QStringList& paths);
    // A framework's launch configuration (Megatron-LM arguments, DeepSpeed JSON, torchtitan job; the format from the
    // content when not given) over the open plan, as one edit that Undo takes back; what the file sets that the plan
    // does not hold is listed (a message box when shown, the status bar always). False, with the reason, when the
    // file cannot be read.
    bool importLaunchConfig(const QString& path, std::optional<LaunchFormat> format = std::nullopt);
    // Nodes' nvidia-smi topo -m output or NCCL topology dumps (one file per node, or folders of them) as the open
    // plan's cluster, one edit that Undo takes back; a node unlike the others, a degraded NVLink or a GPU far from
    // its NIC is outlined on the topology with the finding in its tooltip. False, with the reason, when not read.
    bool importNodeDumps(const QStringList& paths);
    engine::TraceLoader* traceLoader() { return &m_traceLoader; }
    engine::ProfileLoader* profileLoader() { return &m_profileLoader; }
    // The plan changed: the findings are worked out against its cluster again.
    void planChanged();

private:
    bool openGroup(const engine::FileGroup& group);
    bool openMeasurement(const QString& path, engine::FileKind kind); // plait-probe's LINKS, COMPUTE, reference
    // The measured links' findings against the document's cluster, on the topology; `say`: in the status bar too.
    void showMeasuredFindings(bool say);
    void showNodeFindings(); // every kind of finding on the topology
    void showProfile(const engine::LoadedProfile& profile, const QStringList& files);
    bool dialogsShown() const;
    // A progress dialog with cancel for a load running on `loader` (TraceLoader, ProfileLoader).
    template <typename Loader> void showProgress(const QString& text, Loader* loader);

    Targets m_to;
    std::function<bool(const QString&)> m_openPlan;
    engine::JobTracker m_import;
    engine::TraceLoader m_traceLoader;
    engine::ProfileLoader m_profileLoader;
    QMap<int, QString> m_profileFindings; // by node: the straggler the profile opened last names
    QMap<int, QString> m_profileGpuFindings; // and by GPU: its own chip
    ClusterSpec m_profileCluster; // the cluster those findings were placed on
    std::optional<engine::MeasuredLinks> m_measured; // the nccl-tests files opened last
    // Findings on the topology's nodes: from nccl-tests (worked out again for each plan), and from the nodes' own
    // dumps (kept while the plan's cluster is the one they described).
    QMap<int, QString> m_measuredFindings, m_dumpFindings;
    ClusterSpec m_dumpCluster;
};

// What an import or export did, in a box that does not block, when `window` is shown: `text` over the notes
// (`informative`, HTML or plain) and the lists (`details`, under Show Details).
void showSummaryBox(
    QWidget* window, const QString& title, const QString& text, const QString& informative, const QString& details);
// "Megatron-LM", "DeepSpeed", "torchtitan", "Hugging Face config.json".
QString launchFormatTitle(LaunchFormat f);

} // namespace plait::app
