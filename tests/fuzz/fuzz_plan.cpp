// libFuzzer target for the plan file: parse with the limits, read the plan, validate and evaluate it.
// Oracle (as nlohmann/json's fuzzers do): a plan that loads must survive save → load unchanged.
#include "evaluate.h"
#include "plan.h"
#include "safejson.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto doc = plait::parseJson(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!doc)
        return 0;
    auto plan = plait::planFromJson(doc.value());
    if (!plan)
        return 0;
    const nlohmann::json saved = plait::toJson(plan.value());
    auto again = plait::planFromJson(saved);
    if (!again || plait::toJson(again.value()) != saved)
        std::abort(); // a plan we wrote must read back the same
    // Evaluation must be bounded for every plan that loads; keep fuzzing fast on huge clusters.
    if (plan.value().cluster.gpuCount() <= 4096)
        (void)plait::evaluate(plan.value());
    return 0;
}
