#pragma once

#include <QStringList>

namespace plait::app {

// `plait export PLAN --to megatron|deepspeed|torchtitan|hostfile [--out FILE] [--hosts NAMES]`: the plan as a
// framework's launch configuration, or the rank map that launches it as placed. A plan the framework would refuse
// is not written: each reason is printed with its fix (exit 1). Exit codes as the other commands.
int exportCommand(const QStringList& args);

} // namespace plait::app
