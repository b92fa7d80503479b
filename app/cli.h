#pragma once

namespace plait::app {

// The headless subcommands of the contract (evaluate, timeline). They never need a display.
// Returns the process exit code: 0 success, 1 invalid plan, 2 bad usage or unreadable file.
bool isHeadlessCommand(const char* arg);
int runHeadless(int argc, char** argv);

} // namespace plait::app
