#include "../testplans.h"
#include "evaluate.h"
#include "schedule.h"
#include "simulate.h"

#include <QTest>

using namespace plait;

namespace {

// `share` of each chunk's work is communication that an overlapped op can hide (DualPipe's pairs).
SimInput input(Schedule schedule, int p, int m, int v, double tf, double tb, double tw = 0, double share = 0)
{
    SimInput in;
    in.devices = p;
    in.chunks = v;
    ScheduleShape shape { schedule, p, m, v, false };
    if (tw > 0) { // the times an order built from them (ZB-V) reads: the chunk's, relative
        shape.forwardTime = tf;
        shape.backwardTime = tb;
        shape.weightTime = tw;
    }
    in.ops = std::make_shared<const std::vector<std::vector<Op>>>(generateSchedule(shape));
    in.routes = pipelineRoutes(shape);
    in.weightPassesFill = schedule != Schedule::DualPipe && schedule != Schedule::DualPipeV;
    // A chunk does 1/v of the stage's work; under DualPipe each of a GPU's two chunks is a whole stage.
    const double w = schedule == Schedule::DualPipe ? 1.0 : v;
    in.cost.assign(std::size_t(p), std::vector<ChunkCost>(std::size_t(v), ChunkCost { tf / w, 0, tb / w, tw / w }));
    if (share > 0)
        in.comm.assign(
            std::size_t(p), std::vector<ChunkCost>(std::size_t(v), ChunkCost { share * tf / w, 0, share * tb / w, 0 }));
    in.sendForward.assign(std::size_t(in.routes.boundaries()), 0.0);
    in.sendBackward = in.sendForward;
    return in;
}

SimResult run(Schedule schedule, int p, int m, int v, double tf, double tb, double tw = 0)
{
    return simulate(input(schedule, p, m, v, tf, tb, tw));
}

double bubble(const SimResult& r)
{
    const double busy = *std::max_element(r.deviceBusy.begin(), r.deviceBusy.end());
    return (r.makespan - busy) / r.makespan;
}

} // namespace

