#include "shellwords.h"

#include "messagetext.h"
#include "shellexpr.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <map>

namespace plait {

namespace {
// A hostile file could expand one long variable many times; words past these sizes stay unresolved.
constexpr std::size_t kMaxWordBytes = 64 * 1024;
constexpr std::size_t kMaxExpandedBytes = 16 * 1024 * 1024;
constexpr std::size_t kMaxWords = 200000;

bool nameStart(char c)
{
    return std::isalpha((unsigned char)c) || c == '_';
}
bool nameChar(char c)
{
    return std::isalnum((unsigned char)c) || c == '_';
}

}

std::optional<ShellAssignment> assignmentOf(std::string_view t)
{
    std::size_t n = 0;
    if (!t.empty() && nameStart(t[0]))
        while (n < t.size() && nameChar(t[n]))
            ++n;
    if (n == 0 || n >= t.size())
        return std::nullopt;
    if (t[n] == '=')
        return ShellAssignment { t.substr(0, n), t.substr(n + 1), false };
    if (t[n] == '+' && n + 1 < t.size() && t[n + 1] == '=')
        return ShellAssignment { t.substr(0, n), t.substr(n + 2), true };
    return std::nullopt;
}

namespace {
bool keyword(const std::string& t)
{
    return t == "if" || t == "then" || t == "elif" || t == "else" || t == "fi";
}

class Splitter {
public:
    explicit Splitter(std::string_view text, const ShellWords* outer = nullptr, int depth = 0)
        : m_text(text)
        , m_depth(depth)
    {
        if (outer) {
            m_out.variables = outer->variables;
            m_out.arrays = outer->arrays;
        }
    }

    ShellWords run()
    {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == '\\' && m_pos + 1 < m_text.size()) {
                const char next = m_text[m_pos + 1];
                m_pos += 2;
                if (next == '\n') {
                    ++m_line;
                } else {
                    begin();
                    append(std::string(1, next));
                }
            } else if (c == '\n') {
                finish();
                ++m_line;
                ++m_pos;
                m_commandStart = true;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                finish();
                ++m_pos;
            } else if (c == '(' && arrayStarts()) {
                ++m_pos;
            } else if (c == ')' && m_array) {
                finish();
                endArray();
                ++m_pos;
            } else if ((c == '|' || c == '&') && m_condition && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == c) {
                finish();
                m_condition->push_back({ std::string(2, c), false, false, true });
                m_pos += 2;
                m_commandStart = true;
            } else if (c == ';' || c == '|' || c == '&' || c == '(' || c == ')') {
                finish();
                ++m_pos;
                m_commandStart = true;
            } else if (c == '#' && !m_inWord) {
                while (m_pos < m_text.size() && m_text[m_pos] != '\n')
                    ++m_pos;
            } else if (c == '`') {
                begin();
                const auto end = m_text.find('`', m_pos + 1);
                const std::size_t to = end == std::string_view::npos ? m_text.size() : end + 1;
                countLines(m_text.substr(m_pos, to - m_pos));
                unresolvedText(m_text.substr(m_pos, to - m_pos)); // a command substitution
                m_pos = to;
            } else if (c == '\'') {
                begin();
                m_quotedPart = true;
                const auto end = m_text.find('\'', m_pos + 1);
                if (end == std::string_view::npos)
                    unterminated('\'');
                std::string_view body = m_text.substr(m_pos + 1, end == std::string_view::npos ? end : end - m_pos - 1);
                m_pos = end == std::string_view::npos ? m_text.size() : end + 1;
                while (!body.empty()) { // a line at a time, so each part of the text keeps its line
                    const std::size_t nl = body.find('\n');
                    const std::size_t to = nl == std::string_view::npos ? body.size() : nl + 1;
                    append(std::string(body.substr(0, to)));
                    m_line += nl != std::string_view::npos;
                    body.remove_prefix(to);
                }
            } else if (c == '"') {
                begin();
                m_quotedPart = true;
                doubleQuoted();
            } else if (c == '$') {
                begin();
                dollar();
            } else {
                begin();
                append(std::string(1, c));
                ++m_pos;
            }
        }
        finish();
        if (m_array)
            endArray();
        return std::move(m_out);
    }

private:
    // An `if` being read: whether the words before it were skipped, whether a branch was taken for certain, whether
    // a test could not be decided (then every branch is read), and whether the words now are in a branch bash takes.
    struct IfFrame {
        bool outerSkipped = false;
        bool taken = false;
        bool undecided = false;
        bool active = true;
    };

