#include "mutate.h"
#include "mutatetext.h"
#include "plan.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <cmath>
#include <map>
#include <mutex>
#include <thread>

// Every headless command over a generated corpus of hostile plans (tests/app/hostile/mutate.h), each run with a
// time budget. A run fails on a signal, on passing the budget, on an exit code outside the contract
// (shared/contracts/plan-and-cli.md: 0, 1, 2), on exit 0 with output that is not valid UTF-8 JSON or holds a
// figure outside its physical range, on an error exit without a message, and on an output file that a failed run
// replaced. PLAIT_HOSTILE_COUNT, PLAIT_HOSTILE_SEED and PLAIT_HOSTILE_BUDGET_S change the corpus and the budget;
// failing inputs are kept in hostile-failures/ beside the test.
class TestHostileInput : public QObject {
    Q_OBJECT

    enum Outcome { Ok, Crash, Hang, WrongExit, BadOutput, Disagree, Outcomes };

    struct Job {
        int input = 0;
        QString command; // evaluate, search, timeline, render
        QStringList args;
        QString outFile; // where the command writes, pre-filled with a sentinel
    };
    struct Verdict {
        Outcome outcome = Ok;
        int exitCode = -1;
        QString why;
        double seconds = 0;
    };

    static constexpr const char* kSentinel = "a good file from an earlier run\n";

    static int envInt(const char* name, int fallback)
    {
        bool ok = false;
        const int v = qEnvironmentVariableIntValue(name, &ok);
        return ok ? v : fallback;
    }

    // The figure checks every evaluation must pass: finite (a JSON null stands for NaN or infinity) and in range.
    static QStringList figureProblems(const nlohmann::json& e)
    {
        QStringList bad;
        auto number = [&](const nlohmann::json& parent, const char* key, const QString& where) -> double {
            if (!parent.is_object() || !parent.contains(key) || !parent[key].is_number()) {
                bad << where + QLatin1Char('.') + QLatin1String(key) + QStringLiteral(" is missing or not a number");
                return std::nan("");
            }
            return parent[key].get<double>();
        };
        auto inRange = [&](double v, double lo, double hi, const QString& what) {
            if (!(v >= lo && v <= hi))
                bad << QStringLiteral("%1 = %2 outside [%3, %4]").arg(what).arg(v, 0, 'g', 17).arg(lo).arg(hi);
        };
        if (!e.is_object() || !e.value("valid", false)) {
            bad << QStringLiteral("not a valid evaluation");
            return bad;
        }
        const double params = number(e, "params_total", QString());
        inRange(params, 1, 9.2e18, QStringLiteral("params_total")); // what a 64-bit count holds
        const nlohmann::json mem = e.value("memory", nlohmann::json());
        const double capacity = number(mem, "capacity_bytes", QStringLiteral("memory"));
        inRange(capacity, 1, 1e16, QStringLiteral("capacity_bytes"));
        const double peak = number(mem, "peak_bytes", QStringLiteral("memory"));
        inRange(peak, 1, 9.2e18, QStringLiteral("peak_bytes"));
        double highest = 0;
        for (const auto& s : mem.value("stages", nlohmann::json::array())) {
            double sum = 0;
            for (const char* k :
                { "weights_bytes", "grads_bytes", "optimizer_bytes", "activations_bytes", "other_bytes" }) {
                const double v = number(s, k, QStringLiteral("memory.stages"));
                inRange(v, 0, 9.2e18, QLatin1String(k));
                sum += v;
            }
            const double total = number(s, "total_bytes", QStringLiteral("memory.stages"));
            if (std::abs(total - sum) > 8 + 1e-12 * sum)
                bad << QStringLiteral("a stage's total_bytes %1 is not the sum of its parts %2").arg(total).arg(sum);
            highest = std::max(highest, total);
        }
        if (std::abs(highest - peak) > 1 + 1e-12 * peak)
            bad << QStringLiteral("peak_bytes %1 is not the largest stage total %2").arg(peak).arg(highest);
        const nlohmann::json time = e.value("time", nlohmann::json());
        const double step = number(time, "step_s", QStringLiteral("time"));
        inRange(step, 1e-12, 1e12, QStringLiteral("step_s"));
        inRange(number(time, "compute_s", QStringLiteral("time")), 0, step * (1 + 1e-9), QStringLiteral("compute_s"));
        inRange(number(time, "bubble_fraction", QStringLiteral("time")), 0, 1, QStringLiteral("bubble_fraction"));
        inRange(number(time, "exposed_comm_s", QStringLiteral("time")), 0, step * (1 + 1e-9),
            QStringLiteral("exposed_comm_s"));
        for (const auto& c : e.value("comm", nlohmann::json::array())) {
            const double t = number(c, "time_s", QStringLiteral("comm"));
            inRange(t, 0, 1e12, QStringLiteral("comm time_s"));
            // Exposed times are differences on the step's clock: allow their rounding.
            inRange(number(c, "exposed_s", QStringLiteral("comm")), 0, t * (1 + 1e-9) + 1e-9 * step,
                QStringLiteral("comm %1 exposed_s").arg(QString::fromStdString(c.value("collective", ""))));
            inRange(number(c, "bytes_per_step", QStringLiteral("comm")), 0, 9.2e18, QStringLiteral("bytes_per_step"));
        }
        const nlohmann::json tp = e.value("throughput", nlohmann::json());
        inRange(number(tp, "tokens_per_s", QStringLiteral("throughput")), 1e-12, 1e18, QStringLiteral("tokens_per_s"));
        const double mfu = number(tp, "mfu", QStringLiteral("throughput"));
        const double hfu = number(tp, "hfu", QStringLiteral("throughput"));
        inRange(mfu, 0, 1, QStringLiteral("mfu"));
        inRange(hfu, mfu * (1 - 1e-9), 1, QStringLiteral("hfu"));
        const double peakTflops = number(tp, "peak_tflops", QStringLiteral("throughput"));
        inRange(number(tp, "hardware_tflops_per_gpu", QStringLiteral("throughput")), 0, peakTflops * (1 + 1e-9),
            QStringLiteral("hardware_tflops_per_gpu"));
        return bad;
    }

