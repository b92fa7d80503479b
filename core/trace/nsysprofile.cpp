#include "nsysprofile.h"

#include "rankevents.h"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>

namespace plait {

namespace {
struct CloseDb {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
};
struct FinalizeStatement {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Db = std::unique_ptr<sqlite3, CloseDb>;
using Statement = std::unique_ptr<sqlite3_stmt, FinalizeStatement>;

// Nsight Systems' global thread id packs the process id above the thread's 24 bits (and the process's global id is
// the same with no thread): what is left after dropping those bits names the process.
std::int64_t processOf(std::int64_t globalId)
{
    return globalId >> 24;
}

class Reader {
public:
    Reader(sqlite3* db, const TraceReadOptions& options)
        : m_db(db)
        , m_options(options)
    {
    }

    // The columns a table has; empty when the report has no such table (tables are made only for what was traced).
    std::set<std::string> columnsOf(const std::string& table)
    {
        std::set<std::string> columns;
        Statement s = prepare("SELECT name FROM pragma_table_info('" + table + "')");
        while (s && sqlite3_step(s.get()) == SQLITE_ROW)
            columns.insert(text(s.get(), 0));
        return columns;
    }

    Statement prepare(const std::string& sql)
    {
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(m_db, sql.c_str(), int(sql.size()), &s, nullptr) != SQLITE_OK) {
            m_error = sqlite3_errmsg(m_db); // the latest failure's, not an optional query's before it
            sqlite3_finalize(s);
            return nullptr;
        }
        return Statement(s);
    }

    // Steps a query's rows, with the event limit and the caller's progress (cancel) applied; false when it stopped.
    template <typename Row> bool rows(sqlite3_stmt* s, Row row)
    {
        for (;;) {
            const int rc = sqlite3_step(s);
            if (rc == SQLITE_DONE)
                return true;
            if (rc != SQLITE_ROW) {
                m_error = sqlite3_errmsg(m_db);
                return false;
            }
            if (++m_events > m_options.maxEvents) {
                m_error = "the report has more than " + std::to_string(m_options.maxEvents) + " events";
                return false;
            }
            if (m_options.progress && m_events % 65536 == 0 && !m_options.progress(m_events, 0)) {
                m_error = "cancelled";
                return false;
            }
            row(s);
        }
    }

    static std::string text(sqlite3_stmt* s, int column)
    {
        const unsigned char* t = sqlite3_column_text(s, column);
        return t ? std::string(reinterpret_cast<const char*>(t), std::size_t(sqlite3_column_bytes(s, column)))
                 : std::string();
    }

