#include "text.h"

#include "numtext.h"

#include <algorithm>

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

std::string numberRuns(const std::vector<int>& sorted)
{
    std::string out;
    for (std::size_t i = 0; i < sorted.size();) {
        std::size_t j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1)
            ++j;
        out += (out.empty() ? "" : ", ") + std::to_string(sorted[i]);
        if (j > i)
            out += (j == i + 1 ? ", " : "–") + std::to_string(sorted[j]);
        i = j + 1;
    }
    return out;
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

std::string closestMatch(std::string_view word, const std::vector<std::string>& candidates, std::size_t maxEdits)
{
    // Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring).
    auto distance = [](std::string_view a, std::string_view b) {
        std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
        for (std::size_t i = 0; i <= a.size(); ++i)
            d[i][0] = i;
        for (std::size_t j = 0; j <= b.size(); ++j)
            d[0][j] = j;
        for (std::size_t i = 1; i <= a.size(); ++i)
            for (std::size_t j = 1; j <= b.size(); ++j) {
                const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
                d[i][j] = std::min({ d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost });
                if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                    d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
            }
        return d[a.size()][b.size()];
    };
    std::string best;
    std::size_t bestDistance = maxEdits + 1;
    if (word.size() > 64)
        return best; // a long word is not a typo of a short key
    for (const std::string& c : candidates)
        if (const std::size_t dist = distance(word, c); dist < bestDistance && dist < c.size()) {
            best = c;
            bestDistance = dist;
        }
    return best;
}

std::string dumpJson(const nlohmann::json& j, int indent)
{
    return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

int firstLineLongerThan(std::string_view text, std::size_t maxBytes)
{
    int line = 1;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        if (end - start > maxBytes)
            return line;
        start = end + 1;
        ++line;
    }
    return 0;
}

std::string longLineText(int line, std::size_t maxBytes, const std::string& what)
{
    return "line " + std::to_string(line) + " is longer than " + groupedText(double(maxBytes)) + " bytes: not " + what;
}

} // namespace plait
