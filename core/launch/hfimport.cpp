#include "hfimport.h"

#include "messagetext.h"
#include "safejson.h"
#include "text.h"

#include <algorithm>
#include <set>

namespace plait {

namespace {
using nlohmann::json;

std::string str(long long x)
{
    return std::to_string(x);
}

// The fields modelFromHfConfig reads (GPT-2 and Llama-family names).
const std::set<std::string> kRead
    = { "model_type", "_name_or_path", "n_embd", "n_layer", "n_head", "n_inner", "vocab_size", "n_positions",
          "hidden_size", "num_hidden_layers", "num_attention_heads", "num_key_value_heads", "head_dim",
          "intermediate_size", "max_position_embeddings", "hidden_act", "tie_word_embeddings", "num_local_experts",
          "num_experts", "num_experts_per_tok", "moe_intermediate_size", "shared_expert_intermediate_size",
          "n_routed_experts", "n_shared_experts", "first_k_dense_replace", "q_lora_rank", "kv_lora_rank",
          "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim", "num_nextn_predict_layers", "n_group", "topk_group" };

// Fields that change neither a step's time nor its memory: identity, initialisation, numerics of norms, RoPE's base,
// dropout, token ids, what inference caches.
const std::set<std::string> kNoEffect
    = { "architectures", "torch_dtype", "dtype", "transformers_version", "bos_token_id", "eos_token_id", "pad_token_id",
          "initializer_range", "rms_norm_eps", "layer_norm_eps", "layer_norm_epsilon", "rope_theta", "rope_scaling",
          "use_cache", "attention_dropout", "hidden_dropout", "resid_pdrop", "embd_pdrop", "attn_pdrop", "auto_map",
          "output_router_logits", "router_aux_loss_coef", "router_z_loss_coef", "pretraining_tp", "summary_activation",
          "summary_first_dropout", "summary_proj_to_labels", "summary_type", "summary_use_proj", "task_specific_params",
          "aux_loss_alpha", "seq_aux", "norm_topk_prob", "scoring_func", "topk_method", "routed_scaling_factor",
          "ep_size", "bias_delta", "image_token_index", "boi_token_index", "eoi_token_index", "id2label", "label2id",
          "tokenizer_class", "use_sliding_window", "max_window_layers" };

// How the estimate treats fields it does not model, where it says (launch:how-… messages).
Message howOf(const std::string& key)
{
    if (key == "moe_layer_freq" || key == "decoder_sparse_step" || key == "mlp_only_layers")
        return { "launch:how-all-moe", {} };
    if (key == "sliding_window")
        return { "launch:how-full-attention", {} };
    return {};
}
}

Result<ImportedPlan> importHfConfig(std::string_view text, const Plan& base, const std::string& source)
{
    int pythonWords = 0;
    auto parsed = parseJson(pythonJsonWordsQuoted(text, &pythonWords));
    if (!parsed)
        return parsed.errors();
    const json& root = parsed.value();
    if (!root.is_object())
        return Result<ImportedPlan>::failure(source, "a Hugging Face config.json is a JSON object");
    ImportedPlan out { base, {}, {}, {}, LaunchFormat::HfConfig };
    // A multimodal model's language model is its text_config; the rest (the vision tower) is not modelled.
    const bool nested = root.contains("text_config") && root["text_config"].is_object();
    const json& config = nested ? root["text_config"] : root;
    const std::string prefix = nested ? "text_config." : "";
    if (nested)
        for (const auto& [k, v] : root.items())
            if (k != "text_config")
                (kNoEffect.count(k) || k == "model_type" ? out.noEffect : out.notModelled)
                    .push_back({ k, k, utf8Prefix(dumpJson(v), 48), {} });
    // Every layer a MoE layer past the dense first ones (moe_layer_freq 1, decoder_sparse_step 1, no mlp_only_layers)
    // is what Plait models: those values change nothing; others are listed.
    auto everyLayer = [](const std::string& k, const json& v) {
        return ((k == "moe_layer_freq" || k == "decoder_sparse_step") && v == json(1))
            || (k == "mlp_only_layers" && v.is_array() && v.empty());
    };
    for (const auto& [k, v] : config.items()) {
        if (kRead.count(k))
            continue;
        if (everyLayer(k, v)) {
            out.noEffect.push_back({ prefix + k, prefix + k, utf8Prefix(dumpJson(v), 48), {} });
            continue;
        }
        ConfigSetting s { prefix + k, prefix + k, utf8Prefix(dumpJson(v), 48), howOf(k) };
        (kNoEffect.count(k) ? out.noEffect : out.notModelled).push_back(std::move(s));
    }
    // Layers Plait cannot cost are refused by name, never costed as attention (issue 40 B): Mamba's state-space
    // layers (Nemotron-H's hybrid_override_pattern 'M', Jamba, Zamba, Falcon-H1: ssm_state_size, mamba_* keys).
    {
        std::string pattern;
        if (config.contains("hybrid_override_pattern") && config["hybrid_override_pattern"].is_string())
            pattern = config["hybrid_override_pattern"].get<std::string>();
        const auto mamba = std::count(pattern.begin(), pattern.end(), 'M');
        const bool ssmKeys = config.contains("ssm_state_size") || config.contains("mamba_num_heads")
            || config.contains("mamba_d_state") || config.contains("mamba_expand");
        if (mamba > 0)
            return Result<ImportedPlan>(std::vector<Issue> {
                fieldIssue(prefix + "hybrid_override_pattern", "hf-mamba-layers", { std::to_string(mamba) }) });
        if (ssmKeys)
            return Result<ImportedPlan>(std::vector<Issue> { fieldIssue(prefix + "ssm_state_size", "hf-mamba") });
    }
    auto model = modelFromHfConfig(config, nested ? "text_config" : source);
    if (!model)
        return model.errors();
    ModelSpec& m = model.value();
    m.source = source;
    if (m.name.empty())
        m.name = source;
    if (m.seqLen != base.model.seqLen)
        out.notes.push_back({ "launch:hf-sequence", { str(m.seqLen), str(base.model.seqLen) } });
    m.seqLen = base.model.seqLen;
    out.plan.model = m;
    std::sort(out.noEffect.begin(), out.noEffect.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    std::sort(
        out.notModelled.begin(), out.notModelled.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    if (pythonWords > 0)
        out.notes.push_back({ "launch:hf-python-words", { str(pythonWords) } });
    return importResult(std::move(out), base, {});
}

} // namespace plait
