#pragma once
// The words of a shell script or an argument file, as a launch script's reader needs them: what bash would pass
// to a command after quoting, line continuations, comments, variables and arrays. Not a shell: commands are not
// run, so `$(…)`, positional arguments and variables the file does not set stay unresolved and are marked so. An
// `if` whose test compares what the file sets takes only the branch bash would take; one that depends on anything
// else keeps the words of every branch.

#include "error.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plait {

struct ShellWord {
    std::string text; // after quotes are removed and variables the file sets are put in
    int line = 0; // 1-based line where the word starts
    bool startsCommand = false; // first word of a command (after a newline, ';', '|', '&', '(' or ')')
    bool unresolved = false; // holds a variable the file does not set, or a command substitution
    int positional = 0; // the first positional argument ($1 … $9) it holds, which only the caller can give
};

// NAME=( … ) and NAME+=( … ): the elements after quoting and expansion, each at the line it is written on.
struct ShellArray {
    std::string name;
    std::vector<ShellWord> elements;
};

struct ShellWords {
    std::vector<ShellWord> words;
    std::map<std::string, std::string> variables; // NAME=value assignments, the last of each
    std::vector<ShellArray> arrays; // in the order they are first set
    // A quote the text never closes: '"' or '\'', with the line it opens on (bash refuses such a script).
    char unterminatedQuote = 0;
    int unterminatedLine = 0;
};

// Splits `text` into words; `NAME=value` words also set a variable for the words after them, and
// `${NAME:-default}` takes the default when NAME is not set (defaults nest, and are expanded, as bash does).
// Unquoted expansions are split at blanks ($VAR, ${ARR[@]}, each element apart), quoted ones are not ("$VAR" one
// word, "${ARR[@]}" one per element); `$(( … ))` is computed. An array's words are words where it is expanded, not
// where it is set; keywords of an `if` are no words. An unterminated quote ends at the end of the text and is
// reported; `…` and $(…) are command substitutions, left unresolved with their text.
ShellWords shellWords(std::string_view text);

// A "NAME=value" or "NAME+=value" word (bash's assignment); nullopt when the word is none.
struct ShellAssignment {
    std::string_view name;
    std::string_view value;
    bool append = false; // +=
};
std::optional<ShellAssignment> assignmentOf(std::string_view word);

// "line L: unterminated double quote: bash would not run the file", when the words have one.
std::optional<Issue> unterminatedQuoteIssue(const ShellWords& words);

// `word` as one bash word: as it is when it holds only characters bash gives no meaning (letters, digits and
// _ . / : = @ % + , -), else in single quotes (a ' inside as '\''). shellWords reads it back to `word`.
std::string shellQuoted(std::string_view word);

} // namespace plait
