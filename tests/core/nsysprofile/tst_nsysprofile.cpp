// Nsight Systems' SQLite export read as a job's ranks (issue 43 A): the same generated job written as Kineto traces
// and as nsys reports must read to the same steps, breakdowns, collectives and straggler; reports of a whole node
// number their processes as torchrun does; broken and foreign files are named, never read as a profile.
#include "jobprofile.h"
#include "kinetogen.h"
#include "kinetoprofile.h"
#include "nsysgen.h"
#include "nsysprofile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <sqlite3.h>

using namespace plait;

Q_DECLARE_METATYPE(plait::NsysSteps)

namespace {
std::vector<double> skews(int ranks, double spread)
{
    std::vector<double> s;
    for (int r = 0; r < ranks; ++r)
        s.push_back(spread * std::sin(1.7 * r + 0.3));
    return s;
}

GeneratedJob straggling(int ranks)
{
    GeneratedJob job;
    job.ranks = ranks;
    job.steps = 4;
    job.clockSkewUs = skews(ranks, 50'000);
    job.stragglerRank = 5;
    job.stragglerSlowdown = 1.2;
    job.launchGapUs = 3;
    return job;
}

RankProfile kinetoRank(const GeneratedJob& job, int rank)
{
    auto r = readKinetoProfile(kinetoRankTrace(job, rank).dump());
    if (!r)
        qFatal("generated trace not read: %s", r.errorText().c_str());
    return r.value();
}

std::vector<RankProfile> readReport(const QString& path)
{
    const Result<std::vector<RankProfile>> r = readProfileFile(path.toStdString());
    if (!r)
        qFatal("report not read: %s", r.errorText().c_str());
    return r.value();
}

bool near(double a, double b)
{
    return std::abs(a - b) < 0.01;
} // µs: the report keeps nanoseconds

bool hasProblem(const RankProfile& p, const char* part)
{
    for (const Message& problem : p.problems)
        if (messageText(problem).find(part) != std::string::npos)
            return true;
    return false;
}

// The problems as the command line says them.
std::vector<std::string> texts(const std::vector<Message>& problems)
{
    std::vector<std::string> out;
    for (const Message& m : problems)
        out.push_back(messageText(m));
    return out;
}
}

class TestNsysProfile : public QObject {
    Q_OBJECT
private slots:
    void sameJobReadsTheSameBothWays_data()
    {
        QTest::addColumn<NsysSteps>("marks");
        QTest::newRow("ProfilerStep#N ranges") << NsysSteps::ProfilerStep;
        QTest::newRow("Optimizer.step ranges only") << NsysSteps::Optimizer;
    }
    void sameJobReadsTheSameBothWays()
    {
        QFETCH(NsysSteps, marks);
        const GeneratedJob job = straggling(8);
        QTemporaryDir dir;
        std::vector<RankProfile> kineto, nsys;
        for (int r = 0; r < job.ranks; ++r) {
            const QString path = dir.filePath(QStringLiteral("report_rank%1.sqlite").arg(r));
            QCOMPARE(writeNsysReport(path.toStdString(), { kinetoRankTrace(job, r) }, marks), std::string());
            std::vector<RankProfile> read = readReport(path);
            QCOMPARE(int(read.size()), 1);
            nsys.push_back(std::move(read.front()));
            kineto.push_back(kinetoRank(job, r));
        }
        // Between optimizer ends there is one step fewer: the first has no optimizer before it.
        const std::size_t skipped = marks == NsysSteps::Optimizer ? 1 : 0;
        for (int r = 0; r < job.ranks; ++r) {
            const RankProfile &k = kineto[std::size_t(r)], &n = nsys[std::size_t(r)];
            QCOMPARE(n.rank, r);
            QVERIFY(hasProblem(n, "read from the file name"));
            QVERIFY(hasProblem(n, "CUDA stream"));
            QCOMPARE(n.steps.size(), k.steps.size() - skipped);
            QCOMPARE(hasProblem(n, "from one Optimizer.step's end"), marks == NsysSteps::Optimizer);
            for (std::size_t s = 0; s < n.steps.size(); ++s) {
                const ProfileStep &ks = k.steps[s + skipped], &ns = n.steps[s];
                QVERIFY2(near(ns.startUs, ks.startUs) && near(ns.endUs, ks.endUs),
                    qPrintable(QStringLiteral("rank %1 step %2: %3–%4 µs, Kineto's %5–%6")
                                   .arg(r)
                                   .arg(s)
                                   .arg(ns.startUs, 0, 'f', 3)
                                   .arg(ns.endUs, 0, 'f', 3)
                                   .arg(ks.startUs, 0, 'f', 3)
                                   .arg(ks.endUs, 0, 'f', 3)));
                const StepBreakdown &kb = k.breakdown[s + skipped], &nb = n.breakdown[s];
                QVERIFY(near(nb.gemmUs, kb.gemmUs) && near(nb.attentionUs, kb.attentionUs));
                QVERIFY(near(nb.otherKernelUs, kb.otherKernelUs) && near(nb.idleUs, kb.idleUs));
                // The launches' ends say which kernels waited in the queue, as Kineto's do.
                QCOMPARE(nb.computeKernels, kb.computeKernels);
                QCOMPARE(nb.queued.gaps, double(job.kernelsPerStep - 1));
                QCOMPARE(nb.queued.gaps, kb.queued.gaps);
                QVERIFY(near(nb.queued.us, kb.queued.us));
                QCOMPARE(nb.collectives.size(), kb.collectives.size());
                QCOMPARE(nb.collectives[0].collective, std::string("allreduce"));
                QVERIFY(near(nb.collectives[0].totalUs, kb.collectives[0].totalUs));
                QVERIFY(near(nb.collectives[0].exposedUs, kb.collectives[0].exposedUs));
            }
            QCOMPARE(n.collectives.kernels.size(), k.collectives.kernels.size());
            QCOMPARE(n.collectives.kernels[0].group, std::string("stream 20"));
            // The launching thread gives each kernel of the last step its pass, as in Kineto.
            QCOMPARE(n.lastStepKernels.size(), k.lastStepKernels.size());
            for (std::size_t i = 0; i < n.lastStepKernels.size(); ++i)
                QCOMPARE(int(n.lastStepKernels[i].pass), int(k.lastStepKernels[i].pass));
        }
        // The clocks and the straggler come out as from Kineto's traces.
        const JobProfile fromKineto = summarizeJob(kineto), fromNsys = summarizeJob(nsys);
        QCOMPARE(fromNsys.stragglerIndex, 5);
        QCOMPARE(fromNsys.stragglerIndex, fromKineto.stragglerIndex);
        for (int r = 0; r < job.ranks; ++r)
            QVERIFY(near(fromNsys.alignment.offsetUs[std::size_t(r)], fromKineto.alignment.offsetUs[std::size_t(r)]));
        QVERIFY(fromNsys.alignment.worstResidualUs < 0.01);
    }

