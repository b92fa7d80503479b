#include "runforecast.h"

#include "memory.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace plait {

const char* defaultFailureSource()
{
    return "Llama 3 (arXiv 2407.21783) §3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100";
}

const char* defaultRestartSource()
{
    return "MegaScale (arXiv 2402.15627) §4: failure detection and diagnosis in under 10 minutes";
}

double failureRate(const Plan& plan, std::string* source)
{
    const RunSpec& r = plan.run;
    if (r.failuresPerGpuHour > 0) {
        if (source)
            *source = "plan";
        return r.failuresPerGpuHour;
    }
    if (r.failuresPerNodeDay > 0) {
        if (source)
            *source = "plan (per node-day)";
        return r.failuresPerNodeDay / (std::max(plan.cluster.gpusPerNode, 1) * 24.0);
    }
    if (source)
        *source = defaultFailureSource();
    return kDefaultFailuresPerGpuHour;
}

double dalyInterval(double delta, double mtbf)
{
    if (!(delta > 0) || !(mtbf > 0))
        return 0;
    if (delta >= 2 * mtbf)
        return mtbf;
    const double x = delta / (2 * mtbf);
    return std::sqrt(2 * delta * mtbf) * (1 + std::sqrt(x) / 3 + x / 9) - delta;
}

double dalyWallPerWork(double tau, double delta, double restart, double mtbf)
{
    if (!(tau > 0) || !(mtbf > 0))
        return 0;
    // expm1 keeps the ratio exact when τ+δ is far below M (a rare failure), where e^x − 1 would cancel.
    return mtbf * std::exp(restart / mtbf) * std::expm1((tau + delta) / mtbf) / tau;
}

namespace {

Spread scaled(const Evaluation& ev, double k)
{
    return { ev.stepS * k, (ev.stepFastS > 0 ? ev.stepFastS : ev.stepS) * k,
        (ev.stepSlowS > 0 ? ev.stepSlowS : ev.stepS) * k };
}

Spread times(Spread s, double k)
{
    return { s.point * k, s.fast * k, s.slow * k };
}

void addBlastRadius(const Plan& plan, RunForecast& f)
{
    const ParallelSpec& par = plan.parallel;
    const int perNode = std::max(plan.cluster.gpusPerNode, 1);
    f.tpGroupGpus = par.tp * par.cp;
    f.pipelineGpus = par.tp * par.cp * par.pp;
    std::vector<std::set<int>> replicasOnNode(std::size_t(std::max(plan.cluster.nodes, 1)));
    std::vector<std::set<int>> nodesOfReplica(std::size_t(std::max(par.dp, 1)));
    const std::vector<Coord>& coords = plan.placement.coordOf;
    for (std::size_t g = 0; g < coords.size(); ++g) {
        if (coords[g].tp < 0)
            continue;
        const int node = int(g) / perNode;
        if (node < int(replicasOnNode.size()))
            replicasOnNode[std::size_t(node)].insert(coords[g].dp);
        if (coords[g].dp >= 0 && coords[g].dp < int(nodesOfReplica.size()))
            nodesOfReplica[std::size_t(coords[g].dp)].insert(node);
    }
    for (const auto& r : replicasOnNode) {
        f.pipelinesPerNode = std::max(f.pipelinesPerNode, int(r.size()));
        f.nodesUsed += r.empty() ? 0 : 1;
    }
    for (const auto& n : nodesOfReplica)
        f.nodesPerPipeline = std::max(f.nodesPerPipeline, int(n.size()));
    f.spareNodes = plan.cluster.nodes - f.nodesUsed;
}

}

RunForecast forecastRun(const Plan& plan, const Evaluation& ev)
{
    RunForecast f;
    if (!ev.valid || !(ev.stepS > 0))
        return f;
    f.valid = true;
    const RunSpec& r = plan.run;
    f.gpusUsed = plan.parallel.gpusUsed();
    f.gpusReserved = plan.cluster.gpuCount();
    addBlastRadius(plan, f);

    // Checkpoint: each parameter's working weight and optimizer state, once.
    const StateBytes bytes = stateBytes(plan.training);
    f.checkpointBytes = ev.paramsTotal * (bytes.weights + bytes.optimizer);
    for (const StageMemory& m : ev.memory)
        f.checkpointBytesPerGpu = std::max(f.checkpointBytesPerGpu, m.weights - m.quantizedWeights + m.optimizer);
    if (r.storageWriteGBps > 0)
        f.writeS = f.checkpointBytes / (r.storageWriteGBps * 1e9);
    const double readGBps = r.storageReadGBps > 0 ? r.storageReadGBps : r.storageWriteGBps;
    if (readGBps > 0)
        f.readS = f.checkpointBytes / (readGBps * 1e9);

    // Failures.
    f.failuresPerGpuHour = failureRate(plan, &f.failureSource);
    f.mtbfS = f.failuresPerGpuHour > 0 ? 3600 / (f.failuresPerGpuHour * f.gpusUsed) : 0;
    f.restartS = (r.restartMinutes > 0 ? r.restartMinutes : kDefaultRestartMinutes) * 60 + f.readS;
    f.restartSource = r.restartMinutes > 0 ? "plan" : defaultRestartSource();
    double wallPerWork = 1;
    if (f.writeS > 0 && f.mtbfS > 0) {
        f.intervalS = dalyInterval(f.writeS, f.mtbfS);
        f.youngIntervalS = std::sqrt(2 * f.writeS * f.mtbfS);
        wallPerWork = dalyWallPerWork(f.intervalS, f.writeS, f.restartS, f.mtbfS);
        f.goodput = wallPerWork > 0 ? 1 / wallPerWork : 0;
    } else if (f.mtbfS <= 0) {
        f.goodput = 1; // a rate of 0: nothing fails, nothing needs a checkpoint
    }

    // Budget.
    const double tokensPerStep = double(plan.training.globalBatch) * double(plan.model.seqLen);
    if ((r.tokens > 0 || r.steps > 0) && tokensPerStep > 0) {
        f.hasBudget = true;
        f.steps = r.steps > 0 ? double(r.steps) : std::ceil(r.tokens / tokensPerStep);
        f.tokens = f.steps * tokensPerStep;
        f.computeS = scaled(ev, f.steps);
        f.wallS = f.goodput > 0 ? times(f.computeS, 1 / f.goodput) : f.computeS;
        f.gpuHours = times(f.wallS, f.gpusReserved / 3600.0);
        f.hasPrice = r.pricePerGpuHour > 0;
        f.currency = r.currency;
        if (f.hasPrice)
            f.cost = times(f.gpuHours, r.pricePerGpuHour);
        f.powerW = r.gpuPowerW > 0 ? r.gpuPowerW : plan.cluster.gpu.tdpW;
        f.powerSource = r.gpuPowerW > 0 ? "plan (measured)" : plan.cluster.gpu.tdpSource;
        if (f.powerW > 0)
            f.energyKWh = times(f.wallS, f.gpusUsed * f.powerW / 1000 / 3600);
        if (f.mtbfS > 0)
            f.failuresExpected = f.wallS.point / f.mtbfS;
    }
    return f;
}

} // namespace plait
