#include "kinetogen.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace plait {

namespace {
double skewOf(const GeneratedJob& job, int rank)
{
    return rank < int(job.clockSkewUs.size()) ? job.clockSkewUs[std::size_t(rank)] : 0;
}

double slowdownOf(const GeneratedJob& job, int rank)
{
    return rank == job.stragglerRank ? job.stragglerSlowdown : 1;
}

// The first half is the forward pass, launched by the training loop's thread; the second the backward, launched by
// the autograd engine's. Every fourth kernel is attention's, the rest GEMMs. The last overlapped ones are slowed.
std::vector<GeneratedKernel> stepKernelsOf(const GeneratedJob& job)
{
    std::vector<GeneratedKernel> kernels = job.stepKernels;
    if (kernels.empty())
        for (int k = 0; k < job.kernelsPerStep; ++k)
            kernels.push_back({ k % 4 == 1 ? "void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4>>()"
                                           : "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_"
                                             "warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_cublas",
                job.kernelUs, 2 * k >= job.kernelsPerStep });
    const std::size_t overlapped = std::min(kernels.size(), std::size_t(std::max(job.overlappedKernels, 0)));
    for (std::size_t k = kernels.size() - overlapped; k < kernels.size(); ++k)
        kernels[k].us *= 1 + job.overlapSlowdown;
    return kernels;
}

double computeUsOf(const std::vector<GeneratedKernel>& kernels)
{
    double us = 0;
    for (const GeneratedKernel& k : kernels)
        us += k.us;
    return us;
}
}

