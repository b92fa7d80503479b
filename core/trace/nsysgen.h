#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace plait {

// Generated ranks' Kineto traces (kinetogen.h) written as Nsight Systems exports a report to SQLite (issue 43 D), so
// the tests can read one job both ways: tables StringIds, CUPTI_ACTIVITY_KIND_KERNEL, CUPTI_ACTIVITY_KIND_RUNTIME,
// NVTX_EVENTS and TARGET_INFO_SESSION_START_TIME with the columns a real export has (a subset of them). Each trace
// is a process of its own (process id 1000 + its place, CUDA device its place), its times in nanoseconds since the
// report's start. A process group's NCCL kernels run on a stream of their own, numbered by the order the rank first
// used the group, as PyTorch's streams are. How steps are marked:
enum class NsysSteps {
    ProfilerStep, // NVTX ranges ProfilerStep#N, as Kineto's user annotations
    Optimizer, // only an Optimizer.step#AdamW.step range closing each step (Megatron-LM under emit_nvtx)
    None,
};
// The error, or empty when written. An existing file is replaced.
std::string writeNsysReport(
    const std::string& path, const std::vector<nlohmann::json>& rankTraces, NsysSteps steps = NsysSteps::ProfilerStep);

} // namespace plait
