#pragma once

#include "error.h"

#include <nlohmann/json.hpp>
#include <vector>

namespace plait {

// Keys of a plan document that Plait does not read, each with the key most likely meant. They are kept on save
// (the contract: a newer file opened by an older Plait loses nothing), but a misspelt `training.zero_stge` would
// otherwise leave ZeRO at 0 without a word. Code "unknown-key", args: the key's path, the likely key (or empty)
// and, with `applied` (the plan as read, toJson), the value that key has (or empty). Code "key-ignored", args: the
// path of a shape key beside a preset or config.json.
std::vector<Warning> unknownKeyWarnings(const nlohmann::json& doc, const nlohmann::json* applied = nullptr);

// The keys Plait does not read with their values, by the path of the object they sit in ("" for the top level,
// "training", "model.moe"): what a plan document keeps beside the plan so that a save loses nothing. Shape keys
// beside a preset, which the plan never reads, are not kept.
nlohmann::json unknownKeysOf(const nlohmann::json& doc);
// Writes `unknown` (from unknownKeysOf) back into the objects of `doc` they came from, where `doc` still has that
// object and no such key.
void addUnknownKeys(nlohmann::json& doc, const nlohmann::json& unknown);

// Whether `key` is one Plait reads in a plan's "model" object (a shape, or a preset or config.json reference).
bool isModelKey(const std::string& key);

} // namespace plait
