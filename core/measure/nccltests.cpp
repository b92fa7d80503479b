#include "nccltests.h"

#include "safejson.h"
#include "text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

namespace plait {

namespace {
constexpr double kMaxBytes = 1e15; // a petabyte: beyond any buffer nccl-tests allocates
constexpr double kMaxTimeUs = 1e12;
// nccl-tests prints times to 0.01 µs; anything below a nanosecond is not a measurement (a denormal gave inf GB/s).
constexpr double kMinTimeUs = 1e-3;
// nccl-tests' widest lines (a device line with a long host name, a header) are a few hundred bytes.
constexpr std::size_t kMaxLineBytes = 64 * 1024;
constexpr std::size_t kMaxRows = 100000, kMaxRuns = 10000, kMaxDevices = 131072;

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}
bool startsWith(std::string_view s, std::string_view p)
{
    return s.substr(0, p.size()) == p;
}
std::vector<std::string_view> words(std::string_view s)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
            ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\t')
            ++j;
        if (j > i)
            out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}
bool allDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}
std::optional<double> number(std::string_view s)
{
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}
// What mpirun --tag-output ("[1,0]<stdout>:"), mpirun's "[0] " and srun -l ("12: ") put before each line.
std::string_view withoutRankPrefix(std::string_view s)
{
    std::string_view t = trim(s);
    if (!t.empty() && t.front() == '[') {
        const std::size_t close = t.find(']');
        if (close != std::string_view::npos && close < 16
            && std::all_of(t.begin() + 1, t.begin() + std::ptrdiff_t(close),
                [](char c) { return (c >= '0' && c <= '9') || c == ','; })) {
            t.remove_prefix(close + 1);
            for (std::string_view tag : { "<stdout>:", "<stderr>:" })
                if (startsWith(t, tag))
                    t.remove_prefix(tag.size());
            return trim(t);
        }
    }
    const std::size_t colon = t.find(':');
    if (colon != std::string_view::npos && colon > 0 && colon < 8 && allDigits(t.substr(0, colon))
        && (colon + 1 == t.size() || t[colon + 1] == ' '))
        return trim(t.substr(colon + 1));
    return t;
}
// "all_reduce_perf" (or "all_reduce_perf_mpi", a path to either) → the collective it measures.
std::optional<CollectiveKind> opOfProgram(std::string_view program)
{
    std::string p(
        program.substr(program.find_last_of('/') == std::string_view::npos ? 0 : program.find_last_of('/') + 1));
    for (char& c : p)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    const std::pair<const char*, CollectiveKind> names[]
        = { { "all_reduce", CollectiveKind::AllReduce }, { "allreduce", CollectiveKind::AllReduce },
              { "all_gather", CollectiveKind::AllGather }, { "allgather", CollectiveKind::AllGather },
              { "reduce_scatter", CollectiveKind::ReduceScatter }, { "reducescatter", CollectiveKind::ReduceScatter },
              { "alltoallv", CollectiveKind::AllToAll }, { "alltoall", CollectiveKind::AllToAll },
              { "all_to_all", CollectiveKind::AllToAll }, { "sendrecv", CollectiveKind::SendRecv } };
    for (const auto& [name, kind] : names)
        if (p.find(name) != std::string::npos)
            return p.find("alltoallv") != std::string::npos ? std::nullopt : std::optional(kind);
    return std::nullopt;
}
bool namesAnyProgram(std::string_view name)
{
    std::string p(name);
    for (char& c : p)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    for (const char* n : { "broadcast", "reduce", "gather", "scatter", "alltoall", "sendrecv", "hypercube" })
        if (p.find(n) != std::string::npos)
            return true;
    return false;
}
std::string programOfName(std::string_view fileName)
{
    std::string_view base
        = fileName.substr(fileName.find_last_of('/') == std::string_view::npos ? 0 : fileName.find_last_of('/') + 1);
    return utf8Prefix(base, 64);
}

