#pragma once
// A GEMM beside a real collective on two or more GPUs of this process (issue 13, part B: contention): what an
// overlapped DP or ZeRO transfer costs the compute it hides behind, and what the compute costs the transfer.
#include "gpu.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace plait::probe {

// The GEMM on every GPU alone, an out-of-place all-reduce of `bytes` over all of them alone, then both at once:
// the GEMM's time per call (slowest GPU) and the all-reduce's time per call and bus bandwidth, alone and beside,
// counting only the all-reduces that ran wholly while the GEMMs did. One JSON row of COMPUTE.json's contention.
nlohmann::json gemmBesideAllReduce(const std::vector<int>& devices, const GemmShape& shape, GemmLayout layout,
    const std::string& name, std::size_t bytes, double deadlineS);

} // namespace plait::probe
