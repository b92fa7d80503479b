#pragma once
// plait-probe's exit codes (contracts/probe.md): the probe returns them, the window's runner explains them
// (engine/proberunner.cpp). One home, so the two cannot drift apart.

namespace plait::probe {

enum ExitCode {
    kOk = 0,
    kUsage = 2,
    kNoDevice = 3,
    kNcclError = 4,
    kCudaError = 5,
    kOutOfMemory = 6,
    kCheckFailed = 7,
    kOutputError = 8 // a result file could not be written (full disk, no permission): the measurement is lost
};

} // namespace plait::probe
