// PyTorch profiler traces saved as .json.gz (issue 43): read whole, and refused by name when truncated, corrupt or
// inflating past the size limit, never parsed as broken JSON.
#include "chrometrace.h"
#include "gzip.h"
#include "kinetogen.h"
#include "kinetoprofile.h"

#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

using namespace plait;

namespace {
// The bytes as gzip writes them (one member), by zlib's deflate with a gzip wrapper.
std::string gzipped(const std::string& text)
{
    z_stream z {};
    if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        qFatal("deflateInit2 failed");
    std::string out(deflateBound(&z, uLong(text.size())) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = uInt(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = uInt(out.size());
    if (deflate(&z, Z_FINISH) != Z_STREAM_END)
        qFatal("deflate failed");
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

std::string generatedRank()
{
    GeneratedJob job;
    job.ranks = 2;
    job.steps = 2;
    return kinetoRankTrace(job, 1).dump();
}
}

class TestGzip : public QObject {
    Q_OBJECT
private slots:
    void inflates_data()
    {
        QTest::addColumn<QByteArray>("compressed");
        QTest::addColumn<QByteArray>("expected");
        const std::string a = generatedRank(), b = "{\"more\": [1, 2, 3]}";
        auto bytes = [](const std::string& s) { return QByteArray::fromStdString(s); };
        QTest::newRow("one member") << bytes(gzipped(a)) << bytes(a);
        QTest::newRow("two members, as cat a.gz b.gz writes") << bytes(gzipped(a) + gzipped(b)) << bytes(a + b);
        QTest::newRow("zero padding after the member") << bytes(gzipped(a) + std::string(512, '\0')) << bytes(a);
        QTest::newRow("empty content") << bytes(gzipped("")) << QByteArray();
    }
    void inflates()
    {
        QFETCH(QByteArray, compressed);
        QFETCH(QByteArray, expected);
        QVERIFY(isGzip(compressed.toStdString()));
        const Result<std::string> r = gunzip(compressed.toStdString(), std::size_t(1) << 30);
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        QCOMPARE(QByteArray::fromStdString(r.value()), expected);
    }

    void refusesByName_data()
    {
        QTest::addColumn<QByteArray>("compressed");
        QTest::addColumn<qulonglong>("maxBytes");
        QTest::addColumn<QString>("message");
        const std::string whole = gzipped(generatedRank());
        std::string flipped = whole;
        flipped[flipped.size() / 2] = char(~flipped[flipped.size() / 2]);
        auto bytes = [](const std::string& s) { return QByteArray::fromStdString(s); };
        QTest::newRow("truncated") << bytes(whole.substr(0, whole.size() / 2)) << (qulonglong(1) << 30)
                                   << QStringLiteral("ends early");
        QTest::newRow("header only") << QByteArray("\x1f\x8b\x08\x00", 4) << (qulonglong(1) << 30)
                                     << QStringLiteral("ends early");
        QTest::newRow("a byte flipped") << bytes(flipped) << (qulonglong(1) << 30) << QStringLiteral("corrupt");
        // 64 MiB of spaces compress to about 64 KiB: the limit is on what comes out.
        QTest::newRow("inflates past the limit") << bytes(gzipped(std::string(64u << 20, ' '))) << (qulonglong(1) << 20)
                                                 << QStringLiteral("decompresses to over 1 MiB");
    }
    void refusesByName()
    {
        QFETCH(QByteArray, compressed);
        QFETCH(qulonglong, maxBytes);
        QFETCH(QString, message);
        const Result<std::string> r = gunzip(compressed.toStdString(), maxBytes);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.errorText()).contains(message), r.errorText().c_str());
    }

    // A rank's profile saved by the profiler as .json.gz reads as its .json does; plain text is not taken for gzip.
    void profileFilesReadCompressedOrNot()
    {
        QTemporaryDir dir;
        const std::string text = generatedRank();
        const std::string plainPath = dir.filePath(QStringLiteral("rank1.json")).toStdString();
        const std::string gzPath = dir.filePath(QStringLiteral("rank1.json.gz")).toStdString();
        for (const auto& [path, bytes] : { std::pair { plainPath, text }, std::pair { gzPath, gzipped(text) } }) {
            QFile f(QString::fromStdString(path));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes.data(), qint64(bytes.size()));
        }
        const auto plain = readKinetoProfileFile(plainPath), compressed = readKinetoProfileFile(gzPath);
        QVERIFY2(plain && compressed, compressed ? "" : compressed.errorText().c_str());
        QCOMPARE(compressed.value().rank, 1);
        QCOMPARE(compressed.value().events, plain.value().events);
        QCOMPARE(compressed.value().collectives.kernels.size(), plain.value().collectives.kernels.size());
        QVERIFY(!isGzip(text));
        // The size limit holds for the decompressed text too.
        TraceReadOptions small;
        small.maxBytes = text.size() / 2;
        const auto refused = readKinetoProfileFile(gzPath, small);
        QVERIFY(!refused);
        QVERIFY2(refused.errorText().find("rank1.json.gz: it decompresses to over") != std::string::npos,
            refused.errorText().c_str());
    }
};

QTEST_GUILESS_MAIN(TestGzip)
#include "tst_gzip.moc"
