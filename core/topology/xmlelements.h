#pragma once
// The elements of a small XML document such as NCCL's topology dump: names, attributes and nesting, as pugixml reads
// them (well-formedness, quoting, entities), copied into plain values within limits.

#include "error.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace plait {

struct XmlElement {
    std::string name;
    std::vector<std::pair<std::string, std::string>> attributes;
    std::vector<XmlElement> children;
    int line = 0;

    // The attribute's value; empty when the element has none.
    std::string attribute(std::string_view key) const;
    bool has(std::string_view key) const;
};

struct XmlLimits {
    int maxDepth = 32;
    std::size_t maxElements = 100000;
    std::size_t maxAttributeChars = 255; // NCCL's own limit on a value (src/graph/xml.h)
};

// The document's root element; an error names the line of what is malformed (an unclosed or mismatched tag, a
// missing quote) or the limit broken.
Result<XmlElement> parseXml(std::string_view text, const XmlLimits& limits = {});

} // namespace plait
