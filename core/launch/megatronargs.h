#pragma once
// Megatron-LM's pretrain_gpt.py arguments (megatron/training/arguments.py), in and out of a plan.

#include "launchconfig.h"

#include <string>
#include <string_view>

namespace plait {

// A launch script or an argument file: every `--flag` in it, quoting, line continuations, bash arrays and the
// variables the file sets resolved as bash would. torchrun's --nnodes and --nproc-per-node, where the file gives
// them, set the cluster's size; the base plan gives the hardware and, when the file sets no model shape, the model.
// Megatron-LM's defaults apply to what the file leaves out (fp32 without --bf16, no overlap of the gradient
// reduce, …), as the framework would run it. A flag given twice with two values, or two flags that disagree, are
// errors naming both lines. `source` names the file in notes.
// keepCluster: the plan's cluster stays even where torchrun's --nnodes and --nproc-per-node give another (a script
// written for one node, imported onto the plan's larger cluster; data parallelism takes the GPUs).
Result<ImportedPlan> importMegatronArgs(
    std::string_view text, const Plan& base, const std::string& source, bool keepCluster = false);

// The arguments that run the plan with Megatron-LM, as a bash script that launches pretrain_gpt.py with torchrun
// (data, tokenizer and learning-rate arguments left to the user). importMegatronArgs reads it back to the same plan.
std::string megatronArgs(const Plan& plan);

} // namespace plait
