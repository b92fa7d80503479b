#pragma once
// Small plans built in code for tests, from the shipped catalogs.
#include "plan.h"

#include <QtGlobal>
#include <nlohmann/json.hpp>

namespace plait::test {

inline nlohmann::json gptPlanJson(const char* preset, int nodes, int tp, int pp, int dp, long long globalBatch)
{
    return {
        { "format", "plait-plan/1" },
        { "name", "test" },
        { "model", { { "preset", preset } } },
        { "cluster",
            { { "gpu", "A100-SXM4-80GB" }, { "nodes", nodes }, { "gpus_per_node", 8 },
                { "intra_node", "nvlink3-nvswitch" }, { "inter_node", "ib-hdr" } } },
        { "training", { { "global_batch", globalBatch }, { "micro_batch", 1 }, { "recompute", "none" } } },
        { "parallel", { { "tp", tp }, { "pp", pp }, { "dp", dp } } },
        { "placement", nullptr },
    };
}

// The plan's nodes as DGX H100s: H100 SXM, NVLink 4 through NVSwitch, NDR InfiniBand between nodes.
inline void onDgxH100(nlohmann::json& plan)
{
    plan["cluster"]["gpu"] = "H100-SXM5-80GB";
    plan["cluster"]["intra_node"] = "nvlink4-nvswitch";
    plan["cluster"]["inter_node"] = "ib-ndr";
}

inline Plan mustPlan(const nlohmann::json& j)
{
    auto p = planFromJson(j);
    if (!p)
        qFatal("test plan invalid: %s", p.errorText().c_str());
    return p.value();
}

// The plan under the unfitted model (neutral calibration, core/model/costcalibration.h): for tests that check a
// component's formula against its source, beneath the fitted calibration layer.
inline Plan unfitted(Plan plan)
{
    plan.cluster.calibration = CostCalibration {};
    return plan;
}

#ifdef PLAIT_EXAMPLES
// One of the shipped examples (resources/examples/NAME), or the test stops naming why it cannot be read.
inline Plan examplePlan(const char* name)
{
    auto p = loadPlanFile(std::string(PLAIT_EXAMPLES) + "/" + name);
    if (!p)
        qFatal("%s", p.errorText().c_str());
    return p.value();
}
#endif

} // namespace plait::test
