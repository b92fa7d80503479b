#include "attentionkernel.h"

namespace plait {

namespace {
struct KernelName {
    AttentionKernel kernel;
    const char* name;
};
constexpr KernelName kKernelNames[] = { { AttentionKernel::Auto, "auto" }, { AttentionKernel::Flash1, "flash1" },
    { AttentionKernel::Triton, "triton" }, { AttentionKernel::Flash2, "flash2" }, { AttentionKernel::Flash3, "flash3" },
    { AttentionKernel::CuDnn, "cudnn" } };
}

const char* attentionKernelName(AttentionKernel k)
{
    for (const KernelName& n : kKernelNames)
        if (n.kernel == k)
            return n.name;
    return "auto";
}

AttentionKernel attentionKernelFromName(const std::string& name)
{
    for (const KernelName& n : kKernelNames)
        if (name == n.name)
            return n.kernel;
    return AttentionKernel::Auto;
}

} // namespace plait
