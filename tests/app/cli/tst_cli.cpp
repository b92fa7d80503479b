#include "safejson.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

// The headless commands as other tools drive them: exit codes and output of shared/contracts/plan-and-cli.md.
class TestCli : public QObject {
    Q_OBJECT

    struct Run {
        int code = -1;
        QByteArray out, err;
    };

    static Run plait(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
    {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(PLAIT_BIN), args);
        if (!p.waitForFinished(60000))
            qFatal("plait did not finish");
        return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError() };
    }

    QTemporaryDir m_dir;

    QString writeFile(const QString& name, const QByteArray& text)
    {
        QFile f(m_dir.filePath(name));
        f.open(QIODevice::WriteOnly);
        f.write(text);
        return f.fileName();
    }

private slots:
    void evaluateJsonPrintsOneObject()
    {
        const Run r = plait({ QStringLiteral("evaluate"),
            QStringLiteral(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json"), QStringLiteral("--json") });
        QCOMPARE(r.code, 0);
        auto doc = plait::parseJson(r.out.toStdString());
        QVERIFY(doc);
        QCOMPARE(doc.value()["valid"].get<bool>(), true);
        QVERIFY(doc.value()["time"]["step_s"].get<double>() > 0);
    }

    void evaluateTextReadsWell()
    {
        const Run r
            = plait({ QStringLiteral("evaluate"), QStringLiteral(PLAIT_EXAMPLES "/a1-one-node-dp8.plait.json") });
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("step"));
        QVERIFY(r.out.contains("memory per GPU"));
    }

    void exitCodes_data()
    {
        QTest::addColumn<QByteArray>("content"); // empty: no such file
        QTest::addColumn<int>("code");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("missing file") << QByteArray() << 2 << QByteArray("cannot read");
        QTest::newRow("malformed JSON") << QByteArray("{\"format\": \"plait-plan/1\",\n \"model\": }") << 2
                                        << QByteArray("line 2, column");
        QTest::newRow("deep nesting") << QByteArray(5000, '[') << 2 << QByteArray("deeper than the limit");
        QTest::newRow("invalid plan") << QByteArray(
            R"({"model":{"preset":"gpt3-175b"},"cluster":{"gpu":"A100-SXM4-80GB","nodes":1,"gpus_per_node":8,"intra_node":"nvlink3-nvswitch"},"training":{"global_batch":8},"parallel":{"tp":5}})")
                                      << 1 << QByteArray("heads (96) must divide by tp (5)");
        QTest::newRow("unknown GPU") << QByteArray(
            R"({"model":{"preset":"gpt3-175b"},"cluster":{"gpu":"Z9"},"training":{"global_batch":8},"parallel":{}})")
                                     << 1 << QByteArray("unknown name \"Z9\"");
    }
    void exitCodes()
    {
        QFETCH(QByteArray, content);
        QFETCH(int, code);
        QFETCH(QByteArray, message);
        const QString path = content.isEmpty()
            ? m_dir.filePath(QStringLiteral("nope.plait.json"))
            : writeFile(
                QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')), content);
        const Run r = plait({ QStringLiteral("evaluate"), path, QStringLiteral("--json") });
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(message), r.err.constData());
        if (code == 1) {
            auto doc = plait::parseJson(r.out.toStdString());
            QVERIFY(doc);
            QCOMPARE(doc.value()["valid"].get<bool>(), false);
            QVERIFY(!doc.value()["errors"].empty());
        }
    }

    void badUsageIsTwo()
    {
        QCOMPARE(plait({ QStringLiteral("evaluate") }).code, 2);
        QCOMPARE(
            plait({ QStringLiteral("timeline"), QStringLiteral(PLAIT_EXAMPLES "/a1-one-node-dp8.plait.json") }).code,
            2);
    }

    void timelineWritesAChromeTrace()
    {
        const QString out = m_dir.filePath(QStringLiteral("trace.json"));
        const Run r = plait({ QStringLiteral("timeline"),
            QStringLiteral(PLAIT_EXAMPLES "/d-twelve-nodes-tp8-pp12.plait.json"), QStringLiteral("--out"), out });
        QCOMPARE(r.code, 0);
        auto doc = plait::readJsonFile(out.toStdString());
        QVERIFY(doc);
        QVERIFY(doc.value()["traceEvents"].size() > 100);
        QCOMPARE(doc.value()["plait"]["stages"].get<int>(), 12);
    }

    void userCatalogEntriesAreUsed()
    {
        // A user file in $PLAIT_CATALOG_DIR adds a link the plan can name.
        QTemporaryDir catalogDir;
        QFile f(catalogDir.filePath(QStringLiteral("mine.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"links":[{"id":"lab-roce","kind":"roce","bandwidth_GBps":12.5,"latency_us":6}]})");
        f.close();
        const QString plan = writeFile(QStringLiteral("user-link.plait.json"),
            R"({"model":{"preset":"megatron-gpt-1.7b"},"cluster":{"gpu":"A100-SXM4-80GB","nodes":2,"gpus_per_node":8,
                "intra_node":"nvlink3-nvswitch","inter_node":"lab-roce"},"training":{"global_batch":64},"parallel":{"dp":16}})");
        QCOMPARE(plait({ QStringLiteral("evaluate"), plan }).code, 1); // unknown without the user catalog
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PLAIT_CATALOG_DIR"), catalogDir.path());
        const Run r = plait({ QStringLiteral("evaluate"), plan, QStringLiteral("--json") }, env);
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("lab-roce"));
    }

    // plait render draws the window's views headlessly; each format must come out non-empty and well-formed.
    void renderWritesEveryViewAndFormat_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("suffix");
        for (const char* v : { "topology", "memory", "comm", "gantt" })
            for (const char* s : { "png", "svg", "pdf" })
                QTest::addRow("%s.%s", v, s) << QString::fromLatin1(v) << QString::fromLatin1(s);
    }
    void renderWritesEveryViewAndFormat()
    {
        QFETCH(QString, view);
        QFETCH(QString, suffix);
        const QString out = m_dir.filePath(view + QLatin1Char('.') + suffix);
        const Run r
            = plait({ QStringLiteral("render"), QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"),
                QStringLiteral("--view"), view, QStringLiteral("--out"), out });
        QCOMPARE(r.code, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray head = f.read(8);
        if (suffix == QLatin1String("png"))
            QVERIFY(head.startsWith("\x89PNG"));
        else if (suffix == QLatin1String("pdf"))
            QVERIFY(head.startsWith("%PDF"));
        else
            QVERIFY(head.startsWith("<?xml"));
        QVERIFY(f.size() > 2000);
        if (suffix == QLatin1String("png")) {
            const QImage image(out);
            if (view == QLatin1String("gantt")) // as tall as its lanes
                QVERIFY(image.width() == 1400 && image.height() >= 260);
            else
                QCOMPARE(image.size(), view == QLatin1String("topology") ? QSize(1400, 900) : QSize(900, 560));
        }
    }

    // The Gantt beside a trace: the predicted timeline written by `plait timeline` read back as the "measured" one;
    // a broken trace names where it breaks.
    void renderGanttWithATrace()
    {
        const QString plan = QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json");
        const QString trace = m_dir.filePath(QStringLiteral("b.trace.json"));
        QCOMPARE(plait({ QStringLiteral("timeline"), plan, QStringLiteral("--out"), trace }).code, 0);
        const QString out = m_dir.filePath(QStringLiteral("b-against.png"));
        Run r = plait({ QStringLiteral("render"), plan, QStringLiteral("--view"), QStringLiteral("gantt"),
            QStringLiteral("--trace"), trace, QStringLiteral("--out"), out });
        QCOMPARE(r.code, 0);
        QVERIFY(QImage(out).width() == 1400);
        QFile f(trace);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        f.close();
        const QString broken = m_dir.filePath(QStringLiteral("broken.trace.json"));
        QFile b(broken);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write(text.left(text.size() / 2));
        b.close();
        r = plait({ QStringLiteral("render"), plan, QStringLiteral("--view"), QStringLiteral("gantt"),
            QStringLiteral("--trace"), broken, QStringLiteral("--out"), out });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QByteArray(QByteArray("ends early after byte ") + QByteArray::number(text.size() / 2))),
            r.err.constData());
    }

    void renderRefusesUnknownViews()
    {
        const Run r = plait({ QStringLiteral("render"),
            QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"), QStringLiteral("--view"),
            QStringLiteral("pie"), QStringLiteral("--out"), m_dir.filePath(QStringLiteral("x.png")) });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("known: topology, memory, comm"));
    }

    void windowWithoutDisplaySaysSo()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        const Run r = plait({}, env);
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no display"));
    }

    void windowOpensOffscreen()
    {
        const Run r = plait({ QStringLiteral("--example"), QStringLiteral("h"), QStringLiteral("--quit-after"),
            QStringLiteral("300") });
        QCOMPARE(r.code, 0);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
