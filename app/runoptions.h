#pragma once

#include "plan.h"

#include <QCommandLineParser>
#include <string>

namespace plait::app {

// The plan's "run" block from the command line (evaluate, report): --tokens, --steps, --price, --currency,
// --storage-GBps, --failures-per-gpu-hour, --restart-min, --gpu-power-W, each replacing the plan's field.
void addRunOptions(QCommandLineParser& parser);
// Applies the options given to `plan.run`, checked as the plan file's fields are; false with the reason naming the
// option when one is bad.
bool applyRunOptions(const QCommandLineParser& parser, Plan& plan, std::string* error);

} // namespace plait::app
