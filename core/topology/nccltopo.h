#pragma once
// NCCL's topology dump (NCCL_TOPO_DUMP_FILE; RCCL writes version 2): CPUs, the PCI tree, GPUs with their NVLinks,
// NICs with their speed.

#include "error.h"
#include "nodetopology.h"

#include <string_view>

namespace plait {

bool looksLikeNcclTopo(std::string_view head); // a <system version=…> root

// The node. GPU pairs through NVSwitches (tclass 0x068000) are NVLink at the GPU's link count; GPU–NIC paths from the
// PCI tree (PIX under one switch, PXB under several, NODE on one CPU, SYS across CPUs). NVLink targets of unknown
// class (NCCL #1182: VMs that hide the switches) are counted as switch links.
Result<NodeTopology> readNcclTopo(std::string_view text, const std::string& source);

} // namespace plait
