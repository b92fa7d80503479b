#include "framework.h"

namespace plait {

const char* frameworkName(Framework f)
{
    switch (f) {
    case Framework::Megatron:
        return "megatron";
    case Framework::DeepSpeed:
        return "deepspeed";
    case Framework::Fsdp:
        return "fsdp";
    }
    return "megatron";
}

std::optional<Framework> frameworkFromName(const std::string& name)
{
    for (Framework f : kFrameworks)
        if (name == frameworkName(f))
            return f;
    return std::nullopt;
}

std::string frameworkRefusal(Framework f, int zeroStage, int pp)
{
    switch (f) {
    case Framework::Megatron:
        if (zeroStage >= 2)
            return "Megatron-LM shards optimizer states only (its distributed optimizer, ZeRO-1); ZeRO-"
                + std::to_string(zeroStage) + " needs training.framework deepspeed or fsdp";
        break;
    case Framework::DeepSpeed:
        if (zeroStage >= 2 && pp > 1)
            return "DeepSpeed rejects ZeRO-" + std::to_string(zeroStage) + " with pipeline parallelism (pp "
                + std::to_string(pp) + "): ZeRO-2 and ZeRO-3 are incompatible with its pipeline engine";
        break;
    case Framework::Fsdp:
        if (zeroStage == 1)
            return "PyTorch FSDP has no ZeRO-1: NO_SHARD is 0, SHARD_GRAD_OP 2, FULL_SHARD 3";
        break;
    }
    return {};
}

std::string contextParallelRefusal(Framework f, int cp, bool fusedAttention)
{
    if (cp <= 1 || fusedAttention || f == Framework::DeepSpeed)
        return {};
    return std::string(f == Framework::Megatron ? "Megatron-LM" : "PyTorch") + " runs context parallelism (cp "
        + std::to_string(cp) + ") only inside fused attention kernels: set training.flash_attention, or cp 1";
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
