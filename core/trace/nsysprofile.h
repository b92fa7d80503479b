#pragma once

#include "chrometrace.h"
#include "error.h"
#include "kinetoprofile.h"

#include <string>
#include <string_view>
#include <vector>

namespace plait {

// Nsight Systems' SQLite export (`nsys export --type sqlite`) read as the ranks it profiled (issue 43 A), into the
// same summaries as a Kineto trace: one rank per process that ran CUDA kernels (a report of a whole node, nsys around
// torchrun, holds each of its ranks).
// - Kernels from CUPTI_ACTIVITY_KIND_KERNEL, named by StringIds (the demangled name where exported); their launches
//   (thread, time) from CUPTI_ACTIVITY_KIND_RUNTIME and _DRIVER by correlation id; steps from NVTX ranges named
//   ProfilerStep#N, else between Optimizer.step ranges (torch.autograd.profiler.emit_nvtx names both). Times are
//   nanoseconds since the session's start, put on the epoch where TARGET_INFO_SESSION_START_TIME says when that was.
// - The report does not record ranks: a report of one process takes its rank from the file name ("…rank3…", as
//   `nsys profile -o report_rank%q{RANK}` names it); a report of several takes node N from the file name ("…node2…",
//   else node 0) and numbers its processes by CUDA device as torchrun does (rank = N × processes + local rank). Each
//   such reading is named among the rank's problems.
// - Nor does it record process groups: an NCCL kernel's group is the CUDA stream it ran on ("stream 20"), which
//   PyTorch gives each of a rank's process groups in the order they were made; see the problem it names.
bool isSqliteFile(std::string_view firstBytes); // "SQLite format 3\0"
Result<std::vector<RankProfile>> readNsysProfileFile(const std::string& path, const TraceReadOptions& options = {});

// A job's profile file of either kind, by its first bytes: an Nsight Systems SQLite export (several ranks where the
// report holds several) or one rank's Kineto trace (.json, .json.gz).
Result<std::vector<RankProfile>> readProfileFile(const std::string& path, const TraceReadOptions& options = {});

} // namespace plait
