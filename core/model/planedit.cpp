#include "planedit.h"

#include <algorithm>

namespace plait {

namespace {
// Whether a patch of the plan file edits the model's shape (not only which preset, its sequence or MTP layers).
bool editsShape(const nlohmann::json& patch)
{
    const auto m = patch.find("model");
    if (m == patch.end() || !m->is_object())
        return false;
    return std::any_of(m->items().begin(), m->items().end(), [](const auto& kv) {
        return kv.key() != "preset" && kv.key() != "hf_config" && kv.key() != "seq_len" && kv.key() != "mtp_layers";
    });
}

bool resizes(const nlohmann::json& patch)
{
    if (patch.contains("parallel"))
        return true;
    const auto c = patch.find("cluster");
    return c != patch.end() && c->is_object() && (c->contains("nodes") || c->contains("gpus_per_node"));
}

Result<Plan> patched(const Plan& plan, const nlohmann::json& patch, const Catalog& catalog)
{
    nlohmann::json doc = toJson(plan);
    if (editsShape(patch))
        doc["model"] = toJson(plan.model);
    doc.merge_patch(patch);
    if (resizes(patch))
        doc.erase("placement");
    return planFromJson(doc, catalog);
}
}

Result<Plan> withDefaultPlacement(Plan plan)
{
    auto placement = defaultPlacement(plan.cluster, plan.parallel);
    if (!placement)
        return placement.errors();
    plan.placement = std::move(placement.value());
    return plan;
}

Result<Plan> withField(const Plan& plan, const std::string& path, const nlohmann::json& value, const Catalog& catalog)
{
    if (path == "model") { // a preset by name, or a whole shape: replaces the model, never merges into it
        nlohmann::json doc = toJson(plan);
        doc["model"] = value;
        return planFromJson(doc, catalog);
    }
    // {"a": {"b": value}} for "a.b", built from the innermost key out.
    nlohmann::json patch = value;
    std::size_t end = path.size();
    while (true) {
        const std::size_t dot = path.rfind('.', end == 0 ? 0 : end - 1);
        const std::size_t from = dot == std::string::npos || dot >= end ? 0 : dot + 1;
        patch = nlohmann::json { { path.substr(from, end - from), std::move(patch) } };
        if (from == 0)
            break;
        end = from - 1;
    }
    return patched(plan, patch, catalog);
}

Result<Plan> withPatch(const Plan& plan, const nlohmann::json& patch, const Catalog& catalog)
{
    return patched(plan, patch, catalog);
}

Result<Plan> withShape(const Plan& plan, int tp, int pp, int dp, int cp)
{
    if (tp < 1 || pp < 1 || dp < 1 || cp < 1)
        return Result<Plan>::failure("parallel", "sizes must be positive");
    Plan p = plan;
    p.parallel.tp = tp;
    p.parallel.pp = pp;
    p.parallel.dp = dp;
    p.parallel.cp = cp;
    if (p.parallel.schedule == Schedule::Interleaved && plan.model.layers % (pp * p.parallel.vpp) != 0) {
        p.parallel.schedule = Schedule::OneFOneB;
        p.parallel.vpp = 1;
    }
    p.parallel.layersPerStage = balancedLayers(plan.model.layers, pp);
    p.parallel.layersPerChunk.clear();
    p.training.sequenceParallel = plan.training.sequenceParallel && tp > 1;
    if (p.parallel.ep > 1 && (tp * cp * dp) % p.parallel.expertShard() != 0) {
        p.parallel.ep = 1;
        p.parallel.etp = 0;
    }
    // The combined 1F1B runs with EP, unpipelined or interleaved only.
    if (p.parallel.ep == 1 || (pp > 1 && (p.parallel.schedule != Schedule::Interleaved || p.parallel.vpp < 2)))
        p.training.moeA2aOverlap = false;
    auto placed = withDefaultPlacement(std::move(p));
    if (placed)
        if (auto issues = validate(placed.value()); !issues.empty())
            return issues;
    return placed;
}

std::vector<int> balancedLayers(int layers, int pp)
{
    if (layers % pp == 0)
        return {};
    std::vector<int> split(static_cast<std::size_t>(pp), layers / pp);
    const int extra = layers % pp;
    for (int i = 0; i < extra; ++i)
        split[std::size_t(extra <= pp - 2 ? i + 1 : i)] += 1;
    return split;
}

} // namespace plait