    static bool parseJsonText(const QByteArray& text, nlohmann::json* out, QString* why)
    {
        try {
            *out = nlohmann::json::parse(text.begin(), text.end()); // rejects invalid UTF-8 and a second document
            return true;
        } catch (const std::exception& e) {
            *why = QStringLiteral("output is not one valid JSON document: %1").arg(QString::fromUtf8(e.what()));
            return false;
        }
    }

    // What a successful run must have written.
    static QString outputProblem(const Job& job)
    {
        QFile f(job.outFile);
        if (!f.open(QIODevice::ReadOnly))
            return QStringLiteral("exit 0 but no output file");
        if (f.size() == 0)
            return QStringLiteral("exit 0 with an empty output file");
        const QString suffix = QFileInfo(job.outFile).suffix();
        if (job.command == QLatin1String("timeline")) {
            if (f.size() > (16 << 20)) { // too large to parse here (minutes under ASan): its ends, then
                const QByteArray head = f.read(64);
                f.seek(f.size() - 8);
                return head.startsWith("{\"displayTimeUnit\"") && f.readAll().contains("]}")
                    ? QString()
                    : QStringLiteral("large trace without its opening or closing");
            }
            nlohmann::json doc;
            QString why;
            if (!parseJsonText(f.readAll(), &doc, &why))
                return why;
            return doc.contains("traceEvents") ? QString() : QStringLiteral("trace without traceEvents");
        }
        if (job.command == QLatin1String("import")) { // exit 0 promises a plan the loader accepts (issue 39 B)
            nlohmann::json doc;
            QString why;
            if (!parseJsonText(f.readAll(), &doc, &why))
                return why;
            const auto plan = plait::planFromJson(doc);
            return plan ? QString()
                        : QStringLiteral("exit 0 wrote a plan the loader refuses: %1")
                              .arg(QString::fromStdString(plan.errorText()).left(300));
        }
        if (suffix == QLatin1String("png"))
            return QImage(job.outFile).isNull() ? QStringLiteral("PNG does not decode") : QString();
        const QByteArray bytes = f.readAll();
        if (suffix == QLatin1String("pdf"))
            return bytes.startsWith("%PDF") && bytes.contains("%%EOF") ? QString() : QStringLiteral("broken PDF");
        return bytes.contains("<svg") && bytes.contains("</svg>") ? QString() : QStringLiteral("broken SVG");
    }

