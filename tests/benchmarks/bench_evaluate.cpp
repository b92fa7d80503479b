// Evaluation runs on every mouse move: this measures one full core::evaluate of a plan, simulation included.
// Run: build/<preset>/bin/bench_evaluate
#include "evaluate.h"
#include "plan.h"

#include <benchmark/benchmark.h>
#include <cstdlib>

namespace {

void evaluateExample(benchmark::State& state, const char* file)
{
    auto plan = plait::loadPlanFile(std::string(PLAIT_EXAMPLES) + "/" + file);
    if (!plan) {
        state.SkipWithError(plan.errorText().c_str());
        return;
    }
    for (auto _ : state) {
        plait::Evaluation ev = plait::evaluate(plan.value());
        benchmark::DoNotOptimize(ev.stepS);
    }
}

} // namespace

BENCHMARK_CAPTURE(evaluateExample, h_gpt3_175b_1024_a100, "h-gpt3-175b-1024xa100.plait.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluateExample, d_gpt3_175b_96_a100, "d-twelve-nodes-tp8-pp12.plait.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluateExample, a1_gpt_1_7b_dp8, "a1-one-node-dp8.plait.json")->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
