#pragma once

#include "error.h"
#include "layercost.h"
#include "plan.h"
#include "schedule.h"
#include "timeline.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace plait {

// What plait-probe's `pipeline` command runs for a plan, worked out without a GPU so it can be tested here:
// core's own op lists (generateSchedule), the plan's per-GPU layer GEMMs (layerGemms) times the layers of each
// stage, the output layer on the last stage, and the activation bytes sent between stages per micro-batch.
// One GPU stands for each stage's TP group: it runs one TP rank's share of the work, without TP collectives.
struct ProbePipeline {
    std::string planName;
    ScheduleShape shape;
    std::vector<std::vector<Op>> ops; // per stage, in order
    std::vector<LayerGemm> layerGemms; // one layer, one micro-batch
    GemmShape head; // output layer (forward); its dgrad and wgrad are the transposed shapes
    std::vector<int> layersInPlan; // per stage
    std::vector<int> layersRun; // per stage: fewer when capped by --max-layers, and the trace says so
    std::vector<int> gpuOfStage; // index into the GPUs given
    bool stagesShareGpu = false;
    double transferBytes = 0; // activations (and their gradients) per micro-batch between stages
    int elementBytes = 2;
};

// gpus: how many GPUs the probe drives; microBatches 0 = the plan's; maxLayers 0 = every layer.
Result<ProbePipeline> probePipeline(const Plan& plan, int gpus, int microBatches = 0, int maxLayers = 0);

// What the probe measured: CUDA event times, seconds from the first event.
struct MeasuredOp {
    int stage = 0;
    OpKind kind = OpKind::Forward;
    int microBatch = 0, chunk = 0;
    double start = 0, end = 0;
};
struct MeasuredTransfer {
    int boundary = 0; // virtual stage k → k+1
    bool forward = true; // activations (true) or gradients
    int microBatch = 0;
    double start = 0, end = 0;
};

// The measured run as a timeline in the same shape as the predicted one (stage lanes, transfer lanes, flows), so
// the Gantt aligns them op by op.
Timeline measuredTimeline(const ProbePipeline& p, const std::vector<MeasuredOp>& ops,
    const std::vector<MeasuredTransfer>& transfers, const std::vector<std::string>& gpuNames);

// The contract's TRACE.json: the timeline as Chrome trace JSON with a "plait" block naming the plan, schedule,
// whether stages shared a GPU, the layers run, and the measured step time and bubble figures.
nlohmann::json measuredTraceJson(const Timeline& t, const ProbePipeline& p, const nlohmann::json& extra = {});

} // namespace plait
