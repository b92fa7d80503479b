#pragma once
// The training framework a plan is run with, and the combinations each can run: the evaluator refuses, and the
// search never offers, a plan its framework would reject.
#include "messagetext.h"
#include "namedvalues.h"

#include <optional>
#include <string>

namespace plait {

enum class Framework { Megatron, DeepSpeed, Fsdp };

inline constexpr Framework kFrameworks[] = { Framework::Megatron, Framework::DeepSpeed, Framework::Fsdp };
// As the plan file spells them.
inline constexpr NamedValue<Framework> kFrameworkNames[]
    = { { Framework::Megatron, "megatron" }, { Framework::DeepSpeed, "deepspeed" }, { Framework::Fsdp, "fsdp" } };
inline const char* frameworkName(Framework f)
{
    return nameIn(kFrameworkNames, f);
}
// nullopt for a name none of them has.
inline std::optional<Framework> frameworkFromName(const std::string& name)
{
    return valueIn(kFrameworkNames, name);
}

// Why `f` cannot shard states at `zeroStage` with `pp` pipeline stages; empty when it can.
//  - Megatron-LM: no sharding, or its distributed optimizer (optimizer states sharded, gradients reduce-scattered
//    and weights all-gathered: ZeRO-1, --use-distributed-optimizer).
//  - DeepSpeed: ZeRO 0–3, but "ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism"
//    (deepspeed/runtime/pipe/engine.py; deepspeedai/DeepSpeed #1110, #3589).
//  - PyTorch FSDP / torchtitan: NO_SHARD, SHARD_GRAD_OP and FULL_SHARD (ZeRO 0, 2, 3); it has no ZeRO-1.
Message frameworkRefusal(Framework f, int zeroStage, int pp);

// Why `f` cannot split sequences over `cp` ranks with this attention; empty when it can. Context parallelism lives
// in the fused attention kernels: Megatron-LM's local attention asserts "Context parallelism is only supported by
// TEDotProductAttention" (megatron/core/transformer/dot_product_attention.py), and PyTorch's context_parallel
// dispatches scaled_dot_product_attention's flash, efficient and cuDNN backends only. DeepSpeed-Ulysses runs any.
Message contextParallelRefusal(Framework f, int cp, bool fusedAttention);

// `f` when it runs that combination, else the first of FSDP, DeepSpeed and Megatron-LM that does (FSDP runs every
// ZeRO stage but 1 with PP; Megatron-LM runs 0 and 1): what a fix that changes the ZeRO stage switches to.
Framework frameworkFor(Framework f, int zeroStage, int pp);

} // namespace plait