// Where the columns of the table are, from its header's names (nccl-tests util.cu prints them).
struct Columns {
    int size = -1, count = -1, type = -1, redop = -1;
    int time[2] = { -1, -1 }, algbw[2] = { -1, -1 }, busbw[2] = { -1, -1 }, wrong[2] = { -1, -1 };
    std::size_t width = 0;
    bool ok() const { return size >= 0 && time[0] >= 0 && (busbw[0] >= 0 || algbw[0] >= 0); }
};
std::optional<Columns> headerColumns(std::string_view body)
{
    const auto names = words(body);
    Columns c;
    int times = 0, algbws = 0, busbws = 0, wrongs = 0;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::string_view n = names[i];
        const int at = int(i);
        if (n == "size")
            c.size = at;
        else if (n == "count")
            c.count = at;
        else if (n == "type")
            c.type = at;
        else if (n == "redop")
            c.redop = at;
        else if ((n == "time" || n == "cputime") && times < 2)
            c.time[times++] = at;
        else if (n == "algbw" && algbws < 2)
            c.algbw[algbws++] = at;
        else if (n == "busbw" && busbws < 2)
            c.busbw[busbws++] = at;
        else if ((n == "#wrong" || n == "error" || n == "errors" || n == "delta") && wrongs < 2)
            c.wrong[wrongs++] = at;
    }
    c.width = names.size();
    if (!c.ok() || c.count < 0)
        return std::nullopt;
    return c;
}

Issue lineIssue(int line, const std::string& message)
{
    return Issue { "line " + std::to_string(line), message };
}
}

namespace {
// A whole number option value: "-g 8", "-g8", "--ngpus=8", "--ngpus 8"; 0 when the words do not give one.
int optionValue(const std::vector<std::string_view>& w, std::size_t& i,
    std::initializer_list<std::string_view> shortNames, std::initializer_list<std::string_view> longNames)
{
    auto whole = [](std::string_view v) {
        int x = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
        return ec == std::errc() && end == v.data() + v.size() && x > 0 && x <= 1 << 20 ? x : 0;
    };
    const std::string_view word = w[i];
    for (std::string_view n : shortNames) {
        if (word == n && i + 1 < w.size())
            return whole(w[++i]);
        if (n.size() == 2 && word.size() > 2 && word.substr(0, 2) == n)
            return whole(word.substr(2));
    }
    for (std::string_view n : longNames) {
        if (word == n && i + 1 < w.size())
            return whole(w[++i]);
        if (word.size() > n.size() + 1 && word.substr(0, n.size()) == n && word[n.size()] == '=')
            return whole(word.substr(n.size() + 1));
    }
    return 0;
}

// The ranks a command line starts: the launcher's tasks (mpirun -np, srun -n or --nodes × --ntasks-per-node) before
// the program at words[program], and its threads (-t) and GPUs per thread (-g) after it; 0 where it does not say.
struct CommandRanks {
    int processes = 0, threads = 0, gpus = 0;
};
CommandRanks commandRanksOf(const std::vector<std::string_view>& w, std::size_t program)
{
    CommandRanks out;
    int nodes = 0, perNode = 0;
    bool launcher = false;
    for (std::size_t i = 0; i < program; ++i) {
        const std::string_view base = w[i].substr(w[i].find_last_of('/') + 1);
        if (base == "mpirun" || base == "mpiexec" || base == "orterun" || base == "srun") {
            launcher = true;
            continue;
        }
        if (!launcher)
            continue;
        if (const int n = optionValue(w, i, { "-np", "-n" }, { "--np", "--n", "--ntasks" }))
            out.processes = n;
        else if (const int m = optionValue(w, i, { "-N" }, { "--nodes" }))
            nodes = m;
        else if (const int k = optionValue(w, i, {}, { "--ntasks-per-node", "--npernode", "-npernode" }))
            perNode = k;
    }
    if (out.processes == 0 && nodes > 0 && perNode > 0)
        out.processes = nodes * perNode;
    for (std::size_t i = program + 1; i < w.size(); ++i) {
        if (const int g = optionValue(w, i, { "-g" }, { "--ngpus" }))
            out.gpus = g;
        else if (const int t = optionValue(w, i, { "-t" }, { "--nthreads" }))
            out.threads = t;
    }
    return out;
}

// The ranks busbw / algbw implies (nccl-tests PERFORMANCE.md: 2(n−1)/n for all-reduce, (n−1)/n for all-gather,
// reduce-scatter and all-to-all), from the largest size whose algbw is printed with enough digits; 0 when the
// ratio does not pin a whole number down.
int ranksFromBandwidths(const NcclTestsRun& r)
{
    if (!r.op
        || (*r.op != CollectiveKind::AllReduce && *r.op != CollectiveKind::AllGather
            && *r.op != CollectiveKind::ReduceScatter && *r.op != CollectiveKind::AllToAll))
        return 0;
    for (auto it = r.rows.rbegin(); it != r.rows.rend(); ++it) {
        const double alg = it->outOfPlace.algbwGBps, bus = it->outOfPlace.busbwGBps;
        if (alg < 10)
            continue;
        const double f = bus / alg;
        const double scale = *r.op == CollectiveKind::AllReduce ? 2 : 1;
        if (!(f < scale) || f <= 0)
            return f == scale / 2 && scale == 2 ? 2 : 0;
        const double n = scale / (scale - f);
        const double whole = std::round(n);
        return whole >= 2 && std::abs(n - whole) < 0.1 ? int(whole) : 0;
    }
    return 0;
}
}

