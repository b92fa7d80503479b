#pragma once

#include "error.h"
#include "proberesults.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plait {

// nccl-tests' output as users have it (NVIDIA/nccl-tests src/util.cu): the text tables of all_reduce_perf,
// all_gather_perf, reduce_scatter_perf, alltoall_perf, sendrecv_perf and the others, one run or many concatenated,
// from one node or many (ranks' "[0]" or "0:" prefixes from mpirun and srun stripped), the layouts of 2.x (no root
// column, "error" for "#wrong") to today's (per-iteration columns, "N/A" without checking), columns found by their
// names in the header; and the -J JSON file (version 3).
struct NcclTestsSide {
    double timeUs = 0, algbwGBps = 0, busbwGBps = 0;
    double wrong = -1; // elements wrong; −1: not checked (N/A)
};
struct NcclTestsRow {
    double bytes = 0;
    double count = 0;
    std::string type, redop;
    NcclTestsSide outOfPlace, inPlace;
    bool hasInPlace = false;
    int line = 0; // 1-based, in the file
};
struct NcclTestsDevice {
    int rank = 0;
    std::string host;
    int device = 0;
    std::string busId, name; // "0000:04:00", "NVIDIA H100 80GB HBM3"
};
struct NcclTestsRun {
    std::string program; // "all_reduce_perf"
    std::optional<CollectiveKind> op; // null: broadcast, reduce, gather, scatter, … (read, not modelled)
    std::string version; // nccl-tests and NCCL as the run printed them
    std::string startTime; // the JSON's start_time; empty for text
    int threads = 1, gpusPerThread = 1, warmup = 0, iterations = 0;
    int processes = 1; // MPI or Slurm tasks, from the command line (mpirun -np, srun -n); the log does not print it
    // Where the rank count comes from: "devices" (the Rank lines), "params" (the nThread line), "command" (-g, -t
    // and the launcher's -np on the command line), "bandwidths" (busbw / algbw, which depends on it).
    std::string ranksFrom = "devices";
    bool paramsLine = false; // the run printed its "# nThread … nGpus …" line
    double minBytes = 0, maxBytes = 0;
    std::vector<NcclTestsDevice> devices;
    std::vector<NcclTestsRow> rows;
    double avgBusbwGBps = 0;
    bool outOfBoundsOk = true;
    int firstLine = 1;

    int ranks() const; // the devices listed, else processes × threads × GPUs per thread
    std::vector<std::string> hosts() const; // distinct, in rank order
};
struct NcclTestsLog {
    std::vector<NcclTestsRun> runs;
    std::vector<std::string> notes; // what was read but is not used, said once each
};

// `name` is the file's name: it says which collective a run is when its text does not ("all_gather_perf.log").
// A row that breaks the table (too few columns, a size or time that is not a positive number) is an error that
// names its line and column; so is a file with no table at all.
inline constexpr std::size_t kMaxNcclTestsBytes = 64u << 20;
Result<NcclTestsLog> readNcclTests(std::string_view text, std::string_view name = {});
bool looksLikeNcclTests(std::string_view head); // the first bytes of a file: nccl-tests text or -J JSON

// The runs' out-of-place sweeps as plait-probe's LINKS.json holds them, one result per set of ranks (runs over the
// same devices are one result with one sweep per op): what the calibration panel and the plan's links take. The
// link class is inter_node when the ranks span hosts.
std::vector<LinksResult> linksFromNcclTests(const NcclTestsLog& log);

} // namespace plait
