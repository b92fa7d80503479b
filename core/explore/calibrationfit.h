#pragma once

#include "costcalibration.h"
#include "error.h"
#include "plan.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace plait {

// One published, measured training run (tests/data/validation): its plan, the measured step time, and its source
// (the file name's first word: korthikanti, llmfoundry, mbridge, ...).
struct ValidationRun {
    std::string file;
    std::string source;
    Plan plan;
    double publishedS = 0;
};

// Every *.plait.json in `dir`, in name order; the first file that does not read or has no published_step_s fails it.
Result<std::vector<ValidationRun>> readValidationRuns(const std::string& dir);

// Each run's signed step-time error (predicted / published − 1) under a calibration; NaN where the plan does not
// evaluate, and for the runs of `leftOut`, which are not evaluated.
std::vector<double> stepErrors(
    const std::vector<ValidationRun>& runs, const CostCalibration& cal, const std::string& leftOut = {});

// The fit's objective: weighted least squares of ln(predicted / published), each source weighted equally (the mean
// over its runs), averaged over the sources; runs of `leftOut` are not counted. A run that does not evaluate counts
// as a factor-of-e miss. Plus a weak ridge toward the neutral values (kCalibrationRidge).
// The ridge weight: a parameter moved across its whole range costs as much as a 3% RMS log error on every source
// (0.03² ≈ 0.001).
constexpr double kCalibrationRidge = 0.001;
double calibrationObjective(
    const std::vector<ValidationRun>& runs, const CostCalibration& cal, const std::string& leftOut = {});

// Bounded, deterministic pattern search: each parameter in turn tries a step up and down (within its bounds) and
// keeps what lowers the objective; a sweep that keeps nothing halves the steps; the search ends when every step is
// below a tenth of its parameter's tolerance. `firstStep`: a share of each parameter's range (0.25 from scratch), or
// 0 for each parameter's own tolerance (to check that a stored fit is still where a refit would settle).
struct CalibrationFit {
    CostCalibration values;
    double objective = 0;
    int evaluations = 0; // objective evaluations
};
CalibrationFit fitCalibration(const std::vector<ValidationRun>& runs, const CostCalibration& start,
    const std::string& leftOut = {}, double firstStep = 0.25,
    const std::function<void(const CalibrationFit&)>& progress = {});

// Per source: mean |error|, mean signed error, share too fast, over its runs.
struct SourceErrors {
    int runs = 0;
    double meanAbs = 0, meanSigned = 0, tooFast = 0;
};
std::map<std::string, SourceErrors> errorsBySource(
    const std::vector<ValidationRun>& runs, const std::vector<double>& errors);

} // namespace plait
