#pragma once

#include "rankclocks.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace plait {

// A rank's NCCL collective kernels from its PyTorch profiler (Kineto) trace, for aligning clocks across ranks: the
// rank from "distributedInfo", and each kernel that carries Kineto's "Collective name" and "Process Group Name",
// numbered in order within its group. Point-to-point sends and receives are left out: only two members of a group
// take part in each, so their place in the group's order is not shared. What cannot be read is named in `problems`.
// Kernels without Kineto's arguments (profilers before 2024) are read by their NCCL kernel names, all in one group.
RankCollectives collectivesFromKineto(const nlohmann::json& trace, std::vector<std::string>& problems);
// "allreduce" for "ncclKernel_AllReduce_RING_LL_Sum_float(...)"; empty for a kernel that is not NCCL's.
std::string collectiveOfKernelName(const std::string& kernel);

} // namespace plait
