#pragma once

namespace plait::app {

// The headless commands' exit codes (contracts/plan-and-cli.md): 0 done; 1 an invalid plan, or input whose fields
// are wrong; 2 bad usage, or a file that cannot be read or is not JSON.
constexpr int kOk = 0, kInvalid = 1, kUsage = 2;

} // namespace plait::app
