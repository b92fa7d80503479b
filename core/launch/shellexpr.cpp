#include "shellexpr.h"

#include <cctype>
#include <charconv>
#include <climits>

namespace plait {

namespace {
std::optional<long long> wholeNumber(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    long long x = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size())
        return std::nullopt;
    return x;
}

// Recursive descent over sum := product (('+'|'-') product)*, product := unary (('*'|'/'|'%') unary)*,
// unary := ('-'|'+') unary | '(' sum ')' | number | name. Depth is bounded so a hostile "((((…" cannot overflow the
// stack.
class Arithmetic {
public:
    Arithmetic(std::string_view text, const std::map<std::string, std::string>& variables)
        : m_text(text)
        , m_variables(variables)
    {
    }

    std::optional<long long> run()
    {
        const auto v = sum(0);
        skipBlanks();
        if (!v || m_pos != m_text.size())
            return std::nullopt;
        return v;
    }

private:
    static constexpr int kMaxDepth = 64;

    void skipBlanks()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t' || m_text[m_pos] == '\n'))
            ++m_pos;
    }
    bool take(char c)
    {
        skipBlanks();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }

    std::optional<long long> sum(int depth)
    {
        auto v = product(depth);
        while (v) {
            if (take('+')) {
                const auto r = product(depth);
                long long out = 0;
                if (!r || __builtin_add_overflow(*v, *r, &out))
                    return std::nullopt;
                v = out;
            } else if (take('-')) {
                const auto r = product(depth);
                long long out = 0;
                if (!r || __builtin_sub_overflow(*v, *r, &out))
                    return std::nullopt;
                v = out;
            } else {
                break;
            }
        }
        return v;
    }

    std::optional<long long> product(int depth)
    {
        auto v = unary(depth);
        while (v) {
            skipBlanks();
            if (m_pos >= m_text.size() || (m_text[m_pos] != '*' && m_text[m_pos] != '/' && m_text[m_pos] != '%'))
                break;
            const char op = m_text[m_pos++];
            if (op == '*' && m_pos < m_text.size() && m_text[m_pos] == '*')
                return std::nullopt; // ** (power) is not read
            const auto r = unary(depth);
            if (!r)
                return std::nullopt;
            long long out = 0;
            if (op == '*') {
                if (__builtin_mul_overflow(*v, *r, &out))
                    return std::nullopt;
            } else {
                if (*r == 0 || (*v == LLONG_MIN && *r == -1))
                    return std::nullopt; // bash: "division by 0"
                out = op == '/' ? *v / *r : *v % *r; // C's truncation, as bash
            }
            v = out;
        }
        return v;
    }

    std::optional<long long> unary(int depth)
    {
        if (depth > kMaxDepth)
            return std::nullopt;
        skipBlanks();
        if (take('-')) {
            const auto v = unary(depth + 1);
            if (!v || *v == LLONG_MIN)
                return std::nullopt;
            return -*v;
        }
        if (take('+'))
            return unary(depth + 1);
        if (take('(')) {
            const auto v = sum(depth + 1);
            if (!v || !take(')'))
                return std::nullopt;
            return v;
        }
        skipBlanks();
        const std::size_t from = m_pos;
        const bool dollar = m_pos < m_text.size() && m_text[m_pos] == '$';
        const bool braced = dollar && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '{';
        m_pos += dollar + braced;
        const std::size_t nameFrom = m_pos;
        while (m_pos < m_text.size() && (std::isalnum((unsigned char)m_text[m_pos]) || m_text[m_pos] == '_'))
            ++m_pos;
        const std::string_view word = m_text.substr(nameFrom, m_pos - nameFrom);
        if (word.empty() || (braced && !take('}')))
            return std::nullopt;
        if (braced && std::isdigit((unsigned char)word[0]))
            return std::nullopt; // ${1} is a positional
        if (std::isdigit((unsigned char)word[0]))
            return m_pos - from == word.size() ? wholeNumber(word) : std::nullopt; // "$1" is a positional
        const auto it = m_variables.find(std::string(word));
        if (it == m_variables.end())
            return std::nullopt; // the environment's, not the file's
        return wholeNumber(it->second);
    }

    std::string_view m_text;
    const std::map<std::string, std::string>& m_variables;
    std::size_t m_pos = 0;
};

ShellTruth truth(bool b)
{
    return b ? ShellTruth::True : ShellTruth::False;
}

