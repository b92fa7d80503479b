#pragma once

#include <string>

namespace plait {

// The collective an NCCL kernel runs, from its name, for profiles whose kernels carry no "Collective name" argument
// (Kineto before 2024): "allreduce" for "ncclKernel_AllReduce_RING_LL_Sum_float(...)" or
// "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(...)", "sendrecv" for point-to-point; empty for a kernel that is not
// NCCL's.
std::string collectiveOfKernelName(const std::string& kernel);

} // namespace plait
