#include "safejson.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace plait {

namespace {
struct DepthExceeded {
    int depth;
};

std::string mib(std::size_t bytes)
{
    std::ostringstream s;
    s.precision(3);
    s << double(bytes) / double(1u << 20) << " MiB";
    return s.str();
}
}

Result<nlohmann::json> parseJson(std::string_view text, const JsonLimits& limits)
{
    if (text.size() > limits.maxBytes)
        return Result<nlohmann::json>::failure(
            "", "file is " + mib(text.size()) + ", larger than the limit of " + mib(limits.maxBytes));
    const int maxDepth = limits.maxDepth;
    // The callback sees every value with its depth; throwing from it stops the parse early, before a deep
    // document costs memory.
    auto guard = [maxDepth](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
        if (depth > maxDepth)
            throw DepthExceeded { depth };
        return true;
    };
    try {
        return nlohmann::json::parse(text.begin(), text.end(), guard);
    } catch (const DepthExceeded&) {
        return Result<nlohmann::json>::failure(
            "", "JSON nesting deeper than the limit of " + std::to_string(maxDepth) + " levels");
    } catch (const nlohmann::json::parse_error& e) {
        // e.what() reads "[json.exception.parse_error.101] parse error at line 3, column 7: ..."; keep from "parse
        // error".
        std::string what = e.what();
        const auto pos = what.find("parse error");
        return Result<nlohmann::json>::failure("", pos == std::string::npos ? what : what.substr(pos));
    } catch (const nlohmann::json::exception& e) {
        return Result<nlohmann::json>::failure("", e.what());
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
