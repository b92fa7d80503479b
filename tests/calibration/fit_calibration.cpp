// Fits the cost model's calibration layer (core/model/costcalibration.h) on the published runs of
// tests/data/validation and writes it, with its training set and its in-sample and leave-one-source-out
// cross-validated errors, as resources/catalog/calibration.json. Run through tests/calibration/fit-calibration.sh.
// Usage: plait-fit-calibration VALIDATION_DIR OUTPUT.json
#include "calibrationfit.h"
#include "runkind.h"
#include "safejson.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

using namespace plait;

namespace {

nlohmann::json sourceJson(const SourceErrors& s)
{
    auto r = [](double x) { return std::round(x * 10000) / 10000; };
    return { { "runs", s.runs }, { "mean_abs", r(s.meanAbs) }, { "mean_signed", r(s.meanSigned) },
        { "too_fast", r(s.tooFast) } };
}

double meanAbs(const std::vector<double>& errors)
{
    double sum = 0;
    for (double e : errors)
        sum += std::isnan(e) ? 1.0 : std::abs(e);
    return errors.empty() ? 0 : sum / double(errors.size());
}

// The q-quantile of ln(published / predicted) = −ln(1 + error), by the nearest rank (a run that did not evaluate
// counts as a factor of e too slow).
double logQuantile(const std::vector<double>& errors, double q)
{
    std::vector<double> logs;
    for (double e : errors)
        logs.push_back(std::isnan(e) ? 1.0 : -std::log1p(e));
    std::sort(logs.begin(), logs.end());
    if (logs.empty())
        return 0;
    const std::size_t at = std::min(logs.size() - 1, std::size_t(std::ceil(q * double(logs.size()))) - (q > 0));
    return logs[at];
}

void print(const char* what, const CalibrationFit& fit)
{
    std::fprintf(stderr, "%s: objective %.5f after %d evaluations:", what, fit.objective, fit.evaluations);
    for (const CalibrationParameter& p : calibrationParameters())
        std::fprintf(stderr, " %s %.4g", p.id, fit.values.*(p.field));
    std::fprintf(stderr, "\n");
}

}

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s VALIDATION_DIR OUTPUT.json\n", argv[0]);
        return 2;
    }
    const auto read = readValidationRuns(argv[1]);
    if (!read) {
        std::fprintf(stderr, "%s\n", read.errorText().c_str());
        return 1;
    }
    const std::vector<ValidationRun>& runs = read.value();
    std::vector<std::string> sources;
    for (const ValidationRun& r : runs)
        if (std::find(sources.begin(), sources.end(), r.source) == sources.end())
            sources.push_back(r.source);
    std::fprintf(stderr, "%zu runs from %zu sources\n", runs.size(), sources.size());

    const CostCalibration neutral;
    const std::vector<double> before = stepErrors(runs, neutral);
    const CalibrationFit all
        = fitCalibration(runs, neutral, {}, 0.25, [](const CalibrationFit& f) { print("  sweep", f); });
    print("all sources", all);
    const std::vector<double> inSample = stepErrors(runs, all.values);

    // Leave one source out: fit from scratch without it, predict its runs.
    std::vector<double> crossValidated(runs.size(), std::nan(""));
    nlohmann::json folds = nlohmann::json::object();
    for (const std::string& source : sources) {
        const CalibrationFit fold = fitCalibration(runs, neutral, source);
        print(("without " + source).c_str(), fold);
        const std::vector<double> errors = stepErrors(runs, fold.values);
        for (std::size_t i = 0; i < runs.size(); ++i)
            if (runs[i].source == source)
                crossValidated[i] = errors[i];
        folds[source] = calibrationValuesJson(fold.values);
    }

    nlohmann::json params = nlohmann::json::object();
    for (const CalibrationParameter& p : calibrationParameters())
        params[p.id] = { { "value", std::round(all.values.*(p.field) * 1e4) / 1e4 }, { "lower", p.lower },
            { "upper", p.upper }, { "tolerance", p.tolerance }, { "unit", p.unit }, { "meaning", p.meaning } };
    const auto unfitted = errorsBySource(runs, before);
    const auto fitted = errorsBySource(runs, inSample);
    const auto held = errorsBySource(runs, crossValidated);
    nlohmann::json perSource = nlohmann::json::object();
    for (const std::string& s : sources)
        perSource[s] = { { "unfitted", sourceJson(unfitted.at(s)) }, { "in_sample", sourceJson(fitted.at(s)) },
            { "cross_validated", sourceJson(held.at(s)) } };
    // Each run's kind and cross-validated error, for the UI to say how far off the runs most like a plan were.
    nlohmann::json runRecords = nlohmann::json::array();
    for (std::size_t i = 0; i < runs.size(); ++i)
        runRecords.push_back(calibrationRunJson({ runs[i].file, runs[i].source, runKindOf(runs[i].plan),
            std::isnan(crossValidated[i]) ? 1.0 : crossValidated[i] }));
    auto r4 = [](double x) { return std::round(x * 10000) / 10000; };
    const nlohmann::json out = {
        { "format", "plait-calibration/1" },
        { "fitted_by", "tests/calibration/fit-calibration.sh (tests/calibration/fit_calibration.cpp)" },
        { "method",
            "bounded pattern search minimising the mean over sources of each source's mean squared "
            "ln(predicted / published) step time; leave-one-source-out: each source predicted by a fit from the "
            "neutral values without it" },
        { "training_sources", sources },
        { "training_runs", int(runs.size()) },
        { "parameters", params },
        { "errors",
            { { "unfitted_mean_abs", r4(meanAbs(before)) }, { "in_sample_mean_abs", r4(meanAbs(inSample)) },
                { "cross_validated_mean_abs", r4(meanAbs(crossValidated)) },
                { "cross_validated_log_p10", r4(logQuantile(crossValidated, 0.10)) },
                { "cross_validated_log_p90", r4(logQuantile(crossValidated, 0.90)) }, { "per_source", perSource } } },
        { "cross_validation_fits", folds },
    };
    // The runs one to a line, so that a refit's diff shows which runs moved.
    std::string text = out.dump(1);
    text.resize(text.size() - 2); // the line break and closing brace
    text += ",\n \"runs\": [";
    for (std::size_t i = 0; i < runRecords.size(); ++i)
        text += (i ? ",\n  " : "\n  ") + runRecords[i].dump();
    text += "\n ]\n}";
    std::ofstream file(argv[2]);
    file << text << "\n";
    file.close();
    if (!file) {
        std::fprintf(stderr, "could not write %s\n", argv[2]);
        return 1;
    }
    std::fprintf(stderr, "mean |error|: unfitted %.1f%%, in-sample %.1f%%, cross-validated %.1f%%\n",
        100 * meanAbs(before), 100 * meanAbs(inSample), 100 * meanAbs(crossValidated));
    return 0;
}
