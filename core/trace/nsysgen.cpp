#include "nsysgen.h"

#include <sqlite3.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>

namespace plait {

namespace {
constexpr const char* kSchema = R"(
CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs INT, utcTime TEXT, localTime TEXT);
CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INT NOT NULL, end INT NOT NULL, deviceId INT NOT NULL,
  contextId INT NOT NULL, streamId INT NOT NULL, correlationId INT, globalPid INT, demangledName INT NOT NULL,
  shortName INT NOT NULL, mangledName INT, launchType INT, cacheConfig INT, registersPerThread INT NOT NULL,
  gridX INT NOT NULL, gridY INT NOT NULL, gridZ INT NOT NULL, blockX INT NOT NULL, blockY INT NOT NULL,
  blockZ INT NOT NULL);
CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INT NOT NULL, end INT NOT NULL, eventClass INT NOT NULL,
  globalTid INT, correlationId INT, nameId INT NOT NULL, returnValue INT NOT NULL, callchainId INT);
CREATE TABLE NVTX_EVENTS (start INT NOT NULL, end INT, eventType INT NOT NULL, rangeId INT, category INT,
  color INT, text TEXT, globalTid INT, endGlobalTid INT, textId INT, domainId INT, uint64Value INT, int64Value INT,
  doubleValue REAL, uint32Value INT, int32Value INT, floatValue REAL, jsonTextId INT, jsonText TEXT);
)";

class Writer {
public:
    explicit Writer(sqlite3* db)
        : m_db(db)
    {
    }
    ~Writer()
    {
        for (auto& [sql, s] : m_statements)
            sqlite3_finalize(s);
    }
    std::int64_t stringId(const std::string& value)
    {
        const auto [it, added] = m_strings.emplace(value, std::int64_t(m_strings.size()) + 1);
        if (added)
            insert("INSERT INTO StringIds VALUES (?, ?)", { it->second }, value);
        return it->second;
    }
    // Binds the numbers, then `text` (when given) after them.
    void insert(const char* sql, const std::vector<std::int64_t>& numbers, const std::string* text = nullptr)
    {
        sqlite3_stmt*& s = m_statements[sql];
        if (!s && sqlite3_prepare_v2(m_db, sql, -1, &s, nullptr) != SQLITE_OK)
            return fail();
        sqlite3_reset(s);
        int i = 1;
        for (const std::int64_t n : numbers)
            sqlite3_bind_int64(s, i++, n);
        if (text)
            sqlite3_bind_text(s, i, text->c_str(), int(text->size()), SQLITE_TRANSIENT);
        if (sqlite3_step(s) != SQLITE_DONE)
            fail();
    }
    void insert(const char* sql, const std::vector<std::int64_t>& numbers, const std::string& text)
    {
        insert(sql, numbers, &text);
    }
    std::string error;

private:
    void fail()
    {
        if (error.empty())
            error = sqlite3_errmsg(m_db);
    }
    sqlite3* m_db;
    std::map<std::string, std::int64_t> m_strings;
    std::map<std::string, sqlite3_stmt*> m_statements;
};

std::int64_t nanoseconds(double us, std::int64_t originNs)
{
    return std::int64_t(std::llround(us * 1000.0)) - originNs;
}

// "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)" → its function's name.
std::string shortNameOf(const std::string& name)
{
    std::string s = name.substr(0, name.find('('));
    if (s.rfind("void ", 0) == 0)
        s.erase(0, 5);
    return s.substr(0, s.find('<'));
}
}

std::string writeNsysReport(const std::string& path, const std::vector<nlohmann::json>& rankTraces, NsysSteps steps)
{
    std::remove(path.c_str());
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
        std::string why = db ? sqlite3_errmsg(db) : "out of memory";
        sqlite3_close(db);
        return why;
    }
    std::string error;
    {
        char* message = nullptr;
        if (sqlite3_exec(db, kSchema, nullptr, nullptr, &message) != SQLITE_OK
            || sqlite3_exec(db, "BEGIN", nullptr, nullptr, &message) != SQLITE_OK) {
            error = message ? message : "the schema could not be made";
            sqlite3_free(message);
        }
    }
    if (error.empty()) {
        Writer w(db); // its statements finalized before the database closes (a close with them open leaks it)
        // The report starts at the first event any process recorded.
        double firstUs = std::numeric_limits<double>::infinity();
        for (const nlohmann::json& trace : rankTraces)
            for (const nlohmann::json& e : trace.at("traceEvents"))
                if (e.contains("ts"))
                    firstUs = std::min(firstUs, e.at("ts").get<double>());
        const std::int64_t originNs = std::isfinite(firstUs) ? std::int64_t(std::floor(firstUs)) * 1000 : 0;
        w.insert("INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (?, '', '')", { originNs });
        const std::int64_t launchName = w.stringId("cudaLaunchKernel_v7000");
        for (std::size_t place = 0; place < rankTraces.size() && error.empty(); ++place) {
            const std::int64_t pid = 1000 + std::int64_t(place), globalPid = pid << 24;
            std::map<std::string, std::int64_t> groupStreams; // in the order this rank first used them
            for (const nlohmann::json& e : rankTraces[place].at("traceEvents")) {
                if (e.value("ph", "") != "X")
                    continue;
                const std::string cat = e.value("cat", ""), name = e.value("name", "");
                const double ts = e.at("ts").get<double>(), dur = e.at("dur").get<double>();
                const std::int64_t start = nanoseconds(ts, originNs), end = nanoseconds(ts + dur, originNs);
                const std::int64_t globalTid = globalPid | (e.value("tid", std::int64_t(0)) & 0xFFFFFF);
                const nlohmann::json args = e.value("args", nlohmann::json::object());
                if (cat == "kernel") {
                    std::int64_t stream = e.value("tid", std::int64_t(7));
                    if (args.contains("Process Group Name"))
                        stream = groupStreams
                                     .emplace(args.at("Process Group Name").get<std::string>(),
                                         20 + std::int64_t(groupStreams.size()))
                                     .first->second;
                    w.insert(
                        "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, contextId, streamId, "
                        "correlationId, globalPid, demangledName, shortName, registersPerThread, gridX, gridY, gridZ, "
                        "blockX, blockY, blockZ) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, 32, 132, 1, 1, 128, 1, 1)",
                        { start, end, std::int64_t(place), stream, args.value("correlation", std::int64_t(0)),
                            globalPid, w.stringId(name), w.stringId(shortNameOf(name)) });
                } else if (cat == "cuda_runtime") {
                    w.insert("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (?, ?, 0, ?, ?, ?, 0, NULL)",
                        { start, end, globalTid, args.value("correlation", std::int64_t(0)), launchName });
                } else if (cat == "user_annotation" && name.rfind("ProfilerStep#", 0) == 0) {
                    // One range's text as a registered string (textId), the other's inline (text): exports have both.
                    if (steps == NsysSteps::ProfilerStep)
                        w.insert("INSERT INTO NVTX_EVENTS (start, end, eventType, globalTid, textId) VALUES (?, ?, 59, "
                                 "?, ?)",
                            { start, end, globalTid, w.stringId(name) });
                    if (steps == NsysSteps::Optimizer)
                        w.insert(
                            "INSERT INTO NVTX_EVENTS (start, end, eventType, globalTid, text) VALUES (?, ?, 59, ?, ?)",
                            { end - 20'000, end, globalTid }, std::string("Optimizer.step#AdamW.step"));
                }
            }
            error = w.error;
        }
    }
    if (error.empty() && sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
        error = sqlite3_errmsg(db);
    sqlite3_close(db);
    return error;
}

} // namespace plait
