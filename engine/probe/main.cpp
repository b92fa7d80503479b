// plait-probe: measures GPUs and links for Plait (contract: shared/contracts/probe.md).
// This first version implements `info` and the contract's exit codes; the measuring commands come with the
// probe issue. Without a GPU it exits 3 and never prints a number it did not measure.
#include <cuda_runtime.h>
#include <nccl.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <iostream>
#include <string>

namespace {

enum ExitCode { kOk = 0, kUsage = 2, kNoDevice = 3, kNcclError = 4, kCudaError = 5 };

void emit(const nlohmann::json& event)
{
    std::cout << event.dump() << std::endl;
}

int fail(ExitCode code, const char* name, const std::string& message)
{
    emit({ { "event", "error" }, { "code", name }, { "message", message } });
    return code;
}

std::string versionString(int code) // NCCL: 22809 → 2.28.9
{
    return std::to_string(code / 10000) + "." + std::to_string((code / 100) % 100) + "." + std::to_string(code % 100);
}

int info()
{
    int nccl = 0;
    ncclGetVersion(&nccl);
    int runtime = 0, driver = 0;
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    int count = 0;
    // Without a driver this returns cudaErrorInsufficientDriver (35), not cudaErrorNoDevice: any error means no GPU.
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0)
        return fail(kNoDevice, "no-cuda-device",
            std::string("no CUDA device available (") + (err != cudaSuccess ? cudaGetErrorString(err) : "0 devices")
                + "); plait-probe measures real GPUs only");
    nlohmann::json devices = nlohmann::json::array();
    for (int d = 0; d < count; ++d) {
        cudaDeviceProp p {};
        if (cudaGetDeviceProperties(&p, d) != cudaSuccess)
            return fail(kCudaError, "cuda-error", "cudaGetDeviceProperties failed for device " + std::to_string(d));
        nlohmann::json peers = nlohmann::json::array();
        for (int q = 0; q < count; ++q) {
            int access = 0;
            if (q != d && cudaDeviceCanAccessPeer(&access, d, q) == cudaSuccess && access)
                peers.push_back(q);
        }
        int clockKHz = 0, memClockKHz = 0, busWidth = 0;
        cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, d);
        cudaDeviceGetAttribute(&memClockKHz, cudaDevAttrMemoryClockRate, d);
        cudaDeviceGetAttribute(&busWidth, cudaDevAttrGlobalMemoryBusWidth, d);
        devices.push_back({ { "index", d }, { "name", p.name }, { "memory_bytes", p.totalGlobalMem },
            { "sms", p.multiProcessorCount }, { "sm", std::to_string(p.major) + std::to_string(p.minor) },
            { "clock_mhz", clockKHz / 1000 }, { "memory_clock_mhz", memClockKHz / 1000 },
            { "memory_bus_bits", busWidth }, { "pci_bus", p.pciBusID }, { "peers", peers } });
    }
    emit({ { "event", "info" }, { "cuda_runtime", versionString(runtime * 10) },
        { "cuda_driver", versionString(driver * 10) }, { "nccl", versionString(nccl) }, { "devices", devices } });
    return kOk;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2 || std::strcmp(argv[1], "--help") == 0) {
        std::cerr << "usage: plait-probe info\n";
        return argc < 2 ? kUsage : kOk;
    }
    const std::string command = argv[1];
    if (command == "info")
        return info();
    return fail(kUsage, "usage", "unknown or not yet available command \"" + command + "\"; this build provides: info");
}
