#pragma once
// DeepSpeed's configuration for every key Plait's DeepSpeed export can write, as its source reads at commit edaa7221
// (2026-08-22): the pydantic models of deepspeed/runtime/precision_config.py (DeepSpeedBF16Config,
// DeepSpeedFP16Config), runtime/zero/config.py (DeepSpeedZeroConfig) and runtime/zero/offload_config.py, each a
// DeepSpeedConfigModel with extra="forbid" (config_utils.py:110), so a key a model lacks fails the job at start; and
// the top-level keys runtime/config.py reads by the names in runtime/constants.py. Read from the source and written
// here as the facts it states; a test per key holds the export to them.

namespace plait::deepspeedschema {

// kind: "int", "bool", "choice" (a string, one of `choices`), "stage" (ZeroStageEnum: an integer 0…3), "optimizer"
// (runtime/config.py lowers a name of DEEPSPEED_OPTIMIZERS, `choices`; any other is looked up as a torch.optim class,
// engine.py _configure_basic_optimizer).
struct Key {
    const char* name; // dotted path in the JSON
    const char* kind;
    const char* choices; // comma-separated, for "choice" and "optimizer"
    const char* defaultValue; // as the source's default
    const char* source; // file:line at that commit
};

inline constexpr Key kKeys[] = {
    { "bf16.bf16_master_weights_and_grads", "bool", "", "False", "precision_config.py:63" },
    { "bf16.bf16_optimizer_states", "bool", "", "False", "precision_config.py:68" },
    { "bf16.enabled", "bool", "", "False", "precision_config.py:46" },
    { "fp16.enabled", "bool", "", "False", "precision_config.py:105" },
    { "gradient_accumulation_steps", "int", "", "None", "constants.py:107" },
    { "optimizer.type", "optimizer",
        "adagrad,adam,adamw,lamb,onebitadam,zerooneadam,onebitlamb,muadam,muadamw,musgd,lion,muon", "None",
        "constants.py:64; config.py:84" },
    { "train_batch_size", "int", "", "None", "constants.py:19" },
    { "train_micro_batch_size_per_gpu", "int", "", "None", "constants.py:95" },
    { "zero_allow_untested_optimizer", "bool", "", "False", "constants.py:75" },
    { "zero_optimization.offload_optimizer.device", "choice", "none,cpu,nvme", "none", "offload_config.py:58" },
    { "zero_optimization.offload_optimizer.pin_memory", "bool", "", "True", "offload_config.py:75" },
    { "zero_optimization.offload_param.device", "choice", "none,cpu,nvme", "none", "offload_config.py:24" },
    { "zero_optimization.offload_param.pin_memory", "bool", "", "True", "offload_config.py:45" },
    { "zero_optimization.overlap_comm", "bool", "", "None", "zero/config.py:138" },
    { "zero_optimization.reduce_bucket_size", "int", "", "500000000", "zero/config.py:113" },
    { "zero_optimization.stage", "stage", "", "0", "zero/config.py:95" },
};

// torch.optim's optimizer classes (what getattr(torch.optim, name) finds), and those of them ZeRO has tested
// (runtime/zero/utils.py:45 ZERO_SUPPORTED_OPTIMIZERS: torch.optim.Adam, AdamW, Adagrad); any other under ZeRO needs
// "zero_allow_untested_optimizer": true (engine.py:1987).
inline constexpr const char* kTorchOptimizers[] = { "Adadelta", "Adafactor", "Adagrad", "Adam", "AdamW", "Adamax",
    "ASGD", "LBFGS", "NAdam", "RAdam", "RMSprop", "Rprop", "SGD", "SparseAdam" };
inline constexpr const char* kZeroTestedTorchOptimizers[] = { "Adam", "AdamW", "Adagrad" };

} // namespace plait::deepspeedschema
