#pragma once

#include "error.h"

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
    long long vocab = 0;
    long long seqLen = 0;
    bool tiedEmbeddings = true;
    MoeSpec moe;
    std::string source;

    long long kvChannels() const { return headDim > 0 ? headDim : (heads > 0 ? hidden / heads : 0); }
    long long queryWidth() const { return kvChannels() * heads; }
    long long kvWidth() const { return kvChannels() * kvHeads; }
    long long expertFfn() const { return moe.expertFfnHidden > 0 ? moe.expertFfnHidden : ffnHidden; }
    bool isMoe() const { return moe.experts > 0; }
};

struct ModelPreset {
    std::string id;
    ModelSpec model;
};

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
