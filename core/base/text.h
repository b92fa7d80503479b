#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace plait {

// Text that reaches a message, a file or a JSON document. Untrusted strings are cut by characters, never by
// bytes, so a message never holds half of a UTF-8 character (a cut Chinese name used to abort the JSON writer).

// A whole number as text, for messages' arguments.
inline std::string str(long long x)
{
    return std::to_string(x);
}

// "0–3, 8, 10, 11": sorted, distinct numbers (ranks) with runs of three or more joined by a dash.
std::string numberRuns(const std::vector<int>& sorted);

// `s` with every invalid UTF-8 sequence replaced by U+FFFD.
std::string validUtf8(std::string_view s);

// At most `maxChars` characters of `s` (valid UTF-8 out, whatever came in), with "…" added when it was cut.
std::string utf8Prefix(std::string_view s, std::size_t maxChars);

// `s` in double quotes for a message, cut to `maxChars` characters.
std::string inQuotes(std::string_view s, std::size_t maxChars = 64);

// The candidate closest to `word` by edit distance (insertions, deletions, substitutions and swaps of neighbours),
// if it is at most `maxEdits` away: the "did you mean" of a misspelt key or command. Empty when none is close.
std::string closestMatch(std::string_view word, const std::vector<std::string>& candidates, std::size_t maxEdits = 2);

// JSON text that cannot throw: invalid UTF-8 (from a path or a foreign file) is written as U+FFFD.
std::string dumpJson(const nlohmann::json& j, int indent = -1);

// The 1-based number of the first line of `text` longer than `maxBytes`, or 0. The formats Plait scans itself (launch
// scripts, nvidia-smi topo -m, nccl-tests tables) bound their lines with a named error rather than read on.
int firstLineLongerThan(std::string_view text, std::size_t maxBytes);
// "line 12 is longer than 65,536 bytes: not <what>"
std::string longLineText(int line, std::size_t maxBytes, const std::string& what);

} // namespace plait
