#pragma once
// torchtitan's JobConfig for every key Plait's torchtitan export can write, as its source reads at tag v0.2.2
// (2026-02-20; v0.2.0 and v0.2.1 hold the same fields for these keys): torchtitan/config/job_config.py's dataclasses
// (a field's name, its type annotation, its default; a nested dataclass is a dotted table), the converters that
// torchtitan/components/quantization registers, the model names of torchtitan/models/__init__.py with their flavors,
// and torch.distributed.pipelining's get_schedule_class names. ConfigManager._dict_to_dataclass refuses a key a
// dataclass lacks ("Invalid field names"), so a key outside this table fails the job at start. Read from the source
// with Python's ast module and written here as the facts it states; a test per key holds the export to them.

namespace plait::torchtitanjob {

// kind: "int", "bool", "str" (any string), "choice" (one of `choices`), "list" (a TOML array of strings, each one
// of `choices`), "ac_option" (activation_checkpoint.selective_ac_option: "op" or a whole number as a string).
struct Key {
    const char* name; // table.key
    const char* kind;
    const char* choices; // comma-separated, for "choice" and "list"
    const char* defaultValue; // as the dataclass's default
    const char* source; // file:line at v0.2.2
};

inline constexpr Key kKeys[] = {
    { "activation_checkpoint.mode", "choice", "selective,full,memory_budget,none", "selective", "job_config.py:652" },
    { "activation_checkpoint.selective_ac_option", "ac_option", "", "2", "job_config.py:655" },
    { "compile.components", "list", "model,loss", "[model, loss]", "job_config.py:725" },
    { "compile.enable", "bool", "", "False", "job_config.py:722" },
    { "model.converters", "list",
        "quantize.linear.float8,quantize.grouped_mm.float8,quantize.linear.mx,quantize.grouped_mm.mx", "[]",
        "job_config.py:118; quantization/float8.py:238, mx.py:171" },
    { "model.flavor", "choice", "debugmodel,8B,70B,405B,16B,236B,671B", "debugmodel",
        "job_config.py:104; models/llama3/__init__.py, models/deepseek_v3/__init__.py" },
    { "model.name", "choice", "deepseek_v3,flux,gpt_oss,llama3,llama3_ft,llama4,qwen3", "llama3",
        "job_config.py:101; models/__init__.py:8" },
    { "parallelism.context_parallel_degree", "int", "", "1", "job_config.py:428" },
    { "parallelism.data_parallel_replicate_degree", "int", "", "1", "job_config.py:313" },
    { "parallelism.data_parallel_shard_degree", "int", "", "-1", "job_config.py:324" },
    { "parallelism.enable_async_tensor_parallel", "bool", "", "False", "job_config.py:357" },
    { "parallelism.expert_parallel_degree", "int", "", "1", "job_config.py:454" },
    { "parallelism.expert_tensor_parallel_degree", "int", "", "1", "job_config.py:464" },
    { "parallelism.fsdp_reshard_after_forward", "choice", "default,always,never", "default", "job_config.py:336" },
    { "parallelism.pipeline_parallel_degree", "int", "", "1", "job_config.py:360" },
    { "parallelism.pipeline_parallel_layers_per_stage", "int", "", "None", "job_config.py:389" },
    { "parallelism.pipeline_parallel_microbatch_size", "int", "", "1", "job_config.py:412" },
    { "parallelism.pipeline_parallel_schedule", "choice",
        "1F1B,Interleaved1F1B,GPipe,LoopedBFS,InterleavedZeroBubble,PipelineScheduleSingle,PipelineScheduleMulti,"
        "ZBVZeroBubble,DualPipeV",
        "1F1B", "job_config.py:396; torch/distributed/pipelining/schedules.py get_schedule_class" },
    { "parallelism.tensor_parallel_degree", "int", "", "1", "job_config.py:351" },
    { "quantize.linear.float8.recipe_name", "choice", "tensorwise,rowwise,rowwise_with_gw_hp", "None",
        "job_config.py:738" },
    { "quantize.linear.mx.recipe_name", "str", "", "mxfp8_cublas", "job_config.py:777" },
    { "training.enable_cpu_offload", "bool", "", "False", "job_config.py:270" },
    { "training.global_batch_size", "int", "", "-1", "job_config.py:256" },
    { "training.local_batch_size", "int", "", "8", "job_config.py:253" },
    { "training.mixed_precision_param", "choice", "bfloat16,float32", "bfloat16", "job_config.py:282" },
    { "training.seq_len", "int", "", "2048", "job_config.py:261" },
};

} // namespace plait::torchtitanjob
