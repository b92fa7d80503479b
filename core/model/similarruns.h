#pragma once
// The published runs the calibration rests on that are most like a plan, and how far off their cross-validated
// predictions were. The overall cross-validated error is an average over very different runs; a plan of a kind the
// fit missed by 18% in the same direction every time deserves that figure beside its own, and a plan of a kind no
// run shows deserves to be told so.
#include "framework.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace plait {

// What makes two plans alike for the cost model: the GPU, the framework, the fused attention kernel, whether the
// weights are sharded across the data-parallel ranks (ZeRO-3, FSDP FULL_SHARD), whether there is a pipeline, whether
// the model is a MoE, and the GPU count (evaluate/runkind.h reads them from a plan).
struct RunKind {
    std::string gpu; // catalog id
    Framework framework = Framework::Megatron;
    std::string attention; // the fused kernel that runs ("flash2", "cudnn"), "none" without one
    bool shardedWeights = false;
    bool pipeline = false;
    bool moe = false;
    int gpus = 0;
    bool operator==(const RunKind&) const = default;
};
// One published run of the fit's training set, as calibration.json records it.
struct CalibrationRun {
    std::string file; // the validation plan's file name
    std::string source; // its source id (tests/data/validation/README.md)
    RunKind kind;
    double crossValidatedError = 0; // predicted / published − 1 by the fit without its source (< 0: too fast)
};
nlohmann::json calibrationRunJson(const CalibrationRun& run);
// Reads one entry of calibration.json's "runs"; nothing, with `error` set, where a field is missing or wrong.
std::optional<CalibrationRun> calibrationRunFromJson(const nlohmann::json& j, std::string& error);

// Runs count as alike when everything in RunKind but the GPU count is equal and the counts are within this factor.
inline constexpr int kSimilarGpuFactor = 4;
// Fewer alike runs than this give no mean: one or two runs say more about themselves than about a kind of plan.
inline constexpr int kSimilarRunsForMean = 3;

struct SimilarRuns {
    int runs = 0; // alike runs
    int ofRuns = 0; // runs in the training set
    double meanSigned = 0, meanAbs = 0; // of their cross-validated errors
    int minGpus = 0, maxGpus = 0;
    std::vector<std::string> sources; // in the order first met
    bool enough() const { return runs >= kSimilarRunsForMean; }
};
SimilarRuns similarRuns(const RunKind& plan, const std::vector<CalibrationRun>& runs);

// "published runs like this one (same GPU, …): 6 of 327 (llmfoundry; 128–512 GPUs), predicted 12.4% too fast on
// average, cross-validated (…)"; empty for a training set without runs.
std::string similarRunsText(const SimilarRuns& s);
// The same without what "like" means: "6 of 327 (…), predicted …", "none of the 327 the calibration rests on".
std::string similarRunsCountText(const SimilarRuns& s);

} // namespace plait
