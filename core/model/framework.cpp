#include "framework.h"

namespace plait {

Message frameworkRefusal(Framework f, int zeroStage, int pp)
{
    switch (f) {
    case Framework::Megatron:
        if (zeroStage >= 2)
            return { "issue:megatron-zero", { std::to_string(zeroStage) } };
        break;
    case Framework::DeepSpeed:
        if (zeroStage >= 2 && pp > 1)
            return { "issue:deepspeed-zero-pp", { std::to_string(zeroStage), std::to_string(pp) } };
        break;
    case Framework::Fsdp:
        if (zeroStage == 1)
            return { "issue:fsdp-zero1", {} };
        break;
    }
    return {};
}

Message contextParallelRefusal(Framework f, int cp, bool fusedAttention)
{
    if (cp <= 1 || fusedAttention || f == Framework::DeepSpeed)
        return {};
    return { "issue:cp-needs-fused", { f == Framework::Megatron ? "Megatron-LM" : "PyTorch", std::to_string(cp) } };
}

Framework frameworkFor(Framework f, int zeroStage, int pp)
{
    if (frameworkRefusal(f, zeroStage, pp).empty())
        return f;
    for (Framework other : { Framework::Fsdp, Framework::DeepSpeed, Framework::Megatron })
        if (frameworkRefusal(other, zeroStage, pp).empty())
            return other;
    return f;
}

} // namespace plait
