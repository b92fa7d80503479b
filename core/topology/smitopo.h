#pragma once
// `nvidia-smi topo -m` (and -mp): the matrix of paths between GPUs and NICs, their CPU and NUMA affinity, and the NIC
// legend; tab-separated (newer drivers) or space-aligned (older), NIC columns named NICn or by their device (mlx5_0).

#include "error.h"
#include "nodetopology.h"

#include <string_view>

namespace plait {

// True when `head` holds the matrix's header and the legend's "X    = Self" or a GPU row.
bool looksLikeSmiTopo(std::string_view head);

// The node; a row whose cells do not fit the header is an error naming its line. An unknown cell is read as
// Unknown (a newer driver's path kind), not refused.
Result<NodeTopology> readSmiTopo(std::string_view text, const std::string& source);

} // namespace plait
