#pragma once

#include "error.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace plait {

// Whether the bytes start as a gzip stream does (RFC 1952's magic 1f 8b): PyTorch's profiler writes .json.gz.
bool isGzip(std::string_view bytes);

// A gzip file's content, every member of it (concatenated streams, as `cat a.gz b.gz` makes), by zlib. Refused when
// it would pass `maxBytes` (a small file can inflate a thousandfold), when it is corrupt or when it ends early.
Result<std::string> gunzip(std::string_view compressed, std::size_t maxBytes);

} // namespace plait
