#include "proberunner.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using plait::engine::ProbeRunner;

// ProbeRunner against a fake probe replaying the protocol: every way a run ends gets its own message, the GUI
// thread never waits, and a hang is stopped at the deadline.
class TestProbeRunner : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void endings_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("replay");
        QTest::addColumn<int>("deadline");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("results");
        QTest::newRow("success") << "ok"
                                 << "collectives.jsonl" << 0 << true << "" << 5; // start, 3 results, fit
        QTest::newRow("crash half-way") << "crash"
                                        << "collectives.jsonl" << 0 << false << "The probe crashed after" << 2;
        QTest::newRow("garbage line") << "garbage"
                                      << "collectives.jsonl" << 0 << false << "1 line(s) that are not its protocol"
                                      << 5;
        QTest::newRow("hang") << "hang"
                              << "collectives.jsonl" << 400 << false << "did not finish within 0.4 s" << 1;
        QTest::newRow("exit 2") << "exit=2"
                                << "" << 0 << false << "called wrongly (exit code 2): recorded failure 2" << 0;
        QTest::newRow("exit 3") << "exit=3"
                                << "" << 0 << false << "no CUDA device or driver" << 0;
        QTest::newRow("exit 4") << "exit=4"
                                << "" << 0 << false << "NCCL failed or a rank hung" << 0;
        QTest::newRow("exit 5") << "exit=5"
                                << "" << 0 << false << "a CUDA error" << 0;
        QTest::newRow("exit 6") << "exit=6"
                                << "" << 0 << false << "ran out of memory" << 0;
        QTest::newRow("exit 7") << "exit=7"
                                << "" << 0 << false << "correctness check failed" << 0;
        QTest::newRow("exit 9") << "exit=9"
                                << "" << 0 << false << "failed with exit code 9" << 0;
    }
    void endings()
    {
        QFETCH(QString, mode);
        QFETCH(QString, replay);
        QFETCH(int, deadline);
        QFETCH(bool, ok);
        QFETCH(QString, message);
        QFETCH(int, results);
        qputenv("PLAIT_FAKE_MODE", mode.toUtf8());
        qputenv("PLAIT_FAKE_REPLAY",
            replay.isEmpty() ? QByteArray() : QByteArray(PLAIT_TEST_DATA "/probe/") + replay.toUtf8());
        qputenv("PLAIT_FAKE_OUT_FROM", PLAIT_TEST_DATA "/probe/collectives.jsonl"); // any file stands for LINKS.json
        ProbeRunner runner;
        runner.setProgram(QStringLiteral(PLAIT_FAKE_PROBE));
        runner.setGracePeriod(200);
        QSignalSpy finished(&runner, &ProbeRunner::finished);
        QSignalSpy failed(&runner, &ProbeRunner::failed);
        QSignalSpy events(&runner, &ProbeRunner::eventAvailable);
        QSignalSpy progress(&runner, &ProbeRunner::progress);
        const QString out = m_dir.filePath(mode + QStringLiteral(".json"));
        QFile::remove(out);
        runner.start({ QStringLiteral("collectives"), QStringLiteral("--out"), out }, deadline);
        QVERIFY(runner.isRunning() || !finished.isEmpty() || finished.wait(100));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
        QCOMPARE(finished.first().at(0).toBool(), ok);
        QCOMPARE(events.count(), results);
        if (ok) {
            QVERIFY(failed.isEmpty());
            QCOMPARE(progress.count(), 3);
            QCOMPARE(progress.last().at(0).toInt(), 3);
            QCOMPARE(progress.last().at(3).toDouble(), 0.0); // nothing left
        } else {
            QCOMPARE(failed.count(), 1);
            QVERIFY2(
                failed.first().first().toString().contains(message), qPrintable(failed.first().first().toString()));
        }
        QVERIFY(!runner.isRunning());
    }

    void aMissingProbeSaysWhatToDo()
    {
        ProbeRunner runner;
        runner.setProgram(m_dir.filePath(QStringLiteral("no-such-probe")));
        QSignalSpy failed(&runner, &ProbeRunner::failed);
        runner.start({ QStringLiteral("info") });
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 5000);
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("could not be started")));
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("PLAIT_PROBE")));
    }

    void cancellingStopsTheRun()
    {
        qputenv("PLAIT_FAKE_MODE", "hang");
        qputenv("PLAIT_FAKE_REPLAY", PLAIT_TEST_DATA "/probe/collectives.jsonl");
        ProbeRunner runner;
        runner.setProgram(QStringLiteral(PLAIT_FAKE_PROBE));
        runner.setGracePeriod(200);
        QSignalSpy failed(&runner, &ProbeRunner::failed);
        QSignalSpy lines(&runner, &ProbeRunner::lineReceived);
        runner.start(
            { QStringLiteral("collectives"), QStringLiteral("--out"), m_dir.filePath(QStringLiteral("c.json")) });
        QTRY_VERIFY_WITH_TIMEOUT(lines.count() >= 1, 5000);
        runner.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 5000);
        QCOMPARE(failed.first().first().toString(), QStringLiteral("The probe run was cancelled."));
    }

    void thePipelineTraceArrives()
    {
        qputenv("PLAIT_FAKE_MODE", "ok");
        qputenv("PLAIT_FAKE_REPLAY", PLAIT_TEST_DATA "/probe/pipeline.jsonl");
        qputenv("PLAIT_FAKE_OUT_FROM", PLAIT_TEST_DATA "/probe/trace-b-fixture.json");
        ProbeRunner runner;
        runner.setProgram(QStringLiteral(PLAIT_FAKE_PROBE));
        QSignalSpy finished(&runner, &ProbeRunner::finished);
        const QString out = m_dir.filePath(QStringLiteral("TRACE.json"));
        runner.start({ QStringLiteral("pipeline"), QStringLiteral("--plan"), QStringLiteral("b.plait.json"),
            QStringLiteral("--out"), out });
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
        QVERIFY(finished.first().at(0).toBool());
        QCOMPARE(finished.first().at(1).toString(), out);
        QVERIFY(QFileInfo(out).size() > 1000);
    }
};

QTEST_GUILESS_MAIN(TestProbeRunner)
#include "tst_proberunner.moc"