int NcclTestsRun::ranks() const
{
    const long long listed
        = devices.empty() ? (long long)processes * threads * gpusPerThread : (long long)devices.size();
    return int(std::clamp<long long>(listed, 1, kMaxDevices));
}

std::vector<std::string> NcclTestsRun::hosts() const
{
    std::vector<std::string> out;
    for (const NcclTestsDevice& d : devices)
        if (std::find(out.begin(), out.end(), d.host) == out.end())
            out.push_back(d.host);
    return out;
}

bool looksLikeNcclTests(std::string_view head)
{
    if (head.find("nccl-tests version") != std::string_view::npos || head.find("# nThread ") != std::string_view::npos
        || head.find("Collective test starting:") != std::string_view::npos)
        return true;
    // -J: an object with nccl-tests' own keys near the top
    return head.find("\"nccl_version\"") != std::string_view::npos && head.find("\"config\"") != std::string_view::npos;
}

namespace {
Result<NcclTestsLog> readJson(std::string_view text, std::string_view name)
{
    auto doc = parseJson(text);
    if (!doc)
        return doc.errors();
    const nlohmann::json& j = doc.value();
    if (!j.is_object() || !j.contains("results") || !j["results"].is_array())
        return Result<NcclTestsLog>::failure("results", "not an nccl-tests -J file: it has no \"results\" list");
    auto num = [](const nlohmann::json& o, const char* key) -> std::optional<double> {
        const auto it = o.find(key);
        if (it == o.end() || !it->is_number() || !std::isfinite(it->get<double>()))
            return std::nullopt;
        return it->get<double>();
    };
    auto str = [](const nlohmann::json& o, const char* key) {
        const auto it = o.find(key);
        return it != o.end() && it->is_string() ? utf8Prefix(it->get<std::string>(), 128) : std::string();
    };
    NcclTestsRun run;
    if (j.contains("args") && j["args"].is_array() && !j["args"].empty() && j["args"][0].is_string())
        run.program = programOfName(j["args"][0].get<std::string>());
    if (run.program.empty())
        run.program = programOfName(name);
    run.op = opOfProgram(run.program);
    if (const auto v = num(j, "nccl_version"))
        run.version = "NCCL " + std::to_string(static_cast<long long>(*v));
    run.startTime = str(j, "start_time");
    if (j.contains("config") && j["config"].is_object()) {
        const auto& c = j["config"];
        run.threads = int(std::clamp(num(c, "nthreads").value_or(1), 1.0, 1e6));
        run.gpusPerThread = int(std::clamp(num(c, "ngpus").value_or(1), 1.0, 1e6));
        run.minBytes = num(c, "minimum_bytes").value_or(0);
        run.maxBytes = num(c, "maximum_bytes").value_or(0);
        run.warmup = int(std::clamp(num(c, "warmup_iters").value_or(0), 0.0, 1e9));
        run.iterations = int(std::clamp(num(c, "iterations").value_or(0), 0.0, 1e9));
    }
    if (j.contains("devices") && j["devices"].is_array())
        for (const auto& d : j["devices"]) {
            if (!d.is_object() || run.devices.size() >= kMaxDevices)
                continue;
            NcclTestsDevice dev;
            dev.rank = int(std::clamp(num(d, "rank").value_or(double(run.devices.size())), 0.0, 1e7));
            dev.host = str(d, "hostname");
            dev.device = int(std::clamp(num(d, "device").value_or(0), 0.0, 1e6));
            dev.busId = str(d, "device_hex");
            dev.name = str(d, "device_info");
            run.devices.push_back(dev);
        }
    int index = 0;
    for (const auto& r : j["results"]) {
        ++index;
        const std::string field = "results[" + std::to_string(index - 1) + "]";
        if (!r.is_object())
            return Result<NcclTestsLog>::failure(field, "is not an object");
        NcclTestsRow row;
        row.line = index;
        const auto size = num(r, "size");
        if (!size || *size < 0 || *size > kMaxBytes || *size != std::floor(*size))
            return Result<NcclTestsLog>::failure(field + ".size", "must be a whole number of bytes from 0 to 10^15");
        row.bytes = *size;
        row.count = num(r, "count").value_or(0);
        row.type = str(r, "type");
        row.redop = str(r, "redop");
        for (int side = 0; side < 2; ++side) {
            const char* key = side == 0 ? "out_of_place" : "in_place";
            if (!r.contains(key) || !r[key].is_object())
                continue;
            const auto& o = r[key];
            const auto time = num(o, "time") ? num(o, "time") : num(o, "cpu_time");
            if (!time || *time < kMinTimeUs || *time > kMaxTimeUs)
                return Result<NcclTestsLog>::failure(
                    field + "." + key + ".time", "must be a positive number of microseconds");
            NcclTestsSide s;
            s.timeUs = *time;
            s.algbwGBps = std::max(0.0, num(o, "alg_bw").value_or(0));
            s.busbwGBps = std::max(0.0, num(o, "bus_bw").value_or(0));
            s.wrong = num(o, "nwrong").value_or(-1);
            (side == 0 ? row.outOfPlace : row.inPlace) = s;
            row.hasInPlace = row.hasInPlace || side == 1;
        }
        if (row.outOfPlace.timeUs <= 0 && row.hasInPlace)
            row.outOfPlace = row.inPlace; // trace replay writes in-place only
        if (row.outOfPlace.timeUs <= 0)
            return Result<NcclTestsLog>::failure(field, "has neither an out-of-place nor an in-place time");
        if (run.rows.size() >= kMaxRows)
            return Result<NcclTestsLog>::failure("results", "holds more than 100,000 sizes");
        run.rows.push_back(row);
    }
    if (j.contains("average_bus_bandwidth") && j["average_bus_bandwidth"].is_object())
        run.avgBusbwGBps = num(j["average_bus_bandwidth"], "bandwidth").value_or(0);
    if (j.contains("out_of_bounds") && j["out_of_bounds"].is_object() && j["out_of_bounds"].contains("okay")
        && j["out_of_bounds"]["okay"].is_boolean())
        run.outOfBoundsOk = j["out_of_bounds"]["okay"].get<bool>();
    if (run.rows.empty())
        return Result<NcclTestsLog>::failure("results", "is empty: the run measured no size");
    NcclTestsLog log;
    log.runs.push_back(std::move(run));
    return log;
}
}

