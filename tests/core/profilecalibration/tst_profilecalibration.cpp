// "Calibrate from this profile" (issue 43 C), checked on generated Kineto profiles of a plan whose kernels ran at
// known multiples of the model's times: the rates are recovered, the profiled plan then predicts the measured
// kernel times, another layout on the same GPUs is predicted with them, and a profile of another job is refused.
#include "../profileofplan.h"
#include "../testplans.h"
#include "calibration.h"
#include "collective.h"
#include "collectiverates.h"
#include "evaluate.h"
#include "groups.h"
#include "kinetogen.h"
#include "kinetoprofile.h"
#include "layercost.h"
#include "overlap.h"
#include "profilecalibration.h"
#include "profilelinks.h"
#include "rankmap.h"
#include "stepclasses.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace plait;

namespace {
using test::Slowdown;

std::vector<StepClasses> predicted(const Plan& plan)
{
    return predictedStepClasses(plan, evaluate(plan));
}

std::vector<RankProfile> profileOf(const Plan& plan, Slowdown slow)
{
    std::vector<RankProfile> out;
    for (const auto& [rank, trace] : test::profileOfPlan(plan, slow)) {
        auto read = readKinetoProfile(trace.dump());
        if (!read)
            qFatal("generated trace not read: %s", read.errorText().c_str());
        out.push_back(read.value());
    }
    return out;
}

// A generated data-parallel job of the plan's ranks, their clocks skewed by up to 7 ms.
GeneratedJob skewedJobOf(const Plan& plan)
{
    GeneratedJob job;
    job.ranks = plan.parallel.gpusUsed();
    job.clockSkewUs = { 0, 900, -400, 35, 7000, -1200, 60, 300 };
    return job;
}

// Every rank of a generated job, read back.
std::vector<RankProfile> ranksOf(const GeneratedJob& job)
{
    std::vector<RankProfile> out;
    for (int r = 0; r < job.ranks; ++r)
        out.push_back(readKinetoProfile(kinetoRankTrace(job, r).dump()).value());
    return out;
}

std::vector<RankPlace> placesOf(const Plan& plan)
{
    std::vector<RankPlace> places(std::size_t(plan.parallel.gpusUsed()));
    for (const RankSlot& slot : rankMap(plan).ranks)
        places[std::size_t(slot.rank)] = { slot.coord.pp, slot.node, slot.gpu };
    return places;
}

const ProfileRate& rateOf(const ProfileCalibration& c, const char* id)
{
    for (const ProfileRate& r : c.rates)
        if (r.id == id)
            return r;
    qFatal("no rate %s", id);
}

double sumOf(const std::vector<MeasuredStage>& stages, double MeasuredStage::*field)
{
    double s = 0;
    for (const MeasuredStage& m : stages)
        s += m.*field;
    return s;
}

}

class TestProfileCalibration : public QObject {
    Q_OBJECT
private slots:
    // The classes are the evaluation's own compute cut by kernel class: without TP (whose collectives the busy time
    // also counts) they add up to the busiest stage's busy compute plus its optimizer step.
    void classesAddUpToTheStagesCompute_data()
    {
        QTest::addColumn<QString>("example");
        QTest::newRow("DP 8") << QStringLiteral("a1-one-node-dp8.plait.json");
        QTest::newRow("Ethernet DP, accumulation") << QStringLiteral("c-ethernet-dp-accumulation.plait.json");
        QTest::newRow("one GPU, Adam") << QStringLiteral("g-7b-adam-one-gpu.plait.json");
    }
    void classesAddUpToTheStagesCompute()
    {
        QFETCH(QString, example);
        const Plan plan = test::examplePlan(example.toStdString().c_str());
        QCOMPARE(plan.parallel.tp, 1);
        const Evaluation ev = evaluate(plan);
        const std::vector<StepClasses> stages = predictedStepClasses(plan, ev);
        const StepClasses& c = stages[std::size_t(ev.busiestStage)];
        const double sum = c.gemmS + c.attentionS() + c.otherS;
        const double busy = ev.computeS + ev.stages[std::size_t(ev.busiestStage)].optimizer;
        QVERIFY2(std::abs(sum / busy - 1) < 1e-3, qPrintable(QStringLiteral("%1 against %2").arg(sum).arg(busy)));
        QVERIFY(c.gemmS > c.attentionS() && c.attentionS() > 0 && c.otherS > 0);
    }

