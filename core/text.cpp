#include "text.h"

namespace plait {

namespace {
// Length of the valid UTF-8 sequence starting at s[i], or 0 if it is not one (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF).
std::size_t sequenceLength(std::string_view s, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    if (c < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF; // range of the second byte
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        lo = c == 0xE0 ? 0xA0 : 0x80;
        hi = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        lo = c == 0xF0 ? 0x90 : 0x80;
        hi = c == 0xF4 ? 0x8F : 0xBF;
    } else
        return 0;
    if (i + n > s.size() || byte(i + 1) < lo || byte(i + 1) > hi)
        return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
            return 0;
    return n;
}

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
}

std::string validUtf8(std::string_view s)
{
    return utf8Prefix(s, std::string::npos);
}

std::string utf8Prefix(std::string_view s, std::size_t maxChars)
{
    std::string out;
    out.reserve(std::min(s.size(), maxChars == std::string::npos ? s.size() : 4 * maxChars));
    std::size_t chars = 0, i = 0;
    while (i < s.size()) {
        if (chars == maxChars)
            return out + "…";
        const std::size_t n = sequenceLength(s, i);
        if (n == 0) {
            out += kReplacement;
            ++i;
        } else {
            out.append(s.substr(i, n));
            i += n;
        }
        ++chars;
    }
    return out;
}

std::string inQuotes(std::string_view s, std::size_t maxChars)
{
    return "\"" + utf8Prefix(s, maxChars) + "\"";
}

std::string dumpJson(const nlohmann::json& j, int indent)
{
    return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace plait
