#pragma once

#include "error.h"
#include "plan.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace plait {

// What a plan file holds beside the plan (issue 41): its description and the keys this version does not read,
// kept so that a save loses nothing, and the warnings about those keys, said once, when the file is read. The plan
// itself is a pure value: two plans of the same shape compare equal whatever their files held beside them.
struct PlanDocument {
    std::string description;
    nlohmann::json unknownKeys = nlohmann::json::object(); // at their paths (unknownKeysOf)
    std::vector<Warning> keyWarnings; // "unknown-key" and "key-ignored", with the value the plan as read applies
};

// The document part of `doc`, read as `plan` (for the value each misspelt key's likely meaning has).
PlanDocument planDocumentOf(const nlohmann::json& doc, const Plan& plan);

// The plan file: the plan written over its document's description and unknown keys.
nlohmann::json toJson(const Plan& plan, const PlanDocument& document);

} // namespace plait
