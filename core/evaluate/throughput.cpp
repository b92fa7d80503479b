#include "throughput.h"

#include "gemm.h"

namespace plait {

void addThroughput(
    const Plan& plan, const LayerCost& lc, const LayerCost* lcDense, const EdgeCost& last, Evaluation& ev)
{
    const ModelSpec& model = plan.model;
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    const int denseTotal = lcDense ? model.denseLayerCount() : 0;
    const double microBatchesTotal = double(tr.globalBatch) / tr.microBatch;
    const double head = 3 * last.fwdFlops * par.tp * par.cp;
    // Per micro-batch over every layer and GPU of a pipeline: f of each layer kind times its count, times TP·CP.
    auto overLayers = [&](auto f) {
        return par.tp * par.cp
            * (f(lc) * double(model.layers + model.mtpLayers - denseTotal) + (lcDense ? f(*lcDense) * denseTotal : 0));
    };
    // Model FLOPs count once what each TP rank computes whole.
    const double copies = 1.0 - 1.0 / par.tp;
    auto modelLinear = [copies](const LayerCost& c) {
        return c.linearFwdFlops - copies * c.replicatedFwdFlops - c.imbalanceFwdFlops;
    };
    ev.modelFlopsPerStep
        = (overLayers([&](const LayerCost& c) { return 3 * (modelLinear(c) + c.attentionModelFwdFlops); }) + head)
        * microBatchesTotal;
    const Recompute rc = tr.recompute;
    ev.hardwareFlopsPerStep = (overLayers([rc](const LayerCost& c) {
        const double linear = c.linearFwdFlops - c.imbalanceFwdFlops;
        double h = 3 * linear + c.attentionFwdFlops + c.attentionBwdFlops;
        if (rc == Recompute::Full)
            h += linear + c.attentionFwdFlops;
        else if (rc == Recompute::Selective || rc == Recompute::SelectiveOps)
            h += c.recomputeFwdFlops;
        return h;
    }) + head)
        * microBatchesTotal;
    const double gpus = par.gpusUsed();
    ev.peakTflops = peakTflops(plan);
    if (ev.stepS > 0) {
        ev.tokensPerS = double(tr.globalBatch) * double(model.seqLen) / ev.stepS;
        ev.modelTflopsPerGpu = ev.modelFlopsPerStep / (ev.stepS * gpus) / 1e12;
        ev.hardwareTflopsPerGpu = ev.hardwareFlopsPerStep / (ev.stepS * gpus) / 1e12;
        ev.mfu = ev.modelTflopsPerGpu / ev.peakTflops;
        ev.hfu = ev.hardwareTflopsPerGpu / ev.peakTflops;
        const double fullAttention = (overLayers([&](const LayerCost& c) {
            return 3 * (modelLinear(c) + 2 * c.attentionModelFwdFlops);
        }) + head)
            * microBatchesTotal;
        ev.mfuMegatron = fullAttention / (ev.stepS * gpus) / 1e12 / ev.peakTflops;
    }
}

} // namespace plait
