#include "evaluate.h"
#include "safejson.h"

#include <QDir>
#include <QTest>

using namespace plait;

// Predicted step time against published measured iteration times (Korthikanti et al. 2022, Table 5: GPT 22B to 1T on
// Selene, full recomputation and sequence parallel + selective recomputation). Nothing in the model is fitted to
// these; the test guards against regressions and prints the error of each case.
class TestValidation : public QObject {
    Q_OBJECT
private slots:
    void publishedStepTimes_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files
            = QDir(QStringLiteral(PLAIT_TEST_DATA "/validation")).entryList({ QStringLiteral("*.plait.json") });
        QVERIFY(files.size() >= 8);
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
        auto plan = planFromJson(doc.value());
        QVERIFY2(plan, plan ? "" : plan.errorText().c_str());
        const Evaluation ev = evaluate(plan.value());
        QVERIFY(ev.valid);
        const double error = (ev.stepS - published) / published;
        qInfo("%s: predicted %.3f s, published %.3f s, error %+.1f%%", qPrintable(file), ev.stepS, published,
            100 * error);
        m_errors.push_back(error);
        QVERIFY2(std::abs(error) < 0.15, qPrintable(QStringLiteral("error %1%").arg(100 * error)));
    }
    // The figure to compare with peers (Calculon: about 9% on these runs).
    void cleanupTestCase()
    {
        double sum = 0;
        for (double e : m_errors)
            sum += std::abs(e);
        if (!m_errors.empty())
            qInfo("mean absolute error over %zu published runs: %.1f%%", m_errors.size(), 100 * sum / m_errors.size());
    }

private:
    std::vector<double> m_errors;
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
