#pragma once
// Megatron-LM's argument parser for every flag Plait's Megatron-LM export can write, as its source reads at commit
// d98e8a64 (2026-08-22): megatron/training/arguments.py's add_argument calls, and the configuration dataclasses that
// megatron/training/argument_utils.py's ArgumentGroupFactory turns into flags (a field's name with '-' for '_', or its
// argparse_meta arg_names; its type annotation; its default, or argparse_meta's): transformer_config.py,
// model_parallel_config.py, training/config/training_config.py, common_config.py. Read from the source with Python's
// ast module (each add_argument call's keywords, each dataclass field's annotation and default) and written here as
// the facts it states; a test per flag holds the export to them.

namespace plait::megatronparser {

// kind: "flag" (store_true, takes no value), "int", "float", "str", "choice" (one of `choices`), "list" (words),
// "moe_freq" (an integer or a Python list expression, arguments.py moe_freq_type).
struct Flag {
    const char* name;
    const char* kind;
    const char* choices; // comma-separated, for "choice"
    const char* defaultValue; // as the parser's default, "None" when it has none
    const char* source; // file:line at that commit
};

inline constexpr Flag kFlags[] = {
    { "account-for-embedding-in-pipeline-split", "flag", "", "False", "transformer_config.py:137" },
    { "account-for-loss-in-pipeline-split", "flag", "", "False", "transformer_config.py:141" },
    { "activation-func-fp8-input-store", "flag", "", "False", "transformer_config.py:227" },
    { "attention-backend", "choice", "flash,fused,unfused,local,auto", "AttnBackend.auto",
        "transformer_config.py:151" },
    { "attention-dropout", "float", "", "0.1", "transformer_config.py:191" },
    { "bf16", "flag", "", "False", "model_parallel_config.py:180" },
    { "ckpt-format", "choice", "torch,torch_dist,torch_dcp,fsdp_dtensor", "torch_dist", "training_config.py:486" },
    { "context-parallel-size", "int", "", "1", "model_parallel_config.py:100" },
    { "cross-entropy-loss-fusion", "flag", "", "False", "model_parallel_config.py:320" },
    { "data-parallel-sharding-strategy", "choice", "no_shard,optim,optim_grads,optim_grads_params",
        "optim_grads_params", "arguments.py:3190" },
    { "ddp-bucket-size", "int", "", "None", "arguments.py:3125" },
    { "decoder-first-pipeline-num-layers", "int", "", "None", "arguments.py:3095" },
    { "decoder-last-pipeline-num-layers", "int", "", "None", "arguments.py:3099" },
    { "disable-bias-linear", "flag", "", "True", "transformer_config.py:212" },
    { "exp-avg-dtype", "choice", "fp32,fp16,bf16,fp8", "fp32", "arguments.py:3675" },
    { "exp-avg-sq-dtype", "choice", "fp32,fp16,bf16,fp8", "fp32", "arguments.py:3680" },
    { "expert-model-parallel-size", "int", "", "1", "model_parallel_config.py:127" },
    { "expert-tensor-parallel-size", "int", "", "None", "model_parallel_config.py:130" },
    { "ffn-hidden-size", "int", "", "None", "transformer_config.py:180" },
    { "fp16", "flag", "", "False", "model_parallel_config.py:177" },
    { "fp4-format", "choice", "e2m1", "None", "transformer_config.py:673" },
    { "fp4-recipe", "choice", "nvfp4,custom", "nvfp4", "transformer_config.py:679" },
    { "fp8-format", "choice", "e4m3,hybrid", "None", "transformer_config.py:587" },
    { "fp8-param-gather", "flag", "", "None", "arguments.py:2016" },
    { "fp8-recipe", "choice", "tensorwise,delayed,mxfp8,blockwise,custom", "delayed", "transformer_config.py:594" },
    { "global-batch-size", "int", "", "None", "training_config.py:15" },
    { "group-query-attention", "flag", "", "None", "arguments.py:2382" },
    { "hidden-dropout", "float", "", "0.1", "transformer_config.py:188" },
    { "hidden-size", "int", "", "None", "transformer_config.py:145" },
    { "kv-channels", "int", "", "None", "transformer_config.py:184" },
    { "kv-lora-rank", "int", "", "32", "arguments.py:3550" },
    { "max-position-embeddings", "int", "", "None", "arguments.py:2394" },
    { "micro-batch-size", "int", "", "None", "training_config.py:11" },
    { "moe-expert-capacity-factor", "float", "", "None", "transformer_config.py:917" },
    { "moe-ffn-hidden-size", "int", "", "None", "transformer_config.py:740" },
    { "moe-flex-dispatcher-backend", "choice", "deepep,hybridep,ncclep", "deepep", "transformer_config.py:898" },
    { "moe-layer-freq", "moe_freq", "", "1", "arguments.py:3520" },
    { "moe-router-group-topk", "int", "", "None", "transformer_config.py:796" },
    { "moe-router-num-groups", "int", "", "None", "transformer_config.py:780" },
    { "moe-router-topk", "int", "", "2", "transformer_config.py:760" },
    { "moe-shared-expert-intermediate-size", "int", "", "None", "transformer_config.py:701" },
    { "moe-token-dispatcher-type", "choice", "allgather,alltoall,flex", "allgather", "transformer_config.py:891" },
    { "mtp-num-layers", "int", "", "None", "transformer_config.py:68" },
    { "multi-latent-attention", "flag", "", "False", "transformer_config.py:288" },
    { "normalization", "choice", "LayerNorm,RMSNorm", "LayerNorm", "transformer_config.py:256" },
    { "num-attention-heads", "int", "", "None", "transformer_config.py:148" },
    { "num-experts", "int", "", "None", "arguments.py:3518" },
    { "num-layers", "int", "", "None", "transformer_config.py:65" },
    { "num-layers-per-virtual-pipeline-stage", "int", "", "None", "arguments.py:3114" },
    { "num-query-groups", "int", "", "1", "transformer_config.py:175" },
    { "num-virtual-stages-per-pipeline-rank", "int", "", "None", "arguments.py:3116" },
    { "optimizer", "choice", "adam,sgd,muon,dist_muon,lion,soap,adaptive_muon", "adam", "arguments.py:2913" },
    { "optimizer-cpu-offload", "flag", "", "None", "arguments.py:2918" },
    { "overlap-grad-reduce", "flag", "", "False", "arguments.py:3121" },
    { "overlap-moe-expert-parallel-comm", "flag", "", "False", "model_parallel_config.py:343" },
    { "overlap-param-gather", "flag", "", "False", "arguments.py:3148" },
    { "pipeline-model-parallel-layout", "str", "", "None", "arguments.py:3103" },
    { "pipeline-model-parallel-size", "int", "", "1", "model_parallel_config.py:83" },
    { "position-embedding-type", "choice", "learned_absolute,rope,yarn,mrope,relative,none", "learned_absolute",
        "arguments.py:2397" },
    { "q-lora-rank", "int", "", "None", "arguments.py:3548" },
    { "qk-head-dim", "int", "", "128", "arguments.py:3552" },
    { "qk-pos-emb-head-dim", "int", "", "64", "arguments.py:3554" },
    { "recompute-granularity", "choice", "full,selective", "None", "transformer_config.py:532" },
    { "recompute-method", "choice", "uniform,block", "None", "transformer_config.py:543" },
    { "recompute-modules", "list", "", "None", "transformer_config.py:560" },
    { "recompute-num-layers", "int", "", "None", "transformer_config.py:551" },
    { "seq-length", "int", "", "None", "arguments.py:3305" },
    { "sequence-parallel", "flag", "", "False", "model_parallel_config.py:94" },
    { "swiglu", "flag", "", "None", "arguments.py:2450" },
    { "tensor-model-parallel-size", "int", "", "1", "model_parallel_config.py:55" },
    { "tp-comm-overlap", "flag", "", "False", "model_parallel_config.py:265" },
    { "transformer-impl", "choice", "local,transformer_engine,inference_optimized", "transformer_engine",
        "transformer_config.py:1314" },
    { "untie-embeddings-and-output-weights", "flag", "", "None", "arguments.py:2460" },
    { "use-distributed-optimizer", "flag", "", "None", "arguments.py:3156" },
    { "use-megatron-fsdp", "flag", "", "False", "common_config.py:92" },
    { "use-precision-aware-optimizer", "flag", "", "None", "arguments.py:3667" },
    { "v-head-dim", "int", "", "128", "arguments.py:3556" },
    { "vocab-size", "int", "", "None", "training_config.py:679" },
};

} // namespace plait::megatronparser
