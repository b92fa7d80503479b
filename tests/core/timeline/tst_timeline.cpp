#include "../testplans.h"
#include "chrometrace.h"
#include "evaluate.h"
#include "predictedtimeline.h"
#include "timelinecompare.h"
#include "traces.h"

#include <QTest>

using namespace plait;

// Timelines: the predicted one built from core's simulation, Chrome trace reading and writing (Perfetto's format,
// shared/notes/formats-and-reliability.md), the figures the Gantt shows, and broken traces.
class TestTimeline : public QObject {
    Q_OBJECT

    static Plan plan(const char* schedule, int vpp, const char* recompute = "selective")
    {
        auto j = test::gptPlanJson("gpt3-175b", 8, 8, 4, 2, 32);
        j["parallel"]["schedule"] = schedule;
        j["parallel"]["vpp"] = vpp;
        j["training"]["recompute"] = recompute;
        return test::mustPlan(j);
    }

    static void addSchedules()
    {
        QTest::addColumn<QString>("schedule");
        QTest::addColumn<int>("vpp");
        QTest::newRow("gpipe") << "gpipe" << 1;
        QTest::newRow("1f1b") << "1f1b" << 1;
        QTest::newRow("interleaved") << "interleaved" << 2;
        QTest::newRow("zb-h1") << "zb-h1" << 1;
        QTest::newRow("zb-v") << "zb-v" << 2;
        QTest::newRow("dualpipev") << "dualpipev" << 2;
        QTest::newRow("dualpipe") << "dualpipe" << 1;
    }

private slots:
    void predictedFiguresEqualEvaluate_data() { addSchedules(); }
    void predictedFiguresEqualEvaluate()
    {
        QFETCH(QString, schedule);
        QFETCH(int, vpp);
        const Plan p = plan(schedule.toUtf8().constData(), vpp);
        const Evaluation ev = evaluate(p);
        QVERIFY(ev.valid);
        const Timeline t = predictedTimeline(ev, p);
        const TimelineFigures f = timelineFigures(t);
        QVERIFY(qFuzzyCompare(f.stepS, ev.stepS));
        QVERIFY(qFuzzyCompare(f.pipelineS, ev.pipelineS));
        QVERIFY(qFuzzyCompare(f.bubbleFraction, ev.bubbleFraction));
        // every simulated op is on the timeline
        std::size_t compute = 0, transfers = 0;
        for (const SimEvent& e : ev.timeline.events)
            (e.kind == EventKind::Compute ? compute : transfers) += e.end > e.start;
        std::size_t spansCompute = 0, spansTransfer = 0;
        for (const Lane& l : t.lanes)
            for (const Span& s : l.spans) {
                spansCompute += isComputeKind(s.kind);
                spansTransfer += s.kind == SpanKind::SendRecv;
                QVERIFY(s.end > s.start);
            }
        QCOMPARE(spansCompute, compute);
        QCOMPARE(spansTransfer, transfers);
        QVERIFY(!t.flows.empty());
    }

    void chromeTraceRoundTrip_data() { addSchedules(); }
    void chromeTraceRoundTrip()
    {
        QFETCH(QString, schedule);
        QFETCH(int, vpp);
        const Plan p = plan(schedule.toUtf8().constData(), vpp);
        const Timeline a = predictedTimeline(evaluate(p), p);
        auto read = readChromeTrace(timelineToChromeJson(a).dump());
        QVERIFY2(read.ok(), read.ok() ? "" : read.errorText().c_str());
        const std::vector<Message>& problems = read.value().problems;
        QVERIFY2(problems.empty(), problems.empty() ? "" : messageText(problems.front()).c_str());
        const Timeline& b = read.value().timeline;
        QCOMPARE(b.source, a.source);
        QCOMPARE(b.schedule, a.schedule);
        QCOMPARE(b.title, a.title);
        QCOMPARE(b.lanes.size(), a.lanes.size());
        for (std::size_t i = 0; i < a.lanes.size(); ++i) {
            const Lane &la = a.lanes[i], &lb = b.lanes[i];
            QCOMPARE(lb.name, la.name);
            QCOMPARE(lb.group, la.group);
            QCOMPARE(lb.pid, la.pid);
            QCOMPARE(lb.tid, la.tid);
            QCOMPARE(lb.thin, la.thin);
            QCOMPARE(lb.spans.size(), la.spans.size());
            for (std::size_t k = 0; k < la.spans.size(); ++k) {
                const Span &x = la.spans[k], &y = lb.spans[k];
                QVERIFY(std::abs(x.start - y.start) < 1e-12 && std::abs(x.end - y.end) < 1e-12);
                QCOMPARE(y.kind, x.kind);
                QCOMPARE(y.microBatch, x.microBatch);
                QCOMPARE(y.stage, x.stage);
                QCOMPARE(y.chunk, x.chunk);
                QCOMPARE(y.bytes, x.bytes);
                QCOMPARE(b.names[y.name], a.names[x.name]);
            }
        }
        QCOMPARE(b.flows.size(), a.flows.size());
        for (std::size_t i = 0; i < a.flows.size(); ++i) {
            QCOMPARE(b.flows[i].fromLane, a.flows[i].fromLane);
            QCOMPARE(b.flows[i].toLane, a.flows[i].toLane);
            QVERIFY(std::abs(b.flows[i].toTime - a.flows[i].toTime) < 1e-12);
        }
    }

