// `plait-probe info`: devices, memory, SMs, clocks, peers, CUDA and NCCL versions.
#include "commands.h"
#include "gpu.h"

namespace plait::probe {

int runInfo(const Options& o)
{
    // Devices first: without a driver the version calls fail too, and "no CUDA device" (exit 3) is the answer.
    const std::vector<int> devices = selectDevices(o.gpus);
    int nccl = 0, runtime = 0, driver = 0, count = 0;
    PROBE_NCCL(ncclGetVersion(&nccl));
    PROBE_CUDA(cudaRuntimeGetVersion(&runtime));
    PROBE_CUDA(cudaDriverGetVersion(&driver));
    PROBE_CUDA(cudaGetDeviceCount(&count));
    nlohmann::json out = nlohmann::json::array();
    for (int d : devices) {
        cudaDeviceProp p {};
        PROBE_CUDA(cudaGetDeviceProperties(&p, d));
        nlohmann::json peers = nlohmann::json::array();
        for (int q = 0; q < count; ++q) {
            int access = 0;
            if (q != d && cudaDeviceCanAccessPeer(&access, d, q) == cudaSuccess && access)
                peers.push_back(q);
        }
        int clockKHz = 0, memClockKHz = 0, busWidth = 0;
        PROBE_CUDA(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, d));
        PROBE_CUDA(cudaDeviceGetAttribute(&memClockKHz, cudaDevAttrMemoryClockRate, d));
        PROBE_CUDA(cudaDeviceGetAttribute(&busWidth, cudaDevAttrGlobalMemoryBusWidth, d));
        out.push_back({ { "index", d }, { "name", p.name }, { "memory_bytes", p.totalGlobalMem },
            { "sms", p.multiProcessorCount }, { "sm", std::to_string(p.major) + std::to_string(p.minor) },
            { "clock_mhz", clockKHz / 1000 }, { "memory_clock_mhz", memClockKHz / 1000 },
            { "memory_bus_bits", busWidth }, { "pci_bus", p.pciBusID }, { "peers", peers } });
    }
    emit({ { "event", "info" }, { "cuda_runtime", cudaVersionString(runtime) },
        { "cuda_driver", cudaVersionString(driver) }, { "nccl", versionString(nccl) }, { "devices", out } });
    return kOk;
}

} // namespace plait::probe
