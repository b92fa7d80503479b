// `plait-probe pipeline`: runs the plan's pipeline schedule — core's own op lists — on real GPUs. Each op runs
// the GEMMs of its stage's layers (core's layerGemms shapes) with cuBLAS on the stage's stream; activations and
// gradients move between stages by NCCL send/recv (one two-rank communicator and one stream pair per stage
// boundary and direction, so transfers never wait on each other), or by device copies when both stages share a GPU.
// With fewer GPUs than stages, the stages on one GPU get their own slice of its SMs through CUDA green contexts,
// or, where the driver refuses them, ordinary streams with cuBLAS told its share of the SMs (the trace says which).
// Every op and transfer is timed with CUDA events; the last measured step is written as the contract's TRACE.json.
#include "commands.h"
#include "gpu.h"
#include "plan.h"
#include "probeplan.h"
#include "text.h"

#include <cuda.h>
#include <cudaTypedefs.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <map>
#include <tuple>

namespace plait::probe {

namespace {

// Driver entry points for green contexts, looked up at run time so the probe still starts (and exits 3) on a
// machine without a driver; each at the version of its ABI (driverSymbolVersion), typed by its PFN typedef.
struct GreenApi {
    PFN_cuDeviceGetDevResource_v12040 getResource = nullptr;
    PFN_cuDevSmResourceSplitByCount_v12040 split = nullptr;
    PFN_cuDevResourceGenerateDesc_v12040 generateDesc = nullptr;
    PFN_cuGreenCtxCreate_v12040 create = nullptr;
    PFN_cuGreenCtxStreamCreate_v12050 streamCreate = nullptr;
    std::string missing; // the first entry point the driver did not give, and why
    bool ok() const { return getResource && split && generateDesc && create && streamCreate; }
};

GreenApi loadGreenApi()
{
    GreenApi g;
    auto get = [&g](const char* name, auto& fn) {
        void* p = nullptr;
        cudaDriverEntryPointQueryResult status {};
        const cudaError_t err = cudaGetDriverEntryPointByVersion(
            name, &p, unsigned(driverSymbolVersion(name)), cudaEnableDefault, &status);
        if (err == cudaSuccess && status == cudaDriverEntryPointSuccess && p)
            fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(p);
        else if (g.missing.empty())
            g.missing = std::string(name) + " at CUDA " + std::to_string(driverSymbolVersion(name)) + ": "
                + (err != cudaSuccess                                       ? cudaGetErrorString(err)
                        : status == cudaDriverEntryPointVersionNotSufficent ? "the driver is older"
                                                                            : "not found");
    };
    get("cuDeviceGetDevResource", g.getResource);
    get("cuDevSmResourceSplitByCount", g.split);
    get("cuDevResourceGenerateDesc", g.generateDesc);
    get("cuGreenCtxCreate", g.create);
    get("cuGreenCtxStreamCreate", g.streamCreate);
    return g;
}

// Streams for `count` stages sharing `device`, each limited to its own group of SMs; empty (with the reason and
// the driver's result code) when the GPU or the driver cannot.
std::vector<cudaStream_t> greenStreams(const GreenApi& api, int device, int count, int* smsEach, std::string* why)
{
    if (!api.ok()) {
        *why = "no green contexts: " + api.missing;
        return {};
    }
    auto failed = [why](const std::string& what, CUresult r) {
        *why = what + " failed (CUresult " + std::to_string(int(r)) + ")";
        return std::vector<cudaStream_t> {};
    };
    CUdevResource all {};
    if (const CUresult r = api.getResource(CUdevice(device), &all, CU_DEV_RESOURCE_TYPE_SM); r != CUDA_SUCCESS)
        return failed("cuDeviceGetDevResource", r);
    std::vector<CUdevResource> groups(static_cast<std::size_t>(count));
    unsigned made = 0;
    // The splits the GPU's rules allow, best first; each asked of the driver dry (no result) before it is made.
    std::string tried;
    for (const SmSplitTry& t : smSplitTries(all.sm.smCount, count, std::max(all.sm.minSmPartitionSize, 1u),
             std::max(all.sm.smCoscheduledAlignment, 1u))) {
        const unsigned flags = t.coscheduled ? 0u : unsigned(CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING);
        tried += (tried.empty() ? "" : ", ") + std::to_string(t.smsEach) + (t.coscheduled ? "" : " SM by SM");
        unsigned possible = 0;
        if (api.split(nullptr, &possible, &all, nullptr, flags, t.smsEach) != CUDA_SUCCESS
            || possible < unsigned(count))
            continue;
        made = unsigned(count);
        CUdevResource rest {};
        if (api.split(groups.data(), &made, &all, &rest, flags, t.smsEach) == CUDA_SUCCESS && made >= unsigned(count))
            break;
        made = 0;
    }
    if (made < unsigned(count)) {
        *why = "the GPU's " + std::to_string(all.sm.smCount) + " SMs cannot be split " + std::to_string(count)
            + " ways (minimum partition " + std::to_string(all.sm.minSmPartitionSize) + ", alignment "
            + std::to_string(all.sm.smCoscheduledAlignment) + "; tried " + (tried.empty() ? "nothing" : tried) + ")";
        return {};
    }
    std::vector<cudaStream_t> streams;
    for (int i = 0; i < count; ++i) {
        CUdevResourceDesc desc {};
        CUgreenCtx ctx {};
        CUstream stream {};
        if (const CUresult r = api.generateDesc(&desc, &groups[std::size_t(i)], 1); r != CUDA_SUCCESS)
            return failed("cuDevResourceGenerateDesc", r);
        if (const CUresult r = api.create(&ctx, desc, CUdevice(device), CU_GREEN_CTX_DEFAULT_STREAM); r != CUDA_SUCCESS)
            return failed("cuGreenCtxCreate " + std::to_string(i), r);
        if (const CUresult r = api.streamCreate(&stream, ctx, CU_STREAM_NON_BLOCKING, 0); r != CUDA_SUCCESS)
            return failed("cuGreenCtxStreamCreate " + std::to_string(i), r);
        streams.push_back(stream);
    }
    *smsEach = int(groups.front().sm.smCount);
    return streams;
}

struct Stage {
    int device = 0;
    cudaStream_t stream = nullptr;
    cublasHandle_t blas = nullptr;
    void *a = nullptr, *b = nullptr, *c = nullptr; // the stage's operands (results are discarded)
    cudaEvent_t zero = nullptr;
    int sms = 0; // when limited by a green context
    int smTarget = 0; // where green contexts were refused: the SMs cuBLAS is told to plan for
    double headScale = 1; // the output layer's share of the work, kept as in the plan when layers are capped
};

// One stage boundary in one direction: NCCL between two GPUs, a copy on one.
struct Link {
    int from = 0, to = 0; // stages
    bool nccl = false;
    ncclComm_t comms[2] = { nullptr, nullptr };
    cudaStream_t sendStream = nullptr, recvStream = nullptr; // recvStream only for NCCL: a copy runs on sendStream
    DeviceBuffer sendBuf, recvBuf;
    cudaEvent_t sendZero = nullptr, recvZero = nullptr;
};

struct OpRecord {
    MeasuredOp op;
    cudaEvent_t start = nullptr, end = nullptr;
};
struct TransferRecord {
    MeasuredTransfer x;
    int link = 0;
    cudaEvent_t start = nullptr, end = nullptr;
};

void gemm(Stage& st, const GemmShape& s, GemmLayout layout)
{
    runGemm(st.blas, s, layout, st.a, st.b, st.c);
}

GemmShape transposedHead(const GemmShape& h, int which) // 0 dgrad (T×V)·(V×H), 1 wgrad (H×T)·(T×V)
{
    return which == 0 ? GemmShape { h.m, h.k, h.n, 1 } : GemmShape { h.k, h.n, h.m, 1 };
}

// The work of one op: the GEMMs of the chunk's layers. B holds the weight gradients too unless the schedule
// splits them into W (ZB-H1, ZB-V, DualPipe); attention backward is 2 GEMMs per forward GEMM unfused, 5 for 2 with
// flash.
void runOp(Stage& st, const ProbePipeline& p, const Op& op, int layers, bool lastVirtual, bool flash)
{
    const bool split = splitsBackward(p.shape.schedule);
    for (int l = 0; l < layers; ++l)
        for (const LayerGemm& g : p.layerGemms)
            for (int r = 0; r < g.repeats; ++r) {
                switch (op.kind) {
                case OpKind::Forward:
                case OpKind::Recompute:
                    gemm(st, g.forward, GemmLayout::TN);
                    break;
                case OpKind::BackwardInput:
                    if (g.attention) {
                        gemm(st, g.forward, GemmLayout::NN);
                        gemm(st, g.forward, GemmLayout::NT);
                        if (flash && g.name == "scores")
                            gemm(st, g.forward, GemmLayout::TN);
                    } else {
                        gemm(st, cublasDgrad(g.dgrad), GemmLayout::NN);
                        if (!split)
                            gemm(st, g.wgrad, GemmLayout::NT);
                    }
                    break;
                case OpKind::BackwardWeight:
                    if (!g.attention)
                        gemm(st, g.wgrad, GemmLayout::NT);
                    break;
                }
            }
    if (lastVirtual) {
        // With fewer layers run than the plan has, the vocabulary is cut alike, so the head keeps its share.
        GemmShape head = p.head;
        head.n = std::max(1.0, std::round(head.n * st.headScale));
        if (op.kind == OpKind::Forward)
            gemm(st, head, GemmLayout::TN);
        else if (op.kind == OpKind::BackwardInput) {
            gemm(st, cublasDgrad(transposedHead(head, 0)), GemmLayout::NN);
            if (!split)
                gemm(st, transposedHead(head, 1), GemmLayout::NT);
        } else if (op.kind == OpKind::BackwardWeight)
            gemm(st, transposedHead(head, 1), GemmLayout::NT);
    }
}

double secondsBetween(cudaEvent_t zero, cudaEvent_t e)
{
    float ms = 0;
    PROBE_CUDA(cudaEventElapsedTime(&ms, zero, e));
    return double(ms) * 1e-3;
}

// Why the stages' green-context streams cannot run the pipeline: an event recorded on each, and a small GEMM of
// each stage's cuBLAS handle there, each waited for; empty when all of them ran. The driver's error is cleared.
std::string greenStreamsRefusal(std::vector<Stage>& stages, const std::vector<int>& list)
{
    for (int s : list) {
        Stage& st = stages[std::size_t(s)];
        cudaError_t e = cudaEventRecord(st.zero, st.stream);
        const char* what = "recording an event";
        if (e == cudaSuccess) {
            what = "a cuBLAS GEMM";
            try {
                runGemm(st.blas, { 64, 64, 64, 1 }, GemmLayout::TN, st.a, st.b, st.c);
            } catch (const ProbeError& refused) {
                cudaGetLastError();
                return std::string("a cuBLAS GEMM on stage ") + std::to_string(s)
                    + "'s green-context stream: " + refused.what();
            }
            e = cudaStreamSynchronize(st.stream);
        }
        if (e != cudaSuccess) {
            cudaGetLastError();
            return std::string(what) + " on stage " + std::to_string(s) + "'s green-context stream ("
                + std::to_string(st.sms) + " SMs) failed: " + cudaGetErrorString(e);
        }
    }
    return {};
}

} // namespace

int runPipeline(const Options& options)
{
    Options o = options;
    if (o.iters == 0)
        o.iters = 3;
    // Enough hardware queues for every stage's stream and every link's: with CUDA's default of 8, streams share
    // queues and falsely wait on each other, which would read as bubble. Before the first CUDA call.
    setenv("CUDA_DEVICE_MAX_CONNECTIONS", "32", 0);
    auto loaded = loadPlanFile(o.plan);
    if (!loaded)
        throw ProbeError(kUsage, "plan", planError(o.plan, loaded.errorText()));
    const Plan& plan = loaded.value();
    const std::vector<int> devices = selectDevices(o.gpus);
    auto built = probePipeline(plan, int(devices.size()), o.microBatches, o.maxLayers);
    if (!built)
        throw ProbeError(kUsage, "plan", built.errorText());
    const ProbePipeline& P = built.value();
    const int S = P.shape.stages, V = P.shape.chunks;
    // Where each micro-batch's virtual stages run and the boundaries between them (core/pipeline/schedule.h).
    const PipelineRoutes routes = pipelineRoutes(P.shape);
    const int VS = routes.virtualStages(), NB = routes.boundaries();
    int runtime = 0, nccl = 0;
    cudaRuntimeGetVersion(&runtime);
    ncclGetVersion(&nccl);
    emit({ { "event", "start" }, { "command", "pipeline" }, { "ranks", int(devices.size()) },
        { "nccl", versionString(nccl) }, { "cuda", cudaVersionString(runtime) } });

    // Stages, their streams (green where they share a GPU) and GEMM buffers sized for the largest shape.
    std::vector<Stage> stages(static_cast<std::size_t>(S));
    std::size_t maxA = 1, maxB = 1, maxC = 1;
    auto grow = [&](const GemmShape& s) {
        maxA = std::max(maxA, std::size_t(s.m * s.k * s.batch));
        maxB = std::max(maxB, std::size_t(s.k * s.n * s.batch));
        maxC = std::max(maxC, std::size_t(s.m * s.n * s.batch));
    };
    for (const LayerGemm& g : P.layerGemms) {
        grow(g.forward);
        grow(cublasDgrad(g.dgrad));
        grow(g.wgrad);
    }
    grow(P.head);
    grow(cublasDgrad(transposedHead(P.head, 0)));
    grow(transposedHead(P.head, 1));
    std::map<int, std::vector<int>> stagesOnDevice;
    for (int s = 0; s < S; ++s)
        stagesOnDevice[devices[std::size_t(P.gpuOfStage[std::size_t(s)])]].push_back(s);
    const GreenApi green = loadGreenApi();
    std::string greenNote;
    // Operands for each stage of its own, so stages sharing a GPU do not serve each other's lines from L2 (a few
    // per cent fast); one set per device, shared by its stages, where memory holds only that (the trace says so).
    // Sized for the largest shape and checked against the memory free before anything is allocated.
    std::vector<DeviceBuffer> operands;
    const std::size_t operandBytes = 2 * (maxA + maxB + maxC);
    std::vector<std::string> sharingNotes;
    for (auto& [device, list] : stagesOnDevice) {
        PROBE_CUDA(cudaSetDevice(device));
        std::size_t freeBytes = 0, totalBytes = 0;
        PROBE_CUDA(cudaMemGetInfo(&freeBytes, &totalBytes));
        const std::size_t linkBytes = std::size_t(P.transferBytes) * 2 * std::size_t(std::max(0, NB)) * 2;
        if (operandBytes + linkBytes > freeBytes)
            throw ProbeError(kOutOfMemory, "out-of-memory",
                "the largest GEMM of the plan needs " + std::to_string(operandBytes >> 20)
                    + " MiB of operands and the transfers " + std::to_string(linkBytes >> 20) + " MiB, GPU "
                    + std::to_string(device) + " has " + std::to_string(freeBytes >> 20)
                    + " MiB free; fewer layers (--max-layers) do not shrink it, a smaller micro-batch does");
        const bool ownSets = list.size() * operandBytes + linkBytes <= freeBytes * 9 / 10;
        if (!ownSets && list.size() > 1)
            sharingNotes.push_back("the stages on GPU " + std::to_string(device)
                + " share one set of operands (memory holds no more): their GEMMs may hit each other's lines in L2");
        std::vector<std::array<void*, 3>> sets;
        for (std::size_t i = 0; i < (ownSets ? list.size() : 1); ++i) {
            operands.emplace_back(device, maxA * 2);
            fillNormalBf16(operands.back().data(), maxA, 2026 + 2 * i, 1.0f, nullptr);
            void* a = operands.back().data();
            operands.emplace_back(device, maxB * 2);
            fillNormalBf16(operands.back().data(), maxB, 2027 + 2 * i, 0.02f, nullptr);
            void* b = operands.back().data();
            operands.emplace_back(device, maxC * 2);
            sets.push_back({ a, b, operands.back().data() });
        }
        auto setUp = [&](const std::vector<cudaStream_t>& streams, int smsEach) {
            for (std::size_t i = 0; i < list.size(); ++i) {
                Stage& st = stages[std::size_t(list[i])];
                st.device = device;
                st.sms = streams.empty() ? 0 : smsEach;
                if (!streams.empty())
                    st.stream = streams[i];
                else
                    PROBE_CUDA(cudaStreamCreateWithFlags(&st.stream, cudaStreamNonBlocking));
                PROBE_CUBLAS(cublasCreate(&st.blas));
                PROBE_CUBLAS(cublasSetStream(st.blas, st.stream));
                // On an SM slice cuBLAS must plan for the slice: its persistent kernels size their grid to the SMs.
                if (st.sms > 0)
                    PROBE_CUBLAS(cublasSetSmCountTarget(st.blas, st.sms));
                const auto& set = sets[ownSets ? i : 0];
                st.a = set[0];
                st.b = set[1];
                st.c = set[2];
                if (!st.zero)
                    PROBE_CUDA(cudaEventCreate(&st.zero));
            }
        };
        std::vector<cudaStream_t> streams;
        int smsEach = 0;
        std::string why;
        if (list.size() > 1)
            streams = greenStreams(green, device, int(list.size()), &smsEach, &why);
        setUp(streams, smsEach);
        if (!streams.empty()) {
            // Events are created in the primary context and recorded on green-context streams, and cuBLAS launches
            // there from a handle of the primary context: tried once per stage now, so a driver that refuses
            // either is met here, where ordinary streams can still stand in, and not at the first op.
            why = greenStreamsRefusal(stages, list);
            if (!why.empty()) {
                for (int s : list) {
                    cublasDestroy(stages[std::size_t(s)].blas);
                    stages[std::size_t(s)].blas = nullptr;
                }
                streams.clear();
                setUp(streams, 0);
            }
        }
        if (list.size() > 1 && streams.empty()) {
            // No green contexts: each stage's cuBLAS plans for its share of the SMs, as Megatron-LM's overlap does
            // with cublasSetSmCountTarget. The kernels still share the SMs as the hardware schedules them.
            cudaDeviceProp prop {};
            PROBE_CUDA(cudaGetDeviceProperties(&prop, device));
            const int share = std::max(1, prop.multiProcessorCount / int(list.size()));
            for (int s : list) {
                PROBE_CUBLAS(cublasSetSmCountTarget(stages[std::size_t(s)].blas, share));
                stages[std::size_t(s)].smTarget = share;
            }
            greenNote = "green contexts refused on GPU " + std::to_string(device) + " (" + why
                + "); the stages ran on ordinary streams, each stage's cuBLAS told to plan for " + std::to_string(share)
                + " of its " + std::to_string(prop.multiProcessorCount)
                + " SMs (cublasSetSmCountTarget): the kernels still share the SMs as the hardware schedules them";
            emit({ { "event", "warning" }, { "message", greenNote } });
        }
        for (int s : list) {
            Stage& st = stages[std::size_t(s)];
            bool holdsHead = false; // the stage runs a route's last virtual stage: the output layer and loss
            for (const auto& route : routes.routes)
                holdsHead = holdsHead || (!route.empty() && route.back().device == s);
            if (holdsHead && P.layersInPlan[std::size_t(s)] > 0)
                st.headScale = double(P.layersRun[std::size_t(s)]) / P.layersInPlan[std::size_t(s)];
        }
    }
    // Boundaries: index 2b + (gradient ? 1 : 0), b numbered as PipelineRoutes does.
    std::vector<Link> links(static_cast<std::size_t>(2 * std::max(0, NB)));
    std::vector<ncclComm_t> allComms;
    for (int k = 0; k < NB; ++k)
        for (int dir = 0; dir < 2; ++dir) {
            Link& l = links[std::size_t(2 * k + dir)];
            const int a0 = routes.boundaryFrom(k).device, b0 = routes.boundaryTo(k).device;
            l.from = dir == 0 ? a0 : b0;
            l.to = dir == 0 ? b0 : a0;
            const int a = stages[std::size_t(l.from)].device, b = stages[std::size_t(l.to)].device;
            l.nccl = a != b;
            const std::size_t bytes = std::size_t(P.transferBytes);
            l.sendBuf = DeviceBuffer(a, bytes);
            l.recvBuf = DeviceBuffer(b, bytes);
            PROBE_CUDA(cudaSetDevice(a));
            PROBE_CUDA(cudaStreamCreateWithFlags(&l.sendStream, cudaStreamNonBlocking));
            PROBE_CUDA(cudaEventCreate(&l.sendZero));
            PROBE_CUDA(cudaSetDevice(b));
            if (l.nccl) {
                PROBE_CUDA(cudaStreamCreateWithFlags(&l.recvStream, cudaStreamNonBlocking));
                PROBE_CUDA(cudaEventCreate(&l.recvZero));
                const int pair[2] = { a, b };
                PROBE_NCCL(ncclCommInitAll(l.comms, 2, pair));
                allComms.push_back(l.comms[0]);
                allComms.push_back(l.comms[1]);
            }
        }

    // Events for one step, reused by every step.
    std::vector<OpRecord> opRecords;
    std::vector<TransferRecord> transferRecords;
    for (int s = 0; s < S; ++s)
        for (const Op& op : P.ops[std::size_t(s)]) {
            OpRecord r;
            r.op = { s, op.kind, op.microBatch, op.chunk, 0, 0 };
            PROBE_CUDA(cudaSetDevice(stages[std::size_t(s)].device));
            PROBE_CUDA(cudaEventCreate(&r.start));
            PROBE_CUDA(cudaEventCreate(&r.end));
            opRecords.push_back(r);
        }
    const bool flash = plan.training.flashAttention;
    const int warmup = 1;
    std::vector<double> stepSeconds;
    nlohmann::json perStep = nlohmann::json::array();
    for (int step = 0; step < warmup + o.iters; ++step) {
        emit({ { "event", "progress" }, { "done", step }, { "total", warmup + o.iters },
            { "what", step < warmup ? std::string("warm-up step") : "step " + std::to_string(step - warmup + 1) } });
        for (auto& [device, list] : stagesOnDevice) {
            PROBE_CUDA(cudaSetDevice(device));
            PROBE_CUDA(cudaDeviceSynchronize());
        }
        // A common zero on every stream, recorded back to back after the GPUs went idle.
        for (Stage& st : stages) {
            PROBE_CUDA(cudaSetDevice(st.device));
            PROBE_CUDA(cudaEventRecord(st.zero, st.stream));
        }
        for (Link& l : links) {
            PROBE_CUDA(cudaSetDevice(stages[std::size_t(l.from)].device));
            PROBE_CUDA(cudaEventRecord(l.sendZero, l.sendStream));
            if (l.nccl) {
                PROBE_CUDA(cudaSetDevice(stages[std::size_t(l.to)].device));
                PROBE_CUDA(cudaEventRecord(l.recvZero, l.recvStream));
            }
        }
        transferRecords.clear();
        // Issue every stage's ops in order; an op whose input has not been sent yet waits for a later round.
        std::map<std::tuple<int, int, int>, cudaEvent_t> arrived; // (boundary, dir, micro-batch) → end event
        std::vector<std::size_t> next(static_cast<std::size_t>(S), 0);
        std::vector<std::size_t> firstRecord(static_cast<std::size_t>(S), 0);
        for (int s = 1; s < S; ++s)
            firstRecord[std::size_t(s)] = firstRecord[std::size_t(s - 1)] + P.ops[std::size_t(s - 1)].size();
        std::size_t remaining = opRecords.size();
        auto transfer = [&](int boundary, int dir, int mb, cudaEvent_t ready) {
            Link& l = links[std::size_t(2 * boundary + dir)];
            TransferRecord t;
            t.x = { boundary, dir == 0, mb, 0, 0 };
            t.link = 2 * boundary + dir;
            PROBE_CUDA(cudaSetDevice(stages[std::size_t(l.from)].device));
            PROBE_CUDA(cudaEventCreate(&t.start));
            PROBE_CUDA(cudaStreamWaitEvent(l.sendStream, ready, 0));
            PROBE_CUDA(cudaEventRecord(t.start, l.sendStream));
            if (l.nccl) {
                PROBE_NCCL(ncclGroupStart());
                PROBE_NCCL(ncclSend(l.sendBuf.data(), l.sendBuf.size(), ncclUint8, 1, l.comms[0], l.sendStream));
                PROBE_CUDA(cudaSetDevice(stages[std::size_t(l.to)].device));
                PROBE_NCCL(ncclRecv(l.recvBuf.data(), l.recvBuf.size(), ncclUint8, 0, l.comms[1], l.recvStream));
                PROBE_NCCL(ncclGroupEnd());
                PROBE_CUDA(cudaEventCreate(&t.end));
                PROBE_CUDA(cudaEventRecord(t.end, l.recvStream));
            } else {
                PROBE_CUDA(cudaMemcpyAsync(
                    l.recvBuf.data(), l.sendBuf.data(), l.sendBuf.size(), cudaMemcpyDeviceToDevice, l.sendStream));
                PROBE_CUDA(cudaEventCreate(&t.end));
                PROBE_CUDA(cudaEventRecord(t.end, l.sendStream));
            }
            arrived[{ boundary, dir, mb }] = t.end;
            transferRecords.push_back(t);
        };
        while (remaining > 0) {
            bool progress = false;
            for (int s = 0; s < S; ++s) {
                Stage& st = stages[std::size_t(s)];
                const auto& ops = P.ops[std::size_t(s)];
                while (next[std::size_t(s)] < ops.size()) {
                    const std::size_t i = next[std::size_t(s)];
                    const Op& op = ops[i];
                    const int route = routes.routeOf(op.microBatch);
                    const int v = routes.stageOf(route, s, op.chunk);
                    if (v < 0)
                        throw ProbeError(kUsage, "schedule", "an op runs a chunk its stage does not hold (a core bug)");
                    // The input this op waits for: activations from v−1, or the gradient from v+1 for the first of
                    // this micro-batch's backward work (R when recomputing, else B).
                    cudaEvent_t dep = nullptr;
                    bool needs = false;
                    if (op.kind == OpKind::Forward && v > 0) {
                        needs = true;
                        auto it = arrived.find({ routes.boundaryOf(route, v - 1), 0, op.microBatch });
                        dep = it == arrived.end() ? nullptr : it->second;
                    } else if ((op.kind == OpKind::Recompute
                                   || (op.kind == OpKind::BackwardInput && !P.shape.recompute))
                        && v < VS - 1) {
                        needs = true;
                        auto it = arrived.find({ routes.boundaryOf(route, v), 1, op.microBatch });
                        dep = it == arrived.end() ? nullptr : it->second;
                    }
                    if (needs && !dep)
                        break;
                    PROBE_CUDA(cudaSetDevice(st.device));
                    if (dep)
                        PROBE_CUDA(cudaStreamWaitEvent(st.stream, dep, 0));
                    OpRecord& r = opRecords[firstRecord[std::size_t(s)] + i];
                    PROBE_CUDA(cudaEventRecord(r.start, st.stream));
                    const int layers = std::max(1, P.layersRun[std::size_t(s)] / V);
                    runOp(st, P, op, layers, v == VS - 1, flash);
                    PROBE_CUDA(cudaEventRecord(r.end, st.stream));
                    if (op.kind == OpKind::Forward && v < VS - 1)
                        transfer(routes.boundaryOf(route, v), 0, op.microBatch, r.end);
                    if (op.kind == OpKind::BackwardInput && v > 0)
                        transfer(routes.boundaryOf(route, v - 1), 1, op.microBatch, r.end);
                    ++next[std::size_t(s)];
                    --remaining;
                    progress = true;
                }
            }
            if (!progress)
                throw ProbeError(kUsage, "schedule", "the schedule's op lists wait on each other (a core bug)");
        }
        std::vector<cudaEvent_t> ends;
        for (const OpRecord& r : opRecords)
            ends.push_back(r.end);
        for (const TransferRecord& t : transferRecords)
            ends.push_back(t.end);
        waitWatched(ends, allComms, std::chrono::steady_clock::now() + std::chrono::seconds(long(o.deadlineS)),
            "pipeline step");
        // Times from each stream's zero; the step is the span of everything.
        double stepEnd = 0;
        for (OpRecord& r : opRecords) {
            const Stage& st = stages[std::size_t(r.op.stage)];
            r.op.start = secondsBetween(st.zero, r.start);
            r.op.end = secondsBetween(st.zero, r.end);
            stepEnd = std::max(stepEnd, r.op.end);
        }
        for (TransferRecord& t : transferRecords) {
            const Link& l = links[std::size_t(t.link)];
            t.x.start = secondsBetween(l.sendZero, t.start);
            t.x.end = l.nccl ? secondsBetween(l.recvZero, t.end) : secondsBetween(l.sendZero, t.end);
        }
        if (step >= warmup) {
            stepSeconds.push_back(stepEnd);
            perStep.push_back(stepEnd);
        }
        if (step + 1 < warmup + o.iters)
            for (TransferRecord& t : transferRecords) {
                cudaEventDestroy(t.start);
                cudaEventDestroy(t.end);
            }
    }
    std::vector<MeasuredOp> ops;
    for (const OpRecord& r : opRecords)
        ops.push_back(r.op);
    std::vector<MeasuredTransfer> transfers;
    for (const TransferRecord& t : transferRecords)
        transfers.push_back(t.x);
    std::vector<std::string> gpuNames;
    for (int d : devices)
        gpuNames.push_back("GPU " + std::to_string(d) + " " + deviceName(d));
    const Timeline t = measuredTimeline(P, ops, transfers, gpuNames);
    nlohmann::json notes = nlohmann::json::array({ "each op runs the GEMMs of its layers (cuBLAS, bf16); element-wise "
                                                   "kernels and TP collectives are not run",
        "one GPU stands for each stage's TP group (one TP rank's share of the work)" });
    if (P.layersRun != P.layersInPlan)
        notes.push_back("fewer layers per stage than the plan (--max-layers); the output layer is cut alike, so "
                        "the stages keep the plan's balance");
    const char* connections = std::getenv("CUDA_DEVICE_MAX_CONNECTIONS");
    notes.push_back(std::string("CUDA_DEVICE_MAX_CONNECTIONS=") + (connections ? connections : "unset"));
    notes.push_back("GEMMs in training's layouts (forward TN, input gradient NN, weight gradient NT) on normal "
                    "random data");
    if (!greenNote.empty())
        notes.push_back(greenNote);
    for (const std::string& n : sharingNotes)
        notes.push_back(n);
    // How stages sharing a GPU had SMs of their own: "own-gpus" (none shared), "green-contexts", or
    // "cublas-sm-target" where the driver refused green contexts on some GPU.
    nlohmann::json sms = nlohmann::json::array(), targets = nlohmann::json::array();
    bool shared = false, targeted = false;
    for (const Stage& st : stages) {
        sms.push_back(st.sms);
        targets.push_back(st.smTarget);
        targeted = targeted || st.smTarget > 0;
    }
    for (const auto& [device, list] : stagesOnDevice)
        shared = shared || list.size() > 1;
    const char* partitioning = !shared ? "own-gpus" : targeted ? "cublas-sm-target" : "green-contexts";
    const nlohmann::json trace = measuredTraceJson(t, P,
        { { "plan", plan.name }, { "gpus", gpuNames }, { "step_times_s", perStep }, { "notes", notes },
            { "green_context_sms", sms }, { "sm_partitioning", partitioning }, { "cublas_sm_targets", targets },
            { "nccl", versionString(nccl) }, { "cuda", cudaVersionString(runtime) } });
    writeFileAtomically(o.out, dumpJson(trace) + "\n");
    emit({ { "event", "result" }, { "step_s", trace["plait"]["step_s"] },
        { "bubble_fraction", trace["plait"]["bubble_fraction"] } });
    emit({ { "event", "done" }, { "out", o.out } });
    for (ncclComm_t c : allComms)
        ncclCommDestroy(c);
    for (Stage& st : stages)
        cublasDestroy(st.blas);
    return kOk;
}

} // namespace plait::probe