nlohmann::json kinetoRankTrace(const GeneratedJob& job, int rank)
{
    using nlohmann::json;
    json ranks = json::array();
    for (int r = 0; r < job.ranks; ++r)
        ranks.push_back(r);
    std::string rankList = "[";
    for (int r = 0; r < job.ranks; ++r)
        rankList += (r ? ", " : "") + std::to_string(r);
    rankList += "]";

    json events = json::array();
    const double skew = skewOf(job, rank);
    const int hostPid = 1000 + rank, hostTid = 1000 + rank;
    const long long elements = job.allReduceElements;
    const std::vector<GeneratedKernel> kernels = stepKernelsOf(job);
    const double computeUs = computeUsOf(kernels);
    const double gapsUs = job.launchGapUs * double(std::max<std::size_t>(kernels.size(), 1) - 1);
    double stepStart = job.startUs; // true time: the same for every rank
    for (int step = 0; step < job.steps; ++step) {
        // Every rank starts the step together (the last all-reduce released them all), computes, then all-reduces.
        double arrival = 0, slowest = 0;
        for (int r = 0; r < job.ranks; ++r) {
            const double a = stepStart + job.idleUs + computeUs * slowdownOf(job, r) + gapsUs;
            slowest = std::max(slowest, a);
            if (r == rank)
                arrival = a;
        }
        const double stepEnd = slowest + job.allReduceUs;
        events.push_back(
            { { "ph", "X" }, { "cat", "user_annotation" }, { "name", "ProfilerStep#" + std::to_string(step) },
                { "pid", hostPid }, { "tid", hostTid }, { "ts", stepStart + skew }, { "dur", stepEnd - stepStart } });
        // Newer profilers copy the step onto the GPU's timeline, from its first kernel to its last.
        events.push_back({ { "ph", "X" }, { "cat", "gpu_user_annotation" },
            { "name", "ProfilerStep#" + std::to_string(step) }, { "pid", rank }, { "tid", 7 },
            { "ts", stepStart + job.idleUs + skew }, { "dur", stepEnd - stepStart - job.idleUs } });
        double t = stepStart + job.idleUs;
        const std::size_t firstOverlapped
            = kernels.size() - std::min(kernels.size(), std::size_t(std::max(job.overlappedKernels, 0)));
        double bucketStart = 0;
        // The host runs a kernel ahead: each launch returns before the kernel ahead of it starts (the step's first
        // follows the host's idle time, so the GPU waited for it).
        double previousStart = t;
        for (std::size_t k = 0; k < kernels.size(); ++k) {
            if (k == firstOverlapped)
                bucketStart = t;
            const bool backward = kernels[k].backward;
            const std::string& name = kernels[k].name;
            const double us = kernels[k].us * slowdownOf(job, rank);
            const long long correlation = 1 + step * (long long)kernels.size() + (long long)k;
            // The host's side as the profiler records it: the operator that launched the kernel and the flow arrow
            // from the launch to the kernel (over half of a real trace's bytes, and nothing the job's profile reads).
            events.push_back({ { "ph", "X" }, { "cat", "cpu_op" },
                { "name", name.find("flash") != std::string::npos ? "aten::_flash_attention_forward" : "aten::mm" },
                { "pid", hostPid }, { "tid", backward ? hostTid + 1 : hostTid }, { "ts", t + skew - 12 }, { "dur", 10 },
                { "args",
                    { { "External id", correlation }, { "Record function id", 0 }, { "Ev Idx", correlation },
                        { "Input Dims", json::array({ json::array({ 4096, 8192 }), json::array({ 8192, 8192 }) }) },
                        { "Input type", json::array({ "c10::BFloat16", "c10::BFloat16" }) },
                        { "Concrete Inputs", json::array({ "", "" }) } } } });
            for (const char* ph : { "s", "f" })
                events.push_back({ { "ph", ph }, { "id", correlation }, { "pid", ph[0] == 's' ? hostPid : rank },
                    { "tid", ph[0] == 's' ? (backward ? hostTid + 1 : hostTid) : 7 },
                    { "ts", ph[0] == 's' ? t + skew - 5 : t + skew }, { "cat", "ac2g" }, { "name", "ac2g" } });
            events.push_back(
                { { "ph", "X" }, { "cat", "cuda_runtime" }, { "name", "cudaLaunchKernel" }, { "pid", hostPid },
                    { "tid", backward ? hostTid + 1 : hostTid }, { "ts", (k == 0 ? t : previousStart) + skew - 5 },
                    { "dur", 3 }, { "args", { { "correlation", correlation } } } });
            events.push_back({ { "ph", "X" }, { "cat", "kernel" }, { "name", name }, { "pid", rank }, { "tid", 7 },
                { "ts", t + skew }, { "dur", us },
                { "args",
                    { { "device", rank }, { "stream", 7 }, { "correlation", correlation },
                        { "grid", { 132, 1, 1 } } } } });
            previousStart = t;
            t += us + job.launchGapUs;
        }
        const auto allReduce
            = [&](int stream, double start, double end, const std::string& collective, long long count) {
                  const bool gather = collective.find("allgather") != std::string::npos,
                             scatter = collective.find("reduce_scatter") != std::string::npos;
                  const char* kernel = gather ? "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
                      : scatter ? "ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
                                : "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)";
                  const long long shard = count / std::max(job.ranks, 1);
                  json args = { { "device", rank }, { "stream", stream }, { "Collective name", collective },
                      { "Group size", job.ranks }, { "dtype", "BFloat16" }, { "Process Group Name", "0" },
                      { "Process Group Description", "default_pg" }, { "Process Group Ranks", rankList } };
                  if (count > 0) {
                      args["In msg nelems"] = gather ? shard : count;
                      args["Out msg nelems"] = scatter ? shard : count;
                  }
                  events.push_back({ { "ph", "X" }, { "cat", "kernel" }, { "name", kernel }, { "pid", rank },
                      { "tid", stream }, { "ts", start + skew }, { "dur", end - start }, { "args", std::move(args) } });
              };
        // The bucket lasts as long as the compute it overlaps, not as the link would take: its size is left out (as
        // older profilers leave it), so it times no link.
        if (firstOverlapped < kernels.size())
            allReduce(21, bucketStart, slowest, "allreduce", 0);
        allReduce(20, arrival, stepEnd + job.collectiveEndJitterUs * std::sin(2.3 * rank + 1.1 * step + 0.7),
            job.collective, elements);
        stepStart = stepEnd;
    }
    return json { { "schemaVersion", 1 },
        { "deviceProperties",
            json::array({ { { "id", rank }, { "name", "NVIDIA H100 80GB HBM3" }, { "numSms", 132 } } }) },
        { "distributedInfo",
            { { "backend", "nccl" }, { "rank", rank }, { "world_size", job.ranks }, { "pg_count", 1 },
                { "pg_config",
                    json::array({ { { "pg_name", "0" }, { "pg_desc", "default_pg" }, { "backend_config", "cuda:nccl" },
                        { "pg_size", job.ranks }, { "ranks", ranks } } }) } } },
        { "traceEvents", std::move(events) }, { "displayTimeUnit", "ms" } };
}

