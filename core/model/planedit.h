#pragma once

#include "error.h"
#include "plan.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace plait {

// One vocabulary for editing a plan (issue 41). The editor's fields, the advisor's and the search's proposals,
// lessons, placement edits, the topology and the importers all change a plan through these, so the rules of an
// edit (a preset written out once its shape is edited, the default placement after new sizes) live in one place.

// The plan with the default placement for its sizes, rank order and cluster: what new sizes, a new order or a
// resized cluster leave, since a hand-made placement no longer matches them.
Result<Plan> withDefaultPlacement(Plan plan);

// The plan with one field set, by its path in the plan file ("training.zero_stage", "model.layers", "model" for a
// preset by name); a null value unsets it. An edit of the model's shape writes a preset or config.json out as its
// shape first; an edit of the parallel block or of the cluster's size returns to the default placement. An error
// (the plan unchanged) when the result does not read; it is not validated.
Result<Plan> withField(const Plan& plan, const std::string& path, const nlohmann::json& value,
    const Catalog& catalog = Catalog::builtin());

// The plan with a merge patch of its file applied (RFC 7396: a null removes a field), as a lesson's steps are
// written; the same rules as withField.
Result<Plan> withPatch(const Plan& plan, const nlohmann::json& patch, const Catalog& catalog = Catalog::builtin());

// The plan with other TP, PP, DP and CP sizes and the rest adjusted as the frameworks need: the layers split as
// evenly as they go, interleaving dropped where the layers do not divide, sequence parallelism only with TP,
// expert parallelism only where it divides; the default placement. An error when the sizes do not work.
Result<Plan> withShape(const Plan& plan, int tp, int pp, int dp, int cp);

// Layers per stage for pp stages: empty when they divide evenly; otherwise as even as possible, the first and last
// stages (which also run the embedding and the output layer) getting the fewer.
std::vector<int> balancedLayers(int layers, int pp);

} // namespace plait
