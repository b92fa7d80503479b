// Aligning the clocks of a 64-rank profile on its shared collectives, and finding whom each collective waited for
// (issue 43): generated Kineto traces, 64 ranks × the given number of all-reduces. build/<preset>/bin/bench_rankclocks
#include "kinetogen.h"
#include "kinetoprofile.h"
#include "rankclocks.h"

#include <benchmark/benchmark.h>

#include <cmath>

namespace {

std::vector<plait::RankCollectives> job(int collectives)
{
    plait::GeneratedJob g;
    g.ranks = 64;
    g.steps = collectives;
    g.kernelsPerStep = 1;
    for (int r = 0; r < g.ranks; ++r)
        g.clockSkewUs.push_back(1e6 * std::sin(r)); // hosts up to a second apart
    g.stragglerRank = 7;
    g.stragglerSlowdown = 1.1;
    std::vector<plait::RankCollectives> ranks;
    for (int r = 0; r < g.ranks; ++r) {
        ranks.push_back(plait::readKinetoProfile(plait::kinetoRankTrace(g, r).dump()).value().collectives);
    }
    return ranks;
}

void alignClocks(benchmark::State& state)
{
    const auto ranks = job(int(state.range(0)));
    for (auto _ : state)
        benchmark::DoNotOptimize(plait::alignRankClocks(ranks));
    state.counters["kernels"] = double(64 * state.range(0));
}
BENCHMARK(alignClocks)->Arg(2000)->Unit(benchmark::kMillisecond);

void findWaits(benchmark::State& state)
{
    const auto ranks = job(int(state.range(0)));
    const plait::ClockAlignment a = plait::alignRankClocks(ranks);
    for (auto _ : state)
        benchmark::DoNotOptimize(plait::collectiveWaits(ranks, a));
}
BENCHMARK(findWaits)->Arg(2000)->Unit(benchmark::kMillisecond);

// One rank's 100 MB trace read into its summary (the streaming parse): issue 43 asks 64 such ranks in under 30 s.
void readRankTrace(benchmark::State& state)
{
    plait::GeneratedJob g;
    g.ranks = 8;
    g.steps = 100;
    g.kernelsPerStep = int(state.range(0)) * 25; // ~400 bytes per kernel event
    static std::string text;
    text = plait::kinetoRankTrace(g, 3).dump();
    for (auto _ : state) {
        auto r = plait::readKinetoProfile(text);
        benchmark::DoNotOptimize(r);
    }
    state.counters["MB"] = double(text.size()) / 1e6;
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}
BENCHMARK(readRankTrace)->Arg(100)->Unit(benchmark::kMillisecond)->Iterations(2);

}

BENCHMARK_MAIN();