class TestSchedule : public QObject {
    Q_OBJECT
private slots:
    // With free links and uniform stages the simulated bubble must come out as Narayanan et al. 2021 §2.2:
    // (p−1)/(m+p−1) of the step for GPipe and 1F1B, (p−1)/(v·m+p−1) for the interleaved schedule.
    void bubbleFractionComesOutOfTheSimulation_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("v");
        for (int p : { 2, 4, 8 })
            for (int m : { 1, 4, 16, 64 }) {
                QTest::addRow("gpipe p=%d m=%d", p, m) << int(Schedule::GPipe) << p << m << 1;
                QTest::addRow("1f1b p=%d m=%d", p, m) << int(Schedule::OneFOneB) << p << m << 1;
            }
        for (int p : { 2, 4, 8 })
            for (int k : { 1, 2, 4 })
                for (int v : { 2, 3, 4 })
                    QTest::addRow("interleaved p=%d m=%d v=%d", p, k * p, v)
                        << int(Schedule::Interleaved) << p << k * p << v;
    }
    void bubbleFractionComesOutOfTheSimulation()
    {
        QFETCH(int, schedule);
        QFETCH(int, p);
        QFETCH(int, m);
        QFETCH(int, v);
        const SimResult r = run(Schedule(schedule), p, m, v, 1.0, 2.0);
        QVERIFY(r.ok);
        const double expected = double(p - 1) / (v * m + p - 1);
        QVERIFY2(
            std::abs(bubble(r) - expected) < 1e-9, qPrintable(QStringLiteral("%1 vs %2").arg(bubble(r)).arg(expected)));
    }

    // Qi et al., ICLR 2024 (sail-sg/zero-bubble-pipeline-parallelism README): with T_F = T_B = T_W, ZB-H1's bubble
    // is a third of 1F1B's, (p−1)/(3m) of the ideal time, i.e. (p−1)/(3m+p−1) of the step, at 1F1B's memory
    // (at most p micro-batches in flight).
    void zeroBubbleH1_data()
    {
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("m");
        for (int p : { 2, 4, 8 })
            for (int m : { p, 2 * p, 4 * p })
                QTest::addRow("p=%d m=%d", p, m) << p << m;
    }
    void zeroBubbleH1()
    {
        QFETCH(int, p);
        QFETCH(int, m);
        const SimResult zb = run(Schedule::ZbH1, p, m, 1, 1.0, 1.0, 1.0);
        QVERIFY(zb.ok);
        const double expected = double(p - 1) / (3 * m + p - 1);
        QVERIFY2(std::abs(bubble(zb) - expected) < 1e-9,
            qPrintable(QStringLiteral("%1 vs %2").arg(bubble(zb)).arg(expected)));
        for (int d = 0; d < p; ++d)
            QVERIFY(peakInFlight(zb, d) <= p - d);
    }

    void everyMicroBatchRunsOnceForwardAndBackward_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("v");
        QTest::newRow("gpipe") << int(Schedule::GPipe) << 1;
        QTest::newRow("1f1b") << int(Schedule::OneFOneB) << 1;
        QTest::newRow("interleaved") << int(Schedule::Interleaved) << 2;
        QTest::newRow("zb-h1") << int(Schedule::ZbH1) << 1;
        QTest::newRow("zb-v") << int(Schedule::ZbV) << 2;
        QTest::newRow("dualpipev") << int(Schedule::DualPipeV) << 2;
        QTest::newRow("dualpipe") << int(Schedule::DualPipe) << 2;
    }
    void everyMicroBatchRunsOnceForwardAndBackward()
    {
        QFETCH(int, schedule);
        QFETCH(int, v);
        for (int p : { 2, 4, 6 })
            for (int m : { 2 * p, 2 * p + 2, 5 * p }) {
                const ScheduleShape shape { Schedule(schedule), p, m, v, true };
                const auto ops = generateSchedule(shape);
                const PipelineRoutes routes = pipelineRoutes(shape);
                // Every virtual stage of every micro-batch's route runs each kind of op once, on its device.
                std::map<std::tuple<int, int, int>, int> seen; // (kind, micro-batch, virtual stage)
                for (int d = 0; d < p; ++d)
                    for (const Op& op : ops[std::size_t(d)]) {
                        const int k = routes.stageOf(routes.routeOf(op.microBatch), d, op.chunk);
                        QVERIFY(k >= 0);
                        ++seen[{ int(op.kind), op.microBatch, k }];
                    }
                for (const auto& [key, count] : seen)
                    QCOMPARE(count, 1);
                const int kinds = splitsBackward(Schedule(schedule)) ? 4 : 3;
                QCOMPARE(int(seen.size()), kinds * m * routes.virtualStages());
                SimInput in = input(Schedule(schedule), p, m, v, 1.3, 1.7, 0.9);
                in.ops = std::make_shared<const std::vector<std::vector<Op>>>(ops);
                QVERIFY(simulate(in).ok);
            }
    }

    // A schedule whose lists fix the order its ops run in is stepped device by device instead of through the event
    // heap (simulate.cpp): every figure and event must come out the same, with uneven stages, transfers that take
    // time, recomputation and overlapped pairs, with events recorded and without.
    void steppingMatchesTheEventLoop()
    {
        QFETCH(int, schedule);
        QFETCH(int, v);
        for (int p : { 2, 4, 6 })
            for (int m : { 2 * p, 2 * p + 2, 5 * p }) {
                const ScheduleShape shape { Schedule(schedule), p, m, v, true };
                SimInput in = input(Schedule(schedule), p, m, v, 1.3, 1.7, 0.9, 0.3);
                in.ops = std::make_shared<const std::vector<std::vector<Op>>>(generateSchedule(shape));
                in.pairSlowdown = 0.2;
                for (int d = 0; d < p; ++d)
                    for (ChunkCost& c : in.cost[std::size_t(d)]) {
                        c.forward *= 1 + 0.1 * d;
                        c.recompute = 0.4 * c.forward;
                    }
                for (std::size_t b = 0; b < in.sendForward.size(); ++b)
                    in.sendForward[b] = in.sendBackward[b] = 0.05 * double(b % 3 + 1);
                SimOptions heap;
                heap.stepInListOrder = false;
                const SimResult loop = simulate(in, heap);
                for (const bool record : { true, false }) {
                    SimOptions options;
                    options.recordEvents = record;
                    const SimResult stepped = simulate(in, options);
                    QVERIFY(loop.ok && stepped.ok);
                    QCOMPARE(stepped.makespan, loop.makespan);
                    QCOMPARE(stepped.deviceEnd, loop.deviceEnd);
                    QCOMPARE(stepped.deviceBusy, loop.deviceBusy);
                    QCOMPARE(stepped.peakInFlight, loop.peakInFlight);
                    if (!record)
                        continue;
                    // Compute events in the same places; transfers the same, in another order.
                    QCOMPARE(stepped.events.size(), loop.events.size());
                    using Seen = std::tuple<int, int, int, int, int, double, double>;
                    auto seen = [](const SimResult& r, bool compute) {
                        std::vector<Seen> out;
                        for (const SimEvent& e : r.events)
                            if ((e.kind == EventKind::Compute) == compute)
                                out.emplace_back(e.device, e.toDevice, e.microBatch, e.chunk,
                                    compute ? int(e.op) : e.boundary * 2 + (e.forwardDirection ? 0 : 1), e.start,
                                    e.end);
                        if (!compute)
                            std::sort(out.begin(), out.end());
                        return out;
                    };
                    QVERIFY(seen(stepped, true) == seen(loop, true));
                    QVERIFY(seen(stepped, false) == seen(loop, false));
                    // Each op waited for the same transfer, wherever it sits.
                    for (std::size_t i = 0; i < stepped.events.size(); ++i) {
                        const SimEvent &a = stepped.events[i], &b = loop.events[i];
                        if (a.kind != EventKind::Compute)
                            break;
                        QCOMPARE(a.cause < 0, b.cause < 0);
                        if (a.cause >= 0)
                            QCOMPARE(
                                stepped.events[std::size_t(a.cause)].start, loop.events[std::size_t(b.cause)].start);
                    }
                }
            }
    }
    void steppingMatchesTheEventLoop_data() { everyMicroBatchRunsOnceForwardAndBackward_data(); }

    // DeepSeek-V3 §3.2.1 (the deepseek-ai/DualPipe README's table): DualPipe's bubble is (PP/2 − 1)(F&B + B − 3W)
    // and each GPU holds PP + 1 chunks' activations at most; DualPipeV is the same over PP = 2p virtual stages.
    // With T_F = T_B = T_W = 1 per stage and nothing to hide, F&B = 3 and the full backward B = 2.
    void dualPipeBubbleAndMemoryAsPublished_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("m");
        for (int p : { 2, 4, 8 })
            for (int m : { 2 * p, 20, 40 }) {
                QTest::addRow("dualpipe p=%d m=%d", p, m) << int(Schedule::DualPipe) << p << m;
                QTest::addRow("dualpipev p=%d m=%d", p, m) << int(Schedule::DualPipeV) << p << m;
            }
    }
    void dualPipeBubbleAndMemoryAsPublished()
    {
        QFETCH(int, schedule);
        QFETCH(int, p);
        QFETCH(int, m);
        const bool v = Schedule(schedule) == Schedule::DualPipeV;
        const int stages = v ? 2 * p : p;
        const double unit = v ? 0.5 : 1.0; // a DualPipeV chunk is half a GPU's layers
        const SimResult r = run(Schedule(schedule), p, m, 2, 1.0, 1.0, 1.0);
        QVERIFY(r.ok);
        const double fb = 3 * unit, b = 2 * unit, w = unit;
        const double expected = (stages / 2.0 - 1) * (fb + b - 3 * w);
        const double busy = *std::max_element(r.deviceBusy.begin(), r.deviceBusy.end());
        QVERIFY2(std::abs(r.makespan - busy - expected) < 1e-9,
            qPrintable(QStringLiteral("%1 vs %2").arg(r.makespan - busy).arg(expected)));
        for (int d = 0; d < p; ++d)
            QCOMPARE(peakInFlight(r, d), stages + 1);
    }

    // A forward beside a backward hides one's communication under the other's compute: the pair takes
    // max(Σ compute, Σ communication), not the sum.
    void dualPipePairsHideCommunication()
    {
        const SimInput plain = input(Schedule::DualPipe, 4, 16, 2, 1.0, 1.0, 1.0);
        const SimInput hidden = input(Schedule::DualPipe, 4, 16, 2, 1.0, 1.0, 1.0, 0.8);
        const SimResult a = simulate(plain), b = simulate(hidden);
        QVERIFY(a.ok && b.ok);
        QVERIFY(b.makespan < a.makespan);
        // One pair: F (compute 0.2, communication 0.8), then B (0.2, 0.8) and W (1, 0): max(1.4, 1.6) = 1.6.
        for (std::size_t i = 0; i + 2 < b.events.size(); ++i)
            if (b.events[i].kind == EventKind::Compute && b.events[i].op == OpKind::Forward
                && b.events[i + 1].overlapsPrevious && b.events[i + 2].overlapsPrevious) {
                QVERIFY(std::abs(b.events[i + 2].end - b.events[i].start - 1.6) < 1e-9);
                return;
            }
        QFAIL("no overlapped pair in DualPipe's op lists");
    }

    // Megatron-Core's combined 1F1B (combined_1f1b.py, schedules.py): without pipelining the first forward runs
    // alone, then each forward beside the backward of the micro-batch before it; interleaved, one more forward warms
    // up than Megatron-LM's (p − d − 1)·2 + (v − 1)·p, and every steady-state backward pairs with the forward before.
    void combinedOneFOneBPairsForwardsWithBackwards()
    {
        ScheduleShape flat { Schedule::OneFOneB, 1, 4, 1, false, true };
        const auto one = generateSchedule(flat).front();
        const std::vector<std::pair<OpKind, int>> expected { { OpKind::Forward, 0 }, { OpKind::Forward, 1 },
            { OpKind::BackwardInput, 0 }, { OpKind::Forward, 2 }, { OpKind::BackwardInput, 1 }, { OpKind::Forward, 3 },
            { OpKind::BackwardInput, 2 }, { OpKind::BackwardInput, 3 } };
        QCOMPARE(one.size(), expected.size());
        for (std::size_t i = 0; i < one.size(); ++i) {
            QCOMPARE(one[i].kind, expected[i].first);
            QCOMPARE(one[i].microBatch, expected[i].second);
            QCOMPARE(one[i].overlapsPrevious, i == 2 || i == 4 || i == 6);
        }
        ScheduleShape shape { Schedule::Interleaved, 4, 8, 2, false, false };
        for (int d = 0; d < 4; ++d) {
            const auto plain = generateSchedule(shape)[std::size_t(d)];
            shape.combined = true;
            const auto combined = generateSchedule(shape)[std::size_t(d)];
            shape.combined = false;
            auto warmup = [](const std::vector<Op>& ops) {
                return int(std::find_if(ops.begin(), ops.end(), [](const Op& o) { return o.kind != OpKind::Forward; })
                    - ops.begin());
            };
            QCOMPARE(warmup(combined), warmup(plain) + 1);
            QCOMPARE(warmup(plain), (4 - d - 1) * 2 + 4 + 1); // and the first steady-state forward
            for (std::size_t i = 0; i < combined.size(); ++i)
                if (combined[i].overlapsPrevious)
                    QVERIFY(combined[i].kind == OpKind::BackwardInput && combined[i - 1].kind == OpKind::Forward);
            QVERIFY(
                std::count_if(combined.begin(), combined.end(), [](const Op& o) { return o.overlapsPrevious; }) > 0);
        }
    }

    // A MoE forward beside a backward overlaps piece by piece (DeepSeek-V3 Figure 4): the forward's attention (3)
    // beside the backward's combine (8 / 2 = 4) takes 4, its dispatch (2) beside the backward's MLP (6) 6, its MLP
    // (3) beside the backward's dispatch (4) 4, its combine (2) beside the backward's attention (6) 6: 20, where
    // hiding all communication under all compute would give max(18, 12) = 18.
    void moePairsOverlapPieceByPiece()
    {
        SimInput in;
        in.devices = 1;
        in.chunks = 1;
        const std::vector<Op> ops { { OpKind::Forward, 1, 0 }, { OpKind::BackwardInput, 0, 0, true } };
        in.cost = { { ChunkCost { 10, 0, 20, 0 } } };
        in.comm = { { ChunkCost { 4, 0, 8, 0 } } };
        const UnitTime whole = unitTime(in, 0, ops, 0, 2);
        QCOMPARE(whole.seconds, 18.0);
        QCOMPARE(whole.exposed, 0.0);
        in.moeMlp = { { ChunkCost { 3, 0, 6, 0 } } };
        const UnitTime pieces = unitTime(in, 0, ops, 0, 2);
        QCOMPARE(pieces.seconds, 20.0);
        QCOMPARE(pieces.comm, 12.0);
        QCOMPARE(pieces.exposed, 2.0);
        // Compute slows by s beside the communication it hides (cost/overlap.h): + 0.2 · (3 + 2 + 3 + 2).
        in.pairSlowdown = 0.2;
        QCOMPARE(unitTime(in, 0, ops, 0, 2).seconds, 22.0);
        // A lone op exposes all of its communication.
        const UnitTime lone = unitTime(in, 0, ops, 0, 1);
        QCOMPARE(lone.seconds, 10.0);
        QCOMPARE(lone.exposed, 4.0);
    }

    // ZB-V (Qi et al. 2024, two chunks in a V, B and W split): with free links, a smaller bubble than ZB-H1 at no more
    // activation memory than 1F1B's first stage (2p half-stage chunks), with T_F = T_B = T_W as the paper draws it
    // and where B takes longer than W, as in a real layer. (Built in whole time steps and holding each activation
    // until its W, the order gave 10.3% against ZB-H1's 3.0% at p = 16, m = 192, B 1.1, W 0.9: issue 38.)
    void zeroBubbleVBeatsH1_data()
    {
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("m");
        QTest::addColumn<double>("tb");
        QTest::addColumn<double>("tw");
        for (int p : { 2, 4, 8 })
            for (int m : { 2 * p, 4 * p })
                QTest::addRow("p=%d m=%d", p, m) << p << m << 1.0 << 1.0;
        for (int p : { 4, 8, 16 })
            for (double b : { 1.1, 1.2, 1.5 })
                QTest::addRow("p=%d m=%d B %.1f W %.1f", p, 12 * p, b, 2 - b) << p << 12 * p << b << 2 - b;
    }
    void zeroBubbleVBeatsH1()
    {
        QFETCH(int, p);
        QFETCH(int, m);
        QFETCH(double, tb);
        QFETCH(double, tw);
        const SimResult zbv = run(Schedule::ZbV, p, m, 2, 1.0, tb, tw);
        const SimResult zbh1 = run(Schedule::ZbH1, p, m, 1, 1.0, tb, tw);
        QVERIFY(zbv.ok && zbh1.ok);
        QVERIFY2(bubble(zbv) < bubble(zbh1), qPrintable(QStringLiteral("%1 vs %2").arg(bubble(zbv)).arg(bubble(zbh1))));
        for (int d = 0; d < p; ++d)
            QVERIFY(peakInFlight(zbv, d) <= 2 * p);
    }

    void oneFOneBKeepsAtMostPInFlight()
    {
        const SimResult r = run(Schedule::OneFOneB, 8, 32, 1, 1.0, 2.0);
        for (int d = 0; d < 8; ++d)
            QCOMPARE(peakInFlight(r, d), 8 - d);
    }

    // Through the whole evaluation: more micro-batches, smaller bubble, and a warning when it is large.
    void evaluationBubbleFallsWithMicroBatches()
    {
        auto j = test::gptPlanJson("megatron-gpt-7.5b", 1, 1, 4, 2, 8);
        const Evaluation few = evaluate(test::mustPlan(j));
        j["training"]["global_batch"] = 128;
        const Evaluation many = evaluate(test::mustPlan(j));
        QVERIFY(few.bubbleFraction > many.bubbleFraction);
        auto hasWarning = [](const Evaluation& ev) {
            return std::any_of(ev.warnings.begin(), ev.warnings.end(),
                [](const Warning& w) { return w.code == "too-few-microbatches"; });
        };
        QVERIFY(hasWarning(few));
        QVERIFY(!hasWarning(many));
    }

    // The traits table is indexed by the enum, and every name reads back as its schedule.
    void everyScheduleHasItsOwnRowAndName()
    {
        for (std::size_t i = 0; i < std::size(kScheduleTraits); ++i) {
            const Schedule s = Schedule(i);
            QCOMPARE(int(traitsOf(s).schedule), int(i));
            QCOMPARE(scheduleFromName(scheduleName(s)), std::optional<Schedule>(s));
        }
        QVERIFY(!scheduleFromName("1F1B").has_value());
        QVERIFY(!scheduleFromName("").has_value());
    }

    // What each schedule asks of pp and the micro-batches, as the plan's checks and DeepSeek's asserts say.
    void scheduleFitsWhatItsFrameworkAsserts_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("microBatches");
        QTest::addColumn<int>("pp");
        QTest::addColumn<bool>("fits");
        QTest::newRow("1f1b runs fewer micro-batches than stages") << int(Schedule::OneFOneB) << 3 << 8 << true;
        QTest::newRow("interleaved needs a multiple of pp") << int(Schedule::Interleaved) << 12 << 8 << false;
        QTest::newRow("interleaved 16 over 8") << int(Schedule::Interleaved) << 16 << 8 << true;
        QTest::newRow("dualpipev needs 2 pp") << int(Schedule::DualPipeV) << 15 << 8 << false;
        QTest::newRow("dualpipev 17 over 8 (odd is fine)") << int(Schedule::DualPipeV) << 17 << 8 << true;
        QTest::newRow("dualpipe needs an even count") << int(Schedule::DualPipe) << 17 << 8 << false;
        QTest::newRow("dualpipe needs an even pp") << int(Schedule::DualPipe) << 18 << 3 << false;
        QTest::newRow("dualpipe 18 over 4") << int(Schedule::DualPipe) << 18 << 4 << true;
    }
    void scheduleFitsWhatItsFrameworkAsserts()
    {
        QFETCH(int, schedule);
        QFETCH(int, microBatches);
        QFETCH(int, pp);
        QFETCH(bool, fits);
        QCOMPARE(scheduleFits(Schedule(schedule), microBatches, pp), fits);
    }
};

QTEST_GUILESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
