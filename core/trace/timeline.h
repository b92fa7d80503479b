#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace plait {

// What a span on a timeline is. Traces from other tools map what they can; the rest is Other, drawn as a
// generic op.
enum class SpanKind : std::uint8_t {
    Forward,
    BackwardInput,
    BackwardWeight,
    Recompute,
    SendRecv,
    Collective,
    Optimizer,
    Other,
};
constexpr int kSpanKinds = 8;
const char* spanKindName(SpanKind k); // "forward", "backward-input", ... as in our traces' "cat"
bool isComputeKind(SpanKind k); // forward, backward or recompute: the work a pipeline bubble is measured against

// Classifies an event of a Chrome trace from its category, name and args.kind (any may be empty).
SpanKind classifySpan(std::string_view category, std::string_view name, std::string_view kind);

struct Span {
    double start = 0, end = 0; // seconds from the trace's origin
    double bytes = 0; // transfers and collectives; 0 when not known
    std::uint32_t name = 0; // index into Timeline::names
    std::int32_t microBatch = -1; // −1 when not known
    std::int16_t stage = -1; // pipeline stage, −1 when not known
    std::int16_t chunk = -1; // model chunk of an interleaved schedule
    SpanKind kind = SpanKind::Other;
    // Ops that ran overlapped as one unit (DualPipe's forward beside a backward): 1 on the unit's first span, 2 on
    // the ones after it; 0 otherwise.
    std::uint8_t overlap = 0;
    double duration() const { return end - start; }
};

// What a lane or a group heading is, as a code the views say in the reader's language (widgets/lanetext.cpp),
// where its name is the English a trace file carries. Text: a name from a trace, shown as it is.
struct LaneLabel {
    enum class Kind { Text, Stage, Node, Activations, Gradients, Measured, Rank };
    Kind kind = Kind::Text;
    int index = 0; // Stage, Node, Rank: its number
    // Stage: the GPU's name, or empty; Activations, Gradients: "0→1", "1→0 (2→2)"; Rank: its node's number, or empty
    std::string detail;
    bool operator==(const LaneLabel&) const = default;
};

// One row of the view: a pipeline stage, a GPU, a transfer track or a thread of a foreign trace.
struct Lane {
    std::string name;
    std::string group; // lanes are grouped under this heading (a node, a schedule)
    long long pid = 0, tid = 0; // as in the trace
    bool thin = false; // a transfer track, drawn narrow under its stage
    std::vector<Span> spans; // sorted by start
    LaneLabel label, groupLabel; // what the name and the group are, for Plait's own lanes
};

// A dependency drawn as an arrow: data leaving one lane at one time and arriving at another.
struct Flow {
    int fromLane = 0, toLane = 0;
    double fromTime = 0, toTime = 0;
    bool operator==(const Flow&) const = default;
};

struct Timeline {
    std::string title;
    std::vector<Lane> lanes;
    std::vector<std::string> names; // span names, interned
    std::vector<Flow> flows;
    std::string source; // "predicted", "measured", or empty for a foreign trace
    std::string schedule; // when known
    bool stagesShareGpu = false; // measured: pipeline stages ran on slices of one GPU
    std::unordered_map<std::string, std::uint32_t> nameIndex; // for intern()

    std::size_t spanCount() const;
    double begin() const; // earliest start, 0 when empty
    double end() const; // latest end
    std::uint32_t intern(const std::string& name);
    // Finishes a timeline built by hand or read from a file: sorts every lane's spans by start.
    void sortSpans();
};

// Where the time of each lane went, measured on the pipeline part of the step: from the first span of the
// timeline to the end of the last compute or send/recv span. Idle = that window minus the union of the lane's
// compute spans. The bubble fraction is the idle time of the busiest compute lane over the whole step
// (first start to last end), the definition `plait evaluate` uses.
struct LaneFigures {
    bool compute = false; // has forward/backward/recompute spans
    double busyS = 0, idleS = 0, bubbleFraction = 0;
    int stage = -1; // from the spans, −1 when not known
};
struct TimelineFigures {
    double stepS = 0, pipelineS = 0;
    double bubbleFraction = 0;
    int busiestLane = -1;
    std::vector<LaneFigures> lanes;
};
TimelineFigures timelineFigures(const Timeline& timeline);

} // namespace plait
