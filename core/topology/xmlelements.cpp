#include "xmlelements.h"

#include "text.h"

#include <algorithm>
#include <pugixml.hpp>

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
// pugixml reads the document (well-formedness, quotes, the predefined entities); this copies its elements into plain
// values within the limits, each with the line it starts on.
class Copy {
public:
    Copy(std::string_view text, const XmlLimits& limits)
        : m_limits(limits)
    {
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n')
                m_newlines.push_back(i);
    }

    int lineAt(std::ptrdiff_t offset) const
    {
        if (offset < 0)
            return 0;
        return 1
            + int(std::lower_bound(m_newlines.begin(), m_newlines.end(), std::size_t(offset)) - m_newlines.begin());
    }

    bool element(const pugi::xml_node& from, XmlElement& to, int depth)
    {
        to.line = lineAt(from.offset_debug());
        if (depth > m_limits.maxDepth)
            return fail(to.line, "elements nest deeper than " + std::to_string(m_limits.maxDepth));
        if (++m_elements > m_limits.maxElements)
            return fail(to.line, "more than " + std::to_string(m_limits.maxElements) + " elements");
        to.name = from.name();
        for (const pugi::xml_attribute& a : from.attributes()) {
            const std::string value = a.value();
            if (value.size() > m_limits.maxAttributeChars)
                return fail(to.line,
                    std::string(a.name()) + "=\"" + utf8Prefix(value, 24) + "…\" is longer than "
                        + std::to_string(m_limits.maxAttributeChars) + " characters");
            to.attributes.emplace_back(a.name(), value);
        }
        for (const pugi::xml_node& c : from.children()) {
            if (c.type() != pugi::node_element)
                continue;
            to.children.emplace_back();
            if (!element(c, to.children.back(), depth + 1))
                return false;
        }
        return true;
    }

    bool fail(int line, std::string why)
    {
        m_line = line;
        m_error = std::move(why);
        return false;
    }
    int errorLine() const { return m_line; }
    const std::string& error() const { return m_error; }

private:
    const XmlLimits& m_limits;
    std::vector<std::size_t> m_newlines;
    std::size_t m_elements = 0;
    int m_line = 0;
    std::string m_error;
};
}

Result<XmlElement> parseXml(std::string_view text, const XmlLimits& limits)
{
    pugi::xml_document doc;
    const pugi::xml_parse_result read = doc.load_buffer(
        text.data(), text.size(), pugi::parse_default | pugi::parse_ws_pcdata_single, pugi::encoding_utf8);
    Copy copy(text, limits);
    if (!read)
        return Result<XmlElement>::failure(
            "line " + std::to_string(copy.lineAt(read.offset)), std::string("not XML: ") + read.description());
    const pugi::xml_node root = doc.document_element();
    if (!root)
        return Result<XmlElement>::failure("line 1", "the document has no root element");
    XmlElement out;
    if (!copy.element(root, out, 1))
        return Result<XmlElement>::failure("line " + std::to_string(copy.errorLine()), copy.error());
    return out;
}

} // namespace plait
