#include "kinetocollectives.h"

#include <utility>

namespace plait {

std::string collectiveOfKernelName(const std::string& kernel)
{
    // ncclKernel_AllReduce_RING_LL_Sum_float(...), ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(...)
    static const std::pair<const char*, const char*> kNames[]
        = { { "_AllReduce", "allreduce" }, { "_AllGather", "allgather" }, { "_ReduceScatter", "reduce_scatter" },
              { "_Broadcast", "broadcast" }, { "_Reduce_", "reduce" }, { "_SendRecv", "sendrecv" } };
    if (kernel.rfind("ncclKernel", 0) != 0 && kernel.rfind("ncclDevKernel", 0) != 0)
        return {};
    for (const auto& [marker, name] : kNames)
        if (kernel.find(marker) != std::string::npos)
            return name;
    return {};
}

} // namespace plait
