#include "fileroute.h"

#include <QTemporaryDir>
#include <QTest>

using namespace plait::engine;

Q_DECLARE_METATYPE(plait::engine::FileKind)

// What a dropped or opened file is, from its name and its first bytes: never by reading a whole trace.
class TestFileRoute : public QObject {
    Q_OBJECT
private slots:
    void byFormatThenByShape_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<FileKind>("kind");
        QTest::newRow("plan by its format")
            << "a.json" << QByteArray(R"({"cluster":{},"format": "plait-plan/1"})") << FileKind::Plan;
        QTest::newRow("plan by its name")
            << "b.plait.json" << QByteArray(R"({"model":{"preset":"llama2-7b"})") << FileKind::Plan;
        QTest::newRow("links") << "LINKS.json" << QByteArray(R"({"format":"plait-links/1","device":"H100"})")
                               << FileKind::Links;
        QTest::newRow("compute") << "COMPUTE.json" << QByteArray("{\n  \"format\" : \"plait-compute/1\"")
                                 << FileKind::Compute;
        QTest::newRow("torch reference") << "ref.json" << QByteArray(R"({"format":"plait-torch-reference/1"})")
                                         << FileKind::TorchReference;
        QTest::newRow("trace object") << "TRACE.json" << QByteArray(R"({"displayTimeUnit":"ns","traceEvents":[{)")
                                      << FileKind::Trace;
        QTest::newRow("trace array") << "t.json" << QByteArray("  [{\"ph\":\"X\"") << FileKind::Trace;
        QTest::newRow("nccl-tests text") << "log.txt"
                                         << QByteArray("# nccl-tests version 2.19.6 (a0b82b2) nccl-headers=22703\n")
                                         << FileKind::NcclTests;
        QTest::newRow("nccl-tests 2.x text, mpirun prefixes")
            << "out" << QByteArray("[1,0]<stdout>:# nThread 1 nGpus 1 minBytes 8 maxBytes 128") << FileKind::NcclTests;
        QTest::newRow("nccl-tests -J") << "ar.json"
                                       << QByteArray(R"({"version": 3, "nccl_version": 22703, "config": {})")
                                       << FileKind::NcclTests;
        QTest::newRow("Megatron-LM launch script")
            << "train.sh" << QByteArray("#!/bin/bash\ntorchrun pretrain_gpt.py --tensor-model-parallel-size 8 \\\n")
            << FileKind::LaunchConfig;
        QTest::newRow("DeepSpeed JSON") << "ds_config.json"
                                        << QByteArray(
                                               R"({"train_micro_batch_size_per_gpu": "auto", "zero_optimization")")
                                        << FileKind::LaunchConfig;
        QTest::newRow("torchtitan TOML") << "llama3_8b.toml"
                                         << QByteArray("[job]\ndump_folder = \"x\"\n[parallelism]\n")
                                         << FileKind::LaunchConfig;
        QTest::newRow("nvidia-smi topo -m")
            << "node01.txt" << QByteArray("\tGPU0\tGPU1\tNIC0\tCPU Affinity\nGPU0\t X \tNV12\tPXB\t0-7\n")
            << FileKind::NodeDump;
        QTest::newRow("NCCL topology dump")
            << "topo.xml" << QByteArray("<?xml version=\"1.0\"?>\n<system version=\"1\">\n  <cpu numaid=\"0\">")
            << FileKind::NodeDump;
        QTest::newRow("a trace named like a plan")
            << "x.plait.json" << QByteArray(R"({"traceEvents":[)") << FileKind::Trace;
        QTest::newRow("anything else") << "notes.json" << QByteArray(R"({"hello":1})") << FileKind::Unknown;
        QTest::newRow("another format") << "n.json" << QByteArray(R"({"format":"plait-lessons/1"})")
                                        << FileKind::Unknown;
    }
    void byFormatThenByShape()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, head);
        QFETCH(FileKind, kind);
        QCOMPARE(classifyFile(name, head), kind);
    }

    // A small file whose format comes after the first bytes read is read whole; one that cannot be read is Unknown.
    void onDisk()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("LINKS.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"curves\":\"");
        f.write(QByteArray(kSniffBytes + 100, 'x'));
        f.write("\",\"format\":\"plait-links/1\"}");
        f.close();
        QCOMPARE(classifyFile(path), FileKind::Links);
        QCOMPARE(classifyFile(dir.filePath(QStringLiteral("missing.json"))), FileKind::Unknown);
    }

    // The table is indexed by the kind.
    void everyKindHasItsOwnRow()
    {
        for (std::size_t i = 0; i < std::size(kFileKinds); ++i)
            QCOMPARE(int(traitsOf(FileKind(i)).kind), int(i));
    }

    // Dropped together: the plan first; nccl-tests logs in one group and node dumps in another, each at the place
    // of its first file; a trace and an unknown file on their own.
    void filesAreGroupedAsTheyAreRead()
    {
        QTemporaryDir dir;
        auto write = [&](const char* name, const QByteArray& text) {
            const QString path = dir.filePath(QString::fromLatin1(name));
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly))
                return QString();
            f.write(text);
            return path;
        };
        const QByteArray nccl("# nThread 1 nGpus 8 minBytes 8 maxBytes 128 step: 2(factor) warmup iters: 5\n");
        const QString log1 = write("node1.log", nccl), log2 = write("node2.log", nccl);
        const QString trace = write("t.json", R"({"traceEvents":[]})");
        const QString plan = write("p.plait.json", R"({"format":"plait-plan/1"})");
        const QString dump
            = write("n0.txt", "\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tNV18\t0-55\nGPU1\tNV18\t X \t0-55\n");
        const QString other = write("notes.json", R"({"hello":1})");
        const std::vector<FileGroup> groups = groupFiles({ log1, trace, log2, plan, dump, other });
        QCOMPARE(groups.size(), std::size_t(5));
        QCOMPARE(int(groups[0].kind), int(FileKind::Plan));
        QCOMPARE(int(groups[1].kind), int(FileKind::NcclTests));
        QCOMPARE(groups[1].paths, QStringList({ log1, log2 }));
        QCOMPARE(int(groups[2].kind), int(FileKind::Trace));
        QCOMPARE(int(groups[3].kind), int(FileKind::NodeDump));
        QCOMPARE(int(groups[4].kind), int(FileKind::Unknown));
        QCOMPARE(groups[4].paths, QStringList({ other }));
    }
};

QTEST_GUILESS_MAIN(TestFileRoute)
#include "tst_fileroute.moc"
