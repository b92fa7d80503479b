#pragma once
// One node as its machine describes itself: `nvidia-smi topo -m` (smitopo.h) or NCCL's topology dump (nccltopo.h).
// What connects each pair of GPUs, which NICs each GPU sits next to, and which CPUs and NUMA node serve it.

#include <string>
#include <string_view>
#include <vector>

namespace plait {

// How two devices reach each other, best first (the order NCCL also ranks paths in; nvidia-smi's legend).
enum class PathKind { Self, NvLink, Pix, Pxb, Phb, Node, Sys, Unknown };
const char* pathName(PathKind p); // "X", "NV", "PIX", "PXB", "PHB", "NODE", "SYS", "?"
PathKind pathFromName(std::string_view cell, int* nvlinks); // "NV12" → NvLink with *nvlinks = 12

struct TopologyNic {
    std::string name; // mlx5_0, or NIC0 when the legend does not name it
    double gbps = 0; // line rate per direction in GB/s (10⁹ bytes/s); 0 when the source does not say
    bool infiniband = true; // an Ethernet NIC (PCI class 0x0200) carries RoCE
};

struct NodeTopology {
    std::string host; // the dump's host or the file's name
    std::string source; // the file
    std::vector<std::vector<PathKind>> gpuPath; // GPU × GPU
    std::vector<std::vector<int>> nvlinks; // GPU × GPU: NVLinks bonded between the pair (NV#), 0 when none
    std::vector<TopologyNic> nics;
    std::vector<std::vector<PathKind>> nicPath; // GPU × NIC
    std::vector<std::string> cpuAffinity; // per GPU, as printed ("48-63,176-191")
    std::vector<std::string> numaNode; // per GPU, as printed ("3", "N/A")
    bool nvswitch = false; // the NVLinks go through NVSwitches (every pair reaches every other at full rate)
    int pcieGen = 0; // of the GPUs' links, 0 when the source does not say (nvidia-smi does not)
    int smVersion = 0; // compute capability × 10 (90 for H100), 0 when the source does not say
    // A static NCCL_TOPO_FILE: the GPUs are bare PCI devices, so NVLink (which NCCL learns from the driver), the GPU
    // model and NIC speeds are not in it.
    bool staticFile = false;

    int gpus() const { return int(gpuPath.size()); }
    // NVLinks one GPU has in all: through the switches, or the most it bonds to its peers.
    int nvlinksPerGpu() const;
};

} // namespace plait
