// The whole plan search for Llama 3 405B (126 layers, seq 8192) on 16,384 H100 (2,048 nodes, NVLink 4 inside,
// InfiniBand NDR between), global batch 2,048 sequences (16M tokens, as Meta's run): every valid candidate's memory,
// then full evaluations best-bound first until the bound passes the 10th best. Goal: under 1 s. The second run goes on
// through every candidate that fits (the chart's background pass).
#include "search.h"

#include <benchmark/benchmark.h>

#include <limits>

namespace {

const char* kPlan = R"({"format":"plait-plan/1","name":"Llama 3 405B on 16,384 H100","model":{"preset":"llama3-405b"},
 "cluster":{"gpu":"H100-SXM5-80GB","nodes":2048,"gpus_per_node":8,"intra_node":"nvlink4-nvswitch","inter_node":"ib-ndr"},
 "training":{"global_batch":2048,"micro_batch":1,"zero_stage":1,"recompute":"selective","sequence_parallel":true,
   "flash_attention":true},
 "parallel":{"tp":8,"pp":16,"dp":128,"layers_per_stage":[7,8,8,8,8,8,8,8,8,8,8,8,8,8,8,7]},"placement":null})";

// state.range(0) = 1: go on to evaluate every candidate that fits, as the Suggest panel does in the background for its
// chart.
void search405b(benchmark::State& state)
{
    auto plan = plait::planFromJson(nlohmann::json::parse(kPlan));
    if (!plan) {
        state.SkipWithError(plan.errorText().c_str());
        return;
    }
    plait::SearchResult r;
    plait::SearchOptions options;
    options.top = 10;
    if (state.range(0) == 1)
        options.minEvaluated = std::numeric_limits<int>::max();
    for (auto _ : state) {
        r = plait::searchPlans(plan.value(), options);
        benchmark::DoNotOptimize(r.best.data());
    }
    state.counters["combinations"] = double(r.combinations);
    state.counters["fitting"] = double(r.fitting);
    state.counters["evaluated"] = double(r.evaluatedCount);
    if (!r.best.empty())
        state.counters["best_step_s"] = r.candidates[std::size_t(r.best.front())].stepS;
}
BENCHMARK(search405b)->Arg(0)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(search405b)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);

}

BENCHMARK_MAIN();
