#include "fileopener.h"

#include "calibrationpanel.h"
#include "launchfiles.h"
#include "nodedumps.h"
#include "proberesults.h"
#include "profilefinding.h"
#include "safejson.h"
#include "timelinepanel.h"
#include "topologyview.h"
#include "translatedtext.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QProgressDialog>
#include <utility>

namespace plait::app {

namespace {

QString settingLines(const std::vector<ConfigSetting>& list)
{
    QStringList lines;
    for (const ConfigSetting& s : list) {
        // "line 12" in the reader's language; a JSON path or a TOML key as the file spells it.
        const int line = lineOfPlace(s.place);
        lines << (s.place == s.name ? QString()
                                    : (line > 0 ? FileOpener::tr("line %1").arg(line) : QString::fromStdString(s.place))
                             + QStringLiteral(": "))
                + QString::fromStdString(s.name + (s.value.empty() ? "" : " " + s.value))
                + (s.how.empty() ? QString() : QStringLiteral(" — ") + widgets::translatedText(s.how));
    }
    return lines.join(QLatin1Char('\n'));
}

QString notProbeResult(const QString& path)
{
    return FileOpener::tr("%1 is not a probe result (TRACE.json, LINKS.json, COMPUTE.json or torch-reference.json).")
        .arg(path);
}

} // namespace

QString launchFormatTitle(LaunchFormat f)
{
    switch (f) {
    case LaunchFormat::Megatron:
        return QStringLiteral("Megatron-LM");
    case LaunchFormat::DeepSpeed:
        return QStringLiteral("DeepSpeed");
    case LaunchFormat::Torchtitan:
        return QStringLiteral("torchtitan");
    case LaunchFormat::HfConfig:
        return QStringLiteral("Hugging Face config.json");
    }
    return {};
}

void showSummaryBox(
    QWidget* window, const QString& title, const QString& text, const QString& informative, const QString& details)
{
    if (!window->isVisible())
        return;
    auto* box = new QMessageBox(QMessageBox::Information, title, text, QMessageBox::Ok, window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("launchImportSummary"));
    // Wide enough that a flag is not wrapped at its hyphens.
    box->setStyleSheet(
        QStringLiteral("QLabel#qt_msgbox_label, QLabel#qt_msgbox_informativelabel { min-width: 560px; }"));
    box->setInformativeText(informative);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse); // a flag or a command line copied from it
    if (!details.isEmpty())
        box->setDetailedText(details);
    box->open(); // not exec(): nothing waits on it
}

FileOpener::FileOpener(const Targets& targets, std::function<bool(const QString&)> openPlan, QObject* parent)
    : QObject(parent)
    , m_to(targets)
    , m_openPlan(std::move(openPlan))
{
    connect(&m_traceLoader, &engine::TraceLoader::loaded, this,
        [this](std::shared_ptr<const TraceRead> trace, const QString& path) {
            m_to.timeline->setTrace(trace, QFileInfo(path).fileName());
            QString text = tr("Opened trace %1: %n event(s)", nullptr, int(trace->timeline.spanCount())).arg(path);
            if (!trace->problems.empty())
                text += QStringLiteral(" — ")
                    + tr("not drawn: %1").arg(widgets::translatedText(trace->problems.front()));
            m_to.status->setText(text);
        });
    connect(&m_profileLoader, &engine::ProfileLoader::loaded, this,
        [this](std::shared_ptr<const engine::LoadedProfile> profile, const QStringList& files) {
            showProfile(*profile, files);
        });
    connect(&m_profileLoader, &engine::ProfileLoader::failed, this, [this](const QString& message) {
        m_to.status->setText(tr("Profile not opened: %1").arg(message));
        if (dialogsShown())
            QMessageBox::warning(
                m_to.window, tr("Cannot open profile"), tr("The profile was not opened: %1").arg(message));
    });
    connect(&m_traceLoader, &engine::TraceLoader::failed, this, [this](const QString& path, const QString& message) {
        m_to.status->setText(tr("Trace %1 not opened: %2").arg(path, message));
        if (dialogsShown())
            QMessageBox::warning(m_to.window, tr("Cannot open trace"), tr("%1 was not opened: %2").arg(path, message));
    });
}

bool FileOpener::dialogsShown() const
{
    return m_to.window->isVisible() && QGuiApplication::platformName() != QLatin1String("offscreen");
}

bool FileOpener::openFiles(const QStringList& paths)
{
    bool all = true;
    bool planOpened = false;
    for (const engine::FileGroup& group : engine::groupFiles(paths)) {
        // One plan is the document: a second one dropped beside it is not opened over it.
        if (group.kind == engine::FileKind::Plan && std::exchange(planOpened, true)) {
            m_to.status->setText(tr("%1 was not opened: one plan at a time").arg(group.paths.front()));
            all = false;
            continue;
        }
        all = openGroup(group) && all;
    }
    return all;
}

