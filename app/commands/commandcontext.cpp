#include "commandcontext.h"

#include "catalogloader.h"
#include "language.h"
#include "planio.h"
#include "report.h"
#include "text.h"

#include <QCoreApplication>
#include <QLocale>
#include <iostream>

namespace plait::app {

CommandContext::CommandContext(const char* name, const char* usage, const QString& description)
    : m_name(name)
    , m_usage(usage)
{
    parser.setApplicationDescription(description);
}

std::optional<int> CommandContext::parse(const QStringList& args, int least, int most)
{
    parser.addHelpOption();
    const bool ok = parser.parse(args);
    if (printHelpIfAsked(parser, m_name))
        return kOk;
    if (m_language && ok && parser.isSet(QStringLiteral("lang")))
        installTranslations(QLocale(parser.value(QStringLiteral("lang"))));
    else if (m_language && ok)
        installEnglishPlurals();
    if (!ok)
        return bad(parser.errorText().toStdString());
    const auto given = parser.positionalArguments().size();
    if (given < least || (most >= 0 && given > most))
        return bad(least == 1 && most == 1 ? "one plan file is needed"
                                           : "expected " + std::to_string(least)
                    + (most < 0             ? " or more"
                            : most == least ? ""
                                            : " to " + std::to_string(most))
                    + " arguments, got " + std::to_string(given));
    return std::nullopt;
}

void CommandContext::addLanguageOption(const QString& whose)
{
    parser.addOption(
        { QStringLiteral("lang"), QStringLiteral("Language of %1, e.g. zh_CN").arg(whose), QStringLiteral("locale") });
    m_language = true;
}

std::optional<int> CommandContext::require(const char* option) const
{
    if (isSet(option))
        return std::nullopt;
    return bad(std::string("--") + option + " is required");
}

int CommandContext::bad(const std::string& why) const
{
    std::cerr << "plait: " << validUtf8(why) << "; usage: " << m_usage << "\n";
    return kUsage;
}

PlanArgument loadPlanArgument(const QString& path)
{
    QStringList problems;
    const Catalog catalog = engine::loadCatalog(&problems);
    for (const QString& p : std::as_const(problems))
        std::cerr << "plait: user catalog: " << validUtf8(p.toStdString()) << "\n";
    engine::PlanFile file = engine::readPlanFile(path, catalog);
    PlanArgument a;
    a.code = file.unreadable ? kUsage : file.plan ? kOk : kInvalid;
    a.plan = std::move(file.plan);
    a.document = std::move(file.document);
    return a;
}

std::optional<Plan> readPlanArgument(const QString& path, int* exitCode, PlanDocument* document)
{
    PlanArgument a = loadPlanArgument(path);
    if (a.code != kOk) {
        for (const Issue& e : a.plan.errors()) // readPlanFile names the file in a problem of the whole document
            printIssues({ e }, e.field.empty() ? std::string() : path.toStdString() + ": ");
        *exitCode = a.code;
        return std::nullopt;
    }
    if (document)
        *document = std::move(a.document);
    return a.plan.value();
}

int invalidPlan(
    const std::vector<Issue>& errors, const std::string& planName, bool json, const std::vector<Warning>& warnings)
{
    printIssues(errors);
    printWarnings(warnings);
    if (json) {
        Evaluation ev;
        ev.plan = planName;
        ev.errors = errors;
        ev.warnings = warnings;
        std::cout << dumpJson(evaluationToJson(ev), 2) << "\n";
    }
    return kInvalid;
}

void printIssues(const std::vector<Issue>& issues, const std::string& where)
{
    for (const Issue& e : issues)
        std::cerr << "plait: " << validUtf8(where + (e.field.empty() ? "" : e.field + ": ") + e.message) << "\n";
}

void printWarnings(const std::vector<Warning>& warnings)
{
    for (const Warning& w : warnings)
        std::cerr << "plait: warning [" << w.code << "] " << validUtf8(w.message) << "\n";
}

void printProblems(const std::vector<Message>& problems, const std::string& prefix)
{
    for (const Message& p : problems)
        std::cerr << prefix << validUtf8(messageText(p)) << "\n";
}

bool printHelpIfAsked(const QCommandLineParser& parser, const char* command)
{
    if (!parser.isSet(QStringLiteral("help")))
        return false;
    QString help = parser.helpText();
    help.replace(QCoreApplication::arguments().constFirst(), QStringLiteral("plait ") + QString::fromLatin1(command));
    std::cout << help.toStdString();
    return true;
}

void useOffscreenWithoutDisplay()
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM") && !qEnvironmentVariableIsSet("DISPLAY")
        && !qEnvironmentVariableIsSet("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

} // namespace plait::app
