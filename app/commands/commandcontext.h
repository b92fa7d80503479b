#pragma once
// What every command shares (contracts/plan-and-cli.md): the exit codes, a parser with --help and the command's
// usage line, one way of saying what is wrong, and one way of reading the plan it was given.
#include "error.h"
#include "messagetext.h"
#include "plan.h"
#include "plandocument.h"

#include <QCommandLineParser>
#include <optional>
#include <string>
#include <vector>

namespace plait::app {

// 0 done; 1 an invalid plan, or input whose fields are wrong; 2 bad usage, or a file that cannot be read or is not
// JSON.
constexpr int kOk = 0, kInvalid = 1, kUsage = 2;

class CommandContext {
public:
    // `name` as typed after plait ("evaluate"); `usage` the whole line, "plait evaluate PLAN.plait.json [--json]".
    CommandContext(const char* name, const char* usage, const QString& description);

    QCommandLineParser parser;

    // Parses `args` (the program's name first) after the options are added. nullopt to go on; else the command is
    // done with this exit code: kOk after --help, kUsage (the reason and the usage said) when they do not parse or
    // there are fewer than `least` or more than `most` positional arguments (most < 0: any number).
    std::optional<int> parse(const QStringList& args, int least = 1, int most = 1);
    // "plait: WHY; usage: USAGE" on stderr; returns kUsage.
    int bad(const std::string& why) const;
    // --lang LOCALE, for a command whose output has words (`whose`: "the picture's texts"); after parse(), the
    // translations the window uses are installed for it.
    void addLanguageOption(const QString& whose);
    // The option is given, else "--NAME is required" is said with the usage: the exit code, or nullopt to go on.
    std::optional<int> require(const char* option) const;
    bool isSet(const char* option) const { return parser.isSet(QString::fromLatin1(option)); }
    QString value(const char* option) const { return parser.value(QString::fromLatin1(option)); }
    const char* usage() const { return m_usage; }

private:
    const char* m_name;
    const char* m_usage;
    bool m_language = false;
};

// A plan file given to a command, read with the catalogs (a user catalog's problems said on stderr): code kOk with
// the plan and its document; kUsage, the file unreadable or not JSON; kInvalid, its fields wrong (plan.errors()).
struct PlanArgument {
    int code = kOk;
    Result<Plan> plan = Result<Plan>::failure("", "not read");
    PlanDocument document;
};
PlanArgument loadPlanArgument(const QString& path);
// The same, its problems said on stderr naming the file: the plan, or nullopt with *exitCode set.
std::optional<Plan> readPlanArgument(const QString& path, int* exitCode, PlanDocument* document = nullptr);

// An invalid plan: the reasons on stderr and, with `json`, in the contract's object (with the warnings, about keys
// Plait does not read, which often are the reason). Returns kInvalid.
int invalidPlan(const std::vector<Issue>& errors, const std::string& planName, bool json,
    const std::vector<Warning>& warnings = {});

// Each problem on stderr as "plait: WHERE FIELD: MESSAGE"; each warning as "plait: warning [CODE] MESSAGE".
void printIssues(const std::vector<Issue>& issues, const std::string& where = {});
void printWarnings(const std::vector<Warning>& warnings);
// A trace's or a profile's reading problems on stderr, each after `prefix`, in English.
void printProblems(const std::vector<Message>& problems, const std::string& prefix);

// When --help was given: prints the parser's help as "Usage: plait COMMAND …" (not the binary's path) and returns
// true, the command then done.
bool printHelpIfAsked(const QCommandLineParser& parser, const char* command);

// Commands that draw (render, report) need no screen: the offscreen platform unless a display is there. Call before
// the QApplication is made.
void useOffscreenWithoutDisplay();

} // namespace plait::app
