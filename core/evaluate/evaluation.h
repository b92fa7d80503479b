#pragma once

#include "dispatch.h"
#include "error.h"
#include "groups.h"
#include "memory.h"
#include "offload.h"
#include "simulate.h"

#include <iterator>
#include <string>
#include <vector>

namespace plait {

// What a communication item carries: a code, which the views translate (widgets/commbreakdown.cpp), and its
// English name for the JSON and text outputs (commPayloadName). The order is the names' table's.
enum class CommPayload {
    LayerOutputs, // TP all-reduce
    SpActivationsAndInputs, // TP all-gather under sequence parallelism
    SpActivations, // TP reduce-scatter under sequence parallelism
    KeysAndValues, // CP all-gather
    KeyValueGradients, // CP reduce-scatter
    TokenDispatch, // EP
    TokenCombine, // EP
    RoutedTokensOverEtp, // expert TP all-gather
    ExpertOutputsOverEtp, // expert TP reduce-scatter
    StageBoundaries, // PP send/receive
    Zero3Weights,
    Zero3Gradients,
    Gradients, // the DP reduction
    UpdatedWeights, // the distributed optimizer's gather
    TiedEmbeddingGradients,
    DualPipeCopies,
    // TP all-gather of the row-parallel layers' output gradients under SP, where its width differs from the
    // activations' (a block-scaled recipe gathers both layouts, lowprecision.h); else part of SpActivationsAndInputs
    SpOutputGradients,
};
inline constexpr CommPayload kCommPayloads[] = { CommPayload::LayerOutputs, CommPayload::SpActivationsAndInputs,
    CommPayload::SpActivations, CommPayload::KeysAndValues, CommPayload::KeyValueGradients, CommPayload::TokenDispatch,
    CommPayload::TokenCombine, CommPayload::RoutedTokensOverEtp, CommPayload::ExpertOutputsOverEtp,
    CommPayload::StageBoundaries, CommPayload::Zero3Weights, CommPayload::Zero3Gradients, CommPayload::Gradients,
    CommPayload::UpdatedWeights, CommPayload::TiedEmbeddingGradients, CommPayload::DualPipeCopies,
    CommPayload::SpOutputGradients };
inline const char* commPayloadName(CommPayload p)
{
    static const char* const kNames[] = { "layer outputs and input gradients",
        "layer activations, and inputs re-gathered for weight gradients (sequence parallel)",
        "layer activations (sequence parallel)", "keys and values", "key and value gradients",
        "token dispatch (and the combine's gradient)", "token combine (and the dispatch's gradient)",
        "routed tokens over expert TP (and their gradients' sums)",
        "expert outputs over expert TP (and the tokens' gradients)",
        "activations and gradients to and from the neighbouring stages", "ZeRO-3 weights", "ZeRO-3 gradients",
        "gradients", "updated weights", "tied embedding gradients", "gradients of DualPipe's two copies of each stage",
        "output gradients of the row-parallel layers (sequence parallel)" };
    static_assert(std::size(kNames) == std::size(kCommPayloads));
    return kNames[std::size_t(p)];
}

struct CommItem {
    Dim dim = Dim::TP;
    CollectiveKind collective = CollectiveKind::AllReduce;
    CommPayload payload = CommPayload::LayerOutputs;
    std::string link; // bottleneck link id
    Algorithm algorithm = Algorithm::Ring;
    int groupSize = 1;
    // Nodes the group spans: the bottleneck `link` of a group over many nodes can be the in-node one (a node's NICs
    // together outrun its NVLink share), and the label says where the group runs.
    int nodes = 1;
    long long count = 0; // calls per step per GPU
    double bytesPerCall = 0; // nccl-tests S
    double bytesPerStep = 0;
    double timeS = 0; // per step, on the busiest stage (Evaluation::busiestStage)
    double exposedS = 0;
    double alphaS = 0; // latency part of timeS
    double bandwidthS = 0; // size part of timeS
};

struct StageTimes {
    double forward = 0, backwardInput = 0, backwardWeight = 0, recompute = 0; // per micro-batch, whole stage
    double dpExposed = 0; // after the last backward
    double optimizer = 0;
    double sync = 0; // the fitted synchronisation cost of many ranks (costcalibration.h), at the end
    double end = 0; // when this stage's step ends
};

struct Evaluation {
    std::string plan;
    // What the step time rests on (calibrationBasisText): the shipped calibration (costcalibration.h), fitted on so
    // many published runs with this cross-validated error, or efficiencies the plan's cluster carries.
    bool calibrationShipped = true; // the shipped fit, not one the plan's cluster carries
    int calibrationRuns = 0; // the shipped fit's published runs (0: unfitted)
    double calibrationCrossValidated = 0; // its leave-one-source-out mean |step-time error|
    // Of the shipped fit's runs, those most like this plan and their cross-validated errors (model/similarruns.h).
    // Filled with EvaluationDetail::Full, for the shipped fit only.
    SimilarRuns similarRuns;
    // The rates (cost/ratebasis.h ids) a measurement on this cluster set in place of the published ones: a probe's,
    // nccl-tests' or a job profile's. Filled with EvaluationDetail::Full only.
    std::vector<std::string> measuredRates;
    bool valid = false;
    std::vector<Issue> errors;
    std::vector<Warning> warnings;

    double paramsTotal = 0;
    double capacityBytes = 0;
    std::vector<StageMemory> memory; // per pipeline stage
    double peakBytes = 0;
    int peakStage = 0;
    // With CPU offload: host memory one node needs for its GPUs' offloaded states (its fullest stage's GPUs), 0
    // without.
    double hostBytesPerNode = 0;
    OffloadCost offload; // the stage's whose offload the GPU waits for longest
    ExpertDispatch dispatch; // one MoE dispatch on the fullest stage's slowest EP group (none without EP)

    std::vector<StageTimes> stages;
    std::vector<CommItem> comm;
    SimResult timeline;
    int microBatches = 0;
    double stepS = 0;
    // The step at both ends of the uncertain rates' published spread (evaluate/range.h); 0 until addStepRange().
    double stepFastS = 0, stepSlowS = 0;
    double pipelineS = 0; // makespan of the forward/backward part
    double computeS = 0; // busy compute time of the busiest stage
    double bubbleFraction = 0; // the busiest stage's idle time in the pipeline phase, over the step
    int busiestStage = 0; // most work per step: the stage `comm` lists, and the bubble's
    // The stage that idles longest in the pipeline phase (waiting for the busiest), and that idle time over the step:
    // what its Gantt lane shows; equal to the bubble when the stages are balanced.
    int idlestStage = 0;
    double idlestFraction = 0;
    double exposedCommS = 0;

    double tokensPerS = 0;
    double modelFlopsPerStep = 0;
    double hardwareFlopsPerStep = 0;
    double modelTflopsPerGpu = 0;
    double hardwareTflopsPerGpu = 0;
    double mfu = 0; // model FLOPs with the causal half of attention (what a causal model needs)
    double hfu = 0;
    // MFU by Megatron-LM's count (num_floating_point_operations: the whole s×s attention matrix), the figure its
    // logs and published tables report; above `mfu` by the attention's share, and not bounded by the hardware.
    double mfuMegatron = 0;
    double peakTflops = 0; // dense peak at the training precision
};

} // namespace plait
