// From a mouse move during a drag to redrawn charts, for example (h) (1,024 GPUs): the candidate plan is made
// (swap two GPUs), evaluated, and the summary, memory and communication views are updated and replotted.
// Runs offscreen: build/<preset>/bin/bench_drag_update
#include "analysis.h"
#include "commbreakdown.h"
#include "evaluate.h"
#include "memorybars.h"
#include "placementedit.h"
#include "plan.h"
#include "summaryview.h"
#include "topologyview.h"

#include <QApplication>
#include <benchmark/benchmark.h>
#include <qcustomplot.h>

namespace {

void dragUpdate(benchmark::State& state)
{
    auto plan = plait::loadPlanFile(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json");
    if (!plan) {
        state.SkipWithError(plan.errorText().c_str());
        return;
    }
    plait::widgets::SummaryView summary;
    plait::widgets::MemoryBars memory;
    plait::widgets::CommBreakdown comm;
    memory.resize(700, 450);
    comm.resize(700, 450);
    summary.show();
    memory.show();
    comm.show();
    QCoreApplication::processEvents();
    int target = 8;
    for (auto _ : state) {
        // The GPU under the cursor changes: GPU 7 would swap with the next one along.
        auto candidate = plait::swapGpus(plan.value(), 7, target);
        target = target == 1023 ? 8 : target + 1;
        auto ev = std::make_shared<const plait::Evaluation>(plait::evaluate(candidate.value()));
        summary.setEvaluation(ev);
        memory.setEvaluation(ev);
        comm.setEvaluation(ev);
        memory.plot()->replot(QCustomPlot::rpImmediateRefresh);
        comm.plot()->replot(QCustomPlot::rpImmediateRefresh);
        benchmark::DoNotOptimize(ev->stepS);
    }
}

// The drop, on the GUI thread: the topology takes the new plan's analysis (its groups computed by the engine, off
// the GUI thread, outside the timing) and recolours its 1,024 chips and redraws its group outlines.
void dropUpdate(benchmark::State& state)
{
    auto plan = plait::loadPlanFile(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json");
    if (!plan) {
        state.SkipWithError(plan.errorText().c_str());
        return;
    }
    plait::widgets::TopologyView topology;
    topology.resize(1200, 800);
    topology.setAnalysis(
        std::make_shared<const plait::Analysis>(plait::analyze(std::make_shared<const plait::Plan>(plan.value()))));
    topology.show();
    QCoreApplication::processEvents();
    int target = 8;
    for (auto _ : state) {
        state.PauseTiming();
        auto candidate = plait::swapGpus(plan.value(), 7, target);
        target = target == 1023 ? 8 : target + 1;
        auto analysis = std::make_shared<const plait::Analysis>(
            plait::analyze(std::make_shared<const plait::Plan>(std::move(candidate.value()))));
        state.ResumeTiming();
        topology.setAnalysis(analysis);
        topology.viewport()->repaint();
    }
}

} // namespace

BENCHMARK(dragUpdate)->Unit(benchmark::kMillisecond);
BENCHMARK(dropUpdate)->Unit(benchmark::kMillisecond);

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
