#pragma once
// Trace texts for tst_timeline, kept out of the test class's file: moc does not read raw string literals.

inline constexpr const char* kTruncated = R"({"traceEvents":[{"ph":"X","ts":1,"dur":2,"pid":0,"tid":0},{"ph":"X","ts)";
inline constexpr const char* kNoEvents = R"({"foo":[1,2]})";
inline constexpr const char* kNegativeDur = R"({"ph":"X","name":"k","ts":5,"dur":-1,"pid":0,"tid":0})";
inline constexpr const char* kMissingDur = R"({"ph":"X","name":"k","ts":5,"pid":0,"tid":0})";
inline constexpr const char* kMissingTs = R"({"ph":"X","name":"k","dur":5,"pid":0,"tid":0})";
inline constexpr const char* kStringDur = R"({"ph":"X","ts":1,"dur":"5","pid":0,"tid":0})";
inline constexpr const char* kEndWithoutBegin = R"({"ph":"E","ts":5,"pid":0,"tid":0})";
inline constexpr const char* kBeginWithoutEnd = R"({"ph":"B","ts":5,"pid":0,"tid":0})";
inline constexpr const char* kCounter = R"({"ph":"C","ts":5,"pid":0,"name":"mem","args":{"v":1}})";
inline constexpr const char* kBeginEndPair = R"({"ph":"B","ts":5,"pid":0,"tid":0},{"ph":"E","ts":9,"pid":0,"tid":0})";
inline constexpr const char* kFlowWithoutEnd = R"({"ph":"s","ts":5,"pid":0,"tid":0,"id":3})";
inline constexpr const char* kKinetoExport = R"({"schemaVersion":1,"traceEvents":[
          {"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1234,"tid":"1234","ts":1700000000000100.0,"dur":50},
          {"ph":"X","cat":"kernel","name":"ncclDevKernel_AllReduce_Sum_bf16_RING_LL","pid":0,"tid":"stream 7","ts":1700000000000120,"dur":30},
          {"ph":"X","cat":"kernel","name":"ncclDevKernel_SendRecv","pid":0,"tid":"stream 9","ts":1700000000000130,"dur":5},
          {"ph":"X","cat":"user_annotation","name":"Optimizer.step#AdamW.step","pid":1234,"tid":"1234","ts":1700000000000200,"dur":10},
          {"ph":"i","name":"marker","pid":0,"tid":0,"ts":1700000000000100,"s":"t"},
          {"ph":"M","name":"thread_name","pid":0,"tid":"stream 7","args":{"name":"stream 7"}}
        ]})";
inline constexpr const char* kEventsOpen = R"({"traceEvents":[)";
inline constexpr const char* kTinyEvent = R"({"ph":"X","ts":1,"dur":1,"pid":0,"tid":0})";
