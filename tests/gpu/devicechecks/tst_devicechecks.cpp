#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

// tests/gpu/device-checks.sh, the one-shot GPU run, against the fake probe (CI has no GPU): every step is timed and
// limited, a failure does not stop the steps after it, a missing output or a pipeline without its own SMs fails
// its step, and the run exits non-zero when a required step failed. Only three files come back in $OUT.
class TestDeviceChecks : public QObject {
    Q_OBJECT

    struct Run {
        int code = -1;
        QString summary;
        QStringList files;
        qint64 ms = 0;
    };

    static Run run(const QMap<QString, QString>& settings)
    {
        QTemporaryDir out;
        const QString data = QStringLiteral(PLAIT_TEST_DATA "/probe");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("OUT"), out.path());
        env.insert(QStringLiteral("PLAIT_PROBE_BIN"), QStringLiteral(PLAIT_FAKE_PROBE));
        env.insert(QStringLiteral("PLAIT_CHECK_LIMIT_CAP"), QStringLiteral("4"));
        env.insert(QStringLiteral("PLAIT_FAKE_REPLAY_info"), data + QStringLiteral("/checks/info.jsonl"));
        env.insert(QStringLiteral("PLAIT_FAKE_OUT_FROM_compute"), data + QStringLiteral("/checks/compute.json"));
        env.insert(QStringLiteral("PLAIT_FAKE_REPLAY_collectives"), data + QStringLiteral("/collectives.jsonl"));
        env.insert(QStringLiteral("PLAIT_FAKE_OUT_FROM_collectives"), data + QStringLiteral("/links-fixture.json"));
        env.insert(QStringLiteral("PLAIT_FAKE_OUT_FROM_pipeline"), data + QStringLiteral("/checks/trace-own-sms.json"));
        for (auto it = settings.begin(); it != settings.end(); ++it)
            if (it.value().isEmpty())
                env.remove(it.key());
            else
                env.insert(it.key(), it.value());
        QProcess p;
        p.setProcessEnvironment(env);
        QElapsedTimer clock;
        clock.start();
        p.start(QStringLiteral("bash"), { QStringLiteral(PLAIT_SOURCE "/tests/gpu/device-checks.sh") });
        if (!p.waitForFinished(120000))
            qFatal("device-checks.sh did not finish");
        Run r;
        r.ms = clock.elapsed();
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        QFile s(out.filePath(QStringLiteral("summary.txt")));
        if (s.open(QIODevice::ReadOnly))
            r.summary = QString::fromUtf8(s.readAll());
        r.files = QDir(out.path()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        return r;
    }

    // The summary's row for a step: "name exit seconds kind result".
    static QString row(const QString& summary, const QString& step)
    {
        for (const QString& line : summary.split(QLatin1Char('\n')))
            if (line.startsWith(step + QLatin1Char(' ')))
                return line.simplified();
        return {};
    }

private slots:
    void endings_data()
    {
        QTest::addColumn<QString>("variable");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("result");
        QTest::addColumn<int>("code");
        QTest::newRow("all pass") << QString() << QString() << "pipeline"
                                  << "pipeline 0" << 0;
        QTest::newRow("compute fails, the rest still run") << "PLAIT_FAKE_MODE_compute"
                                                           << "exit=5"
                                                           << "compute"
                                                           << "compute 5" << 1;
        QTest::newRow("collectives hang past the limit") << "PLAIT_FAKE_MODE_collectives"
                                                         << "hang"
                                                         << "collectives"
                                                         << "timed out after 4s" << 1;
        QTest::newRow("compute writes no output") << "PLAIT_FAKE_OUT_FROM_compute"
                                                  << ""
                                                  << "compute"
                                                  << "exit 0 but no COMPUTE.json" << 1;
        QTest::newRow("pipeline stages shared the SMs")
            << "PLAIT_FAKE_OUT_FROM_pipeline" << PLAIT_TEST_DATA "/probe/checks/trace-shared-sms.json"
            << "pipeline"
            << "without SM partitioning" << 1;
    }
    void endings()
    {
        QFETCH(QString, variable);
        QFETCH(QString, value);
        QFETCH(QString, step);
        QFETCH(QString, result);
        QFETCH(int, code);
        QMap<QString, QString> settings;
        if (!variable.isEmpty())
            settings[variable] = value;
        const Run r = run(settings);
        QCOMPARE(r.code, code);
        QVERIFY2(row(r.summary, step).contains(result), qPrintable(r.summary));
        // Every step ran, whatever happened before it.
        for (const char* s : { "preflight", "probe", "compute", "collectives", "pipeline" })
            QVERIFY2(!row(r.summary, QString::fromLatin1(s)).isEmpty(), qPrintable(r.summary));
        QVERIFY2(r.summary.contains(code == 0 ? QLatin1String("all required steps passed") : QLatin1String("FAILED")),
            qPrintable(r.summary));
        QCOMPARE(r.files,
            QStringList({ QStringLiteral("device-checks.log"), QStringLiteral("probe-results.tgz"),
                QStringLiteral("summary.txt") }));
        QVERIFY(r.ms < 60000); // a hang costs its limit, not the run
    }
};

QTEST_GUILESS_MAIN(TestDeviceChecks)
#include "tst_devicechecks.moc"
