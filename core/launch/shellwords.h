#pragma once
// The words of a shell script or an argument file, as a launch script's reader needs them: what bash would pass
// to a command after quoting, line continuations, comments and simple variables. Not a shell: commands are not run,
// so `$(…)`, arithmetic and variables the file does not set stay unresolved and are marked so.

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
};

struct ShellWords {
    std::vector<ShellWord> words;
    std::map<std::string, std::string> variables; // NAME=value assignments, in the order of the file
    // A quote the text never closes: '"' or '\'', with the line it opens on (bash refuses such a script).
    char unterminatedQuote = 0;
    int unterminatedLine = 0;
};

// Splits `text` into words; `NAME=value` words also set a variable for the words after them, and
// `${NAME:-default}` takes the default when NAME is not set (defaults nest, and are expanded, as bash does). An
// unterminated quote ends at the end of the text and is reported; `…` is a command substitution, left unresolved.
ShellWords shellWords(std::string_view text);

// The length of NAME in a "NAME=value" word (bash's assignment); 0 when the word is none.
std::size_t assignedName(std::string_view word);

// "line L: unterminated double quote: bash would not run the file", when the words have one.
std::optional<Issue> unterminatedQuoteIssue(const ShellWords& words);

} // namespace plait
