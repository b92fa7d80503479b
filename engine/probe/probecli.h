#pragma once
// The parts of plait-probe that need no GPU: options, size sweeps, the JSON-lines protocol, exit codes and
// atomic output files (contract: shared/contracts/probe.md). Built and tested on every machine.
#include "collective.h"

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace plait::probe {

enum ExitCode {
    kOk = 0,
    kUsage = 2,
    kNoDevice = 3,
    kNcclError = 4,
    kCudaError = 5,
    kOutOfMemory = 6,
    kCheckFailed = 7
};

// A failure that ends the run: its exit code and the contract's error code name.
struct ProbeError : std::runtime_error {
    ProbeError(ExitCode c, std::string n, const std::string& message)
        : std::runtime_error(message)
        , code(c)
        , name(std::move(n))
    {
    }
    ExitCode code;
    std::string name;
};

// "8", "64K", "16M", "1G" (binary multiples, as nccl-tests reads -b/-e).
std::optional<std::size_t> parseBytes(std::string_view text);
// "0,1,2,3" → {0, 1, 2, 3}; no duplicates, no negatives.
std::optional<std::vector<int>> parseGpuList(std::string_view text);
// min, min·factor, ... up to max (inclusive), as nccl-tests -f.
std::vector<std::size_t> sizeSweep(std::size_t minBytes, std::size_t maxBytes, double factor);

struct Options {
    std::string command; // info, collectives, compute, pipeline
    std::vector<int> gpus; // empty = every visible GPU
    std::vector<CollectiveKind> ops = { CollectiveKind::AllReduce, CollectiveKind::AllGather,
        CollectiveKind::ReduceScatter, CollectiveKind::AllToAll, CollectiveKind::SendRecv };
    std::size_t minBytes = 8, maxBytes = std::size_t(1) << 30;
    double factor = 2;
    int warmup = 5;
    int iters = 0; // 0: the command's default (collectives and compute 20, pipeline 3 steps)
    bool check = false;
    std::string out, plan;
    int microBatches = 0; // pipeline: 0 = the plan's
    int maxLayers = 0; // pipeline: 0 = every layer of each stage
    double deadlineS = 300; // a collective or a pipeline step still running after this is a hang
};
// Throws ProbeError(kUsage) naming the bad argument.
Options parseOptions(const std::vector<std::string>& args);
std::string usage();

// One line of the protocol on stdout, flushed at once so a reader sees progress live.
void emit(const nlohmann::json& event);
void emitError(const ProbeError& e);

// Writes `text` to `path` through a temporary file and a rename: the file is complete or absent.
void writeFileAtomically(const std::string& path, const std::string& text);

} // namespace plait::probe
