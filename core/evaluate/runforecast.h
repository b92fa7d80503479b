#pragma once
// What a plan means for a whole training run (issue 18 B and C): time, GPU-hours, cost and energy for a budget,
// checkpoint size and write time, the checkpoint interval and goodput under failures, and what one failure stops.
//
// Failures follow Daly 2006 (J. T. Daly, "A higher order estimate of the optimum checkpoint interval for restart
// dumps", FGCS 22(3):303-312): failures are a Poisson process with the job's mean time between failures M, a
// checkpoint takes δ, a restart R, and τ of work runs between checkpoints. The wall time of T_s of work is
// T_w = M·e^(R/M)·(e^((τ+δ)/M) − 1)·T_s/τ, minimised near τ_opt = √(2δM)·[1 + ⅓·√(δ/2M) + (δ/2M)/9] − δ (δ < 2M;
// else M), the higher-order form of Young 1974's √(2δM). Goodput is T_s/T_w.
#include "evaluation.h"
#include "plan.h"

#include <string>

namespace plait {

// Job interruptions per GPU-hour when the plan gives none: Llama 3 (arXiv 2407.21783) §3.3.4, 419 unexpected
// interruptions in a 54-day snapshot on 16,384 H100 GPUs (Table 4's count): 419 / (16,384·54·24) GPU-hours.
inline constexpr double kDefaultFailuresPerGpuHour = 419.0 / (16384.0 * 54 * 24);
// Restart overhead when the plan gives none: ByteDance MegaScale (arXiv 2402.15627, NSDI'24) §4, "the average time
// required for detecting failure and executing diagnostic tests is less than 10 minutes"; reading the checkpoint
// back is added to it.
inline constexpr double kDefaultRestartMinutes = 10;
const char* defaultFailureSource();
const char* defaultRestartSource();

// A figure at the evaluation's point and at both ends of its step-time range.
struct Spread {
    double point = 0, fast = 0, slow = 0;
};

struct RunForecast {
    bool valid = false; // the evaluation was valid
    int gpusUsed = 0, gpusReserved = 0; // reserved: every GPU of the drawn cluster, the spares included

    // Budget (B). Absent when the plan gives neither tokens nor steps.
    bool hasBudget = false;
    double tokens = 0, steps = 0;
    Spread computeS; // steps × step time: the run without failures or checkpoints
    Spread wallS; // with checkpoints and failures (goodput), else computeS
    Spread gpuHours; // wallS × reserved GPUs
    bool hasPrice = false;
    Spread cost; // gpuHours × the user's price
    std::string currency;
    double powerW = 0; // per GPU; 0 = unknown
    std::string powerSource;
    Spread energyKWh; // wallS × used GPUs × powerW: the GPU boards at full power, an upper bound without hosts/cooling

    // Checkpoints (C). What Megatron-LM and DeepSpeed save: the working weights and the optimizer state (the fp32
    // master copy and moments), each parameter once; gradients are not saved.
    double checkpointBytes = 0;
    double checkpointBytesPerGpu = 0; // the largest any GPU holds of it (its stage's weights and optimizer state)
    double writeS = 0, readS = 0; // 0 = no storage bandwidth given

    // Failures (C).
    double failuresPerGpuHour = 0;
    std::string failureSource; // the plan's figure, or the default's source
    double mtbfS = 0; // the job's mean time between failures: 1 / (rate × used GPUs)
    double restartS = 0; // overhead + reading the checkpoint back
    std::string restartSource;
    double intervalS = 0; // Daly's optimum work between checkpoints; 0 = unknown (no write time)
    double youngIntervalS = 0; // Young's first-order √(2δM)
    double goodput = 0; // useful work over wall time at intervalS; 0 = unknown
    double failuresExpected = 0; // over wallS.point

    // Blast radius (C): what one failure stops.
    int tpGroupGpus = 0; // the failed GPU's TP×CP group: the GPUs that cannot run a layer without it
    int pipelineGpus = 0; // one model replica: TP×CP×PP
    int pipelinesPerNode = 0; // the most model replicas one node's GPUs belong to
    int nodesUsed = 0, spareNodes = 0; // spare: nodes with no used GPU
    int nodesPerPipeline = 0; // the most nodes one replica spans
};

// Job interruptions per GPU-hour the plan means (per node-day converted), or the default; `source` says which.
double failureRate(const Plan& plan, std::string* source = nullptr);
// Daly's optimum compute time between checkpoints for checkpoint time δ and MTBF M (seconds).
double dalyInterval(double checkpointS, double mtbfS);
// Daly's expected wall time per unit of work at interval τ (the inverse of goodput).
double dalyWallPerWork(double intervalS, double checkpointS, double restartS, double mtbfS);

// The forecast for `plan`'s run from its evaluation (with its step range, addStepRange).
RunForecast forecastRun(const Plan& plan, const Evaluation& ev);

} // namespace plait
