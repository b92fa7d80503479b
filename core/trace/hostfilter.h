#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace plait {

// A PyTorch profiler trace without the host-side events a job's profile never reads: operators ("cpu_op"), Python
// frames ("python_function") and the flow arrows between host and GPU ("ac2g", "async_cpu_to_gpu", "fwdbwd"). They are
// half the bytes of a real trace or more, and skipping them by a scan of braces and strings lets the JSON parser
// tokenize only the rest (issue 43's 64 ranks of 100 MB). An operator that marks a step or the optimizer's step is
// kept. Nullopt, so that the text is parsed as it is, where the trace is not shaped as the profiler writes it (no
// top-level "traceEvents" array of objects) or nothing would be skipped.
struct FilteredTrace {
    std::string text;
    std::size_t skippedEvents = 0;
};
std::optional<FilteredTrace> withoutHostEvents(std::string_view trace);

} // namespace plait
