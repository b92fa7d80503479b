// Framework launch configurations in and out of the open plan (File → Import Launch Config, Export Launch Config).
#include "mainwindow.h"

#include "atomicfile.h"
#include "launchfiles.h"
#include "nodedumps.h"
#include "rankmap.h"
#include "topologyview.h"
#include "translatedtext.h"

#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>

namespace plait::app {

namespace {
QString formatTitle(LaunchFormat f)
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

QString settingLines(const std::vector<ConfigSetting>& list)
{
    QStringList lines;
    for (const ConfigSetting& s : list) {
        // "line 12" in the reader's language; a JSON path or a TOML key as the file spells it.
        const int line = lineOfPlace(s.place);
        lines << (s.place == s.name ? QString()
                                    : (line > 0 ? QCoreApplication::translate("MainWindow", "line %1").arg(line)
                                                : QString::fromStdString(s.place))
                             + QStringLiteral(": "))
                + QString::fromStdString(s.name + (s.value.empty() ? "" : " " + s.value))
                + (s.how.empty() ? QString() : QStringLiteral(" — ") + widgets::translatedText(s.how));
    }
    return lines.join(QLatin1Char('\n'));
}
}

bool MainWindow::importLaunchConfig(const QString& path, std::optional<LaunchFormat> format)
{
    if (!m_document.hasPlan())
        return false;
    const auto imported = engine::importLaunchFile(path, format, m_document.plan());
    const QString name = QFileInfo(path).fileName();
    if (!imported) {
        QStringList reasons;
        for (const Issue& e : imported.errors())
            reasons << widgets::issueText(e);
        m_status->setText(tr("%1 was not imported: %2").arg(name, reasons.join(QStringLiteral("; "))));
        if (isVisible() && QGuiApplication::platformName() != QLatin1String("offscreen"))
            QMessageBox::warning(this, tr("Import Launch Config"),
                tr("%1 was not imported:\n%2").arg(name, reasons.join(QLatin1Char('\n'))));
        return false;
    }
    const ImportedPlan& i = imported.value();
    m_document.edit(i.plan, tr("Import %1").arg(name));
    QString status = (i.launcher.empty() ? tr("Imported %1 (%2): %3 setting(s) not modelled, %4 without effect on "
                                              "the estimate; Undo brings the plan back")
                                         : tr("Imported %1 (%2): %3 setting(s) not modelled, %4 without effect on "
                                              "the estimate, %5 the launcher's; Undo brings the plan back"))
                         .arg(name, formatTitle(i.format))
                         .arg(i.notModelled.size())
                         .arg(i.noEffect.size());
    if (!i.launcher.empty())
        status = status.arg(i.launcher.size());
    m_status->setText(status);
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
    showSummary(tr("Import Launch Config"), notes.join(QLatin1Char('\n')), sections.join(QStringLiteral("\n\n")));
    return true;
}

bool MainWindow::importNodeDumps(const QStringList& paths)
{
    if (!m_document.hasPlan())
        return false;
    const auto imported = engine::importNodeDumps(paths, m_document.plan());
    if (!imported) {
        QStringList reasons;
        for (const Issue& e : imported.errors())
            reasons << widgets::issueText(e);
        m_status->setText(tr("The nodes were not imported: %1").arg(reasons.join(QStringLiteral("; "))));
        if (isVisible() && QGuiApplication::platformName() != QLatin1String("offscreen"))
            QMessageBox::warning(this, tr("Import Cluster"), m_status->text());
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
    m_document.edit(i.plan, tr("Import %n node(s)", nullptr, int(i.nodes.size()))); // shows the findings
    QStringList notes;
    for (const Message& m : i.cluster.notes)
        notes << widgets::translatedText(m);
    const ClusterSpec& c = i.plan.cluster;
    m_status->setText(tr("Imported %n node(s): %1 × %2 GPUs over %3, %4 NIC(s) per node on %5; %6 finding(s) on the "
                         "topology",
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
    showSummary(tr("Import Cluster"), (notes + lines).join(QLatin1Char('\n')), QString());
    return true;
}

void MainWindow::showSummary(const QString& title, const QString& informative, const QString& details)
{
    if (!isVisible())
        return;
    auto* box = new QMessageBox(QMessageBox::Information, title, m_status->text(), QMessageBox::Ok, this);
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

QString MainWindow::exportLaunchConfig(const QString& kind, const QString& path)
{
    if (!m_document.hasPlan())
        return tr("No plan is open.");
    const Plan& plan = m_document.plan();
    const std::optional<LaunchFormat> format = launchFormatFromName(kind.toStdString());
    const std::vector<Issue> problems = format ? exportProblems(plan, *format) : validate(plan);
    if (!problems.empty()) {
        QStringList reasons;
        for (const Issue& e : problems)
            reasons << widgets::issueText(e);
        return tr("%1 would not run this plan; nothing was written:\n%2")
            .arg(format ? formatTitle(*format) : tr("The rank map"), reasons.join(QLatin1Char('\n')));
    }
    const std::string text = format ? plait::exportLaunchConfig(*format, plan) : launchFiles(plan, {});
    QString error;
    if (!engine::writeFileAtomically(path, QByteArray::fromStdString(text), &error))
        return tr("Could not save %1: %2").arg(path, error);
    // What starts the job beside the file: DeepSpeed's parallel sizes and launcher line, the line on a line of its
    // own in a fixed font (the box's text is selectable; a soft wrap copies as nothing).
    QStringList notes;
    if (format)
        for (Message note : exportNotes(plan, *format, path.toStdString())) {
            const bool launchLine = note.key.rfind("launch:ds-export-launch", 0) == 0 && !note.args.empty();
            const QString line = launchLine ? QString::fromStdString(note.args.front()) : QString();
            if (launchLine)
                note.args.front() = "\x01";
            notes << widgets::translatedText(note).toHtmlEscaped().replace(
                QLatin1Char('\x01'), QStringLiteral("<br><tt>%1</tt>").arg(line.toHtmlEscaped()));
        }
    m_status->setText(tr("Saved %1").arg(path));
    if (!notes.isEmpty())
        showSummary(tr("Export Launch Config"),
            QStringLiteral("<p>") + notes.join(QStringLiteral("</p><p>")) + QStringLiteral("</p>"), QString());
    return {};
}

} // namespace plait::app
