#pragma once
// How a MoE layer's tokens reach their experts and come back (training.moe_dispatcher), per GPU and call:
//  - alltoall (Megatron-Core MoEAlltoAllTokenDispatcher, DeepSpeed-MoE, torchtitan): an NCCL all-to-all of every
//    token's top-k copies, (n − r)/n of them through the NICs (collective.cpp);
//  - allgather (MoEAllGatherTokenDispatcher, Megatron-LM's default): every token of the expert group gathered to
//    every rank, the outputs reduce-scattered back; independent of top-k;
//  - flex (DeepEP's normal kernels, HybridEP): a token goes once to each GPU that holds any of its experts and,
//    across NVLink domains, once over the fabric to each domain, where the receiving GPU forwards it over NVLink
//    (DeepSeek-V3 §3.2.2). Node-limited routing (model.moe.router_groups) caps the domains a token reaches; it
//    changes nothing for the all-to-all, whose copies leave the domain at the same rate.
// Routing is taken uniform over the experts a token may reach (balanced, as the auxiliary loss aims for), the
// distinct destinations of k picks from n as n·(1 − (1 − 1/n)^k); the most loaded rank's load factor scales the
// bytes it receives. The chosen groups are taken to lie in distinct domains: an upper bound on the traffic.
#include "collective.h"
#include "plan.h"

namespace plait {

struct ExpertDispatch {
    CollectiveKind dispatchKind = CollectiveKind::AllToAll; // the combine's: all-to-all, or reduce-scatter
    CollectiveKind combineKind = CollectiveKind::AllToAll;
    double bytes = 0; // one call's buffer (nccl-tests S); for flex what one GPU sends, fabric and NVLink together
    double fabricBytes = 0; // of what one GPU sends per call, what leaves its NVLink domain
    double nvlinkBytes = 0; // and what stays on NVLink (forwarded copies included)
    double domainsPerToken = 0; // flex: distinct NVLink domains a token reaches (its own included)
    double gpusPerToken = 0; // flex: distinct GPUs a token reaches
    int domainsAllowed = 0; // flex: the most domains routing lets a token reach
    CollectiveCost call; // one dispatch or combine, timed on the EP group's path
};

// `tokensPerGpu`: the tokens one GPU routes per micro-batch (its share of its attention TP group's); `e`: bytes per
// element of the hidden state. Nothing when the plan has no EP.
ExpertDispatch expertDispatch(const Plan& plan, double tokensPerGpu, double e, const GroupPath& ep);

} // namespace plait
