#include "../../core/profileofplan.h"
#include "kinetogen.h"
#include "nsysgen.h"
#include "plan.h"
#include "safejson.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

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
        // How far off the calibration's runs like this plan were: a mean only over three or more of them.
        const nlohmann::json& similar = doc.value()["time"]["similar_runs"];
        QVERIFY(similar["of_runs"].get<int>() > 0);
        QCOMPARE(similar["mean_signed_error"].is_number(), similar["runs"].get<int>() >= 3);
        QVERIFY(r.out.contains(QByteArray::fromStdString(similar["text"].get<std::string>())));
    }

    // Issue 18 B and C: example (h) carries GPT-3's budget (Brown et al. 2020: 300B tokens); price and storage come
    // from the command line, as a user states them.
    void evaluateForecastsTheTrainingRun()
    {
        const QString h = QStringLiteral(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json");
        const Run r = plait({ QStringLiteral("evaluate"), h, QStringLiteral("--json"), QStringLiteral("--price"),
            QStringLiteral("2"), QStringLiteral("--storage-GBps"), QStringLiteral("100") });
        QCOMPARE(r.code, 0);
        const nlohmann::json run = plait::parseJson(r.out.toStdString()).value()["run"];
        QCOMPARE(run["budget"]["steps"].get<double>(), std::ceil(300e9 / (1536.0 * 2048)));
        const double hours = run["budget"]["gpu_hours"]["point"].get<double>();
        QCOMPARE(run["budget"]["cost"]["point"].get<double>(), hours * 2);
        QCOMPARE(run["budget"]["wall_s"]["point"].get<double>() * 1024 / 3600, hours);
        const double goodput = run["failures"]["goodput"].get<double>();
        QVERIFY2(goodput > 0.9 && goodput < 1, r.out.constData());
        QCOMPARE(run["checkpoint"]["write_s"].get<double>(), run["checkpoint"]["bytes"].get<double>() / 100e9);
        QCOMPARE(run["blast_radius"]["pipeline_gpus"].get<int>(), 128);
        // Without a price or a storage bandwidth those figures are missing, not guessed.
        const Run bare = plait({ QStringLiteral("evaluate"), h, QStringLiteral("--json") });
        const nlohmann::json none = plait::parseJson(bare.out.toStdString()).value()["run"];
        QVERIFY(none["budget"]["cost"].is_null());
        QVERIFY(none["failures"]["goodput"].is_null());
        const Run text = plait({ QStringLiteral("evaluate"), h, QStringLiteral("--steps"), QStringLiteral("1000") });
        QVERIFY2(text.out.contains("1,000 steps") && text.out.contains("no price per GPU-hour"), text.out.constData());
    }

    void runOptionsNameTheBadOne_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("negative price") << QStringList { QStringLiteral("--price"), QStringLiteral("-1") }
                                        << QByteArray("--price");
        QTest::newRow("words for tokens") << QStringList { QStringLiteral("--tokens"), QStringLiteral("lots") }
                                          << QByteArray("--tokens must be a number");
        QTest::newRow("half a step") << QStringList { QStringLiteral("--steps"), QStringLiteral("2.5") }
                                     << QByteArray("--steps");
        QTest::newRow("no storage") << QStringList { QStringLiteral("--storage-GBps"), QStringLiteral("0") }
                                    << QByteArray("--storage-GBps");
    }
    void runOptionsNameTheBadOne()
    {
        QFETCH(QStringList, options);
        QFETCH(QByteArray, message);
        const Run r = plait(QStringList { QStringLiteral("evaluate"),
                                QStringLiteral(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json") }
            + options);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
    }

    // Issue 18 A: the design-review report of (h) against (b), as a PDF whose text stays text with its fonts
    // embedded, and as one self-contained HTML file.
    void reportWritesPdfAndHtml()
    {
        const QString h = QStringLiteral(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json");
        const QString b = QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json");
        const QString pdf = m_dir.filePath(QStringLiteral("h-vs-b.pdf"));
        const Run r = plait({ QStringLiteral("report"), h, QStringLiteral("--compare"), b, QStringLiteral("--out"), pdf,
            QStringLiteral("--price"), QStringLiteral("2"), QStringLiteral("--storage-GBps"), QStringLiteral("100") });
        QCOMPARE(r.code, 0);
        QProcess info;
        info.start(QStringLiteral("pdfinfo"), { pdf });
        QVERIFY2(info.waitForFinished(30000), "pdfinfo (poppler-utils) runs");
        const QByteArray pages = info.readAllStandardOutput();
        // A against B, then three pages per plan (figures, timeline, run and sources), A4 landscape in points.
        QVERIFY2(
            QString::fromUtf8(pages).contains(QRegularExpression(QStringLiteral("Pages:\\s+7\\n"))), pages.constData());
        QVERIFY2(pages.contains("842 x 595 pts (A4)"), pages.constData());
        QProcess text;
        text.start(QStringLiteral("pdftotext"), { pdf, QStringLiteral("-") });
        QVERIFY(text.waitForFinished(30000));
        const QByteArray words = text.readAllStandardOutput();
        for (const char* expected : { "Plan A against plan B", "GPT-3 175B", "Assumptions", "Sustained GEMM rate",
                 "Time to train", "Daly 2006", "Llama 3" })
            QVERIFY2(words.contains(expected), expected);
        QProcess fonts;
        fonts.start(QStringLiteral("pdffonts"), { pdf });
        QVERIFY(fonts.waitForFinished(30000));
        const QList<QByteArray> rows = fonts.readAllStandardOutput().split('\n');
        QVERIFY(rows.size() > 3);
        for (const QByteArray& row : rows.mid(2))
            if (!row.trimmed().isEmpty())
                QVERIFY2(row.simplified().split(' ').size() > 4 && row.contains(" yes "), row.constData());

        const QString html = m_dir.filePath(QStringLiteral("h-zh.html"));
        const Run z = plait({ QStringLiteral("report"), h, QStringLiteral("--out"), html, QStringLiteral("--lang"),
            QStringLiteral("zh_CN") });
        QCOMPARE(z.code, 0);
        QFile f(html);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString page = QString::fromUtf8(f.readAll());
        QVERIFY(page.contains(QStringLiteral("<svg")));
        QVERIFY(!page.contains(QStringLiteral("src=\"http")) && !page.contains(QStringLiteral("href=\"http")));
        QVERIFY2(page.contains(QStringLiteral("假设")), "the assumptions' heading, in Chinese");
    }

    void reportRefusesBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QByteArray>("message");
        const QString h = QStringLiteral(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json");
        QTest::newRow("word file") << QStringList { h, QStringLiteral("--out"), QStringLiteral("r.docx") } << 2
                                   << QByteArray("use .pdf or .html");
        QTest::newRow("no output") << QStringList { h } << 2 << QByteArray("--out is required");
        QTest::newRow("odd paper") << QStringList { h, QStringLiteral("--out"), QStringLiteral("r.pdf"),
            QStringLiteral("--paper"), QStringLiteral("a3") }
                                   << 2 << QByteArray("known: a4, letter");
        QTest::newRow("missing second plan") << QStringList { h, QStringLiteral("--compare"),
            QStringLiteral("nothing.plait.json"), QStringLiteral("--out"), QStringLiteral("r.pdf") }
                                             << 2 << QByteArray("nothing.plait.json");
    }
    void reportRefusesBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QByteArray, message);
        const Run r = plait(QStringList { QStringLiteral("report") } + args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(message), r.err.constData());
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
        QTest::newRow("missing file") << QByteArray() << 2 << QByteArray("cannot open");
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

    // The drawing commands read a plan as the others do: the file named once, then the field, with the same codes.
    void drawingCommandsNameTheBadPlan_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<int>("code");
        QTest::addColumn<QByteArray>("message"); // after "plait: PATH: "
        const QByteArray invalid
            = R"({"model":{"preset":"gpt3-175b"},"cluster":{"gpu":"A100-SXM4-80GB","nodes":1,"gpus_per_node":8,"intra_node":"nvlink3-nvswitch"},"training":{"global_batch":8},"parallel":{"tp":5}})";
        for (const char* command : { "render", "report" }) {
            QTest::addRow("%s, malformed JSON", command)
                << QString::fromLatin1(command) << QByteArray("{\"model\": }") << 2
                << QByteArray("line 1, column 11: not JSON: unexpected \"}\"");
            QTest::addRow("%s, invalid plan", command) << QString::fromLatin1(command) << invalid << 1
                                                       << QByteArray("parallel.tp: heads (96) must divide by tp (5)");
        }
    }
    void drawingCommandsNameTheBadPlan()
    {
        QFETCH(QString, command);
        QFETCH(QByteArray, content);
        QFETCH(int, code);
        QFETCH(QByteArray, message);
        const QString plan = writeFile(QStringLiteral("bad-%1.plait.json").arg(code), content);
        const QString out = m_dir.filePath(
            command == QLatin1String("render") ? QStringLiteral("bad.png") : QStringLiteral("bad.pdf"));
        const Run r = plait({ command, plan, QStringLiteral("--out"), out });
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(QByteArray("plait: " + plan.toUtf8() + ": " + message)), r.err.constData());
        for (const QByteArray& line : r.err.split('\n')) // once a line, not "PATH: PATH: parse error"
            QVERIFY2(line.count(plan.toUtf8()) <= 1, line.constData());
        QVERIFY(!QFile::exists(out));
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

    // A job's per-rank profiles (generated, with planted skews and a straggler): clocks aligned, the straggler named.
    void profileAlignsRanksAndNamesTheStraggler()
    {
        plait::GeneratedJob job;
        job.ranks = 4;
        job.steps = 3;
        job.clockSkewUs = { 0, 1500, -700, 90 };
        job.stragglerRank = 2;
        job.stragglerSlowdown = 1.25;
        QStringList files; // in a folder of their own, which is read as the job's
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("job")));
        for (int r = 0; r < job.ranks; ++r)
            files << writeFile(QStringLiteral("job/rank%1.json").arg(r),
                QByteArray::fromStdString(plait::kinetoRankTrace(job, r).dump()));
        const Run text = plait(QStringList { QStringLiteral("profile") } + files);
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("straggler: rank 2, last to arrive at 3 of 3 collectives"), text.out.constData());
        QVERIFY(text.out.contains("+25%"));
        const Run json = plait(QStringList { QStringLiteral("profile"), QStringLiteral("--json") } + files);
        QCOMPARE(json.code, 0);
        const auto doc = plait::parseJson(json.out.toStdString());
        QVERIFY(doc);
        QCOMPARE(doc.value()["straggler"].get<int>(), 2);
        QCOMPARE(doc.value()["straggler_kernels_slower"].get<bool>(), true);
        QVERIFY(std::abs(doc.value()["ranks"][1]["clock_offset_us"].get<double>() - (-1500)) < 0.01);
        QVERIFY(doc.value()["worst_residual_us"].get<double>() < 0.01);
        // Half the job: the missing ranks are said, the rest still aligned.
        const Run half = plait({ QStringLiteral("profile"), files[0], files[1] });
        QCOMPARE(half.code, 0);
        QVERIFY(half.err.contains("2 of the job's 4 ranks have no profile here"));
        // Ranks saved as .json.gz by the profiler, mixed with plain ones (gzip, as the profiler's users compress).
        QStringList compressedRanks;
        for (int r : { 2, 3 }) {
            QProcess gzip;
            gzip.start(QStringLiteral("gzip"), { QStringLiteral("-c"), files[r] });
            QVERIFY(gzip.waitForFinished() && gzip.exitCode() == 0);
            compressedRanks << writeFile(QStringLiteral("rank%1.json.gz").arg(r), gzip.readAllStandardOutput());
        }
        const Run mixed
            = plait({ QStringLiteral("profile"), files[0], files[1], compressedRanks[0], compressedRanks[1] });
        QCOMPARE(mixed.code, 0);
        QVERIFY2(mixed.out.contains("straggler: rank 2, last to arrive at 3 of 3 collectives"), mixed.out.constData());
        // A folder is its traces; one without any is said, not read as an empty job.
        const Run folder = plait({ QStringLiteral("profile"), QFileInfo(files[0]).absolutePath() });
        QCOMPARE(folder.code, 0);
        QVERIFY2(folder.out.contains("straggler: rank 2"), folder.out.constData());
        QTemporaryDir empty;
        const Run none = plait({ QStringLiteral("profile"), empty.path() });
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.contains("no profile files"), none.err.constData());
        // The same job profiled by Nsight Systems (nsys export --type sqlite), one report per rank in a folder.
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("nsys")));
        for (int r = 0; r < job.ranks; ++r)
            QCOMPARE(
                plait::writeNsysReport(m_dir.filePath(QStringLiteral("nsys/report_rank%1.sqlite").arg(r)).toStdString(),
                    { plait::kinetoRankTrace(job, r) }),
                std::string());
        const Run nsys = plait({ QStringLiteral("profile"), m_dir.filePath(QStringLiteral("nsys")) });
        QCOMPARE(nsys.code, 0);
        QVERIFY2(nsys.out.contains("straggler: rank 2, last to arrive at 3 of 3 collectives"), nsys.out.constData());
        QVERIFY2(nsys.err.contains("ranks 0–3: the rank is read from the file name"), nsys.err.constData());
        // A file that only says it is one is named, and nothing is printed as a profile.
        const QString fake = writeFile(QStringLiteral("nsys/report_rank4.sqlite"), QByteArray("SQLite format 3", 16));
        const Run broken = plait({ QStringLiteral("profile"), m_dir.filePath(QStringLiteral("nsys")) });
        QVERIFY(broken.code != 0);
        QVERIFY2(broken.err.contains("report_rank4.sqlite"), broken.err.constData());
        QVERIFY(broken.out.isEmpty());
        QFile::remove(fake);
        // A pipeline's first stage is last at every collective across the stages, its kernels no slower than the
        // others': without the plan it is named last to arrive, not a straggler, and --plan is suggested.
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("pipeline")));
        plait::GeneratedPipeline pipeline;
        QStringList stages;
        for (int r = 0; r < pipeline.ranks; ++r)
            stages << writeFile(QStringLiteral("pipeline/rank%1.json").arg(r),
                QByteArray::fromStdString(plait::kinetoPipelineRankTrace(pipeline, r).dump()));
        const Run staged = plait(QStringList { QStringLiteral("profile") } + stages);
        QCOMPARE(staged.code, 0);
        QVERIFY2(staged.out.contains("last to arrive: rank 0, at 4 of 4 collectives")
                && staged.out.contains("--plan places the ranks by stage") && !staged.out.contains("straggler:"),
            staged.out.constData());
        // Laid over a data-parallel plan, the job's groups (a stage's two ranks, a column of four stages) are named as
        // no groups of the plan's.
        const Run overDp = plait(QStringList { QStringLiteral("profile") } + stages
            + QStringList { QStringLiteral("--plan"), QStringLiteral(PLAIT_EXAMPLES "/a1-one-node-dp8.plait.json") });
        QCOMPARE(overDp.code, 0);
        QVERIFY2(overDp.err.contains("process groups dp0 (ranks 0, 1), dp1 (ranks 2, 3), dp2 (ranks 4, 5) and 3 more "
                                     "are no groups of the plan's (TP 1, CP 1, DP 8, PP 1"),
            overDp.err.constData());
        // Drawn beside the plan's prediction, a lane per rank.
        const QString png = m_dir.filePath(QStringLiteral("profile.png"));
        const Run drawn
            = plait({ QStringLiteral("render"), QStringLiteral(PLAIT_EXAMPLES "/a2-one-node-tp2-dp4.plait.json"),
                QStringLiteral("--view"), QStringLiteral("gantt"), QStringLiteral("--profile"), files[0],
                QStringLiteral("--profile"), files[1], QStringLiteral("--out"), png });
        QCOMPARE(drawn.code, 0);
        QVERIFY2(drawn.err.contains("the profile's job has 4 ranks, the plan 8 GPUs"), drawn.err.constData());
        QVERIFY(QImage(png).width() > 100);
        // On the topology, what the profile found is said under the title (the job is not the plan's: no node is
        // placed, so none is outlined); other views take no profile.
        const QString topology = m_dir.filePath(QStringLiteral("profile-topology.png"));
        const Run cluster = plait({ QStringLiteral("render"),
            QStringLiteral(PLAIT_EXAMPLES "/a2-one-node-tp2-dp4.plait.json"), QStringLiteral("--profile"), files[0],
            QStringLiteral("--profile"), files[1], QStringLiteral("--out"), topology });
        QCOMPARE(cluster.code, 0);
        QVERIFY(QImage(topology).height() > 100);
        const Run memory = plait({ QStringLiteral("render"),
            QStringLiteral(PLAIT_EXAMPLES "/a2-one-node-tp2-dp4.plait.json"), QStringLiteral("--view"),
            QStringLiteral("memory"), QStringLiteral("--profile"), files[0], QStringLiteral("--out"), topology });
        QCOMPARE(memory.code, 2);
        QVERIFY2(memory.err.contains("--profile applies to --view gantt and topology only"), memory.err.constData());
        // A truncated one is named as such, not as broken JSON.
        QFile whole(compressedRanks[0]);
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const QString gz = writeFile(QStringLiteral("rank9.json.gz"), whole.readAll().left(200));
        const Run compressed = plait({ QStringLiteral("profile"), gz });
        QCOMPARE(compressed.code, 2);
        QVERIFY2(compressed.err.contains("rank9.json.gz: the gzip stream ends early"), compressed.err.constData());
    }

    // A job's profile beside the plan it ran (generated: its GEMMs 1.2 times and its other kernels 1.1 times the
    // model's times, the GPU idle 2 µs before each kernel): the breakdown by class measured beside predicted, and the
    // plan calibrated from it.
    void profileBesideItsPlanCalibratesIt()
    {
        const QString planPath = QStringLiteral(PLAIT_EXAMPLES "/a2-one-node-tp2-dp4.plait.json");
        auto plan = plait::loadPlanFile(planPath.toStdString());
        QVERIFY(plan);
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("planned")));
        QStringList files;
        for (const auto& [rank, trace] : plait::test::profileOfPlan(plan.value(), { 1.2, 1, 1.1, 0.1, 2 }))
            files << writeFile(
                QStringLiteral("planned/rank%1.json").arg(rank), QByteArray::fromStdString(trace.dump()));
        const QString folder = QFileInfo(files[0]).absolutePath();
        const Run json = plait(
            { QStringLiteral("profile"), folder, QStringLiteral("--plan"), planPath, QStringLiteral("--json") });
        QCOMPARE(json.code, 0);
        const auto doc = plait::parseJson(json.out.toStdString());
        QVERIFY(doc);
        const nlohmann::json& gemmRow = doc.value()["breakdown"][0];
        QCOMPARE(gemmRow["class"].get<std::string>(), std::string("GEMM"));
        QVERIFY(std::abs(gemmRow["measured_s"].get<double>() / gemmRow["predicted_s"].get<double>() - 1.2) < 1e-3);
        const nlohmann::json& rates = doc.value()["calibration"]["rates"];
        // GEMM, attention, element-wise, the overlap slowdown and the kernels' fixed cost
        QCOMPARE(rates.size(), std::size_t(5));
        for (const nlohmann::json& r : rates)
            QVERIFY2(r["applied"].get<bool>(), r.dump().c_str());
        QCOMPARE(rates[3]["id"].get<std::string>(), std::string("overlap_slowdown"));
        QVERIFY2(std::abs(rates[3]["after"].get<double>() - 0.1) < 1e-3, rates[3].dump().c_str());
        QCOMPARE(rates[4]["id"].get<std::string>(), std::string("kernel_fixed_us"));
        // 2 µs before each of 40 kernels per step on the one stage.
        QVERIFY2(std::abs(rates[4]["measured_s"].get<double>() - 80e-6) < 1e-9, rates[4].dump().c_str());
        QVERIFY2(std::abs(rates[4]["predicted_after_s"].get<double>() - 80e-6) < 1e-9, rates[4].dump().c_str());
        const nlohmann::json& rank0 = doc.value()["ranks"][0]["step_breakdown_mean"];
        QVERIFY2(rank0["queued_kernels"].get<double>() > 0, rank0.dump().c_str());

        const QString out = m_dir.filePath(QStringLiteral("calibrated.plait.json"));
        const Run calibrated = plait({ QStringLiteral("profile"), folder, QStringLiteral("--plan"), planPath,
            QStringLiteral("--calibrate"), out });
        QCOMPARE(calibrated.code, 0);
        QVERIFY2(calibrated.out.contains("GEMM rate (sustained share of dense peak)"), calibrated.out.constData());
        auto written = plait::loadPlanFile(out.toStdString());
        QVERIFY2(written, written ? "" : written.errorText().c_str());
        QVERIFY(written.value().cluster.gpu.sustainedSource.find("job profile planned/ (8 ranks)") == 0);
        QVERIFY(plait::evaluate(written.value()).stepS > plait::evaluate(plan.value()).stepS);
        // What the step rests on names the rates the profile measured, and only on the calibrated plan.
        const Run measuredBasis = plait({ QStringLiteral("evaluate"), out });
        QCOMPARE(measuredBasis.code, 0);
        QVERIFY2(measuredBasis.out.contains("); measured on this cluster: kernel_overhead_us, "
                                            "gemm_rate, hbm_rate, attention_rate, overlap_slowdown"),
            measuredBasis.out.constData());
        QVERIFY(!plait({ QStringLiteral("evaluate"), planPath }).out.contains("measured on this cluster"));

        // The design-review report draws the profile beside the prediction, with the same breakdown.
        const QString html = m_dir.filePath(QStringLiteral("profiled-report.html"));
        const Run report = plait(
            { QStringLiteral("report"), planPath, QStringLiteral("--profile"), folder, QStringLiteral("--out"), html });
        QCOMPARE(report.code, 0);
        const QString alone = m_dir.filePath(QStringLiteral("report-alone.html"));
        QCOMPARE(plait({ QStringLiteral("report"), planPath, QStringLiteral("--out"), alone }).code, 0);
        QFile reportFile(html), aloneFile(alone);
        QVERIFY(reportFile.open(QIODevice::ReadOnly) && aloneFile.open(QIODevice::ReadOnly));
        QVERIFY(reportFile.readAll().contains("<section id=\"plan-1-measured\">"));
        QVERIFY(!aloneFile.readAll().contains("plan-1-measured"));
        // The calibrated plan's report names the profile as the overlap slowdown's source, not the probe.
        const QString calibratedHtml = m_dir.filePath(QStringLiteral("calibrated-report.html"));
        QCOMPARE(plait({ QStringLiteral("report"), out, QStringLiteral("--out"), calibratedHtml }).code, 0);
        QFile calibratedFile(calibratedHtml);
        QVERIFY(calibratedFile.open(QIODevice::ReadOnly));
        const QString calibratedText = QString::fromUtf8(calibratedFile.readAll());
        QVERIFY2(calibratedText.contains(
                     QStringLiteral("slower, measured. Source: job profile planned/ (8 ranks): 6 kernels per step")),
            qPrintable(calibratedText.mid(calibratedText.indexOf(QStringLiteral("Compute beside")), 200)));
        QVERIFY2(
            calibratedText.contains(QStringLiteral("µs, measured; it replaces the calibration's "
                                                   "kernel_overhead_us. Source: job profile planned/ (8 ranks): ")),
            qPrintable(calibratedText.mid(calibratedText.indexOf(QStringLiteral("Each kernel")), 300)));
        // Without the plan there is nothing to calibrate; with another job's plan the ranks are not placed.
        QCOMPARE(plait({ QStringLiteral("profile"), folder, QStringLiteral("--calibrate"), out }).code, 2);
        const Run other = plait({ QStringLiteral("profile"), folder, QStringLiteral("--plan"),
            QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"), QStringLiteral("--calibrate"),
            m_dir.filePath(QStringLiteral("not.plait.json")) });
        QCOMPARE(other.code, 1);
        QVERIFY2(other.err.contains("not placed by the plan"), other.err.constData());
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("not.plait.json"))));
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
        for (const char* v : { "topology", "memory", "comm", "gantt", "report" })
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
            else if (view == QLatin1String("report")) // 1000 pixels and the timeline's lanes under them
                QVERIFY(image.width() == 1600 && image.height() > 1150);
            else if (view == QLatin1String("topology")) // cut to the cluster it shows, under its title
                QVERIFY(image.width() == 1400 && image.height() > 500 && image.height() <= 900 + 40);
            else // the chart and the title that names its plan
                QVERIFY(image.width() == 900 && image.height() > 560 && image.height() < 620);
        }
    }

    // A picture for a design review: only the figure under a title that names its plan, no buttons or hints; a size
    // the user asks for is the picture's size, title included.
    void renderDrawsTheFigureAndItsTitleOnly_data()
    {
        QTest::addColumn<QString>("view");
        for (const char* v : { "topology", "memory", "comm", "gantt", "report" })
            QTest::newRow(v) << QString::fromLatin1(v);
    }
    void renderDrawsTheFigureAndItsTitleOnly()
    {
        QFETCH(QString, view);
        const QString out = m_dir.filePath(view + QStringLiteral("-sized.svg"));
        const Run r = plait({ QStringLiteral("render"),
            QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"), QStringLiteral("--view"), view,
            QStringLiteral("--size"), QStringLiteral("1000x700"), QStringLiteral("--out"), out });
        QCOMPARE(r.code, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        QVERIFY(svg.contains("Llama 2 13B on 4 nodes")); // the plan's name, its title
        // Sized for a page: no wider than an A4 landscape page's 270 mm of text.
        const QRegularExpressionMatch width
            = QRegularExpression(QStringLiteral("width=\"([0-9.]+)mm\"")).match(QString::fromUtf8(svg));
        QVERIFY(width.hasMatch());
        QVERIFY2(
            width.captured(1).toDouble() <= 270.5 && width.captured(1).toDouble() > 200, qPrintable(width.captured(1)));
        for (const char* control : { "Open trace", "Export trace", "Reset zoom", "Ctrl+wheel", "Split:" })
            QVERIFY2(!svg.contains(control), control);
        const QString png = m_dir.filePath(view + QStringLiteral("-sized.png"));
        QCOMPARE(
            plait({ QStringLiteral("render"), QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"),
                      QStringLiteral("--view"), view, QStringLiteral("--size"), QStringLiteral("1000x700"),
                      QStringLiteral("--out"), png })
                .code,
            0);
        // The report's figures need more than 1000 × 700: laid out at what they need, scaled to the asked size.
        QCOMPARE(QImage(png).size(), QSize(1000, 700));
        QVERIFY(svg.contains("viewBox=\"0 0 1000 700\""));
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
        QCOMPARE(r.code, 2); // an unreadable input file, as the contract says
        QVERIFY2(r.err.contains(QByteArray(QByteArray("ends early after byte ") + QByteArray::number(text.size() / 2))),
            r.err.constData());
        r = plait({ QStringLiteral("render"), plan, QStringLiteral("--view"), QStringLiteral("gantt"),
            QStringLiteral("--trace"), m_dir.filePath(QStringLiteral("missing.trace.json")), QStringLiteral("--out"),
            out });
        QCOMPARE(r.code, 2);
    }

    // A trace whose plait.source is 150,000 characters gave a 0-byte PNG over the old one after 5.8 s and 3 GB; the
    // name is cut when read, and the picture keeps its width.
    void renderWithAHugeTraceNameKeepsItsSize()
    {
        const Run r
            = plait({ QStringLiteral("render"), QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"),
                QStringLiteral("--view"), QStringLiteral("gantt"), QStringLiteral("--trace"),
                QStringLiteral(PLAIT_SOURCE "/tests/fuzz/regressions/trace/huge-source-name.json"),
                QStringLiteral("--out"), m_dir.filePath(QStringLiteral("huge-source.png")) });
        QCOMPARE(r.code, 0);
        QCOMPARE(QImage(m_dir.filePath(QStringLiteral("huge-source.png"))).width(), 1400);
    }

    // A picture for Chinese reviewers: --lang puts the window's translations into the figure (the SVG keeps its text).
    void renderSpeaksTheLanguageAsked()
    {
        const QString out = m_dir.filePath(QStringLiteral("g-comm-zh.svg"));
        const Run r = plait({ QStringLiteral("render"), QStringLiteral(PLAIT_EXAMPLES "/g-7b-adam-one-gpu.plait.json"),
            QStringLiteral("--view"), QStringLiteral("comm"), QStringLiteral("--lang"), QStringLiteral("zh_CN"),
            QStringLiteral("--out"), out });
        QCOMPARE(r.code, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(f.readAll());
        QVERIFY2(svg.contains(QStringLiteral("没有通信")), "the empty chart's message, in Chinese");
        QVERIFY(!svg.contains(QStringLiteral("No communication")));
    }

    void renderRefusesUnknownViews()
    {
        const Run r = plait({ QStringLiteral("render"),
            QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"), QStringLiteral("--view"),
            QStringLiteral("pie"), QStringLiteral("--out"), m_dir.filePath(QStringLiteral("x.png")) });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("known: topology, memory, comm, gantt, report"));
    }

    // Bad options name the option and the value; the output file is left as it was.
    void renderRefusesBadOptions_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("size not WxH") << QStringList { QStringLiteral("--size"), QStringLiteral("big") }
                                      << QByteArray("--size must be WIDTHxHEIGHT");
        QTest::newRow("size too small") << QStringList { QStringLiteral("--size"), QStringLiteral("10x10") }
                                        << QByteArray("--size must be WIDTHxHEIGHT");
        QTest::newRow("from not a number") << QStringList { QStringLiteral("--view"), QStringLiteral("gantt"),
            QStringLiteral("--from"), QStringLiteral("soon") }
                                           << QByteArray("--from must be a time in seconds");
        QTest::newRow("from after to") << QStringList { QStringLiteral("--view"), QStringLiteral("gantt"),
            QStringLiteral("--from"), QStringLiteral("2"), QStringLiteral("--to"), QStringLiteral("1") }
                                       << QByteArray("--from must be earlier than --to");
        QTest::newRow("from outside gantt") << QStringList { QStringLiteral("--from"), QStringLiteral("1") }
                                            << QByteArray("applies to --view gantt only");
        QTest::newRow("unknown format") << QStringList { QStringLiteral("--out"), QStringLiteral("x.bmp") }
                                        << QByteArray("unknown output format");
    }
    void renderRefusesBadOptions()
    {
        QFETCH(QStringList, options);
        QFETCH(QByteArray, message);
        const QString out = writeFile(QStringLiteral("kept.png"), "an earlier picture");
        QStringList args { QStringLiteral("render"),
            QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"), QStringLiteral("--out"), out };
        args << options;
        const Run r = plait(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("an earlier picture"));
    }

    // plait search --framework and --max-ep: the plans listed run on the framework named and within the bound; an
    // unknown framework is bad usage.
    void searchTakesTheFrameworkAndAnEpBound()
    {
        const QString plan = QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json");
        const Run r = plait({ QStringLiteral("search"), plan, QStringLiteral("--top"), QStringLiteral("3"),
            QStringLiteral("--json"), QStringLiteral("--framework"), QStringLiteral("fsdp"), QStringLiteral("--max-ep"),
            QStringLiteral("1") });
        QCOMPARE(r.code, 0);
        const nlohmann::json out = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(out.size(), std::size_t(3));
        for (const auto& e : out) {
            QCOMPARE(e["training"]["framework"].get<std::string>(), std::string("fsdp"));
            QCOMPARE(e["parallel"]["ep"].get<int>(), 1);
        }
        const Run bad = plait({ QStringLiteral("search"), plan, QStringLiteral("--framework"), QStringLiteral("jax") });
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("--framework takes megatron, deepspeed, fsdp or any"), bad.err.constData());
        // Any: each framework as it runs the plan, ranked together, each line naming its own.
        const Run any = plait({ QStringLiteral("search"), plan, QStringLiteral("--top"), QStringLiteral("5"),
            QStringLiteral("--framework"), QStringLiteral("any") });
        QCOMPARE(any.code, 0);
        const QList<QByteArray> lines = any.out.split('\n');
        int ranked = 0;
        for (const QByteArray& line : lines)
            if (line.startsWith("  ") && line.contains(". tp ")) {
                ++ranked;
                QVERIFY2(line.contains(", megatron:") || line.contains(", deepspeed:") || line.contains(", fsdp:"),
                    line.constData());
            }
        QCOMPARE(ranked, 5);
        // Each plan listed says how far off the calibration's runs of its kind were, or that there are none.
        QCOMPARE(any.out.count("\n     published runs like it: "), 5);
        for (const auto& e : out)
            QVERIFY(e["time"]["similar_runs"]["of_runs"].get<int>() > 0);
    }

    // A write that cannot happen fails with the reason and exit 2, never an empty file.
    void renderIntoAMissingFolderFails()
    {
        const QString out = m_dir.filePath(QStringLiteral("no/such/folder/x.png"));
        const Run r = plait({ QStringLiteral("render"),
            QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"), QStringLiteral("--out"), out });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("cannot write"));
        QVERIFY(!QFile::exists(out));
    }

    void helpListsEveryCommand()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM")); // help needs no display
        const Run r = plait({ QStringLiteral("--help") }, env);
        QCOMPARE(r.code, 0);
        for (const char* command :
            { "evaluate", "search", "timeline", "render", "report", "import", "export", "profile" })
            QVERIFY2(r.out.contains(command), r.out.constData());
        for (const char* command :
            { "evaluate", "search", "timeline", "render", "report", "import", "export", "profile" }) {
            const Run sub = plait({ QString::fromLatin1(command), QStringLiteral("--help") }, env);
            QCOMPARE(sub.code, 0);
            QVERIFY2(sub.out.contains(QByteArray("plait ").append(command)), sub.out.constData());
        }
    }

    void misspeltCommandIsNotAPlan()
    {
        const Run r = plait({ QStringLiteral("evalute"), QStringLiteral("x.plait.json") });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("did you mean \"evaluate\""), r.err.constData());
    }

    // search answers an invalid plan as evaluate does: exit 1, the reasons on stderr and in the JSON.
    void searchExplainsWhyNothingIsListed_data()
    {
        QTest::addColumn<QByteArray>("plan");
        QTest::addColumn<int>("code");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("fp8 on an A100") << QByteArray(
            R"({"model":{"preset":"llama2-7b"},"cluster":{"gpu":"A100-SXM4-80GB","nodes":1,"gpus_per_node":8,"intra_node":"nvlink3-nvswitch"},"training":{"global_batch":64,"precision":"fp8"},"parallel":{"dp":8}})")
                                        << 1 << QByteArray("has no FP8 tensor cores");
        QTest::newRow("batch beyond the simulation limit") << QByteArray(
            R"({"model":{"preset":"llama2-7b"},"cluster":{"gpu":"A100-SXM4-80GB","nodes":1,"gpus_per_node":1,"intra_node":"nvlink3-nvswitch"},"training":{"global_batch":4294967296},"parallel":{}})")
                                                           << 1 << QByteArray("simulated forward passes");
        QTest::newRow("nothing fits") << QByteArray(
            R"({"model":{"preset":"gpt3-175b"},"cluster":{"gpu":"A100-SXM4-40GB","nodes":1,"gpus_per_node":8,"intra_node":"nvlink3-nvswitch"},"training":{"global_batch":64},"parallel":{"dp":8}})")
                                      << 0 << QByteArray("no plan fits in memory: the smallest (");
        QTest::newRow("not an object") << QByteArray("[1, 2]") << 1 << QByteArray("must be a JSON object, not array");
    }
    void searchExplainsWhyNothingIsListed()
    {
        QFETCH(QByteArray, plan);
        QFETCH(int, code);
        QFETCH(QByteArray, message);
        const QString path = writeFile(QStringLiteral("search.plait.json"), plan);
        const Run r = plait({ QStringLiteral("search"), path, QStringLiteral("--json") });
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(message), r.err.constData());
        if (code == 1)
            QVERIFY(r.err.contains(path.toUtf8()) || !r.err.contains("JSON object"));
        auto doc = plait::parseJson(r.out.toStdString());
        QVERIFY2(doc, r.out.constData());
        if (code == 1) {
            QCOMPARE(doc.value()["valid"].get<bool>(), false);
            QVERIFY(!doc.value()["errors"].empty());
        } else {
            QVERIFY(doc.value().is_array() && doc.value().empty());
        }
    }

    // Keys Plait does not read are kept, and named with the one most likely meant (a misspelt zero_stage used to
    // leave ZeRO at 0 without a word).
    void misspeltKeysAreNamed()
    {
        const QString path = writeFile(QStringLiteral("typo.plait.json"),
            R"({"model":{"preset":"llama2-7b"},"cluster":{"gpu":"A100-SXM4-80GB","nodes":1,"gpus_per_node":8,"intra_node":"nvlink3-nvswitch"},"training":{"global_batch":64,"zero_stge":3},"parallel":{"dp":8}})");
        const Run r = plait({ QStringLiteral("evaluate"), path, QStringLiteral("--json") });
        QCOMPARE(r.code, 0);
        auto doc = plait::parseJson(r.out.toStdString());
        QVERIFY(doc);
        bool named = false;
        for (const auto& w : doc.value()["warnings"])
            named = named
                || (w["code"] == "unknown-key"
                    && w["message"].get<std::string>().find("did you mean training.zero_stage?") != std::string::npos);
        QVERIFY2(named, r.out.constData());
    }

    // seq_len beside a preset overrides the preset's, checked like any field.
    void sequenceLengthBesideAPreset()
    {
        const QByteArray plan
            = R"({"model":{"preset":"llama2-7b","seq_len":SEQ},"cluster":{"gpu":"A100-SXM4-80GB","nodes":1,"gpus_per_node":8,"intra_node":"nvlink3-nvswitch"},"training":{"global_batch":64},"parallel":{"dp":8}})";
        QByteArray longer = plan;
        const Run r = plait({ QStringLiteral("evaluate"),
            writeFile(QStringLiteral("seq.plait.json"), longer.replace("SEQ", "8192")), QStringLiteral("--json") });
        QCOMPARE(r.code, 0);
        auto doc = plait::parseJson(r.out.toStdString());
        QVERIFY(doc);
        QCOMPARE(doc.value()["throughput"]["tokens_per_s"].get<double>() * doc.value()["time"]["step_s"].get<double>(),
            64.0 * 8192);
        QByteArray zero = plan;
        const Run bad = plait(
            { QStringLiteral("evaluate"), writeFile(QStringLiteral("seq0.plait.json"), zero.replace("SEQ", "0")) });
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains("model.seq_len: must be between 1 and 16777216, got 0"), bad.err.constData());
    }

    // The crash of the issue: a Chinese GPU name cut mid-character in the message aborted the JSON writer.
    void chineseNamesInMessagesStayValidJson()
    {
        const QString path = writeFile(QStringLiteral("ascend.plait.json"),
            R"({"model":{"preset":"llama2-7b"},"cluster":{"gpu":"昇腾昇腾昇腾昇腾昇腾昇腾昇腾昇腾昇腾昇腾昇腾","nodes":1},"training":{"global_batch":8},"parallel":{}})");
        const Run r = plait({ QStringLiteral("evaluate"), path, QStringLiteral("--json") });
        QCOMPARE(r.code, 1);
        auto doc = plait::parseJson(r.out.toStdString());
        QVERIFY2(doc, r.out.constData());
        QVERIFY(doc.value()["errors"][0]["message"].get<std::string>().find("昇腾昇腾") != std::string::npos);
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

    // Started with no arguments while a crashed session's plan waits for recovery: --quit-after ends the question
    // too, the waiting plan is kept (never deleted unseen), and the clean exit leaves no file or lock of its own.
    void quitAfterEndsTheRecoveryQuestion()
    {
        QTemporaryDir xdg;
        const QString autosave = xdg.filePath(QStringLiteral("Plait/plait/autosave"));
        QVERIFY(QDir().mkpath(autosave));
        QFile::copy(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"),
            autosave + QStringLiteral("/crashed.plait.json"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), xdg.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), xdg.path());
        QElapsedTimer clock;
        clock.start();
        const Run r = plait({ QStringLiteral("--quit-after"), QStringLiteral("1500") }, env);
        QCOMPARE(r.code, 0);
        QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(QDir(autosave).entryList(QDir::Files), QStringList { QStringLiteral("crashed.plait.json") });
    }

    void windowOpensOffscreen()
    {
        const Run r = plait({ QStringLiteral("--example"), QStringLiteral("h"), QStringLiteral("--quit-after"),
            QStringLiteral("300") });
        QCOMPARE(r.code, 0);
    }

    // nccl-tests logs into a plan: each measurement held against the plan's links, the slow node named, and the plan
    // written with its links calibrated from them, their source saying which file and hosts.
    void importNcclTestsCalibratesThePlan()
    {
        const QString data = QStringLiteral(PLAIT_TEST_DATA "/nccltests/");
        const QString out = m_dir.filePath(QStringLiteral("measured.plait.json"));
        const QString h100 = writeFile(QStringLiteral("b-h100.plait.json"), [] {
            QFile f(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"));
            f.open(QIODevice::ReadOnly);
            return f.readAll().replace("A100-SXM4-80GB", "H100-SXM5-80GB");
        }());
        const QStringList logs = { data + QStringLiteral("nccl-tests-2node-h100.log"),
            data + QStringLiteral("all_reduce_perf-per-node.log"),
            data + QStringLiteral("all_reduce_perf-1node-h100.txt") };
        // On the A100 plan these H100 measurements are compared but calibrate nothing (issue 40 C) …
        const Run a100 = plait(QStringList { QStringLiteral("import"), QStringLiteral("nccl-tests") } + logs
            + QStringList { QStringLiteral("--plan"),
                QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"), QStringLiteral("--json") });
        QVERIFY2(a100.code == 0, a100.err.constData());
        QVERIFY2(a100.out.contains("not the plan's A100-SXM4-80GB: compared, not applied"), a100.out.constData());
        // … and on the H100 plan they do.
        const Run r = plait(QStringList { QStringLiteral("import"), QStringLiteral("nccl-tests") } + logs
            + QStringList { QStringLiteral("--plan"), h100, QStringLiteral("--out"), out, QStringLiteral("--json") });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto doc = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(doc["measurements"].size(), std::size_t(6));
        bool outlier = false;
        for (const auto& f : doc["findings"])
            outlier = outlier
                || (f["code"] == "outlier" && f["message"].get<std::string>().find("on c04") != std::string::npos);
        QVERIFY2(outlier, r.out.constData());
        QVERIFY(doc["applied"].contains("intra_node") && doc["applied"].contains("inter_node"));
        // The written plan is a plan: it evaluates, and its inter-node link says where its rate came from.
        const Run ev = plait({ QStringLiteral("evaluate"), out, QStringLiteral("--json") });
        QCOMPARE(ev.code, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto plan = nlohmann::json::parse(f.readAll().toStdString());
        const std::string source = plan["cluster"]["inter_node"]["source"];
        QVERIFY2(source.find("nccl-tests-2node-h100.log") != std::string::npos
                && source.find("hgx-a01, hgx-a02") != std::string::npos,
            source.c_str());

        // An all-gather log sets the all-gather's rate on the link: alone, the link keeps its efficiency; beside an
        // all-reduce log of a node (each nccl-tests program writes its own), the all-reduce sets the efficiency and
        // the all-gather's rate is fitted on the link so recalibrated.
        const QString a1 = QStringLiteral(PLAIT_EXAMPLES "/a1-one-node-dp8.plait.json");
        auto a1Plan = plait::loadPlanFile(a1.toStdString());
        QVERIFY(a1Plan);
        for (const bool withAllReduce : { false, true }) {
            const QString gathered = m_dir.filePath(QStringLiteral("gathered.plait.json"));
            QStringList args = { QStringLiteral("import"), QStringLiteral("nccl-tests"),
                data + QStringLiteral("all_gather_perf-2x.txt") };
            if (withAllReduce)
                args << data + QStringLiteral("all_reduce_perf-1node-h100.txt");
            const Run ag = plait(args
                + QStringList { QStringLiteral("--plan"), a1, QStringLiteral("--any-gpu"), QStringLiteral("--out"),
                    gathered, QStringLiteral("--json") });
            QVERIFY2(ag.code == 0, ag.err.constData());
            const auto agDoc = nlohmann::json::parse(ag.out.toStdString());
            QCOMPARE(agDoc["applied"].contains("intra_node"), withAllReduce);
            QCOMPARE(agDoc["collective_rates"].size(), std::size_t(1));
            QVERIFY2(agDoc["collective_rates"][0]["applied"].get<bool>(), agDoc.dump().c_str());
            auto written = plait::loadPlanFile(gathered.toStdString());
            QVERIFY(written);
            const plait::LinkSpec& link = written.value().cluster.intraNode;
            QCOMPARE(link.collectiveRate("all-gather"), agDoc["collective_rates"][0]["rate_after"].get<double>());
            QVERIFY(link.collectiveRatesSource.find("all_gather_perf-2x.txt") != std::string::npos);
            QVERIFY(link.collectiveRatesSource.find("its all-gather sweep") != std::string::npos);
            QCOMPARE(link.efficiency != a1Plan.value().cluster.intraNode.efficiency, withAllReduce);
        }
    }

    void importNamesWhatIsWrong_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QByteArray>("says");
        const QString data = QStringLiteral(PLAIT_TEST_DATA "/nccltests/");
        QTest::newRow("unknown kind") << QStringList { QStringLiteral("import"), QStringLiteral("slurm"),
            data + QStringLiteral("all_gather_perf-2x.txt") }
                                      << 2 << QByteArray("unknown kind \"slurm\"");
        QTest::newRow("no file") << QStringList { QStringLiteral("import"), QStringLiteral("nccl-tests") } << 2
                                 << QByteArray("usage: plait import");
        QTest::newRow("--out without --plan") << QStringList { QStringLiteral("import"), QStringLiteral("nccl-tests"),
            data + QStringLiteral("all_gather_perf-2x.txt"), QStringLiteral("--out"), QStringLiteral("x.json") }
                                              << 2 << QByteArray("--out writes the plan given by --plan");
        QTest::newRow("a file that is not there") << QStringList { QStringLiteral("import"),
            QStringLiteral("nccl-tests"), QStringLiteral("/nonexistent/log") }
                                                  << 2 << QByteArray("cannot be read");
        QTest::newRow("a plan that is not nccl-tests") << QStringList { QStringLiteral("import"),
            QStringLiteral("nccl-tests"), QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json") }
                                                       << 2 << QByteArray("not an nccl-tests -J file");
    }
    void importNamesWhatIsWrong()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QByteArray, says);
        const Run r = plait(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(says), r.err.constData());
    }

    // A Megatron-LM launch script into a plan and back out, as a user would: import over example h's cluster,
    // evaluate what was written, export it as Megatron-LM arguments, torchtitan refusing it with the reason (ZeRO-1),
    // and the rank map with the hosts named.
    void launchConfigInAndOut()
    {
        const QString plan = m_dir.filePath(QStringLiteral("gpt3.plait.json"));
        const Run in = plait({ QStringLiteral("import"), QStringLiteral("auto"),
            QStringLiteral(PLAIT_TEST_DATA "/launch/megatron-gpt3-175b.sh"), QStringLiteral("--plan"),
            QStringLiteral(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json"), QStringLiteral("--out"), plan,
            QStringLiteral("--json") });
        QVERIFY2(in.code == 0, in.err.constData());
        const auto doc = nlohmann::json::parse(in.out.toStdString());
        QCOMPARE(doc["plan"]["parallel"]["tp"].get<int>(), 8);
        QCOMPARE(doc["not_modelled"].size(), std::size_t(0));
        QCOMPARE(doc["no_effect"].size(), std::size_t(20));
        QCOMPARE(doc["launcher"].size(), std::size_t(3)); // torchrun's --node_rank, --master_addr, --master_port
        QCOMPARE(plait({ QStringLiteral("evaluate"), plan }).code, 0);

        const Run out = plait({ QStringLiteral("export"), plan, QStringLiteral("--to"), QStringLiteral("megatron") });
        QVERIFY2(out.code == 0, out.err.constData());
        QVERIFY(out.out.contains("--tensor-model-parallel-size 8\n"));
        // One job over the 128 nodes: each joins with its rank at node 0's address (issue 40 D).
        QVERIFY(out.out.contains("torchrun --nnodes 128 --nproc-per-node 8 --node-rank \"${NODE_RANK:?"));
        QVERIFY(out.out.contains("--master-addr \"${MASTER_ADDR:?"));
        QVERIFY(out.out.contains("\" pretrain_gpt.py \"${PLAIT_ARGS[@]}\""));

        const QString toml = m_dir.filePath(QStringLiteral("job.toml"));
        const Run titan = plait({ QStringLiteral("export"), plan, QStringLiteral("--to"), QStringLiteral("torchtitan"),
            QStringLiteral("--out"), toml });
        QCOMPARE(titan.code, 1);
        QVERIFY2(titan.err.contains("FSDP has no ZeRO-1"), titan.err.constData());
        QVERIFY(!QFile::exists(toml)); // nothing written

        const QString ranks = m_dir.filePath(QStringLiteral("ranks.txt"));
        QString hosts;
        for (int n = 0; n < 128; ++n)
            hosts += QStringLiteral("%1gpu%2").arg(n ? QStringLiteral(",") : QString()).arg(n, 3, 10, QLatin1Char('0'));
        const Run map = plait({ QStringLiteral("export"), plan, QStringLiteral("--to"), QStringLiteral("hostfile"),
            QStringLiteral("--hosts"), hosts, QStringLiteral("--out"), ranks });
        QVERIFY2(map.code == 0, map.err.constData());
        QFile f(ranks);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("1023\tgpu127\t7\t7\t0\t7\t15\n")); // the last rank: tp 7, dp 7, pp 15
        QVERIFY(text.contains("gpu127 slots=8\n"));

        // Names go unquoted into the printed torchrun lines: what is not a host name is refused (issue 39 B).
        for (const QString& bad : { QStringLiteral("a;touch /tmp/x"), QStringLiteral("$(id)"), QStringLiteral("-rf"),
                 QStringLiteral("a..b"), QString(300, QLatin1Char('a')) }) {
            const Run refused = plait({ QStringLiteral("export"), plan, QStringLiteral("--to"),
                QStringLiteral("hostfile"), QStringLiteral("--hosts"), QStringLiteral("good-host,") + bad });
            QCOMPARE(refused.code, 2);
            QVERIFY2(refused.err.contains("is not a host name"), refused.err.constData());
        }
        const Run v6 = plait({ QStringLiteral("export"), plan, QStringLiteral("--to"), QStringLiteral("hostfile"),
            QStringLiteral("--hosts"), QStringLiteral("10.0.0.1,fe80::1,node-07.cluster.local") });
        QVERIFY2(v6.code == 0, v6.err.constData());
    }

    // Two nodes' NCCL topology dumps as the cluster of example b's plan on H100s: node b's slow NIC named, the plan
    // written on the cluster they describe.
    void importTopologyNamesTheSlowNode()
    {
        const QString data = QStringLiteral(PLAIT_TEST_DATA "/topology/");
        const QString base = writeFile(QStringLiteral("h100.plait.json"), [] {
            QFile f(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"));
            f.open(QIODevice::ReadOnly);
            return f.readAll().replace("A100-SXM4-80GB", "H100-SXM5-80GB");
        }());
        const QString out = m_dir.filePath(QStringLiteral("two-nodes.plait.json"));
        const Run r = plait({ QStringLiteral("import"), QStringLiteral("topology"),
            data + QStringLiteral("nccl-topo-h100-a.xml"), data + QStringLiteral("nccl-topo-h100-b.xml"),
            QStringLiteral("--plan"), base, QStringLiteral("--out"), out, QStringLiteral("--json") });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto doc = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(doc["nodes"].size(), std::size_t(2));
        QCOMPARE(doc["nodes"][1]["findings"][0]["code"].get<std::string>(), std::string("node-differs"));
        QVERIFY(doc["nodes"][0]["nics"][3]["near_gpus"] == nlohmann::json::array({ 3 }));
        QCOMPARE(doc["cluster"]["inter_node"].get<std::string>(), std::string("ib-ndr"));
        QCOMPARE(doc["cluster"]["node_links"][0]["inter_node"].get<std::string>(), std::string("ib-hdr"));
        QCOMPARE(plait({ QStringLiteral("evaluate"), out }).code, 0);
        // Example b needs 16 GPUs: one 8-GPU node is refused with the reason, nothing written.
        const Run small = plait({ QStringLiteral("import"), QStringLiteral("topology"),
            data + QStringLiteral("nccl-topo-h100-a.xml"), QStringLiteral("--plan"), base });
        QCOMPARE(small.code, 2);
        QVERIFY2(small.err.contains("need 16 GPUs and the imported cluster has 8"), small.err.constData());
    }

    void launchConfigNamesWhatIsWrong_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QByteArray>("says");
        const QString data = QStringLiteral(PLAIT_TEST_DATA "/launch/");
        const QString h = QStringLiteral(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json");
        QTest::newRow("import without --plan") << QStringList { QStringLiteral("import"), QStringLiteral("megatron"),
            data + QStringLiteral("megatron-gpt3-175b.sh") }
                                               << 2 << QByteArray("does not say which GPUs");
        QTest::newRow("two values for one flag") << QStringList { QStringLiteral("import"), QStringLiteral("megatron"),
            data + QStringLiteral("megatron-conflict.sh"), QStringLiteral("--plan"),
            h } << 2 << QByteArray("megatron-conflict.sh: line 7: --tensor-model-parallel-size 2 conflicts with");
        QTest::newRow("not a launch config")
            << QStringList { QStringLiteral("import"), QStringLiteral("auto"), h, QStringLiteral("--plan"), h } << 2
            << QByteArray("is none of a Megatron-LM command line");
        QTest::newRow("export without --to")
            << QStringList { QStringLiteral("export"), h } << 2 << QByteArray("--to is required");
        QTest::newRow("export to an unknown format")
            << QStringList { QStringLiteral("export"), h, QStringLiteral("--to"), QStringLiteral("slurm") } << 2
            << QByteArray("unknown format \"slurm\"");
        // Hostile files: past the size limits (refused before they are read), binary junk, a table cut short.
        const QString big = writeFile(QStringLiteral("huge.sh"), QByteArray(5 << 20, '#'));
        QTest::newRow("a launch file of 5 MiB") << QStringList { QStringLiteral("import"), QStringLiteral("auto"), big,
            QStringLiteral("--plan"), h } << 2 << QByteArray("is 5 MiB; a launch configuration is at most 4 MiB");
        QByteArray junk(64 << 10, '\0');
        for (int i = 0; i < junk.size(); ++i)
            junk[i] = char((i * 2654435761u) >> 13);
        const QString binary = writeFile(QStringLiteral("junk.bin"), junk);
        QTest::newRow("binary junk as a launch config")
            << QStringList { QStringLiteral("import"), QStringLiteral("auto"), binary, QStringLiteral("--plan"), h }
            << 2 << QByteArray("is none of a Megatron-LM command line");
        QTest::newRow("binary junk as a node")
            << QStringList { QStringLiteral("import"), QStringLiteral("topology"), binary, QStringLiteral("--plan"), h }
            << 2 << QByteArray("is neither nvidia-smi topo -m output");
        const QString hugeDump = writeFile(QStringLiteral("huge.xml"), QByteArray(17 << 20, ' '));
        QTest::newRow("a node dump of 17 MiB") << QStringList { QStringLiteral("import"), QStringLiteral("topology"),
            hugeDump, QStringLiteral("--plan"), h }
                                               << 2 << QByteArray("is 17 MiB; a node's description is at most 16 MiB");
        const QString cut = writeFile(QStringLiteral("cut.txt"),
            QByteArray("\tGPU0\tGPU1\tGPU2\tCPU Affinity\nGPU0\t X \tNV12\tNV12\t0-7\nGPU1\tNV12\t X "));
        QTest::newRow("a matrix cut short")
            << QStringList { QStringLiteral("import"), QStringLiteral("topology"), cut, QStringLiteral("--plan"), h }
            << 2 << QByteArray("line 3: GPU1 has 2 cells for 3 devices");
        // (A ZeRO-3 JSON over a pipelined plan once did; since issue 40 its pipeline ranks go to data parallelism.)
        const QString uneven = writeFile(QStringLiteral("uneven.sh"),
            "python pretrain_gpt.py --num-layers 30 --hidden-size 1024 --num-attention-heads 16 --seq-length 1024 "
            "--micro-batch-size 1 --global-batch-size 1024 --bf16 --pipeline-model-parallel-size 4\n");
        QTest::newRow("an imported plan that does not divide")
            << QStringList { QStringLiteral("import"), QStringLiteral("megatron"), uneven, QStringLiteral("--plan"), h }
            << 1 << QByteArray("the imported plan: parallel.pp: layers (30) must divide by pp");
    }
    void launchConfigNamesWhatIsWrong()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QByteArray, says);
        const Run r = plait(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(says), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