    bool skipping() const { return !m_ifs.empty() && (m_ifs.back().outerSkipped || !m_ifs.back().active); }

    // Where a word's text changes line (a value written over several lines): offset in the text, and the line.
    struct LineMark {
        std::size_t offset = 0;
        int line = 0;
    };
    using LineMarks = std::vector<LineMark>;

    static int lineAt(const LineMarks& marks, std::size_t offset)
    {
        int line = 0;
        for (const LineMark& m : marks)
            if (m.offset <= offset)
                line = m.line;
        return line;
    }

    void begin()
    {
        if (m_inWord)
            return;
        m_inWord = true;
        m_quotedPart = false;
        m_word = ShellWord { {}, m_pieceLine > 0 ? m_pieceLine : m_line, m_commandStart, false, 0 };
        m_marks.assign(1, { 0, m_word.line });
        m_commandStart = false;
    }

    bool inAssignment() const { return m_inWord && assignmentOf(m_word.text).has_value(); }

    // Past this many words a hostile file's expansions stay whole and unresolved (real launch scripts have a few
    // thousand words).
    bool tooManyWords() const { return m_wordCount > kMaxWords; }

    // An expansion's value: inside double quotes one piece of the word; outside them split at blanks as bash splits
    // it (GPT_ARGS="--num-layers 24 --bf16" then ${GPT_ARGS} passes three words). `from` is the word the value comes
    // from (an array's element keeps its own line); null for a variable's value.
    void appendValue(const std::string& v, const ShellWord* from = nullptr, const LineMarks* lines = nullptr)
    {
        const bool unresolved = from && from->unresolved;
        const int positional = from ? from->positional : 0;
        auto mark = [&]() {
            m_word.unresolved = m_word.unresolved || unresolved;
            if (!m_word.positional)
                m_word.positional = positional;
        };
        if (m_inDoubleQuotes || inAssignment() || tooManyWords()) { // NAME=$OTHER is not split either
            begin();
            append(v);
            mark();
            m_word.unresolved = m_word.unresolved || (tooManyWords() && !m_inDoubleQuotes && !inAssignment());
            return;
        }
        m_pieceLine = from ? from->line : 0;
        std::size_t i = 0;
        while (i < v.size()) {
            if (v[i] == ' ' || v[i] == '\t' || v[i] == '\n') {
                finish();
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j < v.size() && v[j] != ' ' && v[j] != '\t' && v[j] != '\n')
                ++j;
            if (lines) // a variable's word takes the line it is written on in the variable's value
                m_pieceLine = lineAt(*lines, i);
            if (m_inWord && m_word.text.empty() && !m_quotedPart && m_pieceLine > 0)
                m_word.line = m_pieceLine; // the word is only this value so far: it is where the value is written
            begin();
            append(v.substr(i, j - i));
            mark();
            i = j;
        }
        if (v.empty() && (unresolved || positional)) { // an unresolved expansion is a word of its own text
            begin();
            mark();
        }
        m_pieceLine = 0;
    }

    void append(const std::string& s)
    {
        if (m_word.text.size() + s.size() > kMaxWordBytes || m_expanded + s.size() > kMaxExpandedBytes) {
            m_word.unresolved = true;
            return;
        }
        m_expanded += s.size();
        if (m_line != m_marks.back().line && m_pieceLine == 0)
            m_marks.push_back({ m_word.text.size(), m_line });
        m_word.text += s;
    }

