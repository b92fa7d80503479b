#include "tracebytes.h"

#include "gzip.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace plait {

Result<TraceBytes> TraceBytes::read(const std::string& path, std::size_t maxBytes)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return Result<TraceBytes>::failure("", "cannot open " + path + ": " + std::strerror(errno));
    struct stat st { };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return Result<TraceBytes>::failure("", "cannot read " + path + ": not a regular file");
    }
    const std::size_t size = std::size_t(st.st_size);
    if (size > maxBytes) {
        ::close(fd);
        return Result<TraceBytes>::failure(
            "", path + " is too large: traces over " + std::to_string(maxBytes >> 20) + " MiB are refused");
    }
    TraceBytes bytes;
    if (size == 0) {
        ::close(fd);
        return Result<TraceBytes>(std::move(bytes));
    }
    void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (map == MAP_FAILED)
        return Result<TraceBytes>::failure("", "cannot read " + path + ": " + std::strerror(errno));
    ::madvise(map, size, MADV_SEQUENTIAL);
    bytes.m_mapped = static_cast<const char*>(map);
    bytes.m_size = size;
    if (!isGzip(bytes.text()))
        return Result<TraceBytes>(std::move(bytes));
    Result<std::string> inflated = gunzip(bytes.text(), maxBytes);
    if (!inflated)
        return Result<TraceBytes>::failure("", path + ": " + inflated.errorText());
    TraceBytes out;
    out.m_inflated = std::move(inflated.value());
    return Result<TraceBytes>(std::move(out));
}

TraceBytes::TraceBytes(TraceBytes&& other) noexcept
    : m_mapped(std::exchange(other.m_mapped, nullptr))
    , m_size(std::exchange(other.m_size, 0))
    , m_inflated(std::move(other.m_inflated))
{
}

TraceBytes& TraceBytes::operator=(TraceBytes&& other) noexcept
{
    if (this != &other) {
        this->~TraceBytes();
        m_mapped = std::exchange(other.m_mapped, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_inflated = std::move(other.m_inflated);
    }
    return *this;
}

TraceBytes::~TraceBytes()
{
    if (m_mapped)
        ::munmap(const_cast<char*>(m_mapped), m_size);
    m_mapped = nullptr;
}

} // namespace plait
