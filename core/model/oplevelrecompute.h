#pragma once
// Where torchtitan's op-level selective recomputation (Recompute::SelectiveOps) is modelled: which of a layer's
// outputs it keeps is read for a dense layer with standard attention (layercost.cpp); a MoE or MLA layer's are not.
#include "model.h"

namespace plait {

inline bool opLevelRecomputeModelled(const ModelSpec& m)
{
    return !m.isMoe() && !m.mla.on();
}

} // namespace plait
