#include "model.h"

#include "builtin_resources.h"
#include "jsonfields.h"
#include "safejson.h"

#include <algorithm>

namespace plait {

namespace {
constexpr long long kMaxHidden = 1 << 20;
constexpr long long kMaxVocab = 1 << 24;
constexpr long long kMaxSeq = 1 << 24;

// Shape checks shared by every way a model enters Plait.
void checkShape(const ModelSpec& m, const std::string& field, std::vector<Issue>& issues)
{
    if (m.heads > 0 && m.kvHeads > 0 && m.heads % m.kvHeads != 0)
        issues.push_back({ field + ".kv_heads",
            "heads (" + std::to_string(m.heads) + ") must be a multiple of kv_heads (" + std::to_string(m.kvHeads)
                + ")" });
    if (m.headDim == 0 && m.heads > 0 && m.hidden % m.heads != 0)
        issues.push_back({ field + ".heads",
            "hidden (" + std::to_string(m.hidden) + ") must divide by heads (" + std::to_string(m.heads) + ")" });
    if (m.moe.experts > 0 && (m.moe.topK < 1 || m.moe.topK > m.moe.experts))
        issues.push_back({ field + ".moe.top_k",
            "must be between 1 and experts (" + std::to_string(m.moe.experts) + "), got "
                + std::to_string(m.moe.topK) });
    if (m.moe.routerGroups > 0
        && (m.moe.experts % m.moe.routerGroups != 0 || m.moe.routerGroupTopK < 1
            || m.moe.routerGroupTopK > m.moe.routerGroups
            || (long long)m.moe.topK * m.moe.routerGroups > (long long)m.moe.routerGroupTopK * m.moe.experts))
        issues.push_back({ field + ".moe.router_groups",
            "router_groups (" + std::to_string(m.moe.routerGroups) + ") must divide experts ("
                + std::to_string(m.moe.experts) + "), and router_group_top_k (" + std::to_string(m.moe.routerGroupTopK)
                + ") be between 1 and router_groups with top_k (" + std::to_string(m.moe.topK)
                + ") experts in that many groups" });
    if (m.moe.denseLayers > 0 && (m.moe.experts == 0 || m.moe.denseLayers >= m.layers))
        issues.push_back({ field + ".moe.dense_layers",
            "must be fewer than layers (" + std::to_string(m.layers) + "), in a model with experts; got "
                + std::to_string(m.moe.denseLayers) });
    if (m.moe.every > 1
        && (m.moe.experts == 0 || m.moe.phase >= m.moe.every || m.moe.denseLayers + m.moe.phase >= m.layers))
        issues.push_back({ field + ".moe.every",
            "one MoE layer in every " + std::to_string(m.moe.every) + " needs a model with experts, a phase below "
                + std::to_string(m.moe.every) + " (got " + std::to_string(m.moe.phase)
                + ") and at least one MoE layer among the " + std::to_string(m.layers) + " layers" });
    if (m.mla.on() && (m.mla.qkNopeHeadDim < 1 || m.mla.qkRopeHeadDim < 1 || m.mla.vHeadDim < 1))
        issues.push_back({ field + ".mla",
            "needs qk_nope_head_dim, qk_rope_head_dim and v_head_dim (each at least 1) beside kv_lora_rank" });
    if (m.mla.on() && m.kvHeads != m.heads)
        issues.push_back({ field + ".kv_heads",
            "must equal heads (" + std::to_string(m.heads)
                + ") with multi-head latent attention: every head has "
                  "its own key and value from the shared latent" });
}
}

ModelSpec denseLayerModel(const ModelSpec& m)
{
    ModelSpec d = m;
    d.moe = MoeSpec {};
    return d;
}

Result<ModelSpec> modelFromJson(const nlohmann::json& j, const std::string& field)
{
    if (!j.is_object())
        return Result<ModelSpec>::failure(field, "must be an object");
    std::vector<Issue> issues;
    FieldReader r(j, field, issues);
    ModelSpec m;
    m.name = r.string("name", "");
    m.layers = int(r.integer("layers", 0, 1, 100000, true));
    m.hidden = r.integer("hidden", 0, 1, kMaxHidden, true);
    m.heads = int(r.integer("heads", 0, 1, 1 << 16, true));
    m.kvHeads = int(r.integer("kv_heads", m.heads, 1, 1 << 16));
    m.headDim = r.integer("head_dim", 0, 0, kMaxHidden);
    m.ffnHidden = r.integer("ffn_hidden", 4 * m.hidden, 1, 16 * kMaxHidden);
    m.ffn = r.choice("ffn", "gelu", { "gelu", "swiglu" }) == "swiglu" ? FfnKind::SwiGlu : FfnKind::Gelu;
    const bool llamaLike = m.ffn == FfnKind::SwiGlu;
    m.norm = r.choice("norm", llamaLike ? "rmsnorm" : "layernorm", { "layernorm", "rmsnorm" }) == "rmsnorm"
        ? NormKind::RmsNorm
        : NormKind::LayerNorm;
    m.learnedPositions = r.choice("position", llamaLike ? "rope" : "learned", { "learned", "rope" }) == "learned";
    m.linearBiases = r.boolean("bias", !llamaLike);
    // Unstated: GPT-style models at Megatron-LM's and GPT-2's 0.1, Llama-style ones without (as they publish).
    m.attentionDropout = r.number("attention_dropout", m.linearBiases ? 0.1 : 0.0, 0.0, 0.99);
    m.hiddenDropout = r.number("hidden_dropout", m.linearBiases ? 0.1 : 0.0, 0.0, 0.99);
    m.vocab = r.integer("vocab", 0, 1, kMaxVocab, true);
    m.seqLen = r.integer("seq_len", 0, 1, kMaxSeq, true);
    m.tiedEmbeddings = r.boolean("tied_embeddings", !llamaLike);
    m.source = r.string("source", "");
    if (r.has("moe")) {
        const auto& moe = j.at("moe");
        if (!moe.is_object()) {
            issues.push_back({ field + ".moe", "must be an object" });
        } else {
            FieldReader mr(moe, field + ".moe", issues);
            m.moe.experts = int(mr.integer("experts", 0, 0, 1 << 16));
            m.moe.topK = int(mr.integer("top_k", 0, 0, 1 << 16));
            m.moe.sharedExperts = int(mr.integer("shared_experts", 0, 0, 1 << 10));
            m.moe.expertFfnHidden = mr.integer("expert_ffn_hidden", 0, 0, 16 * kMaxHidden);
            m.moe.sharedFfnHidden = mr.integer("shared_ffn_hidden", 0, 0, 16 * kMaxHidden);
            m.moe.denseLayers = int(mr.integer("dense_layers", 0, 0, 100000));
            m.moe.every = int(mr.integer("every", 1, 1, 100000));
            m.moe.phase = int(mr.integer("phase", 0, 0, 100000));
            m.moe.routerGroups = int(mr.integer("router_groups", 0, 0, 1 << 16));
            m.moe.routerGroupTopK = int(mr.integer("router_group_top_k", 0, 0, 1 << 16));
        }
    }
    m.mtpLayers = int(r.integer("mtp_layers", 0, 0, 16));
    if (r.has("mla")) {
        const auto& mla = j.at("mla");
        if (!mla.is_object()) {
            issues.push_back({ field + ".mla", "must be an object" });
        } else {
            FieldReader ar(mla, field + ".mla", issues);
            m.mla.qLoraRank = ar.integer("q_lora_rank", 0, 0, kMaxHidden);
            m.mla.kvLoraRank = ar.integer("kv_lora_rank", 0, 1, kMaxHidden, true);
            m.mla.qkNopeHeadDim = ar.integer("qk_nope_head_dim", 0, 1, 1 << 14, true);
            m.mla.qkRopeHeadDim = ar.integer("qk_rope_head_dim", 0, 1, 1 << 14, true);
            m.mla.vHeadDim = ar.integer("v_head_dim", 0, 1, 1 << 14, true);
        }
    }
    if (issues.empty())
        checkShape(m, field, issues);
    if (!issues.empty())
        return issues;
    return m;
}

nlohmann::json toJson(const ModelSpec& m)
{
    nlohmann::json j
        = { { "layers", m.layers }, { "hidden", m.hidden }, { "heads", m.heads }, { "kv_heads", m.kvHeads },
              { "ffn_hidden", m.ffnHidden }, { "ffn", m.ffn == FfnKind::SwiGlu ? "swiglu" : "gelu" },
              { "norm", m.norm == NormKind::RmsNorm ? "rmsnorm" : "layernorm" },
              { "position", m.learnedPositions ? "learned" : "rope" }, { "bias", m.linearBiases },
              { "attention_dropout", m.attentionDropout }, { "hidden_dropout", m.hiddenDropout }, { "vocab", m.vocab },
              { "seq_len", m.seqLen }, { "tied_embeddings", m.tiedEmbeddings },
              { "moe", { { "experts", m.moe.experts }, { "top_k", m.moe.topK } } } };
    if (!m.name.empty())
        j["name"] = m.name;
    if (m.headDim > 0 && m.headDim * m.heads != m.hidden)
        j["head_dim"] = m.headDim;
    if (m.moe.sharedExperts > 0)
        j["moe"]["shared_experts"] = m.moe.sharedExperts;
    if (m.moe.expertFfnHidden > 0)
        j["moe"]["expert_ffn_hidden"] = m.moe.expertFfnHidden;
    if (m.moe.sharedFfnHidden > 0)
        j["moe"]["shared_ffn_hidden"] = m.moe.sharedFfnHidden;
    if (m.moe.denseLayers > 0)
        j["moe"]["dense_layers"] = m.moe.denseLayers;
    if (m.moe.every > 1) {
        j["moe"]["every"] = m.moe.every;
        j["moe"]["phase"] = m.moe.phase;
    }
    if (m.moe.routerGroups > 0) {
        j["moe"]["router_groups"] = m.moe.routerGroups;
        j["moe"]["router_group_top_k"] = m.moe.routerGroupTopK;
    }
    if (m.mtpLayers > 0)
        j["mtp_layers"] = m.mtpLayers;
    if (m.mla.on())
        j["mla"] = { { "q_lora_rank", m.mla.qLoraRank }, { "kv_lora_rank", m.mla.kvLoraRank },
            { "qk_nope_head_dim", m.mla.qkNopeHeadDim }, { "qk_rope_head_dim", m.mla.qkRopeHeadDim },
            { "v_head_dim", m.mla.vHeadDim } };
    return j;
}

Result<ModelSpec> modelFromHfConfig(const nlohmann::json& c, const std::string& field)
{
    if (!c.is_object())
        return Result<ModelSpec>::failure(field, "a Hugging Face config.json must be a JSON object");
    std::vector<Issue> issues;
    FieldReader r(c, field, issues);
    ModelSpec m;
    const std::string type = r.string("model_type", "");
    m.name = r.string("_name_or_path", type);
    const bool gpt2 = type == "gpt2" || r.has("n_embd");
    if (gpt2) {
        // GPT-2: learned positions, LayerNorm, GELU MLP of n_inner (default 4·n_embd), output tied to the input
        // embedding.
        m.hidden = r.integer("n_embd", 0, 1, kMaxHidden, true);
        m.layers = int(r.integer("n_layer", 0, 1, 100000, true));
        m.heads = int(r.integer("n_head", 0, 1, 1 << 16, true));
        m.kvHeads = m.heads;
        m.ffnHidden = r.integer("n_inner", 4 * m.hidden, 1, 16 * kMaxHidden);
        m.vocab = r.integer("vocab_size", 50257, 1, kMaxVocab);
        m.seqLen = r.integer("n_positions", 1024, 1, kMaxSeq);
        m.ffn = FfnKind::Gelu;
        m.norm = NormKind::LayerNorm;
        m.learnedPositions = true;
        m.linearBiases = true;
        m.tiedEmbeddings = true;
        m.attentionDropout = r.number("attn_pdrop", 0.1, 0.0, 0.99); // GPT2Config's defaults
        m.hiddenDropout = r.number("resid_pdrop", 0.1, 0.0, 0.99);
    } else {
        // Llama / Mistral / Qwen2 / Mixtral: RMSNorm, SwiGLU (hidden_act silu), RoPE, no linear biases except Qwen's
        // QKV.
        m.hidden = r.integer("hidden_size", 0, 1, kMaxHidden, true);
        m.layers = int(r.integer("num_hidden_layers", 0, 1, 100000, true));
        m.heads = int(r.integer("num_attention_heads", 0, 1, 1 << 16, true));
        m.kvHeads = int(r.integer("num_key_value_heads", m.heads, 1, 1 << 16));
        m.headDim = r.integer("head_dim", 0, 1, kMaxHidden); // absent or null: hidden / heads; 0 is no model
        m.ffnHidden = r.integer("intermediate_size", 0, 1, 16 * kMaxHidden, true);
        m.vocab = r.integer("vocab_size", 0, 1, kMaxVocab, true);
        m.seqLen = r.integer("max_position_embeddings", 4096, 1, kMaxSeq);
        const std::string act = r.string("hidden_act", "silu");
        m.ffn = (act == "silu" || act == "swiglu") ? FfnKind::SwiGlu : FfnKind::Gelu;
        m.norm = NormKind::RmsNorm;
        m.learnedPositions = false;
        m.linearBiases = false;
        m.tiedEmbeddings = r.boolean("tie_word_embeddings", false);
        m.attentionDropout = r.number("attention_dropout", 0.0, 0.0, 0.99); // LlamaConfig's default
        m.hiddenDropout = r.number("hidden_dropout", 0.0, 0.0, 0.99);
        // Mixtral's, Qwen's and DeepSeek's names for the routed experts.
        const char* expertsKey = r.has("num_local_experts") ? "num_local_experts"
            : r.has("num_experts")                          ? "num_experts"
            : r.has("n_routed_experts")                     ? "n_routed_experts"
                                                            : nullptr;
        if (expertsKey) {
            m.moe.experts = int(r.integer(expertsKey, 0, 0, 1 << 16));
            m.moe.topK = int(r.integer("num_experts_per_tok", 2, 1, 1 << 16));
            if (r.has("moe_intermediate_size"))
                m.moe.expertFfnHidden = r.integer("moe_intermediate_size", 0, 1, 16 * kMaxHidden);
            // Qwen2-MoE: one shared expert of its own width; DeepSeek: n_shared_experts of the routed experts' width.
            if (r.has("shared_expert_intermediate_size")) {
                m.moe.sharedFfnHidden = r.integer("shared_expert_intermediate_size", 0, 0, 16 * kMaxHidden);
                m.moe.sharedExperts = m.moe.sharedFfnHidden > 0 ? 1 : 0;
            }
            if (r.has("n_shared_experts") && !c["n_shared_experts"].is_null()) {
                m.moe.sharedExperts = int(r.integer("n_shared_experts", 0, 0, 1 << 10));
                m.moe.sharedFfnHidden = m.moe.expertFfnHidden;
            }
            if (r.has("first_k_dense_replace"))
                m.moe.denseLayers = int(r.integer("first_k_dense_replace", 0, 0, 100000));
            // DeepSeek's group-limited routing; a single group limits nothing.
            if (r.has("n_group") && !c["n_group"].is_null() && r.has("topk_group") && !c["topk_group"].is_null()) {
                m.moe.routerGroups = int(r.integer("n_group", 0, 0, 1 << 16));
                m.moe.routerGroupTopK = int(r.integer("topk_group", 0, 0, 1 << 16));
                if (m.moe.routerGroups <= 1)
                    m.moe.routerGroups = m.moe.routerGroupTopK = 0;
            }
        }
        if (type == "llama4_text" && m.isMoe()) {
            // Llama 4 (modeling_llama4.py): each MoE layer has a shared expert of intermediate_size beside the routed
            // ones; one layer in interleave_moe_layer_step is MoE (the last of each run), the others a dense MLP of
            // intermediate_size_mlp.
            m.moe.expertFfnHidden = m.ffnHidden;
            m.moe.sharedExperts = 1;
            m.moe.sharedFfnHidden = m.ffnHidden;
            m.ffnHidden = r.integer("intermediate_size_mlp", m.ffnHidden, 1, 16 * kMaxHidden);
            const int step = int(r.integer("interleave_moe_layer_step", 1, 1, std::max(m.layers, 1)));
            if (step > 1) {
                m.moe.every = step;
                m.moe.phase = step - 1;
            }
        }
        if (type == "gemma4_text" && m.isMoe()) {
            // Gemma 4's MoE layers keep their dense MLP of intermediate_size beside the experts (enable_moe_block),
            // and route each token to top_k_experts of them.
            m.moe.topK = int(r.integer("top_k_experts", m.moe.topK, 1, std::max(m.moe.experts, 1)));
            if (r.boolean("enable_moe_block", false)) {
                m.moe.sharedExperts = 1;
                m.moe.sharedFfnHidden = m.ffnHidden;
            }
        }
        if (r.has("num_nextn_predict_layers") && !c["num_nextn_predict_layers"].is_null())
            m.mtpLayers = int(r.integer("num_nextn_predict_layers", 0, 0, 16));
        // DeepSeek's multi-head latent attention: every head its own key and value from the latent.
        if (r.has("kv_lora_rank") && !c["kv_lora_rank"].is_null()) {
            m.mla.kvLoraRank = r.integer("kv_lora_rank", 0, 1, kMaxHidden);
            if (r.has("q_lora_rank") && !c["q_lora_rank"].is_null())
                m.mla.qLoraRank = r.integer("q_lora_rank", 0, 1, kMaxHidden);
            m.mla.qkNopeHeadDim = r.integer("qk_nope_head_dim", 0, 1, 1 << 14, true);
            m.mla.qkRopeHeadDim = r.integer("qk_rope_head_dim", 0, 1, 1 << 14, true);
            m.mla.vHeadDim = r.integer("v_head_dim", 0, 1, 1 << 14, true);
            m.kvHeads = m.heads;
        }
    }
    if (issues.empty()) {
        // Swapped or corrupted values show up as implausible ratios.
        if (m.kvHeads > m.heads)
            issues.push_back({ field,
                "num_key_value_heads (" + std::to_string(m.kvHeads) + ") is larger than num_attention_heads ("
                    + std::to_string(m.heads) + ")" });
        if (m.heads > m.hidden)
            issues.push_back({ field,
                "num_attention_heads (" + std::to_string(m.heads) + ") is larger than hidden_size ("
                    + std::to_string(m.hidden) + "); are the values swapped?" });
        if (m.layers > 4096)
            issues.push_back({ field, "num_hidden_layers = " + std::to_string(m.layers) + " is implausibly large" });
        checkShape(m, field, issues);
    }
    if (!issues.empty())
        return issues;
    return m;
}

const std::vector<ModelPreset>& modelPresets()
{
    static const std::vector<ModelPreset> presets = [] {
        std::vector<ModelPreset> list;
        auto doc = parseJson(resources::kPresetsJson);
        if (!doc || !doc.value().contains("models"))
            return list;
        for (const auto& entry : doc.value()["models"]) {
            auto m = modelFromJson(entry, "preset");
            if (m && entry.contains("id"))
                list.push_back({ entry["id"].get<std::string>(), m.value() });
        }
        return list;
    }();
    return presets;
}

const ModelSpec* findPreset(const std::string& id)
{
    for (const auto& p : modelPresets())
        if (p.id == id)
            return &p.model;
    return nullptr;
}

std::string presetIds()
{
    std::string s;
    for (const auto& p : modelPresets())
        s += (s.empty() ? "" : ", ") + p.id;
    return s;
}

} // namespace plait