    // nsys around torchrun: one report per node holding every local rank's process.
    void nodeReportsNumberTheirProcessesAsTorchrun()
    {
        const GeneratedJob job = straggling(16);
        QTemporaryDir dir;
        std::vector<RankProfile> ranks;
        for (int node = 0; node < 2; ++node) {
            std::vector<nlohmann::json> traces;
            for (int local = 0; local < 8; ++local)
                traces.push_back(kinetoRankTrace(job, 8 * node + local));
            const QString path = dir.filePath(QStringLiteral("job-node%1.sqlite").arg(node));
            QCOMPARE(writeNsysReport(path.toStdString(), traces), std::string());
            const std::vector<RankProfile> read = readReport(path);
            QCOMPARE(int(read.size()), 8);
            ranks.insert(ranks.end(), read.begin(), read.end());
        }
        for (int r = 0; r < 16; ++r) {
            QCOMPARE(ranks[std::size_t(r)].rank, r);
            QVERIFY(hasProblem(ranks[std::size_t(r)], "as torchrun numbers ranks"));
        }
        const JobProfile job16 = summarizeJob(ranks);
        QCOMPARE(job16.stragglerIndex, 5);
        QVERIFY(job16.alignment.worstResidualUs < 0.01);
        const std::vector<std::string> said16 = texts(job16.problems);
        for (const std::string& p : said16)
            QVERIFY2(p.find("given twice") == std::string::npos, p.c_str());
        // A note every rank of a report has is said once, for the ranks it concerns.
        QVERIFY(std::count(said16.begin(), said16.end(),
                    "ranks 0–7: numbered as torchrun numbers ranks (Nsight Systems does not record them): node 0 (from "
                    "job-node0.sqlite) × 8 processes + the process's CUDA device")
            == 1);
        QVERIFY(std::count_if(said16.begin(), said16.end(), [](const std::string& p) {
            return p.rfind("ranks 0–15: Nsight Systems records no process", 0) == 0;
        }) == 1);
    }

