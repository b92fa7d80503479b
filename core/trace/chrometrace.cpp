#include "chrometrace.h"

#include "text.h"
#include "tracebytes.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <streambuf>
#include <type_traits>

namespace plait {

namespace {
using json = nlohmann::json;

// A read-only stream over memory that can say how far the parser has read, for progress.
class MemoryBuffer : public std::streambuf {
public:
    explicit MemoryBuffer(std::string_view text)
    {
        char* p = const_cast<char*>(text.data());
        setg(p, p, p + text.size());
    }
    std::size_t position() const { return std::size_t(gptr() - eback()); }
};

struct Event {
    std::string ph, name, cat, id, bp;
    double ts = 0, dur = 0;
    bool hasTs = false, hasDur = false;
    long long pid = 0, tid = 0;
    // args
    std::string argName, argKind;
    double sortIndex = 0, microBatch = -1, stage = -1, chunk = -1, bytes = 0;
    bool hasSortIndex = false, thin = false;
};

struct LaneInfo {
    long long pid = 0, tid = 0;
    std::string name;
    double sortIndex = 0;
    bool hasSortIndex = false, thin = false;
    std::vector<Span> spans;
    std::vector<std::size_t> open; // "B" events waiting for their "E": indices into spans
};

struct FlowPoint {
    long long pid = 0, tid = 0;
    double ts = 0;
};

class TraceHandler {
public:
    TraceHandler(const TraceReadOptions& o, const MemoryBuffer& b, std::size_t total)
        : options(o)
        , buffer(b)
        , totalBytes(total)
    {
    }

    // ---- nlohmann SAX interface
    bool null() { return value(nullptr, 0, nullptr); }
    bool boolean(bool b) { return value(nullptr, b ? 1 : 0, &b); }
    bool number_integer(json::number_integer_t v) { return integer(v) || value(nullptr, double(v), nullptr); }
    bool number_unsigned(json::number_unsigned_t v)
    {
        return (v <= std::uint64_t(INT64_MAX) && integer(std::int64_t(v))) || value(nullptr, double(v), nullptr);
    }
    bool number_float(json::number_float_t v, const std::string&) { return value(nullptr, v, nullptr); }
    bool string(std::string& s) { return value(&s, 0, nullptr); }
    bool binary(json::binary_t&) { return true; }
    bool key(std::string& k)
    {
        if (depth == eventDepth)
            eventKey = k;
        else if (inArgs && depth == eventDepth + 1)
            argKey = k;
        else if (depth == 1)
            topKey = k;
        else if (inPlait && depth == 2)
            plaitKey = k;
        return true;
    }
    bool start_object(std::size_t)
    {
        if (!enter())
            return false;
        if (depth == 1 && eventDepth < 0)
            objectForm = true;
        if (depth == eventDepth) {
            ev = Event {};
            eventKey.clear();
        } else if (depth == eventDepth + 1 && eventKey == "args") {
            inArgs = true;
            argKey.clear();
        } else if (objectForm && depth == 2 && topKey == "plait") {
            inPlait = true;
        }
        return true;
    }
    bool end_object()
    {
        if (depth == eventDepth && !finishEvent())
            return false;
        if (depth == eventDepth + 1)
            inArgs = false;
        if (depth == 2)
            inPlait = false;
        --depth;
        return true;
    }
    bool start_array(std::size_t)
    {
        if (!enter())
            return false;
        if (eventDepth < 0 && depth == 1 && !objectForm)
            eventDepth = 2; // bare array of events
        else if (eventDepth < 0 && objectForm && depth == 2 && topKey == "traceEvents")
            eventDepth = 3;
        return true;
    }
    bool end_array()
    {
        --depth;
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e)
    {
        errorPosition = position;
        errorText = e.what();
        return false;
    }

    // ---- state
    const TraceReadOptions& options;
    const MemoryBuffer& buffer;
    std::size_t totalBytes = 0;
    int depth = 0, eventDepth = -1;
    bool objectForm = false, inArgs = false, inPlait = false, cancelled = false;
    std::string eventKey, argKey, topKey, plaitKey;
    Event ev;
    std::string limitError;
    std::size_t errorPosition = 0;
    std::string errorText;

