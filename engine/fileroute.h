#pragma once
// Every kind of file Plait opens, in one table, and what an opened or dropped file is, from its name and its first
// bytes only: a trace of millions of events is not read on the GUI thread to learn that it is a trace (the trace
// loader reads it off the thread). The window's Open, its drops and the import command all route by this table.
#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace plait::engine {

enum class FileKind { Plan, Trace, Links, Compute, TorchReference, NcclTests, LaunchConfig, NodeDump, Unknown };

struct FileKindTraits {
    FileKind kind;
    // What `plait import` calls it (nullptr: the command does not read it; launch configurations go by their format).
    const char* importWord;
    // Several files of the kind opened or dropped at once are read as one: nccl-tests logs of node-by-node runs are
    // judged against each other, and the nodes' topology dumps make one cluster.
    bool together;
};
inline constexpr FileKindTraits kFileKinds[] = {
    { FileKind::Plan, nullptr, false },
    { FileKind::Trace, nullptr, false },
    { FileKind::Links, nullptr, false },
    { FileKind::Compute, nullptr, false },
    { FileKind::TorchReference, nullptr, false },
    { FileKind::NcclTests, "nccl-tests", true },
    { FileKind::LaunchConfig, nullptr, false },
    { FileKind::NodeDump, "topology", true },
    { FileKind::Unknown, nullptr, false },
};
inline constexpr const FileKindTraits& traitsOf(FileKind k)
{
    return kFileKinds[static_cast<std::size_t>(k)];
}

// Files as they are read: one group per file, except the files of a kind read together, which make one group (at
// the place of the first). A plan comes first, so that what follows is held against it.
struct FileGroup {
    FileKind kind;
    QStringList paths;
};
std::vector<FileGroup> groupFiles(const QStringList& paths);

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