Result<NcclTestsLog> readNcclTests(std::string_view text, std::string_view name)
{
    if (text.size() > kMaxNcclTestsBytes)
        return Result<NcclTestsLog>::failure("", "the file is larger than 64 MiB, the limit for an nccl-tests log");
    const std::string_view start = trim(text.substr(0, std::min<std::size_t>(text.size(), 4096)));
    if (!start.empty() && start.front() == '{')
        return readJson(text, name);
    if (text.find('\0') != std::string_view::npos)
        return Result<NcclTestsLog>::failure("", "not an nccl-tests log: the file holds binary data");
    if (const int line = firstLineLongerThan(text, kMaxLineBytes))
        return Result<NcclTestsLog>::failure("", longLineText(line, kMaxLineBytes, "an nccl-tests log"));

    NcclTestsLog log;
    NcclTestsRun* run = nullptr;
    std::optional<Columns> columns;
    bool sawParams = false;
    auto begin = [&](int line) {
        if (log.runs.size() >= kMaxRuns)
            return false;
        log.runs.emplace_back();
        run = &log.runs.back();
        run->firstLine = line;
        columns.reset();
        sawParams = false;
        return true;
    };
    int lineNo = 0;
    // A command line that names the program: its line, the program, and the ranks it starts (0 where it does not say).
    struct CommandLine {
        int line = 0;
        std::string program;
        int processes = 0, threads = 0, gpus = 0;
    };
    std::vector<CommandLine> commandPrograms;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t nl = text.find('\n', pos);
        const std::string_view raw = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
        pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
        ++lineNo;
        const std::string_view t = withoutRankPrefix(raw);
        if (t.empty())
            continue;
        if (t.front() == '#') {
            const std::string_view body = trim(t.substr(1));
            const bool fresh = run && run->rows.empty() && !columns;
            if (startsWith(body, "nccl-tests version")) {
                if (!begin(lineNo))
                    break;
                run->version = utf8Prefix(trim(body.substr(std::string_view("nccl-tests version").size())), 128);
            } else if (startsWith(body, "Collective test starting:")) {
                if ((!run || !fresh || !run->program.empty()) && !begin(lineNo))
                    break;
                run->program = utf8Prefix(trim(body.substr(body.find(':') + 1)), 64);
            } else if (startsWith(body, "nThread")) {
                if ((!run || !fresh || sawParams) && !begin(lineNo))
                    break;
                sawParams = true;
                run->paramsLine = true;
                const auto w = words(body);
                for (std::size_t i = 0; i + 1 < w.size(); ++i) {
                    const auto v = number(w[i + 1]);
                    if (!v || *v < 0)
                        continue;
                    if (w[i] == "nThread")
                        run->threads = int(std::clamp(*v, 1.0, 1e6));
                    else if (w[i] == "nGpus")
                        run->gpusPerThread = int(std::clamp(*v, 1.0, 1e6));
                    else if (w[i] == "minBytes")
                        run->minBytes = std::min(*v, kMaxBytes);
                    else if (w[i] == "maxBytes")
                        run->maxBytes = std::min(*v, kMaxBytes);
                    else if (w[i] == "iters:" && i > 0 && w[i - 1] == "warmup")
                        run->warmup = int(std::min(*v, 1e9));
                    else if (w[i] == "iters:" && (i == 0 || (w[i - 1] != "warmup" && w[i - 1] != "agg")))
                        run->iterations = int(std::min(*v, 1e9));
                }
            } else if (startsWith(body, "Rank") && run) {
                // "Rank  0 Group  0 Pid 1666603 on spark-d708 device  0 [000f:01:00] NVIDIA GB10"
                const auto w = words(body);
                NcclTestsDevice d;
                bool haveOn = false, haveDevice = false;
                for (std::size_t i = 0; i + 1 < w.size(); ++i) {
                    if (w[i] == "Rank")
                        d.rank = int(std::clamp(number(w[i + 1]).value_or(0), 0.0, 1e7));
                    else if (w[i] == "on" && !haveOn) {
                        d.host = utf8Prefix(w[i + 1], 128);
                        haveOn = true;
                    } else if (w[i] == "device" && !haveDevice) {
                        d.device = int(std::clamp(number(w[i + 1]).value_or(0), 0.0, 1e6));
                        haveDevice = true;
                    }
                }
                const std::size_t open = body.find('['), close = body.find(']');
                if (open != std::string_view::npos && close != std::string_view::npos && close > open) {
                    d.busId = utf8Prefix(body.substr(open + 1, close - open - 1), 32);
                    d.name = utf8Prefix(trim(body.substr(close + 1)), 128);
                }
                if (haveOn && run->devices.size() < kMaxDevices)
                    run->devices.push_back(d);
            } else if (const auto c = headerColumns(body)) {
                if ((!run || !run->rows.empty()) && !begin(lineNo))
                    break; // a table without the lines that start a run (a log cut at its top)
                columns = c;
            } else if (startsWith(body, "Avg bus bandwidth") && run) {
                const std::size_t colon = body.find(':');
                const auto w
                    = colon == std::string_view::npos ? std::vector<std::string_view>() : words(body.substr(colon + 1));
                if (!w.empty())
                    run->avgBusbwGBps = std::max(0.0, number(w.front()).value_or(0));
            } else if (startsWith(body, "Out of bounds values") && run) {
                run->outOfBoundsOk = body.find("FAILED") == std::string_view::npos;
            } else if (startsWith(body, "Collective test concluded:") && run) {
                if (run->program.empty())
                    run->program = utf8Prefix(trim(body.substr(body.find(':') + 1)), 64);
                columns.reset();
            }
            continue;
        }
        // A data row starts with its size; anything else outside a header (NCCL INFO lines, a shell prompt, the
        // command line) is not part of the table.
        const auto w = words(t);
        // The command line a log often starts with (mpirun … ./build/all_reduce_perf -b 8 …) names the program of
        // the run after it, which nccl-tests before 2.13 does not print.
        if (!columns)
            for (std::size_t k = 0; k < w.size(); ++k)
                if (const std::string_view base = w[k].substr(w[k].find_last_of('/') + 1);
                    base.size() > 5 && base.substr(base.size() - 5) == "_perf" && namesAnyProgram(base)) {
                    const CommandRanks ranks = commandRanksOf(w, k);
                    CommandLine cl { lineNo, {}, ranks.processes, ranks.threads, ranks.gpus };
                    cl.program = utf8Prefix(base, 64);
                    commandPrograms.push_back(std::move(cl));
                    break;
                }
        if (!run || !columns || w.empty())
            continue;
        const Columns& c = *columns;
        // Open MPI's "8 more processes have sent help message …" starts with a number too: a row's count column is
        // a number as well, or the line is not part of the table.
        if (allDigits(w.front()) && c.count > 0
            && (std::size_t(c.count) >= w.size() || !number(w[std::size_t(c.count)])))
            continue;
        // A line as wide as the table whose other cells are numbers is a row with a broken size (NaN, -1, 1e308):
        // an error naming it, not a line to skip (a skipped row once left a one-point curve).
        if (!allDigits(w.front())) {
            const bool rowShaped
                = w.size() == c.width && c.size == 0 && c.time[0] >= 0 && number(w[std::size_t(c.time[0])]).has_value();
            if (!rowShaped)
                continue;
        }
        if (w.size() < c.width)
            return Result<NcclTestsLog>(std::vector<Issue> { lineIssue(lineNo,
                "a row of the table has " + std::to_string(w.size()) + " of its " + std::to_string(c.width)
                    + " columns; the file may be cut short") });
        auto field = [&](int col, double lo, double hi) -> std::optional<double> {
            if (col < 0)
                return 0.0;
            const auto v = number(w[std::size_t(col)]);
            if (!v || *v < lo || *v > hi)
                return std::nullopt;
            return v;
        };
        auto bad = [&](int col, const char* what, const std::string& expected) {
            return Result<NcclTestsLog>(std::vector<Issue> { lineIssue(lineNo,
                std::string("column ") + std::to_string(col + 1) + " (" + what + ") is "
                    + inQuotes(w[std::size_t(col)], 24) + ", " + expected) });
        };
        NcclTestsRow row;
        row.line = lineNo;
        const auto size = field(c.size, 0, kMaxBytes);
        if (!size || *size != std::floor(*size)) // nccl-tests prints whole bytes; 1e-320 B once made a NaN ratio
            return bad(c.size, "size", "not a whole number of bytes from 0 to 10^15");
        row.bytes = *size;
        row.count = field(c.count, 0, 1e18).value_or(0);
        if (c.type >= 0)
            row.type = utf8Prefix(w[std::size_t(c.type)], 16);
        if (c.redop >= 0)
            row.redop = utf8Prefix(w[std::size_t(c.redop)], 16);
        for (int side = 0; side < 2; ++side) {
            if (c.time[side] < 0)
                continue;
            NcclTestsSide s;
            const auto time = field(c.time[side], 0, kMaxTimeUs);
            if (!time || (*time < kMinTimeUs && row.bytes > 0))
                return bad(c.time[side], "time", "not a plausible number of microseconds (0.001 to 10^12)");
            s.timeUs = *time;
            const auto alg = field(c.algbw[side], 0, 1e7), bus = field(c.busbw[side], 0, 1e7);
            if (!alg)
                return bad(c.algbw[side], "algbw", "not a bandwidth in GB/s");
            if (!bus)
                return bad(c.busbw[side], "busbw", "not a bandwidth in GB/s");
            s.algbwGBps = *alg;
            s.busbwGBps = *bus;
            if (c.wrong[side] >= 0) {
                const std::string_view x = w[std::size_t(c.wrong[side])];
                s.wrong = x == "N/A" ? -1 : number(x).value_or(-1);
            }
            (side == 0 ? row.outOfPlace : row.inPlace) = s;
            row.hasInPlace = row.hasInPlace || side == 1;
        }
        if (run->rows.size() >= kMaxRows)
            return Result<NcclTestsLog>(
                std::vector<Issue> { lineIssue(lineNo, "a run holds more than 100,000 sizes") });
        run->rows.push_back(row);
    }
    // Size-0 rows (all_reduce_perf -b 0) time no data; a run of nothing else measured nothing.
    for (const NcclTestsRun& r : log.runs)
        if (!r.rows.empty()
            && std::all_of(r.rows.begin(), r.rows.end(), [](const NcclTestsRow& row) { return row.bytes <= 0; }))
            return Result<NcclTestsLog>(std::vector<Issue> { lineIssue(r.rows.front().line,
                "every row of the run has size 0 (nccl-tests -b 0 -e 0): no bandwidth was measured") });
    // Runs without a table (a failed start) say nothing; each run left must know its collective.
    log.runs.erase(
        std::remove_if(log.runs.begin(), log.runs.end(), [](const NcclTestsRun& r) { return r.rows.empty(); }),
        log.runs.end());
    if (log.runs.empty())
        return Result<NcclTestsLog>::failure("", "not an nccl-tests log: no table of sizes and times was found");
    for (NcclTestsRun& r : log.runs) {
        // The last command line before the run's first row names its program and, for a log that lists no devices
        // and prints no nThread line, the ranks it started.
        const CommandLine* command = nullptr;
        for (auto it = commandPrograms.rbegin(); it != commandPrograms.rend() && !command; ++it)
            if (it->line <= r.rows.front().line)
                command = &*it;
        if (command && r.program.empty())
            r.program = command->program;
        if (r.devices.empty() && command) {
            r.processes = std::max(1, command->processes);
            if (!r.paramsLine) {
                r.threads = std::max(1, command->threads);
                r.gpusPerThread = std::max(1, command->gpus);
            }
            r.ranksFrom = "command";
        } else if (r.devices.empty()) {
            r.ranksFrom = r.paramsLine ? "params" : "";
        }
        if (r.program.empty() && namesAnyProgram(name))
            r.program = programOfName(name);
        if (r.program.empty())
            return Result<NcclTestsLog>(std::vector<Issue> { lineIssue(r.firstLine,
                "the run does not say which collective it measured (nccl-tests before 2.13 prints no \"Collective "
                "test starting\" line): name the file after the program, e.g. all_reduce_perf.log") });
        r.op = opOfProgram(r.program);
        // The rank count sets the bus bandwidth factor; a log that does not say it is read from busbw / algbw, and
        // one that says it is checked against them (a misread command line would cost every link wrongly).
        const int implied = ranksFromBandwidths(r);
        if (r.ranksFrom.empty() && r.op) { // a collective Plait does not use is read whatever its ranks
            if (implied == 0)
                return Result<NcclTestsLog>(std::vector<Issue> { lineIssue(r.firstLine,
                    "the run does not say how many ranks ran: no \"# Rank\" lines, no \"# nThread\" line and no "
                    "command line, and its busbw / algbw do not pin the count down") });
            r.processes = implied;
            r.ranksFrom = "bandwidths";
            log.notes.push_back(r.program + " at line " + std::to_string(r.firstLine) + ": the log does not list its "
                + "ranks; busbw / algbw give " + std::to_string(implied));
        } else if (implied > 0 && implied != r.ranks()) {
            const char* from = r.ranksFrom == "devices" ? "its \"# Rank\" lines list"
                : r.ranksFrom == "params"               ? "its \"# nThread\" line gives"
                                                        : "its command line starts";
            return Result<NcclTestsLog>(std::vector<Issue> { lineIssue(r.firstLine,
                std::string(from) + " " + std::to_string(r.ranks()) + " ranks, but its busbw / algbw imply "
                    + std::to_string(implied) + ": the log is not one run's") });
        }
    }
    for (const NcclTestsRun& r : log.runs)
        if (!r.op) {
            const std::string note = r.program
                + ": read, not used (Plait prices all-reduce, all-gather, "
                  "reduce-scatter, all-to-all and send/recv)";
            if (std::find(log.notes.begin(), log.notes.end(), note) == log.notes.end())
                log.notes.push_back(note);
        }
    return log;
}