    void recoversPlantedRates_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<double>("gemm");
        QTest::addColumn<double>("attention");
        QTest::addColumn<double>("other");
        QTest::addColumn<double>("overlap");
        QTest::addColumn<double>("gapUs");
        QTest::newRow("one node, TP2 DP4, GEMMs 1.3x slower")
            << QStringLiteral("a2-one-node-tp2-dp4.plait.json") << 1.3 << 1.0 << 1.0 << 0.0 << 0.0;
        QTest::newRow("four nodes, TP4 PP2 DP2, every class off")
            << QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json") << 1.25 << 0.8 << 1.6 << 0.0 << 0.0;
        QTest::newRow("four nodes, GEMMs faster than the model")
            << QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json") << 0.9 << 1.1 << 0.9 << 0.0 << 0.0;
        QTest::newRow("four nodes, element-wise kernels 15% slower beside a bucket")
            << QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json") << 1.1 << 1.0 << 1.2 << 0.15 << 0.0;
        QTest::newRow("four nodes, the GPU idle 2.5 µs before each kernel")
            << QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json") << 1.1 << 1.0 << 1.2 << 0.0 << 2.5;
    }
    void recoversPlantedRates()
    {
        QFETCH(QString, example);
        QFETCH(double, gemm);
        QFETCH(double, attention);
        QFETCH(double, other);
        QFETCH(double, overlap);
        QFETCH(double, gapUs);
        const Plan plan = test::examplePlan(example.toStdString().c_str());
        const std::vector<RankProfile> ranks = profileOf(plan, { gemm, attention, other, overlap, gapUs });
        const std::vector<MeasuredStage> stages = measuredStages(ranks, placesOf(plan));
        QCOMPARE(int(stages.size()), plan.parallel.pp);
        const std::vector<StepClasses> model = predicted(plan);
        for (const MeasuredStage& s : stages) {
            QCOMPARE(s.ranks, plan.parallel.gpusUsed() / plan.parallel.pp);
            QVERIFY(s.attentionSplit);
            QVERIFY(std::abs(s.gemmUs / (model[std::size_t(s.stage)].gemmS * 1e6) - gemm) < 1e-3);
        }

        const ProfileCalibration cal = calibrateFromProfile(plan, stages, "generated profile");
        QVERIFY2(cal.problems.empty(), cal.problems.empty() ? "" : messageText(cal.problems.front()).c_str());
        for (const char* id : { "gemm_rate", "attention_rate", "hbm_rate" }) {
            const ProfileRate& r = rateOf(cal, id);
            QVERIFY2(r.applied, (std::string(id) + ": " + messageText(r.note)).c_str());
            // The profiled plan now predicts what was measured.
            QVERIFY2(std::abs(r.predictedAfterS / r.measuredS - 1) < 0.01,
                qPrintable(QStringLiteral("%1: predicted %2 s, measured %3 s")
                               .arg(QString::fromLatin1(id))
                               .arg(r.predictedAfterS)
                               .arg(r.measuredS)));
        }
        // The element-wise rate is the kernels' alone: what six of them lost beside a bucket is the overlap slowdown.
        const ProfileRate& h = rateOf(cal, "hbm_rate");
        const ProfileRate& o = rateOf(cal, "overlap_slowdown");
        QCOMPARE(o.applied, overlap > 0);
        if (overlap > 0) {
            QVERIFY2(std::abs(o.after - overlap) < 1e-3, qPrintable(QString::number(o.after)));
            QVERIFY2(std::abs(h.measuredS * 1e6 / sumOf(stages, &MeasuredStage::otherUs) - 1) > 0.01,
                "the element-wise time measured beside the bucket was not taken out");
        }
        // The kernels' fixed cost: the GPU idle before each of the 39 of 40 kernels per step launched ahead, over
        // every kernel of the step, carried by the model's own kernel count.
        const ProfileRate& f = rateOf(cal, "kernel_fixed_us");
        QVERIFY2(f.applied, messageText(f.note).c_str());
        QVERIFY(std::abs(f.measuredS - gapUs * 40 * plan.parallel.pp * 1e-6) < 1e-9);
        QVERIFY(std::abs(f.predictedAfterS - f.measuredS) < 1e-9);
        QCOMPARE(f.before, kernelFixedUs(plan.cluster));
        QCOMPARE(cal.plan.cluster.gpu.kernelFixedUs, std::max(f.after, 1e-9));
        QCOMPARE(f.after > 0, gapUs > 0);
        QVERIFY(cal.plan.cluster.gpu.kernelFixedSource.find("generated profile") != std::string::npos);
        // The GEMM share moves by the planted factor (memory-bound GEMMs a little less).
        const ProfileRate& g = rateOf(cal, "gemm_rate");
        QVERIFY2(std::abs(g.before / g.after / gemm - 1) < 0.05, qPrintable(QString::number(g.before / g.after)));
        // The attention and element-wise rates move by their planted factors too: the rate itself is recovered, not
        // only the profiled plan's time (which any fitted rate would reproduce).
        const ProfileRate& a = rateOf(cal, "attention_rate");
        QVERIFY2(std::abs(a.before / a.after / attention - 1) < 0.02, qPrintable(QString::number(a.before / a.after)));
        QVERIFY2(std::abs(a.beforeBackward / a.afterBackward / attention - 1) < 0.02,
            qPrintable(QString::number(a.beforeBackward / a.afterBackward)));
        QVERIFY2(std::abs(h.before / h.after / other - 1) < 0.02, qPrintable(QString::number(h.before / h.after)));
        QVERIFY(cal.plan.cluster.gpu.sustainedSource.find("generated profile") != std::string::npos);
        QCOMPARE(cal.plan.cluster.gpu.measuredAttention.size(), std::size_t(1));
        // Slower kernels make a slower step, and faster ones a faster one.
        const double weighted = (gemm + attention + other) / 3;
        QVERIFY(weighted > 1 ? cal.stepAfterS > cal.stepBeforeS : cal.stepAfterS < cal.stepBeforeS);
    }

    // The rates fitted on one layout's profile predict another layout of the same model on the same GPUs, checked
    // against that layout's own profile: here jobs whose kernels all ran at the planted multiples of the model, so
    // every layout's did (a check of the mechanism, not a validation against published profiles: no public set of one
    // model profiled at two layouts exists, ../shared/real-traces/SOURCES.md). Each stage's compute kernels, the
    // class times the rates set, predicted after calibration against the other layout's measured ones.
    void calibratedRatesCarryToAnotherLayout_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("dp");
        QTest::newRow("TP 8, PP 1, DP 4") << 8 << 1 << 4;
        QTest::newRow("TP 2, PP 4, DP 4") << 2 << 4 << 4;
        QTest::newRow("TP 1, PP 8, DP 4") << 1 << 8 << 4;
    }
    void calibratedRatesCarryToAnotherLayout()
    {
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, dp);
        const Plan profiled = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        const Slowdown slow { 1.25, 0.8, 1.4 };
        const ProfileCalibration cal
            = calibrateFromProfile(profiled, measuredStages(profileOf(profiled, slow), placesOf(profiled)), "p");
        Plan other = profiled;
        other.parallel.tp = tp;
        other.parallel.pp = pp;
        other.parallel.dp = dp;
        auto placement = defaultPlacement(other.cluster, other.parallel);
        QVERIFY(placement);
        other.placement = placement.value();
        QVERIFY(evaluate(other).valid);
        Plan otherCalibrated = other;
        otherCalibrated.cluster = cal.plan.cluster;
        const std::vector<StepClasses> before = predicted(other), after = predicted(otherCalibrated);
        const std::vector<MeasuredStage> measured = measuredStages(profileOf(other, slow), placesOf(other));
        QCOMPARE(int(measured.size()), pp);
        double worst = 0, worstBefore = 0;
        for (const MeasuredStage& m : measured) {
            const StepClasses& b = before[std::size_t(m.stage)];
            const StepClasses& a = after[std::size_t(m.stage)];
            // The fixed cost per kernel: the profile sees it as idle, not inside the kernels (profileofplan.h).
            const double measuredUs = m.gemmUs + m.attentionFwdUs + m.attentionBwdUs + m.otherUs + m.queued.us;
            const double errorAfter = (a.gemmS + a.attentionS() + a.otherS) * 1e6 / measuredUs - 1;
            const double errorBefore = (b.gemmS + b.attentionS() + b.otherS) * 1e6 / measuredUs - 1;
            worst = std::max(worst, std::abs(errorAfter));
            worstBefore = std::max(worstBefore, std::abs(errorBefore));
        }
        qInfo("calibrated on TP 4 PP 2 DP 2, predicting TP %d PP %d DP %d: each stage's compute kernels within %.1f%% "
              "of its profile (%.1f%% before calibrating)",
            tp, pp, dp, 100 * worst, 100 * worstBefore);
        QVERIFY2(worst < 0.05, qPrintable(QString::number(worst)));
        QVERIFY(worstBefore > 0.1); // the planted slowdowns are far from the model's rates
    }

    void aProfileOfAnotherJobIsRefused()
    {
        // GEMMs 10x faster than the model: past the dense peak, so not this plan's profile.
        const Plan plan = test::examplePlan("a2-one-node-tp2-dp4.plait.json");
        const ProfileCalibration cal
            = calibrateFromProfile(plan, measuredStages(profileOf(plan, { 0.1, 1, 1 }), placesOf(plan)), "p");
        const ProfileRate& g = rateOf(cal, "gemm_rate");
        QVERIFY(!g.applied);
        QCOMPARE(g.note.key, std::string("profilecal:past-peak"));
        QCOMPARE(cal.plan.cluster.gpu.gemmSustainedEfficiency, plan.cluster.gpu.gemmSustainedEfficiency);
        // The other rates still apply.
        QVERIFY(rateOf(cal, "attention_rate").applied);
        QVERIFY(rateOf(cal, "hbm_rate").applied);
    }

    // The kernels' fixed cost is measured only where the profile shows kernels waiting in the queue, and only as
    // long as starting a kernel can take; the other rates apply either way.
    void kernelFixedCostIsRefusedAndNamed_data()
    {
        QTest::addColumn<double>("gapUs");
        QTest::addColumn<bool>("launches");
        QTest::addColumn<QString>("note");
        QTest::newRow("no launch records") << 2.0 << false << QStringLiteral("profilecal:gaps-unseen");
        QTest::newRow("30 µs before each kernel") << 30.0 << true << QStringLiteral("profilecal:gap-past");
    }
    void kernelFixedCostIsRefusedAndNamed()
    {
        QFETCH(double, gapUs);
        QFETCH(bool, launches);
        QFETCH(QString, note);
        const Plan plan = test::examplePlan("a2-one-node-tp2-dp4.plait.json");
        Slowdown slow;
        slow.launchGapUs = gapUs;
        std::vector<RankProfile> ranks;
        for (auto& [rank, trace] : test::profileOfPlan(plan, slow)) {
            nlohmann::json& events = trace["traceEvents"];
            if (!launches)
                events.erase(std::remove_if(events.begin(), events.end(),
                                 [](const nlohmann::json& e) { return e.value("cat", "") == "cuda_runtime"; }),
                    events.end());
            ranks.push_back(readKinetoProfile(trace.dump()).value());
        }
        const ProfileCalibration cal = calibrateFromProfile(plan, measuredStages(ranks, placesOf(plan)), "p");
        const ProfileRate& f = rateOf(cal, "kernel_fixed_us");
        QVERIFY(!f.applied);
        QCOMPARE(QString::fromStdString(f.note.key), note);
        QCOMPARE(cal.plan.cluster.gpu.kernelFixedUs, plan.cluster.gpu.kernelFixedUs);
        QVERIFY(rateOf(cal, "gemm_rate").applied && rateOf(cal, "hbm_rate").applied);
    }

    void noPlacedRankIsNamed()
    {
        const Plan plan = test::examplePlan("a2-one-node-tp2-dp4.plait.json");
        const ProfileCalibration cal = calibrateFromProfile(plan, {}, "p");
        QVERIFY(!cal.anyApplied());
        QCOMPARE(cal.problems.size(), std::size_t(1));
    }

    // The breakdown the Gantt and the report set beside the prediction: every stage's kernel classes measured and
    // predicted, collectives by family, idle time; the prediction's collectives on its busiest stage only.
    void breakdownRowsSetMeasuredBesidePredicted()
    {
        const Plan plan = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        const Evaluation ev = evaluate(plan);
        const PredictedBreakdown predicted = predictedBreakdown(plan, ev);
        const std::vector<MeasuredStage> measured = measuredStages(profileOf(plan, { 1.2, 1, 1 }), placesOf(plan));
        const std::vector<BreakdownRow> rows = breakdownRows(predicted, measured);
        for (int stage = 0; stage < plan.parallel.pp; ++stage) {
            const StepClasses& p = predicted.stages[std::size_t(stage)];
            bool gemm = false, allReduce = false, idle = false;
            for (const BreakdownRow& r : rows) {
                if (r.stage != stage)
                    continue;
                if (r.kind == BreakdownClass::Gemm) {
                    gemm = true;
                    QCOMPARE(r.predictedS, p.gemmS);
                    QVERIFY(std::abs(r.measuredS / p.gemmS - 1.2) < 1e-3);
                }
                if (r.kind == BreakdownClass::Collective && r.collective == CollectiveKind::AllReduce) {
                    allReduce = true;
                    QVERIFY(r.measuredS > 0); // the generator's gradient all-reduce
                    QCOMPARE(std::isnan(r.predictedS), stage != predicted.busiestStage);
                }
                if (r.kind == BreakdownClass::Idle) {
                    idle = true;
                    QVERIFY(r.measuredS > 0); // the generator's idle before each step
                    QCOMPARE(std::isnan(r.predictedS), stage != predicted.busiestStage);
                }
            }
            QVERIFY(gemm && allReduce && idle);
        }
        // A stage no rank of the profile ran is predicted alone.
        const std::vector<BreakdownRow> half = breakdownRows(predicted, { measured.front() });
        for (const BreakdownRow& r : half)
            if (r.stage == 1)
                QVERIFY(std::isnan(r.measuredS));
    }

    void collectiveNamesMapToTheirFamily_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("kind"); // −1: none
        QTest::newRow("allreduce") << QStringLiteral("allreduce") << int(CollectiveKind::AllReduce);
        QTest::newRow("_allgather_base") << QStringLiteral("_allgather_base") << int(CollectiveKind::AllGather);
        QTest::newRow("coalesced reduce-scatter")
            << QStringLiteral("reduce_scatter_tensor_coalesced") << int(CollectiveKind::ReduceScatter);
        QTest::newRow("all_to_all") << QStringLiteral("all_to_all") << int(CollectiveKind::AllToAll);
        QTest::newRow("sendrecv") << QStringLiteral("sendrecv") << int(CollectiveKind::SendRecv);
        QTest::newRow("NCCL kernel") << QStringLiteral("ncclDevKernel_AllGather_RING_LL")
                                     << int(CollectiveKind::AllGather);
        QTest::newRow("broadcast") << QStringLiteral("broadcast") << -1;
    }
    void collectiveNamesMapToTheirFamily()
    {
        QFETCH(QString, name);
        QFETCH(int, kind);
        const std::optional<CollectiveKind> k = collectiveKindOfName(name.toStdString());
        QCOMPARE(k ? int(*k) : -1, kind);
    }

    // A job's all-reduces, timed from their last member's arrival to their end at their message size, recalibrate
    // the link they ran over as the probe's sweep does: a planted transfer comes back as the link's efficiency.
    void allReducesRecalibrateTheirLink_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<double>("busGBps");
        QTest::addColumn<bool>("acrossNodes");
        QTest::newRow("b: 16 ranks on 2 nodes at 150 GB/s")
            << QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json") << 150.0 << true;
        QTest::newRow("a1: 8 ranks in one node at 180 GB/s")
            << QStringLiteral("a1-one-node-dp8.plait.json") << 180.0 << false;
    }
    void allReducesRecalibrateTheirLink()
    {
        QFETCH(QString, example);
        QFETCH(double, busGBps);
        QFETCH(bool, acrossNodes);
        const Plan plan = test::examplePlan(example.toStdString().c_str());
        GeneratedJob job = skewedJobOf(plan);
        job.steps = 3;
        job.stragglerRank = 2;
        job.stragglerSlowdown = 1.3; // the others wait for it: the wait is not the transfer
        const double bytes = double(job.allReduceElements) * 2;
        job.allReduceUs = 2.0 * (job.ranks - 1) / job.ranks * bytes / (busGBps * 1e3); // nccl-tests' bus bandwidth
        std::vector<RankProfile> ranks = ranksOf(job);
        const std::vector<RankPlace> places = placesOf(plan);
        const JobProfile summary = summarizeJob(ranks, places);
        const std::vector<ProfileLinkSweep> sweeps = profileLinkSweeps(ranks, summary.alignment, places, plan.cluster);
        QCOMPARE(int(sweeps.size()), 1);
        QCOMPARE(sweeps[0].links.linkClass == "inter_node", acrossNodes);
        QCOMPARE(sweeps[0].links.ranks, job.ranks);
        QCOMPARE(sweeps[0].collectives, job.steps);

        const ProfileCalibration c
            = calibrateFromProfile(plan, measuredStages(ranks, places), "job profile test/", sweeps);
        QCOMPARE(int(c.links.size()), 1);
        const ProfileLink& l = c.links[0];
        QVERIFY2(l.applied, messageText(l.note).c_str());
        QVERIFY2(std::abs(l.busBwGBps - busGBps) < 0.01 * busGBps, std::to_string(l.busBwGBps).c_str());
        const LinkSpec& before = acrossNodes ? plan.cluster.interNode : plan.cluster.intraNode;
        const LinkSpec& after = acrossNodes ? c.plan.cluster.interNode : c.plan.cluster.intraNode;
        // b's group has 8 members on each node: all of a node's NICs.
        const double lineGBps = before.bandwidthGBps * (acrossNodes ? plan.cluster.nics() : 1);
        QVERIFY2(std::abs(after.efficiency - busGBps / lineGBps) < 0.01,
            qPrintable(QStringLiteral("efficiency %1, planted %2").arg(after.efficiency).arg(busGBps / lineGBps)));
        QCOMPARE(l.efficiencyAfter, after.efficiency);
        QCOMPARE(l.efficiencyBefore, before.efficiency);
        QVERIFY(after.source.find("job profile test/") != std::string::npos);

        // Messages too small for the link's rate to set their time calibrate nothing, and say so.
        job.allReduceElements = 4096;
        job.allReduceUs = 40;
        ranks = ranksOf(job);
        const std::vector<ProfileLinkSweep> small
            = profileLinkSweeps(ranks, summarizeJob(ranks, places).alignment, places, plan.cluster);
        const ProfileCalibration none = calibrateFromProfile(plan, measuredStages(ranks, places), "p", small);
        QCOMPARE(int(none.links.size()), 1);
        QVERIFY(!none.links[0].applied);
        QCOMPARE(none.links[0].note.key, std::string("profilecal:link-small"));
        QCOMPARE(
            (acrossNodes ? none.plan.cluster.interNode : none.plan.cluster.intraNode).efficiency, before.efficiency);
    }

    // A data-parallel group of one rank per node has its share of each node's NICs, as the cost model gives it
    // (groups.cpp), not all of them: measured against all eight, a healthy link would read as an eighth as efficient.
    void aGroupOfOneRankPerNodeHasItsShareOfTheNics()
    {
        const Plan plan = test::examplePlan("b-four-nodes-tp4-pp2-dp2.plait.json");
        GeneratedJob job;
        job.ranks = 2;
        job.steps = 3;
        job.clockSkewUs = { 0, 2500 };
        const double busGBps = 20, bytes = double(job.allReduceElements) * 2;
        job.allReduceUs = 2.0 * (job.ranks - 1) / job.ranks * bytes / (busGBps * 1e3);
        std::vector<RankProfile> ranks = ranksOf(job);
        const std::vector<RankPlace> places = { { 0, 0 }, { 0, 1 } }; // stage 0, nodes 0 and 1
        const std::vector<ProfileLinkSweep> sweeps
            = profileLinkSweeps(ranks, summarizeJob(ranks, places).alignment, places, plan.cluster);
        QCOMPARE(int(sweeps.size()), 1);
        QCOMPARE(sweeps[0].ranksPerNode, 1);
        QCOMPARE(sweeps[0].links.hosts, 2);
        const double share = plan.cluster.interNode.bandwidthGBps * plan.cluster.nics() / plan.cluster.gpusPerNode;
        QCOMPARE(sweeps[0].lineRateGBps, share);
        const ProfileCalibration c = calibrateFromProfile(plan, measuredStages(ranks, places), "p", sweeps);
        QCOMPARE(int(c.links.size()), 1);
        QVERIFY2(c.links[0].applied, messageText(c.links[0].note).c_str());
        QVERIFY2(std::abs(c.plan.cluster.interNode.efficiency - busGBps / share) < 0.01,
            qPrintable(QStringLiteral("efficiency %1, planted %2")
                           .arg(c.plan.cluster.interNode.efficiency)
                           .arg(busGBps / share)));
    }

    // A probe's or nccl-tests' sweep of a collective other than all-reduce, run alone on the first GPUs of the first
    // nodes, sets that collective's rate on the link that bounds it: here sweeps timed as the model times them at a
    // planted rate.
    void measuredSweepsSetCollectiveRates_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("hosts");
        QTest::addColumn<double>("rate"); // planted
        QTest::addColumn<QString>("note");
        QTest::newRow("all-gather over a node's 8 GPUs at half the model's rate")
            << QStringLiteral("a1-one-node-dp8.plait.json") << int(CollectiveKind::AllGather) << 8 << 1 << 0.5
            << QString();
        QTest::newRow("reduce-scatter over 4 GPUs, 1.3 times the model's")
            << QStringLiteral("a1-one-node-dp8.plait.json") << int(CollectiveKind::ReduceScatter) << 4 << 1 << 1.3
            << QString();
        QTest::newRow("all-to-all over 2 nodes of 8, 0.7 times the model's")
            << QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json") << int(CollectiveKind::AllToAll) << 16 << 2 << 0.7
            << QString();
        QTest::newRow("16 ranks on one host of 8 GPUs")
            << QStringLiteral("a1-one-node-dp8.plait.json") << int(CollectiveKind::AllGather) << 16 << 1 << 0.5
            << QStringLiteral("profilecal:kind-unplaced");
    }
    void measuredSweepsSetCollectiveRates()
    {
        QFETCH(QString, example);
        QFETCH(int, kind);
        QFETCH(int, ranks);
        QFETCH(int, hosts);
        QFETCH(double, rate);
        QFETCH(QString, note);
        const Plan plan = test::examplePlan(example.toStdString().c_str());
        const std::string name = collectiveName(CollectiveKind(kind));
        LinksResult links;
        links.ranks = ranks;
        links.hosts = hosts;
        links.linkClass = hosts > 1 ? "inter_node" : "intra_node_p2p";
        OpSweep sweep;
        sweep.op = CollectiveKind(kind);
        // The sizes timed as the model times them with the planted rate on every link.
        Plan truth = plan;
        for (LinkSpec* l : { &truth.cluster.intraNode, &truth.cluster.interNode })
            l->collectiveRates = { { name, rate } };
        const std::vector<int> gpus = measuredGpus(plan.cluster, ranks, hosts);
        QCOMPARE(gpus.empty(), !note.isEmpty());
        for (double bytes = 1 << 16; bytes <= double(1 << 28); bytes *= 4) {
            const double us
                = gpus.empty() ? 100 : collectiveTime(sweep.op, bytes, soloPath(truth.cluster, gpus)).seconds * 1e6;
            sweep.points.push_back({ bytes, us, bytes / us * 1e-3, bytes / us * 1e-3 * (ranks - 1) / ranks });
        }
        links.ops = { sweep };
        const MeasuredCollectives m = planWithMeasuredCollectives(plan, links, "nccl-tests test.txt");
        QCOMPARE(int(m.kinds.size()), 1);
        const ProfileCollectiveRate& k = m.kinds[0];
        QCOMPARE(QString::fromStdString(k.note.key), note);
        QCOMPARE(k.applied, note.isEmpty());
        QCOMPARE(m.plan.has_value(), note.isEmpty()); // no all-reduce: only the rate applies
        if (!m.plan)
            return;
        QVERIFY2(std::abs(k.after / rate - 1) < 0.01, qPrintable(QString::number(k.after)));
        const ClusterSpec& c = m.plan->cluster;
        const LinkSpec& took = hosts > 1 ? c.interNode : c.intraNode;
        QCOMPARE(took.collectiveRate(name), k.after);
        QVERIFY(took.collectiveRatesSource.find("nccl-tests test.txt: its " + name + " sweep") == 0);
        QCOMPARE(took.efficiency, (hosts > 1 ? plan.cluster.interNode : plan.cluster.intraNode).efficiency);
        // A later all-reduce sweep of the link recalibrates it and drops the rate: it was a multiple of the
        // bandwidth the link had.
        LinksResult allReduce = links;
        OpSweep ar;
        for (double bytes = 1 << 16; bytes <= double(1 << 28); bytes *= 4)
            ar.points.push_back(sizePoint(CollectiveKind::AllReduce, ranks, bytes, 20 + bytes / 150e3));
        allReduce.ops = { ar };
        const std::optional<Plan> recalibrated = planWithMeasuredLinks(*m.plan, allReduce, "later");
        QVERIFY(recalibrated);
        const LinkSpec& again = hosts > 1 ? recalibrated->cluster.interNode : recalibrated->cluster.intraNode;
        QVERIFY(again.efficiency != took.efficiency);
        QCOMPARE(again.collectiveRate(name), 1.0);
        QVERIFY(again.collectiveRatesSource.empty());
    }

    // An all-gather or reduce-scatter timed at a planted bus bandwidth comes back as its rate on the link, as a
    // multiple of what the model gives it: the profiled plan then predicts its measured time, and the model times that
    // collective at that size as measured. Sizes are nccl-tests' S (the gathered buffer), from "Out msg nelems".
    void otherCollectivesTakeTheirOwnRate_data()
    {
        QTest::addColumn<QString>("collective");
        QTest::addColumn<int>("kind");
        QTest::addColumn<double>("busGBps");
        QTest::addColumn<QString>("note");
        QTest::newRow("all-gather at 150 GB/s")
            << QStringLiteral("_allgather_base") << int(CollectiveKind::AllGather) << 150.0 << QString();
        QTest::newRow("reduce-scatter at 320 GB/s")
            << QStringLiteral("_reduce_scatter_base") << int(CollectiveKind::ReduceScatter) << 320.0 << QString();
        QTest::newRow("all-gather past NVLink's line rate")
            << QStringLiteral("_allgather_base") << int(CollectiveKind::AllGather) << 700.0
            << QStringLiteral("profilecal:kind-past-line");
    }
    void otherCollectivesTakeTheirOwnRate()
    {
        QFETCH(QString, collective);
        QFETCH(int, kind);
        QFETCH(double, busGBps);
        QFETCH(QString, note);
        const Plan plan = test::examplePlan("a1-one-node-dp8.plait.json");
        GeneratedJob job = skewedJobOf(plan);
        job.steps = 3;
        job.collective = collective.toStdString();
        const double bytes = double(job.allReduceElements) * 2;
        job.allReduceUs = double(job.ranks - 1) / job.ranks * bytes / (busGBps * 1e3);
        std::vector<RankProfile> ranks = ranksOf(job);
        const std::vector<RankPlace> places = placesOf(plan);
        const std::vector<ProfileLinkSweep> sweeps
            = profileLinkSweeps(ranks, summarizeJob(ranks, places).alignment, places, plan.cluster);
        QCOMPARE(int(sweeps.size()), 1);
        QCOMPARE(sweeps[0].collectives, 0);
        QCOMPARE(int(sweeps[0].links.ops.size()), 1);
        QCOMPARE(int(sweeps[0].links.ops[0].op), kind);
        QCOMPARE(sweeps[0].links.ops[0].points.back().bytes, bytes);

        const ProfileCalibration c
            = calibrateFromProfile(plan, measuredStages(ranks, places), "job profile test/", sweeps);
        QCOMPARE(int(c.links.size()), 1);
        QVERIFY(!c.links[0].applied); // no all-reduce: the link's efficiency stays
        QCOMPARE(c.links[0].note.key, std::string("profilecal:link-no-allreduce"));
        QCOMPARE(int(c.links[0].kinds.size()), 1);
        const ProfileCollectiveRate& k = c.links[0].kinds[0];
        QCOMPARE(k.calls, job.steps);
        QVERIFY2(std::abs(k.busBwGBps - busGBps) < 0.01 * busGBps, std::to_string(k.busBwGBps).c_str());
        QCOMPARE(QString::fromStdString(k.note.key), note);
        const LinkSpec& link = c.plan.cluster.intraNode;
        if (!note.isEmpty()) {
            QVERIFY(!k.applied);
            QVERIFY(link.collectiveRates.empty());
            return;
        }
        QVERIFY(k.applied);
        QVERIFY2(std::abs(k.predictedAfterS / k.measuredS - 1) < 0.01,
            qPrintable(QStringLiteral("%1 against %2").arg(k.predictedAfterS).arg(k.measuredS)));
        QCOMPARE(link.collectiveRate(collectiveName(CollectiveKind(kind))), k.after);
        QVERIFY(link.collectiveRatesSource.find("job profile test/") != std::string::npos);
        QCOMPARE(c.plan.cluster.intraNode.efficiency, plan.cluster.intraNode.efficiency);
        // The other kinds keep the model's rate.
        QCOMPARE(link.collectiveRate("all-to-all"), 1.0);
        QVERIFY(c.anyApplied());

        // Ranks the plan puts on no GPU have no path to fit a rate on.
        std::vector<RankPlace> unplaced = places;
        for (RankPlace& place : unplaced)
            place.gpu = -1;
        const ProfileCalibration none = calibrateFromProfile(plan, measuredStages(ranks, unplaced), "p",
            profileLinkSweeps(ranks, summarizeJob(ranks, unplaced).alignment, unplaced, plan.cluster));
        QCOMPARE(none.links.at(0).kinds.at(0).note.key, std::string("profilecal:kind-unplaced"));
        QVERIFY(none.plan.cluster.intraNode.collectiveRates.empty());

        // Calls too small for the link's rate to set their time fit no rate.
        job.allReduceElements = 4096;
        job.allReduceUs = 40;
        ranks = ranksOf(job);
        const ProfileCalibration small = calibrateFromProfile(plan, measuredStages(ranks, places), "p",
            profileLinkSweeps(ranks, summarizeJob(ranks, places).alignment, places, plan.cluster));
        QCOMPARE(small.links.at(0).kinds.at(0).note.key, std::string("profilecal:kind-small"));
        QVERIFY(small.plan.cluster.intraNode.collectiveRates.empty());
    }

    // Kernels that ran beside a gradient bucket's all-reduce took longer than the same kernels (name and grid) alone:
    // that is the overlap slowdown, set on the GPU with the profile as its source, and the kernel rates are fitted to
    // the kernels' times alone.
    void overlapSlowdownIsMeasuredBesideCollectives_data()
    {
        QTest::addColumn<int>("overlapped");
        QTest::addColumn<double>("slowdown");
        QTest::addColumn<QString>("note");
        QTest::newRow("six of sixteen kernels 25% slower") << 6 << 0.25 << QString();
        QTest::newRow("beside, no slower") << 6 << 0.0 << QStringLiteral("profilecal:overlap-none");
        QTest::newRow("2.5 times as slow: something else") << 6 << 1.5 << QStringLiteral("profilecal:overlap-past");
        QTest::newRow("nothing beside a collective") << 0 << 0.0 << QStringLiteral("profilecal:overlap-unseen");
    }
    void overlapSlowdownIsMeasuredBesideCollectives()
    {
        QFETCH(int, overlapped);
        QFETCH(double, slowdown);
        QFETCH(QString, note);
        const Plan plan = test::examplePlan("a1-one-node-dp8.plait.json");
        GeneratedJob job = skewedJobOf(plan);
        job.kernelsPerStep = 16; // every fourth attention's: 4 per step, of which one (the 14th) beside the bucket
        job.stragglerRank = 5;
        job.stragglerSlowdown = 1.1;
        job.overlappedKernels = overlapped;
        job.overlapSlowdown = slowdown;
        std::vector<RankProfile> ranks = ranksOf(job);
        const std::vector<RankPlace> places = placesOf(plan);
        const std::vector<MeasuredStage> stages = measuredStages(ranks, places);
        QCOMPARE(int(stages.size()), 1);
        QCOMPARE(
            stages[0].beside[std::size_t(KernelClass::Gemm)].kernels + stages[0].beside[1].kernels, double(overlapped));
        // The bucket's all-reduce records no size: only the step's last one times the link.
        const std::vector<ProfileLinkSweep> sweeps
            = profileLinkSweeps(ranks, summarizeJob(ranks, places).alignment, places, plan.cluster);
        QCOMPARE(int(sweeps.size()), 1);
        QCOMPARE(sweeps[0].collectives, job.steps);
        const ProfileCalibration c = calibrateFromProfile(plan, stages, "job profile test/", sweeps);
        QVERIFY(c.links.at(0).applied);
        const ProfileRate& r = rateOf(c, "overlap_slowdown");
        QCOMPARE(QString::fromStdString(r.note.key), note);
        const GpuSpec& gpu = c.plan.cluster.gpu;
        if (overlapped == 0 || slowdown > 1) {
            QVERIFY(!r.applied);
            QCOMPARE(gpu.overlapSlowdown, plan.cluster.gpu.overlapSlowdown);
            return;
        }
        QVERIFY(r.applied);
        QVERIFY2(std::abs(r.after - slowdown) < 1e-6, qPrintable(QString::number(r.after)));
        QVERIFY2(std::abs(overlapSlowdown(gpu) - slowdown) < 1e-6, qPrintable(QString::number(overlapSlowdown(gpu))));
        QVERIFY(gpu.overlapSource.find("job profile test/") != std::string::npos);
        QVERIFY(std::abs(r.predictedAfterS / r.measuredS - 1) < 1e-6);
        // The GEMM rate is fitted to the GEMMs' time alone: 12 GEMMs of 1 ms per step (the median rank's).
        QVERIFY2(std::abs(rateOf(c, "gemm_rate").measuredS - 12e-3) < 1e-6,
            qPrintable(QString::number(rateOf(c, "gemm_rate").measuredS)));
    }
};

QTEST_APPLESS_MAIN(TestProfileCalibration)
#include "tst_profilecalibration.moc"