    // What the file does not set: kept as written, so a list can show it, and marked.
    void unresolvedText(std::string_view spelled, int positional = 0)
    {
        begin();
        append(std::string(spelled));
        m_word.unresolved = true;
        if (!m_word.positional)
            m_word.positional = positional;
    }

    void countLines(std::string_view s)
    {
        for (char c : s)
            m_line += c == '\n';
    }

    void finish()
    {
        if (!m_inWord)
            return;
        m_inWord = false;
        const std::string& t = m_word.text;
        // An unquoted expansion to nothing is no word ("" is one).
        if (t.empty() && !m_quotedPart && !m_word.unresolved)
            return;
        ++m_wordCount;
        if (m_array) {
            m_array->elements.push_back(std::move(m_word));
            return;
        }
        if (m_word.startsCommand && !m_quotedPart && keyword(t)) {
            control(t);
            return;
        }
        if (m_condition) {
            m_condition->push_back({ t, m_word.unresolved, m_quotedPart, false });
            return;
        }
        if (skipping())
            return;
        if (const auto a = assignmentOf(t); a && m_word.unresolved) {
            // NAME=$1 or NAME=$(cmd): NAME is not known from here on; $NAME then says which argument it holds.
            m_out.variables.erase(std::string(a->name));
            m_unknownVariables[std::string(a->name)] = m_word.positional;
        } else if (a) {
            const std::string name(a->name);
            m_unknownVariables.erase(name);
            std::string& value = m_out.variables[name];
            LineMarks& lines = m_variableLines[name];
            if (!a->append) {
                value.clear();
                lines.clear();
            }
            const std::size_t valueAt = t.size() - a->value.size();
            lines.push_back({ value.size(), lineAt(m_marks, valueAt) }); // the lines of the value's text
            for (const LineMark& m : m_marks)
                if (m.offset > valueAt)
                    lines.push_back({ value.size() + m.offset - valueAt, m.line });
            value += std::string(a->value);
        }
        m_out.words.push_back(std::move(m_word));
    }

    // if / then / elif / else / fi.
    void control(const std::string& k)
    {
        m_commandStart = true;
        if (k == "if") {
            m_ifs.push_back({ skipping(), false, false, true });
            m_condition.emplace();
            m_conditionOfElif = false;
        } else if (k == "elif" && !m_ifs.empty()) {
            m_condition.emplace();
            m_conditionOfElif = true;
        } else if (k == "then" && m_condition && !m_ifs.empty()) {
            const ShellTruth t = shellCondition(*m_condition);
            m_condition.reset();
            IfFrame& f = m_ifs.back();
            if (f.undecided || t == ShellTruth::Unknown) {
                f.undecided = true;
                f.active = true;
            } else {
                f.active = !(m_conditionOfElif && f.taken) && t == ShellTruth::True;
                f.taken = f.taken || f.active;
            }
        } else if (k == "else" && !m_ifs.empty()) {
            m_ifs.back().active = m_ifs.back().undecided || !m_ifs.back().taken;
        } else if (k == "fi" && !m_ifs.empty()) {
            m_ifs.pop_back();
        }
    }

    // The positional argument a variable the file sets from one holds (CHECKPOINT_PATH=$1), or 0.
    int positionalOf(const std::string& name) const
    {
        const auto it = m_unknownVariables.find(name);
        return it == m_unknownVariables.end() ? 0 : it->second;
    }

    const LineMarks* linesOf(const std::string& name) const
    {
        const auto it = m_variableLines.find(name);
        return it == m_variableLines.end() ? nullptr : &it->second;
    }

    ShellArray* arrayNamed(const std::string& name)
    {
        for (ShellArray& a : m_out.arrays)
            if (a.name == name)
                return &a;
        return nullptr;
    }

