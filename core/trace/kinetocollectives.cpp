#include "kinetocollectives.h"

#include <algorithm>
#include <map>

namespace plait {

std::string collectiveOfKernelName(const std::string& kernel)
{
    // ncclKernel_AllReduce_RING_LL_Sum_float(...), ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(...)
    static const std::pair<const char*, const char*> kNames[]
        = { { "_AllReduce", "allreduce" }, { "_AllGather", "allgather" }, { "_ReduceScatter", "reduce_scatter" },
              { "_Broadcast", "broadcast" }, { "_Reduce_", "reduce" }, { "_SendRecv", "sendrecv" } };
    if (kernel.rfind("ncclKernel", 0) != 0 && kernel.rfind("ncclDevKernel", 0) != 0)
        return {};
    for (const auto& [marker, name] : kNames)
        if (kernel.find(marker) != std::string::npos)
            return name;
    return {};
}

RankCollectives collectivesFromKineto(const nlohmann::json& trace, std::vector<std::string>& problems)
{
    RankCollectives out;
    out.rank = -1;
    if (!trace.is_object()) {
        problems.push_back("not a Kineto trace: the document is not an object");
        return out;
    }
    const auto info = trace.find("distributedInfo");
    if (info != trace.end() && info->is_object() && info->contains("rank") && (*info)["rank"].is_number_integer())
        out.rank = (*info)["rank"].get<int>();
    else
        problems.push_back("no distributedInfo.rank: the profile does not say which rank it is");
    const auto events = trace.find("traceEvents");
    if (events == trace.end() || !events->is_array()) {
        problems.push_back("no traceEvents array");
        return out;
    }
    int unnamedGroup = 0;
    for (const auto& e : *events) {
        if (!e.is_object() || e.value("cat", "") != "kernel" || !e.contains("ts") || !e["ts"].is_number()
            || !e.contains("dur") || !e["dur"].is_number())
            continue;
        static const nlohmann::json kNoArgs = nlohmann::json::object();
        const nlohmann::json& args = e.contains("args") && e["args"].is_object() ? e["args"] : kNoArgs;
        std::string name = args.contains("Collective name") && args["Collective name"].is_string()
            ? args["Collective name"].get<std::string>()
            : collectiveOfKernelName(e.value("name", ""));
        if (name.empty() || name.find("send") != std::string::npos || name.find("recv") != std::string::npos)
            continue;
        CollectiveKernel k;
        k.collective = name;
        if (args.contains("Process Group Name") && args["Process Group Name"].is_string())
            k.group = args["Process Group Name"].get<std::string>();
        else {
            k.group = "default"; // Kineto before process-group arguments: every collective counted as the world's
            ++unnamedGroup;
        }
        k.startUs = e["ts"].get<double>();
        k.endUs = k.startUs + e["dur"].get<double>();
        out.kernels.push_back(std::move(k));
    }
    if (unnamedGroup > 0)
        problems.push_back(std::to_string(unnamedGroup)
            + " collective kernels name no process group (an older profiler): taken as the whole job's");
    std::stable_sort(out.kernels.begin(), out.kernels.end(),
        [](const CollectiveKernel& a, const CollectiveKernel& b) { return a.startUs < b.startUs; });
    std::map<std::string, int> next;
    for (CollectiveKernel& k : out.kernels)
        k.sequence = next[k.group]++;
    return out;
}

} // namespace plait
