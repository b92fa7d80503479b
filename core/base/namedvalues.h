#pragma once
// An enum's names written once, as a table: a value's name, a name's value and the list of names a plan file may
// choose from all read it, so the writer and the reader of a file cannot spell a value two ways.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plait {

template <typename E> struct NamedValue {
    E value;
    const char* name;
};

// The first name of `v` (a value may have an alias after it); the table's first name for a value it lacks.
template <typename E, std::size_t N> constexpr const char* nameIn(const NamedValue<E> (&table)[N], E v)
{
    for (const NamedValue<E>& n : table)
        if (n.value == v)
            return n.name;
    return table[0].name;
}

template <typename E, std::size_t N>
constexpr std::optional<E> valueIn(const NamedValue<E> (&table)[N], std::string_view name)
{
    for (const NamedValue<E>& n : table)
        if (name == n.name)
            return n.value;
    return std::nullopt;
}

template <typename E, std::size_t N> std::vector<std::string> namesIn(const NamedValue<E> (&table)[N])
{
    std::vector<std::string> out;
    for (const NamedValue<E>& n : table)
        out.emplace_back(n.name);
    return out;
}

} // namespace plait
