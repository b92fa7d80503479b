#pragma once
// What each pipeline stage's communication takes, on its slowest group of each dimension: the in-layer collectives
// of a layer and the send/recv at each stage boundary. The evaluation's op durations, its breakdown and the DP tail
// read them (evaluate.cpp).
#include "groups.h"
#include "inlayer.h"
#include "layercost.h"
#include "plan.h"
#include "schedule.h"

#include <string>
#include <vector>

namespace plait {

struct StageComm {
    LayerCollectives calls; // one call of each, on the stage's slowest group of each dimension
    LayerCommTime added; // what they add to a layer's forward and backward (cost/inlayer.h)
    std::string tpLink, cpLink, epLink, dpLink, etpLink;
    int tpNodes = 1, cpNodes = 1, epNodes = 1, dpNodes = 1, etpNodes = 1; // nodes each of those groups spans
    const GroupPath* dpPath = nullptr; // the stage's slowest gradient group, which also reduces after the pipeline
};

// Each stage's in-layer collectives, on its slowest group of each dimension.
std::vector<StageComm> stageComms(const Plan& plan, const LayerCost& lc, const GroupSet& groups, double slowdown);

// Each stage boundary's send/recv (activations forward, gradients back, the same size), on the slowest pipeline's
// pair of GPUs there; Megatron's scatter-gather sends 1/t of the activations per TP rank.
struct PipelineTransfers {
    double bytes = 0;
    std::vector<double> seconds; // per boundary of the virtual stages, k to k + 1
    std::vector<std::string> links;
    CollectiveCost worst; // the slowest transfer of all
};
PipelineTransfers pipelineTransfers(const Plan& plan, const GroupSet& groups, const PipelineRoutes& routes);

} // namespace plait