bool FileOpener::openGroup(const engine::FileGroup& group)
{
    const QString& path = group.paths.front();
    switch (group.kind) {
    case engine::FileKind::Plan:
        return m_openPlan(path);
    case engine::FileKind::Trace:
        openTrace(path);
        return true;
    case engine::FileKind::NcclTests:
        openMeasuredLinks(group.paths);
        return true;
    case engine::FileKind::LaunchConfig:
        return importLaunchConfig(path);
    case engine::FileKind::NodeDump:
        return importNodeDumps(group.paths);
    case engine::FileKind::Links:
    case engine::FileKind::Compute:
    case engine::FileKind::TorchReference:
        return openMeasurement(path, group.kind);
    case engine::FileKind::Unknown:
        break;
    }
    m_to.status->setText(notProbeResult(path));
    return false;
}

bool FileOpener::openMeasurement(const QString& path, engine::FileKind kind)
{
    auto doc = readJsonFile(path.toStdString()); // a measurement file: small
    if (!doc) {
        m_to.status->setText(tr("%1: %2").arg(path, QString::fromStdString(doc.errorText())));
        return false;
    }
    const QString name = QFileInfo(path).fileName();
    // Each kind's reader, where it goes, and what the status then says.
    auto shown = [&](const auto& read, auto show, const QString& said) {
        if (!read) {
            m_to.status->setText(tr("%1: %2").arg(path, QString::fromStdString(read.errorText())));
            return false;
        }
        (m_to.calibration->*show)(read.value(), name);
        m_to.docks->calibration->raise();
        m_to.status->setText(said);
        return true;
    };
    switch (kind) {
    case engine::FileKind::Links:
        return shown(
            linksFromJson(doc.value()), &CalibrationPanel::setLinks, tr("Link measurements from %1").arg(path));
    case engine::FileKind::Compute:
        return shown(
            computeFromJson(doc.value()), &CalibrationPanel::setCompute, tr("Compute measurements from %1").arg(path));
    case engine::FileKind::TorchReference:
        return shown(torchReferenceFromJson(doc.value()), &CalibrationPanel::setTorchReference,
            tr("PyTorch reference measurements from %1").arg(path));
    default:
        m_to.status->setText(notProbeResult(path));
        return false;
    }
}

void FileOpener::openTrace(const QString& path)
{
    m_to.status->setText(tr("Opening trace %1…").arg(path));
    m_traceLoader.load(path);
    if (!dialogsShown())
        return;
    showProgress(tr("Reading %1…").arg(QFileInfo(path).fileName()), &m_traceLoader);
}

