#pragma once

#include <string>

class QCommandLineParser;

namespace plait::app {

// The headless subcommands of the contract (evaluate, search, timeline). They never need a display.
// Returns the process exit code: 0 success, 1 invalid plan, 2 bad usage or unreadable file.
bool isHeadlessCommand(const char* arg);
int runHeadless(int argc, char** argv);

// When --help was given: prints the parser's help as "Usage: plait COMMAND …" (not the binary's path) and returns
// true, the command then done.
bool printHelpIfAsked(const QCommandLineParser& parser, const char* command);

// What `plait --help` adds after the window's options: every subcommand, one line each.
std::string commandsHelp();

// A first argument that is no command, option or file: says so (suggesting the closest command) and returns the
// exit code 2; −1 when the argument is fine.
int unknownCommand(const char* arg);

} // namespace plait::app
