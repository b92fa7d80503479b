#include "atomicfile.h"
#include "planio.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <cstring>
#include <sys/resource.h>

using namespace plait::engine;

// The one writer every plan, trace, picture and report goes through (issue 39 A): the target is either the old file
// or the whole new one, and a refused write names the system's reason. tests/app/disk-full.sh runs every command on
// a real full filesystem; here a file-size limit stands in for it, so the test needs no root.
class TestAtomicFile : public QObject {
    Q_OBJECT

    static QByteArray contents(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
    }

private slots:
    void writesTheWholeFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.plait.json"));
        QString error;
        const QByteArray big(300 * 1024, 'x'); // more than one 64 KiB chunk
        QVERIFY2(writeFileAtomically(path, big, &error), qPrintable(error));
        QCOMPARE(contents(path), big);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    }

    void aRefusedWriteKeepsTheOldFile_data()
    {
        QTest::addColumn<int>("bytes");
        QTest::newRow("under Qt's 16 KiB buffer (the old 0-byte file)") << 900;
        QTest::newRow("over one 64 KiB chunk") << 200 * 1024;
    }
    void aRefusedWriteKeepsTheOldFile()
    {
        QFETCH(int, bytes);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.plait.json"));
        QString error;
        QVERIFY(writeFileAtomically(path, QByteArray("old\n"), &error));
        rlimit before {};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &before), 0);
        rlimit small = before;
        small.rlim_cur = 100;
        const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        const bool wrote = writeFileAtomically(path, QByteArray(bytes, 'x'), &error);
        setrlimit(RLIMIT_FSIZE, &before);
        std::signal(SIGXFSZ, oldHandler);
        QVERIFY(!wrote);
        QVERIFY2(error.contains(QString::fromLocal8Bit(std::strerror(EFBIG))), qPrintable(error));
        QCOMPARE(contents(path), QByteArray("old\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    void aWriterThatGivesUpKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.json"));
        QString error;
        QVERIFY(writeFileAtomically(path, QByteArray("old\n"), &error));
        const bool wrote = writeFileAtomically(
            path,
            [](std::ostream& out, QString* why) {
                out << "half of a trace";
                *why = QStringLiteral("the encoder failed");
                return false;
            },
            &error);
        QVERIFY(!wrote);
        QCOMPARE(error, QStringLiteral("the encoder failed"));
        QCOMPARE(contents(path), QByteArray("old\n"));
        QVERIFY(!writeFileAtomically(path, QByteArray(), &error));
        QCOMPARE(contents(path), QByteArray("old\n"));
    }

    // A plan the loader would refuse once written (an import once wrote a link at 1.25e304 GB/s) is not written,
    // and the old file stays (issue 39 B).
    void aPlanTheLoaderRefusesIsNotWritten()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.plait.json"));
        const auto good = readPlan(QStringLiteral(":/examples/a1-one-node-dp8.plait.json"));
        QVERIFY2(good, good ? "" : good.errorText().c_str());
        QString error;
        QVERIFY2(writePlan(good.value(), path, &error), qPrintable(error));
        QVERIFY(loaderRefusal(good.value()).empty());
        const QByteArray before = contents(path);
        plait::Plan bad = good.value();
        bad.cluster.interNode.bandwidthGBps = 1.25e304;
        QCOMPARE(loaderRefusal(bad).size(), std::size_t(1));
        QVERIFY(!writePlan(bad, path, &error));
        QVERIFY2(error.contains(QStringLiteral("would not load again: cluster.inter_node.bandwidth_GBps")),
            qPrintable(error));
        QCOMPARE(contents(path), before);
    }
};

QTEST_GUILESS_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
