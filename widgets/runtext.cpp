#include "runtext.h"

#include "format.h"

#include <QCoreApplication>
#include <QLocale>

namespace plait::widgets {

namespace {
QString tr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate(
        "plait::widgets", text, disambiguation, n); // the context lupdate gives tr() here
}

QString number(double x, int digits = 3)
{
    return formatNumber(x, digits); // whole and grouped from 10,000: no exponents
}

QString spread(const Spread& s, QString (*format)(double))
{
    return tr("%1 (%2–%3)").arg(format(s.point), format(s.fast), format(s.slow));
}

QString grouped(double x)
{
    return QLocale().toString(qint64(std::llround(x)));
}

QString megawattHours(double kWh)
{
    return tr("%1 MWh").arg(number(kWh / 1000));
}
}

QString formatLongDuration(double s)
{
    if (!(s >= 0) || !std::isfinite(s))
        return QStringLiteral("—");
    if (s < 120)
        return tr("%1 s").arg(number(s));
    if (s < 2 * 3600)
        return tr("%1 min").arg(number(s / 60));
    if (s < 2 * 86400)
        return tr("%1 h").arg(number(s / 3600));
    return tr("%1 days").arg(number(s / 86400));
}

RunFigures runFigures(const RunForecast& f, const Plan& plan)
{
    RunFigures r;
    const QString none = QStringLiteral("—");
    r.time = r.cost = r.goodput = r.checkpoint = none;
    if (!f.valid)
        return r;
    r.checkpoint = formatBytes(f.checkpointBytes);
    if (f.writeS > 0)
        r.checkpoint = tr("%1 in %2").arg(formatBytes(f.checkpointBytes), formatLongDuration(f.writeS));
    r.checkpointTip = tr("Weights and optimizer state, each parameter once (what Megatron-LM and DeepSpeed save); the "
                         "most one GPU holds: %1.")
                          .arg(formatBytes(f.checkpointBytesPerGpu))
        + (f.writeS > 0 ? tr(" Written at %1 GB/s.").arg(number(plan.run.storageWriteGBps))
                        : tr(" Set the storage bandwidth (Training run) for its write time."));
    if (f.goodput > 0 && f.intervalS > 0) {
        r.goodput = formatPercent(f.goodput);
        r.goodputTip = tr("Useful work over wall time with a checkpoint every %1 of work (Daly 2006), a failure every "
                          "%2 (%3 per GPU-hour on %4 GPUs) and %5 to restart.")
                           .arg(formatLongDuration(f.intervalS), formatLongDuration(f.mtbfS),
                               number(f.failuresPerGpuHour), grouped(f.gpusUsed), formatLongDuration(f.restartS));
    } else {
        r.goodputTip = tr("Needs the checkpoint's write time: set the storage bandwidth (Training run).");
    }
    if (!f.hasBudget) {
        r.timeTip = r.costTip = tr("Set a training budget in tokens or steps (Training run).");
        return r;
    }
    r.time = spread(f.wallS, formatLongDuration);
    r.timeTip = tr("%1 tokens in %2 steps; %3 of steps")
                    .arg(grouped(f.tokens), grouped(f.steps), formatLongDuration(f.computeS.point))
        + (f.goodput > 0 && f.goodput < 1 ? tr(", the rest checkpoints and failures.")
                                          : tr("; failures and checkpoints not counted without a storage bandwidth."));
    if (f.hasPrice) {
        r.cost = tr("%1 %2").arg(grouped(f.cost.point), QString::fromStdString(plan.run.currency));
        r.costTip = tr("%1 GPU-hours (%2–%3) on %4 reserved GPUs at %5 %6 per GPU-hour; range %7–%8.")
                        .arg(grouped(f.gpuHours.point), grouped(f.gpuHours.fast), grouped(f.gpuHours.slow),
                            grouped(f.gpusReserved), number(plan.run.pricePerGpuHour),
                            QString::fromStdString(plan.run.currency), grouped(f.cost.fast), grouped(f.cost.slow));
    } else {
        r.costTip
            = tr("%1 GPU-hours; set a price per GPU-hour (Training run) for the cost.").arg(grouped(f.gpuHours.point));
    }
    return r;
}