    void unnamedReportsAndUnmarkedStepsAreSaid()
    {
        GeneratedJob job;
        job.ranks = 2;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("profile.sqlite"));
        QCOMPARE(writeNsysReport(path.toStdString(), { kinetoRankTrace(job, 1) }, NsysSteps::None), std::string());
        const std::vector<RankProfile> read = readReport(path);
        QCOMPARE(int(read.size()), 1);
        QCOMPARE(read[0].rank, -1);
        QVERIFY(hasProblem(read[0], "report_rank%q{RANK}"));
        QVERIFY(hasProblem(read[0], "does not mark its training steps"));
        QVERIFY(read[0].steps.empty());
        QVERIFY(!read[0].collectives.kernels.empty());
        // The job's problems name it as unnamed, not as "rank -1".
        const JobProfile job1 = summarizeJob(read);
        const std::vector<std::string> said1 = texts(job1.problems);
        QVERIFY(std::any_of(said1.begin(), said1.end(),
            [](const std::string& p) { return p.rfind("an unnamed rank: which rank process", 0) == 0; }));
    }

    void brokenAndForeignFilesAreNamed_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("said");
        QTest::newRow("text with an .sqlite name") << QByteArray("not a database at all\n") << QStringLiteral("SQLite");
        QTest::newRow("an SQLite header and then nothing")
            << QByteArray("SQLite format 3\0", 16) + QByteArray(84, '\0') << QStringLiteral("SQLite");
    }
    void brokenAndForeignFilesAreNamed()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, said);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rank0.sqlite"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        const Result<std::vector<RankProfile>> r = readNsysProfileFile(path.toStdString());
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.errorText()).contains(said), r.errorText().c_str());
        QVERIFY(QString::fromStdString(r.errorText()).contains(QStringLiteral("rank0.sqlite")));
    }

    // A report cut short in transfer: its first pages are there, its tables' pages are not.
    void aTruncatedReportIsRefused()
    {
        GeneratedJob job;
        job.ranks = 2;
        QTemporaryDir dir;
        const QString whole = dir.filePath(QStringLiteral("whole.sqlite"));
        QCOMPARE(writeNsysReport(whole.toStdString(), { kinetoRankTrace(job, 0) }), std::string());
        QFile in(whole);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray bytes = in.readAll();
        QVERIFY(bytes.size() > 3 * 4096);
        const QString cut = dir.filePath(QStringLiteral("rank0.sqlite"));
        QFile out(cut);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes.left(bytes.size() / 2));
        out.close();
        const Result<std::vector<RankProfile>> r = readProfileFile(cut.toStdString());
        QVERIFY2(!r, "half a report read as a profile");
        QVERIFY2(QString::fromStdString(r.errorText()).contains(QStringLiteral("rank0.sqlite")), r.errorText().c_str());
    }

    void aDatabaseOfSomethingElseIsRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("notes.sqlite"));
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "CREATE TABLE notes (id INTEGER, body TEXT)", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        const Result<std::vector<RankProfile>> r = readProfileFile(path.toStdString());
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.errorText()).contains(QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL")),
            r.errorText().c_str());
    }

    void readingCanBeCancelled()
    {
        GeneratedJob job;
        job.ranks = 2;
        job.steps = 8000; // over 65,536 rows
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rank0.sqlite"));
        QCOMPARE(writeNsysReport(path.toStdString(), { kinetoRankTrace(job, 0) }), std::string());
        TraceReadOptions options;
        options.progress = [](std::size_t, std::size_t) { return false; };
        const Result<std::vector<RankProfile>> r = readNsysProfileFile(path.toStdString(), options);
        QVERIFY(!r);
        QVERIFY2(r.errorText().find("cancelled") != std::string::npos, r.errorText().c_str());
    }
};

QTEST_GUILESS_MAIN(TestNsysProfile)
#include "tst_nsysprofile.moc"
