#include "../testplans.h"
#include "evaluate.h"
#include "groups.h"
#include "memory.h"
#include "params.h"
#include "tail.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace plait;

namespace {
// GPT 1.7B, DP 16 over two A100 nodes (one stage: every parameter on it).
Plan dpPlan(const char* framework, int zeroStage, bool overlap, double bucketSize = 0)
{
    nlohmann::json j = test::gptPlanJson("megatron-gpt-1.7b", 2, 1, 1, 16, 64);
    j["training"]["framework"] = framework;
    j["training"]["zero_stage"] = zeroStage;
    j["training"]["overlap_grad_reduce"] = overlap;
    if (bucketSize > 0)
        j["training"]["bucket_size"] = bucketSize;
    return test::mustPlan(j);
}
double stageParamsOf(const Plan& p)
{
    return stageParams(p.model, p.model.layers, true, true, 1, 1, 1).total();
}
GroupPath gradientPath(const Plan& p)
{
    return buildGroups(p).gradientGroups().front().path;
}
}

// What a stage does after its last backward (cost/tail.h): gradients reduced bucket by bucket.
class TestTail : public QObject {
    Q_OBJECT
private slots:
    // Each framework's default bucket, from its source (tail.h), and the plan's own bucket_size over it.
    void bucketFollowsTheFramework_data()
    {
        QTest::addColumn<QString>("framework");
        QTest::addColumn<bool>("overlap");
        QTest::addColumn<double>("bucketSize");
        QTest::addColumn<QString>("expected"); // a count of parameters, "stage" (the whole stage) or "layer" (one)
        // Megatron-LM distributed_data_parallel.py: max(40M, 1M x DP size); 16 ranks give 40M.
        QTest::newRow("megatron, overlapped") << QStringLiteral("megatron") << true << 0.0 << "40e6";
        QTest::newRow("megatron, not overlapped: one bucket") << QStringLiteral("megatron") << false << 0.0 << "stage";
        QTest::newRow("deepspeed: reduce_bucket_size 5e8") << QStringLiteral("deepspeed") << true << 0.0 << "5e8";
        QTest::newRow("fsdp: one wrapped block") << QStringLiteral("fsdp") << true << 0.0 << "layer";
        QTest::newRow("the plan's bucket_size wins") << QStringLiteral("megatron") << true << 1e8 << "1e8";
        // ...except where Megatron-LM drops it: without overlap it sets bucket_size to None (one bucket).
        QTest::newRow("megatron, not overlapped, bucket_size asked")
            << QStringLiteral("megatron") << false << 1e8 << "stage";
        QTest::newRow("fsdp with bucket_size") << QStringLiteral("fsdp") << true << 1e8 << "1e8";
    }
    void bucketFollowsTheFramework()
    {
        QFETCH(QString, framework);
        QFETCH(bool, overlap);
        QFETCH(double, bucketSize);
        QFETCH(QString, expected);
        const Plan p
            = dpPlan(framework.toUtf8().constData(), framework == QLatin1String("fsdp") ? 3 : 1, overlap, bucketSize);
        const double params = stageParamsOf(p);
        const double want = expected == QLatin1String("stage") ? params
            : expected == QLatin1String("layer")               ? stageParams(p.model, 1, false, false, 1, 1, 1).total()
                                                               : expected.toDouble();
        QVERIFY(want > 0);
        QCOMPARE(gradientBucketParams(p, params), want);
    }

    void megatronBucketsGrowWithDataParallelSize()
    {
        nlohmann::json j = test::gptPlanJson("megatron-gpt-1.7b", 16, 1, 1, 128, 128);
        const Plan p = test::mustPlan(j);
        QCOMPARE(gradientBucketParams(p, 1e10), 128e6); // 1M x 128 ranks
    }

    // Larger buckets: fewer calls (less latency in all), each more efficient, and a longer last one exposed.
    void largerBucketsAreFewerLongerCalls()
    {
        double lastCalls = std::numeric_limits<double>::infinity(), lastTotal = lastCalls, lastExposed = 0;
        for (double bucket : { 5e6, 20e6, 80e6, 320e6 }) {
            const Plan p = dpPlan("megatron", 1, true, bucket);
            const double params = stageParamsOf(p);
            const GroupPath path = gradientPath(p);
            const DataParallelTail t = dataParallelTail(p, params, &path, stateBytes(p.training), TailWindows {});
            QCOMPARE(t.buckets, int(std::ceil(params / bucket)));
            QCOMPARE(t.gradBytes, params / t.buckets * stateBytes(p.training).grads);
            const double total = t.buckets * t.grad.seconds;
            QVERIFY2(t.buckets < lastCalls, qPrintable(QString::number(bucket)));
            QVERIFY(total < lastTotal);
            // With every earlier bucket hidden for free (the search's bound), only the last one waits.
            QCOMPARE(t.gradExposedS, t.grad.seconds);
            QVERIFY(t.gradExposedS > lastExposed);
            lastCalls = t.buckets;
            lastTotal = total;
            lastExposed = t.gradExposedS;
        }
    }

    // Overlap hides the earlier buckets behind the last backward by the overlap rule; without it every call waits.
    void overlapHidesAllButTheLastBucket()
    {
        const Plan on = dpPlan("megatron", 1, true, 40e6);
        const double params = stageParamsOf(on);
        const GroupPath path = gradientPath(on);
        const StateBytes b = stateBytes(on.training);
        const DataParallelTail hidden = dataParallelTail(on, params, &path, b, { 10.0, 10.0, 0.0 });
        QCOMPARE(hidden.gradExposedS, hidden.grad.seconds);
        const DataParallelTail noWindow = dataParallelTail(on, params, &path, b, { 0.0, 0.0, 0.2 });
        QCOMPARE(noWindow.gradExposedS, noWindow.buckets * noWindow.grad.seconds);
        const Plan off = dpPlan("megatron", 1, false);
        const DataParallelTail waits = dataParallelTail(off, params, &path, b, { 10.0, 10.0, 0.0 });
        QCOMPARE(waits.buckets, 1);
        QCOMPARE(waits.gradExposedS, waits.grad.seconds);
    }

    // The communication breakdown reports one call per bucket, of one bucket's bytes.
    void breakdownCountsBuckets()
    {
        const Plan p = dpPlan("megatron", 1, true, 40e6);
        const Evaluation ev = evaluate(p);
        QVERIFY(ev.valid);
        const auto grad = std::find_if(ev.comm.begin(), ev.comm.end(),
            [](const CommItem& c) { return c.dim == Dim::DP && c.payload == CommPayload::Gradients; });
        QVERIFY(grad != ev.comm.end());
        const double params = stageParamsOf(p);
        QCOMPARE(grad->count, (long long)std::ceil(params / 40e6));
        QCOMPARE(grad->bytesPerStep, params * stateBytes(p.training).grads);
    }
};

QTEST_GUILESS_MAIN(TestTail)
#include "tst_tail.moc"
