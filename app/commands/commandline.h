#pragma once
// The command line's commands (contracts/plan-and-cli.md): which words are commands, running one, and what
// `plait --help` says of them. Each command lives in its own file (plaitcommands.h).
#include <string>

namespace plait::app {

bool isCommand(const char* arg); // evaluate, search, timeline, render, report, import, export
// Runs the command named by argv[1] under the application it needs (a QApplication, offscreen without a display,
// for render and report; else a QCoreApplication) and returns its exit code.
int runCommand(int argc, char** argv);

// What `plait --help` adds after the window's options: every command, one line each.
std::string commandsHelp();

// A first argument that is no command, option or file: says so (suggesting the closest command) and returns the
// exit code 2; −1 when the argument is fine.
int unknownCommand(const char* arg);

} // namespace plait::app
