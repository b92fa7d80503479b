#include "safejson.h"

#include "text.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace plait {

namespace {
std::string mib(std::size_t bytes)
{
    std::ostringstream s;
    s.precision(3);
    s << double(bytes) / double(1u << 20) << " MiB";
    return s.str();
}

// Deepest nesting of arrays and objects outside strings, in one linear pass. (nlohmann's callback parser could
// stop early too, but it rescans a container at every close, which makes large files quadratic.)
struct Nesting {
    int depth = 0;
    std::size_t offset = 0; // byte where the limit was first passed
};

Nesting deepest(std::string_view text, int limit)
{
    Nesting n;
    int depth = 0;
    bool inString = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > n.depth) {
                n.depth = depth;
                if (depth > limit && n.offset == 0)
                    n.offset = i + 1;
            }
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return n;
}
}

Result<nlohmann::json> parseJson(std::string_view text, const JsonLimits& limits)
{
    if (text.size() > limits.maxBytes)
        return Result<nlohmann::json>::failure(
            "", "file is " + mib(text.size()) + ", larger than the limit of " + mib(limits.maxBytes));
    if (const Nesting n = deepest(text, limits.maxDepth); n.depth > limits.maxDepth)
        return Result<nlohmann::json>::failure("",
            "JSON nesting deeper than the limit of " + std::to_string(limits.maxDepth) + " levels (at byte "
                + std::to_string(n.offset) + ")");
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        // e.what() reads "[json.exception.parse_error.101] parse error at line 3, column 7: ..."; keep from "parse
        // error".
        std::string what = e.what();
        const auto pos = what.find("parse error");
        // The message quotes the bytes last read, which may be a fragment of a UTF-8 character.
        return Result<nlohmann::json>::failure("", validUtf8(pos == std::string::npos ? what : what.substr(pos)));
    } catch (const nlohmann::json::exception& e) {
        return Result<nlohmann::json>::failure("", validUtf8(e.what()));
    }
}

Result<nlohmann::json> readJsonFile(const std::string& path, const JsonLimits& limits)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return Result<nlohmann::json>::failure("", "cannot read " + path + ": " + ec.message());
    if (size > limits.maxBytes)
        return Result<nlohmann::json>::failure(
            "", path + " is " + mib(size) + ", larger than the limit of " + mib(limits.maxBytes));
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Result<nlohmann::json>::failure("", "cannot open " + path);
    std::string text(size, '\0');
    in.read(text.data(), std::streamsize(size));
    text.resize(std::size_t(in.gcount()));
    auto parsed = parseJson(text, limits);
    if (!parsed)
        return Result<nlohmann::json>::failure("", path + ": " + parsed.errorText());
    return parsed;
}

} // namespace plait
