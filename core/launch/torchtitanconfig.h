#pragma once
// torchtitan's job configuration (torchtitan/config/job_config.py): the TOML job file torchtitan read until its
// Feb 2026 move to Python configs, and the `--section.option value` overrides of the same names on a command line.

#include "launchconfig.h"

#include <string>
#include <string_view>

namespace plait {

// A TOML job file or a command line of --section.option flags (one file may mix them). Parallel degrees,
// the batch (local_batch_size per DP rank, global_batch_size, the pipeline's micro-batch size), seq_len, mixed
// precision and float8, activation checkpointing and FSDP's resharding; data_parallel_shard_degree -1 takes the
// GPUs the other degrees leave. The model's shape (a flavor in torchtitan's code) is the base plan's.
Result<ImportedPlan> importTorchtitanConfig(std::string_view text, const Plan& base, const std::string& source);

// The plan as a TOML job file for torchtitan v0.2.0–v0.2.2 (the last JobConfig: converters and [quantize.linear.*]
// tables by their 2025-09 names; TP always with sequence parallelism), with the same settings as command-line
// overrides in a comment. Check exportProblems first.
std::string torchtitanConfig(const Plan& plan);

} // namespace plait
