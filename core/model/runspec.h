#pragma once

#include "error.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace plait {

// The training run a plan is for (the plan file's optional "run" block): how long it trains, what a GPU-hour costs,
// how fast checkpoints reach storage, and how often GPUs fail. Every field is optional; 0 means "not given", and a
// figure that needs a missing input is shown as missing, never guessed (a price, a storage bandwidth). The failure
// rate and restart time have published defaults (runforecast.h).
struct RunSpec {
    double tokens = 0; // training budget in tokens
    long long steps = 0; // or in optimizer steps (one of the two)
    double pricePerGpuHour = 0; // the user's price
    std::string currency = "USD";
    double gpuPowerW = 0; // measured board power per GPU; 0 = the catalog's TDP
    double storageWriteGBps = 0; // aggregate checkpoint write bandwidth, 1e9 B/s
    double storageReadGBps = 0; // aggregate read bandwidth on restart; 0 = as write
    double failuresPerGpuHour = 0; // job interruptions per GPU-hour; 0 = the published default
    double failuresPerNodeDay = 0; // or per node and day (Meta's unit); converted with the node's GPU count
    double restartMinutes = 0; // detection, rescheduling and start-up, without reading the checkpoint; 0 = default

    bool operator==(const RunSpec&) const = default;
};

inline constexpr const char* kRunKeys[] = { "tokens", "steps", "price_per_gpu_hour", "currency", "gpu_power_W",
    "storage_write_GBps", "storage_read_GBps", "failures_per_gpu_hour", "failures_per_node_day", "restart_min" };

// Reads the "run" block (absent or null: every field unset). Each bad field is an Issue naming it.
RunSpec readRunSpec(const nlohmann::json& run, std::vector<Issue>& issues);
// The block with the fields that are set; null when none is.
nlohmann::json runSpecToJson(const RunSpec& run);

} // namespace plait
