// One frame of the Gantt with 1,000,000 events on 64 lanes, at zoom levels from the whole trace down to a few
// ops, painted into a 1920×1080 image as the screen would be. Goal: under 16 ms per frame at every zoom.
// ganttRepaint paints the same window again, as a hover or a selection does: the lanes' geometry is replayed.
// Runs offscreen: build/<preset>/bin/bench_gantt_paint
#include "ganttview.h"
#include "tracegen.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <benchmark/benchmark.h>

namespace {

void ganttPaint(benchmark::State& state)
{
    static auto timeline = std::make_shared<const plait::Timeline>(plait::bench::makeTimeline(1'000'000, 64));
    plait::widgets::GanttView view;
    view.resize(1920, 1080);
    view.setSections({ { QStringLiteral("generated"), timeline } });
    const double begin = timeline->begin(), end = timeline->end();
    const double zoom = double(state.range(0)); // 1 = whole trace
    const double span = (end - begin) / zoom, start = begin + (end - begin) * 0.37;
    view.setWindow(start, start + span);
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    int frame = 0;
    for (auto _ : state) {
        // Pan a little every frame so no cached geometry is reused.
        view.setWindow(start + span * 0.001 * (frame % 7), start + span * (1 + 0.001 * (frame % 7)));
        ++frame;
        QPainter p(&image);
        view.paintTo(p, image.size());
    }
    state.counters["events"] = double(timeline->spanCount());
}
BENCHMARK(ganttPaint)->Arg(1)->Arg(10)->Arg(1000)->Arg(100000)->Unit(benchmark::kMillisecond);

// A repaint of the same window (a hover, a selection, a tooltip): the cached geometry is replayed.
void ganttRepaint(benchmark::State& state)
{
    static auto timeline = std::make_shared<const plait::Timeline>(plait::bench::makeTimeline(1'000'000, 64));
    plait::widgets::GanttView view;
    view.resize(1920, 1080);
    view.setSections({ { QStringLiteral("generated"), timeline } });
    const double begin = timeline->begin(), end = timeline->end();
    const double span = (end - begin) / double(state.range(0)), start = begin + (end - begin) * 0.37;
    view.setWindow(start, start + span);
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    for (auto _ : state) {
        QPainter p(&image);
        view.paintTo(p, image.size());
    }
    state.counters["lanes built"] = double(view.lanesBuilt());
}
BENCHMARK(ganttRepaint)->Arg(1)->Arg(10)->Arg(1000)->Arg(100000)->Unit(benchmark::kMillisecond);

}

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
