#pragma once

#include "similarruns.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace plait {

// The calibration layer of the cost model (issue 38): a few named efficiencies, each with a physical meaning and
// bounds, fitted in the open by tests/calibration/fit-calibration.sh on the published runs of
// tests/data/validation (each source weighted equally) and judged there by leave-one-source-out cross-validation.
// No parameter depends on a model, a source or a run. Neutral values (shares 1, overheads 0, the measured
// sustained-over-burst ratio) give the unfitted model.
struct CostCalibration {
    double gemmShare = 1; // share of the sustained GEMM rate a layer's GEMMs reach in a training step
    // Where the catalog has no sustained (power-limited) GEMM figure for the GPU: the share of its best known rate
    // (the short-burst best, else the datasheet peak) a training step sustains. Unfitted, it is the ratio measured
    // where both figures come from one run: H200 708.5/841.9, B200 1456.3/1770.9 (ml-engineering's MSMF over
    // MAMF), mean 0.832; costcalibration.cpp.
    double unmeasuredGemmShare = 0.832;
    double expertGemmShare = 1; // share of a dense GEMM's rate a MoE layer's expert GEMMs reach (grouped, small)
    double hbmShare = 1; // share of the achievable HBM rate the element-wise kernels and the optimizer reach
    double kernelOverheadUs = 0; // µs of fixed cost per kernel a layer launches (launch, host, tail effects)
    double collectiveLossPerDoubling = 0; // share of a collective's bus rate lost per doubling of its ranks past 8
    double syncPerDoubling = 0; // share of the step added per doubling of the GPU count past 8 (stragglers, jitter)
    bool operator==(const CostCalibration&) const = default;
};

// One parameter: its id in calibration.json, what it means, its unit, the bounds the fit keeps it in, the value that
// leaves the model unfitted, and how far a refit may move it before the test says the catalog is stale.
struct CalibrationParameter {
    const char* id;
    const char* meaning;
    const char* unit;
    double lower, upper, neutral, tolerance;
    double CostCalibration::*field;
};
const std::vector<CalibrationParameter>& calibrationParameters();

// What calibration.json records beside the values: the fit's training set and its errors, for the UI to say what a
// figure rests on.
struct CalibrationRecord {
    CostCalibration values;
    int trainingRuns = 0;
    std::vector<std::string> sources;
    double inSampleMeanAbs = 0; // mean |step-time error| over the training runs, fitted on all of them
    double crossValidatedMeanAbs = 0; // each source predicted by a fit without it; mean over the sources' runs
    // The 10th and 90th percentiles of ln(published / predicted) over the runs, each predicted by the fit without
    // its source: a step's range reaches at least point × e^low … point × e^high (split-conformal, evaluate/range.h),
    // so it holds the measured time for about 80% of runs the fit did not see. 0 and 0 when not fitted.
    double rangeLowLog = 0, rangeHighLog = 0;
    std::vector<CalibrationRun> runs; // the training runs, each with its cross-validated error (similarruns.h)
    nlohmann::json doc; // the whole file
};

// Reads a calibration file; values outside a parameter's bounds or unknown parameters are refused.
struct CalibrationParse {
    CalibrationRecord record;
    std::string error; // empty when read
};
CalibrationParse calibrationFromJson(const nlohmann::json& doc);
nlohmann::json calibrationValuesJson(const CostCalibration& c);

// The calibration shipped in resources/catalog/calibration.json (the neutral one if that file were broken, which
// the tests forbid).
const CalibrationRecord& builtinCalibration();

// "calibrated on 310 published runs (cross-validated error 8.1%)": what figures from a fit on `runs` published runs
// rest on; "not calibrated: the unfitted model" without runs.
std::string calibrationBasisText(int runs, double crossValidatedMeanAbs);

} // namespace plait
