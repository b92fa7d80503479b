#include "numtext.h"
#include "plan.h"
#include "text.h"

#include <QTest>

using namespace plait;

// Messages quote what the user wrote, cut by characters: a cut never splits a UTF-8 character, and whatever bytes
// come in, valid UTF-8 goes out (the JSON writer throws on anything else).
class TestText : public QObject {
    Q_OBJECT
private slots:
    void prefixCutsByCharacters_data()
    {
        QTest::addColumn<QByteArray>("in");
        QTest::addColumn<int>("chars");
        QTest::addColumn<QByteArray>("out");
        QTest::newRow("ascii, short") << QByteArray("H100") << 64 << QByteArray("H100");
        QTest::newRow("ascii, cut") << QByteArray("abcdef") << 3 << QByteArray("abc…");
        QTest::newRow("exactly the limit") << QByteArray("abc") << 3 << QByteArray("abc");
        QTest::newRow("Chinese, cut") << QByteArray("昇腾昇腾") << 3 << QByteArray("昇腾昇…");
        QTest::newRow("four-byte characters")
            << QByteArray("\xF0\x9F\x9A\x80\xF0\x9F\x94\xA5") << 1 << QByteArray("\xF0\x9F\x9A\x80…");
        QTest::newRow("nothing kept") << QByteArray("abc") << 0 << QByteArray("…");
        QTest::newRow("invalid byte replaced") << QByteArray("a\xFF"
                                                             "b")
                                               << 64
                                               << QByteArray("a\xEF\xBF\xBD"
                                                             "b");
        QTest::newRow("truncated sequence at the end")
            << QByteArray("a\xE6\x98") << 64 << QByteArray("a\xEF\xBF\xBD\xEF\xBF\xBD");
        QTest::newRow("overlong encoding") << QByteArray("\xC0\x80") << 64 << QByteArray("\xEF\xBF\xBD\xEF\xBF\xBD");
        QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << 64
                                   << QByteArray("\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
        QTest::newRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << 1 << QByteArray("\xEF\xBF\xBD…");
    }
    void prefixCutsByCharacters()
    {
        QFETCH(QByteArray, in);
        QFETCH(int, chars);
        QFETCH(QByteArray, out);
        const std::string got = utf8Prefix(in.toStdString(), std::size_t(chars));
        QCOMPARE(QByteArray::fromStdString(got), out);
        QVERIFY(validUtf8(got) == got);
    }

    // Ranks as a message lists them: runs of three or more with a dash, pairs with a comma.
    void rankRunsAreJoined_data()
    {
        QTest::addColumn<QList<int>>("ranks");
        QTest::addColumn<QString>("text");
        QTest::newRow("none") << QList<int> {} << QString();
        QTest::newRow("one") << QList<int> { 5 } << QStringLiteral("5");
        QTest::newRow("a pair") << QList<int> { 0, 1 } << QStringLiteral("0, 1");
        QTest::newRow("a run and apart") << QList<int> { 0, 1, 2, 3, 8, 10, 11 } << QStringLiteral("0–3, 8, 10, 11");
        QTest::newRow("a stride") << QList<int> { 1, 3, 5, 7 } << QStringLiteral("1, 3, 5, 7");
    }
    void rankRunsAreJoined()
    {
        QFETCH(QList<int>, ranks);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(numberRuns(std::vector<int>(ranks.begin(), ranks.end()))), text);
    }

    // Numbers the command line prints for people, not "1.121e+05 tokens/s" or "MFU 69.3627%".
    void numbersReadAsPeopleWriteThem_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("seconds");
        QTest::addColumn<QString>("text");
        QTest::newRow("tokens/s") << 112106.4 << false << QStringLiteral("112,106");
        QTest::newRow("millions") << 1234567.0 << false << QStringLiteral("1,234,567");
        QTest::newRow("three digits") << 999.6 << false << QStringLiteral("1,000");
        QTest::newRow("small") << 42.0 << false << QStringLiteral("42");
        QTest::newRow("negative") << -4321.0 << false << QStringLiteral("-4,321");
        QTest::newRow("a step") << 6.36714 << true << QStringLiteral("6.37 s");
        QTest::newRow("milliseconds") << 0.8504 << true << QStringLiteral("850 ms");
        QTest::newRow("microseconds") << 12.44e-6 << true << QStringLiteral("12.4 µs");
        QTest::newRow("zero") << 0.0 << true << QStringLiteral("0 s");
        QTest::newRow("a long step") << 4580.2 << true << QStringLiteral("4,580 s");
    }
    void numbersReadAsPeopleWriteThem()
    {
        QFETCH(double, value);
        QFETCH(bool, seconds);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(seconds ? secondsText(value) : groupedText(value)), text);
    }

    // Issue 37: a %g figure too large for its digits is written whole (a warning said "4.58e+04 ms"); small ones keep
    // their digits, and a tiny rate its exponent.
    void printfFiguresNeverCarryALargeExponent_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("text");
        QTest::newRow("stage time in ms") << 45795.3 << "%.3g" << QStringLiteral("45,795");
        QTest::newRow("four digits") << 1234.6 << "%.4g" << QStringLiteral("1235");
        QTest::newRow("five at four") << 12345.0 << "%.4g" << QStringLiteral("12,345");
        QTest::newRow("small") << 3.14159 << "%.3g" << QStringLiteral("3.14");
        QTest::newRow("a failure rate") << 1.97e-5 << "%.3g" << QStringLiteral("1.97e-05");
        QTest::newRow("fixed") << 45795.3 << "%.1f" << QStringLiteral("45795.3");
    }
    void printfFiguresNeverCarryALargeExponent()
    {
        QFETCH(double, value);
        QFETCH(QString, format);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(numText(value, format.toLatin1().constData())), text);
    }

    void dumpNeverThrows()
    {
        nlohmann::json j = { { "message", std::string("cut \xE6\x98") } };
        const std::string text = dumpJson(j);
        QCOMPARE(validUtf8(text), text);
        QVERIFY(nlohmann::json::parse(text)["message"].get<std::string>().rfind("cut \xEF\xBF\xBD", 0) == 0);
    }

    // The reproducer of the crash: a GPU name of 22 Chinese characters, quoted in the "unknown name" message.
    void unknownChineseGpuNameGivesAValidMessage()
    {
        nlohmann::json doc = { { "model", { { "preset", "llama2-7b" } } },
            { "cluster", { { "gpu", "昇腾昇腾昇腾昇腾昇腾昇腾昇腾昇腾昇腾昇腾昇腾" }, { "nodes", 1 } } },
            { "training", { { "global_batch", 8 } } }, { "parallel", nlohmann::json::object() } };
        auto plan = planFromJson(doc);
        QVERIFY(!plan);
        const std::string message = plan.errors().front().message;
        QVERIFY(message.find("unknown name \"昇腾昇腾") == 0);
        QCOMPARE(validUtf8(message), message);
        QVERIFY(!nlohmann::json(message).dump().empty()); // the strict writer accepts it
    }
};

QTEST_GUILESS_MAIN(TestText)
#include "tst_text.moc"
