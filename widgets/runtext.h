#pragma once
// A training run's forecast (core/evaluate/runforecast.h) in the user's language: short figures for the summary and
// whole sentences for the design-review report. Every number comes from the forecast or the plan.
#include "plan.h"
#include "runforecast.h"

#include <QString>
#include <QStringList>

namespace plait::widgets {

// A long duration in the unit that suits it: seconds, minutes, hours or days.
QString formatLongDuration(double seconds);

struct RunFigures {
    QString time; // to train, with checkpoints and failures when they can be counted; "—" without a budget
    QString cost; // at the user's price; "—" without one
    QString goodput; // "—" without a storage bandwidth
    QString checkpoint; // size, and write time when the storage is given
    QString timeTip, costTip, goodputTip, checkpointTip; // what each figure is, with its inputs and sources
};
RunFigures runFigures(const RunForecast& f, const Plan& plan);

// The forecast as sentences, one per line: budget, time, GPU-hours, cost, energy, checkpoint, failures, blast
// radius and spare nodes, each saying what is missing when an input is.
QStringList runForecastLines(const RunForecast& f, const Plan& plan);

} // namespace plait::widgets