    Timeline timeline;
    std::size_t events = 0;
    std::map<std::pair<long long, long long>, LaneInfo> lanes;
    std::map<long long, std::string> processNames;
    std::map<long long, double> processSort;
    std::map<std::string, FlowPoint> flowStarts;
    std::vector<std::pair<FlowPoint, FlowPoint>> flows;
    std::map<std::string, long long> stringIds; // pid/tid given as strings
    std::map<long long, std::string> stringNames; // and back
    // Events not drawn, by reason (a template of messagetext.h and its argument): how many, and the first one.
    struct Skipped {
        std::size_t count = 0;
        std::string event; // its number in the file
        std::string name; // ' "name"', or empty
    };
    std::map<std::pair<std::string, std::string>, Skipped> problems;
    double minTs = INFINITY;

private:
    bool enter()
    {
        if (++depth > options.maxDepth) {
            limitError = "the trace nests deeper than " + std::to_string(options.maxDepth) + " levels";
            return false;
        }
        return true;
    }

    // pid and tid: integers are kept exactly; anything else (Kineto writes "stream 7") gets an id of its own, far
    // below any integer a trace uses, so the two kinds never collide.
    bool integer(std::int64_t v)
    {
        if (depth != eventDepth || (eventKey != "pid" && eventKey != "tid"))
            return false;
        (eventKey == "pid" ? ev.pid : ev.tid) = v;
        return true;
    }
    long long idOf(const std::string* s, double number)
    {
        std::string text;
        if (!s) {
            if (std::isfinite(number) && number == std::floor(number) && std::abs(number) < 9e15)
                return (long long)number;
            text = std::to_string(number);
            s = &text;
        } else {
            errno = 0;
            char* end = nullptr;
            const long long n = std::strtoll(s->c_str(), &end, 10);
            if (!s->empty() && end && *end == 0 && errno == 0 && n > kStringIds)
                return n;
        }
        auto [it, added] = stringIds.try_emplace(*s, kStringIds - (long long)stringIds.size());
        if (added)
            stringNames.emplace(it->second, utf8Prefix(*s, 80));
        return it->second;
    }
    static constexpr long long kStringIds = INT64_MIN / 2;

    // Names and titles are drawn as labels: a hostile trace with a name of megabytes must not make a picture of
    // gigabytes. 256 characters, the plan file's limit for strings.
    static std::string capped(std::string&& s) { return s.size() <= 256 ? std::move(s) : utf8Prefix(s, 256); }

    bool value(std::string* s, double number, const bool* flag)
    {
        if (depth == eventDepth) {
            const std::string& k = eventKey;
            if (k == "ph" && s)
                ev.ph = *s;
            else if (k == "name" && s)
                ev.name = capped(std::move(*s));
            else if (k == "cat" && s)
                ev.cat = capped(std::move(*s));
            else if (k == "ts" && !s && !flag) {
                ev.ts = number;
                ev.hasTs = true;
            } else if (k == "dur" && !s && !flag) {
                ev.dur = number;
                ev.hasDur = true;
            } else if (k == "pid")
                ev.pid = idOf(s, number);
            else if (k == "tid")
                ev.tid = idOf(s, number);
            else if (k == "id")
                ev.id = s ? *s : std::to_string(number);
            else if (k == "bp" && s)
                ev.bp = *s;
        } else if (inArgs && depth == eventDepth + 1) {
            const std::string& k = argKey;
            if (k == "name" && s)
                ev.argName = capped(std::move(*s));
            else if (k == "kind" && s)
                ev.argKind = capped(std::move(*s));
            else if (k == "sort_index" && !s) {
                ev.sortIndex = number;
                ev.hasSortIndex = true;
            } else if (k == "microbatch" && !s)
                ev.microBatch = number;
            else if (k == "stage" && !s)
                ev.stage = number;
            else if (k == "chunk" && !s)
                ev.chunk = number;
            else if (k == "bytes" && !s)
                ev.bytes = number;
            else if (k == "plait_thin" && flag)
                ev.thin = *flag;
        } else if (inPlait && depth == 2) {
            if (plaitKey == "source" && s)
                timeline.source = capped(std::move(*s));
            else if (plaitKey == "schedule" && s)
                timeline.schedule = capped(std::move(*s));
            else if (plaitKey == "plan" && s)
                timeline.title = capped(std::move(*s));
            else if (plaitKey == "stages_share_gpu" && flag)
                timeline.stagesShareGpu = *flag;
        }
        return true;
    }