    const std::string& error() const { return m_error; }

private:
    sqlite3* m_db;
    const TraceReadOptions& m_options;
    std::string m_error;
    std::size_t m_events = 0;
};

// The number that follows `token` in a file name, case aside ("report_rank12.sqlite", "node-3"); −1 where none does.
int numberAfter(const std::string& fileName, std::string_view token)
{
    std::string lower = fileName;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (std::size_t at = lower.find(token); at != std::string::npos; at = lower.find(token, at + 1)) {
        std::size_t digits = at + token.size();
        while (digits < lower.size() && (lower[digits] == '_' || lower[digits] == '-' || lower[digits] == '='))
            ++digits;
        int n = -1;
        const auto [end, ec] = std::from_chars(lower.data() + digits, lower.data() + lower.size(), n);
        if (ec == std::errc() && end != lower.data() + digits)
            return n;
    }
    return -1;
}

struct Process {
    RankEvents events;
    std::set<std::int64_t> devices;
};

Result<std::vector<RankProfile>> failure(const std::string& path, const std::string& why)
{
    return Result<std::vector<RankProfile>>::failure("", path + ": " + why);
}
}

bool isSqliteFile(std::string_view firstBytes)
{
    static constexpr std::string_view kMagic("SQLite format 3\0", 16);
    return firstBytes.substr(0, kMagic.size()) == kMagic;
}

Result<std::vector<RankProfile>> readNsysProfileFile(const std::string& path, const TraceReadOptions& options)
{
    // Read-only and immutable: nothing is written beside the user's file, and no lock is taken on it. The path is a
    // URI's: its '%', '?' and '#' escaped.
    std::string uri = "file:";
    for (const char c : path) {
        if (c == '%' || c == '?' || c == '#') {
            static constexpr char kHex[] = "0123456789ABCDEF";
            uri += '%';
            uri += kHex[(unsigned char)c >> 4];
            uri += kHex[c & 15];
        } else
            uri += c;
    }
    uri += "?immutable=1";
    sqlite3* raw = nullptr;
    const int opened
        = sqlite3_open_v2(uri.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nullptr);
    Db db(raw);
    if (opened != SQLITE_OK)
        return failure(path, std::string("not readable as an SQLite database: ") + sqlite3_errmsg(raw));
    Reader reader(db.get(), options);
    // A query that stopped: cancelled as such, else what it was reading and why.
    auto stopped = [&](const char* reading) {
        return failure(path, reader.error() == "cancelled" ? reader.error() : reading + reader.error());
    };

    const std::set<std::string> kernelColumns = reader.columnsOf("CUPTI_ACTIVITY_KIND_KERNEL");
    if (!reader.error().empty())
        return failure(path, "not readable as an SQLite database: " + reader.error());
    if (kernelColumns.empty())
        return failure(path,
            "no CUDA kernels in this Nsight Systems export (no CUPTI_ACTIVITY_KIND_KERNEL table): profile with "
            "--trace=cuda");
    if (reader.columnsOf("StringIds").empty())
        return failure(path, "no StringIds table: not an Nsight Systems export");
    auto has = [&kernelColumns](const char* c) { return kernelColumns.count(c) > 0; };
    if (!has("start") || !has("end") || (!has("demangledName") && !has("shortName")))
        return failure(path,
            "CUPTI_ACTIVITY_KIND_KERNEL has no start, end or kernel name: an export this reader "
            "does not know");

    double epochUs = 0;
    if (!reader.columnsOf("TARGET_INFO_SESSION_START_TIME").empty())
        if (Statement s = reader.prepare("SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME LIMIT 1"))
            if (sqlite3_step(s.get()) == SQLITE_ROW)
                epochUs = double(sqlite3_column_int64(s.get(), 0)) / 1000.0;
    auto us
        = [epochUs](sqlite3_stmt* s, int column) { return epochUs + double(sqlite3_column_int64(s, column)) / 1000.0; };

    std::map<std::int64_t, Process> processes;
    auto column = [&has](const char* c) { return has(c) ? std::string("k.") + c : std::string("0"); };
    const std::string name = has("demangledName") && has("shortName") ? "COALESCE(d.value, s.value)"
        : has("demangledName")                                        ? "d.value"
                                                                      : "s.value";
    const std::string kernels = "SELECT k.start, k.\"end\", " + column("streamId") + ", " + column("correlationId")
        + ", " + column("globalPid") + ", " + column("deviceId") + ", " + name + ", " + column("gridX") + ", "
        + column("gridY") + ", " + column("gridZ") + " FROM CUPTI_ACTIVITY_KIND_KERNEL AS k"
        + (has("demangledName") ? " LEFT JOIN StringIds AS d ON d.id = k.demangledName" : "")
        + (has("shortName") ? " LEFT JOIN StringIds AS s ON s.id = k.shortName" : "");
    Statement s = reader.prepare(kernels);
    if (!s)
        return failure(path, "its kernels could not be read: " + reader.error());
    std::set<std::int64_t> streams;
    const bool hasGrid = has("gridX");
    const bool read = reader.rows(s.get(), [&](sqlite3_stmt* row) {
        const double start = us(row, 0), end = us(row, 1);
        if (!(end >= start))
            return;
        const std::int64_t stream = sqlite3_column_int64(row, 2);
        Process& p = processes[processOf(sqlite3_column_int64(row, 4))];
        p.devices.insert(sqlite3_column_int64(row, 5));
        ++p.events.profile.events;
        const std::string kernel = Reader::text(row, 6);
        const bool nccl = kernel.rfind("nccl", 0) == 0;
        if (nccl)
            streams.insert(stream);
        std::uint64_t grid = 0;
        for (int c = 7; hasGrid && c < 10; ++c)
            grid = withGridDimension(grid, sqlite3_column_int64(row, c));
        p.events.addKernel(kernel, {}, nccl ? "stream " + std::to_string(stream) : std::string(), start, end,
            sqlite3_column_int64(row, 3), 0, 0, grid);
    });
    if (!read)
        return stopped("its kernels: ");
    if (processes.empty())
        return failure(path, "the report ran no CUDA kernels");

    // Copies and memsets: the GPU busy with no kernel running (a kernel queued behind one has not waited on itself).
    for (const char* table : { "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET" }) {
        const std::set<std::string> cols = reader.columnsOf(table);
        if (!cols.count("start") || !cols.count("end") || !cols.count("globalPid"))
            continue;
        Statement copies = reader.prepare(std::string("SELECT start, \"end\", globalPid FROM ") + table);
        if (!copies || !reader.rows(copies.get(), [&](sqlite3_stmt* row) {
                const auto p = processes.find(processOf(sqlite3_column_int64(row, 2)));
                const double start = us(row, 0), end = us(row, 1);
                if (p != processes.end() && end >= start)
                    p->second.events.copies.push_back({ start, end });
            }))
            return stopped("its copies: ");
    }

    // Launches: the host thread and time of each kernel's launch, by the correlation id CUPTI gives both.
    for (const char* table : { "CUPTI_ACTIVITY_KIND_RUNTIME", "CUPTI_ACTIVITY_KIND_DRIVER" }) {
        const std::set<std::string> cols = reader.columnsOf(table);
        if (!cols.count("correlationId") || !cols.count("globalTid") || !cols.count("start") || !cols.count("end"))
            continue;
        Statement launches = reader.prepare(std::string("SELECT start, correlationId, globalTid, \"end\" FROM ") + table
            + " WHERE correlationId IN (SELECT correlationId FROM CUPTI_ACTIVITY_KIND_KERNEL)");
        if (!launches || !reader.rows(launches.get(), [&](sqlite3_stmt* row) {
                const std::int64_t thread = sqlite3_column_int64(row, 2);
                const auto p = processes.find(processOf(thread));
                if (p == processes.end())
                    return;
                ++p->second.events.profile.events;
                p->second.events.launches[sqlite3_column_int64(row, 1)] = { thread, us(row, 0), us(row, 3) };
            }))
            return stopped("its launches: ");
    }

    // Steps and the optimizer, from NVTX ranges (push/pop 59, start/end 60) named as PyTorch's profiler names them.
    const std::set<std::string> nvtx = reader.columnsOf("NVTX_EVENTS");
    if (nvtx.count("start") && nvtx.count("end") && nvtx.count("globalTid") && nvtx.count("text")) {
        const std::string text = nvtx.count("textId") ? "COALESCE(n.text, t.value)" : "n.text";
        Statement ranges
            = reader.prepare("SELECT n.start, n.\"end\", n.globalTid, " + text + " AS name FROM NVTX_EVENTS AS n"
                + (nvtx.count("textId") ? " LEFT JOIN StringIds AS t ON t.id = n.textId" : "")
                + " WHERE n.\"end\" IS NOT NULL" + (nvtx.count("eventType") ? " AND n.eventType IN (59, 60)" : "")
                + " AND (name GLOB 'ProfilerStep#*' OR name GLOB 'Optimizer.step*')"); // GLOB, unlike LIKE, minds case
        if (!ranges || !reader.rows(ranges.get(), [&](sqlite3_stmt* row) {
                const std::int64_t thread = sqlite3_column_int64(row, 2);
                const auto p = processes.find(processOf(thread));
                const double start = us(row, 0), end = us(row, 1);
                if (p == processes.end() || !(end >= start))
                    return;
                ++p->second.events.profile.events;
                p->second.events.addHostRange(Reader::text(row, 3), start, end, thread);
            }))
            return stopped("its NVTX ranges: ");
    }

    // Ranks: the file name says which, as the launcher named the report.
    const std::string file = std::filesystem::path(path).filename().string();
    const int processCount = int(processes.size());
    const int fileRank = numberAfter(file, "rank");
    int node = numberAfter(file, "node");
    if (node > 100'000) // not a node number a job has
        node = -1;
    std::vector<std::int64_t> devices;
    for (const auto& [id, p] : processes)
        devices.push_back(p.devices.empty() ? 0 : *p.devices.begin());
    std::vector<std::int64_t> sortedDevices = devices;
    std::sort(sortedDevices.begin(), sortedDevices.end());
    const bool distinctDevices = std::adjacent_find(sortedDevices.begin(), sortedDevices.end()) == sortedDevices.end();

    std::vector<RankProfile> out;
    std::size_t index = 0;
    for (auto& [id, p] : processes) {
        RankEvents& e = p.events;
        std::vector<Message>& problems = e.profile.problems;
        if (processCount == 1 && fileRank >= 0) {
            e.profile.rank = fileRank;
            problems.push_back({ "trace:nsys-rank-from-name", {} });
        } else if (processCount > 1 && distinctDevices) {
            const auto local
                = std::lower_bound(sortedDevices.begin(), sortedDevices.end(), devices[index]) - sortedDevices.begin();
            e.profile.rank = std::max(node, 0) * processCount + int(local);
            problems.push_back({ node < 0 ? "trace:nsys-torchrun-numbering-no-node" : "trace:nsys-torchrun-numbering",
                { std::to_string(std::max(node, 0)), file, std::to_string(processCount) } });
        } else {
            problems.push_back({ "trace:nsys-rank-unknown", { std::to_string(id & 0xFFFFFF) } });
        }
        if (!streams.empty())
            problems.push_back({ "trace:nsys-no-groups", {} });
        ++index;
        out.push_back(finishRankProfile(std::move(e)));
    }
    return Result<std::vector<RankProfile>>(std::move(out));
}

Result<std::vector<RankProfile>> readProfileFile(const std::string& path, const TraceReadOptions& options)
{
    char head[16] = {};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Result<std::vector<RankProfile>>::failure("", path + ": cannot be opened");
    in.read(head, sizeof head);
    if (isSqliteFile(std::string_view(head, std::size_t(in.gcount()))))
        return readNsysProfileFile(path, options);
    Result<RankProfile> rank = readKinetoProfileFile(path, options);
    if (!rank)
        return Result<std::vector<RankProfile>>(rank.errors());
    return Result<std::vector<RankProfile>>(std::vector<RankProfile> { std::move(rank.value()) });
}

} // namespace plait
