#include "calibrationfit.h"

#include "evaluate.h"
#include "safejson.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <future>
#include <thread>

namespace plait {

Result<std::vector<ValidationRun>> readValidationRuns(const std::string& dir)
{
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.path().string().ends_with(".plait.json"))
            files.push_back(entry.path());
    if (ec)
        return Result<std::vector<ValidationRun>>::failure(dir, ec.message());
    std::sort(files.begin(), files.end());
    std::vector<ValidationRun> runs;
    for (const auto& f : files) {
        auto doc = readJsonFile(f.string());
        if (!doc)
            return Result<std::vector<ValidationRun>>::failure(f.string(), doc.errorText());
        auto plan = planFromJson(doc.value());
        if (!plan)
            return Result<std::vector<ValidationRun>>::failure(f.string(), plan.errorText());
        const nlohmann::json& published = doc.value()["published_step_s"];
        if (!published.is_number() || published.get<double>() <= 0)
            return Result<std::vector<ValidationRun>>::failure(f.string(), "no published_step_s");
        const std::string name = f.filename().string();
        runs.push_back({ name, name.substr(0, name.find('-')), plan.value(), published.get<double>() });
    }
    return runs;
}

std::vector<double> stepErrors(
    const std::vector<ValidationRun>& runs, const CostCalibration& cal, const std::string& leftOut)
{
    std::vector<double> errors(runs.size(), std::nan(""));
    // Runs are independent: split them over the cores (evaluate is a pure function of its plan).
    const std::size_t workers = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
    auto work = [&](std::size_t first) {
        for (std::size_t i = first; i < runs.size(); i += workers) {
            if (runs[i].source == leftOut)
                continue;
            Plan plan = runs[i].plan;
            plan.cluster.calibration = cal;
            const Evaluation ev = evaluate(plan, EvaluationDetail::Figures);
            if (ev.valid && ev.stepS > 0)
                errors[i] = ev.stepS / runs[i].publishedS - 1;
        }
    };
    std::vector<std::future<void>> done;
    for (std::size_t w = 1; w < workers; ++w)
        done.push_back(std::async(std::launch::async, work, w));
    work(0);
    for (auto& f : done)
        f.get();
    return errors;
}

double calibrationObjective(
    const std::vector<ValidationRun>& runs, const CostCalibration& cal, const std::string& leftOut)
{
    const std::vector<double> errors = stepErrors(runs, cal, leftOut);
    std::map<std::string, std::pair<double, int>> bySource;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (runs[i].source == leftOut)
            continue;
        const double r = std::isnan(errors[i]) ? 1.0 : std::log1p(errors[i]);
        auto& [sum, n] = bySource[runs[i].source];
        sum += r * r;
        ++n;
    }
    double total = 0;
    for (const auto& [source, s] : bySource)
        total += s.first / s.second;
    // A weak pull toward the unfitted model (ridge): parameters the runs cannot tell apart stay near neutral
    // instead of trading against each other, so a fold without one source does not wander to a bound.
    double pull = 0;
    for (const CalibrationParameter& p : calibrationParameters()) {
        const double d = (cal.*(p.field) - p.neutral) / (p.upper - p.lower);
        pull += d * d;
    }
    return (bySource.empty() ? 0 : total / double(bySource.size())) + kCalibrationRidge * pull;
}

CalibrationFit fitCalibration(const std::vector<ValidationRun>& runs, const CostCalibration& start,
    const std::string& leftOut, double firstStep, const std::function<void(const CalibrationFit&)>& progress)
{
    const std::vector<CalibrationParameter>& params = calibrationParameters();
    CalibrationFit fit;
    fit.values = start;
    fit.objective = calibrationObjective(runs, fit.values, leftOut);
    fit.evaluations = 1;
    std::vector<double> step;
    for (const CalibrationParameter& p : params)
        step.push_back(firstStep > 0 ? firstStep * (p.upper - p.lower) : p.tolerance);
    auto settled = [&](std::size_t i) { return step[i] < params[i].tolerance / 10; };
    auto converged = [&] {
        for (std::size_t i = 0; i < params.size(); ++i)
            if (!settled(i))
                return false;
        return true;
    };
    while (!converged()) {
        bool kept = false;
        for (std::size_t i = 0; i < params.size(); ++i) {
            if (settled(i))
                continue;
            const CalibrationParameter& p = params[i];
            for (const double sign : { 1.0, -1.0 }) {
                CostCalibration trial = fit.values;
                const double was = trial.*(p.field);
                trial.*(p.field) = std::clamp(was + sign * step[i], p.lower, p.upper);
                if (trial.*(p.field) == was)
                    continue;
                const double objective = calibrationObjective(runs, trial, leftOut);
                ++fit.evaluations;
                if (objective < fit.objective - 1e-12) {
                    fit.values = trial;
                    fit.objective = objective;
                    kept = true;
                    break;
                }
            }
        }
        if (progress)
            progress(fit);
        if (!kept)
            for (double& s : step)
                s /= 2;
    }
    return fit;
}

std::map<std::string, SourceErrors> errorsBySource(
    const std::vector<ValidationRun>& runs, const std::vector<double>& errors)
{
    std::map<std::string, SourceErrors> out;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const double e = std::isnan(errors[i]) ? 1.0 : errors[i];
        SourceErrors& s = out[runs[i].source];
        ++s.runs;
        s.meanAbs += std::abs(e);
        s.meanSigned += e;
        s.tooFast += e < 0;
    }
    for (auto& [source, s] : out) {
        s.meanAbs /= s.runs;
        s.meanSigned /= s.runs;
        s.tooFast /= s.runs;
    }
    return out;
}

} // namespace plait
