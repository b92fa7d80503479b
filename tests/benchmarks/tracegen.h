#pragma once
// Synthetic pipeline traces for the Gantt benchmarks: `lanes` stages doing forward/backward ops with send/recv
// on thin lanes, as core's timeline and as Chrome trace text of a chosen size. Made on the fly; never committed.
#include "timeline.h"

#include <cstdio>
#include <string>

namespace plait::bench {

inline Timeline makeTimeline(std::size_t events, int lanes)
{
    Timeline t;
    t.source = "generated";
    const std::uint32_t names[] = { t.intern("F"), t.intern("B"), t.intern("send") };
    const std::size_t perLane = events / std::size_t(lanes);
    for (int l = 0; l < lanes; ++l) {
        Lane lane;
        lane.name = "stage " + std::to_string(l);
        lane.group = "node " + std::to_string(l / 8);
        lane.pid = l / 8;
        lane.tid = l;
        lane.spans.reserve(perLane);
        double time = 1e-4 * l;
        for (std::size_t i = 0; i < perLane; ++i) {
            Span s;
            const bool forward = (i / 4) % 2 == 0;
            s.kind = forward ? SpanKind::Forward : SpanKind::BackwardInput;
            s.start = time + (i % 16 == 0 ? 3e-5 : 0); // a bubble now and then
            s.end = s.start + (forward ? 1e-5 : 2e-5) * (1 + 0.1 * double(i % 3));
            s.microBatch = int(i / 2);
            s.name = names[forward ? 0 : 1];
            lane.spans.push_back(s);
            time = s.end;
        }
        t.lanes.push_back(std::move(lane));
    }
    return t;
}

// Chrome trace text with complete events until it is `bytes` long (about 150 bytes per event).
inline std::string makeTraceText(std::size_t bytes, int lanes = 64)
{
    std::string text;
    text.reserve(bytes + 4096);
    text += "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n";
    for (int l = 0; l < lanes; ++l) {
        char meta[200];
        std::snprintf(meta, sizeof meta,
            "{\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"name\":\"thread_name\",\"args\":{\"name\":\"stage %d\"}},\n", l / 8,
            l, l);
        text += meta;
    }
    std::vector<double> laneTime(std::size_t(lanes), 0.0);
    char line[256];
    for (std::size_t i = 0; text.size() < bytes; ++i) {
        const int l = int(i % std::size_t(lanes));
        const bool forward = (i / std::size_t(lanes) / 4) % 2 == 0;
        const double dur = forward ? 10.25 : 20.5;
        const int n = std::snprintf(line, sizeof line,
            "{\"ph\":\"X\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,\"name\":\"%c%zu\",\"cat\":\"%s\","
            "\"args\":{\"stage\":%d,\"microbatch\":%zu}},\n",
            l / 8, l, laneTime[std::size_t(l)], dur, forward ? 'F' : 'B', i / 64, forward ? "forward" : "backward", l,
            i / 64);
        text.append(line, std::size_t(n));
        laneTime[std::size_t(l)] += dur + 0.5;
    }
    text += "{\"ph\":\"M\",\"pid\":0,\"name\":\"process_name\",\"args\":{\"name\":\"node 0\"}}\n]}\n";
    return text;
}

} // namespace plait::bench
