#include "hfimport.h"

#include "messagetext.h"
#include "safejson.h"
#include "text.h"

#include <algorithm>
#include <map>
#include <set>

namespace plait {

namespace {
using nlohmann::json;

// The fields modelFromHfConfig reads (GPT-2 and Llama-family names).
const std::set<std::string> kRead = { "model_type", "_name_or_path", "n_embd", "n_layer", "n_head", "n_inner",
    "vocab_size", "n_positions", "hidden_size", "num_hidden_layers", "num_attention_heads", "num_key_value_heads",
    "head_dim", "intermediate_size", "max_position_embeddings", "hidden_act", "tie_word_embeddings",
    "num_local_experts", "num_experts", "num_experts_per_tok", "moe_intermediate_size",
    "shared_expert_intermediate_size", "n_routed_experts", "n_shared_experts", "first_k_dense_replace", "q_lora_rank",
    "kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim", "num_nextn_predict_layers", "n_group",
    "topk_group", "attn_pdrop", "resid_pdrop", "attention_dropout", "hidden_dropout",
    // read below for the model types that use them
    "interleave_moe_layer_step", "intermediate_size_mlp", "top_k_experts", "enable_moe_block", "hidden_activation" };

// Fields that change neither a step's time nor its memory: identity, initialisation, numerics of norms, RoPE's base,
// the embedding's own dropout (the residual one stands for it), token ids, what inference caches.
const std::set<std::string> kNoEffect = { "architectures", "torch_dtype", "dtype", "transformers_version",
    "bos_token_id", "eos_token_id", "pad_token_id", "initializer_range", "rms_norm_eps", "layer_norm_eps",
    "layer_norm_epsilon", "rope_theta", "rope_scaling", "use_cache", "embd_pdrop", "auto_map", "output_router_logits",
    "router_aux_loss_coef", "router_z_loss_coef", "pretraining_tp", "summary_activation", "summary_first_dropout",
    "summary_proj_to_labels", "summary_type", "summary_use_proj", "task_specific_params", "aux_loss_alpha", "seq_aux",
    "norm_topk_prob", "scoring_func", "topk_method", "routed_scaling_factor", "ep_size", "bias_delta",
    "image_token_index", "boi_token_index", "eoi_token_index", "id2label", "label2id", "tokenizer_class",
    "use_sliding_window", "max_window_layers",
    // generation defaults: what decoding does, nothing of training (transformers' GenerationConfig fields)
    "max_length", "min_length", "do_sample", "early_stopping", "num_beams", "num_beam_groups", "temperature", "top_k",
    "top_p", "typical_p", "repetition_penalty", "length_penalty", "no_repeat_ngram_size", "bad_words_ids",
    "num_return_sequences", "diversity_penalty", "forced_bos_token_id", "forced_eos_token_id", "remove_invalid_values",
    "exponential_decay_length_penalty", "suppress_tokens", "begin_suppress_tokens", "decoder_start_token_id",
    "sep_token_id", "return_dict_in_generate", "output_scores", "output_attentions", "output_hidden_states",
    "return_dict", "chunk_size_feed_forward", "is_encoder_decoder", "prefix", "problem_type", "finetuning_task",
    "tie_encoder_decoder", "torchscript", "use_return_dict", "cache_implementation", "n_ctx",
    // PretrainedConfig.to_dict()'s own defaults, written into every config it saves
    "cross_attention_hidden_size", "encoder_no_repeat_ngram_size", "is_decoder", "pruned_heads", "tf_legacy_loss",
    "use_bfloat16", "vision_soft_tokens_per_image" };

// A field that states what Plait already assumes or that changes nothing at the plan's sequence: no effect.
bool noEffectValue(const std::string& key, const json& v, const json& config, long long seqLen)
{
    if ((key.size() > 9 && key.compare(key.size() - 9, 9, "_token_id") == 0)
        || key.find("_token_index") != std::string::npos)
        return true; // a special token's id
    if ((key == "attention_bias" || key == "add_cross_attention" || key == "use_sliding_window") && v == json(false))
        return true;
    if (key == "audio_config")
        return v.is_null();
    if (key == "sliding_window") // no window, one longer than the sequence trained at, or one switched off
        return v.is_null() || (v.is_number_integer() && v.get<long long>() >= seqLen)
            || (config.contains("use_sliding_window") && config["use_sliding_window"] == json(false));
    if (key == "experts_per_token") // gpt-oss's second name for num_experts_per_tok
        return config.contains("num_experts_per_tok") && config["num_experts_per_tok"] == v;
    return false;
}

// transformers' config class defaults, by model_type, for the fields Plait reads (configuration_llama.py,
// configuration_mistral.py, configuration_qwen2.py, configuration_gemma3.py): a file may leave any of them out, as
// LLaVA 1.5's text_config leaves out all of Llama 2 7B's shape.
const std::map<std::string, json>& typeDefaults()
{
    static const std::map<std::string, json> d = {
        { "llama",
            { { "vocab_size", 32000 }, { "hidden_size", 4096 }, { "intermediate_size", 11008 },
                { "num_hidden_layers", 32 }, { "num_attention_heads", 32 }, { "max_position_embeddings", 2048 },
                { "hidden_act", "silu" }, { "tie_word_embeddings", false } } },
        { "mistral",
            { { "vocab_size", 32000 }, { "hidden_size", 4096 }, { "intermediate_size", 14336 },
                { "num_hidden_layers", 32 }, { "num_attention_heads", 32 }, { "num_key_value_heads", 8 },
                { "max_position_embeddings", 131072 }, { "hidden_act", "silu" }, { "tie_word_embeddings", false } } },
        { "qwen2",
            { { "vocab_size", 151936 }, { "hidden_size", 4096 }, { "intermediate_size", 22016 },
                { "num_hidden_layers", 32 }, { "num_attention_heads", 32 }, { "num_key_value_heads", 32 },
                { "max_position_embeddings", 32768 }, { "hidden_act", "silu" }, { "tie_word_embeddings", false } } },
        { "gemma3_text",
            { { "vocab_size", 262208 }, { "hidden_size", 2304 }, { "intermediate_size", 9216 },
                { "num_hidden_layers", 26 }, { "num_attention_heads", 8 }, { "num_key_value_heads", 4 },
                { "head_dim", 256 }, { "max_position_embeddings", 131072 }, { "tie_word_embeddings", true } } },
    };
    return d;
}

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
    ImportedPlan out { base, {}, {}, {}, {}, LaunchFormat::HfConfig };
    // A multimodal model's language model is its text_config; the rest (the vision tower) is not modelled.
    const bool nested = root.contains("text_config") && root["text_config"].is_object();
    json config = nested ? root["text_config"] : root;
    // A multimodal config's text model type when its text_config does not say (LLaVA's default text model is
    // Llama's, Gemma 3's is gemma3_text).
    const std::string outerType = root.value("model_type", json("")).is_string() ? root.value("model_type", "") : "";
    std::string type = config.value("model_type", json("")).is_string() ? config.value("model_type", "") : "";
    if (type.empty() && nested)
        type = outerType == "llava" || outerType == "llava_next" ? "llama" : outerType == "gemma3" ? "gemma3_text" : "";
    std::string defaulted;
    if (const auto d = typeDefaults().find(type); d != typeDefaults().end())
        for (const auto& [k, v] : d->second.items())
            if (!config.contains(k)) {
                config[k] = v;
                defaulted += (defaulted.empty() ? "" : ", ") + k + " " + dumpJson(v);
            }
    const std::string prefix = nested ? "text_config." : "";
    const long long seq = base.model.seqLen;
    if (nested)
        for (const auto& [k, v] : root.items())
            if (k != "text_config")
                // The outer config's copy of a field the text model also sets alike changes nothing.
                (kNoEffect.count(k) || k == "model_type" || noEffectValue(k, v, root, seq)
                            || (kRead.count(k) && root["text_config"].contains(k) && root["text_config"][k] == v)
                        ? out.noEffect
                        : out.notModelled)
                    .push_back({ k, k, utf8Prefix(dumpJson(v), 48), {} });
    // Every layer a MoE layer past the dense first ones (moe_layer_freq 1, decoder_sparse_step 1, no mlp_only_layers)
    // is what Plait models: those values change nothing; others are listed.
    auto everyLayer = [](const std::string& k, const json& v) {
        return ((k == "moe_layer_freq" || k == "decoder_sparse_step") && v == json(1))
            || (k == "mlp_only_layers" && v.is_array() && v.empty());
    };
    const json& given = nested ? root["text_config"] : root; // what the file holds, not the defaults put in
    for (const auto& [k, v] : given.items()) {
        if (kRead.count(k))
            continue;
        if (everyLayer(k, v)) {
            out.noEffect.push_back({ prefix + k, prefix + k, utf8Prefix(dumpJson(v), 48), {} });
            continue;
        }
        const bool none = kNoEffect.count(k) || noEffectValue(k, v, given, seq);
        ConfigSetting s { prefix + k, prefix + k, utf8Prefix(dumpJson(v), 48), none ? Message {} : howOf(k) };
        (none ? out.noEffect : out.notModelled).push_back(std::move(s));
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
        // Layers of another kind than attention with an MLP (Qwen3-Next's linear_attention), and cross-attention
        // to an image (Llama 3.2 Vision's cross_attention_layers): named, never costed as self-attention.
        if (config.contains("layer_types") && config["layer_types"].is_array())
            for (const json& t : config["layer_types"])
                if (t.is_string() && t != "full_attention" && t != "sliding_attention" && t != "chunked_attention")
                    return Result<ImportedPlan>(std::vector<Issue> { fieldIssue(prefix + "layer_types", "hf-layer-kind",
                        { utf8Prefix(t.get<std::string>(), 40),
                            str(std::count(config["layer_types"].begin(), config["layer_types"].end(), t)) }) });
        if (config.contains("cross_attention_layers") && config["cross_attention_layers"].is_array()
            && !config["cross_attention_layers"].empty())
            return Result<ImportedPlan>(std::vector<Issue> { fieldIssue(prefix + "cross_attention_layers",
                "hf-cross-attention", { str((long long)config["cross_attention_layers"].size()) }) });
    }
    auto model = modelFromHfConfig(config, nested ? "text_config" : source);
    if (!model)
        return model.errors();
    ModelSpec& m = model.value();
    m.source = source;
    if (!defaulted.empty())
        out.notes.push_back({ "launch:hf-type-defaults", { type, defaulted } });
    // Gemma's MLP is gated (gate, up and down projections with GELU): the cost shape of SwiGLU.
    if (config.contains("hidden_activation") && !config.contains("hidden_act"))
        m.ffn = FfnKind::SwiGlu;
    if (type.rfind("gemma", 0) == 0 && !config.contains("tie_word_embeddings"))
        m.tiedEmbeddings = true; // every Gemma ties its output layer to the embedding
    if (m.learnedPositions && base.model.seqLen > m.seqLen) {
        // Learned absolute positions (GPT-2's n_positions) end the sequence the model can take at all.
        out.notes.push_back({ "launch:hf-position-cap", { str(m.seqLen), str(base.model.seqLen) } });
    } else {
        if (m.seqLen != base.model.seqLen)
            out.notes.push_back({ "launch:hf-sequence", { str(m.seqLen), str(base.model.seqLen) } });
        m.seqLen = base.model.seqLen;
    }
    out.plan.model = m;
    std::sort(out.noEffect.begin(), out.noEffect.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    std::sort(
        out.notModelled.begin(), out.notModelled.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    if (pythonWords > 0)
        out.notes.push_back({ "launch:hf-python-words", { str(pythonWords) } });
    return importResult(std::move(out), base, {});
}

} // namespace plait
