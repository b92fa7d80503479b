#pragma once

#include "error.h"
#include "messagetext.h"
#include "timeline.h"

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace plait {

// Reading Chrome trace event JSON (ours, plait-probe's, PyTorch profiler / Kineto exports, anything Perfetto
// opens): the object form with "traceEvents" or the bare array form. Complete "X" events, "B"/"E" pairs,
// thread/process names and sort indices, and "s"/"f" flows are read; other phases are counted and skipped.
struct TraceReadOptions {
    std::size_t maxBytes = std::size_t(2) << 30;
    std::size_t maxEvents = 50'000'000;
    int maxDepth = 64;
    // Called now and then with bytes read so far; return false to cancel.
    std::function<bool(std::size_t done, std::size_t total)> progress;
};

struct TraceRead {
    Timeline timeline;
    std::size_t events = 0; // events read, of any phase
    // Events that could not be drawn, counted by reason with the first example: never fatal.
    std::vector<Message> problems;
};

// A streaming (SAX) parse: no document tree, so a 100 MB trace stays within a few seconds and its own size in
// memory. Errors name the byte, line and column; a cancelled read fails with the message "cancelled".
Result<TraceRead> readChromeTrace(std::string_view text, const TraceReadOptions& options = {});
Result<TraceRead> readChromeTraceFile(const std::string& path, const TraceReadOptions& options = {});

// Writes a timeline as Chrome trace JSON that Perfetto opens cleanly: process and thread names with sort indices,
// complete "X" events with dur (µs), flow events for send/recv, and a top-level "plait" block (`extra` is merged
// into it). A stream, one event at a time: a trace of millions of events needs no more memory than the timeline.
void writeChromeTrace(
    std::ostream& out, const Timeline& timeline, const nlohmann::json& extra = nlohmann::json::object());
// The same as a document, for small timelines (tests, the probe's traces).
nlohmann::json timelineToChromeJson(const Timeline& timeline, const nlohmann::json& extra = nlohmann::json::object());

} // namespace plait
