// libFuzzer target for framework launch configurations: Megatron-LM arguments, DeepSpeed JSON, torchtitan TOML and
// flags, and Hugging Face config.json (the first byte picks the format). Oracle: no crash; a refusal says why; a plan
// read from the input is one the plan loader reads back (exit 0 implies a plan the loader accepts, issue 39 C); one
// the framework would run comes back the same through export and import (the round trip of issue 16).
#include "launchconfig.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    static const plait::Plan base = [] {
        const nlohmann::json j
            = { { "format", "plait-plan/1" }, { "name", "fuzz" }, { "model", { { "preset", "llama2-13b" } } },
                  { "cluster",
                      { { "gpu", "H100-SXM5-80GB" }, { "nodes", 2 }, { "gpus_per_node", 8 },
                          { "intra_node", "nvlink4-nvswitch" }, { "inter_node", "ib-ndr" } } },
                  { "training", { { "global_batch", 64 }, { "micro_batch", 1 } } },
                  { "parallel", { { "tp", 4 }, { "pp", 2 }, { "dp", 2 } } }, { "placement", nullptr } };
        auto p = plait::planFromJson(j);
        if (!p)
            std::abort();
        return p.value();
    }();
    const plait::LaunchFormat format = plait::kImportFormats[data[0] % 4];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    const auto first = plait::importLaunchConfig(format, text, base, "fuzz");
    if (!first)
        return first.errors().empty() ? (std::abort(), 0) : 0;
    const plait::Plan& p = first.value().plan;
    if (!plait::planFromJson(plait::toJson(p)))
        std::abort();
    if (!plait::exportProblems(p, format).empty())
        return 0;
    (void)plait::exportNotes(p, format, "ds config.json"); // DeepSpeed's sizes and launcher line
    const auto second = plait::importLaunchConfig(format, plait::exportLaunchConfig(format, p), p, "fuzz");
    if (!second)
        std::abort();
    auto content = [](const plait::Plan& q) {
        nlohmann::json j = plait::toJson(q);
        j.erase("name");
        if (j["model"].is_object()) {
            j["model"].erase("name");
            j["model"].erase("source");
        }
        return j;
    };
    if (content(second.value().plan) != content(p))
        std::abort();
    return 0;
}
