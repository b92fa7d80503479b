#include "sensors.h"

#include <dlfcn.h>

namespace plait::probe {

// The few NVML entry points used, declared as NVML's ABI has them (nvml.h is not part of the CUDA toolkit here).
struct GpuSensors::Api {
    using Device = void*;
    void* library = nullptr;
    Device device = nullptr;
    std::string why;
    int (*init)() = nullptr;
    int (*shutdown)() = nullptr;
    int (*byPciBusId)(const char*, Device*) = nullptr;
    int (*clock)(Device, int, unsigned*) = nullptr; // type 1: NVML_CLOCK_SM
    int (*power)(Device, unsigned*) = nullptr; // milliwatts
    int (*temperature)(Device, int, unsigned*) = nullptr; // sensor 0: NVML_TEMPERATURE_GPU
    int (*reasons)(Device, unsigned long long*) = nullptr;

    template <typename F> bool get(F& fn, const char* name)
    {
        fn = reinterpret_cast<F>(dlsym(library, name));
        return fn != nullptr;
    }
};

GpuSensors::GpuSensors(const std::string& pciBusId)
    : m_api(std::make_unique<Api>())
{
    Api& a = *m_api;
    a.library = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!a.library) {
        a.why = "NVML (libnvidia-ml.so.1) is not there";
        return;
    }
    if (!a.get(a.init, "nvmlInit_v2") || !a.get(a.shutdown, "nvmlShutdown")
        || !a.get(a.byPciBusId, "nvmlDeviceGetHandleByPciBusId_v2") || !a.get(a.clock, "nvmlDeviceGetClockInfo")
        || !a.get(a.power, "nvmlDeviceGetPowerUsage") || !a.get(a.temperature, "nvmlDeviceGetTemperature")) {
        a.why = "NVML lacks an entry point the probe uses";
        return;
    }
    // Renamed in NVML 12.x; either reads the same bit field.
    if (!a.get(a.reasons, "nvmlDeviceGetCurrentClocksEventReasons"))
        a.get(a.reasons, "nvmlDeviceGetCurrentClocksThrottleReasons");
    if (a.init() != 0) {
        a.why = "nvmlInit failed";
        a.init = nullptr;
        return;
    }
    if (a.byPciBusId(pciBusId.c_str(), &a.device) != 0) {
        a.why = "NVML does not know the device " + pciBusId;
        a.device = nullptr;
    }
}

GpuSensors::~GpuSensors()
{
    if (m_api->init && m_api->shutdown)
        m_api->shutdown();
    if (m_api->library)
        dlclose(m_api->library);
}

bool GpuSensors::available() const
{
    return m_api->device != nullptr;
}

std::string GpuSensors::why() const
{
    return m_api->why;
}

SensorReading GpuSensors::read() const
{
    SensorReading r;
    const Api& a = *m_api;
    if (!a.device)
        return r;
    unsigned clock = 0, milliwatts = 0, celsius = 0;
    r.ok = a.clock(a.device, 1, &clock) == 0 && a.power(a.device, &milliwatts) == 0;
    a.temperature(a.device, 0, &celsius);
    if (a.reasons)
        a.reasons(a.device, &r.limitReasons);
    r.smClockMHz = clock;
    r.powerW = milliwatts / 1000.0;
    r.temperatureC = celsius;
    return r;
}

} // namespace plait::probe
