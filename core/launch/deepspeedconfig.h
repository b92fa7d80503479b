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

// DeepSpeed's launcher line that starts the whole job from the plan's first node (pdsh reaches the others through
// the hostfile), running TRAIN_SCRIPT with the JSON at `configPath`; empty when that launcher cannot place the ranks
// as drawn: it gives each node a block of consecutive ranks, and local rank i the i-th of GPUs 0…k−1 (runner.py sorts
// an --include's slots), so a placement drawn otherwise is launched by torchrun with CUDA_VISIBLE_DEVICES (rankmap.h).
std::string deepSpeedLaunchLine(const Plan& plan, const std::string& configPath);

} // namespace plait
