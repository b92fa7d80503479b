#pragma once
// The commands, one file each: each takes its arguments (the program's name first, the command's name taken out)
// and returns its exit code (commandcontext.h).
#include <QStringList>

namespace plait::app {

// `plait evaluate PLAN [--json] [run options]`: memory, communication and step time of a plan.
int evaluateCommand(const QStringList& args);
// `plait search PLAN [--top N] [--json] [constraints]`: the fastest plans that fit.
int searchCommand(const QStringList& args);
// `plait timeline PLAN --out TRACE.json`: the simulated pipeline timeline as a Chrome trace.
int timelineCommand(const QStringList& args);
// `plait import KIND FILE… [--plan PLAN] [--out PLAN] [--json]`: what the machines and tools engineers already run
// print, read into a plan. KIND nccl-tests: the measured sweeps, each held against the plan's links (fabric
// check), outlier nodes named, and with --out the plan with its links calibrated from them.
int importCommand(const QStringList& args);
// `plait export PLAN --to megatron|deepspeed|torchtitan|hostfile [--out FILE] [--hosts NAMES]`: the plan as a
// framework's launch configuration, or the rank map that launches it as placed. A plan the framework would refuse
// is not written: each reason is printed with its fix (exit 1).
int exportCommand(const QStringList& args);
// `plait render PLAN --view topology|memory|comm|gantt|report --out FILE.png|svg|pdf`: a view drawn exactly as the
// window draws it (the same widgets, offscreen).
int renderCommand(const QStringList& args);
// `plait report PLAN [--compare OTHER] --out FILE.pdf|html [--lang L] [--paper a4|letter] [run options]`.
int reportCommand(const QStringList& args);
// `plait profile RANK.json... [--json]`: a job's per-rank PyTorch profiler traces on one clock (aligned on their
// shared collectives, residuals said) and the rank the others waited for.
int profileCommand(const QStringList& args);

} // namespace plait::app