    // At '(' right after NAME= or NAME+=: the elements up to ')' are the array's.
    bool arrayStarts()
    {
        if (!m_inWord || m_array || m_condition || m_inDoubleQuotes)
            return false;
        const auto a = assignmentOf(m_word.text);
        if (!a || !a->value.empty() || m_word.unresolved)
            return false;
        m_array.emplace(ShellArray { std::string(a->name), {} });
        if (const ShellArray* old = arrayNamed(m_array->name); old && a->append)
            m_array->elements = old->elements;
        else if (const auto it = m_out.variables.find(m_array->name); it != m_out.variables.end() && a->append)
            m_array->elements.push_back({ it->second, m_word.line, false, false, 0 });
        m_inWord = false;
        return true;
    }

    void endArray()
    {
        ShellArray done = std::move(*m_array);
        m_array.reset();
        if (skipping())
            return;
        m_out.variables.erase(done.name);
        if (ShellArray* old = arrayNamed(done.name))
            *old = std::move(done);
        else
            m_out.arrays.push_back(std::move(done));
    }

    void unterminated(char quote)
    {
        if (!m_out.unterminatedQuote) {
            m_out.unterminatedQuote = quote;
            m_out.unterminatedLine = m_line;
        }
    }

    void doubleQuoted()
    {
        const int opened = m_line;
        m_inDoubleQuotes = true;
        ++m_pos;
        while (m_pos < m_text.size() && m_text[m_pos] != '"') {
            const char c = m_text[m_pos];
            if (c == '\\' && m_pos + 1 < m_text.size()
                && (m_text[m_pos + 1] == '"' || m_text[m_pos + 1] == '\\' || m_text[m_pos + 1] == '$'
                    || m_text[m_pos + 1] == '\n')) {
                if (m_text[m_pos + 1] == '\n')
                    ++m_line;
                else
                    append(std::string(1, m_text[m_pos + 1]));
                m_pos += 2;
            } else if (c == '$') {
                dollar();
            } else {
                m_line += c == '\n';
                append(std::string(1, c));
                ++m_pos;
            }
        }
        m_inDoubleQuotes = false;
        if (m_pos < m_text.size()) {
            ++m_pos; // the closing quote
        } else if (!m_out.unterminatedQuote) {
            m_out.unterminatedQuote = '"';
            m_out.unterminatedLine = opened;
        }
    }