    static Verdict run(const Job& job, int budgetMs)
    {
        Verdict v;
        if (!job.outFile.isEmpty()) {
            QFile sentinel(job.outFile);
            sentinel.open(QIODevice::WriteOnly);
            sentinel.write(kSentinel);
        }
        QProcess p;
        QElapsedTimer clock;
        clock.start();
        p.start(QStringLiteral(PLAIT_BIN), QStringList { job.command } + job.args);
        const bool finished = p.waitForFinished(budgetMs);
        v.seconds = clock.elapsed() / 1e3;
        if (!finished) {
            p.kill();
            p.waitForFinished(5000);
            v.outcome = Hang;
            v.why = QStringLiteral("still running after %1 s").arg(budgetMs / 1000);
            return v;
        }
        if (p.exitStatus() == QProcess::CrashExit) {
            v.outcome = Crash;
            v.why = QStringLiteral("killed by a signal; stderr: %1")
                        .arg(QString::fromUtf8(p.readAllStandardError().right(300)));
            return v;
        }
        v.exitCode = p.exitCode();
        const QByteArray out = p.readAllStandardOutput(), err = p.readAllStandardError();
        if (v.exitCode < 0 || v.exitCode > 2) {
            v.outcome = WrongExit;
            v.why = QStringLiteral("exit code %1; stderr: %2").arg(v.exitCode).arg(QString::fromUtf8(err.right(300)));
            return v;
        }
        auto bad = [&](const QString& why) {
            v.outcome = BadOutput;
            v.why = why;
            return v;
        };
        if (v.exitCode != 0 && err.trimmed().isEmpty())
            return bad(QStringLiteral("exit %1 without a message on stderr").arg(v.exitCode));
        // The evaluation's own range check caught a figure out of its physical range: a cost-model bug.
        if (err.contains("internal check failed"))
            return bad(QString::fromUtf8(err.left(400)));
        if (v.exitCode != 0 && !job.outFile.isEmpty()) {
            QFile f(job.outFile);
            f.open(QIODevice::ReadOnly);
            if (f.readAll() != kSentinel)
                return bad(QStringLiteral("a failed run (exit %1) replaced the output file").arg(v.exitCode));
        }
        const bool json = job.args.contains(QStringLiteral("--json"));
        if (json && v.exitCode != 2) {
            nlohmann::json doc;
            QString why;
            if (!parseJsonText(out, &doc, &why))
                return bad(why);
            if (v.exitCode == 1) {
                // search, like evaluate, answers an invalid plan with the contract's object and its errors.
                const bool explained
                    = doc.is_object() && !doc.value("valid", true) && !doc.value("errors", nlohmann::json()).empty();
                if (!explained)
                    return bad(QStringLiteral("exit 1 but the JSON names no error"));
                return v;
            }
            const nlohmann::json list = job.command == QLatin1String("search") ? doc : nlohmann::json::array({ doc });
            if (!list.is_array())
                return bad(QStringLiteral("search output is not a list"));
            for (const auto& e : list)
                if (const QStringList problems = figureProblems(e); !problems.isEmpty())
                    return bad(
                        QStringLiteral("exit 0 with figures out of range: ") + problems.join(QStringLiteral("; ")));
        }
        if (v.exitCode == 0 && !job.outFile.isEmpty())
            if (const QString problem = outputProblem(job); !problem.isEmpty())
                return bad(problem);
        return v;
    }

