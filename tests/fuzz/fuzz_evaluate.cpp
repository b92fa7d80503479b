// libFuzzer target for `plait evaluate --json` end to end: plan text → plan → evaluation → the contract's JSON text,
// the steps the command takes. Oracles: the text is one valid UTF-8 JSON document (the strict parser reads it
// back); a valid evaluation's figures are finite and inside their physical ranges (fractions in [0, 1], MFU ≤ HFU,
// nothing negative, exposed ≤ total, per-stage totals the sum of their parts); an invalid one names an error.
#include "evaluate.h"
#include "plan.h"
#include "report.h"
#include "safejson.h"
#include "text.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {
void require(bool ok)
{
    if (!ok)
        std::abort();
}

double number(const nlohmann::json& j, const char* key)
{
    require(j.is_object() && j.contains(key) && j[key].is_number()); // null would be NaN or infinity
    const double x = j[key].get<double>();
    require(std::isfinite(x));
    return x;
}

void checkFigures(const nlohmann::json& e)
{
    require(number(e, "params_total") > 0);
    const nlohmann::json& mem = e["memory"];
    const double peak = number(mem, "peak_bytes");
    require(peak >= 0 && number(mem, "capacity_bytes") > 0);
    double highest = 0;
    for (const auto& s : mem["stages"]) {
        double sum = 0;
        for (const char* k :
            { "weights_bytes", "grads_bytes", "optimizer_bytes", "activations_bytes", "other_bytes" }) {
            require(number(s, k) >= 0);
            sum += number(s, k);
        }
        require(std::abs(number(s, "total_bytes") - sum) <= 8 + 1e-12 * sum);
        highest = std::max(highest, number(s, "total_bytes"));
    }
    require(std::abs(highest - peak) <= 1 + 1e-12 * peak);
    const nlohmann::json& time = e["time"];
    const double step = number(time, "step_s");
    require(step > 0);
    require(number(time, "compute_s") >= 0 && number(time, "compute_s") <= step * (1 + 1e-9));
    require(number(time, "bubble_fraction") >= 0 && number(time, "bubble_fraction") <= 1);
    require(number(time, "exposed_comm_s") >= 0 && number(time, "exposed_comm_s") <= step * (1 + 1e-9));
    for (const auto& c : e["comm"]) {
        require(number(c, "time_s") >= 0 && number(c, "bytes_per_step") >= 0);
        require(
            number(c, "exposed_s") >= 0 && number(c, "exposed_s") <= number(c, "time_s") * (1 + 1e-9) + 1e-9 * step);
    }
    const nlohmann::json& tp = e["throughput"];
    const double mfu = number(tp, "mfu"), hfu = number(tp, "hfu");
    require(mfu >= 0 && mfu <= hfu * (1 + 1e-9) && hfu <= 1);
    require(number(tp, "tokens_per_s") > 0);
    require(number(tp, "hardware_tflops_per_gpu") <= number(tp, "peak_tflops") * (1 + 1e-9));
}
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto doc = plait::parseJson(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!doc)
        return 0; // the command exits 2 with the parser's message
    auto plan = plait::planFromJson(doc.value());
    plait::Evaluation ev;
    if (plan) {
        // Bounded for every plan that loads; keep fuzzing fast on huge clusters (the hostile-input test runs them).
        if (plan.value().cluster.gpuCount() > 4096)
            return 0;
        ev = plait::evaluate(plan.value());
    } else {
        ev.errors = plan.errors();
    }
    const std::string text = plait::dumpJson(plait::evaluationToJson(ev), 2);
    nlohmann::json back;
    try {
        back = nlohmann::json::parse(text); // throws on invalid UTF-8
    } catch (const nlohmann::json::exception&) {
        std::abort();
    }
    require(back.is_object() && back["valid"].is_boolean() && back["valid"].get<bool>() == ev.valid);
    if (ev.valid)
        checkFigures(back);
    else
        require(!back["errors"].empty());
    for (const auto& list : { back["errors"], back["warnings"] })
        for (const auto& item : list)
            require(item["message"].is_string() && !item["message"].get<std::string>().empty());
    return 0;
}