ShellTruth negate(ShellTruth t)
{
    return t == ShellTruth::Unknown ? t : truth(t == ShellTruth::False);
}

bool hasPatternCharacter(const std::string& s)
{
    return s.find_first_of("*?[") != std::string::npos;
}

// The words between [[ and ]] (or [ and ], or after test).
ShellTruth testOf(const std::vector<ConditionWord>& w, bool doubleBracket)
{
    for (const ConditionWord& x : w)
        if (x.unresolved)
            return ShellTruth::Unknown;
    if (w.size() == 1)
        return truth(!w[0].text.empty());
    if (w.size() == 2 && w[0].text == "!")
        return truth(w[1].text.empty());
    if (w.size() == 2 && (w[0].text == "-z" || w[0].text == "-n"))
        return truth(w[1].text.empty() == (w[0].text == "-z"));
    if (w.size() != 3)
        return ShellTruth::Unknown;
    const std::string& op = w[1].text;
    if (op == "=" || op == "==" || op == "!=") {
        if (doubleBracket && !w[2].quoted && hasPatternCharacter(w[2].text))
            return ShellTruth::Unknown; // [[ a == b* ]] matches a pattern
        return truth((w[0].text == w[2].text) == (op != "!="));
    }
    static const char* const kIntegerOps[] = { "-eq", "-ne", "-lt", "-le", "-gt", "-ge" };
    for (int i = 0; i < 6; ++i) {
        if (op != kIntegerOps[i])
            continue;
        const auto a = wholeNumber(w[0].text), b = wholeNumber(w[2].text);
        if (!a || !b)
            return ShellTruth::Unknown;
        const bool r[] = { *a == *b, *a != *b, *a<*b, *a <= *b, *a> * b, *a >= *b };
        return truth(r[i]);
    }
    return ShellTruth::Unknown;
}

// One command of the list: [ … ], [[ … ]] or test …, maybe after '!'.
ShellTruth commandOf(std::vector<ConditionWord> w)
{
    bool negated = false;
    while (!w.empty() && w.front().text == "!" && !w.front().quoted) {
        negated = !negated;
        w.erase(w.begin());
    }
    if (w.empty())
        return ShellTruth::Unknown;
    ShellTruth t = ShellTruth::Unknown;
    const std::string& first = w.front().text;
    if (first == "[[" && w.size() >= 2 && w.back().text == "]]")
        t = testOf({ w.begin() + 1, w.end() - 1 }, true);
    else if (first == "[" && w.size() >= 2 && w.back().text == "]")
        t = testOf({ w.begin() + 1, w.end() - 1 }, false);
    else if (first == "test")
        t = testOf({ w.begin() + 1, w.end() }, false);
    else if (first == "true" && w.size() == 1)
        t = ShellTruth::True;
    else if (first == "false" && w.size() == 1)
        t = ShellTruth::False;
    return negated ? negate(t) : t;
}
}

std::optional<long long> shellArithmetic(
    std::string_view expression, const std::map<std::string, std::string>& variables)
{
    return Arithmetic(expression, variables).run();
}

ShellTruth shellCondition(const std::vector<ConditionWord>& words)
{
    // bash's && and || have equal precedence and group from the left: the result so far, then the next command
    // only where the operator runs it (Kleene's logic where a part is unknown).
    std::optional<ShellTruth> result;
    std::string pending;
    std::vector<ConditionWord> command;
    auto close = [&]() {
        const ShellTruth t = commandOf(command);
        command.clear();
        if (!result) {
            result = t;
        } else if (pending == "&&") {
            if (*result == ShellTruth::False || t == ShellTruth::False)
                result = ShellTruth::False;
            else
                result = *result == ShellTruth::True && t == ShellTruth::True ? ShellTruth::True : ShellTruth::Unknown;
        } else {
            if (*result == ShellTruth::True || t == ShellTruth::True)
                result = ShellTruth::True;
            else
                result
                    = *result == ShellTruth::False && t == ShellTruth::False ? ShellTruth::False : ShellTruth::Unknown;
        }
    };
    for (const ConditionWord& w : words) {
        if (w.listOperator) {
            close();
            pending = w.text;
        } else {
            command.push_back(w);
        }
    }
    close();
    return result.value_or(ShellTruth::Unknown);
}

} // namespace plait
