#include "similarruns.h"

#include "numtext.h"

#include <algorithm>
#include <cmath>

namespace plait {

nlohmann::json calibrationRunJson(const CalibrationRun& run)
{
    return { { "file", run.file }, { "source", run.source }, { "gpu", run.kind.gpu },
        { "framework", frameworkName(run.kind.framework) }, { "attention", run.kind.attention },
        { "sharded_weights", run.kind.shardedWeights }, { "pipeline", run.kind.pipeline }, { "moe", run.kind.moe },
        { "gpus", run.kind.gpus }, { "cross_validated_error", std::round(run.crossValidatedError * 1e4) / 1e4 } };
}

std::optional<CalibrationRun> calibrationRunFromJson(const nlohmann::json& j, std::string& error)
{
    auto has = [&](const char* key, bool (nlohmann::json::*is)() const noexcept) {
        if (j.contains(key) && (j[key].*is)())
            return true;
        error = std::string("each run needs \"") + key + "\"";
        return false;
    };
    if (!j.is_object() || !has("file", &nlohmann::json::is_string) || !has("source", &nlohmann::json::is_string)
        || !has("gpu", &nlohmann::json::is_string) || !has("framework", &nlohmann::json::is_string)
        || !has("attention", &nlohmann::json::is_string) || !has("sharded_weights", &nlohmann::json::is_boolean)
        || !has("pipeline", &nlohmann::json::is_boolean) || !has("moe", &nlohmann::json::is_boolean)
        || !has("gpus", &nlohmann::json::is_number_integer)
        || !has("cross_validated_error", &nlohmann::json::is_number)) {
        if (error.empty())
            error = "each run must be an object";
        return std::nullopt;
    }
    const auto framework = frameworkFromName(j["framework"].get<std::string>());
    const double e = j["cross_validated_error"].get<double>();
    if (!framework || j["gpus"].get<long long>() < 1 || !std::isfinite(e) || e <= -1) {
        error = "run " + j["file"].get<std::string>() + " has an unknown framework, no GPUs or an impossible error";
        return std::nullopt;
    }
    return CalibrationRun { j["file"].get<std::string>(), j["source"].get<std::string>(),
        { j["gpu"].get<std::string>(), *framework, j["attention"].get<std::string>(), j["sharded_weights"].get<bool>(),
            j["pipeline"].get<bool>(), j["moe"].get<bool>(),
            int(std::min<long long>(j["gpus"].get<long long>(), 1LL << 30)) },
        e };
}

SimilarRuns similarRuns(const RunKind& plan, const std::vector<CalibrationRun>& runs)
{
    SimilarRuns s;
    s.ofRuns = int(runs.size());
    double sumSigned = 0, sumAbs = 0;
    for (const CalibrationRun& r : runs) {
        const RunKind& k = r.kind;
        if (k.gpu != plan.gpu || k.framework != plan.framework || k.attention != plan.attention
            || k.shardedWeights != plan.shardedWeights || k.pipeline != plan.pipeline || k.moe != plan.moe
            || plan.gpus < 1
            || std::max(k.gpus, plan.gpus) > kSimilarGpuFactor * (long long)std::min(k.gpus, plan.gpus))
            continue;
        s.minGpus = s.runs ? std::min(s.minGpus, k.gpus) : k.gpus;
        s.maxGpus = s.runs ? std::max(s.maxGpus, k.gpus) : k.gpus;
        ++s.runs;
        sumSigned += r.crossValidatedError;
        sumAbs += std::abs(r.crossValidatedError);
        if (std::find(s.sources.begin(), s.sources.end(), r.source) == s.sources.end())
            s.sources.push_back(r.source);
    }
    if (s.runs) {
        s.meanSigned = sumSigned / s.runs;
        s.meanAbs = sumAbs / s.runs;
    }
    return s;
}

std::string similarRunsCountText(const SimilarRuns& s)
{
    if (s.runs == 0)
        return "none of the " + numText(s.ofRuns) + " the calibration rests on";
    std::string sources;
    for (std::size_t i = 0; i < s.sources.size(); ++i)
        sources += (i ? ", " : "") + s.sources[i];
    const std::string gpus
        = s.minGpus == s.maxGpus ? numText(s.minGpus) : numText(s.minGpus) + "–" + numText(s.maxGpus);
    const std::string head = numText(s.runs) + " of " + numText(s.ofRuns) + " (" + sources + "; " + gpus + " GPUs)";
    if (!s.enough())
        return head + ", too few to say how far off such plans are";
    const double pct = std::round(1000 * std::abs(s.meanSigned)) / 10;
    return head + ", predicted " + numText(pct) + "% " + (s.meanSigned < 0 ? "too fast" : "too slow")
        + " on average, cross-validated (mean |error| " + numText(std::round(1000 * s.meanAbs) / 10) + "%)";
}

std::string similarRunsText(const SimilarRuns& s)
{
    if (s.ofRuns == 0)
        return {};
    return "published runs like this one (same GPU, framework, attention kernel, weight sharding, pipeline or none, "
           "dense or MoE, and 1/"
        + numText(kSimilarGpuFactor) + " to " + numText(kSimilarGpuFactor)
        + " times its GPUs): " + similarRunsCountText(s);
}

} // namespace plait