QStringList runForecastLines(const RunForecast& f, const Plan& plan)
{
    QStringList out;
    if (!f.valid)
        return out;
    const QString currency = QString::fromStdString(plan.run.currency);
    if (f.hasBudget) {
        out << tr("Budget: %1 tokens, %2 steps of %3 tokens.")
                   .arg(grouped(f.tokens), grouped(f.steps),
                       grouped(double(plan.training.globalBatch) * double(plan.model.seqLen)));
        QString time = tr("Time to train: %1 of steps").arg(spread(f.computeS, formatLongDuration));
        if (f.goodput > 0 && f.goodput < 1)
            time += tr(", %1 with checkpoints and failures.").arg(spread(f.wallS, formatLongDuration));
        else
            time += tr("; failures and checkpoints not counted (no storage bandwidth).");
        out << time;
        out << tr("GPU-hours: %1 on %2 reserved GPUs (%3 used).")
                   .arg(spread(f.gpuHours, grouped), grouped(f.gpusReserved), grouped(f.gpusUsed));
        out << (f.hasPrice ? tr("Cost: %1 %2 at %3 %2 per GPU-hour.")
                                 .arg(spread(f.cost, grouped), currency, number(plan.run.pricePerGpuHour))
                           : tr("Cost: no price per GPU-hour given."));
        out << (f.powerW > 0
                ? tr("Energy: %1 for the GPU boards at %2 W each (%3); hosts, network and cooling not "
                     "counted.")
                      .arg(spread(f.energyKWh, megawattHours), number(f.powerW), QString::fromStdString(f.powerSource))
                : tr("Energy: this GPU's power is not in the catalog; give a measured figure."));
    } else {
        out << tr("No training budget given: time, GPU-hours, cost and energy need tokens or steps.");
    }
    out << tr("Checkpoint: %1 (weights and optimizer state; at most %2 on one GPU)")
                .arg(formatBytes(f.checkpointBytes), formatBytes(f.checkpointBytesPerGpu))
            + (f.writeS > 0 ? tr(", written in %1 at %2 GB/s, read back in %3.")
                                  .arg(formatLongDuration(f.writeS), number(plan.run.storageWriteGBps),
                                      formatLongDuration(f.readS))
                            : tr("; its write time needs a storage bandwidth."));
    out << tr("Failures: %1 per GPU-hour (%2), one every %3 on %4 GPUs; a restart takes %5 (%6).")
               .arg(number(f.failuresPerGpuHour), QString::fromStdString(f.failureSource), formatLongDuration(f.mtbfS),
                   grouped(f.gpusUsed), formatLongDuration(f.restartS), QString::fromStdString(f.restartSource));
    if (f.intervalS > 0)
        out << tr("Checkpoint every %1 of work (Daly 2006; Young's first order %2): goodput %3%4.")
                   .arg(formatLongDuration(f.intervalS), formatLongDuration(f.youngIntervalS), formatPercent(f.goodput),
                       f.hasBudget ? tr(", %1 failures expected over the run").arg(number(f.failuresExpected))
                                   : QString());
    out << tr("One failed GPU stops its TP×CP group (%1 GPUs) and its pipeline (%2 GPUs on up to %3 nodes); "
              "synchronous training waits for all %4. Pipelines with GPUs on one node: at most %5.")
               .arg(f.tpGroupGpus)
               .arg(f.pipelineGpus)
               .arg(f.nodesPerPipeline)
               .arg(grouped(f.gpusUsed))
               .arg(f.pipelinesPerNode);
    out << tr("Spare nodes: %1 of %2 (%3); practice keeps 5–10% (S. Bekman, ml-engineering).")
               .arg(f.spareNodes)
               .arg(plan.cluster.nodes)
               .arg(formatPercent(plan.cluster.nodes > 0 ? double(f.spareNodes) / plan.cluster.nodes : 0));
    if (f.nodesPerPipeline > 0)
        out << tr("Pipeline depth %1 over the %2 nodes a pipeline spans: %3× (a rule of thumb asks 1.5–2× for "
                  "fail-over; no published source for it was found).")
                   .arg(plan.parallel.pp)
                   .arg(f.nodesPerPipeline)
                   .arg(number(double(plan.parallel.pp) / f.nodesPerPipeline, 2));
    return out;
}

} // namespace plait::widgets
