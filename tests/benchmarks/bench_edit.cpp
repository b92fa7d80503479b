// One edit through the whole window, for example (h) (1,024 GPUs): a field edit, a drag preview and a drop, each
// until every view shows the new plan (and, for edits, its advice). Reports per edit the GUI thread's CPU time, the
// evaluations run (Full detail: the plan and the advisor's candidate fixes; figures_only: the step range's two ends),
// and those run on the GUI thread.
// Runs offscreen: build/<preset>/bin/bench_edit
#include "advicepanel.h"
#include "evaluate.h"
#include "mainwindow.h"
#include "topologyview.h"

#include <QApplication>
#include <QEventLoop>
#include <QThread>
#include <QTimer>
#include <benchmark/benchmark.h>

#include <atomic>
#include <ctime>

namespace {

std::atomic<int> g_evaluations { 0 }, g_figures { 0 }, g_onGuiThread { 0 };

void observe(const plait::Plan&, plait::EvaluationDetail detail)
{
    if (detail == plait::EvaluationDetail::Full)
        ++g_evaluations;
    else
        ++g_figures; // the step range's two ends, and the advisor's bounds
    if (QThread::currentThread() == QCoreApplication::instance()->thread())
        ++g_onGuiThread;
}

double guiThreadCpuSeconds()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// Runs the event loop until `signal` of `sender` fires (the engine publishes off the GUI thread).
template <typename Sender, typename Signal> void waitFor(Sender* sender, Signal signal)
{
    QEventLoop loop;
    QObject::connect(sender, signal, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    loop.exec();
}

struct Window {
    plait::app::MainWindow w { QDir::tempPath() + QStringLiteral("/plait-bench-edit") };
    Window()
    {
        w.resize(1600, 1000);
        w.show();
        w.openPlan(QStringLiteral(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json"));
        waitFor(w.advicePanel(), &plait::app::AdvicePanel::itemsChanged);
    }
};

void report(benchmark::State& state, double cpu, int evaluations, int onGui)
{
    const double n = double(state.iterations());
    state.counters["gui_cpu_ms"] = 1e3 * cpu / n;
    state.counters["evaluations"] = evaluations / n;
    state.counters["figures_only"] = g_figures / n;
    state.counters["on_gui_thread"] = onGui / n;
}

// Times `edit` (given the iteration's number) on the GUI thread until `done` of `sender` fires.
template <typename Edit, typename Sender, typename Signal>
void measure(benchmark::State& state, Edit edit, Sender* sender, Signal done)
{
    double cpu = 0;
    int i = 0;
    g_evaluations = g_figures = g_onGuiThread = 0;
    for (auto _ : state) {
        const double start = guiThreadCpuSeconds();
        edit(i++);
        waitFor(sender, done);
        cpu += guiThreadCpuSeconds() - start;
    }
    report(state, cpu, g_evaluations, g_onGuiThread);
}

// A field edit: the global batch changes (each time to a batch not seen before).
void fieldEdit(benchmark::State& state)
{
    Window window;
    plait::app::MainWindow& w = window.w;
    const plait::Plan base = w.document()->plan();
    measure(
        state,
        [&](int i) {
            plait::Plan plan = base;
            plan.training.globalBatch += 8 * (i + 1);
            w.document()->edit(plan, QStringLiteral("batch"));
        },
        w.advicePanel(), &plait::app::AdvicePanel::itemsChanged);
}

// The GPU the drag is over, or dropped on: GPU 7 swaps with 8, 9, … in turn.
int target(int i)
{
    return 8 + i % 1016;
}

// Dragging over a GPU: the preview of the swap, until the charts show it.
void dragPreview(benchmark::State& state)
{
    Window window;
    plait::app::MainWindow& w = window.w;
    measure(
        state, [&](int i) { emit w.topologyView()->swapPreviewed(7, target(i)); }, w.analysis(),
        &plait::engine::PlanAnalysis::analysisAvailable);
}

// The drop: one undoable edit, until every view and the advice show it.
void drop(benchmark::State& state)
{
    Window window;
    plait::app::MainWindow& w = window.w;
    measure(
        state, [&](int i) { emit w.topologyView()->swapRequested(7, target(i)); }, w.advicePanel(),
        &plait::app::AdvicePanel::itemsChanged);
}

} // namespace

BENCHMARK(fieldEdit)->Unit(benchmark::kMillisecond)->Iterations(30);
BENCHMARK(dragPreview)->Unit(benchmark::kMillisecond)->Iterations(30);
BENCHMARK(drop)->Unit(benchmark::kMillisecond)->Iterations(30);

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("PlaitBench"));
    plait::setEvaluationObserver(&observe);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
