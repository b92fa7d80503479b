#pragma once
// The GPU's SM clock, board power and clock-limit reasons, read through NVML while work runs, so every GEMM rate
// says at what clock and power it was measured. NVML comes with the driver (libnvidia-ml.so.1) and is opened at
// run time; without it the readings are simply absent.
#include <memory>
#include <string>

namespace plait::probe {

struct SensorReading {
    double smClockMHz = 0, powerW = 0, temperatureC = 0;
    unsigned long long limitReasons = 0; // NVML clocks-event reasons: 0 when nothing holds the clock down
    bool ok = false;
};

class GpuSensors {
public:
    explicit GpuSensors(const std::string& pciBusId); // e.g. "00000000:1B:00.0", from cudaDeviceGetPCIBusId
    ~GpuSensors();
    GpuSensors(const GpuSensors&) = delete;
    GpuSensors& operator=(const GpuSensors&) = delete;
    bool available() const;
    std::string why() const; // why not, when not available
    SensorReading read() const;

private:
    struct Api;
    std::unique_ptr<Api> m_api;
};

} // namespace plait::probe
