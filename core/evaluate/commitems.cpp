#include "commitems.h"

#include "params.h"

#include <algorithm>
#include <tuple>

namespace plait {

void addCommBreakdown(const CommBreakdownInput& in, Evaluation& ev)
{
    const Plan& plan = in.plan;
    const LayerCost& lc = in.lc;
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    const int p = par.pp;
    const int v = par.chunks();
    const int m = ev.microBatches;
    const bool sp = tr.sequenceParallel && par.tp > 1;
    const StateBytes stateB = stateBytes(tr);
    const ModelSpec& model = plan.model;
    const int heavyStage = in.stage;
    const int layersMax = plan.layersOnStage(heavyStage);
    const StageComm& hc = in.sc[std::size_t(heavyStage)];
    // Each micro-batch passes every chunk of a GPU, except under DualPipe, where it passes the one of its direction.
    const double passShare = 1.0 / double(std::max<std::size_t>(1, in.routes.routes.size()));
    // The multi-token prediction modules' layers run where the model's last piece does (stagecost.cpp).
    const int mtpHere = par.holdsLastChunk(heavyStage) ? model.mtpLayers : 0;
    const double mbLayers = double(m) * (layersMax + mtpHere) * passShare;
    auto pushItem = [&](Dim dim, CollectiveKind kind, CommPayload what, CommTotals t, double bytesPerCall,
                        long long calls, const std::string& link, int groupSize, int nodes) {
        if (t.item.timeS <= 0 && bytesPerCall <= 0)
            return;
        t.item.dim = dim;
        t.item.collective = kind;
        t.item.payload = what;
        t.item.bytesPerCall = bytesPerCall;
        t.item.count = calls;
        t.item.bytesPerStep = bytesPerCall * calls;
        t.item.link = link;
        t.item.groupSize = groupSize;
        t.item.nodes = nodes;
        ev.comm.push_back(t.item);
    };
    // Items of one family share the time the family adds (exposed and contention) in proportion to their own time.
    const int rcFull = tr.recompute == Recompute::Full ? 1 : 0;
    // Each part: its collective, payload, one call's cost, its calls per step and one call's buffer.
    auto pushShared
        = [&](Dim dim,
              const std::vector<std::tuple<CollectiveKind, CommPayload, CollectiveCost, long long, double>>& parts,
              double addedPerStep, const std::string& link, int groupSize, int nodes) {
              double total = 0;
              for (const auto& [kind, what, cost, calls, bytesPerCall] : parts)
                  total += cost.seconds * double(calls);
              for (const auto& [kind, what, cost, calls, bytesPerCall] : parts) {
                  CommTotals t;
                  t.accumulate(cost, double(calls), 0);
                  t.item.exposedS = total > 0 ? addedPerStep * cost.seconds * double(calls) / total : 0;
                  t.item.algorithm = cost.algorithm;
                  pushItem(dim, kind, what, t, bytesPerCall, calls, link, groupSize, nodes);
              }
          };
    const LayerCollectives& hcalls = hc.calls;
    if (par.tp > 1) {
        const long long each = (long long)mbLayers * lc.tpCallsFwd; // per pass, over both blocks
        const double added
            = in.inLayerExposedShare * mbLayers * (hc.added.tpForward * (1 + rcFull) + hc.added.tpBackward);
        // Per pass: the forward gathers (and recomputation's), the wgrad re-gather and the output gradient's gather;
        // the last is an item of its own where it moves another width (a block-scaled recipe's two layouts).
        if (sp) {
            const bool gradApart = lc.tpGradGatherBytes != lc.tpGatherBytes;
            std::vector<std::tuple<CollectiveKind, CommPayload, CollectiveCost, long long, double>> parts {
                { CollectiveKind::AllGather, CommPayload::SpActivationsAndInputs, hcalls.tpGather,
                    each * (1 + rcFull + (gradApart ? 1 : 2)), lc.tpGatherBytes }
            };
            if (gradApart)
                parts.push_back({ CollectiveKind::AllGather, CommPayload::SpOutputGradients, hcalls.tpGradGather, each,
                    lc.tpGradGatherBytes });
            parts.push_back({ CollectiveKind::ReduceScatter, CommPayload::SpActivations, hcalls.tpScatter,
                each * (1 + rcFull + 1), lc.tpBytes });
            pushShared(Dim::TP, parts, added, hc.tpLink, par.tp, hc.tpNodes);
        } else
            pushShared(Dim::TP,
                { { CollectiveKind::AllReduce, CommPayload::LayerOutputs, hcalls.tpAllReduce, each * (2 + rcFull),
                    lc.tpBytes } },
                added, hc.tpLink, par.tp, hc.tpNodes);
    }
    if (par.cp > 1)
        pushShared(Dim::CP,
            { { CollectiveKind::AllGather, CommPayload::KeysAndValues, hcalls.cpGather,
                  (long long)mbLayers * (2 + rcFull), lc.cpBytes },
                { CollectiveKind::ReduceScatter, CommPayload::KeyValueGradients, hcalls.cpScatter, (long long)mbLayers,
                    lc.cpBytes } },
            in.inLayerExposedShare * mbLayers * (hc.added.cpForward * (1 + rcFull) + hc.added.cpBackward), hc.cpLink,
            par.cp, hc.cpNodes);
    const double moeLayers = double(m) * (layersMax - plan.denseLayersOnStage(heavyStage) + mtpHere) * passShare;
    const double moeExposed = in.inLayerExposedShare * in.epExposedShare;
    if (par.ep > 1) {
        // Each MoE layer dispatches its tokens to their experts and combines the outputs back, forward, and sends
        // the gradients the opposite ways backward: two items of the same buffer, half of the calls each.
        const long long calls = (long long)moeLayers * (lc.epCallsFwd + lc.epCallsBwd) / 2;
        const ExpertDispatch& d = hcalls.epDispatch;
        ev.dispatch = d;
        for (const auto& [kind, what] : { std::pair { d.dispatchKind, CommPayload::TokenDispatch },
                 std::pair { d.combineKind, CommPayload::TokenCombine } }) {
            CommTotals t;
            t.accumulate(hcalls.ep, calls, moeExposed * hcalls.ep.seconds);
            pushItem(Dim::EP, kind, what, t, d.bytes, calls, hc.epLink, par.ep, hc.epNodes);
        }
    }
    if (lc.etpBytes > 0) {
        // Expert TP: the received tokens gathered before the experts and their outputs reduce-scattered after, in
        // each direction.
        const long long calls = (long long)moeLayers * 2;
        for (const auto& [kind, cost, what] :
            { std::tuple { CollectiveKind::AllGather, hcalls.etpGather, CommPayload::RoutedTokensOverEtp },
                std::tuple { CollectiveKind::ReduceScatter, hcalls.etpScatter, CommPayload::ExpertOutputsOverEtp } }) {
            CommTotals t;
            t.accumulate(cost, calls, moeExposed * cost.seconds);
            pushItem(Dim::TP, kind, what, t, lc.etpBytes, calls, hc.etpLink, par.expertTp(), hc.etpNodes);
        }
    }
    if (p > 1) {
        // The transfers the listed stage's GPU sends and receives: each boundary it borders between two GPUs carries
        // one micro-batch's activations one way and its gradients back, for every micro-batch of that boundary's
        // route. What the step waits for is the critical path's, which crosses every boundary of the pipeline; where
        // that wait is longer than this GPU's own transfers (few micro-batches, many stages), the item is that wait.
        long long calls = 0;
        std::string link;
        for (int b = 0; b < in.routes.boundaries(); ++b) {
            const int from = in.routes.boundaryFrom(b).device, to = in.routes.boundaryTo(b).device;
            if (from == to || (from != heavyStage && to != heavyStage))
                continue;
            const int route = b / std::max(1, in.routes.virtualStages() - 1);
            const long long routeMicroBatches = in.routes.routes.size() > 1
                ? (route == 0 ? std::min(m, in.routes.secondRouteFrom) : m - std::min(m, in.routes.secondRouteFrom))
                : m;
            calls += 2 * routeMicroBatches;
            if (const std::string& l = in.p2p.links[std::size_t(b)]; !l.empty() && l != plan.cluster.intraNode.id)
                link = l;
        }
        CommTotals t;
        t.accumulate(in.p2p.worst, double(calls), 0);
        if (in.p2pExposed > t.item.timeS && t.item.timeS > 0) {
            const double scale = in.p2pExposed / t.item.timeS;
            t.item.alphaS *= scale;
            t.item.bandwidthS *= scale;
        } else if (t.item.timeS <= 0)
            t.item.bandwidthS = in.p2pExposed;
        t.item.timeS = std::max(t.item.timeS, in.p2pExposed);
        t.item.exposedS = in.p2pExposed;
        t.item.algorithm = Algorithm::Direct;
        pushItem(Dim::PP, CollectiveKind::SendRecv, CommPayload::StageBoundaries, t, in.p2p.bytes, calls,
            link.empty() ? plan.cluster.intraNode.id : link, 2, link.empty() ? 1 : 2);
    }
    if (tr.zeroStage >= 3 && par.dp * par.cp > 1) {
        const int layersOnHeavy = plan.layersOnStage(heavyStage);
        const long long calls = (long long)(double(m) * layersOnHeavy * passShare);
        const StageParams sp1 = stageParams(model, 1, false, false, p, par.tp, par.expertShard());
        // Each layer gathered for its forward and again for its backward; the first of each chunk exposed.
        const double added = double(m)
            * (layersOnHeavy * (hc.added.zero3Forward + hc.added.zero3Backward)
                + v * (hcalls.zero3Gather.seconds - hc.added.zero3Forward));
        const double gatherTime = 2.0 * double(calls) * hcalls.zero3Gather.seconds;
        const double share = gatherTime / std::max(1e-300, gatherTime + double(calls) * hcalls.zero3Scatter.seconds);
        CommTotals g, r;
        g.accumulate(hcalls.zero3Gather, 2.0 * double(calls), 0);
        g.item.exposedS = added * share;
        r.accumulate(hcalls.zero3Scatter, calls, 0);
        r.item.exposedS = added * (1 - share);
        pushItem(Dim::DP, CollectiveKind::AllGather, CommPayload::Zero3Weights, g, sp1.total() * stateB.weights,
            2 * calls, hc.dpLink, par.dp * par.cp, hc.dpNodes);
        pushItem(Dim::DP, CollectiveKind::ReduceScatter, CommPayload::Zero3Gradients, r, sp1.total() * stateB.grads,
            calls, hc.dpLink, par.dp * par.cp, hc.dpNodes);
    }
    if (in.dpGrad && in.dpParam) {
        const bool sharded = tr.zeroStage >= 1;
        pushItem(Dim::DP, sharded ? CollectiveKind::ReduceScatter : CollectiveKind::AllReduce, CommPayload::Gradients,
            *in.dpGrad, in.dpGrad->item.bytesPerCall, in.dpGrad->item.count, in.dpGrad->item.link, par.dp * par.cp,
            in.dpGrad->item.nodes);
        if (sharded)
            pushItem(Dim::DP, CollectiveKind::AllGather, CommPayload::UpdatedWeights, *in.dpParam,
                in.dpParam->item.bytesPerCall, in.dpParam->item.count, in.dpParam->item.link, par.dp * par.cp,
                in.dpParam->item.nodes);
    }
    if (in.embAllReduce && in.embAllReduce->item.timeS > 0)
        pushItem(Dim::PP, CollectiveKind::AllReduce, CommPayload::TiedEmbeddingGradients, *in.embAllReduce,
            in.embAllReduce->item.bytesPerCall, 1, in.embAllReduce->item.link, 2,
            in.embAllReduce->item.link == plan.cluster.intraNode.id ? 1 : 2);
    if (in.copyReduce && in.copyReduce->item.timeS > 0)
        pushItem(Dim::PP, CollectiveKind::AllReduce, CommPayload::DualPipeCopies, *in.copyReduce,
            in.copyReduce->item.bytesPerCall, 1, in.copyReduce->item.link, 2,
            in.copyReduce->item.link == plan.cluster.intraNode.id ? 1 : 2);
}

} // namespace plait