    // Every job, one per core at a time.
    static std::vector<Verdict> runAll(const std::vector<Job>& jobs, int budgetMs)
    {
        std::vector<Verdict> verdicts(jobs.size());
        std::atomic<std::size_t> next { 0 };
        std::vector<std::thread> workers;
        for (int w = 0; w < std::max(2, QThread::idealThreadCount()); ++w)
            workers.emplace_back([&] {
                for (std::size_t j = next++; j < jobs.size(); j = next++)
                    verdicts[j] = run(jobs[j], budgetMs);
            });
        for (auto& w : workers)
            w.join();
        return verdicts;
    }

private slots:
    void everyCommandSurvivesTheHostileCorpus()
    {
        const int count = envInt("PLAIT_HOSTILE_COUNT", 520);
        const int seed = envInt("PLAIT_HOSTILE_SEED", 12);
        // The budget catches hangs, not slowness: the heaviest plan validation admits (10^6 simulated chunk passes)
        // writes an 800 MB trace in 5-7 s on CI's two cores with the machine to itself, 10 s with dirty pages of the
        // corpus's earlier traces still being written back.
        const int budgetMs = 1000 * envInt("PLAIT_HOSTILE_BUDGET_S", 20);
        QTemporaryDir work;
        QVERIFY(work.isValid());

        std::vector<nlohmann::json> examples;
        const QDir exampleDir(QStringLiteral(PLAIT_EXAMPLES));
        for (const QString& name : exampleDir.entryList({ QStringLiteral("*.plait.json") }, QDir::Files, QDir::Name)) {
            QFile f(exampleDir.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            examples.push_back(nlohmann::json::parse(f.readAll().toStdString()));
        }
        QVERIFY(!examples.empty());

        hostile::Mutator mutator { std::uint32_t(seed) };
        std::vector<hostile::Mutant> corpus;
        std::vector<Job> jobs;
        const QStringList views = { QStringLiteral("topology"), QStringLiteral("memory"), QStringLiteral("comm"),
            QStringLiteral("gantt"), QStringLiteral("report") };
        const QStringList formats = { QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf") };
        for (int i = 0; i < count; ++i) {
            corpus.push_back(mutator.mutate(examples[std::size_t(i) % examples.size()]));
            const QString plan = work.filePath(QStringLiteral("%1.plait.json").arg(i));
            QFile f(plan);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(corpus.back().text.data(), qint64(corpus.back().text.size()));
            f.close();
            jobs.push_back({ i, QStringLiteral("evaluate"), { plan, QStringLiteral("--json") }, {} });
            jobs.push_back({ i, QStringLiteral("search"),
                { plan, QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("3") }, {} });
            const QString trace = work.filePath(QStringLiteral("%1.trace.json").arg(i));
            jobs.push_back({ i, QStringLiteral("timeline"), { plan, QStringLiteral("--out"), trace }, trace });
            const QString image = work.filePath(QStringLiteral("%1.%2").arg(i).arg(formats[i % formats.size()]));
            jobs.push_back({ i, QStringLiteral("render"),
                { plan, QStringLiteral("--view"), views[(i / formats.size()) % views.size()], QStringLiteral("--out"),
                    image },
                image });
        }

        QElapsedTimer clock;
        clock.start();
        std::vector<Verdict> verdicts = runAll(jobs, budgetMs);
        // The budget is the command's alone: a run that passed it beside another worker's (two memory-heavy commands
        // on two cores slow each other) is timed again with the machine to itself before it counts as a hang.
        for (std::size_t j = 0; j < jobs.size(); ++j)
            if (verdicts[j].outcome == Hang)
                verdicts[j] = run(jobs[j], budgetMs);

        // The commands read a plan the same way: timeline and render must classify it as evaluate does, and search
        // (which replaces the parallel sizes) must call a file unreadable exactly when evaluate does.
        for (std::size_t j = 0; j + 3 < jobs.size(); j += 4) {
            const int evaluated = verdicts[j].exitCode;
            if (verdicts[j].outcome != Ok)
                continue;
            for (std::size_t k = j + 1; k < j + 4; ++k) {
                Verdict& v = verdicts[k];
                const bool agrees = jobs[k].command == QLatin1String("search") ? (v.exitCode == 2) == (evaluated == 2)
                                                                               : v.exitCode == evaluated;
                if (v.outcome == Ok && !agrees) {
                    v.outcome = Disagree;
                    v.why = QStringLiteral("exit %1 where evaluate exits %2").arg(v.exitCode).arg(evaluated);
                }
            }
        }

        struct Row {
            int runs = 0, exits[3] = { 0, 0, 0 }, outcomes[Outcomes] = {};
            double slowest = 0;
        };
        std::map<QString, Row> rows;
        QStringList failures;
        const QString keep = QDir::current().filePath(QStringLiteral("hostile-failures"));
        for (std::size_t j = 0; j < jobs.size(); ++j) {
            const Job& job = jobs[j];
            const Verdict& v = verdicts[j];
            Row& row = rows[job.command];
            ++row.runs;
            ++row.outcomes[v.outcome];
            if (v.exitCode >= 0 && v.exitCode <= 2)
                ++row.exits[v.exitCode];
            row.slowest = std::max(row.slowest, v.seconds);
            if (v.outcome == Ok)
                continue;
            QDir().mkpath(keep);
            const QString kept = QDir(keep).filePath(QStringLiteral("%1.plait.json").arg(job.input));
            QFile::remove(kept);
            QFile::copy(work.filePath(QStringLiteral("%1.plait.json").arg(job.input)), kept);
            failures << QStringLiteral("%1 %2 (%3): %4")
                            .arg(job.command, kept,
                                QString::fromStdString(corpus[std::size_t(job.input)].what).left(200), v.why.left(400));
        }
        qInfo("hostile corpus: %d inputs (seed %d), %d runs in %.0f s, budget %d s each", count, seed, int(jobs.size()),
            clock.elapsed() / 1e3, budgetMs / 1000);
        qInfo("  command   runs  exit0  exit1  exit2  crashes  hangs  wrong-exit  bad-output  disagree  slowest");
        for (const auto& [command, r] : rows)
            qInfo("  %-8s %5d  %5d  %5d  %5d  %7d  %5d  %10d  %10d  %8d  %6.1f s", qPrintable(command), r.runs,
                r.exits[0], r.exits[1], r.exits[2], r.outcomes[Crash], r.outcomes[Hang], r.outcomes[WrongExit],
                r.outcomes[BadOutput], r.outcomes[Disagree], r.slowest);
        for (const QString& f : std::as_const(failures).mid(0, 60))
            qWarning("%s", qPrintable(f));
        QVERIFY2(failures.isEmpty(), qPrintable(QStringLiteral("%1 failing runs").arg(failures.size())));
    }

    // Issue 39 C: every importer over mutated real files, the acceptance corpus of ../shared/real-inputs (launch
    // scripts, configs, dumps and logs other projects wrote; read from there, never copied into the project). Each
    // mutant is imported over a base plan with --out on a file holding a good plan; a run fails on a signal, a hang,
    // an exit outside 0-2, an error without a message, a failed run that replaced the file, and an exit 0 whose plan
    // the loader refuses. PLAIT_REAL_INPUTS names the folder, PLAIT_REAL_MUTANTS the count (the closing campaigns
    // ran 2,400).
    void everyImporterSurvivesMutatedRealFiles()
    {
        const QString root = qEnvironmentVariableIsSet("PLAIT_REAL_INPUTS")
            ? qEnvironmentVariable("PLAIT_REAL_INPUTS")
            : QStringLiteral(PLAIT_SOURCE "/../shared/real-inputs");
        if (!QFileInfo(root).isDir())
            QSKIP("no ../shared/real-inputs beside the checkout (set PLAIT_REAL_INPUTS)");
        const int count = envInt("PLAIT_REAL_MUTANTS", 240);
        const int seed = envInt("PLAIT_HOSTILE_SEED", 12);
        const int budgetMs = 1000 * envInt("PLAIT_HOSTILE_BUDGET_S", 20);
        struct Source {
            QString kind, path;
            std::string text;
        };
        std::vector<Source> sources;
        for (const QString& kind :
            { QStringLiteral("megatron"), QStringLiteral("deepspeed"), QStringLiteral("torchtitan"),
                QStringLiteral("hf-config"), QStringLiteral("nccl-tests"), QStringLiteral("topology") }) {
            const QDir dir(root + QLatin1Char('/') + kind);
            for (const QString& name : dir.entryList(QDir::Files, QDir::Name)) {
                QFile f(dir.filePath(name));
                QVERIFY(f.open(QIODevice::ReadOnly));
                sources.push_back({ kind, dir.filePath(name), f.readAll().toStdString() });
            }
        }
        QVERIFY2(!sources.empty(), qPrintable(root));
        QTemporaryDir work;
        hostile::TextMutator mutator { std::uint32_t(seed) };
        std::vector<Job> jobs;
        QStringList what;
        const QString launchBase = QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json");
        const QString nodeBase = QStringLiteral(PLAIT_EXAMPLES "/a1-one-node-dp8.plait.json");
        for (int i = 0; i < count; ++i) {
            const Source& src = sources[std::size_t(i) % sources.size()];
            const hostile::TextMutant m = mutator.mutate(src.text);
            // The importers recognise some formats by name (nccl-tests' all_reduce_perf.log): keep each file's name.
            const QString dir = work.filePath(QString::number(i));
            QDir().mkpath(dir);
            const QString file = dir + QLatin1Char('/') + QFileInfo(src.path).fileName();
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(m.text.data(), qint64(m.text.size()));
            f.close();
            const bool launch = src.kind != QLatin1String("nccl-tests") && src.kind != QLatin1String("topology");
            const QString kind = launch && i % 5 == 0 ? QStringLiteral("auto") : src.kind;
            const QString out = dir + QStringLiteral("/out.plait.json");
            jobs.push_back({ i, QStringLiteral("import"),
                { kind, file, QStringLiteral("--plan"), launch ? launchBase : nodeBase, QStringLiteral("--out"), out },
                out });
            what << QFileInfo(src.path).fileName() + QStringLiteral(" as ") + kind + QStringLiteral(": ")
                    + QString::fromStdString(m.what);
        }
        QElapsedTimer clock;
        clock.start();
        std::vector<Verdict> verdicts = runAll(jobs, budgetMs);
        struct Row {
            int runs = 0, exits[3] = { 0, 0, 0 }, outcomes[Outcomes] = {};
        };
        std::map<QString, Row> rows;
        QStringList failures;
        for (std::size_t j = 0; j < jobs.size(); ++j) {
            Row& row = rows[jobs[j].args.front()];
            const Verdict& v = verdicts[j];
            ++row.runs;
            ++row.outcomes[v.outcome];
            if (v.exitCode >= 0 && v.exitCode <= 2)
                ++row.exits[v.exitCode];
            if (v.outcome != Ok)
                failures
                    << QStringLiteral("%1 (%2): %3").arg(jobs[j].args.at(1), what[int(j)].left(200), v.why.left(300));
        }
        qInfo("real-file corpus: %d mutants of %d files (seed %d), %.0f s", count, int(sources.size()), seed,
            clock.elapsed() / 1e3);
        qInfo("  kind         runs  exit0  exit1  exit2  crashes  hangs  wrong-exit  bad-output");
        for (const auto& [kind, r] : rows)
            qInfo("  %-11s %5d  %5d  %5d  %5d  %7d  %5d  %10d  %10d", qPrintable(kind), r.runs, r.exits[0], r.exits[1],
                r.exits[2], r.outcomes[Crash], r.outcomes[Hang], r.outcomes[WrongExit], r.outcomes[BadOutput]);
        for (const QString& f : std::as_const(failures).mid(0, 60))
            qWarning("%s", qPrintable(f));
        QVERIFY2(failures.isEmpty(), qPrintable(QStringLiteral("%1 failing runs").arg(failures.size())));
    }
};

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