template <typename Loader> void FileOpener::showProgress(const QString& text, Loader* loader)
{
    // Large files take seconds: a progress dialog with cancel, shown only if the load lasts.
    auto* dialog = new QProgressDialog(text, tr("Cancel"), 0, 1000, m_to.window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setMinimumDuration(300);
    dialog->setWindowModality(Qt::WindowModal);
    connect(loader, &Loader::progress, dialog, &QProgressDialog::setValue);
    connect(loader, &Loader::loaded, dialog, &QProgressDialog::close);
    connect(loader, &Loader::failed, dialog, &QProgressDialog::close);
    connect(dialog, &QProgressDialog::canceled, loader, &Loader::cancel);
}

void FileOpener::openProfile(const QStringList& paths)
{
    m_to.status->setText(tr("Opening the profile of %n file(s) or folder(s)…", nullptr, int(paths.size())));
    const Document& doc = *m_to.document;
    m_profileLoader.load(paths, doc.hasPlan() ? std::make_shared<const Plan>(doc.plan()) : nullptr);
    if (!dialogsShown())
        return;
    showProgress(tr("Reading every rank's profile…"), &m_profileLoader);
}

void FileOpener::showProfile(const engine::LoadedProfile& profile, const QStringList& files)
{
    const JobProfile& job = profile.job;
    const QString name = files.size() == 1 ? QFileInfo(files.front()).fileName()
                                           : tr("%n rank(s)", nullptr, int(profile.ranks.size()));
    m_to.timeline->setTrace(profile.trace, name, profile.stages);
    if (profile.calibration)
        m_to.calibration->setProfileCalibration(*profile.calibration, name);
    QString text = tr("Opened the profile of %n rank(s), step %1", nullptr, int(profile.ranks.size()))
                       .arg(profile.timeline.step);
    if (profile.ranks.size() > 1)
        text += QStringLiteral("; ")
            + tr("clocks aligned on their collectives, worst residual %1 µs")
                  .arg(QString::number(job.alignment.worstResidualUs, 'f', 1));
    // The straggler's node outlined on the topology, as the fabric check outlines a slow link's: placed by the plan
    // the profile was laid out against (the one open when it was opened).
    m_profileFindings.clear();
    m_profileGpuFindings.clear();
    if (const std::optional<ProfileFinding> finding = profileFinding(job, profile.places)) {
        text += QStringLiteral("; ") + finding->text;
        if (finding->node >= 0 && m_to.document->hasPlan()) {
            m_profileFindings[finding->node] = finding->text;
            if (finding->gpu >= 0)
                m_profileGpuFindings[finding->gpu] = finding->text;
            m_profileCluster = m_to.document->plan().cluster;
        }
    }
    showNodeFindings();
    if (!profile.trace->problems.empty())
        text += QStringLiteral(" — ") + widgets::translatedText(profile.trace->problems.front());
    m_to.status->setText(text);
}

void FileOpener::openMeasuredLinks(const QStringList& paths)
{
    m_to.status->setText(tr("Reading %n nccl-tests file(s)…", nullptr, int(paths.size())));
    m_import.start([paths](const engine::JobTracker::Cancelled&) { return engine::readMeasuredLinks(paths); },
        [this, paths](const Result<engine::MeasuredLinks>& links) {
            if (!links) {
                m_to.status->setText(tr("Not read: %1").arg(QString::fromStdString(links.errorText())));
                if (dialogsShown())
                    QMessageBox::warning(m_to.window, tr("Cannot read nccl-tests output"), m_to.status->text());
                return;
            }
            m_measured = links.value();
            QStringList names;
            for (const QString& p : paths)
                names << QFileInfo(p).fileName();
            const engine::LinkChoice choice = engine::linksToApply(*m_measured);
            // The measurement over the most hosts, else over the most ranks; one with an all-reduce first.
            const LinksResult* shown = choice.interNode ? choice.interNode
                : choice.intraNode                      ? choice.intraNode
                : !choice.interRates.empty()            ? choice.interRates.front().second
                : !choice.intraRates.empty()            ? choice.intraRates.front().second
                                                        : nullptr;
            if (shown) {
                m_to.calibration->setLinks(*shown, names.join(QStringLiteral(", ")));
                m_to.docks->calibration->raise();
            }
            showMeasuredFindings(true);
        });
}

void FileOpener::planChanged()
{
    showMeasuredFindings(false); // against the plan's cluster now
    showNodeFindings();
}

void FileOpener::showMeasuredFindings(bool say)
{
    if (!m_measured || !m_to.document->hasPlan())
        return;
    QMap<int, QString> byNode;
    int count = 0;
    QString first;
    for (const auto& [node, findings] : engine::nodeFindings(*m_measured, m_to.document->plan().cluster)) {
        QStringList texts;
        for (const Warning& w : findings)
            texts << widgets::translatedText("fabric:" + w.code, w.args);
        byNode[node] = texts.join(QStringLiteral("\n"));
        count += int(findings.size());
        if (first.isEmpty())
            first = texts.front();
    }
    m_measuredFindings = byNode;
    showNodeFindings();
    if (say)
        m_to.status->setText(tr("%n measurement(s) of the links; ", nullptr, int(m_measured->measurements.size()))
            + (count == 0 ? tr("the plan's links match them")
                          : tr("%n finding(s) on the topology's nodes: %1", nullptr, count).arg(first)));
}

void FileOpener::showNodeFindings()
{
    const Document& doc = *m_to.document;
    if (!m_dumpFindings.isEmpty() && (!doc.hasPlan() || !(doc.plan().cluster == m_dumpCluster)))
        m_dumpFindings.clear(); // undone, or another cluster since
    if (!m_profileFindings.isEmpty() && (!doc.hasPlan() || !(doc.plan().cluster == m_profileCluster))) {
        m_profileFindings.clear();
        m_profileGpuFindings.clear();
    }
    QMap<int, QString> all = m_measuredFindings;
    for (const QMap<int, QString>* more : { &m_dumpFindings, &m_profileFindings })
        for (auto it = more->cbegin(); it != more->cend(); ++it)
            all[it.key()]
                = all.value(it.key()).isEmpty() ? it.value() : all.value(it.key()) + QLatin1Char('\n') + it.value();
    m_to.topology->setNodeFindings(all);
    m_to.topology->setGpuFindings(m_profileGpuFindings);
}

bool FileOpener::importLaunchConfig(const QString& path, std::optional<LaunchFormat> format)
{
    Document& doc = *m_to.document;
    if (!doc.hasPlan())
        return false;
    const auto imported = engine::importLaunchFile(path, format, doc.plan());
    const QString name = QFileInfo(path).fileName();
    if (!imported) {
        QStringList reasons;
        for (const Issue& e : imported.errors())
            reasons << widgets::issueText(e);
        m_to.status->setText(tr("%1 was not imported: %2").arg(name, reasons.join(QStringLiteral("; "))));
        if (dialogsShown())
            QMessageBox::warning(m_to.window, tr("Import Launch Config"),
                tr("%1 was not imported:\n%2").arg(name, reasons.join(QLatin1Char('\n'))));
        return false;
    }
    const ImportedPlan& i = imported.value();
    doc.edit(i.plan, tr("Import %1").arg(name));
    QString status = (i.launcher.empty() ? tr("Imported %1 (%2): %3 setting(s) not modelled, %4 without effect on "
                                              "the estimate; Undo brings the plan back")
                                         : tr("Imported %1 (%2): %3 setting(s) not modelled, %4 without effect on "
                                              "the estimate, %5 the launcher's; Undo brings the plan back"))
                         .arg(name, launchFormatTitle(i.format))
                         .arg(i.notModelled.size())
                         .arg(i.noEffect.size());
    if (!i.launcher.empty())
        status = status.arg(i.launcher.size());
    m_to.status->setText(status);
    QStringList notes;
    for (const Message& n : i.notes)
        notes << widgets::translatedText(n);
    // Each list under its heading, the empty ones left out.
    QStringList sections;
    const std::pair<QString, const std::vector<ConfigSetting>*> lists[]
        = { { tr("Not modelled (the estimate leaves these out):"), &i.notModelled },
              { tr("No effect on a step's time or memory:"), &i.noEffect },
              { tr("The launcher's (torchrun, srun, mpirun), not the framework's:"), &i.launcher } };
    for (const auto& [heading, list] : lists)
        if (!list->empty())
            sections << heading + QLatin1Char('\n') + settingLines(*list);
    showSummaryBox(m_to.window, tr("Import Launch Config"), status, notes.join(QLatin1Char('\n')),
        sections.join(QStringLiteral("\n\n")));
    return true;
}

bool FileOpener::importNodeDumps(const QStringList& paths)
{
    Document& doc = *m_to.document;
    if (!doc.hasPlan())
        return false;
    const auto imported = engine::importNodeDumps(paths, doc.plan());
    if (!imported) {
        QStringList reasons;
        for (const Issue& e : imported.errors())
            reasons << widgets::issueText(e);
        m_to.status->setText(tr("The nodes were not imported: %1").arg(reasons.join(QStringLiteral("; "))));
        if (dialogsShown())
            QMessageBox::warning(m_to.window, tr("Import Cluster"), m_to.status->text());
        return false;
    }
    const engine::ImportedCluster& i = imported.value();
    m_dumpFindings.clear();
    m_dumpCluster = i.plan.cluster;
    int findings = 0;
    for (int n = 0; n < int(i.cluster.nodeFindings.size()); ++n) {
        QStringList texts;
        for (const Warning& w : i.cluster.nodeFindings[std::size_t(n)])
            texts << widgets::translatedText("topo:" + w.code, w.args);
        findings += int(texts.size());
        if (!texts.isEmpty())
            m_dumpFindings[n] = texts.join(QLatin1Char('\n'));
    }
    doc.edit(i.plan, tr("Import %n node(s)", nullptr, int(i.nodes.size()))); // shows the findings
    QStringList notes;
    for (const Message& m : i.cluster.notes)
        notes << widgets::translatedText(m);
    const ClusterSpec& c = i.plan.cluster;
    m_to.status->setText(tr("Imported %n node(s): %1 × %2 GPUs over %3, %4 NIC(s) per node on %5; %6 finding(s) on "
                            "the topology",
        nullptr, int(i.nodes.size()))
                             .arg(c.nodes)
                             .arg(c.gpusPerNode)
                             .arg(QString::fromStdString(c.intraNode.id))
                             .arg(c.nics())
                             .arg(QString::fromStdString(c.interNode.id))
                             .arg(findings));
    QStringList lines;
    for (auto it = m_dumpFindings.cbegin(); it != m_dumpFindings.cend(); ++it)
        lines << it.value();
    showSummaryBox(
        m_to.window, tr("Import Cluster"), m_to.status->text(), (notes + lines).join(QLatin1Char('\n')), QString());
    return true;
}

} // namespace plait::app