    void problem(const std::string& key, const std::string& arg = {})
    {
        Skipped& s = problems[{ key, arg }];
        if (s.count++ == 0) {
            s.event = std::to_string(events);
            s.name = ev.name.empty() ? "" : " " + inQuotes(ev.name, 60);
        }
    }

    static int asInt(double v, int lo, int hi)
    {
        return std::isfinite(v) ? int(std::clamp(v, double(lo), double(hi))) : lo;
    }

    Span makeSpan(double start, double end)
    {
        Span sp;
        sp.start = start;
        sp.end = end;
        sp.kind = classifySpan(ev.cat, ev.name, ev.argKind);
        sp.name = timeline.intern(ev.name);
        sp.microBatch = ev.microBatch >= 0 ? asInt(ev.microBatch, -1, 1 << 30) : -1;
        sp.stage = std::int16_t(ev.stage >= 0 ? asInt(ev.stage, -1, 32767) : -1);
        sp.chunk = std::int16_t(ev.chunk >= 0 ? asInt(ev.chunk, -1, 32767) : -1);
        sp.bytes = std::isfinite(ev.bytes) && ev.bytes > 0 ? ev.bytes : 0;
        return sp;
    }

    LaneInfo& lane()
    {
        LaneInfo& l = lanes[{ ev.pid, ev.tid }];
        l.pid = ev.pid;
        l.tid = ev.tid;
        return l;
    }

