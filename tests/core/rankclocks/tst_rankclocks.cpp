// Clocks of a multi-rank profile aligned on the collectives the ranks share, and the rank the others waited for
// (issue 43), checked on generated Kineto traces whose skews and straggler are known.
#include "jobprofile.h"
#include "jobtimeline.h"
#include "kinetogen.h"
#include "kinetoprofile.h"
#include "rankclocks.h"
#include "timelinecompare.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace plait;

namespace {
RankProfile readRank(const nlohmann::json& trace)
{
    auto r = readKinetoProfile(trace.dump());
    if (!r)
        qFatal("generated trace not read: %s", r.errorText().c_str());
    return r.value();
}

std::vector<RankCollectives> readAll(const GeneratedJob& job)
{
    std::vector<RankCollectives> ranks;
    for (int r = 0; r < job.ranks; ++r) {
        const RankProfile p = readRank(kinetoRankTrace(job, r));
        if (!p.problems.empty())
            qFatal("generated trace not read: %s", messageText(p.problems.front()).c_str());
        ranks.push_back(p.collectives);
    }
    return ranks;
}

// Skews of up to ±`spread` µs, a different one per rank, as unsynchronised hosts show.
std::vector<double> skews(int ranks, double spread)
{
    std::vector<double> s;
    for (int r = 0; r < ranks; ++r)
        s.push_back(spread * std::sin(1.7 * r + 0.3));
    return s;
}
}

