#pragma once
// A Hugging Face config.json as an import over a plan: the model's shape (model.h's modelFromHfConfig, also under a
// multimodal config's text_config, and DeepSeek's expert names), every other field listed.

#include "launchconfig.h"

#include <string>
#include <string_view>

namespace plait {

// The model from the config; the training sequence length stays the base plan's (max_position_embeddings is the
// position limit, not what one trains at: Mixtral 8x22B's 65,536 would be 536 GiB per GPU). What the plan does not
// model (multi-head latent attention, dense first layers, shared experts of their own width, multi-token
// prediction, a vision tower) is listed with how the estimate treats it.
Result<ImportedPlan> importHfConfig(std::string_view text, const Plan& base, const std::string& source);

} // namespace plait
