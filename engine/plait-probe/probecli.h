#pragma once
// The parts of plait-probe that need no GPU: options, size sweeps, the JSON-lines protocol, exit codes and
// atomic output files (contract: shared/contracts/probe.md). Built and tested on every machine.
#include "collective.h"
#include "probeexit.h"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace plait::probe {

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
    double soakS = 5; // compute: seconds of the largest GEMM before measuring, for sustained clocks and power
};
// Throws ProbeError(kUsage) naming the bad argument.
Options parseOptions(const std::vector<std::string>& args);
std::string usage();

// Driver entry points plait-probe looks up at run time (cudaGetDriverEntryPointByVersion), each at the CUDA version
// its ABI appeared in (the PFN_<name>_vNNNNN typedefs of cudaTypedefs.h): asking for cuGreenCtxStreamCreate at
// 12.4 fails, it exists from 12.5. 0 for a name the probe does not use.
int driverSymbolVersion(std::string_view symbol);

// What one link measurement is of: "self" for one rank (NCCL then copies in memory, and in-place is a no-op: no
// link is measured), "inter_node" across hosts, else peer-to-peer or through the host inside one.
std::string linkClassOf(int ranks, int hosts, bool allPeersAccessible);

// The median and spread of repeated timings (each iteration timed on its own).
struct Spread {
    double median = 0, p10 = 0, p90 = 0, min = 0, max = 0;
    int count = 0;
};
Spread spreadOf(std::vector<double> samples);

// How many sets of a GEMM's operands to rotate through so that, together, they are over twice the L2 cache (no
// operand stays cached from one iteration to the next), within the memory available; at least one.
int rotatingSets(std::size_t setBytes, std::size_t l2Bytes, std::size_t availableBytes);

// SMs for each of `stages` green contexts on a GPU of `smCount`, in whole multiples of the partition alignment and
// at least its minimum (sm_90: 8 and 8); 0 when the GPU cannot be split that many ways.
unsigned smsPerStage(unsigned smCount, int stages, unsigned minPartition, unsigned alignment);

// One split to ask the driver for: `smsEach` SMs per group, keeping the GPU's co-scheduling rules or treating its
// SMs one by one (CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING).
struct SmSplitTry {
    bool coscheduled = true;
    unsigned smsEach = 0;
    bool operator==(const SmSplitTry&) const = default;
};
// The splits to try, best first, for `stages` sharing a GPU: with co-scheduling, smsPerStage's count, then smaller
// multiples of the alignment down to the minimum partition (the driver may make fewer groups than a division
// promises, for its cluster rules); then SM by SM, even counts from the largest that fits down to half of it (an
// odd count fails: 33 rounds up to 34 on Hopper, and 4 × 34 > 132). Empty when no stage could get the minimum.
std::vector<SmSplitTry> smSplitTries(unsigned smCount, int stages, unsigned minPartition, unsigned alignment);

// The layouts training runs its GEMMs in (cuBLAS column-major op(A), op(B)): forward TN, input gradient NN,
// weight gradient NT. Same FLOPs, different memory access; the probe times each pass in its own.
enum class GemmLayout { TN, NN, NT };
const char* layoutName(GemmLayout layout);

// bf16 as the top 16 bits of an IEEE float (rounded to nearest even), as cuBLAS reads and writes it.
std::uint16_t floatToBf16(float value);
float bf16ToFloat(std::uint16_t value);
// What runGemm must compute, in double on the CPU from the same bf16 operands: C (m×n, column-major) = op(A)·op(B),
// A stored k×m for TN (lda = k) else m×k (lda = m), B stored n×k for NT (ldb = n) else k×n (ldb = k). The GEMM check
// compares cuBLAS with it before anything is timed: a wrong layout would time the wrong problem.
std::vector<double> referenceGemm(
    GemmLayout layout, int m, int n, int k, const std::vector<std::uint16_t>& a, const std::vector<std::uint16_t>& b);
// ‖result − reference‖ / ‖reference‖ (Frobenius); 1 for sizes that differ or a zero reference, NaN stays NaN.
double relativeError(const std::vector<double>& reference, const std::vector<std::uint16_t>& result);

// A plan that cannot be used, named once: "FILE: why", unless the reason already names the file.
std::string planError(const std::string& path, const std::string& why);

// One line of the protocol on stdout, flushed at once so a reader sees progress live.
void emit(const nlohmann::json& event);
void emitError(const ProbeError& e);

// Writes `text` to `path` through a temporary file and a rename: the file is complete or absent.
void writeFileAtomically(const std::string& path, const std::string& text);

} // namespace plait::probe