std::vector<LinksResult> linksFromNcclTests(const NcclTestsLog& log)
{
    // Runs over the same devices are one measurement of those links.
    std::map<std::string, std::vector<const NcclTestsRun*>> byDevices;
    std::vector<std::string> order;
    for (const NcclTestsRun& r : log.runs) {
        if (!r.op)
            continue;
        std::string key = std::to_string(r.ranks()) + " ranks";
        for (const NcclTestsDevice& d : r.devices)
            key += "|" + d.host + ":" + std::to_string(d.device);
        if (!byDevices.count(key))
            order.push_back(key);
        byDevices[key].push_back(&r);
    }
    std::vector<LinksResult> out;
    for (const std::string& key : order) {
        const auto& runs = byDevices[key];
        const NcclTestsRun& first = *runs.front();
        LinksResult l;
        l.ranks = first.ranks();
        l.hostNames = first.hosts();
        l.hosts = std::max<int>(1, int(l.hostNames.size()));
        l.linkClass = l.hosts > 1 ? "inter_node" : "intra_node_p2p";
        for (const NcclTestsDevice& d : first.devices)
            l.gpus.push_back(d.name);
        std::string programs;
        for (const NcclTestsRun* r : runs) {
            if (programs.find(r->program) == std::string::npos)
                programs += (programs.empty() ? "" : ", ") + r->program;
            // Sizes measured more than once (a repeated run) take the mean time.
            OpSweep* sweep = nullptr;
            for (OpSweep& s : l.ops)
                if (s.op == *r->op)
                    sweep = &s;
            if (!sweep) {
                l.ops.push_back({});
                sweep = &l.ops.back();
                sweep->op = *r->op;
            }
            std::map<double, std::pair<double, int>> times;
            for (const SizePoint& p : sweep->points)
                times[p.bytes] = { p.timeUs, 1 };
            for (const NcclTestsRow& row : r->rows)
                if (row.bytes > 0 && row.outOfPlace.timeUs > 0) {
                    auto& [sum, n] = times[row.bytes];
                    sum = n == 0 ? row.outOfPlace.timeUs : sum + row.outOfPlace.timeUs;
                    ++n;
                }
            sweep->points.clear();
            for (const auto& [bytes, t] : times)
                sweep->points.push_back(sizePoint(sweep->op, l.ranks, bytes, t.first / t.second));
        }
        // A sweep of nothing but size-0 rows measured nothing.
        l.ops.erase(
            std::remove_if(l.ops.begin(), l.ops.end(), [](const OpSweep& s) { return s.points.empty(); }), l.ops.end());
        if (l.ops.empty())
            continue;
        for (OpSweep& s : l.ops)
            s.fit = fitAlphaBeta(s.points, s.op, l.ranks);
        l.source = "nccl-tests " + programs + (first.version.empty() ? "" : " (" + utf8Prefix(first.version, 40) + ")")
            + (first.startTime.empty() ? "" : ", " + first.startTime);
        out.push_back(std::move(l));
    }
    return out;
}

} // namespace plait
