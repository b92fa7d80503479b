// `plait-probe collectives`: nccl-tests' measurement for the ops Plait costs. Time is the mean of --iters calls
// after --warmup, the slowest rank's; algbw = S/t and busbw = algbw × factor (nccl-tests doc/PERFORMANCE.md),
// out-of-place and in-place; --check counts wrong elements on the GPU; α and β are fitted per op (core).
#include "calibration.h"
#include "commands.h"
#include "gpu.h"
#include "text.h"
#include "world.h"

#include <chrono>
#include <cstdio>

namespace plait::probe {

namespace {

struct Rank {
    int rank = 0; // in the communicator
    int device = 0;
    ncclComm_t comm = nullptr;
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr, stop = nullptr;
    DeviceBuffer send, recv;
    unsigned long long* wrong = nullptr;
};

// Element counts for a buffer of S bytes (nccl-tests' meaning of S for each op).
struct Counts {
    std::size_t send = 0, recv = 0, call = 0; // call: the count passed to NCCL
};
Counts countsFor(CollectiveKind k, std::size_t bytes, int n)
{
    const std::size_t elems = bytes / sizeof(float);
    const std::size_t per = elems / std::size_t(n);
    switch (k) {
    case CollectiveKind::AllReduce:
    case CollectiveKind::SendRecv:
        return { elems, elems, elems };
    case CollectiveKind::AllGather:
        return { per, per * n, per };
    case CollectiveKind::ReduceScatter:
        return { per * n, per, per };
    case CollectiveKind::AllToAll:
        return { per * n, per * n, per };
    }
    return {};
}

// ncclAlltoAll exists from NCCL 2.28.3; before that (or built against older headers) the same exchange as grouped
// sends and receives to every peer, as nccl-tests does.
void launch(CollectiveKind k, Rank& r, const Counts& c, int n, bool inPlace, bool alltoall)
{
    float* send = static_cast<float*>(r.send.data());
    float* recv = static_cast<float*>(r.recv.data());
    switch (k) {
    case CollectiveKind::AllReduce:
        PROBE_NCCL(ncclAllReduce(send, inPlace ? send : recv, c.call, ncclFloat, ncclSum, r.comm, r.stream));
        break;
    case CollectiveKind::AllGather:
        PROBE_NCCL(ncclAllGather(
            inPlace ? recv + std::size_t(r.rank) * c.call : send, recv, c.call, ncclFloat, r.comm, r.stream));
        break;
    case CollectiveKind::ReduceScatter:
        PROBE_NCCL(ncclReduceScatter(
            send, inPlace ? send + std::size_t(r.rank) * c.call : recv, c.call, ncclFloat, ncclSum, r.comm, r.stream));
        break;
    case CollectiveKind::AllToAll:
#if NCCL_VERSION_CODE >= NCCL_VERSION(2, 28, 3)
        if (alltoall) {
            PROBE_NCCL(ncclAlltoAll(send, recv, c.call, ncclFloat, r.comm, r.stream));
            break;
        }
#endif
        (void)alltoall;
        for (int peer = 0; peer < n; ++peer) {
            PROBE_NCCL(ncclSend(send + std::size_t(peer) * c.call, c.call, ncclFloat, peer, r.comm, r.stream));
            PROBE_NCCL(ncclRecv(recv + std::size_t(peer) * c.call, c.call, ncclFloat, peer, r.comm, r.stream));
        }
        break;
    case CollectiveKind::SendRecv:
        PROBE_NCCL(ncclSend(send, c.call, ncclFloat, (r.rank + 1) % n, r.comm, r.stream));
        PROBE_NCCL(ncclRecv(recv, c.call, ncclFloat, (r.rank + n - 1) % n, r.comm, r.stream));
        break;
    }
}

// Fills inputs with each rank's pattern and counts the elements of the output that differ from what the op must
// produce (see fill.cu for the pattern).
void fillInputs(CollectiveKind k, std::vector<Rank>& ranks, const Counts& c)
{
    for (Rank& r : ranks) {
        PROBE_CUDA(cudaSetDevice(r.device));
        fillPattern(static_cast<float*>(r.send.data()), c.send, float(r.rank + 1), 0, r.stream);
        (void)k;
    }
}

void countOutputs(CollectiveKind k, std::vector<Rank>& ranks, const Counts& c, int n)
{
    const float all = float(n) * float(n + 1) / 2;
    for (Rank& r : ranks) {
        PROBE_CUDA(cudaSetDevice(r.device));
        float* out = static_cast<float*>(r.recv.data());
        switch (k) {
        case CollectiveKind::AllReduce:
            countWrong(out, c.recv, all, 0, r.wrong, r.stream);
            break;
        case CollectiveKind::AllGather:
            for (int q = 0; q < n; ++q)
                countWrong(out + std::size_t(q) * c.call, c.call, float(q + 1), 0, r.wrong, r.stream);
            break;
        case CollectiveKind::ReduceScatter:
            countWrong(out, c.recv, all, std::size_t(r.rank) * c.call, r.wrong, r.stream);
            break;
        case CollectiveKind::AllToAll:
            for (int q = 0; q < n; ++q)
                countWrong(out + std::size_t(q) * c.call, c.call, float(q + 1), std::size_t(r.rank) * c.call, r.wrong,
                    r.stream);
            break;
        case CollectiveKind::SendRecv:
            countWrong(out, c.recv, float((r.rank + n - 1) % n + 1), 0, r.wrong, r.stream);
            break;
        }
    }
}

} // namespace

int runCollectives(const Options& options, const World& world)
{
    Options o = options;
    if (o.iters == 0)
        o.iters = 20;
    std::vector<int> devices = selectDevices(o.gpus);
    std::vector<Rank> ranks;
    int n = 0;
    if (world.mpi) {
        // One GPU per process: the node-local rank picks it.
        const int device = devices[std::size_t(world.localRank) % devices.size()];
        n = world.size;
        ncclUniqueId id {};
        if (world.rank == 0)
            PROBE_NCCL(ncclGetUniqueId(&id));
        broadcast(&id, sizeof id, world);
        Rank r;
        r.rank = world.rank;
        r.device = device;
        PROBE_CUDA(cudaSetDevice(device));
        PROBE_NCCL(ncclCommInitRank(&r.comm, n, id, world.rank));
        ranks.push_back(std::move(r));
    } else {
        n = int(devices.size());
        std::vector<ncclComm_t> comms(devices.size());
        PROBE_NCCL(ncclCommInitAll(comms.data(), n, devices.data()));
        for (int i = 0; i < n; ++i) {
            Rank r;
            r.rank = i;
            r.device = devices[std::size_t(i)];
            r.comm = comms[std::size_t(i)];
            ranks.push_back(std::move(r));
        }
    }
    std::vector<ncclComm_t> comms;
    for (Rank& r : ranks) {
        PROBE_CUDA(cudaSetDevice(r.device));
        PROBE_CUDA(cudaStreamCreateWithFlags(&r.stream, cudaStreamNonBlocking));
        PROBE_CUDA(cudaEventCreate(&r.start));
        PROBE_CUDA(cudaEventCreate(&r.stop));
        // Largest buffers any op of the sweep needs (all-gather receives n× its send).
        r.send = DeviceBuffer(r.device, o.maxBytes + 64);
        r.recv = DeviceBuffer(r.device, o.maxBytes + 64);
        PROBE_CUDA(cudaMalloc(&r.wrong, sizeof(unsigned long long)));
        comms.push_back(r.comm);
    }
    int ncclVersion = 0;
    ncclGetVersion(&ncclVersion);
    int runtime = 0;
    cudaRuntimeGetVersion(&runtime);
    const bool leader = world.rank == 0;
    const bool alltoall = ncclVersion >= 22803;
    if (leader && n == 1)
        emit({ { "event", "warning" },
            { "message",
                "one rank measures no link: NCCL copies the buffer in memory (out of place) or does nothing (in "
                "place); the run checks the API and the results only" } });
    const std::vector<std::size_t> sizes = sizeSweep(o.minBytes, o.maxBytes, o.factor);
    if (leader)
        emit({ { "event", "start" }, { "command", "collectives" }, { "ranks", n },
            { "nccl", versionString(ncclVersion) }, { "cuda", cudaVersionString(runtime) } });
    const std::size_t total = sizes.size() * o.ops.size();
    std::size_t done = 0;
    unsigned long long wrongTotal = 0;
    nlohmann::json opsOut = nlohmann::json::array();
    for (CollectiveKind k : o.ops) {
        std::vector<SizePoint> points;
        nlohmann::json rows = nlohmann::json::array();
        for (std::size_t bytes : sizes) {
            const Counts c = countsFor(k, bytes, n);
            ++done;
            if (c.call == 0)
                continue; // fewer bytes than ranks × 4: nothing to move
            const std::size_t S = (k == CollectiveKind::AllGather ? c.recv : c.send) * sizeof(float);
            if (leader)
                emit({ { "event", "progress" }, { "done", done }, { "total", total },
                    { "what", std::string(collectiveName(k)) + " " + std::to_string(S) + " B" } });
            auto deadline = [&] {
                return std::chrono::steady_clock::now() + std::chrono::milliseconds(long(o.deadlineS * 1000));
            };
            auto runMany = [&](int count, bool inPlace) {
                PROBE_NCCL(ncclGroupStart());
                for (int it = 0; it < count; ++it)
                    for (Rank& r : ranks) {
                        PROBE_CUDA(cudaSetDevice(r.device));
                        launch(k, r, c, n, inPlace, alltoall);
                    }
                PROBE_NCCL(ncclGroupEnd());
            };
            // One call per group, as nccl-tests does: a group of many calls on one comm would fuse them.
            auto timed = [&](bool inPlace) {
                for (int it = 0; it < o.warmup; ++it)
                    runMany(1, inPlace);
                for (Rank& r : ranks) {
                    PROBE_CUDA(cudaSetDevice(r.device));
                    PROBE_CUDA(cudaEventRecord(r.start, r.stream));
                }
                for (int it = 0; it < o.iters; ++it)
                    runMany(1, inPlace);
                std::vector<cudaEvent_t> stops;
                for (Rank& r : ranks) {
                    PROBE_CUDA(cudaSetDevice(r.device));
                    PROBE_CUDA(cudaEventRecord(r.stop, r.stream));
                    stops.push_back(r.stop);
                }
                waitWatched(stops, comms, deadline(), collectiveName(k));
                double slowest = 0;
                for (Rank& r : ranks) {
                    float ms = 0;
                    PROBE_CUDA(cudaEventElapsedTime(&ms, r.start, r.stop));
                    slowest = std::max(slowest, double(ms) * 1e3 / o.iters);
                }
                return maxOverRanks(slowest, world);
            };
            unsigned long long wrong = 0;
            if (o.check) {
                fillInputs(k, ranks, c);
                runMany(1, false);
                for (Rank& r : ranks) {
                    PROBE_CUDA(cudaSetDevice(r.device));
                    PROBE_CUDA(cudaMemsetAsync(r.wrong, 0, sizeof(unsigned long long), r.stream));
                }
                countOutputs(k, ranks, c, n);
                for (Rank& r : ranks) {
                    PROBE_CUDA(cudaSetDevice(r.device));
                    unsigned long long w = 0;
                    PROBE_CUDA(cudaMemcpyAsync(&w, r.wrong, sizeof w, cudaMemcpyDeviceToHost, r.stream));
                    PROBE_CUDA(cudaStreamSynchronize(r.stream));
                    wrong += w;
                }
                wrong = sumOverRanks(wrong, world);
                wrongTotal += wrong;
            }
            const double outOfPlace = timed(false);
            // In place on one rank is a no-op: nothing to time.
            const bool hasInPlace = n > 1 && k != CollectiveKind::AllToAll && k != CollectiveKind::SendRecv;
            const double inPlace = hasInPlace ? timed(true) : 0;
            const SizePoint p = sizePoint(k, n, double(S), outOfPlace);
            points.push_back(p);
            nlohmann::json row = { { "event", "result" }, { "op", collectiveName(k) }, { "bytes", S },
                { "time_us", p.timeUs }, { "algbw_gbps", p.algbwGBps }, { "busbw_gbps", p.busbwGBps } };
            if (o.check)
                row["wrong"] = wrong;
            if (hasInPlace) {
                const SizePoint q = sizePoint(k, n, double(S), inPlace);
                row["in_place"]
                    = { { "time_us", q.timeUs }, { "algbw_gbps", q.algbwGBps }, { "busbw_gbps", q.busbwGBps } };
            }
            if (leader)
                emit(row);
            row.erase("event");
            rows.push_back(row);
        }
        const AlphaBetaFit fit = fitAlphaBeta(points, k, n);
        nlohmann::json fitJson = { { "points", fit.points } };
        if (fit.ok())
            fitJson.update({ { "beta_gbps", fit.betaGBps }, { "bus_beta_gbps", fit.busBetaGBps }, { "r2", fit.r2 } });
        if (fit.alphaFitted()) // a sweep that never reaches latency-bound sizes leaves α to noise
            fitJson["alpha_us"] = fit.alphaUs;
        if (leader)
            emit({ { "event", "fit" }, { "op", collectiveName(k) }, { "fit", fitJson } });
        opsOut.push_back({ { "op", collectiveName(k) }, { "results", rows }, { "fit", fitJson } });
    }
    int peers = 1;
    for (std::size_t i = 0; i < devices.size(); ++i)
        for (std::size_t j = 0; j < devices.size(); ++j) {
            int access = 0;
            if (i != j && cudaDeviceCanAccessPeer(&access, devices[i], devices[j]) == cudaSuccess && !access)
                peers = 0;
        }
    nlohmann::json gpus = nlohmann::json::array();
    for (const Rank& r : ranks)
        gpus.push_back(deviceName(r.device));
    const nlohmann::json links = { { "format", "plait-links/1" }, { "ranks", n }, { "hosts", world.hosts },
        { "link_class", linkClassOf(n, world.hosts, peers != 0) }, { "gpus", gpus },
        { "nccl", versionString(ncclVersion) }, { "cuda", cudaVersionString(runtime) }, { "warmup", o.warmup },
        { "iters", o.iters }, { "ops", opsOut } };
    if (leader) {
        writeFileAtomically(o.out, dumpJson(links, 1) + "\n");
        emit({ { "event", "done" }, { "out", o.out } });
    }
    for (Rank& r : ranks) {
        cudaSetDevice(r.device);
        ncclCommDestroy(r.comm);
        cudaFree(r.wrong);
    }
    if (o.check && wrongTotal > 0)
        throw ProbeError(kCheckFailed, "check-failed",
            std::to_string(wrongTotal) + " elements differed from the expected result; see " + o.out);
    return kOk;
}

} // namespace plait::probe
