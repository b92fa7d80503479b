#pragma once
// DeepSpeed's JSON configuration (deepspeed/runtime/config.py; deepspeed.ai/docs/config-json), in and out of a plan.

#include "launchconfig.h"

#include <string>
#include <string_view>

namespace plait {

// The batch sizes, precision, ZeRO stage and its overlap, and the optimizer; the model, the cluster and the parallel
// sizes (set in the training script, not the JSON) are the base plan's. Any two of train_batch_size,
// train_micro_batch_size_per_gpu and gradient_accumulation_steps give the third at the base plan's DP size; three
// that disagree are an error naming all three. "auto" (the Hugging Face Trainer fills it in) keeps the base plan's
// value and says so.
Result<ImportedPlan> importDeepSpeedConfig(std::string_view text, const Plan& base, const std::string& source);

// The JSON that runs the plan's batch, precision and ZeRO stage with DeepSpeed; importDeepSpeedConfig reads it back.
std::string deepSpeedConfig(const Plan& plan);

} // namespace plait