    bool finishEvent()
    {
        ++events;
        if (events > options.maxEvents) {
            limitError = "the trace has more than " + std::to_string(options.maxEvents) + " events";
            return false;
        }
        if ((events & 0x3fff) == 0 && options.progress && !options.progress(buffer.position(), totalBytes)) {
            cancelled = true;
            return false;
        }
        const std::string& ph = ev.ph;
        const bool timed = ph == "X" || ph == "B" || ph == "E" || ph == "s" || ph == "f" || ph == "t";
        if (timed && (!ev.hasTs || !std::isfinite(ev.ts))) {
            problem("trace:no-ts");
            return true;
        }
        if (timed)
            minTs = std::min(minTs, ev.ts);
        if (ph == "X") {
            if (!ev.hasDur || !std::isfinite(ev.dur))
                problem("trace:x-no-dur");
            else if (ev.dur < 0)
                problem("trace:negative-dur");
            else
                lane().spans.push_back(makeSpan(ev.ts, ev.ts + ev.dur));
        } else if (ph == "B") {
            LaneInfo& l = lane();
            l.open.push_back(l.spans.size());
            l.spans.push_back(makeSpan(ev.ts, NAN));
        } else if (ph == "E") {
            LaneInfo& l = lane();
            if (l.open.empty()) {
                problem("trace:e-no-begin");
            } else {
                Span& sp = l.spans[l.open.back()];
                l.open.pop_back();
                if (ev.ts < sp.start) {
                    problem("trace:negative-dur");
                    sp.end = sp.start; // dropped below
                    sp.start = NAN;
                } else {
                    sp.end = ev.ts;
                }
            }
        } else if (ph == "M") {
            if (ev.name == "thread_name") {
                LaneInfo& l = lane();
                l.name = ev.argName;
                l.thin = ev.thin;
            } else if (ev.name == "thread_sort_index" && ev.hasSortIndex) {
                LaneInfo& l = lane();
                l.sortIndex = ev.sortIndex;
                l.hasSortIndex = true;
            } else if (ev.name == "process_name") {
                processNames[ev.pid] = ev.argName;
            } else if (ev.name == "process_sort_index" && ev.hasSortIndex) {
                processSort[ev.pid] = ev.sortIndex;
            }
        } else if (ph == "s") {
            flowStarts[ev.cat + "\x1f" + ev.id] = { ev.pid, ev.tid, ev.ts };
        } else if (ph == "f") {
            auto it = flowStarts.find(ev.cat + "\x1f" + ev.id);
            if (it == flowStarts.end())
                problem("trace:f-no-start");
            else {
                flows.push_back({ it->second, { ev.pid, ev.tid, ev.ts } });
                flowStarts.erase(it);
            }
        } else if (ph != "t") {
            problem("trace:phase-not-drawn", inQuotes(ph, 8));
        }
        return true;
    }
};

std::string lineAndColumn(std::string_view text, std::size_t position)
{
    position = std::min(position, text.size());
    std::size_t line = 1, lineStart = 0;
    for (std::size_t i = 0; i < position; ++i)
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    return "line " + std::to_string(line) + ", column " + std::to_string(position - lineStart + 1);
}

// "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error while parsing value - x"
// → "syntax error while parsing value - x"
std::string shortReason(const std::string& what)
{
    const auto colon = what.find(": ");
    return validUtf8(colon == std::string::npos ? what : what.substr(colon + 2));
}
}

Result<TraceRead> readChromeTrace(std::string_view text, const TraceReadOptions& options)
{
    if (text.size() > options.maxBytes)
        return Result<TraceRead>::failure("",
            "the trace is " + std::to_string(text.size() >> 20) + " MiB; traces over "
                + std::to_string(options.maxBytes >> 20) + " MiB are refused");
    MemoryBuffer buffer(text);
    std::istream stream(&buffer);
    TraceHandler h(options, buffer, text.size());
    bool ok = false;
    try {
        ok = json::sax_parse(stream, &h, json::input_format_t::json, true);
    } catch (const std::exception& e) {
        return Result<TraceRead>::failure("", std::string("cannot read the trace: ") + e.what());
    }
    if (h.cancelled)
        return Result<TraceRead>::failure("", "cancelled");
    if (!h.limitError.empty())
        return Result<TraceRead>::failure(
            "", h.limitError + " (at byte " + std::to_string(buffer.position()) + "); refused");
    if (!ok) {
        // nlohmann counts the characters read, the failing one included.
        if (h.errorPosition >= text.size() + 1 || text.empty())
            return Result<TraceRead>::failure("",
                "the trace ends early after byte " + std::to_string(text.size()) + " ("
                    + lineAndColumn(text, text.size()) + "): the file is truncated");
        const std::size_t at = h.errorPosition > 0 ? h.errorPosition - 1 : 0;
        return Result<TraceRead>::failure("",
            "malformed JSON at byte " + std::to_string(at) + " (" + lineAndColumn(text, at)
                + "): " + shortReason(h.errorText));
    }
    if (h.eventDepth < 0)
        return Result<TraceRead>::failure(
            "", "not a Chrome trace: expected an array of events or an object with \"traceEvents\"");

    TraceRead out;
    out.events = h.events;
    Timeline& t = out.timeline;
    t.title = std::move(h.timeline.title);
    t.source = std::move(h.timeline.source);
    t.schedule = std::move(h.timeline.schedule);
    t.stagesShareGpu = h.timeline.stagesShareGpu;
    t.names = std::move(h.timeline.names);
    t.nameIndex = std::move(h.timeline.nameIndex);
    // Absolute clocks (Kineto writes epoch microseconds) are moved to start at zero; our traces start at zero.
    const double origin = std::isfinite(h.minTs) && h.minTs > 1e12 ? h.minTs : 0;
    std::vector<LaneInfo*> order;
    for (auto& [key, l] : h.lanes) {
        if (!l.open.empty()) {
            h.ev = Event {};
            h.problems[{ "trace:b-no-end", "" }].count += l.open.size();
        }
        order.push_back(&l);
    }
    auto processKey = [&](long long pid) {
        auto it = h.processSort.find(pid);
        return it == h.processSort.end() ? double(pid) : it->second;
    };
    std::stable_sort(order.begin(), order.end(), [&](const LaneInfo* a, const LaneInfo* b) {
        const double pa = processKey(a->pid), pb = processKey(b->pid);
        if (pa != pb)
            return pa < pb;
        if (a->pid != b->pid)
            return a->pid < b->pid;
        const double sa = a->hasSortIndex ? a->sortIndex : double(a->tid);
        const double sb = b->hasSortIndex ? b->sortIndex : double(b->tid);
        return sa != sb ? sa < sb : a->tid < b->tid;
    });
    std::map<std::pair<long long, long long>, int> laneIndex;
    for (LaneInfo* l : order) {
        Lane lane;
        lane.pid = l->pid;
        lane.tid = l->tid;
        lane.thin = l->thin;
        // Unnamed threads and processes keep the id the trace gave them.
        auto label = [&](long long id, const char* kind) {
            auto it = h.stringNames.find(id);
            return it != h.stringNames.end() ? it->second : kind + std::to_string(id);
        };
        lane.name = l->name.empty() ? label(l->tid, "thread ") : l->name;
        auto pn = h.processNames.find(l->pid);
        lane.group = pn != h.processNames.end() && !pn->second.empty() ? pn->second : label(l->pid, "process ");
        lane.spans.reserve(l->spans.size());
        for (Span& s : l->spans)
            if (std::isfinite(s.start) && std::isfinite(s.end)) {
                s.start = (s.start - origin) * 1e-6;
                s.end = (s.end - origin) * 1e-6;
                lane.spans.push_back(s);
            }
        std::vector<Span>().swap(l->spans);
        laneIndex[{ l->pid, l->tid }] = int(t.lanes.size());
        t.lanes.push_back(std::move(lane));
    }
    t.sortSpans();
    for (const auto& [from, to] : h.flows) {
        auto a = laneIndex.find({ from.pid, from.tid }), b = laneIndex.find({ to.pid, to.tid });
        if (a == laneIndex.end() || b == laneIndex.end()) {
            h.problems[{ "trace:flow-no-thread", "" }].count++;
            continue;
        }
        t.flows.push_back({ a->second, b->second, (from.ts - origin) * 1e-6, (to.ts - origin) * 1e-6 });
    }
    if (!h.flowStarts.empty())
        h.problems[{ "trace:s-no-end", "" }].count += h.flowStarts.size();
    for (const auto& [reason, p] : h.problems) {
        Message what { reason.first, { std::to_string(p.count) } };
        if (!reason.second.empty())
            what.args.push_back(reason.second);
        out.problems.push_back(
            p.event.empty() ? what : Message { "trace:first-event", { p.event, p.name }, { std::move(what) } });
    }
    return out;
}

Result<TraceRead> readChromeTraceFile(const std::string& path, const TraceReadOptions& options)
{
    const Result<TraceBytes> bytes = TraceBytes::read(path, options.maxBytes);
    if (!bytes)
        return Result<TraceRead>(bytes.errors());
    return readChromeTrace(bytes.value().text(), options);
}

namespace {
// Numbers as the shortest text that reads back to the same value (what nlohmann writes), without a document tree.
template <typename T> void putNumber(std::string& out, T x)
{
    if constexpr (std::is_floating_point_v<T>)
        if (!std::isfinite(x)) {
            out += "null";
            return;
        }
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, x);
    out.append(buf, std::size_t(r.ptr - buf));
}

// A JSON string: plain printable ASCII as it is, anything else through the JSON writer.
std::string jsonString(const std::string& s)
{
    const bool plain
        = std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
    return plain ? "\"" + s + "\"" : dumpJson(s);
}
}

