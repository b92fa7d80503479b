#pragma once

#include "error.h"

#include <algorithm>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace plait {

enum class FfnKind { Gelu, SwiGlu };
enum class NormKind { LayerNorm, RmsNorm };

struct MoeSpec {
    int experts = 0; // 0 = dense model
    int topK = 0;
    int sharedExperts = 0;
    long long expertFfnHidden = 0; // per expert; 0 = same as ffn_hidden
    long long sharedFfnHidden = 0; // per shared expert; 0 = same as ffn_hidden
    // The first layers are dense, an MLP of ffn_hidden (DeepSeek-V3's first_k_dense_replace = 3).
    int denseLayers = 0;
    // Past those, one layer in `every` is a MoE layer and the others are dense: the one at `phase` of each run of
    // `every` (Llama 4's interleave_moe_layer_step 2 makes layers 1, 3, 5, … MoE: phase 1; Megatron-LM's
    // --moe-layer-freq 2 makes layers 0, 2, 4, … MoE: phase 0). 1 and 0: every layer.
    int every = 1;
    int phase = 0;
    // Node-limited (group-limited) routing, DeepSeek-V3 §2.1.2: the experts form `routerGroups` groups and a token
    // picks its top-k among the `routerGroupTopK` best groups (n_group, topk_group; Megatron-Core
    // --moe-router-num-groups, --moe-router-group-topk); 0 = unlimited.
    int routerGroups = 0;
    int routerGroupTopK = 0;
    bool operator==(const MoeSpec&) const = default;
};

// Multi-head latent attention (DeepSeek-V2/V3, Megatron-Core's MLASelfAttention): queries through a low-rank
// projection (none when qLoraRank is 0), keys and values from a shared latent of kvLoraRank plus a RoPE key of
// qkRopeHeadDim; each head's query and key are qkNopeHeadDim + qkRopeHeadDim wide, its value vHeadDim.
struct MlaSpec {
    long long qLoraRank = 0, kvLoraRank = 0, qkNopeHeadDim = 0, qkRopeHeadDim = 0, vHeadDim = 0;
    bool on() const { return kvLoraRank > 0; }
    bool operator==(const MlaSpec&) const = default;
};

// The shape of a decoder-only transformer.
struct ModelSpec {
    std::string name;
    int layers = 0;
    long long hidden = 0;
    int heads = 0;
    int kvHeads = 0;
    long long headDim = 0; // 0 = hidden / heads
    long long ffnHidden = 0;
    FfnKind ffn = FfnKind::Gelu;
    NormKind norm = NormKind::LayerNorm;
    bool learnedPositions = true; // GPT: learned position embeddings; Llama: RoPE (no parameters)
    bool linearBiases = true; // GPT-style biases in linear layers; Llama-style none
    // Dropout probabilities: on the attention probabilities (Megatron-LM's --attention-dropout, transformers'
    // attn_pdrop / attention_dropout) and on the embedding and each residual branch (--hidden-dropout, resid_pdrop /
    // hidden_dropout). Training runs them as kernel work and masks; 0 runs none. Megatron-LM's defaults are 0.1.
    double attentionDropout = 0.1;
    double hiddenDropout = 0.1;
    long long vocab = 0;
    long long seqLen = 0;
    bool tiedEmbeddings = true;
    MoeSpec moe;
    MlaSpec mla;
    // Multi-token prediction modules (DeepSeek-V3 §2.2, Megatron-Core's --mtp-num-layers, HF num_nextn_predict_layers):
    // each an RMSNorm of the hidden state and of the next token's embedding, a 2h → h projection, one transformer
    // layer of the model's kind (MoE) and the shared output head, on the last pipeline stage. Not counted in the
    // model's parameters (DeepSeek-V3: 671B main model, 14B MTP).
    int mtpLayers = 0;
    std::string source;

    long long kvChannels() const { return headDim > 0 ? headDim : (heads > 0 ? hidden / heads : 0); }
    // Per head: the query's and key's width, and the value's (MLA: nope + rope, and v_head_dim).
    long long qkHeadDim() const { return mla.on() ? mla.qkNopeHeadDim + mla.qkRopeHeadDim : kvChannels(); }
    long long vHeadDim() const { return mla.on() ? mla.vHeadDim : kvChannels(); }
    long long queryWidth() const { return qkHeadDim() * heads; }
    long long kvWidth() const { return kvChannels() * kvHeads; } // one of K and V (MLA: see keyWidth/valueWidth)
    long long keyWidth() const { return mla.on() ? qkHeadDim() * heads : kvWidth(); }
    long long valueWidth() const { return mla.on() ? vHeadDim() * heads : kvWidth(); }
    long long attentionOutWidth() const { return vHeadDim() * heads; } // the output projection's input
    long long expertFfn() const { return moe.expertFfnHidden > 0 ? moe.expertFfnHidden : ffnHidden; }
    long long sharedFfn() const { return moe.sharedFfnHidden > 0 ? moe.sharedFfnHidden : ffnHidden; }
    bool isMoe() const { return moe.experts > 0; }
    // Whether global layer `layer` (0-based) is a mixture-of-experts layer: past the dense first ones, one in
    // moe.every (all of them when it is 1).
    bool moeLayer(int layer) const
    {
        return isMoe() && layer >= moe.denseLayers && (layer - moe.denseLayers) % std::max(moe.every, 1) == moe.phase;
    }
    // The layers of a MoE model with an MLP of ffn_hidden instead of experts: the dense first ones and those between
    // interleaved MoE layers; 0 for a dense model (whose layers are all "dense" in the other sense).
    int denseLayerCount() const
    {
        if (!isMoe())
            return 0;
        const int rest = std::max(layers - moe.denseLayers, 0), every = std::max(moe.every, 1);
        const int moeCount = rest > moe.phase ? (rest - moe.phase + every - 1) / every : 0;
        return layers - moeCount;
    }
    bool operator==(const ModelSpec&) const = default;
};

struct ModelPreset {
    std::string id;
    ModelSpec model;
};

// The dense layers of a MoE model with dense first layers: the same model with an MLP of ffn_hidden.
ModelSpec denseLayerModel(const ModelSpec& m);

// Presets shipped in resources/models/presets.json.
const std::vector<ModelPreset>& modelPresets();
const ModelSpec* findPreset(const std::string& id);
std::string presetIds();

// The plan's explicit model block (contract field names).
Result<ModelSpec> modelFromJson(const nlohmann::json& j, const std::string& field);
nlohmann::json toJson(const ModelSpec& m);

// A Hugging Face config.json (GPT-2 and Llama/Mistral/Qwen2/Mixtral field names). Values are checked for type
// and range, and for consistency (heads divide hidden, KV heads divide heads), since copies found on the web
// are sometimes corrupted.
Result<ModelSpec> modelFromHfConfig(const nlohmann::json& config, const std::string& field = "hf_config");

} // namespace plait
