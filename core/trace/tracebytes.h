#pragma once

#include "error.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace plait {

// A trace file's text for the streaming parsers: a plain file mapped into memory, read where it lies (no copy, no
// zero fill of 100 MB per rank), a gzip one (.json.gz) inflated into memory. Refused past `maxBytes` either way.
class TraceBytes {
public:
    static Result<TraceBytes> read(const std::string& path, std::size_t maxBytes);
    TraceBytes(TraceBytes&& other) noexcept;
    TraceBytes& operator=(TraceBytes&& other) noexcept;
    TraceBytes(const TraceBytes&) = delete;
    TraceBytes& operator=(const TraceBytes&) = delete;
    ~TraceBytes();
    std::string_view text() const { return m_mapped ? std::string_view(m_mapped, m_size) : m_inflated; }

private:
    TraceBytes() = default;
    const char* m_mapped = nullptr;
    std::size_t m_size = 0;
    std::string m_inflated;
};

} // namespace plait
