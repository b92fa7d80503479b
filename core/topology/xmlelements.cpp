#include "xmlelements.h"

#include <cctype>

namespace plait {

std::string XmlElement::attribute(std::string_view key) const
{
    for (const auto& [k, v] : attributes)
        if (k == key)
            return v;
    return {};
}

bool XmlElement::has(std::string_view key) const
{
    for (const auto& a : attributes)
        if (a.first == key)
            return true;
    return false;
}

namespace {
class Parser {
public:
    Parser(std::string_view text, const XmlLimits& limits)
        : m_text(text)
        , m_limits(limits)
    {
    }

    Result<XmlElement> run()
    {
        skipProlog();
        if (m_pos >= m_text.size() || m_text[m_pos] != '<')
            return fail("the document has no root element");
        XmlElement root;
        if (!element(root, 1))
            return fail(m_error);
        skipMisc();
        if (m_pos < m_text.size())
            return fail("text after the root element");
        return root;
    }

private:
    Result<XmlElement> fail(const std::string& why)
    {
        return Result<XmlElement>::failure("line " + std::to_string(m_line), why);
    }

    bool error(std::string why)
    {
        if (m_error.empty())
            m_error = std::move(why);
        return false;
    }

    void advance(std::size_t n)
    {
        for (std::size_t i = 0; i < n && m_pos < m_text.size(); ++i)
            m_line += m_text[m_pos++] == '\n';
    }

    void skipSpace()
    {
        while (m_pos < m_text.size() && std::isspace((unsigned char)m_text[m_pos]))
            advance(1);
    }

    bool startsWith(std::string_view s) const { return m_text.substr(m_pos, s.size()) == s; }

    // Comments, processing instructions and whitespace between elements.
    bool skipMisc()
    {
        while (true) {
            skipSpace();
            if (startsWith("<!--")) {
                const auto end = m_text.find("-->", m_pos + 4);
                if (end == std::string_view::npos)
                    return error("a comment is not closed");
                advance(end + 3 - m_pos);
            } else if (startsWith("<?")) {
                const auto end = m_text.find("?>", m_pos + 2);
                if (end == std::string_view::npos)
                    return error("a processing instruction is not closed");
                advance(end + 2 - m_pos);
            } else {
                return true;
            }
        }
    }

    void skipProlog()
    {
        if (startsWith("\xEF\xBB\xBF"))
            advance(3);
        skipMisc();
        if (startsWith("<!DOCTYPE")) {
            const auto end = m_text.find('>', m_pos);
            advance((end == std::string_view::npos ? m_text.size() : end + 1) - m_pos);
            skipMisc();
        }
    }

    std::string name()
    {
        const std::size_t start = m_pos;
        while (m_pos < m_text.size()
            && (std::isalnum((unsigned char)m_text[m_pos]) || m_text[m_pos] == '_' || m_text[m_pos] == '-'
                || m_text[m_pos] == '.' || m_text[m_pos] == ':'))
            ++m_pos;
        return std::string(m_text.substr(start, m_pos - start));
    }

    static std::string unescaped(std::string_view v)
    {
        std::string out;
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (v[i] == '&') {
                static const std::pair<std::string_view, char> entities[]
                    = { { "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&quot;", '"' }, { "&apos;", '\'' } };
                bool found = false;
                for (const auto& [e, c] : entities)
                    if (v.substr(i, e.size()) == e) {
                        out += c;
                        i += e.size() - 1;
                        found = true;
                        break;
                    }
                if (found)
                    continue;
            }
            out += v[i];
        }
        return out;
    }

    bool element(XmlElement& e, int depth)
    {
        if (depth > m_limits.maxDepth)
            return error("elements nest deeper than " + std::to_string(m_limits.maxDepth) + " levels");
        if (++m_elements > m_limits.maxElements)
            return error("more than " + std::to_string(m_limits.maxElements) + " elements");
        e.line = m_line;
        advance(1); // '<'
        e.name = name();
        if (e.name.empty())
            return error("a tag without a name");
        while (true) {
            skipSpace();
            if (m_pos >= m_text.size())
                return error("<" + e.name.substr(0, 32) + "> is not closed");
            if (startsWith("/>")) {
                advance(2);
                return true;
            }
            if (m_text[m_pos] == '>') {
                advance(1);
                break;
            }
            std::string key = name();
            if (key.empty())
                return error("an attribute of <" + e.name.substr(0, 32) + "> without a name");
            skipSpace();
            if (m_pos >= m_text.size() || m_text[m_pos] != '=')
                return error("attribute " + key.substr(0, 32) + " has no value");
            advance(1);
            skipSpace();
            if (m_pos >= m_text.size() || (m_text[m_pos] != '"' && m_text[m_pos] != '\''))
                return error("the value of " + key.substr(0, 32) + " is not quoted");
            const char quote = m_text[m_pos];
            const auto end = m_text.find(quote, m_pos + 1);
            if (end == std::string_view::npos)
                return error("the value of " + key.substr(0, 32) + " is not closed");
            if (end - m_pos - 1 > m_limits.maxAttributeChars)
                return error("the value of " + key.substr(0, 32) + " is longer than "
                    + std::to_string(m_limits.maxAttributeChars) + " characters");
            std::string value = unescaped(m_text.substr(m_pos + 1, end - m_pos - 1));
            advance(end + 1 - m_pos);
            e.attributes.emplace_back(std::move(key), std::move(value));
        }
        // Content: children and (ignored) text, up to the closing tag.
        while (true) {
            if (!skipMisc())
                return false;
            if (m_pos >= m_text.size())
                return error("<" + e.name.substr(0, 32) + "> is not closed");
            if (startsWith("</")) {
                advance(2);
                const std::string closing = name();
                skipSpace();
                if (closing != e.name || m_pos >= m_text.size() || m_text[m_pos] != '>')
                    return error("</" + closing.substr(0, 32) + "> closes <" + e.name.substr(0, 32) + ">");
                advance(1);
                return true;
            }
            if (m_text[m_pos] == '<') {
                e.children.emplace_back();
                if (!element(e.children.back(), depth + 1))
                    return false;
            } else {
                const auto next = m_text.find('<', m_pos);
                advance((next == std::string_view::npos ? m_text.size() : next) - m_pos);
            }
        }
    }

    std::string_view m_text;
    XmlLimits m_limits;
    std::size_t m_pos = 0;
    int m_line = 1;
    std::size_t m_elements = 0;
    std::string m_error;
};
}

Result<XmlElement> parseXml(std::string_view text, const XmlLimits& limits)
{
    return Parser(text, limits).run();
}

} // namespace plait