    // The `close` that ends an expansion opened just before `from`, past nested ones (each opened by `opener`: "${"
    // for ${…}, "(" for $(…)) and quotes; npos when there is none.
    std::size_t closing(std::size_t from, std::string_view opener, char close) const
    {
        int depth = 1;
        char quote = 0;
        for (std::size_t i = from; i < m_text.size(); ++i) {
            const char c = m_text[i];
            if (quote) {
                if (c == '\\' && quote == '"')
                    ++i;
                else if (c == quote)
                    quote = 0;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (m_text.compare(i, opener.size(), opener) == 0) {
                ++depth;
                i += opener.size() - 1;
            } else if (c == close && --depth == 0) {
                return i;
            }
        }
        return std::string_view::npos;
    }

    // Words joined by a blank into one, unresolved if any is, holding the first positional argument any holds; at no
    // line of its own (the words it goes into keep theirs).
    static ShellWord joinedWords(const std::vector<ShellWord>& words)
    {
        ShellWord joined { {}, 0, false, false, 0 };
        for (const ShellWord& w : words) {
            joined.text += (joined.text.empty() ? "" : " ") + w.text;
            joined.unresolved = joined.unresolved || w.unresolved;
            if (!joined.positional)
                joined.positional = w.positional;
        }
        return joined;
    }

    // A ${NAME:-default}'s default as bash expands it: quotes removed, variables and nested defaults put in.
    void appendDefault(std::string_view text)
    {
        if (m_depth >= 8) { // deeper nesting than any real script: not read
            unresolvedText("${…}");
            return;
        }
        const ShellWord joined = joinedWords(Splitter(text, &m_out, m_depth + 1).run().words);
        appendValue(joined.text, &joined);
    }

    // "${ARR[@]}": each element a word; ${ARR[@]} unquoted: each element split at blanks, each its own words.
    void appendElements(const ShellArray& a, bool joinedAsOne)
    {
        if (joinedAsOne) { // "${ARR[*]}": one word, the elements joined by a blank
            const ShellWord joined = joinedWords(a.elements);
            appendValue(joined.text, &joined);
            return;
        }
        bool first = true;
        for (const ShellWord& e : a.elements) {
            if (tooManyWords()) {
                unresolvedText("");
                return;
            }
            if (!first) {
                finish();
                if (m_inDoubleQuotes) { // the next element starts a quoted word of its own, even when empty
                    m_pieceLine = e.line;
                    begin();
                    m_quotedPart = true;
                    m_pieceLine = 0;
                }
            }
            first = false;
            appendValue(e.text, &e);
        }
    }

    // ${…}: NAME, NAME:-default, NAME[@], NAME[*], NAME[i], #NAME[@] or #NAME; anything else is not read.
    void braced(std::string_view body, std::string_view spelled)
    {
        const bool count = !body.empty() && body[0] == '#';
        if (count)
            body.remove_prefix(1);
        std::size_t n = 0;
        while (n < body.size() && nameChar(body[n]))
            ++n;
        const std::string name(body.substr(0, n));
        std::string_view rest = body.substr(n);
        std::string index;
        if (!rest.empty() && rest[0] == '[') {
            const auto close = rest.find(']');
            if (close == std::string_view::npos) {
                unresolvedText(spelled);
                return;
            }
            index = std::string(rest.substr(1, close - 1));
            rest.remove_prefix(close + 1);
        }
        const bool isPositional = !name.empty() && std::isdigit((unsigned char)name[0]);
        const auto var = m_out.variables.find(name);
        const ShellArray* array = arrayNamed(name);
        const bool set = var != m_out.variables.end() || array;
        if (count) {
            if (!rest.empty() || !set) {
                unresolvedText(spelled, isPositional ? std::atoi(name.c_str()) : 0);
                return;
            }
            const bool elements = index == "@" || index == "*";
            const std::size_t k = elements
                ? (array ? array->elements.size() : 1)
                : (array ? array->elements.empty() ? 0 : array->elements[0].text.size() : var->second.size());
            appendValue(std::to_string(k));
            return;
        }
        if (rest.empty() && set) {
            if (array && (index == "@" || index == "*")) {
                appendElements(*array, index == "*" && m_inDoubleQuotes);
                return;
            }
            if (array) {
                std::size_t i = 0;
                const auto [end, ec] = std::from_chars(index.data(), index.data() + index.size(), i);
                if (!index.empty() && (ec != std::errc() || end != index.data() + index.size())) {
                    unresolvedText(spelled);
                    return;
                }
                if (i < array->elements.size())
                    appendValue(array->elements[i].text, &array->elements[i]);
                return;
            }
            if (index.empty() || index == "0" || index == "@" || index == "*")
                appendValue(var->second, nullptr, linesOf(name));
            return;
        }
        if (index.empty() && rest.size() >= 2 && rest[0] == ':' && (rest[1] == '-' || rest[1] == '=')) {
            if (var != m_out.variables.end() && !var->second.empty())
                appendValue(var->second);
            else
                appendDefault(rest.substr(2));
            return;
        }
        unresolvedText(spelled, isPositional ? std::atoi(name.c_str()) : positionalOf(name));
    }

    // At a '$': a variable, ${…}, $((…)) arithmetic, a positional argument, or a command substitution (unresolved).
    void dollar()
    {
        const std::size_t at = m_pos;
        ++m_pos;
        if (m_pos >= m_text.size()) {
            append("$");
            return;
        }
        const char c = m_text[m_pos];
        if (c == '(') {
            const auto end = closing(m_pos + 1, "(", ')');
            const std::size_t to = end == std::string_view::npos ? m_text.size() : end + 1;
            const std::string_view spelled = m_text.substr(at, to - at);
            countLines(spelled);
            m_pos = to;
            // $(( … )): the text between the double parentheses.
            if (spelled.size() >= 5 && spelled[2] == '(' && spelled.substr(spelled.size() - 2) == "))") {
                if (const auto x = shellArithmetic(spelled.substr(3, spelled.size() - 5), m_out.variables)) {
                    appendValue(std::to_string(*x));
                    return;
                }
            }
            unresolvedText(spelled);
            return;
        }
        if (c == '{') {
            const auto end = closing(m_pos + 1, "${", '}');
            const std::size_t to = end == std::string_view::npos ? m_text.size() : end + 1;
            const std::string_view body
                = m_text.substr(m_pos + 1, end == std::string_view::npos ? end : end - m_pos - 1);
            countLines(body);
            m_pos = to;
            braced(body, m_text.substr(at, to - at));
            return;
        }
        if (std::isdigit((unsigned char)c) || c == '@' || c == '*' || c == '#' || c == '?' || c == '!' || c == '$'
            || c == '-') {
            ++m_pos; // $1 … $9, $@, $*, $#, $?, $!, $$, $-: what the caller or the shell gives
            unresolvedText(m_text.substr(at, 2), c >= '1' && c <= '9' ? c - '0' : 0);
            return;
        }
        if (!nameStart(c)) {
            append("$");
            return;
        }
        std::size_t n = m_pos;
        while (n < m_text.size() && nameChar(m_text[n]))
            ++n;
        const std::string name(m_text.substr(m_pos, n - m_pos));
        m_pos = n;
        if (const auto it = m_out.variables.find(name); it != m_out.variables.end())
            appendValue(it->second, nullptr, linesOf(name));
        else if (const ShellArray* a = arrayNamed(name); a && !a->elements.empty())
            appendValue(a->elements[0].text, &a->elements[0]);
        else
            unresolvedText(m_text.substr(at, n - at), positionalOf(name));
    }

    std::string_view m_text;
    int m_depth = 0;
    bool m_inDoubleQuotes = false; // expansions are not split inside "…"
    bool m_quotedPart = false; // the word holds a quoted part, so it is a word even when empty
    std::size_t m_pos = 0;
    int m_line = 1;
    int m_pieceLine = 0; // the line words begun now take (an array element's), or 0 for the current line
    bool m_commandStart = true;
    bool m_inWord = false;
    std::size_t m_expanded = 0;
    std::size_t m_wordCount = 0;
    ShellWord m_word;
    LineMarks m_marks; // of m_word
    std::map<std::string, LineMarks> m_variableLines;
    std::map<std::string, int> m_unknownVariables; // set from what the file does not hold: the positional, or 0
    ShellWords m_out;
    std::optional<ShellArray> m_array; // the array whose elements are being read
    std::vector<IfFrame> m_ifs;
    std::optional<std::vector<ConditionWord>> m_condition; // the test of an if or elif being read
    bool m_conditionOfElif = false;
};
}

ShellWords shellWords(std::string_view text)
{
    return Splitter(text).run();
}

std::optional<Issue> unterminatedQuoteIssue(const ShellWords& words)
{
    if (!words.unterminatedQuote)
        return std::nullopt;
    return fieldIssue("line " + std::to_string(words.unterminatedLine),
        words.unterminatedQuote == '"' ? "config-unterminated-double" : "config-unterminated-single");
}

std::string shellQuoted(std::string_view word)
{
    const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c))
            || std::string_view("_./:=@%+,-").find(c) != std::string_view::npos;
    });
    if (plain)
        return std::string(word);
    std::string out = "'";
    for (char c : word)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

} // namespace plait
