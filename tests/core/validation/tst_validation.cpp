#include "calibrationfit.h"
#include "evaluate.h"
#include "range.h"
#include "safejson.h"

#include <QDir>
#include <QTest>

#include <map>

using namespace plait;

// Predicted step time against published measured iteration times (tests/data/validation/README.md lists every row,
// how its time was derived and what was assumed):
//  - Korthikanti et al. 2022, Table 5 (GPT 22B–1T on Selene, Megatron-LM);
//  - MosaicML llm-foundry's throughput tables (FSDP on A100 40/80 GB and H100);
//  - the FlashAttention-2 paper's end-to-end GPT table (Dao 2023, Table 1);
//  - the Megatron-LM README's weak-scaling table (H100);
//  - NVIDIA NeMo's long-context (CP) performance table (DGX-H100);
//  - Megatron-Bridge's performance summary, every dense and MoE row Plait can express (issue 38 G).
// The cost model's calibration layer (core/model/costcalibration.h) is fitted on exactly these runs by
// tests/calibration/fit-calibration.sh, which also stores, per source, the fit made without that source. Each run is
// evaluated three ways: unfitted (neutral calibration), in-sample (the shipped fit) and cross-validated (the fit that
// never saw its source). Issue 38's gates are on the cross-validated figures: mean |error| ≤ 7%, each source's mean
// ≤ 10%, 35–65% of runs too fast, the measured time inside the predicted range for ≥ 80% of runs. Until the model
// meets a gate it is an expected failure (printed with its figure); meanwhile each source's cross-validated mean may
// not grow beyond its figure when last measured, so a change that makes predictions worse fails here.
class TestValidation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        const nlohmann::json& doc = builtinCalibration().doc;
        QVERIFY2(doc.contains("cross_validation_fits"), "calibration.json has no cross-validation fits");
        for (const auto& [source, values] : doc["cross_validation_fits"].items()) {
            const CalibrationParse parsed
                = calibrationFromJson({ { "format", "plait-calibration/1" }, { "parameters", values } });
            QVERIFY2(parsed.error.empty(), parsed.error.c_str());
            m_folds[source] = parsed.record.values;
        }
    }

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
        const std::string source = file.section(QLatin1Char('-'), 0, 0).toStdString();
        QVERIFY2(
            m_folds.count(source), "no cross-validation fit for this source: run tests/calibration/fit-calibration.sh");
        auto evaluateWith = [&](const CostCalibration& cal) {
            Plan p = plan.value();
            p.cluster.calibration = cal;
            return evaluate(p);
        };
        const Evaluation fitted = evaluate(plan.value());
        QVERIFY2(fitted.valid, fitted.errors.empty() ? "" : fitted.errors.front().message.c_str());
        const Evaluation unfitted = evaluateWith(CostCalibration {});
        Evaluation held = evaluateWith(m_folds[source]);
        // The range as the app shows it, around the fold's prediction: the rates' spread and the shipped fit's
        // cross-validated residual percentiles (cost/range.h).
        {
            Plan p = plan.value();
            p.cluster.calibration = m_folds[source];
            addStepRange(p, held);
            StepRange range { held.stepFastS, held.stepSlowS, true };
            reachFitMisses(held.stepS, range);
            held.stepFastS = range.fastS;
            held.stepSlowS = range.slowS;
        }
        QVERIFY(unfitted.valid && held.valid);
        Row row;
        row.unfitted = unfitted.stepS / published - 1;
        row.inSample = fitted.stepS / published - 1;
        row.crossValidated = held.stepS / published - 1;
        row.covered = published >= held.stepFastS * (1 - 1e-9) && published <= held.stepSlowS * (1 + 1e-9);
        qInfo("%s: published %.3f s; predicted %.3f s in-sample (%+.1f%%), %.3f s cross-validated (%+.1f%%, range "
              "%.3f–%.3f%s), unfitted %+.1f%%",
            qPrintable(file), published, fitted.stepS, 100 * row.inSample, held.stepS, 100 * row.crossValidated,
            held.stepFastS, held.stepSlowS, row.covered ? ", covers it" : "", 100 * row.unfitted);
        m_rows[source].push_back(row);
        // A run this far off means a defect, not a modelling residual.
        QVERIFY2(
            std::abs(row.crossValidated) < 0.60, qPrintable(QStringLiteral("error %1%").arg(100 * row.crossValidated)));
    }

    void issueThirtyEightGates()
    {
        struct Figures {
            int n = 0, tooFast = 0, covered = 0;
            double unfitted = 0, inSample = 0, crossValidated = 0, signedCv = 0, worst = 0;
            void add(const Row& r)
            {
                ++n;
                tooFast += r.crossValidated < 0;
                covered += r.covered;
                unfitted += std::abs(r.unfitted);
                inSample += std::abs(r.inSample);
                crossValidated += std::abs(r.crossValidated);
                signedCv += r.crossValidated;
                worst = std::max(worst, std::abs(r.crossValidated));
            }
            void print(const std::string& name) const
            {
                qInfo("%-12s %3d runs: mean |error| unfitted %5.1f%%, in-sample %5.1f%%, cross-validated %5.1f%% "
                      "(signed %+5.1f%%, worst %5.1f%%), too fast %3.0f%%, range covers %3.0f%%",
                    name.c_str(), n, 100 * unfitted / n, 100 * inSample / n, 100 * crossValidated / n,
                    100 * signedCv / n, 100 * worst, 100.0 * tooFast / n, 100.0 * covered / n);
            }
        };
        Figures all;
        // Each source's cross-validated mean |error| when last measured, each with a tenth of a point of slack for
        // rounding. Last moved by padding removal around llm-foundry's flash kernel (issue 38: unpad_input and
        // pad_input's copies and host waits, flash_attn/bert_padding.py) and the refit that follows: llmfoundry 9.4 to
        // 9.2%, megatron 13.5 to 13.2%, all runs 8.8 to 8.7%; fa2 3.9 to 4.1%, whose rows moved only with the refit's
        // shares. The mean over all runs may not grow either.
        static const std::map<std::string, double> kLastMeasured { { "fa2", 0.042 }, { "korthikanti", 0.046 },
            { "llmfoundry", 0.093 }, { "mbridge", 0.080 }, { "megatron", 0.133 }, { "nemo", 0.068 } };
        constexpr double kAllLastMeasured = 0.088;
        int sourcesWithin = 0;
        QStringList worse; // every source printed before the first failure
        for (const auto& [source, rows] : m_rows) {
            Figures f;
            for (const Row& r : rows) {
                f.add(r);
                all.add(r);
            }
            f.print(source);
            sourcesWithin += f.crossValidated / f.n <= 0.10;
            if (const auto at = kLastMeasured.find(source);
                at != kLastMeasured.end() && f.crossValidated / f.n > at->second)
                worse << QStringLiteral("%1: cross-validated mean |error| %2% is worse than %3% when last measured")
                             .arg(QString::fromStdString(source))
                             .arg(100 * f.crossValidated / f.n, 0, 'f', 1)
                             .arg(100 * at->second, 0, 'f', 1);
        }
        QVERIFY(all.n >= 30);
        all.print("all");
        if (all.crossValidated / all.n > kAllLastMeasured)
            worse << QStringLiteral("all runs: cross-validated mean |error| %1% is worse than %2% when last measured")
                         .arg(100 * all.crossValidated / all.n, 0, 'f', 1)
                         .arg(100 * kAllLastMeasured, 0, 'f', 1);
        QVERIFY2(worse.isEmpty(), qPrintable(worse.join(QStringLiteral("; "))));
        const double mean = all.crossValidated / all.n, tooFast = double(all.tooFast) / all.n;
        const double coverage = double(all.covered) / all.n;
        // The calibration never makes the in-sample fit worse than the unfitted model.
        QVERIFY(all.inSample <= all.unfitted);
        if (mean > 0.07)
            QEXPECT_FAIL("", "issue 38: the cross-validated mean |error| is still above 7%", Continue);
        QVERIFY2(mean <= 0.07, qPrintable(QStringLiteral("mean %1%").arg(100 * mean, 0, 'f', 1)));
        if (sourcesWithin < int(m_rows.size()))
            QEXPECT_FAIL("", "issue 38: some source's cross-validated mean |error| is above 10%", Continue);
        QCOMPARE(sourcesWithin, int(m_rows.size()));
        if (tooFast < 0.35 || tooFast > 0.65)
            QEXPECT_FAIL("", "issue 38: the share of runs predicted too fast is outside 35–65%", Continue);
        QVERIFY2(tooFast >= 0.35 && tooFast <= 0.65,
            qPrintable(QStringLiteral("%1% too fast").arg(100 * tooFast, 0, 'f', 0)));
        if (coverage < 0.80)
            QEXPECT_FAIL(
                "", "issue 38: the predicted range holds the measured time for fewer than 80% of runs", Continue);
        QVERIFY2(coverage >= 0.80, qPrintable(QStringLiteral("coverage %1%").arg(100 * coverage, 0, 'f', 0)));
    }

    // Published per-GPU memory peaks (tests/data/validation/memory/README.md names each source), against the fullest
    // stage's prediction as the source measured it: "allocated" (torch.cuda.max_memory_allocated) is the tensors,
    // "reserved" adds the caching allocator's cache (Plait's fragmentation share), "device" (nvidia-smi) also the
    // CUDA context, workspaces and NCCL buffers (all of "other"). Issue 38's gate: mean |error| ≤ 7%.
    void publishedMemoryPeaks_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files
            = QDir(QStringLiteral(PLAIT_TEST_DATA "/validation/memory")).entryList({ QStringLiteral("*.plait.json") });
        QVERIFY(!files.isEmpty());
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << f;
    }
    void publishedMemoryPeaks()
    {
        QFETCH(QString, file);
        auto doc = readJsonFile(std::string(PLAIT_TEST_DATA) + "/validation/memory/" + file.toStdString());
        QVERIFY(doc);
        const double published = doc.value().value("published_peak_GiB", 0.0) * double(1ull << 30);
        const std::string measure = doc.value().value("memory_measure", "");
        QVERIFY(published > 0);
        QVERIFY2(measure == "allocated" || measure == "reserved" || measure == "device", measure.c_str());
        auto plan = planFromJson(doc.value());
        QVERIFY2(plan, plan ? "" : plan.errorText().c_str());
        const Evaluation ev = evaluate(plan.value());
        QVERIFY(ev.valid);
        double predicted = 0;
        for (const StageMemory& m : ev.memory)
            predicted = std::max(predicted,
                measure == "allocated"      ? m.tensors()
                    : measure == "reserved" ? m.reserved
                                            : m.total());
        const double error = predicted / published - 1;
        qInfo("%s: %s %.1f GiB published, %.1f GiB predicted (%+.1f%%)", qPrintable(file), measure.c_str(),
            published / double(1ull << 30), predicted / double(1ull << 30), 100 * error);
        m_memoryErrors.push_back(error);
        // No row may get worse than the worst when last measured (torchtitan's 70B 2D row, -15.0%; issue 38 C).
        QVERIFY2(std::abs(error) < kMemoryWorstLastMeasured,
            qPrintable(QStringLiteral("error %1%, worse than the worst row when last measured (%2%)")
                           .arg(100 * error, 0, 'f', 1)
                           .arg(100 * kMemoryWorstLastMeasured, 0, 'f', 1)));
    }
    void memoryGate()
    {
        QVERIFY(!m_memoryErrors.empty());
        double sum = 0, signedSum = 0;
        for (double e : m_memoryErrors) {
            sum += std::abs(e);
            signedSum += e;
        }
        const double mean = sum / double(m_memoryErrors.size());
        qInfo("memory %3zu rows: mean |error| %5.1f%%, signed %+5.1f%%", m_memoryErrors.size(), 100 * mean,
            100 * signedSum / double(m_memoryErrors.size()));
        // The mean may not grow beyond its figure when last measured (6.4%, issue 38 C, with the allocator's reserved
        // peak), so a change that makes the memory model worse fails here; the 7% gate is issue 38's.
        QVERIFY2(mean <= kMemoryMeanLastMeasured,
            qPrintable(QStringLiteral("memory mean %1% is worse than %2% when last measured")
                           .arg(100 * mean, 0, 'f', 1)
                           .arg(100 * kMemoryMeanLastMeasured, 0, 'f', 1)));
        QVERIFY2(mean <= 0.07, qPrintable(QStringLiteral("memory mean %1%").arg(100 * mean, 0, 'f', 1)));
    }

private:
    // The memory rows when last measured (issue 38 C: op-level recomputation, PyTorch's loss, FSDP under PP, the
    // allocator's reserved peak), each with a tenth of a point of slack for rounding.
    static constexpr double kMemoryMeanLastMeasured = 0.065, kMemoryWorstLastMeasured = 0.151;
    std::vector<double> m_memoryErrors;
    struct Row {
        double unfitted = 0, inSample = 0, crossValidated = 0;
        bool covered = false;
    };
    std::map<std::string, CostCalibration> m_folds;
    std::map<std::string, std::vector<Row>> m_rows;
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