void writeChromeTrace(std::ostream& out, const Timeline& t, const json& extra)
{
    json plait = extra.is_object() ? extra : json::object();
    if (!t.source.empty())
        plait["source"] = t.source;
    if (!t.title.empty())
        plait["plan"] = t.title;
    if (!t.schedule.empty())
        plait["schedule"] = t.schedule;
    plait["stages_share_gpu"] = t.stagesShareGpu;
    // displayTimeUnit first: Perfetto looks for it at the start of the file.
    out << "{\"displayTimeUnit\":\"ms\",\"plait\":" << dumpJson(plait) << ",\"traceEvents\":[";
    bool first = true;
    auto event = [&](const json& e) {
        out << (first ? "\n" : ",\n") << dumpJson(e);
        first = false;
    };
    auto meta = [&](const char* name, long long pid, const long long* tid, json args) {
        json e = { { "ph", "M" }, { "pid", pid }, { "name", name }, { "args", std::move(args) } };
        if (tid)
            e["tid"] = *tid;
        event(e);
    };
    std::map<long long, std::string> processes;
    for (const Lane& l : t.lanes)
        processes.emplace(l.pid, l.group);
    int processOrder = 0;
    for (const auto& [pid, name] : processes) {
        meta("process_name", pid, nullptr, { { "name", name } });
        meta("process_sort_index", pid, nullptr, { { "sort_index", processOrder++ } });
    }
    for (std::size_t i = 0; i < t.lanes.size(); ++i) {
        const Lane& l = t.lanes[i];
        json args = { { "name", l.name } };
        if (l.thin)
            args["plait_thin"] = true;
        meta("thread_name", l.pid, &l.tid, std::move(args));
        meta("thread_sort_index", l.pid, &l.tid, { { "sort_index", int(i) } });
    }
    // Complete events and flows, millions of them: each written field by field into a buffer that goes out in
    // chunks; names are escaped once each.
    std::vector<std::string> names(t.names.size());
    for (std::size_t i = 0; i < t.names.size(); ++i)
        names[i] = jsonString(t.names[i]);
    const std::string unnamed = "\"\"";
    std::string buf;
    buf.reserve(1 << 17);
    auto flush = [&](bool always) {
        if (always || buf.size() > (1 << 16)) {
            out.write(buf.data(), std::streamsize(buf.size()));
            buf.clear();
        }
    };
    auto begin = [&](const char* ph, long long pid, long long tid) {
        buf += first ? "\n{\"ph\":\"" : ",\n{\"ph\":\"";
        first = false;
        buf += ph;
        buf += "\",\"pid\":";
        putNumber(buf, pid);
        buf += ",\"tid\":";
        putNumber(buf, tid);
        buf += ",\"ts\":";
    };
    for (const Lane& l : t.lanes)
        for (const Span& s : l.spans) {
            const char* kind = spanKindName(s.kind);
            begin("X", l.pid, l.tid);
            putNumber(buf, s.start * 1e6);
            buf += ",\"dur\":";
            putNumber(buf, (s.end - s.start) * 1e6);
            buf += ",\"name\":";
            buf += s.name < names.size() ? names[s.name] : unnamed;
            buf += ",\"cat\":\"";
            buf += kind;
            buf += "\",\"args\":{\"kind\":\"";
            buf += kind;
            buf += '"';
            if (s.stage >= 0) {
                buf += ",\"stage\":";
                putNumber(buf, int(s.stage));
            }
            if (s.microBatch >= 0) {
                buf += ",\"microbatch\":";
                putNumber(buf, s.microBatch);
            }
            if (s.chunk >= 0) {
                buf += ",\"chunk\":";
                putNumber(buf, int(s.chunk));
            }
            if (s.bytes > 0) {
                buf += ",\"bytes\":";
                putNumber(buf, s.bytes);
            }
            buf += "}}";
            flush(false);
        }
    long long id = 0;
    for (const Flow& f : t.flows) {
        if (f.fromLane < 0 || f.toLane < 0 || f.fromLane >= int(t.lanes.size()) || f.toLane >= int(t.lanes.size()))
            continue;
        const Lane& a = t.lanes[std::size_t(f.fromLane)];
        const Lane& b = t.lanes[std::size_t(f.toLane)];
        ++id;
        for (bool start : { true, false }) {
            begin(start ? "s" : "f", start ? a.pid : b.pid, start ? a.tid : b.tid);
            putNumber(buf, (start ? f.fromTime : f.toTime) * 1e6);
            buf += start ? ",\"id\":" : ",\"bp\":\"e\",\"id\":";
            putNumber(buf, id);
            buf += ",\"name\":\"p2p\",\"cat\":\"p2p\"}";
        }
        flush(false);
    }
    flush(true);
    out << "\n]}\n";
}

json timelineToChromeJson(const Timeline& t, const json& extra)
{
    std::ostringstream text;
    writeChromeTrace(text, t, extra);
    return json::parse(text.str());
}

} // namespace plait
