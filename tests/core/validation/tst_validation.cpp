#include "evaluate.h"
#include "safejson.h"

#include <QDir>
#include <QTest>

#include <map>

using namespace plait;

// Predicted step time against published measured iteration times, from the sources issue 14 names and no others
// (tests/data/validation/README.md lists every row, how its time was derived and what was assumed):
//  - Korthikanti et al. 2022, Table 5 (GPT 22B–1T on Selene, Megatron-LM);
//  - MosaicML llm-foundry's throughput tables (FSDP on A100 40/80 GB and H100);
//  - the FlashAttention-2 paper's end-to-end GPT table (Dao 2023, Table 1);
//  - the Megatron-LM README's weak-scaling table (H100);
//  - NVIDIA NeMo's long-context (CP) performance table (DGX-H100);
//  - issue 17: the MoE rows of Megatron-Bridge's performance summary (H100 and GB200).
// Nothing in the model is fitted to these. Each run's signed error is printed, then per source and overall the mean
// absolute error and the share of optimistic predictions. The gates are issue 14's target: no run off by more than
// 12%, a mean absolute error of at most 6%, at most 70% of runs erring the same way. Until the model meets a gate it
// is an expected failure (printed with its figure); when it does, the expected failure turns into a failure that
// asks for the gate to become a plain check. Meanwhile each source's mean may not grow beyond its figure when the
// gate was last measured, so a change that makes predictions worse fails here.
class TestValidation : public QObject {
    Q_OBJECT
private slots:
    void publishedStepTimes_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files
            = QDir(QStringLiteral(PLAIT_TEST_DATA "/validation")).entryList({ QStringLiteral("*.plait.json") });
        QVERIFY(files.size() >= 30);
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << f;
    }
    void publishedStepTimes()
    {
        QFETCH(QString, file);
        const std::string path = std::string(PLAIT_TEST_DATA) + "/validation/" + file.toStdString();
        auto doc = readJsonFile(path);
        QVERIFY(doc);
        const double published = doc.value()["published_step_s"].get<double>();
        QVERIFY(published > 0);
        auto plan = planFromJson(doc.value());
        QVERIFY2(plan, plan ? "" : plan.errorText().c_str());
        const Evaluation ev = evaluate(plan.value());
        QVERIFY2(ev.valid, ev.errors.empty() ? "" : ev.errors.front().message.c_str());
        const double error = (ev.stepS - published) / published;
        qInfo("%s: predicted %.3f s, published %.3f s, error %+.1f%%", qPrintable(file), ev.stepS, published,
            100 * error);
        m_errors[file.section(QLatin1Char('-'), 0, 0).toStdString()].push_back(error);
        // A run this far off means a defect, not a modelling residual.
        QVERIFY2(std::abs(error) < 0.60, qPrintable(QStringLiteral("error %1%").arg(100 * error)));
    }

    void issueFourteenGates()
    {
        struct Figures {
            int n = 0, optimistic = 0;
            double sumAbs = 0, worst = 0;
            double mean() const { return n ? sumAbs / n : 0; }
        };
        auto figures = [](const std::vector<double>& errors) {
            Figures f;
            for (double e : errors) {
                ++f.n;
                f.optimistic += e < 0;
                f.sumAbs += std::abs(e);
                f.worst = std::max(f.worst, std::abs(e));
            }
            return f;
        };
        std::vector<double> all;
        for (const auto& [source, errors] : m_errors) {
            const Figures f = figures(errors);
            qInfo("%-12s %3d runs: mean |error| %5.1f%%, worst %5.1f%%, %3d optimistic (%.0f%%)", source.c_str(), f.n,
                100 * f.mean(), 100 * f.worst, f.optimistic, 100.0 * f.optimistic / f.n);
            all.insert(all.end(), errors.begin(), errors.end());
            // Mean |error| of each source when the gates were last measured (measured streaming rates, the
            // optimizer's passes). Megatron-Bridge's rows rose from 7.0% to 13.9% when their DeepEP / HybridEP
            // dispatchers were costed as such (cost/dispatch.h) instead of as NCCL all-to-alls, with the token
            // permutations: the runs are slower than one deduplicated copy per node at DeepEP's measured RDMA rate
            // allows (tests/data/validation/README.md). They rose to 14.6% when the two DeepSeek-V3 rows recomputed
            // the modules their recipes name (mla_up_proj; mla_up_proj and mlp) instead of the attention core, which
            // those recipes do not recompute: more faithful, and faster.
            static const std::map<std::string, double> kLastMeasured { { "korthikanti", 0.042 },
                { "llmfoundry", 0.105 }, { "fa2", 0.074 }, { "megatron", 0.081 }, { "nemo", 0.094 },
                { "mbridge", 0.147 } };
            if (const auto at = kLastMeasured.find(source); at != kLastMeasured.end())
                QVERIFY2(f.mean() <= at->second,
                    qPrintable(QStringLiteral("%1: mean |error| %2% is worse than %3% when last measured")
                                   .arg(QString::fromStdString(source))
                                   .arg(100 * f.mean(), 0, 'f', 1)
                                   .arg(100 * at->second, 0, 'f', 1)));
        }
        const Figures f = figures(all);
        QVERIFY(f.n >= 30);
        qInfo("all          %3d runs: mean |error| %5.1f%%, worst %5.1f%%, %3d optimistic (%.0f%%)", f.n,
            100 * f.mean(), 100 * f.worst, f.optimistic, 100.0 * f.optimistic / f.n);
        const double oneWay = double(std::max(f.optimistic, f.n - f.optimistic)) / f.n;
        // Issue 14's target; expected to fail until the model reaches it (Calculon: about 9% mean on similar runs).
        QEXPECT_FAIL("", "issue 14: some runs are still more than 12% off", Continue);
        QVERIFY2(f.worst <= 0.12, qPrintable(QStringLiteral("worst %1%").arg(100 * f.worst, 0, 'f', 1)));
        QEXPECT_FAIL("", "issue 14: the mean absolute error is still above 6%", Continue);
        QVERIFY2(f.mean() <= 0.06, qPrintable(QStringLiteral("mean %1%").arg(100 * f.mean(), 0, 'f', 1)));
        QVERIFY2(oneWay <= 0.70, qPrintable(QStringLiteral("%1% one way").arg(100 * oneWay, 0, 'f', 0)));
    }

private:
    std::map<std::string, std::vector<double>> m_errors;
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
