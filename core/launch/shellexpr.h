#pragma once
// The two kinds of expression a launch script computes its settings with, evaluated as bash would over the
// variables the file sets: `$(( … ))` arithmetic (WORLD_SIZE=$(($GPUS_PER_NODE*$NUM_NODES))) and the test of an
// `if` (`[[ "$DTYPE" == "fp8" ]]`). What depends on anything else (the environment, a file, a command) is unknown.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plait {

// Integer arithmetic as bash's $(( )) does it, in 64 bits: + - * / % and parentheses, unary minus and plus, names
// with or without '$'. nullopt when a name is not a whole number the file sets, on division by zero, or when the
// text is anything else.
std::optional<long long> shellArithmetic(
    std::string_view expression, const std::map<std::string, std::string>& variables);

enum class ShellTruth { False, True, Unknown };

// One word of an `if`'s condition: a word after expansion, or the list operator "&&" / "||".
struct ConditionWord {
    std::string text;
    bool unresolved = false; // holds something the file does not set
    bool quoted = false; // holds a quoted part (a quoted right side of == is a string, not a pattern)
    bool listOperator = false;
};

// The condition of an `if`: tests ([[ … ]], [ … ], test …, each maybe after '!') joined by && and ||, left to right
// as bash joins them. A test is read when it compares strings (= == !=), whole numbers (-eq -ne -lt -le -gt -ge) or
// asks whether a string is empty (-z -n, or one word); anything else (a file test, a command, a pattern) is Unknown.
ShellTruth shellCondition(const std::vector<ConditionWord>& words);

} // namespace plait
