#include "safejson.h"

#include "text.h"

#include <cctype>
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

namespace {
// Reads nothing but where the parser stops and why (nlohmann's SAX interface), for a message in Plait's words: the
// library's own ("[json.exception.out_of_range.406] number overflow parsing '1e400'") names no line.
struct ErrorSpot : nlohmann::json_sax<nlohmann::json> {
    std::size_t byte = 0;
    std::string token, what;
    int id = 0;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t position, const std::string& last, const nlohmann::detail::exception& ex) override
    {
        byte = position;
        token = last;
        what = ex.what();
        id = ex.id;
        return false;
    }
};
}

std::string jsonErrorText(std::string_view text)
{
    ErrorSpot spot;
    nlohmann::json::sax_parse(text.begin(), text.end(), &spot);
    // Where the offending token starts (the parser reports the byte after it).
    const bool atEnd = spot.what.find("unexpected end of input") != std::string::npos;
    // A number out of range is named where it starts; a syntax error where the parser stopped.
    const std::size_t start
        = spot.id == 406 && spot.token.size() < spot.byte ? spot.byte - spot.token.size() + 1 : spot.byte;
    // The lexer's token string can hold what came before the bad token ("\"a\": tru "): quote its last word.
    std::string token = spot.token;
    while (!token.empty() && std::string_view(" \t\n\r:,").find(token.back()) != std::string_view::npos)
        token.pop_back();
    if (const auto cut = token.find_last_of(" \t\n\r:,"); cut != std::string::npos && cut + 1 < token.size())
        token = token.substr(cut + 1);
    int line = 1, column = 1;
    for (std::size_t i = 0; i + 1 < start && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++column; // characters, not bytes
        }
    }
    std::string why;
    if (spot.id == 406)
        why = inQuotes(token, 40) + " is out of range for a number";
    else if (atEnd || token.empty() || token == "<end of input>")
        why = "the text ends before the JSON does";
    else
        why = "unexpected " + inQuotes(token, 40);
    // The library says what it expected ("expected '}'"): keep that part, which names JSON's own symbols.
    if (const auto e = spot.what.find("; expected "); e != std::string::npos && spot.id != 406)
        why += "; " + spot.what.substr(e + 2);
    return validUtf8("line " + std::to_string(line) + ", column " + std::to_string(column) + ": not JSON: " + why);
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
    } catch (const nlohmann::json::exception&) {
        return Result<nlohmann::json>::failure("", jsonErrorText(text));
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

std::string pythonJsonWordsQuoted(std::string_view text, int* replaced)
{
    std::string out;
    out.reserve(text.size());
    int n = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < text.size())
                out += text[++i];
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            out += c;
            continue;
        }
        const bool wordStart = i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1]));
        bool quoted = false;
        for (const std::string_view word :
            { std::string_view("-Infinity"), std::string_view("Infinity"), std::string_view("NaN") })
            if (wordStart && text.substr(i, word.size()) == word
                && (i + word.size() == text.size()
                    || !std::isalnum(static_cast<unsigned char>(text[i + word.size()])))) {
                out += '"';
                out += word;
                out += '"';
                i += word.size() - 1;
                ++n;
                quoted = true;
                break;
            }
        if (!quoted)
            out += c;
    }
    if (replaced)
        *replaced = n;
    return out;
}

} // namespace plait