nlohmann::json kinetoPipelineRankTrace(const GeneratedPipeline& job, int rank)
{
    using nlohmann::json;
    const int S = std::max(job.stages, 1), M = std::max(job.microBatches, 1);
    const int dpSize = std::max(job.ranks / S, 1);
    const int stage = rank / dpSize;
    const double skew = rank < int(job.clockSkewUs.size()) ? job.clockSkewUs[std::size_t(rank)] : 0;
    const int hostPid = 1000 + rank, hostTid = 1000 + rank;
    // GPipe's times, from the step's start (true time, the same on every rank).
    const std::vector<std::vector<double>> zeros(std::size_t(S), std::vector<double>(std::size_t(M), 0.0));
    std::vector<std::vector<double>> fEnd = zeros, bEnd = zeros;
    for (int s = 0; s < S; ++s)
        for (int m = 0; m < M; ++m) {
            const double ready = std::max(m > 0 ? fEnd[std::size_t(s)][std::size_t(m - 1)] : 0.0,
                s > 0 ? fEnd[std::size_t(s - 1)][std::size_t(m)] + job.sendUs : 0.0);
            fEnd[std::size_t(s)][std::size_t(m)] = ready + job.forwardUs;
        }
    for (int s = S - 1; s >= 0; --s)
        for (int m = M - 1; m >= 0; --m) {
            const double ready = std::max(
                m < M - 1 ? bEnd[std::size_t(s)][std::size_t(m + 1)] : fEnd[std::size_t(s)][std::size_t(M - 1)],
                s < S - 1 ? bEnd[std::size_t(s + 1)][std::size_t(m)] + job.sendUs : 0.0);
            bEnd[std::size_t(s)][std::size_t(m)] = ready + job.backwardUs;
        }
    double pipeline = 0;
    for (int s = 0; s < S; ++s)
        pipeline = std::max(pipeline, bEnd[std::size_t(s)][0]);
    // After its data-parallel all-reduce each rank joins the gradient norm's all-reduce over its model-parallel group
    // (one rank per stage, as Megatron-LM's clip_grad_norm does): it ends when the last stage arrives, and it is what
    // ties the stages' clocks together.
    const double normUs = 20;
    const double stepUs = pipeline + job.allReduceUs + normUs;

    json events = json::array();
    long long correlation = 0;
    auto kernel = [&](double start, double dur, bool backward, const char* name) {
        ++correlation;
        events.push_back({ { "ph", "X" }, { "cat", "cuda_runtime" }, { "name", "cudaLaunchKernel" }, { "pid", hostPid },
            { "tid", backward ? hostTid + 1 : hostTid }, { "ts", start + skew - 5 }, { "dur", 3 },
            { "args", { { "correlation", correlation } } } });
        events.push_back({ { "ph", "X" }, { "cat", "kernel" }, { "name", name }, { "pid", rank }, { "tid", 7 },
            { "ts", start + skew }, { "dur", dur },
            { "args", { { "device", rank }, { "stream", 7 }, { "correlation", correlation } } } });
    };
    auto sendRecv = [&](double start) {
        events.push_back({ { "ph", "X" }, { "cat", "kernel" },
            { "name", "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)" }, { "pid", rank }, { "tid", 24 },
            { "ts", start + skew }, { "dur", job.sendUs },
            { "args", { { "device", rank }, { "stream", 24 }, { "Collective name", "send" } } } });
    };
    std::string members = "[";
    for (int d = 0; d < dpSize; ++d)
        members += (d ? ", " : "") + std::to_string(stage * dpSize + d);
    members += "]";
    const char* gemm = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize2x1x1_execute_"
                       "segment_k_off_kernel__5x_cublas";
    for (int step = 0; step < job.steps; ++step) {
        const double t0 = job.startUs + step * stepUs;
        events.push_back(
            { { "ph", "X" }, { "cat", "user_annotation" }, { "name", "ProfilerStep#" + std::to_string(step) },
                { "pid", hostPid }, { "tid", hostTid }, { "ts", t0 + skew }, { "dur", stepUs } });
        for (int m = 0; m < M; ++m) {
            const double end = t0 + fEnd[std::size_t(stage)][std::size_t(m)];
            kernel(end - job.forwardUs, job.forwardUs, false, gemm);
            if (job.sendUs > 0 && stage < S - 1)
                sendRecv(end); // the activations to the next stage
            if (job.sendUs > 0 && stage > 0)
                sendRecv(end - job.forwardUs - job.sendUs); // received from the previous one
        }
        for (int m = M - 1; m >= 0; --m) {
            const double end = t0 + bEnd[std::size_t(stage)][std::size_t(m)];
            kernel(end - job.backwardUs, job.backwardUs, true, gemm);
            if (job.sendUs > 0 && stage > 0)
                sendRecv(end); // the gradients to the previous stage
            if (job.sendUs > 0 && stage < S - 1)
                sendRecv(end - job.backwardUs - job.sendUs);
        }
        const double stageEnd = t0 + bEnd[std::size_t(stage)][0];
        events.push_back({ { "ph", "X" }, { "cat", "kernel" },
            { "name", "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)" }, { "pid", rank },
            { "tid", 20 }, { "ts", stageEnd + skew }, { "dur", job.allReduceUs },
            { "args",
                { { "device", rank }, { "stream", 20 }, { "Collective name", "allreduce" }, { "Group size", dpSize },
                    { "Process Group Name", "dp" + std::to_string(stage) }, { "Process Group Ranks", members } } } });
        std::string column = "[";
        for (int s = 0; s < S; ++s)
            column += (s ? ", " : "") + std::to_string(s * dpSize + rank % dpSize);
        column += "]";
        const double arrive = stageEnd + job.allReduceUs;
        events.push_back({ { "ph", "X" }, { "cat", "kernel" },
            { "name", "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)" }, { "pid", rank },
            { "tid", 20 }, { "ts", arrive + skew }, { "dur", t0 + stepUs - arrive },
            { "args",
                { { "device", rank }, { "stream", 20 }, { "Collective name", "allreduce" }, { "Group size", S },
                    { "Process Group Name", "mp" + std::to_string(rank % dpSize) },
                    { "Process Group Ranks", column } } } });
    }
    return json { { "schemaVersion", 1 },
        { "distributedInfo", { { "backend", "nccl" }, { "rank", rank }, { "world_size", job.ranks } } },
        { "traceEvents", std::move(events) } };
}

} // namespace plait
