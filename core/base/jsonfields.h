#pragma once

#include "error.h"
#include "messagetext.h"
#include "text.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace plait {

// Typed, range-checked reads of JSON fields that collect an Issue naming the field instead of throwing.
class FieldReader {
public:
    FieldReader(const nlohmann::json& object, std::string prefix, std::vector<Issue>& issues)
        : m_object(object)
        , m_prefix(std::move(prefix))
        , m_issues(issues)
    {
    }

    bool has(const char* key) const { return m_object.is_object() && m_object.contains(key); }
    std::string path(const char* key) const { return m_prefix.empty() ? key : m_prefix + "." + key; }

    long long integer(const char* key, long long fallback, long long min, long long max, bool required = false) const
    {
        if (!has(key) || m_object.at(key).is_null())
            return missing(key, required, fallback);
        const auto& v = m_object.at(key);
        if (v.is_number_integer() || v.is_number_unsigned()) {
            if (v.is_number_unsigned() && v.get<unsigned long long>() > static_cast<unsigned long long>(max))
                return outOfRange(key, std::to_string(v.get<unsigned long long>()), min, max, fallback);
            const long long x = v.get<long long>();
            if (x < min || x > max)
                return outOfRange(key, std::to_string(x), min, max, fallback);
            return x;
        }
        if (v.is_number_float()) {
            const double d = v.get<double>();
            if (std::isfinite(d) && d == std::floor(d) && d >= double(min) && d <= double(max))
                return static_cast<long long>(d);
            m_issues.push_back(
                fieldIssue(path(key), "whole-between", { std::to_string(min), std::to_string(max), v.dump() }));
            return fallback;
        }
        return wrongType(key, "a whole number", fallback);
    }

    double number(const char* key, double fallback, double min, double max, bool required = false) const
    {
        if (!has(key) || m_object.at(key).is_null())
            return missing(key, required, fallback);
        const auto& v = m_object.at(key);
        if (!v.is_number())
            return wrongType(key, "a number", fallback);
        const double d = v.get<double>();
        if (!std::isfinite(d) || d < min || d > max) {
            m_issues.push_back(fieldIssue(path(key), "between", { trim(min), trim(max), v.dump() }));
            return fallback;
        }
        return d;
    }

    bool boolean(const char* key, bool fallback) const
    {
        if (!has(key) || m_object.at(key).is_null())
            return fallback;
        const auto& v = m_object.at(key);
        if (!v.is_boolean())
            return wrongType(key, "true or false", fallback);
        return v.get<bool>();
    }

    std::string string(const char* key, std::string fallback, bool required = false) const
    {
        if (!has(key) || m_object.at(key).is_null())
            return missing(key, required, fallback);
        const auto& v = m_object.at(key);
        if (!v.is_string())
            return wrongType(key, "a string", fallback);
        auto s = v.get<std::string>();
        if (s.size() > 256 && utf8Prefix(s, 256).size() < s.size()) { // 256 characters, not bytes
            m_issues.push_back(fieldIssue(path(key), "too-long", { "256" }));
            return fallback;
        }
        return s;
    }

    // A string that must be one of the given choices; the message lists them.
    std::string choice(const char* key, std::string fallback, const std::vector<std::string>& choices) const
    {
        std::string s = string(key, fallback);
        for (const auto& c : choices)
            if (c == s)
                return s;
        std::string list;
        for (const auto& c : choices)
            list += (list.empty() ? "" : ", ") + c;
        m_issues.push_back(fieldIssue(path(key), "choice", { inQuotes(s), list }));
        return fallback;
    }

    static std::string trim(double d)
    {
        std::string s = std::to_string(d);
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        if (!s.empty() && s.back() == '.')
            s.pop_back();
        return s;
    }

private:
    template <typename T> T missing(const char* key, bool required, T fallback) const
    {
        if (required)
            m_issues.push_back(fieldIssue(path(key), "required"));
        return fallback;
    }
    template <typename T> T wrongType(const char* key, const char* expected, T fallback) const
    {
        m_issues.push_back({ path(key), std::string("must be ") + expected + ", got " + typeName(m_object.at(key)) });
        return fallback;
    }
    long long outOfRange(
        const char* key, const std::string& got, long long min, long long max, long long fallback) const
    {
        m_issues.push_back(fieldIssue(path(key), "between", { std::to_string(min), std::to_string(max), got }));
        return fallback;
    }
    static std::string typeName(const nlohmann::json& v)
    {
        if (v.is_string())
            return "the string " + inQuotes(v.get<std::string>(), 40);
        return v.type_name();
    }

    const nlohmann::json& m_object;
    std::string m_prefix;
    std::vector<Issue>& m_issues;
};

} // namespace plait
