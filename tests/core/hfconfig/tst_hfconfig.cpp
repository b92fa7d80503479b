#include "model.h"
#include "params.h"
#include "safejson.h"

#include <QTest>

using namespace plait;

class TestHfConfig : public QObject {
    Q_OBJECT
private slots:
    void importsRealConfigs_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("hidden");
        QTest::addColumn<int>("kvHeads");
        QTest::addColumn<int>("experts");
        QTest::addColumn<double>("billions"); // published parameter count
        QTest::addColumn<double>("attentionDropout"); // attn_pdrop, or attention_dropout (LlamaConfig's default 0)
        QTest::addColumn<double>("hiddenDropout"); // resid_pdrop, or hidden_dropout
        QTest::newRow("GPT-2 (124M)") << "gpt2" << 12 << 768 << 12 << 0 << 0.124 << 0.1 << 0.1;
        QTest::newRow("Llama 3 8B") << "llama3-8b" << 32 << 4096 << 8 << 0 << 8.03 << 0.0 << 0.0;
        QTest::newRow("Qwen2.5 32B") << "qwen2.5-32b" << 64 << 5120 << 8 << 0 << 32.5 << 0.0 << 0.0;
        QTest::newRow("Mixtral 8x7B") << "mixtral-8x7b" << 32 << 4096 << 8 << 8 << 46.7 << 0.0 << 0.0;
    }
    void importsRealConfigs()
    {
        QFETCH(QString, file);
        QFETCH(int, layers);
        QFETCH(int, hidden);
        QFETCH(int, kvHeads);
        QFETCH(int, experts);
        QFETCH(double, billions);
        QFETCH(double, attentionDropout);
        QFETCH(double, hiddenDropout);
        auto doc = readJsonFile(std::string(PLAIT_TEST_DATA) + "/hf/" + file.toStdString() + ".config.json");
        QVERIFY(doc);
        auto m = modelFromHfConfig(doc.value());
        QVERIFY2(m, m ? "" : m.errorText().c_str());
        QCOMPARE(m.value().layers, layers);
        QCOMPARE(int(m.value().hidden), hidden);
        QCOMPARE(m.value().kvHeads, kvHeads);
        QCOMPARE(m.value().moe.experts, experts);
        QCOMPARE(m.value().attentionDropout, attentionDropout);
        QCOMPARE(m.value().hiddenDropout, hiddenDropout);
        const double got = totalParams(m.value()) / 1e9;
        QVERIFY2(std::abs(got - billions) / billions < 0.01, qPrintable(QString::number(got)));
    }

    void rejectsCorruptedConfigs_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("swapped heads and hidden")
            << R"({"hidden_size":32,"num_attention_heads":4096,"num_hidden_layers":32,"intermediate_size":14336,"vocab_size":32000})"
            << "larger than hidden_size";
        QTest::newRow("kv heads above heads")
            << R"({"hidden_size":4096,"num_attention_heads":8,"num_key_value_heads":32,"num_hidden_layers":32,"intermediate_size":14336,"vocab_size":32000})"
            << "num_key_value_heads (32) is larger";
        QTest::newRow("string where number")
            << R"({"hidden_size":"4096","num_attention_heads":32,"num_hidden_layers":32,"intermediate_size":14336,"vocab_size":32000})"
            << "hidden_size: must be a whole number";
        QTest::newRow("missing layers")
            << R"({"hidden_size":4096,"num_attention_heads":32,"intermediate_size":14336,"vocab_size":32000})"
            << "num_hidden_layers: is required";
        QTest::newRow("negative vocab")
            << R"({"hidden_size":4096,"num_attention_heads":32,"num_hidden_layers":32,"intermediate_size":14336,"vocab_size":-1})"
            << "vocab_size: must be between 1";
        QTest::newRow("heads do not divide hidden")
            << R"({"hidden_size":4001,"num_attention_heads":32,"num_hidden_layers":32,"intermediate_size":14336,"vocab_size":32000})"
            << "must divide by heads";
        QTest::newRow("not an object") << "[1]"
                                       << "must be a JSON object";
        QTest::newRow("head_dim 0") // issue 39 B: once ignored without a note
            << R"({"hidden_size":4096,"num_attention_heads":32,"head_dim":0,"num_hidden_layers":32,"intermediate_size":14336,"vocab_size":32000})"
            << "head_dim: must be between 1";
        QTest::newRow("dropout above 1")
            << R"({"hidden_size":4096,"num_attention_heads":32,"num_hidden_layers":32,"intermediate_size":14336,"vocab_size":32000,"attention_dropout":10})"
            << "attention_dropout: must be between 0 and 0.99";
    }
    void rejectsCorruptedConfigs()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        auto m = modelFromHfConfig(nlohmann::json::parse(json.toStdString()));
        QVERIFY(!m);
        QVERIFY2(QString::fromStdString(m.errorText()).contains(expected), m.errorText().c_str());
    }
};

QTEST_GUILESS_MAIN(TestHfConfig)
#include "tst_hfconfig.moc"
