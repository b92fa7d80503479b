#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

// tests/gpu/device-checks.sh, the one-shot GPU run, rehearsed against the fake probe (CI has no GPU): every step is
// timed and limited, a failure does not stop the steps after it, a missing output or a pipeline without its own SMs
// fails its step, and the run exits non-zero when a required step failed. Only three files come back in $OUT.
// Stand-ins give each way the GPU run can go wrong the summary it would give there (issue 42 D): a prebuilt probe
// that cannot load (the fallback build then runs it, and the run is not a failure), a library search past its
// limit, green contexts refused (cuBLAS SM targets instead), NCCL's initialisation failing.
class TestDeviceChecks : public QObject {
    Q_OBJECT

    struct Run {
        int code = -1;
        QString summary;
        QStringList files;
        QStringList archived; // probe-results.tgz's entries
        QString log;
        qint64 ms = 0;
    };

    QTemporaryDir m_standIns;

    // An executable script in the stand-ins' folder.
    QString standIn(const QString& name, const QByteArray& body)
    {
        const QString path = m_standIns.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write a stand-in");
        f.write("#!/usr/bin/env bash\n" + body + "\n");
        f.close();
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
        return path;
    }

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
        // The library search's stand-in answers at once; the real search (a few seconds of `find`) runs in its own row.
        env.insert(QStringLiteral("PLAIT_FIND_GPU_LIBS"),
            QStringLiteral(PLAIT_SOURCE "/tests/gpu/devicechecks/no-libraries.sh"));
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
        QFile log(out.filePath(QStringLiteral("device-checks.log")));
        if (log.open(QIODevice::ReadOnly))
            r.log = QString::fromUtf8(log.readAll());
        QProcess tar;
        tar.start(QStringLiteral("tar"), { QStringLiteral("-tzf"), out.filePath(QStringLiteral("probe-results.tgz")) });
        tar.waitForFinished();
        r.archived = QString::fromUtf8(tar.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
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
    void initTestCase()
    {
        QVERIFY(m_standIns.isValid());
        // A prebuilt binary whose libraries the loader cannot find, as on a machine without the toolkit's path.
        standIn(QStringLiteral("unloadable-probe"),
            "echo \"$0: error while loading shared libraries: libcublas.so.13: cannot open shared object file: No "
            "such file or directory\" >&2; exit 127");
        // The fallback build: leaves a build tree (which must not travel back) and the probe in DIR.
        standIn(QStringLiteral("build-ok"),
            "mkdir -p \"$1/build/CMakeFiles\" && head -c 2000000 /dev/urandom > \"$1/build/CMakeFiles/objects.o\" && "
            "cp \"" PLAIT_FAKE_PROBE "\" \"$1/plait-probe\"");
        standIn(QStringLiteral("build-fails"), "echo 'nvcc fatal: Unsupported gpu architecture' >&2; exit 1");
        standIn(QStringLiteral("slow-library-search"), "echo \"NCCL_LIBRARY=''\"; sleep 30");
        // A machine with two GPUs, as nvidia-smi -L lists them.
        QVERIFY(QDir(m_standIns.path()).mkpath(QStringLiteral("two-gpus")));
        standIn(QStringLiteral("two-gpus/nvidia-smi"),
            "printf 'GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-0)\\nGPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-1)\\n'");
    }

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
        QTest::newRow("green contexts refused, cuBLAS SM targets instead")
            << "PLAIT_FAKE_OUT_FROM_pipeline" << PLAIT_TEST_DATA "/probe/checks/trace-cublas-targets.json"
            << "pipeline"
            << "green contexts refused; stages on cuBLAS SM targets [33 33 33 33]" << 0;
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

    // What each failure of the GPU run would say there, given by a stand-in here.
    void rehearsal_data()
    {
        QTest::addColumn<QStringList>("settings"); // NAME=VALUE, a stand-in's name for $S
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("result");
        QTest::addColumn<QString>("says"); // in the summary
        QTest::addColumn<int>("code");
        QTest::newRow("prebuilt cannot load, the fallback build runs")
            << QStringList { QStringLiteral("PLAIT_PROBE_BIN=$S/unloadable-probe"),
                   QStringLiteral("PLAIT_PROBE_BUILD=$S/build-ok") }
            << "probe"
            << "127"
            << "note: the prebuilt probe did not run (" << 0;
        QTest::newRow("prebuilt cannot load, nor can a probe be built")
            << QStringList { QStringLiteral("PLAIT_PROBE_BIN=$S/unloadable-probe"),
                   QStringLiteral("PLAIT_PROBE_BUILD=$S/build-fails") }
            << "build"
            << "build 1"
            << "FAILED" << 1;
        QTest::newRow("the library search passes its limit")
            << QStringList { QStringLiteral("PLAIT_FIND_GPU_LIBS=$S/slow-library-search") } << "libs"
            << "timed out after 4s"
            << "note: no library search result" << 0;
        QTest::newRow("the real library search") << QStringList { QStringLiteral("PLAIT_FIND_GPU_LIBS=") } << "libs"
                                                 << "libs"
                                                 << "all required steps passed" << 0;
        QTest::newRow("the run's budget is spent before the pipeline")
            << QStringList { QStringLiteral("PLAIT_CHECK_BUDGET=12"),
                   QStringLiteral("PLAIT_FAKE_MODE_collectives=hang") }
            << "pipeline"
            << "skipped: the run's 12 s were spent"
            << "FAILED" << 1;
        QTest::newRow("two GPUs: compute and collectives measure both")
            << QStringList { QStringLiteral("PATH=$S/two-gpus:$PATH") } << "compute"
            << "compute 0"
            << "GPUs: 0,1" << 0;
        QTest::newRow("NCCL cannot initialise")
            << QStringList { QStringLiteral("PLAIT_FAKE_MODE_collectives=exit=4") } << "collectives"
            << "collectives 4"
            << "FAILED" << 1;
    }
    void rehearsal()
    {
        QFETCH(QStringList, settings);
        QFETCH(QString, step);
        QFETCH(QString, result);
        QFETCH(QString, says);
        QFETCH(int, code);
        QMap<QString, QString> env { { QStringLiteral("PLAIT_FAKE_ECHO_ENV"), QStringLiteral("NCCL_DEBUG") } };
        for (const QString& s : settings) {
            const qsizetype eq = s.indexOf(QLatin1Char('='));
            env[s.left(eq)] = s.mid(eq + 1)
                                  .replace(QLatin1String("$S"), m_standIns.path())
                                  .replace(QLatin1String("$PATH"), qEnvironmentVariable("PATH"));
        }
        const Run r = run(env);
        QCOMPARE(r.code, code);
        QVERIFY2(row(r.summary, step).contains(result), qPrintable(r.summary));
        QVERIFY2(r.summary.contains(says), qPrintable(r.summary));
        QVERIFY2(r.summary.contains(code == 0 ? QLatin1String("all required steps passed") : QLatin1String("FAILED")),
            qPrintable(r.summary));
        // The prebuilt's linkage is logged with the library path the steps use.
        QVERIFY2(r.log.contains(QLatin1String("== linkage of ")), qPrintable(r.log));
        // NCCL's own diagnostics reach the steps that start NCCL (where a probe ran them), and only those. (A
        // loaded machine may spend a small budget before the collectives too: then they are skipped as well.)
        if (!row(r.summary, QStringLiteral("collectives")).contains(QLatin1String("skipped")))
            QVERIFY2(r.log.contains(QLatin1String("[collectives] NCCL_DEBUG=WARN")), qPrintable(r.log));
        QVERIFY2(!r.log.contains(QLatin1String("[compute] NCCL_DEBUG=WARN")), qPrintable(r.log));
        // The archive holds the outputs and never a build tree.
        QVERIFY2(!r.archived.isEmpty(), "probe-results.tgz is empty or unreadable");
        for (const QString& entry : r.archived)
            QVERIFY2(!entry.contains(QLatin1String("/build/")), qPrintable(entry));
        QVERIFY(r.ms < 60000);
    }
};

QTEST_GUILESS_MAIN(TestDeviceChecks)
#include "tst_devicechecks.moc"
