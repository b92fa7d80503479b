#pragma once

#include <string>
#include <variant>
#include <vector>

namespace plait {

// A problem with user input: which field, and a message a user can act on.
struct Issue {
    Issue() = default;
    Issue(std::string field, std::string message, std::string code = {}, std::vector<std::string> args = {})
        : field(std::move(field))
        , message(std::move(message))
        , code(std::move(code))
        , args(std::move(args))
    {
    }

    std::string field; // dotted path into the plan, e.g. "parallel.tp"; empty when not about one field
    std::string message; // English
    // The template that says it (messagetext.h: "issue:" + code) and its arguments, so a view can say it in the
    // user's language; empty for the few problems (a file's syntax, a catalog name) that have none.
    std::string code;
    std::vector<std::string> args;
};

// Something a plan or its figures call for attention to, though it can be evaluated: a code, the English text and
// its arguments (messagetext.h says it in either language).
struct Warning {
    std::string code;
    std::string message; // English, with the numbers
    // The same numbers and names, in the order of the message, so a view can say it in another language.
    std::vector<std::string> args;
};

// Either a value or the reasons it could not be made. Parsers never throw past core.
template <typename T> class Result {
public:
    Result(T value)
        : m_data(std::move(value))
    {
    }
    Result(std::vector<Issue> errors)
        : m_data(std::move(errors))
    {
    }
    static Result failure(std::string field, std::string message)
    {
        return Result(std::vector<Issue> { Issue { std::move(field), std::move(message) } });
    }

    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }
    const T& value() const { return std::get<T>(m_data); }
    T& value() { return std::get<T>(m_data); }
    const std::vector<Issue>& errors() const { return std::get<std::vector<Issue>>(m_data); }

    std::string errorText() const
    {
        std::string text;
        for (const Issue& e : errors()) {
            if (!text.empty())
                text += '\n';
            text += e.field.empty() ? e.message : e.field + ": " + e.message;
        }
        return text;
    }

private:
    std::variant<T, std::vector<Issue>> m_data;
};

} // namespace plait
