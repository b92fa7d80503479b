#include "params.h"

namespace plait {

LayerParams layerParams(const ModelSpec& m)
{
    const double h = double(m.hidden);
    const double q = double(m.queryWidth());
    const double kv = double(m.kvWidth());
    LayerParams p;
    if (m.mla.on()) {
        // MLA (DeepSeek-V3 modeling_deepseek.py): q_a (h → q_lora) + its norm + q_b (q_lora → heads·(nope + rope)), or
        // q (h → heads·(nope + rope)); kv_a (h → kv_lora + rope) + its norm; kv_b (kv_lora → heads·(nope + v)); the
        // output (heads·v → h). No biases.
        const MlaSpec& a = m.mla;
        const double heads = m.heads, qk = double(m.qkHeadDim());
        const double down = a.qLoraRank > 0 ? h * a.qLoraRank + a.qLoraRank : 0;
        const double qUp = a.qLoraRank > 0 ? double(a.qLoraRank) * heads * qk : h * heads * qk;
        const double kvDown = h * double(a.kvLoraRank + a.qkRopeHeadDim) + a.kvLoraRank;
        const double kvUp = double(a.kvLoraRank) * heads * double(a.qkNopeHeadDim + a.vHeadDim);
        p.attention = down + qUp + kvDown + kvUp + heads * double(a.vHeadDim) * h;
        p.replicated = down + kvDown;
    } else {
        // Megatron: self_attn = 2·h·h·(1 + g/a)·(q/h) weights = h·(q + 2kv) for QKV plus q·h for the projection.
        p.attention = h * (q + 2 * kv) + q * h;
        if (m.linearBiases)
            p.attention += (q + 2 * kv) + h;
    }
    auto mlpOf = [&](double ffn) {
        double w = (m.ffn == FfnKind::SwiGlu ? 3.0 : 2.0) * h * ffn; // gated_linear_multiplier 3/2 on 2·h·ffn
        if (m.linearBiases)
            w += (m.ffn == FfnKind::SwiGlu ? 2.0 : 1.0) * ffn + h;
        return w;
    };
    if (m.isMoe()) {
        p.expertShare = double(m.moe.experts) * mlpOf(double(m.expertFfn()));
        p.mlp = p.expertShare + h * double(m.moe.experts) + double(m.moe.sharedExperts) * mlpOf(double(m.sharedFfn()));
    } else {
        p.mlp = mlpOf(double(m.ffnHidden));
    }
    p.norms = 2.0 * (m.norm == NormKind::LayerNorm ? 2.0 : 1.0) * h;
    return p;
}

double embeddingParams(const ModelSpec& m)
{
    return double(m.vocab) * double(m.hidden) + (m.learnedPositions ? double(m.seqLen) * double(m.hidden) : 0.0);
}

double headParams(const ModelSpec& m)
{
    const double finalNorm = (m.norm == NormKind::LayerNorm ? 2.0 : 1.0) * double(m.hidden);
    return finalNorm + (m.tiedEmbeddings ? 0.0 : double(m.vocab) * double(m.hidden));
}

double mtpParams(const ModelSpec& m)
{
    const double h = double(m.hidden);
    return m.mtpLayers * (layerParams(m).total() + 2 * h * h + 3 * (m.norm == NormKind::LayerNorm ? 2.0 : 1.0) * h);
}

double totalParams(const ModelSpec& m)
{
    const int dense = m.denseLayerCount();
    return layerParams(m).total() * (m.layers - dense) + layerParams(denseLayerModel(m)).total() * dense
        + embeddingParams(m) + headParams(m);
}

double activatedParams(const ModelSpec& m)
{
    if (!m.isMoe())
        return totalParams(m);
    const LayerParams lp = layerParams(m);
    const double unused = lp.expertShare * (1.0 - double(m.moe.topK) / m.moe.experts);
    return totalParams(m) - unused * (m.layers - m.denseLayerCount());
}

StageParams stageParams(
    const ModelSpec& m, int layers, bool first, bool last, int pp, int tp, int expertShard, int denseLayers)
{
    StageParams s;
    auto add = [&](const LayerParams& lp, int count) {
        const double whole = lp.norms + lp.replicated;
        s.dense += count * ((lp.total() - lp.expertShare - whole) / tp + whole);
        s.expert += count * lp.expertShare / double(expertShard);
    };
    add(layerParams(m), layers - denseLayers);
    if (denseLayers > 0)
        add(layerParams(denseLayerModel(m)), denseLayers);
    const double h = double(m.hidden);
    const double finalNorm = (m.norm == NormKind::LayerNorm ? 2.0 : 1.0) * h;
    if (first)
        s.dense += embeddingParams(m) / tp;
    if (last) {
        s.dense += finalNorm;
        // Untied: the output layer. Tied with pp > 1: Megatron keeps a copy of the word embedding on the last stage.
        if (!m.tiedEmbeddings || (pp > 1))
            s.dense += double(m.vocab) * h / tp;
        if (m.mtpLayers > 0) {
            // Each MTP module: its transformer layer, two input norms, the 2h → h projection (column parallel)
            // and its final norm; the embedding it reads is the first stage's, a copy here when that is elsewhere
            // and not already kept for tied embeddings (Megatron-Core multi_token_prediction.py).
            add(layerParams(m), m.mtpLayers);
            s.dense += m.mtpLayers * (2 * h * h / tp + 3 * finalNorm);
            if (!first && !m.tiedEmbeddings)
                s.dense += double(m.vocab) * h / tp;
        }
    }
    return s;
}

} // namespace plait
