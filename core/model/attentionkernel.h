#pragma once
// Which fused attention kernel a plan trains with, as the plan file names it (its speed is the cost model's:
// cost/attention.h).
#include <string>

namespace plait {

enum class AttentionKernel { Auto, Flash1, Triton, Flash2, Flash3, CuDnn };

const char* attentionKernelName(AttentionKernel k); // as the plan file spells it: "auto", "flash1", ...
AttentionKernel attentionKernelFromName(const std::string& name); // Auto for an unknown name

} // namespace plait
