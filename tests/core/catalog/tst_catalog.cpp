#include "catalog.h"
#include "evaluate.h"
#include "gemm.h"
#include "memory.h"
#include "plan.h"
#include "tail.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTest>

using namespace plait;

class TestCatalog : public QObject {
    Q_OBJECT
private slots:
    void contractIdsExist_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("isGpu");
        // shared/contracts/plan-and-cli.md: "These catalog ids always exist".
        for (const char* g : { "A100-SXM4-40GB", "A100-SXM4-80GB", "A800-SXM4-80GB", "H100-SXM5-80GB", "H800-SXM5-80GB",
                 "H200-SXM-141GB", "B200-SXM-180GB" })
            QTest::newRow(g) << QString::fromLatin1(g) << true;
        for (const char* l : { "nvlink3-nvswitch", "nvlink4-nvswitch", "nvlink5-nvswitch", "pcie4-x16", "pcie5-x16",
                 "ib-hdr", "ib-ndr", "roce-400", "eth-10g", "eth-25g", "eth-100g" })
            QTest::newRow(l) << QString::fromLatin1(l) << false;
    }
    void contractIdsExist()
    {
        QFETCH(QString, id);
        QFETCH(bool, isGpu);
        const Catalog& c = Catalog::builtin();
        if (isGpu)
            QVERIFY(c.gpu(id.toStdString()));
        else
            QVERIFY(c.link(id.toStdString()));
    }

    // Memory-bound kernels stream at the measured copy rate, not the datasheet's: each GPU that has one names where
    // it was measured, and it never passes the datasheet.
    void streamingRatesAreMeasured_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("achievable");
        QTest::newRow("A100 40GB: memcpy 1355 of 1555") << "A100-SXM4-40GB" << 1355.0;
        QTest::newRow("H100 SXM5: D2D 2903 of 3350") << "H100-SXM5-80GB" << 2903.0;
        QTest::newRow("H200: none published") << "H200-SXM-141GB" << 0.0;
    }
    void streamingRatesAreMeasured()
    {
        QFETCH(QString, id);
        QFETCH(double, achievable);
        const GpuSpec& g = *Catalog::builtin().gpu(id.toStdString());
        QCOMPARE(g.hbmAchievableGBps, achievable);
        QCOMPARE(g.hbmSource.empty(), achievable == 0);
        QVERIFY(g.hbmAchievableGBps <= g.hbmGBps);
        const double bytes = 1e9;
        QCOMPARE(memoryTime(bytes, g), bytes / ((achievable > 0 ? achievable : g.hbmGBps) * 1e9));
    }

    // The optimizer step's passes (evaluate.h): Adam in mixed precision reads 12 B of states and 4 B of fp32
    // gradients and writes 12 + 2 B (30 B), reads the gradients again for the clipping norm (4 B) and zeroes them
    // (4 B): 38 B per parameter. FP16 adds the unscale's read and write (8 B); ZeRO-2 zeroes only its shard.
    void optimizerPassesAreCounted_data()
    {
        QTest::addColumn<QString>("precision");
        QTest::addColumn<int>("zero");
        QTest::addColumn<double>("bytesPerParam");
        QTest::newRow("bf16, ZeRO 0") << "bf16" << 0 << 38.0;
        QTest::newRow("fp16 loss scaling") << "fp16" << 0 << 46.0;
        // ZeRO-1 over 8: states and norm over the shard (34/8), the unsharded gradient buffer zeroed whole (4).
        QTest::newRow("bf16, ZeRO 1 over 8") << "bf16" << 1 << 34.0 / 8 + 4;
        QTest::newRow("bf16, ZeRO 2 over 8") << "bf16" << 2 << 38.0 / 8;
    }
    void optimizerPassesAreCounted()
    {
        QFETCH(QString, precision);
        QFETCH(int, zero);
        QFETCH(double, bytesPerParam);
        TrainingSpec t;
        t.precision = precision == QLatin1String("fp16") ? Precision::FP16 : Precision::BF16;
        const StateBytes b = stateBytes(t);
        const GpuSpec& g = *Catalog::builtin().gpu("A100-SXM4-40GB");
        const double shard = zero >= 1 ? 8 : 1;
        const double params = 1e9;
        const double s = optimizerStepTime(params, shard, zero >= 2 ? shard : 1, b, g);
        QVERIFY2(std::abs(s - memoryTime(params * bytesPerParam, g)) < 1e-12, qPrintable(QString::number(s)));
    }

    // A probe result names the device as CUDA does; it is matched to the catalog's entry by chip, form and memory,
    // so measured figures never calibrate another GPU.
    void devicesMatchTheirCatalogEntry_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<double>("memoryGiB");
        QTest::addColumn<QString>("id");
        QTest::newRow("H200") << "NVIDIA H200" << 139.8 << "H200-SXM-141GB";
        QTest::newRow("H20 is not H200") << "NVIDIA H20" << 95.6 << "H20-96GB";
        QTest::newRow("H100 SXM") << "NVIDIA H100 80GB HBM3" << 79.2 << "H100-SXM5-80GB";
        QTest::newRow("H100 PCIe") << "NVIDIA H100 PCIe" << 79.6 << "H100-PCIe-80GB";
        QTest::newRow("A100 SXM 80") << "NVIDIA A100-SXM4-80GB" << 79.2 << "A100-SXM4-80GB";
        QTest::newRow("A100 SXM 40") << "NVIDIA A100-SXM4-40GB" << 39.4 << "A100-SXM4-40GB";
        QTest::newRow("A100 PCIe, upper case") << "NVIDIA A100-PCIE-40GB" << 39.4 << "A100-PCIe-40GB";
        QTest::newRow("RTX 4090") << "NVIDIA GeForce RTX 4090" << 23.6 << "RTX4090-24GB";
        QTest::newRow("B200") << "NVIDIA B200" << 178.4 << "B200-SXM-180GB";
        QTest::newRow("H200 NVL is not the SXM part") << "NVIDIA H200 NVL" << 139.8 << "";
        QTest::newRow("memory far off") << "NVIDIA A100-SXM4-80GB" << 20.0 << "";
        QTest::newRow("unknown chip") << "NVIDIA T4" << 15.0 << "";
    }
    void devicesMatchTheirCatalogEntry()
    {
        QFETCH(QString, device);
        QFETCH(double, memoryGiB);
        QFETCH(QString, id);
        const GpuSpec* g = Catalog::builtin().gpuForDevice(device.toStdString(), memoryGiB * double(1ull << 30));
        QCOMPARE(g ? QString::fromStdString(g->id) : QString(), id);
    }

    // A shipped entry that breaks a limit (a source text too long, a value out of range) is dropped from the built-in
    // catalog without a message, and every plan naming it then fails: each shipped file must merge without issues.
    void shippedCatalogsMergeCleanly_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("gpus") << QStringLiteral(PLAIT_EXAMPLES "/../catalog/gpus.json");
        QTest::newRow("links") << QStringLiteral(PLAIT_EXAMPLES "/../catalog/links.json");
    }
    void shippedCatalogsMergeCleanly()
    {
        QFETCH(QString, file);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        Catalog c;
        const auto issues = c.merge(nlohmann::json::parse(f.readAll().toStdString()));
        for (const Issue& i : issues)
            qWarning("%s: %s", i.field.c_str(), i.message.c_str());
        QVERIFY(issues.empty());
    }

    void everyEntryNamesItsSource()
    {
        const Catalog& c = Catalog::builtin();
        QVERIFY(c.gpus.size() >= 14);
        QVERIFY(c.links.size() >= 17);
        for (const auto& g : c.gpus) {
            QVERIFY2(!g.source.empty(), g.id.c_str());
            QVERIFY2(g.memoryGiB > 0 && g.bf16Tflops > 0 && g.hbmGBps > 0 && g.sms > 0, g.id.c_str());
        }
        for (const auto& l : c.links) {
            QVERIFY2(!l.source.empty(), l.id.c_str());
            QVERIFY2(l.bandwidthGBps > 0 && l.efficiency > 0 && l.efficiency <= 1, l.id.c_str());
        }
    }

    void userEntriesOverrideAndAdd()
    {
        Catalog c = Catalog::builtin();
        const auto issues = c.merge(nlohmann::json::parse(R"({"links":[{"id":"ib-ndr","kind":"ib","bandwidth_GBps":40},
            {"id":"my-roce","kind":"roce","bandwidth_GBps":25,"latency_us":8}]})"));
        QVERIFY(issues.empty());
        QCOMPARE(c.link("ib-ndr")->bandwidthGBps, 40.0);
        QVERIFY(c.link("my-roce"));
        QVERIFY(!c.link("my-roce")->intraNode);
    }

    void badEntriesAreReportedByField()
    {
        Catalog c;
        const auto issues
            = c.merge(nlohmann::json::parse(R"({"gpus":[{"id":"x","memory_GiB":-1,"bf16_tflops":1,"hbm_GBps":1}]})"));
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(issues[0].field), QStringLiteral("gpus[0].memory_GiB"));
    }

    void measuredCurveShapesMidSizeMessages()
    {
        // nccl-tests on 8x A100 (Azure ND A100 v4): 167 GB/s at 64 MiB of an asymptotic 231.6.
        const LinkSpec* l = Catalog::builtin().link("nvlink3-nvswitch");
        QVERIFY(l && !l->busbwCurve.empty());
        QCOMPARE(l->sizeEfficiency(67108864.0), 167.0 / 231.6);
        QCOMPARE(l->sizeEfficiency(1e12), 1.0);
        QVERIFY(l->sizeEfficiency(1e5) < l->sizeEfficiency(1e6));
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
