#include "shellwords.h"

#include "messagetext.h"

#include <cctype>
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

std::size_t assignedName(std::string_view t)
{
    std::size_t n = 0;
    if (!t.empty() && nameStart(t[0]))
        while (n < t.size() && nameChar(t[n]))
            ++n;
    return n > 0 && n < t.size() && t[n] == '=' ? n : 0;
}

namespace {
class Splitter {
public:
    explicit Splitter(std::string_view text, std::map<std::string, std::string> variables = {}, int depth = 0)
        : m_text(text)
        , m_depth(depth)
    {
        m_out.variables = std::move(variables);
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
                countLines(m_text.substr(m_pos, end == std::string_view::npos ? end : end - m_pos));
                m_pos = end == std::string_view::npos ? m_text.size() : end + 1;
                m_word.unresolved = true; // a command substitution
            } else if (c == '\'') {
                begin();
                m_quotedPart = true;
                const auto end = m_text.find('\'', m_pos + 1);
                if (end == std::string_view::npos)
                    unterminated('\'');
                const std::string_view body
                    = m_text.substr(m_pos + 1, end == std::string_view::npos ? end : end - m_pos - 1);
                countLines(body);
                append(std::string(body));
                m_pos = end == std::string_view::npos ? m_text.size() : end + 1;
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
        return std::move(m_out);
    }

private:
    void begin()
    {
        if (m_inWord)
            return;
        m_inWord = true;
        m_quotedPart = false;
        m_word = ShellWord { {}, m_line, m_commandStart, false };
        m_commandStart = false;
    }

    bool inAssignment() const { return m_inWord && assignedName(m_word.text) > 0; }

    // An expansion's value: inside double quotes one piece of the word; outside them split at blanks as bash splits
    // it (GPT_ARGS="--num-layers 24 --bf16" then ${GPT_ARGS} passes three words).
    void appendValue(const std::string& v)
    {
        if (m_inDoubleQuotes || inAssignment()) { // NAME=$OTHER is not split either
            append(v);
            return;
        }
        // A hostile file can expand one long variable into millions of words: past this many, values stay whole and
        // unresolved (real launch scripts have a few thousand words).
        if (m_out.words.size() > kMaxWords) {
            append(v);
            m_word.unresolved = true;
            return;
        }
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
            const bool unresolved = m_inWord && m_word.unresolved;
            begin();
            m_word.unresolved = m_word.unresolved || unresolved;
            append(v.substr(i, j - i));
            i = j;
        }
    }

    void append(const std::string& s)
    {
        if (m_word.text.size() + s.size() > kMaxWordBytes || m_expanded + s.size() > kMaxExpandedBytes) {
            m_word.unresolved = true;
            return;
        }
        m_expanded += s.size();
        m_word.text += s;
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
        if (const std::size_t n = assignedName(t); n > 0 && !m_word.unresolved)
            m_out.variables[t.substr(0, n)] = t.substr(n + 1);
        // An unquoted expansion to nothing is no word ("" is one).
        if (t.empty() && !m_quotedPart && !m_word.unresolved)
            return;
        m_out.words.push_back(std::move(m_word));
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

    // The '}' that closes the "${" before `from`, past nested ${…} and quotes; npos when there is none.
    std::size_t closingBrace(std::size_t from) const
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
            } else if (c == '$' && i + 1 < m_text.size() && m_text[i + 1] == '{') {
                ++depth;
                ++i;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return std::string_view::npos;
    }

    // A ${NAME:-default}'s default as bash expands it: quotes removed, variables and nested defaults put in.
    void appendDefault(std::string_view text)
    {
        if (m_depth >= 8) { // deeper nesting than any real script: not read
            m_word.unresolved = true;
            return;
        }
        ShellWords inner = Splitter(text, m_out.variables, m_depth + 1).run();
        std::string joined;
        bool unresolved = false;
        for (const ShellWord& w : inner.words) {
            joined += (joined.empty() ? "" : " ") + w.text;
            unresolved = unresolved || w.unresolved;
        }
        appendValue(joined);
        if (m_inWord)
            m_word.unresolved = m_word.unresolved || unresolved;
    }

    // At a '$': a variable, ${…}, or a command or arithmetic substitution (left unresolved).
    void dollar()
    {
        ++m_pos;
        if (m_pos >= m_text.size()) {
            append("$");
            return;
        }
        const char c = m_text[m_pos];
        if (c == '(') {
            int depth = 0;
            for (; m_pos < m_text.size(); ++m_pos) {
                const char d = m_text[m_pos];
                m_line += d == '\n';
                depth += d == '(' ? 1 : d == ')' ? -1 : 0;
                if (depth == 0) {
                    ++m_pos;
                    break;
                }
            }
            m_word.unresolved = true;
            return;
        }
        if (c == '{') {
            const auto end = closingBrace(m_pos + 1);
            const std::string_view body
                = m_text.substr(m_pos + 1, end == std::string_view::npos ? end : end - m_pos - 1);
            countLines(body);
            m_pos = end == std::string_view::npos ? m_text.size() : end + 1;
            std::size_t n = 0;
            while (n < body.size() && nameChar(body[n]))
                ++n;
            const std::string name(body.substr(0, n));
            const std::string_view rest = body.substr(n);
            if (const auto it = m_out.variables.find(name); it != m_out.variables.end() && rest.empty()) {
                appendValue(it->second);
            } else if (rest.size() >= 2 && rest[0] == ':' && (rest[1] == '-' || rest[1] == '=')) {
                if (it != m_out.variables.end() && !it->second.empty())
                    appendValue(it->second);
                else
                    appendDefault(rest.substr(2));
            } else {
                m_word.unresolved = true;
            }
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
            appendValue(it->second);
        else
            m_word.unresolved = true;
    }

    std::string_view m_text;
    int m_depth = 0;
    bool m_inDoubleQuotes = false; // expansions are not split inside "…"
    bool m_quotedPart = false; // the word holds a quoted part, so it is a word even when empty
    std::size_t m_pos = 0;
    int m_line = 1;
    bool m_commandStart = true;
    bool m_inWord = false;
    std::size_t m_expanded = 0;
    ShellWord m_word;
    ShellWords m_out;
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

} // namespace plait
