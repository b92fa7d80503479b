#pragma once
// Nodes' own descriptions on disk (nvidia-smi topo -m output, NCCL topology dumps), one file per node or a folder of
// them, read into a cluster over a plan.
#include "topologycluster.h"

#include <QStringList>

namespace plait::engine {

inline constexpr qint64 kMaxNodeDumpBytes = 16 * 1024 * 1024;
inline constexpr int kMaxNodeDumps = 4096;

// Each file is one node, its host the file's name without extension (or folder/name where two share a name); a
// folder gives all its files, by name. A file that is neither format, too large or unreadable is an error naming it.
Result<std::vector<NodeTopology>> readNodeDumps(const QStringList& paths);

struct ImportedCluster {
    std::vector<NodeTopology> nodes;
    ClusterFromTopology cluster;
    Plan plan; // the base plan on the imported cluster
};

// The dumps' cluster over `base` (its GPU model and what a source does not say), and the plan on it.
Result<ImportedCluster> importNodeDumps(const QStringList& paths, const Plan& base);

} // namespace plait::engine
