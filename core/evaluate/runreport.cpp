#include "runreport.h"

#include "numtext.h"

#include <sstream>

namespace plait {

std::string longDurationText(double s)
{
    if (s < 120)
        return numText(s, "%.3g") + " s";
    if (s < 2 * 3600)
        return numText(s / 60, "%.3g") + " min";
    if (s < 2 * 86400)
        return numText(s / 3600, "%.3g") + " h";
    return numText(s / 86400, "%.3g") + " days";
}

namespace {
nlohmann::json spread(const Spread& s)
{
    return { { "point", s.point }, { "fast", s.fast }, { "slow", s.slow } };
}
nlohmann::json orNull(double x)
{
    return x > 0 ? nlohmann::json(x) : nlohmann::json();
}
std::string range(const Spread& s, std::string (*text)(double))
{
    return text(s.point) + " (" + text(s.fast) + "–" + text(s.slow) + ")";
}
std::string grouped(double x)
{
    return groupedText(x);
}
std::string percent(double x)
{
    return numText(100 * x, "%.1f") + "%";
}
}

nlohmann::json runForecastToJson(const RunForecast& f)
{
    if (!f.valid)
        return nullptr;
    nlohmann::json j;
    j["gpus_used"] = f.gpusUsed;
    j["gpus_reserved"] = f.gpusReserved;
    if (f.hasBudget) {
        j["budget"] = { { "tokens", f.tokens }, { "steps", f.steps }, { "compute_s", spread(f.computeS) },
            { "wall_s", spread(f.wallS) }, { "gpu_hours", spread(f.gpuHours) },
            { "cost", f.hasPrice ? spread(f.cost) : nlohmann::json() }, { "currency", f.currency },
            { "gpu_power_W", orNull(f.powerW) }, { "gpu_power_source", f.powerSource },
            { "energy_kWh", f.powerW > 0 ? spread(f.energyKWh) : nlohmann::json() },
            { "failures_expected", f.failuresExpected } };
    }
    j["checkpoint"] = { { "bytes", f.checkpointBytes }, { "bytes_per_gpu", f.checkpointBytesPerGpu },
        { "write_s", orNull(f.writeS) }, { "read_s", orNull(f.readS) } };
    j["failures"]
        = { { "per_gpu_hour", f.failuresPerGpuHour }, { "source", f.failureSource }, { "mtbf_s", orNull(f.mtbfS) },
              { "restart_s", f.restartS }, { "restart_source", f.restartSource }, { "interval_s", orNull(f.intervalS) },
              { "young_interval_s", orNull(f.youngIntervalS) }, { "goodput", orNull(f.goodput) } };
    j["blast_radius"] = { { "tp_group_gpus", f.tpGroupGpus }, { "pipeline_gpus", f.pipelineGpus },
        { "pipelines_per_node", f.pipelinesPerNode }, { "nodes_per_pipeline", f.nodesPerPipeline },
        { "nodes_used", f.nodesUsed }, { "spare_nodes", f.spareNodes } };
    return j;
}

std::string runForecastText(const RunForecast& f, const Plan& plan)
{
    if (!f.valid)
        return {};
    std::ostringstream o;
    if (f.hasBudget) {
        o << "  training run: " << grouped(f.tokens) << " tokens in " << grouped(f.steps) << " steps of "
          << grouped(double(plan.training.globalBatch) * double(plan.model.seqLen)) << "\n";
        o << "    time " << range(f.computeS, longDurationText) << " of steps";
        if (f.goodput > 0 && f.goodput < 1)
            o << ", " << range(f.wallS, longDurationText) << " with checkpoints and failures (goodput "
              << percent(f.goodput) << ")";
        else if (f.goodput == 0)
            o << "; failures and checkpoints not counted (no storage bandwidth: run.storage_write_GBps)";
        o << "\n    GPU-hours " << range(f.gpuHours, grouped) << " on " << grouped(f.gpusReserved) << " reserved GPUs ("
          << grouped(f.gpusUsed) << " used)\n";
        if (f.hasPrice)
            o << "    cost " << range(f.cost, grouped) << " " << f.currency << " at "
              << numText(plan.run.pricePerGpuHour, "%g") << " " << f.currency << " per GPU-hour\n";
        else
            o << "    cost: no price per GPU-hour given (run.price_per_gpu_hour)\n";
        if (f.powerW > 0)
            o << "    energy " << range(f.energyKWh, [](double k) { return numText(k / 1000, "%.3g"); })
              << " MWh for the GPU boards at " << numText(f.powerW, "%g") << " W each (" << f.powerSource
              << "); hosts, network and cooling not counted\n";
        else
            o << "    energy: the GPU's power is not in the catalog (run.gpu_power_W)\n";
    }
    o << "  checkpoint " << bytesText(f.checkpointBytes) << " (weights and optimizer state; the most on one GPU "
      << bytesText(f.checkpointBytesPerGpu) << ")";
    if (f.writeS > 0)
        o << ", written in " << longDurationText(f.writeS) << " at " << numText(plan.run.storageWriteGBps, "%g")
          << " GB/s, read back in " << longDurationText(f.readS);
    else
        o << "; write time unknown without a storage bandwidth";
    o << "\n  failures " << numText(f.failuresPerGpuHour, "%.3g") << " per GPU-hour (" << f.failureSource
      << "): one every " << longDurationText(f.mtbfS) << " on " << grouped(f.gpusUsed) << " GPUs; restart "
      << longDurationText(f.restartS) << " (" << f.restartSource << (f.readS > 0 ? ", plus reading the checkpoint" : "")
      << ")\n";
    if (f.intervalS > 0)
        o << "    checkpoint every " << longDurationText(f.intervalS) << " of work (Daly 2006; Young's first order "
          << longDurationText(f.youngIntervalS) << "), goodput " << percent(f.goodput)
          << (f.hasBudget ? ", " + numText(f.failuresExpected, "%.3g") + " failures expected over the run" : "")
          << "\n";
    o << "  one failed GPU stops its TP×CP group (" << f.tpGroupGpus << " GPUs) and its pipeline (" << f.pipelineGpus
      << " GPUs on up to " << f.nodesPerPipeline << " nodes); synchronous training waits for all "
      << grouped(f.gpusUsed) << "; pipelines with GPUs on one node: at most " << f.pipelinesPerNode << "\n";
    o << "  spare nodes " << f.spareNodes << " of " << plan.cluster.nodes << " ("
      << percent(plan.cluster.nodes > 0 ? double(f.spareNodes) / plan.cluster.nodes : 0)
      << "; practice keeps 5–10%: S. Bekman, ml-engineering, fault-tolerance)\n";
    if (f.nodesPerPipeline > 0)
        o << "  pipeline depth " << plan.parallel.pp << " over the " << f.nodesPerPipeline
          << " nodes a pipeline spans: " << numText(double(plan.parallel.pp) / f.nodesPerPipeline, "%.2g")
          << "× (a rule of thumb asks 1.5–2× for fail-over; no published source for it was found)\n";
    return o.str();
}

} // namespace plait
