#include "gzip.h"

#include <zlib.h>

namespace plait {

bool isGzip(std::string_view bytes)
{
    return bytes.size() >= 2 && bytes[0] == '\x1f' && bytes[1] == '\x8b';
}

Result<std::string> gunzip(std::string_view compressed, std::size_t maxBytes)
{
    z_stream z {};
    // 16 + MAX_WBITS: a gzip wrapper, not zlib's own.
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
        return Result<std::string>::failure("", "zlib could not start");
    std::string out;
    out.resize(std::min<std::size_t>(maxBytes, std::max<std::size_t>(compressed.size() * 4, 1 << 16)));
    std::size_t used = 0;
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
    std::size_t inLeft = compressed.size();
    int rc = Z_OK;
    for (;;) {
        if (used == out.size()) {
            if (out.size() >= maxBytes) {
                inflateEnd(&z);
                return Result<std::string>::failure(
                    "", "it decompresses to over " + std::to_string(maxBytes >> 20) + " MiB, which is refused");
            }
            out.resize(std::min(maxBytes, out.size() * 2));
        }
        // zlib counts in 32-bit units: feed and drain at most 1 GiB at a time.
        const uInt inChunk = uInt(std::min<std::size_t>(inLeft, 1u << 30));
        const uInt outChunk = uInt(std::min<std::size_t>(out.size() - used, 1u << 30));
        z.avail_in = inChunk;
        z.next_out = reinterpret_cast<Bytef*>(out.data() + used);
        z.avail_out = outChunk;
        rc = inflate(&z, Z_NO_FLUSH);
        inLeft -= inChunk - z.avail_in;
        used += outChunk - z.avail_out;
        if (rc == Z_STREAM_END) {
            // Another member may follow; trailing zero padding (some writers add it) ends the file.
            const std::size_t at = compressed.size() - inLeft;
            if (inLeft == 0 || compressed.substr(at).find_first_not_of('\0') == std::string_view::npos)
                break;
            if (inflateReset(&z) != Z_OK)
                break;
            continue;
        }
        if (rc == Z_BUF_ERROR && inLeft == 0 && z.avail_out > 0) {
            inflateEnd(&z);
            return Result<std::string>::failure("",
                "the gzip stream ends early (a truncated file?) after " + std::to_string(compressed.size()) + " bytes");
        }
        if (rc != Z_OK && rc != Z_BUF_ERROR) {
            const std::string why = z.msg ? z.msg : "error " + std::to_string(rc);
            inflateEnd(&z);
            return Result<std::string>::failure(
                "", "the gzip stream is corrupt at byte " + std::to_string(compressed.size() - inLeft) + ": " + why);
        }
    }
    inflateEnd(&z);
    out.resize(used);
    return Result<std::string>(std::move(out));
}

} // namespace plait
