#include "exports.h"

#include "timelinepanel.h"

#include "atomicfile.h"
#include "designreport.h"
#include "fileopener.h"
#include "launchconfig.h"
#include "rankmap.h"
#include "render.h"
#include "report.h"
#include "translatedtext.h"

#include <QApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <ostream>

namespace plait::app {

std::shared_ptr<const Analysis> currentAnalysis(const engine::PlanAnalysis& analysis, const Document& document)
{
    const auto a = analysis.document();
    return a && a->plan == document.sharedPlan() ? a : nullptr;
}

Exports::Exports(
    QWidget* window, const Document* document, const engine::PlanAnalysis* analysis, QLabel* status, QObject* parent)
    : QObject(parent)
    , m_window(window)
    , m_document(document)
    , m_analysis(analysis)
    , m_status(status)
{
}

bool Exports::exportView(const QString& view, const QString& path, QString* error)
{
    const auto analysis = currentAnalysis(*m_analysis, *m_document);
    if (!analysis) {
        *error = tr("the plan is still being evaluated; export again in a moment");
        return false;
    }
    if (!analysis->evaluation->valid) {
        *error = tr("the plan cannot be evaluated: the summary says why");
        return false;
    }
    const std::unique_ptr<QWidget> picture = pictureOf(view, analysis, defaultPictureSize(view));
    return writePicture(picture.get(), path, error);
}

bool Exports::exportReport(const QString& path, QString* error)
{
    const auto analysis = currentAnalysis(*m_analysis, *m_document);
    if (!analysis || !analysis->evaluation->valid)
        return exportView(QString(), path, error); // says why
    // The engine's advice for this analysis: the report evaluates nothing on the GUI thread (issue 41).
    const auto advice = m_analysis->adviceFor(analysis);
    if (!advice) {
        *error = tr("the advice is still being worked out; export again in a moment");
        return false;
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    ReportPlan plan;
    plan.analysis = analysis;
    plan.advice = advice->items;
    plan.description = m_document->file().description;
    // What the Gantt draws beside the prediction, a trace or a job's profile, goes in the report beside it too.
    if (m_timeline && m_timeline->hasTrace()) {
        plan.trace = m_timeline->trace();
        plan.traceName = m_timeline->traceName();
        plan.traceStages = m_timeline->traceStages();
    }
    const bool ok = writeReport(
        { plan }, QLocale().measurementSystem() == QLocale::ImperialUSSystem ? Paper::Letter : Paper::A4, path, error);
    QApplication::restoreOverrideCursor();
    return ok;
}

QString Exports::suggestedReportName() const
{
    // The file's name while the plan is the file's; else (a lesson, a new or edited plan) the plan's own name, in
    // letters, digits and dashes: "gpt-3-175b-1024-x-a100-report.pdf", never "-report.pdf".
    if (!m_document->path().isEmpty() && !m_document->isModified())
        return QFileInfo(m_document->path()).baseName() + QStringLiteral("-report.pdf");
    QString slug;
    for (const QChar c : QString::fromStdString(m_document->plan().name).toLower()) {
        if (c.isLetterOrNumber())
            slug += c;
        else if (!slug.isEmpty() && !slug.endsWith(QLatin1Char('-')))
            slug += QLatin1Char('-');
    }
    while (slug.endsWith(QLatin1Char('-')))
        slug.chop(1);
    return (slug.isEmpty() ? QStringLiteral("plan") : slug.left(60)) + QStringLiteral("-report.pdf");
}

void Exports::exportTimeline(const QString& path)
{
    const auto analysis = currentAnalysis(*m_analysis, *m_document);
    if (!analysis) {
        // The newest edit is still being evaluated: what is there is another plan's timeline.
        m_status->setText(tr("Not exported: the plan is still being evaluated; export again in a moment."));
        emit timelineExported(path, m_status->text());
        return;
    }
    if (!analysis->evaluation->valid || !analysis->timeline) {
        m_status->setText(tr("Nothing to export: the plan is not valid."));
        emit timelineExported(path, m_status->text());
        return;
    }
    m_status->setText(tr("Exporting the timeline to %1…").arg(path));
    m_export.start(
        [analysis, path](const engine::JobTracker::Cancelled&) {
            QString error;
            engine::writeFileAtomically(
                path,
                [&](std::ostream& out, QString*) {
                    writeTimelineTrace(out, *analysis->evaluation, *analysis->plan, *analysis->timeline);
                    return bool(out);
                },
                &error);
            return error;
        },
        [this, path](const QString& error) {
            if (!error.isEmpty()) {
                m_status->setText(tr("%1 was not written: %2").arg(path, error));
                if (m_window->isVisible() && QGuiApplication::platformName() != QLatin1String("offscreen"))
                    QMessageBox::warning(m_window, tr("Cannot export"), m_status->text());
            } else {
                m_status->setText(tr("Exported the timeline to %1").arg(path));
            }
            emit timelineExported(path, error);
        });
}

QString Exports::exportLaunchConfig(const QString& kind, const QString& path)
{
    if (!m_document->hasPlan())
        return tr("No plan is open.");
    const Plan& plan = m_document->plan();
    const std::optional<LaunchFormat> format = launchFormatFromName(kind.toStdString());
    const std::vector<Issue> problems = format ? exportProblems(plan, *format) : validate(plan);
    if (!problems.empty()) {
        QStringList reasons;
        for (const Issue& e : problems)
            reasons << widgets::issueText(e);
        return tr("%1 would not run this plan; nothing was written:\n%2")
            .arg(format ? launchFormatTitle(*format) : tr("The rank map"), reasons.join(QLatin1Char('\n')));
    }
    const std::string text = format ? plait::exportLaunchConfig(*format, plan) : launchFiles(plan, {});
    QString error;
    if (!engine::writeFileAtomically(path, QByteArray::fromStdString(text), &error))
        return tr("Could not save %1: %2").arg(path, error);
    // What starts the job beside the file: DeepSpeed's parallel sizes and launcher line, the line on a line of its
    // own in a fixed font (the box's text is selectable; a soft wrap copies as nothing).
    QStringList notes;
    if (format)
        for (const Message& note : exportNotes(plan, *format, path.toStdString())) {
            const bool launchLine = note.key.rfind("launch:ds-export-launch", 0) == 0 && note.args.size() == 1;
            if (!launchLine) {
                notes << widgets::translatedText(note).toHtmlEscaped();
                continue;
            }
            // The sentence escaped with its %1 kept, then the line put in its place, whatever the line holds.
            const QString line = QString::fromStdString(note.args.front()).toHtmlEscaped();
            notes << widgets::translatedText(Message { note.key, { "%1" } })
                         .toHtmlEscaped()
                         .arg(QStringLiteral("<br><tt>%1</tt>").arg(line));
        }
    m_status->setText(tr("Saved %1").arg(path));
    if (!notes.isEmpty())
        showSummaryBox(m_window, tr("Export Launch Config"), m_status->text(),
            QStringLiteral("<p>") + notes.join(QStringLiteral("</p><p>")) + QStringLiteral("</p>"), QString());
    return {};
}

} // namespace plait::app
