// Aligning the clocks of a 64-rank profile on its shared collectives, and finding whom each collective waited for
// (issue 43): generated Kineto traces, 64 ranks × the given number of all-reduces. build/<preset>/bin/bench_rankclocks
#include "kinetogen.h"
#include "kinetoprofile.h"
#include "nsysgen.h"
#include "nsysprofile.h"
#include "profileloader.h"
#include "rankclocks.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <benchmark/benchmark.h>
#include <malloc.h>

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
    g.kernelsPerStep = int(state.range(0)) * 10; // ~1000 bytes per kernel with its launch, operator and flow
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

// A node's Nsight Systems report (nsys around torchrun: 8 processes) read into its 8 ranks' summaries: the same
// generated job as readRankTrace, its kernels, launches and steps as the SQLite export's rows.
void readNsysNodeReport(benchmark::State& state)
{
    plait::GeneratedJob g;
    g.ranks = 8;
    g.steps = 100;
    g.kernelsPerStep = int(state.range(0)) * 10;
    const QString path = QDir::temp().filePath(QStringLiteral("plait-bench-node0.sqlite"));
    std::vector<nlohmann::json> traces;
    for (int r = 0; r < g.ranks; ++r)
        traces.push_back(plait::kinetoRankTrace(g, r));
    if (!plait::writeNsysReport(path.toStdString(), traces).empty())
        state.SkipWithError("cannot write the report");
    traces.clear();
    std::size_t rows = 0;
    for (auto _ : state) {
        auto r = plait::readNsysProfileFile(path.toStdString());
        if (!r || r.value().size() != 8)
            state.SkipWithError("the report was not read");
        rows = 0;
        for (const plait::RankProfile& p : r.value())
            rows += p.events;
        benchmark::DoNotOptimize(r);
    }
    state.counters["MB"] = double(QFileInfo(path).size()) / 1e6;
    state.counters["rows"] = double(rows);
    QFile::remove(path);
}
BENCHMARK(readNsysNodeReport)->Arg(100)->Unit(benchmark::kMillisecond)->Iterations(2);

// A job of 64 ranks of 100 MB each opened as File → Open Profile opens it (issue 43 A: under 30 s, under 2 GB): read
// on the pool's threads, aligned and laid out. One generated rank's file (its host events, launches and kernels in a
// real trace's proportions) is read 64 times, from the page cache as a job's files just copied from the cluster would
// be; peak memory is the process's resident high-water mark during the load.
void openJobProfile(benchmark::State& state)
{
    plait::GeneratedJob g;
    g.ranks = 64;
    g.steps = 100;
    g.kernelsPerStep = int(state.range(0));
    const QString path = QDir::temp().filePath(QStringLiteral("plait-bench-rank3.json"));
    std::size_t bytes = 0;
    {
        const std::string text = plait::kinetoRankTrace(g, 3).dump();
        bytes = text.size();
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size()))
            state.SkipWithError("cannot write the trace");
    }
    const QStringList files(64, path);
    // The generator's document is gone: give its memory back and restart the high-water mark (Linux's clear_refs),
    // so that the peak is the load's.
    malloc_trim(0);
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    if (!clear.open(QIODevice::WriteOnly) || clear.write("5") != 1)
        state.SkipWithError("cannot reset the resident high-water mark");
    clear.close();
    for (auto _ : state) {
        auto ranks = plait::engine::readRankProfiles(files);
        benchmark::DoNotOptimize(plait::engine::layOutProfile(std::move(ranks.value()), nullptr));
    }
    QFile::remove(path);
    QFile status(QStringLiteral("/proc/self/status"));
    double peakKiB = 0;
    if (status.open(QIODevice::ReadOnly))
        for (const QByteArray& line : status.readAll().split('\n'))
            if (line.startsWith("VmHWM:"))
                peakKiB = line.mid(6).trimmed().split(' ').front().toDouble();
    state.counters["MB per rank"] = double(bytes) / 1e6;
    state.counters["peak RSS MB"] = peakKiB / 1024;
    state.SetBytesProcessed(std::int64_t(state.iterations()) * 64 * std::int64_t(bytes));
}
BENCHMARK(openJobProfile)->Arg(1170)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}

BENCHMARK_MAIN();