    void brokenTraces_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("truncated") << QByteArray(kTruncated)
                                   << "the trace ends early after byte 71 (line 1, column 72): the file is truncated";
        QTest::newRow("syntax") << QByteArray("{\"traceEvents\":[\n{\"ph\":\"X\",}]}")
                                << "malformed JSON at byte 27 (line 2, column 11)";
        QTest::newRow("empty") << QByteArray("") << "ends early after byte 0";
        QTest::newRow("number") << QByteArray("42") << "not a Chrome trace";
        QTest::newRow("object without events") << QByteArray(kNoEvents) << "not a Chrome trace";
        QTest::newRow("nesting") << QByteArray(200, '[') << "nests deeper than 64 levels";
        QTest::newRow("binary") << QByteArray("\x00\xff\xfe", 3) << "malformed JSON at byte";
    }
    void brokenTraces()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        auto read = readChromeTrace(std::string_view(text.constData(), std::size_t(text.size())));
        QVERIFY(!read.ok());
        QVERIFY2(read.errorText().find(error.toStdString()) != std::string::npos, read.errorText().c_str());
    }

    void eventsThatCannotBeDrawnAreReported_data()
    {
        QTest::addColumn<QByteArray>("events");
        QTest::addColumn<QString>("problem");
        QTest::addColumn<int>("spans");
        QTest::newRow("negative dur") << QByteArray(kNegativeDur)
                                      << "1 events with a negative duration (first: event 1 \"k\")" << 0;
        QTest::newRow("missing dur") << QByteArray(kMissingDur) << "1 complete events (ph X) without a duration (dur)"
                                     << 0;
        QTest::newRow("missing ts") << QByteArray(kMissingTs) << "1 events without a time stamp (ts)" << 0;
        QTest::newRow("string dur") << QByteArray(kStringDur) << "without a duration" << 0;
        QTest::newRow("E without B") << QByteArray(kEndWithoutBegin) << "without a begin" << 0;
        QTest::newRow("B without E") << QByteArray(kBeginWithoutEnd) << "never end" << 0;
        QTest::newRow("counter") << QByteArray(kCounter) << "1 events of phase \"C\" (not drawn)" << 0;
        QTest::newRow("B/E pair") << QByteArray(kBeginEndPair) << "" << 1;
        QTest::newRow("flow without end") << QByteArray(kFlowWithoutEnd) << "flow starts (ph s) without an end" << 0;
    }
    void eventsThatCannotBeDrawnAreReported()
    {
        QFETCH(QByteArray, events);
        QFETCH(QString, problem);
        QFETCH(int, spans);
        const QByteArray text = "{\"traceEvents\":[" + events + "]}";
        auto read = readChromeTrace(std::string_view(text.constData(), std::size_t(text.size())));
        QVERIFY2(read.ok(), read.ok() ? "" : read.errorText().c_str());
        QCOMPARE(int(read.value().timeline.spanCount()), spans);
        if (problem.isEmpty()) {
            QVERIFY(read.value().problems.empty());
        } else {
            QCOMPARE(read.value().problems.size(), std::size_t(1));
            QVERIFY2(messageText(read.value().problems.front()).find(problem.toStdString()) != std::string::npos,
                messageText(read.value().problems.front()).c_str());
        }
    }

    // A PyTorch profiler (Kineto) export: bare names, string tids, epoch microseconds, nested CPU ops.
    void foreignTraceIsDrawnAsGenericOps()
    {
        const char* text = kKinetoExport;
        auto read = readChromeTrace(text);
        QVERIFY2(read.ok(), read.ok() ? "" : read.errorText().c_str());
        const Timeline& t = read.value().timeline;
        QCOMPARE(t.lanes.size(), std::size_t(3)); // the instant marker makes no lane
        QCOMPARE(t.begin(), 0.0); // rebased from epoch time
        QVERIFY(std::abs(t.end() - 110e-6) < 1e-9);
        std::map<std::string, SpanKind> kinds;
        for (const Lane& l : t.lanes)
            for (const Span& s : l.spans)
                kinds[t.names[s.name]] = s.kind;
        QCOMPARE(kinds["aten::mm"], SpanKind::Other);
        QCOMPARE(kinds["ncclDevKernel_AllReduce_Sum_bf16_RING_LL"], SpanKind::Collective);
        QCOMPARE(kinds["ncclDevKernel_SendRecv"], SpanKind::SendRecv);
        QCOMPARE(kinds["Optimizer.step#AdamW.step"], SpanKind::Optimizer);
        QVERIFY(messageText(read.value().problems.front()).find("phase \"i\"") != std::string::npos);
    }

    void cancellingStopsTheRead()
    {
        const Plan p = plan("1f1b", 1);
        const std::string text = timelineToChromeJson(predictedTimeline(evaluate(p), p)).dump();
        TraceReadOptions o;
        o.progress = [](std::size_t, std::size_t) { return false; };
        // the predicted trace is small: repeat its events so the progress callback is reached
        std::string big = kEventsOpen;
        for (int i = 0; i < 20000; ++i)
            big += std::string(i ? "," : "") + kTinyEvent;
        big += "]}";
        auto read = readChromeTrace(big, o);
        QVERIFY(!read.ok());
        QCOMPARE(read.errorText(), std::string("cancelled"));
        QVERIFY(readChromeTrace(text).ok());
    }

    // The teaching view's figures are core's own.
    void scheduleStudyFiguresEqualEvaluate()
    {
        const Plan p = plan("1f1b", 1, "full");
        const auto studies = studySchedules(p);
        QCOMPARE(studies.size(), std::size_t(7));
        for (const ScheduleStudy& s : studies) {
            QVERIFY2(s.valid, s.problem.c_str());
            Plan v = p;
            setSchedule(v, s.schedule, s.schedule == Schedule::DualPipe ? 1 : s.chunks);
            const Evaluation ev = evaluate(v);
            QCOMPARE(s.stepS, ev.stepS);
            QCOMPARE(s.bubbleFraction, ev.bubbleFraction);
            QVERIFY(qFuzzyCompare(timelineFigures(s.timeline).bubbleFraction, ev.bubbleFraction));
            double act = 0;
            for (const StageMemory& m : ev.memory)
                act = std::max(act, m.activations);
            QCOMPARE(s.peakActivationBytes, act);
            QCOMPARE(s.peakBytes, ev.peakBytes);
        }
        // GPipe holds every micro-batch; 1F1B at most p; ZB-H1 no more than 1F1B (Qi et al. 2024)
        QVERIFY(studies[0].peakActivationBytes > studies[1].peakActivationBytes);
        QVERIFY(studies[3].bubbleFraction < studies[1].bubbleFraction);
        QVERIFY(studies[2].bubbleFraction < studies[1].bubbleFraction);
        // ZB-V: two half-size chunks in a V with the backward split, no more activation memory than 1F1B and less
        // bubble (tst_schedule compares it with ZB-H1 on free links; here transfers cross nodes); DualPipe keeps
        // two copies of each stage's weights, DualPipeV one.
        QCOMPARE(studies[4].schedule, Schedule::ZbV);
        QVERIFY(studies[4].bubbleFraction < studies[1].bubbleFraction);
        QVERIFY(studies[4].peakInFlight <= 2 * studies[1].peakInFlight); // chunks of half a stage
        QCOMPARE(studies[6].schedule, Schedule::DualPipe);
        QVERIFY(studies[6].peakBytes - studies[6].peakActivationBytes
            > studies[5].peakBytes - studies[5].peakActivationBytes);
    }

    void comparingATimelineWithItselfShowsNoDifference()
    {
        const Plan p = plan("interleaved", 2);
        const Timeline t = predictedTimeline(evaluate(p), p);
        const TimelineComparison c = compareTimelines(t, t);
        QCOMPARE(c.measuredStepS, c.predictedStepS);
        QCOMPARE(c.stages.size(), std::size_t(4));
        QCOMPARE(c.unmatchedOps, 0);
        QVERIFY(c.matchedOps > 0);
        QCOMPARE(c.meanAbsOpError, 0.0);
        // a measured run 10% slower on every op
        Timeline slow = t;
        for (Lane& l : slow.lanes)
            for (Span& s : l.spans) {
                s.start *= 1.1;
                s.end *= 1.1;
            }
        const TimelineComparison d = compareTimelines(t, slow);
        QVERIFY(std::abs(d.measuredStepS / d.predictedStepS - 1.1) < 1e-9);
        QVERIFY(std::abs(d.meanAbsOpError - 0.1) < 1e-9);
        QVERIFY(std::abs(d.measuredBubble - d.predictedBubble) < 1e-9);
    }

    // The op the Gantt shows beside a clicked one is the same op (kind, micro-batch, chunk) of the same stage.
    void theMatchingOpIsTheSameOpOfTheSameStage()
    {
        const Plan p = plan("interleaved", 2);
        const Timeline t = predictedTimeline(evaluate(p), p);
        Timeline slow = t;
        for (Lane& l : slow.lanes)
            for (Span& s : l.spans) {
                s.start *= 1.1;
                s.end *= 1.1;
            }
        const TimelineFigures fs = timelineFigures(slow);
        int checked = 0;
        for (const auto& [stage, lane] : computeLanesByStage(t, timelineFigures(t)))
            for (const Span& s : t.lanes[std::size_t(lane)].spans) {
                const Span* m = matchingOp(slow, fs, stage, s);
                if (!isComputeKind(s.kind)) {
                    QVERIFY(!m);
                    continue;
                }
                QVERIFY(m);
                QCOMPARE(m->kind, s.kind);
                QCOMPARE(m->microBatch, s.microBatch);
                QCOMPARE(std::max<int>(m->chunk, 0), std::max<int>(s.chunk, 0));
                QVERIFY(std::abs(m->duration() / s.duration() - 1.1) < 1e-9);
                ++checked;
            }
        QVERIFY(checked > 0);
        const Span forward = t.lanes[0].spans.front();
        QVERIFY(!matchingOp(slow, fs, 99, forward)); // no such stage
    }

    void classification_data()
    {
        QTest::addColumn<QString>("cat");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("kind");
        QTest::newRow("ours forward") << "forward"
                                      << "F3" << int(SpanKind::Forward);
        QTest::newRow("ours backward") << "backward"
                                       << "B3" << int(SpanKind::BackwardInput);
        QTest::newRow("ours weight") << "backward-weight"
                                     << "W3" << int(SpanKind::BackwardWeight);
        QTest::newRow("ours p2p") << "p2p"
                                  << "send act 3" << int(SpanKind::SendRecv);
        QTest::newRow("ours dp") << "collective"
                                 << "DP gradients" << int(SpanKind::Collective);
        QTest::newRow("nccl all-gather") << "kernel"
                                         << "ncclDevKernel_AllGather_RING_LL" << int(SpanKind::Collective);
        QTest::newRow("nccl send") << ""
                                   << "nccl:send" << int(SpanKind::SendRecv);
        QTest::newRow("autograd") << "cpu_op"
                                  << "autograd::engine::evaluate_function: MmBackward0" << int(SpanKind::BackwardInput);
        QTest::newRow("module forward") << "python_function"
                                        << "nn.Module: Linear_0 forward" << int(SpanKind::Forward);
        QTest::newRow("unknown") << "mystery"
                                 << "frobnicate" << int(SpanKind::Other);
    }
    void classification()
    {
        QFETCH(QString, cat);
        QFETCH(QString, name);
        QFETCH(int, kind);
        QCOMPARE(int(classifySpan(cat.toStdString(), name.toStdString(), "")), kind);
    }
};

QTEST_GUILESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
