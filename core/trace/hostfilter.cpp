#include "hostfilter.h"

#include <array>

namespace plait {

namespace {
bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// From the opening quote at `at`: the index just past the closing one, or npos when the string does not end.
std::size_t stringEnd(std::string_view s, std::size_t at)
{
    for (std::size_t i = at + 1; i < s.size(); ++i) {
        if (s[i] == '\\')
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return std::string_view::npos;
}

std::size_t skipSpace(std::string_view s, std::size_t i)
{
    while (i < s.size() && isSpace(s[i]))
        ++i;
    return i;
}

// The top-level "traceEvents" array: the index of its '[', or npos. Keys are looked at only at depth 1, so the same
// words inside a string or a nested object are not taken for it.
std::size_t eventsArray(std::string_view s)
{
    std::size_t i = skipSpace(s, 0);
    if (i >= s.size() || s[i] != '{')
        return std::string_view::npos;
    int depth = 0;
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '"') {
            const std::size_t end = stringEnd(s, i);
            if (end == std::string_view::npos)
                return end;
            if (depth == 1 && s.substr(i, end - i) == "\"traceEvents\"") {
                std::size_t j = skipSpace(s, end);
                if (j < s.size() && s[j] == ':') {
                    j = skipSpace(s, j + 1);
                    return j < s.size() && s[j] == '[' ? j : std::string_view::npos;
                }
            }
            i = end - 1;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return std::string_view::npos;
}

// One event object from its '{' at `at`: its end (past the '}') and its "cat" value at its own top level.
struct EventScan {
    std::size_t end = std::string_view::npos;
    std::string_view cat;
};
EventScan scanEvent(std::string_view s, std::size_t at)
{
    EventScan out;
    int depth = 0;
    bool catNext = false;
    for (std::size_t i = at; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '"') {
            const std::size_t end = stringEnd(s, i);
            if (end == std::string_view::npos)
                return out;
            const std::string_view str = s.substr(i, end - i);
            if (depth == 1) {
                const std::size_t j = skipSpace(s, end);
                const bool isKey = j < s.size() && s[j] == ':';
                if (catNext && !isKey)
                    out.cat = str.substr(1, str.size() - 2);
                catNext = isKey && str == "\"cat\"";
            }
            i = end - 1;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0) {
                out.end = i + 1;
                return out;
            }
        }
    }
    return out;
}

bool skipped(std::string_view cat, std::string_view event)
{
    static constexpr std::array<std::string_view, 5> kHost
        = { "cpu_op", "python_function", "ac2g", "async_cpu_to_gpu", "fwdbwd" };
    for (std::string_view host : kHost)
        if (cat == host)
            // Older profilers mark the steps and the optimizer's step as operators: those stay.
            return event.find("ProfilerStep#") == std::string_view::npos
                && event.find("Optimizer.step") == std::string_view::npos;
    return false;
}
}

std::optional<FilteredTrace> withoutHostEvents(std::string_view s)
{
    const std::size_t open = eventsArray(s);
    if (open == std::string_view::npos)
        return std::nullopt;
    FilteredTrace out;
    out.text.reserve(s.size() / 2);
    out.text.append(s.substr(0, open + 1));
    bool first = true;
    std::size_t i = skipSpace(s, open + 1);
    while (i < s.size() && s[i] != ']') {
        if (s[i] != '{')
            return std::nullopt; // not an array of objects: the parser says what it is
        const EventScan ev = scanEvent(s, i);
        if (ev.end == std::string_view::npos)
            return std::nullopt;
        const std::string_view event = s.substr(i, ev.end - i);
        if (skipped(ev.cat, event)) {
            ++out.skippedEvents;
        } else {
            if (!first)
                out.text += ',';
            out.text.append(event);
            first = false;
        }
        i = skipSpace(s, ev.end);
        if (i < s.size() && s[i] == ',')
            i = skipSpace(s, i + 1);
        else if (i >= s.size() || s[i] != ']')
            return std::nullopt;
    }
    if (i >= s.size() || out.skippedEvents == 0)
        return std::nullopt;
    out.text.append(s.substr(i));
    return out;
}

} // namespace plait
