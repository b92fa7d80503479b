#include "advisor.h"
#include "evaluate.h"
#include "jobprofile.h"
#include "messagetext.h"
#include "profilegroups.h"
#include "rankmap.h"
#include "translatedtext.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace plait;

namespace {
// The Chinese of translations/plait_zh_CN.ts, served as a translator (the .qm is a resource of the plait binary).
class TsTranslator : public QTranslator {
public:
    bool load(const QString& path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return false;
        QXmlStreamReader xml(&file);
        QString context, source, translation;
        bool finished = true;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("name"))
                context = xml.readElementText();
            else if (xml.name() == QLatin1String("source"))
                source = xml.readElementText();
            else if (xml.name() == QLatin1String("translation")) {
                finished = xml.attributes().value(QLatin1String("type")).isEmpty();
                translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                if (finished && !translation.isEmpty())
                    m_texts.insert(context + QLatin1Char('\x1f') + source, translation);
            }
        }
        return !xml.hasError();
    }
    bool isEmpty() const override { return m_texts.isEmpty(); }
    QString translate(const char* context, const char* source, const char*, int) const override
    {
        return m_texts.value(QString::fromUtf8(context) + QLatin1Char('\x1f') + QString::fromUtf8(source));
    }
    bool has(const char* source) const
    {
        return m_texts.contains(QStringLiteral("Messages\x1f") + QString::fromUtf8(source));
    }

private:
    QHash<QString, QString> m_texts;
};

QStringList places(const QString& text)
{
    QStringList found;
    for (const auto& m : QRegularExpression(QStringLiteral("%[1-9]")).globalMatch(text))
        found << m.captured();
    found.removeDuplicates();
    found.sort();
    return found;
}

nlohmann::json planJson(const char* model, int nodes, nlohmann::json parallel, nlohmann::json training)
{
    return { { "model", { { "preset", model } } },
        { "cluster",
            { { "gpu", "A100-SXM4-80GB" }, { "nodes", nodes }, { "gpus_per_node", 8 },
                { "intra_node", "nvlink3-nvswitch" }, { "inter_node", "ib-hdr" } } },
        { "training", training }, { "parallel", parallel } };
}
}

class TestTranslatedText : public QObject {
    Q_OBJECT
private slots:
    void fillPutsEachArgumentOnceInOnePass()
    {
        QCOMPARE(fillTemplate("stage %1 of %2, again %1; 10% at %3", { "0", "%2", "x" }),
            std::string("stage 0 of %2, again 0; 10% at x"));
        QCOMPARE(fillTemplate("%1 and %2", { "a" }), std::string("a and %2")); // no argument: left as it is
    }

    // Every sentence core says has a finished Chinese translation with the same places for its numbers.
    void everyTemplateIsTranslated()
    {
        TsTranslator zh;
        QVERIFY(zh.load(QStringLiteral(PLAIT_SOURCE "/translations/plait_zh_CN.ts")));
        QVERIFY(messageTemplates().size() > 80);
        for (const MessageTemplate& t : messageTemplates()) {
            QVERIFY2(zh.has(t.text), t.key);
            const QString chinese = zh.translate("Messages", t.text, nullptr, -1);
            QVERIFY2(places(chinese) == places(QString::fromUtf8(t.text)), t.key);
        }
    }

