#include "params.h"

namespace plait {

LayerParams layerParams(const ModelSpec& m)
{
    const double h = double(m.hidden);
    const double q = double(m.queryWidth());
    const double kv = double(m.kvWidth());
    LayerParams p;
    // Megatron: self_attn = 2·h·h·(1 + g/a)·(q/h) weights = h·(q + 2kv) for QKV plus q·h for the projection.
    p.attention = h * (q + 2 * kv) + q * h;
    if (m.linearBiases)
        p.attention += (q + 2 * kv) + h;
    auto mlpOf = [&](double ffn) {
        double w = (m.ffn == FfnKind::SwiGlu ? 3.0 : 2.0) * h * ffn; // gated_linear_multiplier 3/2 on 2·h·ffn
        if (m.linearBiases)
            w += (m.ffn == FfnKind::SwiGlu ? 2.0 : 1.0) * ffn + h;
        return w;
    };
    if (m.isMoe()) {
        p.expertShare = double(m.moe.experts) * mlpOf(double(m.expertFfn()));
        p.mlp = p.expertShare + h * double(m.moe.experts) + double(m.moe.sharedExperts) * mlpOf(double(m.ffnHidden));
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

double totalParams(const ModelSpec& m)
{
    return layerParams(m).total() * m.layers + embeddingParams(m) + headParams(m);
}

StageParams stageParams(const ModelSpec& m, int layers, bool first, bool last, int pp, int tp, int ep)
{
    const LayerParams lp = layerParams(m);
    StageParams s;
    s.dense = layers * ((lp.total() - lp.expertShare - lp.norms) / tp + lp.norms);
    s.expert = layers * lp.expertShare / (double(tp) * ep);
    const double h = double(m.hidden);
    const double finalNorm = (m.norm == NormKind::LayerNorm ? 2.0 : 1.0) * h;
    if (first)
        s.dense += embeddingParams(m) / tp;
    if (last) {
        s.dense += finalNorm;
        // Untied: the output layer. Tied with pp > 1: Megatron keeps a copy of the word embedding on the last stage.
        if (!m.tiedEmbeddings || (pp > 1))
            s.dense += double(m.vocab) * h / tp;
    }
    return s;
}

} // namespace plait
