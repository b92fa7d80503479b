#pragma once
// What an opened or dropped file is, from its name and its first bytes only: a trace of millions of events is not
// read on the GUI thread to learn that it is a trace (the trace loader reads it off the thread).
#include <QByteArray>
#include <QString>

namespace plait::engine {

enum class FileKind { Plan, Trace, Links, Compute, TorchReference, NcclTests, LaunchConfig, NodeDump, Unknown };

// From `head`, the file's first bytes (kSniffBytes are enough): its "format" field when the document has one
// ("plait-plan/1", "plait-links/1", "plait-compute/1", "plait-torch-reference/1"), a Chrome trace's "traceEvents"
// or its array form, nccl-tests' text or -J JSON (nccltests.h), a framework's launch configuration
// (launchconfig.h: detectLaunchFormat), a node's nvidia-smi topo -m or NCCL topology dump; else a name ending in
// .plait.json is a plan.
inline constexpr qsizetype kSniffBytes = 64 * 1024;
FileKind classifyFile(const QString& fileName, const QByteArray& head);
// The same for a file on disk: Unknown when it cannot be read.
FileKind classifyFile(const QString& path);

} // namespace plait::engine
