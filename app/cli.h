#pragma once

#include <string>

namespace plait::app {

// The headless subcommands of the contract (evaluate, search, timeline). They never need a display.
// Returns the process exit code: 0 success, 1 invalid plan, 2 bad usage or unreadable file.
bool isHeadlessCommand(const char* arg);
int runHeadless(int argc, char** argv);

// What `plait --help` adds after the window's options: every subcommand, one line each.
std::string commandsHelp();

// A first argument that is no command, option or file: says so (suggesting the closest command) and returns the
// exit code 2; −1 when the argument is fine.
int unknownCommand(const char* arg);

} // namespace plait::app