    // Validation problems: each has a code of the table; untranslated it reads exactly as core writes it, and in
    // Chinese it says the same numbers.
    void problemsSayTheirNumbersInBothLanguages_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QStringList>("numbers");
        // GPT 7.5B (Narayanan et al. 2021 Table 1 shapes): 32 heads, 36 layers, 4·4096 = 16,384 FFN.
        QTest::newRow("heads over tp") << QByteArray(
            planJson("megatron-gpt-7.5b", 2, { { "tp", 3 }, { "dp", 2 } }, { { "global_batch", 64 } }).dump().c_str())
                                       << "heads-tp" << QStringList { QStringLiteral("32"), QStringLiteral("3") };
        QTest::newRow("batch over dp") << QByteArray(
            planJson("megatron-gpt-7.5b", 1, { { "dp", 8 } }, { { "global_batch", 60 }, { "micro_batch", 2 } })
                .dump()
                .c_str()) << "batch-dp"
                                       << QStringList { QStringLiteral("60"), QStringLiteral("8"),
                                              QStringLiteral("16") };
        QTest::newRow("layers over pp") << QByteArray(
            planJson("megatron-gpt-7.5b", 1, { { "pp", 5 } }, { { "global_batch", 64 } }).dump().c_str())
                                        << "layers-pp" << QStringList { QStringLiteral("36"), QStringLiteral("5") };
        QTest::newRow("more GPUs than the cluster")
            << QByteArray(planJson("megatron-gpt-7.5b", 1, { { "dp", 16 } }, { { "global_batch", 64 } }).dump().c_str())
            << "too-few-gpus" << QStringList { QStringLiteral("16"), QStringLiteral("8") };
        QTest::newRow("a size out of range")
            << QByteArray(
                   planJson("megatron-gpt-7.5b", 1, { { "vpp", 5000 } }, { { "global_batch", 64 } }).dump().c_str())
            << "between" << QStringList { QStringLiteral("1024"), QStringLiteral("5000") };
    }
    void problemsSayTheirNumbersInBothLanguages()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, code);
        QFETCH(QStringList, numbers);
        auto read = planFromJson(nlohmann::json::parse(json.toStdString()));
        const std::vector<Issue> issues = read ? validate(read.value()) : read.errors();
        const auto it
            = std::find_if(issues.begin(), issues.end(), [&](const Issue& i) { return i.code == code.toStdString(); });
        QVERIFY2(it != issues.end(), qPrintable(code));
        QCOMPARE(widgets::issueMessage(*it), QString::fromStdString(it->message));
        TsTranslator zh;
        QVERIFY(zh.load(QStringLiteral(PLAIT_SOURCE "/translations/plait_zh_CN.ts")));
        QCoreApplication::installTranslator(&zh);
        const QString chinese = widgets::issueMessage(*it);
        QCoreApplication::removeTranslator(&zh);
        QVERIFY2(chinese != QString::fromStdString(it->message), qPrintable(chinese));
        for (const QString& n : numbers)
            QVERIFY2(chinese.contains(n), qPrintable(chinese + QStringLiteral(" lacks ") + n));
    }

    // The advisor's sentences come from the same table: in English as core says them, in Chinese with the same
    // numbers, the memory term named in Chinese too.
    void adviceAndWarningsSpeakChinese()
    {
        // Llama 2 7B on 8 A100s without ZeRO: 16 bytes of states per parameter do not fit in 80 GB.
        auto read = planFromJson(planJson("llama2-7b", 1, { { "dp", 8 } }, { { "global_batch", 64 } }));
        QVERIFY(read);
        const Evaluation ev = evaluate(read.value());
        const auto items = advise(read.value(), ev);
        QVERIFY(!items.empty());
        const Advice& a = items.front();
        QCOMPARE(a.code, std::string("memory-optimizer"));
        QCOMPARE(widgets::translatedText(a.why), QString::fromStdString(messageText(a.why)));
        QVERIFY(messageText(a.why).find("keeps 12 bytes per parameter and its gradients 4") != std::string::npos);
        TsTranslator zh;
        QVERIFY(zh.load(QStringLiteral(PLAIT_SOURCE "/translations/plait_zh_CN.ts")));
        QCoreApplication::installTranslator(&zh);
        const QString why = widgets::translatedText(a.why), saw = widgets::translatedText(a.saw);
        const auto oom = std::find_if(
            ev.warnings.begin(), ev.warnings.end(), [](const Warning& w) { return w.code == "out-of-memory"; });
        QVERIFY(oom != ev.warnings.end());
        const QString warning = widgets::warningText(*oom);
        QCoreApplication::removeTranslator(&zh);
        QVERIFY2(why.contains(QStringLiteral("12 字节")), qPrintable(why));
        for (const std::string& n : a.saw.args)
            QVERIFY2(saw.contains(QString::fromStdString(n)), qPrintable(saw));
        QVERIFY2(warning.contains(QStringLiteral("优化器状态")), qPrintable(warning)); // the largest term, translated
        QVERIFY2(!warning.contains(QLatin1String("optimizer state")), qPrintable(warning));
    }

    // A job profile's problems hold sentences inside sentences (the ranks a problem concerns, a list of process
    // groups): each part is said in the same language as the whole, with the same numbers.
    void profileProblemsSpeakChineseToTheEnd()
    {
        RankProfile a, b;
        a.rank = a.collectives.rank = 0;
        b.rank = b.collectives.rank = 1;
        a.worldSize = b.worldSize = 4;
        a.problems = b.problems = { Message { "trace:no-steps", {} } };
        const JobProfile job = summarizeJob({ a, b });
        // The shared problem once, the two ranks missing, and the clocks left apart (no collective in common).
        QCOMPARE(job.problems.size(), std::size_t(3));
        QCOMPARE(messageText(job.problems[0]),
            std::string("ranks 0, 1: no ProfilerStep#N spans nor two Optimizer.step spans: the profile does not mark "
                        "its training steps"));
        QCOMPARE(messageText(job.problems[1]), std::string("2 of the job's 4 ranks have no profile here"));
        auto read = planFromJson(planJson("llama2-7b", 1, { { "dp", 8 } }, { { "global_batch", 64 } }));
        QVERIFY(read);
        QVERIFY(groupsNotInPlan({ { "dp", { 0, 1, 2, 3, 4, 5, 6, 7 } } }, read.value()).empty());
        Plan tp = read.value();
        tp.parallel.tp = 2;
        tp.parallel.dp = 4;
        const Message named
            = groupsNotInPlan({ { "a", { 0, 2 } }, { "b", { 1, 4 } }, { "c", { 0, 3 } }, { "d", { 5, 6 } } }, tp);
        QCOMPARE(widgets::translatedText(named), QString::fromStdString(messageText(named)));
        QVERIFY2(messageText(named).find("and 1 more are no groups") != std::string::npos, messageText(named).c_str());
        TsTranslator zh;
        QVERIFY(zh.load(QStringLiteral(PLAIT_SOURCE "/translations/plait_zh_CN.ts")));
        QCoreApplication::installTranslator(&zh);
        const QString shared = widgets::translatedText(job.problems[0]);
        const QString missing = widgets::translatedText(job.problems[1]);
        const QString mismatch = widgets::translatedText(named);
        QCoreApplication::removeTranslator(&zh);
        QCOMPARE(shared,
            QStringLiteral(
                "rank 0, 1：既没有 ProfilerStep#N 区间，也没有两个 Optimizer.step 区间：剖析文件没有标出训练步"));
        QCOMPARE(missing, QStringLiteral("作业的 4 个 rank 中有 2 个在此没有剖析文件"));
        QVERIFY2(mismatch.startsWith(QStringLiteral("剖析中的进程组 a（rank 0, 2）、")), qPrintable(mismatch));
        QVERIFY2(mismatch.contains(QStringLiteral("c（rank 0, 3）及另外 1 个都不是规划中的组（TP 2，CP 1，DP 4，PP 1")),
            qPrintable(mismatch));
        for (const char* english : { "ranks", " and ", "more", "process group" })
            QVERIFY2(!mismatch.contains(QLatin1String(english)), qPrintable(mismatch));
    }
};

QTEST_MAIN(TestTranslatedText)
#include "tst_translatedtext.moc"
