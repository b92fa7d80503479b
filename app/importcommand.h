#pragma once

#include <QStringList>

namespace plait::app {

// `plait import KIND FILE… [--plan PLAN] [--out PLAN] [--json]`: what the machines and tools engineers already run
// print, read into a plan. KIND nccl-tests: the measured sweeps, each held against the plan's links (fabric
// check), outlier nodes named, and with --out the plan with its links calibrated from them. Exit codes as the other
// commands: 0 done, 1 the plan is invalid, 2 bad usage or a file that cannot be read (its line named).
int importCommand(const QStringList& args);

} // namespace plait::app