class TestRankClocks : public QObject {
    Q_OBJECT
private slots:
    void recoversPlantedSkewsAndStraggler_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("spreadUs");
        QTest::addColumn<int>("straggler");
        QTest::addColumn<double>("slowdown");
        QTest::newRow("2 ranks, no straggler") << 2 << 500.0 << -1 << 1.0;
        QTest::newRow("8 ranks, straggler 5 at 1.2x") << 8 << 20'000.0 << 5 << 1.2;
        QTest::newRow("64 ranks, hosts a second apart, straggler 63") << 64 << 1e6 << 63 << 1.05;
        QTest::newRow("16 ranks, straggler is the reference rank") << 16 << 3'000.0 << 0 << 1.5;
    }
    void recoversPlantedSkewsAndStraggler()
    {
        QFETCH(int, ranks);
        QFETCH(double, spreadUs);
        QFETCH(int, straggler);
        QFETCH(double, slowdown);
        GeneratedJob job;
        job.ranks = ranks;
        job.steps = 4;
        job.clockSkewUs = skews(ranks, spreadUs);
        job.stragglerRank = straggler;
        job.stragglerSlowdown = slowdown;
        const std::vector<RankCollectives> traces = readAll(job);
        const ClockAlignment a = alignRankClocks(traces);
        QVERIFY2(a.problems.empty(), a.problems.empty() ? "" : messageText(a.problems.front()).c_str());
        QCOMPARE(int(a.offsetUs.size()), ranks);
        for (int r = 0; r < ranks; ++r) {
            // Rank r's clock reads true + skew[r]; rank 0 is the reference, so r needs skew[0] − skew[r].
            const double expected = job.clockSkewUs[0] - job.clockSkewUs[std::size_t(r)];
            QVERIFY2(std::abs(a.offsetUs[std::size_t(r)] - expected) < 0.01,
                qPrintable(QStringLiteral("rank %1: offset %2 µs, planted %3 µs")
                               .arg(r)
                               .arg(a.offsetUs[std::size_t(r)])
                               .arg(expected)));
            QCOMPARE(a.sharedCollectives[std::size_t(r)], job.steps);
        }
        QVERIFY(a.worstResidualUs < 0.01);

        const CollectiveWaits w = collectiveWaits(traces, a);
        if (straggler < 0) {
            for (double waited : w.waitedUs)
                QVERIFY(waited < 0.01);
            return;
        }
        // The straggler arrives last at every all-reduce; each other rank waits its extra compute every step.
        QCOMPARE(w.lastToArrive[std::size_t(straggler)], job.steps);
        const double late = job.kernelsPerStep * job.kernelUs * (slowdown - 1);
        QVERIFY(std::abs(w.causedWaitUs[std::size_t(straggler)] - job.steps * (ranks - 1) * late) < 0.1);
        QVERIFY(w.waitedUs[std::size_t(straggler)] < 0.01);
        for (int r = 0; r < ranks; ++r)
            if (r != straggler)
                QVERIFY(std::abs(w.waitedUs[std::size_t(r)] - job.steps * late) < 0.1);
    }

    // The kernels of one collective do not end at once on real GPUs: with each rank's end off by up to ±J µs at each
    // step, the clocks are still recovered to within the spread, and the residual says how far apart the ends were.
    void jitteredEndsLeaveAResidual_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("jitterUs");
        QTest::newRow("8 ranks, ends ±2 µs apart") << 8 << 2.0;
        QTest::newRow("64 ranks, ends ±10 µs apart") << 64 << 10.0;
    }
    void jitteredEndsLeaveAResidual()
    {
        QFETCH(int, ranks);
        QFETCH(double, jitterUs);
        GeneratedJob job;
        job.ranks = ranks;
        job.steps = 5;
        job.clockSkewUs = skews(ranks, 1e6);
        job.collectiveEndJitterUs = jitterUs;
        const ClockAlignment a = alignRankClocks(readAll(job));
        QVERIFY2(a.problems.empty(), a.problems.empty() ? "" : messageText(a.problems.front()).c_str());
        double worstOffset = 0;
        for (int r = 0; r < ranks; ++r)
            worstOffset = std::max(worstOffset,
                std::abs(a.offsetUs[std::size_t(r)] - (job.clockSkewUs[0] - job.clockSkewUs[std::size_t(r)])));
        qInfo(
            "%d ranks, collective ends up to ±%.0f µs apart, clocks a second apart: offsets recovered within %.2f µs, "
            "worst residual %.2f µs",
            ranks, jitterUs, worstOffset, a.worstResidualUs);
        QVERIFY(worstOffset <= 2 * jitterUs);
        QVERIFY(a.worstResidualUs > 0.1 * jitterUs && a.worstResidualUs <= 2 * jitterUs);
    }

    // A rank the others waited for is a slow GPU only when its kernels took longer than the median rank's by more
    // than its own steps vary and the ranks differ; a rank late for another reason (here its host idles longer before
    // each step: a data loader) is named last to arrive, not slower.
    void stragglerIsASlowGpuOnlyWhenItsKernelsAre_data()
    {
        QTest::addColumn<double>("slowdown");
        QTest::addColumn<double>("hostIdleUs");
        QTest::addColumn<bool>("kernelsSlower");
        QTest::newRow("kernels 20% slower") << 1.2 << 0.0 << true;
        QTest::newRow("kernels 0.5% slower") << 1.005 << 0.0 << true;
        QTest::newRow("kernels alike, host 3 ms late") << 1.0 << 3000.0 << false;
    }
    void stragglerIsASlowGpuOnlyWhenItsKernelsAre()
    {
        QFETCH(double, slowdown);
        QFETCH(double, hostIdleUs);
        QFETCH(bool, kernelsSlower);
        GeneratedJob g;
        g.ranks = 8;
        g.steps = 3;
        g.clockSkewUs = skews(g.ranks, 2000);
        g.stragglerRank = 5;
        g.stragglerSlowdown = slowdown;
        std::vector<RankProfile> ranks;
        for (int r = 0; r < g.ranks; ++r) {
            GeneratedJob mine = g;
            if (r == 5)
                mine.idleUs += hostIdleUs;
            ranks.push_back(readRank(kinetoRankTrace(mine, r)));
        }
        const JobProfile job = summarizeJob(ranks);
        QCOMPARE(job.stragglerIndex, 5);
        QCOMPARE(job.stragglerKernelsSlower, kernelsSlower);
        QVERIFY(job.computeRankSpreadUs < 1e-6);
        QVERIFY(job.ranks[5].computeStepSpreadUs < 1e-6);
    }

    // Profiles that do not cover the same steps: rank 1's second all-reduce is named as another collective.
    void mismatchedCollectivesAreNamed()
    {
        GeneratedJob job;
        job.ranks = 3;
        std::vector<RankCollectives> traces = readAll(job);
        traces[1].kernels[1].collective = "allgather";
        const ClockAlignment a = alignRankClocks(traces);
        QCOMPARE(int(a.problems.size()), 1);
        QVERIFY(QString::fromStdString(messageText(a.problems[0])).contains(QStringLiteral("allgather on rank 1")));
        QVERIFY(a.worstResidualUs < 0.01); // the other collectives still align every rank
    }

    // A rank whose profile shares no collective with the others keeps its own clock, and says so.
    void rankSharingNothingIsNamed()
    {
        GeneratedJob job;
        job.ranks = 3;
        std::vector<RankCollectives> traces = readAll(job);
        for (CollectiveKernel& k : traces[2].kernels)
            k.group = "7";
        const ClockAlignment a = alignRankClocks(traces);
        QCOMPARE(int(a.problems.size()), 1);
        QVERIFY(
            QString::fromStdString(messageText(a.problems[0])).contains(QStringLiteral("rank 2 shares no collective")));
        QCOMPARE(a.offsetUs[2], 0.0);
        QCOMPARE(a.sharedCollectives[2], 0);
    }

    // A kernel cut short by the profiler's window (its end recorded early) does not pull the fit: medians.
    void oneTruncatedKernelDoesNotMoveTheOffset()
    {
        GeneratedJob job;
        job.ranks = 4;
        job.steps = 5;
        job.clockSkewUs = { 0, 1000, -2000, 500 };
        std::vector<RankCollectives> traces = readAll(job);
        traces[3].kernels[4].endUs -= 5000;
        const ClockAlignment a = alignRankClocks(traces);
        QVERIFY(std::abs(a.offsetUs[3] - (-500)) < 0.01);
        QVERIFY(a.residualUs[3] < 0.01); // the median of its misses
    }

    // Older profiles carry no collective arguments: the NCCL kernel's name says what it was, one group for all.
    void olderProfilesAreReadByKernelName()
    {
        GeneratedJob job;
        job.ranks = 2;
        job.clockSkewUs = { 0, 250 };
        std::vector<RankCollectives> traces;
        for (int r = 0; r < 2; ++r) {
            nlohmann::json t = kinetoRankTrace(job, r);
            for (auto& e : t["traceEvents"])
                e.erase("args");
            const RankProfile p = readRank(t);
            QCOMPARE(int(p.problems.size()), 1);
            QVERIFY(
                QString::fromStdString(messageText(p.problems[0])).contains(QStringLiteral("name no process group")));
            traces.push_back(p.collectives);
        }
        QCOMPARE(int(traces[0].kernels.size()), job.steps);
        QCOMPARE(traces[0].kernels[0].collective, std::string("allreduce"));
        QVERIFY(std::abs(alignRankClocks(traces).offsetUs[1] - (-250)) < 0.01);
        QCOMPARE(collectiveOfKernelName("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*)"),
            std::string("sendrecv"));
        QCOMPARE(collectiveOfKernelName("ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_tn"), std::string());
    }

    void readerNamesWhatIsMissing()
    {
        const RankProfile p = readRank(nlohmann::json { { "traceEvents", nlohmann::json::array() } });
        QCOMPARE(p.rank, -1);
        QCOMPARE(int(p.problems.size()), 2);
        QVERIFY(QString::fromStdString(messageText(p.problems[0])).contains(QStringLiteral("distributedInfo.rank")));
        QVERIFY(QString::fromStdString(messageText(p.problems[1])).contains(QStringLiteral("ProfilerStep")));
        const auto broken = readKinetoProfile("{\"traceEvents\": [ {\"ph\": \"X\", ");
        QVERIFY(!broken);
        QVERIFY(QString::fromStdString(broken.errorText()).contains(QStringLiteral("not JSON at byte")));
    }

    // The summary keeps the steps and the GPU's compute: the straggler computes longer in each step.
    void stepsAndComputeAreRead()
    {
        GeneratedJob job;
        job.ranks = 4;
        job.steps = 3;
        job.stragglerRank = 2;
        job.stragglerSlowdown = 1.25;
        job.clockSkewUs = { 0, 40, 0, 0 };
        for (int r = 0; r < job.ranks; ++r) {
            const RankProfile p = readRank(kinetoRankTrace(job, r));
            QCOMPARE(p.rank, r);
            QCOMPARE(p.worldSize, 4);
            QCOMPARE(int(p.steps.size()), job.steps);
            const double compute = job.kernelsPerStep * job.kernelUs * (r == 2 ? 1.25 : 1.0);
            for (const ProfileStep& s : p.steps)
                QVERIFY(std::abs(p.computeBusyUs(s.startUs, s.endUs) - compute) < 1e-6);
        }
    }

    // Where each step's time went (issue 43 B): kernel time by class, the all-reduce exposed, the idle time before
    // the first kernel; and the last step's kernels with the pass that launched them.
    void stepBreakdownAndPassesAreRead()
    {
        GeneratedJob job;
        job.ranks = 2;
        job.steps = 2;
        job.kernelsPerStep = 8;
        job.clockSkewUs = { 0, 250 };
        for (int r = 0; r < job.ranks; ++r) {
            const RankProfile p = readRank(kinetoRankTrace(job, r));
            QCOMPARE(p.breakdown.size(), p.steps.size());
            for (const StepBreakdown& b : p.breakdown) {
                QCOMPARE(b.gemmUs, 6 * job.kernelUs); // kernels 0, 2, 3, 4, 6, 7
                QCOMPARE(b.attentionUs, 2 * job.kernelUs); // kernels 1 and 5
                QCOMPARE(b.otherKernelUs, 0.0);
                QCOMPARE(int(b.collectives.size()), 1);
                QCOMPARE(b.collectives[0].collective, std::string("allreduce"));
                QVERIFY(std::abs(b.collectives[0].totalUs - job.allReduceUs) < 1e-6);
                QVERIFY(std::abs(b.collectives[0].exposedUs - job.allReduceUs) < 1e-6); // nothing computes beside it
                QVERIFY(std::abs(b.idleUs - job.idleUs) < 1e-6);
            }
            QCOMPARE(int(p.lastStepKernels.size()), job.kernelsPerStep);
            for (int k = 0; k < job.kernelsPerStep; ++k) {
                const ProfileKernel& kernel = p.lastStepKernels[std::size_t(k)];
                QCOMPARE(kernel.pass, k < 4 ? SpanKind::Forward : SpanKind::BackwardInput);
                QCOMPARE(kernel.kind, k % 4 == 1 ? KernelClass::Attention : KernelClass::Gemm);
                QVERIFY(kernel.startUs >= p.steps.back().startUs);
            }
        }
    }

    // The GPU's own cost of starting a kernel (issue 43 C): the idle time before a kernel whose launch had returned
    // before the GPU went idle. A kernel the host launched late, or whose launch the profile lacks, measures the host,
    // not the GPU; one wait far past the others (another stream's event) is left out.
    void queuedGapsAreTheGpusOwn_data()
    {
        QTest::addColumn<double>("gapUs");
        QTest::addColumn<QString>("edit");
        QTest::addColumn<int>("queued"); // per step
        QTest::addColumn<double>("meanUs");
        QTest::newRow("back to back") << 0.0 << QString() << 7 << 0.0;
        QTest::newRow("3 µs apart") << 3.0 << QString() << 7 << 3.0;
        QTest::newRow("launched after the GPU went idle") << 3.0 << QStringLiteral("late") << 0 << 0.0;
        QTest::newRow("no launch records") << 3.0 << QStringLiteral("no launches") << 0 << 0.0;
        QTest::newRow("one kernel held 500 µs by another stream") << 3.0 << QStringLiteral("one held") << 6 << 3.0;
        QTest::newRow("a copy fills one gap") << 3.0 << QStringLiteral("copy") << 7 << 18.0 / 7;
    }
    void queuedGapsAreTheGpusOwn()
    {
        QFETCH(double, gapUs);
        QFETCH(QString, edit);
        QFETCH(int, queued);
        QFETCH(double, meanUs);
        GeneratedJob job;
        job.ranks = 2;
        job.steps = 2;
        job.launchGapUs = gapUs;
        nlohmann::json trace = kinetoRankTrace(job, 0);
        nlohmann::json& events = trace["traceEvents"];
        std::map<long long, nlohmann::json*> kernels;
        for (nlohmann::json& e : events)
            if (e.value("cat", "") == "kernel" && e["args"].contains("correlation"))
                kernels[e["args"]["correlation"].get<long long>()] = &e;
        if (edit == QStringLiteral("late")) // each launch returns 1 µs after its kernel could have started
            for (nlohmann::json& e : events)
                if (e.value("cat", "") == "cuda_runtime")
                    e["ts"] = (*kernels[e["args"]["correlation"].get<long long>()])["ts"].get<double>() - 2;
        if (edit == QStringLiteral("no launches"))
            events.erase(std::remove_if(events.begin(), events.end(),
                             [](const nlohmann::json& e) { return e.value("cat", "") == "cuda_runtime"; }),
                events.end());
        // Each step's fourth kernel launched early but started 500 µs after the third ended, as when it waits for
        // another stream's event.
        if (edit == QStringLiteral("one held"))
            for (nlohmann::json& e : events)
                if (e.value("cat", "") == "cuda_runtime"
                    && (e["args"]["correlation"].get<long long>() - 1) % job.kernelsPerStep == 3) {
                    nlohmann::json& before = *kernels[e["args"]["correlation"].get<long long>() - 1];
                    before["dur"] = before["dur"].get<double>() - 500;
                    e["ts"] = before["ts"].get<double>() - 10;
                }
        // A memcpy from the step's third kernel's end to the fourth's start: the GPU was busy, not idle.
        if (edit == QStringLiteral("copy")) {
            std::vector<nlohmann::json> copies; // added after the loop: adding moves the kernels the map points at
            for (const auto& [correlation, k] : kernels)
                if ((correlation - 1) % job.kernelsPerStep == 3) {
                    const nlohmann::json& before = *kernels[correlation - 1];
                    const double start = before["ts"].get<double>() + before["dur"].get<double>();
                    copies.push_back({ { "ph", "X" }, { "cat", "gpu_memcpy" }, { "name", "Memcpy DtoD" }, { "pid", 0 },
                        { "tid", 9 }, { "ts", start }, { "dur", (*k)["ts"].get<double>() - start } });
                }
            for (nlohmann::json& c : copies)
                events.push_back(std::move(c));
        }
        const RankProfile p = readRank(trace);
        QCOMPARE(p.breakdown.size(), std::size_t(job.steps));
        for (const StepBreakdown& b : p.breakdown) {
            QCOMPARE(b.computeKernels, double(job.kernelsPerStep));
            QCOMPARE(b.queued.gaps, double(queued));
            if (queued > 0)
                QVERIFY2(std::abs(b.queued.us / b.queued.gaps - meanUs) < 1e-6,
                    qPrintable(QString::number(b.queued.us / b.queued.gaps)));
        }
    }

    // The job as one timeline (issue 43 B): a lane per rank, ordered by the plan's stage and node, on the fitted
    // clock, so that one all-reduce ends at the same time on every lane whatever each host's clock read.
    // A stage of many ranks is stood for by its median rank, not the straggler: its bubble (the others' wait for the
    // straggler) is the one the heading, the comparison and the stage's row all give.
    void aStageIsItsMedianRank()
    {
        GeneratedJob job;
        job.ranks = 8;
        job.steps = 2;
        job.stragglerRank = 5;
        job.stragglerSlowdown = 1.2;
        std::vector<RankProfile> ranks;
        for (int r = 0; r < job.ranks; ++r)
            ranks.push_back(readRank(kinetoRankTrace(job, r)));
        const std::vector<RankPlace> places(8, RankPlace { 0, 0 });
        const Timeline t = jobTimeline(ranks, summarizeJob(ranks, places), places).timeline;
        const TimelineFigures f = timelineFigures(t);
        const auto byStage = computeLanesByStage(t, f);
        QCOMPARE(int(byStage.size()), 1);
        const int lane = byStage.at(0);
        QVERIFY(t.lanes[std::size_t(lane)].label.index != 5);
        // The others wait 8 kernels × 1 ms × 0.2 for rank 5 in each step.
        const double wait = job.kernelsPerStep * job.kernelUs * 0.2 * 1e-6;
        QVERIFY2(std::abs(f.lanes[std::size_t(lane)].idleS - wait) < 1e-9,
            qPrintable(QString::number(f.lanes[std::size_t(lane)].idleS)));
        QCOMPARE(busiestStageBubble(t, f), f.lanes[std::size_t(lane)].bubbleFraction);
        QVERIFY(f.bubbleFraction < busiestStageBubble(t, f)); // the busiest lane, rank 5's, waits for no one
        const TimelineComparison c = compareTimelines(t, t);
        QCOMPARE(c.measuredBubble, busiestStageBubble(t, f));
        QCOMPARE(c.stages.front().measuredBubble, c.measuredBubble);
    }

    void jobTimelineHasALanePerRankOnOneClock()
    {
        GeneratedJob job;
        job.ranks = 4;
        job.steps = 2;
        job.clockSkewUs = { 0, 900, -400, 2500 };
        job.stragglerRank = 3;
        job.stragglerSlowdown = 1.1;
        std::vector<RankProfile> ranks;
        for (int r : { 3, 1, 2, 0 }) // given in any order
            ranks.push_back(readRank(kinetoRankTrace(job, r)));
        const JobProfile summary = summarizeJob(ranks);
        const std::vector<RankPlace> places = { { 1, 1 }, { 0, 0 }, { 1, 1 }, { 0, 0 } }; // by rank
        const JobTimeline jt = jobTimeline(ranks, summary, places);
        QCOMPARE(jt.step, 1);
        QVERIFY(jt.problems.empty());
        const Timeline& t = jt.timeline;
        QCOMPARE(int(t.lanes.size()), 4);
        const int expectedOrder[] = { 1, 3, 0, 2 }; // stage 0 (ranks 1, 3), then stage 1 (ranks 0, 2)
        double allReduceEnd = -1;
        for (std::size_t i = 0; i < 4; ++i) {
            const Lane& lane = t.lanes[i];
            const int rank = expectedOrder[i];
            QCOMPARE(lane.label.kind, LaneLabel::Kind::Rank);
            QCOMPARE(lane.label.index, rank);
            QCOMPARE(lane.label.detail, std::to_string(places[std::size_t(rank)].node));
            QCOMPARE(lane.groupLabel.index, places[std::size_t(rank)].stage);
            QCOMPARE(int(lane.spans.size()), job.kernelsPerStep + 1);
            for (const Span& s : lane.spans)
                QCOMPARE(int(s.stage), places[std::size_t(rank)].stage);
            const Span& last = lane.spans.back();
            QCOMPARE(last.kind, SpanKind::Collective);
            if (allReduceEnd < 0)
                allReduceEnd = last.end;
            QVERIFY2(std::abs(last.end - allReduceEnd) < 1e-9, "the all-reduce ends together on the fitted clock");
        }
        // The straggler's lane computes longest; time 0 is the earliest start of the step.
        QVERIFY(t.begin() >= 0 && t.begin() < 1e-3);
        // Without places the lanes follow the ranks' numbers under one "measured" heading.
        const JobTimeline plain = jobTimeline(ranks, summary);
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(plain.timeline.lanes[i].label.index, int(i));
            QCOMPARE(plain.timeline.lanes[i].groupLabel.kind, LaneLabel::Kind::Measured);
        }
    }

    // A pipeline job's bubble, planted by GPipe's schedule, recovered from its profile: every stage idles
    // (S − 1)(f + b) of the (M + S − 1)(f + b) the pipeline takes (Huang et al. 2019, GPipe §2.2), on clocks that
    // were skewed per host and aligned on the collectives the stages share.
    void pipelineBubbleIsRecovered_data()
    {
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("microBatches");
        QTest::newRow("2 stages, 4 micro-batches") << 2 << 4;
        QTest::newRow("4 stages, 8 micro-batches") << 4 << 8;
        QTest::newRow("8 stages, 8 micro-batches") << 8 << 8;
    }
    void pipelineBubbleIsRecovered()
    {
        QFETCH(int, stages);
        QFETCH(int, microBatches);
        GeneratedPipeline g;
        g.stages = stages;
        g.ranks = 2 * stages;
        g.microBatches = microBatches;
        g.clockSkewUs = skews(g.ranks, 3000);
        std::vector<RankProfile> ranks;
        std::vector<RankPlace> places;
        for (int r = 0; r < g.ranks; ++r) {
            ranks.push_back(readRank(kinetoPipelineRankTrace(g, r)));
            places.push_back({ r / 2, r / 2 });
        }
        const JobProfile job = summarizeJob(ranks, places);
        QVERIFY2(job.problems.empty(), job.problems.empty() ? "" : messageText(job.problems.front()).c_str());
        QVERIFY(job.alignment.worstResidualUs < 0.01);
        // Stage 0 ends GPipe's drain last, so it is last at every gradient-norm all-reduce across the stages: that is
        // the schedule, not a straggler, once the ranks' stages are known.
        QCOMPARE(job.stragglerIndex, -1);
        // Without the stages, rank 0 is still the last to arrive, but nothing says its GPU is slow: its kernels take
        // what every rank's take.
        const JobProfile unplaced = summarizeJob(ranks);
        QCOMPARE(unplaced.stragglerIndex, 0);
        QVERIFY(!unplaced.stragglerKernelsSlower);
        const Timeline t = jobTimeline(ranks, job, places).timeline;
        const TimelineFigures f = timelineFigures(t);
        const double perMicroBatch = (g.forwardUs + g.backwardUs) * 1e-6;
        QVERIFY(std::abs(f.pipelineS - (microBatches + stages - 1) * perMicroBatch) < 1e-9);
        for (const LaneFigures& lane : f.lanes) {
            QVERIFY(lane.compute);
            QVERIFY(std::abs(lane.busyS - microBatches * perMicroBatch) < 1e-9);
            QVERIFY(std::abs(lane.idleS - (stages - 1) * perMicroBatch) < 1e-9);
        }
    }

    void kernelClassesFromNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("kind");
        QTest::newRow("cuBLAS Hopper") << QStringLiteral("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64")
                                       << int(KernelClass::Gemm);
        QTest::newRow("cuBLAS Ampere") << QStringLiteral("ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_tn")
                                       << int(KernelClass::Gemm);
        QTest::newRow("cuBLASLt nvjet") << QStringLiteral("nvjet_tst_128x256_64x4_1x2_h_bz_coopA_TNN")
                                        << int(KernelClass::Gemm);
        QTest::newRow("CUTLASS") << QStringLiteral("void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm>()")
                                 << int(KernelClass::Gemm);
        QTest::newRow("rocBLAS Tensile") << QStringLiteral("Cijk_Alik_Bljk_SB_Bias_AS_SAV_UserArgs_MT64x16x32")
                                         << int(KernelClass::Gemm);
        QTest::newRow("FlashAttention-2")
            << QStringLiteral("void flash_bwd_dq_dk_dv_loop_seqk_parallel_kernel<Flash_bwd_kernel_traits>()")
            << int(KernelClass::Attention);
        QTest::newRow("cuDNN fused attention")
            << QStringLiteral("cudnn_generated_fort_native_sdpa_sm90_flash_fprop_wgmma_f16_knob_3_64x64x128")
            << int(KernelClass::Attention);
        QTest::newRow("PyTorch memory-efficient attention")
            << QStringLiteral("fmha_cutlassF_bf16_aligned_64x64_rf_sm80(PyTorchMemEffAttention::AttentionKernel)")
            << int(KernelClass::Attention);
        QTest::newRow("element-wise") << QStringLiteral(
            "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>>()")
                                      << int(KernelClass::Other);
        QTest::newRow("layer norm") << QStringLiteral(
            "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel")
                                    << int(KernelClass::Other);
    }
    void kernelClassesFromNames()
    {
        QFETCH(QString, name);
        QFETCH(int, kind);
        QCOMPARE(int(kernelClassOfName(name.toStdString())), kind);
    }

    // A collective's time is the wait for its last member plus the transfer: with a planted straggler the others
    // wait for its extra compute, and every rank's transfer is the all-reduce once all have arrived (issue 43).
    void waitIsSplitFromTransfer()
    {
        GeneratedJob job;
        job.ranks = 4;
        job.steps = 2;
        job.kernelsPerStep = 8;
        job.kernelUs = 1000;
        job.allReduceUs = 300;
        job.stragglerRank = 2;
        job.stragglerSlowdown = 1.5;
        job.clockSkewUs = skews(job.ranks, 5'000);
        std::vector<RankProfile> ranks;
        for (int r = 0; r < job.ranks; ++r)
            ranks.push_back(readRank(kinetoRankTrace(job, r)));
        const JobProfile summary = summarizeJob(ranks);
        addCollectiveWaits(ranks, summary.alignment);
        for (const RankProfile& p : ranks) {
            const StepBreakdown b = meanStepBreakdown(p.breakdown);
            QCOMPARE(b.collectives.size(), std::size_t(1));
            const CollectiveTime& c = b.collectives.front();
            const double wait = p.rank == job.stragglerRank ? 0 : 8 * 1000 * 0.5;
            QVERIFY2(std::abs(c.waitUs - wait) < 0.01, qPrintable(QString::number(c.waitUs)));
            QVERIFY2(std::abs(c.totalUs - c.waitUs - job.allReduceUs) < 0.01, qPrintable(QString::number(c.totalUs)));
        }
    }
};

QTEST_GUILESS_MAIN(TestRankClocks)
#include "tst_rankclocks.moc"
