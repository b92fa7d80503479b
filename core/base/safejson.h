#pragma once

#include "error.h"

#include <nlohmann/json.hpp>
#include <string_view>

namespace plait {

// Limits on untrusted JSON, checked before and during parsing (nlohmann/json has no depth limit).
struct JsonLimits {
    std::size_t maxBytes = 16u << 20;
    int maxDepth = 64;
};

// Parses text into JSON without throwing; errors name the line and column, or the limit broken.
Result<nlohmann::json> parseJson(std::string_view text, const JsonLimits& limits = {});

// Why `text` is not JSON, in Plait's words: "line 1, column 22: not JSON: \"1e400\" is out of range for a number".
std::string jsonErrorText(std::string_view text);

// Python's json.dump writes NaN, Infinity and -Infinity, which JSON has no words for (Hugging Face configs carry
// them, e.g. Nemotron-H's time_step_limit [0.0, Infinity]). This returns the text with each such bare word, outside
// strings, quoted as a string: a field Plait reads then says "got the string \"Infinity\"", and the rest read as
// before. `replaced` counts them.
std::string pythonJsonWordsQuoted(std::string_view text, int* replaced = nullptr);

// Reads a whole file (refusing files over limits.maxBytes before reading them) and parses it.
Result<nlohmann::json> readJsonFile(const std::string& path, const JsonLimits& limits = {});

} // namespace plait
