#pragma once

#include "plan.h"
#include "plandocument.h"

#include <optional>
#include <string>
#include <vector>

class QCommandLineParser;
class QString;

namespace plait::app {

// The headless subcommands of the contract (evaluate, search, timeline). They never need a display.
// Returns the process exit code: 0 success, 1 invalid plan, 2 bad usage or unreadable file.
bool isHeadlessCommand(const char* arg);
int runHeadless(int argc, char** argv);

// When --help was given: prints the parser's help as "Usage: plait COMMAND …" (not the binary's path) and returns
// true, the command then done.
bool printHelpIfAsked(const QCommandLineParser& parser, const char* command);

// Commands that draw (render, report) need no screen: the offscreen platform unless a display is there. Call before
// the QApplication is made.
void useOffscreenWithoutDisplay();

// Each problem on stderr as "plait: WHERE FIELD: MESSAGE".
void printIssues(const std::vector<Issue>& issues, const std::string& where = {});

// The plan file a command was given (an argument, or --plan), with the catalogs; when it cannot be read or is
// invalid, its problems are printed naming the file and *exitCode is set: 2 unreadable, 1 invalid.
std::optional<Plan> readPlanArgument(const QString& path, int* exitCode, PlanDocument* document = nullptr);

// What `plait --help` adds after the window's options: every subcommand, one line each.
std::string commandsHelp();

// A first argument that is no command, option or file: says so (suggesting the closest command) and returns the
// exit code 2; −1 when the argument is fine.
int unknownCommand(const char* arg);

} // namespace plait::app
