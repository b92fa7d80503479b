#include "runspec.h"

#include "jsonfields.h"

namespace plait {

RunSpec readRunSpec(const nlohmann::json& run, std::vector<Issue>& issues)
{
    RunSpec r;
    if (run.is_null())
        return r;
    if (!run.is_object()) {
        issues.push_back({ "run", std::string("must be an object, not ") + run.type_name() });
        return r;
    }
    FieldReader f(run, "run", issues);
    r.tokens = f.number("tokens", 0, 1, 1e16);
    r.steps = f.integer("steps", 0, 1, 1'000'000'000);
    if (f.has("tokens") && f.has("steps") && !run["tokens"].is_null() && !run["steps"].is_null())
        issues.push_back({ "run", "gives both tokens and steps; a budget is one of them" });
    r.pricePerGpuHour = f.number("price_per_gpu_hour", 0, 0, 1e6);
    r.currency = f.string("currency", "USD");
    if (r.currency.size() > 12)
        issues.push_back({ "run.currency", "must be at most 12 bytes, like USD or CNY" });
    r.gpuPowerW = f.number("gpu_power_W", 0, 1, 1e5);
    r.storageWriteGBps = f.number("storage_write_GBps", 0, 1e-3, 1e7);
    r.storageReadGBps = f.number("storage_read_GBps", 0, 1e-3, 1e7);
    r.failuresPerGpuHour = f.number("failures_per_gpu_hour", 0, 0, 1);
    r.failuresPerNodeDay = f.number("failures_per_node_day", 0, 0, 1000);
    if (r.failuresPerGpuHour > 0 && r.failuresPerNodeDay > 0)
        issues.push_back(
            { "run", "gives both failures_per_gpu_hour and failures_per_node_day; a rate is one of them" });
    r.restartMinutes = f.number("restart_min", 0, 0, 1e5);
    return r;
}

nlohmann::json runSpecToJson(const RunSpec& r)
{
    nlohmann::json j = nlohmann::json::object();
    auto put = [&](const char* key, double v) {
        if (v > 0)
            j[key] = v;
    };
    put("tokens", r.tokens);
    if (r.steps > 0)
        j["steps"] = r.steps;
    put("price_per_gpu_hour", r.pricePerGpuHour);
    if (r.pricePerGpuHour > 0 || r.currency != "USD")
        j["currency"] = r.currency;
    put("gpu_power_W", r.gpuPowerW);
    put("storage_write_GBps", r.storageWriteGBps);
    put("storage_read_GBps", r.storageReadGBps);
    put("failures_per_gpu_hour", r.failuresPerGpuHour);
    put("failures_per_node_day", r.failuresPerNodeDay);
    put("restart_min", r.restartMinutes);
    return j.empty() ? nlohmann::json() : j;
}

} // namespace plait
