// Evaluation runs on every mouse move: this measures one full core::evaluate of a plan, simulation included.
// Run: build/<preset>/bin/bench_evaluate
#include "analysis.h"
#include "evaluate.h"
#include "groups.h"
#include "plan.h"
#include "predictedtimeline.h"
#include "range.h"

#include <benchmark/benchmark.h>
#include <cstdlib>
#include <optional>

namespace {

// A built-in example, or the benchmark skipped with the reason.
std::optional<plait::Plan> example(benchmark::State& state, const char* file)
{
    auto plan = plait::loadPlanFile(std::string(PLAIT_EXAMPLES) + "/" + file);
    if (!plan) {
        state.SkipWithError(plan.errorText().c_str());
        return std::nullopt;
    }
    return plan.value();
}

void evaluateExample(benchmark::State& state, const char* file)
{
    const auto plan = example(state, file);
    if (!plan)
        return;
    for (auto _ : state) {
        plait::Evaluation ev = plait::evaluate(*plan);
        benchmark::DoNotOptimize(ev.stepS);
    }
}

// The window's whole analysis of a plan (analysis.h): the point and the range's two ends, which share one set of
// groups and op lists, then the groups, the predicted timeline and the run forecast.
void analyzeExample(benchmark::State& state, const char* file)
{
    const auto plan = example(state, file);
    if (!plan)
        return;
    const auto shared = std::make_shared<const plait::Plan>(*plan);
    for (auto _ : state) {
        const plait::Analysis a = plait::analyze(shared);
        benchmark::DoNotOptimize(a.evaluation->stepS);
    }
}

// The recipe analyze() followed until issue 41, for comparison: three evaluations that each build the groups and
// op lists, and the groups built a fourth time.
void analyzeUnsharedExample(benchmark::State& state, const char* file)
{
    const auto plan = example(state, file);
    if (!plan)
        return;
    for (auto _ : state) {
        plait::Evaluation ev = plait::evaluate(*plan);
        plait::addStepRange(*plan, ev);
        const plait::GroupSet groups = plait::buildGroups(*plan);
        const plait::Timeline timeline = plait::predictedTimeline(ev, *plan);
        const plait::RunForecast run = plait::forecastRun(*plan, ev);
        benchmark::DoNotOptimize(ev.stepS);
        benchmark::DoNotOptimize(groups.tp.size());
        benchmark::DoNotOptimize(timeline);
        benchmark::DoNotOptimize(run);
    }
}

} // namespace

BENCHMARK_CAPTURE(analyzeExample, h_gpt3_175b_1024_a100, "h-gpt3-175b-1024xa100.plait.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(analyzeUnsharedExample, h_gpt3_175b_1024_a100, "h-gpt3-175b-1024xa100.plait.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(analyzeExample, d_gpt3_175b_96_a100, "d-twelve-nodes-tp8-pp12.plait.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(analyzeUnsharedExample, d_gpt3_175b_96_a100, "d-twelve-nodes-tp8-pp12.plait.json")
    ->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(evaluateExample, h_gpt3_175b_1024_a100, "h-gpt3-175b-1024xa100.plait.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluateExample, d_gpt3_175b_96_a100, "d-twelve-nodes-tp8-pp12.plait.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluateExample, a1_gpt_1_7b_dp8, "a1-one-node-dp8.plait.json")->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
