// Reading a 100 MB Chrome trace (about 680,000 complete events on 64 threads) into a timeline, from memory:
// the streaming parse, lane building and sorting. Goal: under 5 s. build/<preset>/bin/bench_trace_load
#include "chrometrace.h"
#include "tracegen.h"

#include <benchmark/benchmark.h>

namespace {

void traceLoad(benchmark::State& state)
{
    static const std::string text = plait::bench::makeTraceText(std::size_t(state.range(0)) << 20);
    std::size_t events = 0;
    for (auto _ : state) {
        auto read = plait::readChromeTrace(text);
        if (!read) {
            state.SkipWithError(read.errorText().c_str());
            return;
        }
        events = read.value().timeline.spanCount();
        benchmark::DoNotOptimize(events);
    }
    state.counters["MB"] = double(text.size()) / 1e6;
    state.counters["events"] = double(events);
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}
BENCHMARK(traceLoad)->Arg(100)->Unit(benchmark::kMillisecond)->Iterations(3);

}

BENCHMARK_MAIN();
