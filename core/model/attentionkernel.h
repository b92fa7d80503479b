#pragma once
// Which fused attention kernel a plan trains with, as the plan file names it (its speed is the cost model's:
// cost/attention.h).
#include "namedvalues.h"

#include <string>
#include <vector>

namespace plait {

// FlashTriton is flash_attn_triton.py, Dao-AILab's Triton FlashAttention (llm-foundry's attn_impl triton,
// FlashAttention-2 Figure 4's "FlashAttention Triton"); Triton is OpenAI Triton's tutorial kernel
// (triton.ops.flash_attention).
enum class AttentionKernel { Auto, Flash1, Triton, Flash2, Flash3, CuDnn, FlashTriton };
inline constexpr NamedValue<AttentionKernel> kAttentionKernelNames[]
    = { { AttentionKernel::Auto, "auto" }, { AttentionKernel::Flash1, "flash1" }, { AttentionKernel::Triton, "triton" },
          { AttentionKernel::Flash2, "flash2" }, { AttentionKernel::Flash3, "flash3" },
          { AttentionKernel::CuDnn, "cudnn" }, { AttentionKernel::FlashTriton, "flash-triton" } };

// As the plan file spells it: "auto", "flash1", ...
inline const char* attentionKernelName(AttentionKernel k)
{
    return nameIn(kAttentionKernelNames, k);
}
// The names of the kernels themselves ("auto" is a choice, not a kernel): what a speed curve or a measurement names.
inline std::vector<std::string> attentionKernelNames()
{
    std::vector<std::string> names = namesIn(kAttentionKernelNames);
    std::erase(names, std::string("auto"));
    return names;
}
// Auto for an unknown name.
inline AttentionKernel attentionKernelFromName(const std::string& name)
{
    return valueIn(kAttentionKernelNames, name).value_or(AttentionKernel::Auto);
}

} // namespace plait
