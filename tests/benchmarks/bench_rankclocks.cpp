// Aligning the clocks of a 64-rank profile on its shared collectives, and finding whom each collective waited for
// (issue 43): generated Kineto traces, 64 ranks × the given number of all-reduces. build/<preset>/bin/bench_rankclocks
#include "kinetocollectives.h"
#include "kinetogen.h"
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
        std::vector<std::string> problems;
        ranks.push_back(plait::collectivesFromKineto(plait::kinetoRankTrace(g, r), problems));
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

}

BENCHMARK_MAIN();
