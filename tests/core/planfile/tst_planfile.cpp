#include "../testplans.h"
#include "evaluate.h"
#include "plan.h"
#include "plandocument.h"
#include "safejson.h"

#include <QTemporaryDir>
#include <QTest>
#include <fstream>

using namespace plait;

namespace {

// A valid plan with fields replaced (dotted paths), as JSON text.
std::string withFields(std::vector<std::pair<std::string, nlohmann::json>> fields)
{
    nlohmann::json j = test::gptPlanJson("gpt3-175b", 4, 8, 2, 2, 64);
    for (const auto& [path, value] : fields) {
        nlohmann::json* at = &j;
        std::size_t start = 0;
        while (true) {
            const auto dot = path.find('.', start);
            const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
            if (dot == std::string::npos) {
                (*at)[key] = value;
                break;
            }
            at = &(*at)[key];
            start = dot + 1;
        }
    }
    return j.dump();
}

std::string withField(const std::string& path, const nlohmann::json& value)
{
    return withFields({ { path, value } });
}

std::string problems(const std::string& text)
{
    auto doc = parseJson(text);
    if (!doc)
        return doc.errorText();
    auto plan = planFromJson(doc.value());
    if (!plan)
        return plan.errorText();
    std::string all;
    for (const Issue& i : validate(plan.value()))
        all += i.field + ": " + i.message + "\n";
    return all;
}

} // namespace

class TestPlanFile : public QObject {
    Q_OBJECT
private slots:
    // What each framework runs (framework.h), refused by name in the plan's own words.
    void frameworksRefuseWhatTheyCannotRun_data()
    {
        QTest::addColumn<QString>("framework");
        QTest::addColumn<int>("zero");
        QTest::addColumn<int>("pp");
        QTest::addColumn<QString>("refusal"); // empty: runs
        QTest::newRow("Megatron-LM distributed optimizer") << "megatron" << 1 << 8 << "";
        QTest::newRow("Megatron-LM ZeRO-3") << "megatron" << 3 << 1 << "Megatron-LM shards optimizer states only";
        QTest::newRow("DeepSpeed ZeRO-3 without PP") << "deepspeed" << 3 << 1 << "";
        QTest::newRow("DeepSpeed ZeRO-2 with PP") << "deepspeed" << 2 << 2 << "DeepSpeed rejects ZeRO-2 with pipeline";
        QTest::newRow("DeepSpeed ZeRO-1 with PP") << "deepspeed" << 1 << 4 << "";
        QTest::newRow("FSDP FULL_SHARD with PP (torchtitan)") << "fsdp" << 3 << 4 << "";
        QTest::newRow("FSDP has no ZeRO-1") << "fsdp" << 1 << 1 << "PyTorch FSDP has no ZeRO-1";
    }
    void frameworksRefuseWhatTheyCannotRun()
    {
        QFETCH(QString, framework);
        QFETCH(int, zero);
        QFETCH(int, pp);
        QFETCH(QString, refusal);
        auto j = test::gptPlanJson("megatron-gpt-1.7b", 2, 1, pp, 16 / pp, 64);
        j["training"]["framework"] = framework.toStdString();
        j["training"]["zero_stage"] = zero;
        auto plan = planFromJson(j);
        QVERIFY(plan);
        QCOMPARE(plan.value().training.framework == Framework::Megatron, framework == QLatin1String("megatron"));
        std::string found;
        for (const Issue& i : validate(plan.value()))
            if (i.field == "training.zero_stage")
                found = i.message;
        QVERIFY2(
            refusal.isEmpty() ? found.empty() : found.find(refusal.toStdString()) != std::string::npos, found.c_str());
    }

    // torchtitan's op-level selective recomputation: a plan-file name of its own, run by PyTorch FSDP only and
    // modelled for dense layers with standard attention only.
    void opLevelRecomputeIsTorchtitans_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("framework");
        QTest::addColumn<QString>("refusal"); // empty: runs
        QTest::newRow("Llama under FSDP") << "llama3-8b"
                                          << "fsdp"
                                          << "";
        QTest::newRow("Llama under Megatron-LM") << "llama3-8b"
                                                 << "megatron"
                                                 << "megatron does not run it";
        QTest::newRow("MoE under FSDP") << "mixtral-8x7b"
                                        << "fsdp"
                                        << "dense layers with standard attention only";
    }
    void opLevelRecomputeIsTorchtitans()
    {
        QFETCH(QString, preset);
        QFETCH(QString, framework);
        QFETCH(QString, refusal);
        auto j = test::gptPlanJson(preset.toStdString().c_str(), 1, 1, 1, 8, 64);
        j["training"]["framework"] = framework.toStdString();
        j["training"]["zero_stage"] = framework == QLatin1String("fsdp") ? 3 : 1;
        j["training"]["flash_attention"] = true;
        j["training"]["recompute"] = "selective_op";
        const Plan plan = test::mustPlan(j);
        QCOMPARE(plan.training.recompute, Recompute::SelectiveOps);
        QVERIFY(toJson(plan)["training"]["recompute"] == "selective_op");
        std::string found;
        for (const Issue& i : validate(plan))
            if (i.field == "training.recompute")
                found += i.message;
        QVERIFY2(
            refusal.isEmpty() ? found.empty() : found.find(refusal.toStdString()) != std::string::npos, found.c_str());
    }

    // Context parallelism lives in the fused attention kernels (framework.h): refused without them, by name.
    void contextParallelNeedsFusedAttention_data()
    {
        QTest::addColumn<QString>("framework");
        QTest::addColumn<bool>("flash");
        QTest::addColumn<QString>("refusal"); // empty: runs
        QTest::newRow("Megatron-LM, unfused") << "megatron" << false << "Megatron-LM runs context parallelism (cp 2)";
        QTest::newRow("Megatron-LM, fused") << "megatron" << true << "";
        QTest::newRow("FSDP, unfused") << "fsdp" << false << "PyTorch runs context parallelism (cp 2)";
        QTest::newRow("DeepSpeed-Ulysses runs any attention") << "deepspeed" << false << "";
    }
    void contextParallelNeedsFusedAttention()
    {
        QFETCH(QString, framework);
        QFETCH(bool, flash);
        QFETCH(QString, refusal);
        auto j = test::gptPlanJson("megatron-gpt-1.7b", 2, 1, 1, 8, 64);
        j["parallel"]["cp"] = 2;
        j["training"]["framework"] = framework.toStdString();
        j["training"]["flash_attention"] = flash;
        auto plan = planFromJson(j);
        QVERIFY(plan);
        std::string found;
        for (const Issue& i : validate(plan.value()))
            if (i.field == "parallel.cp")
                found = i.message;
        QVERIFY2(
            refusal.isEmpty() ? found.empty() : found.find(refusal.toStdString()) != std::string::npos, found.c_str());
    }

    // Megatron-LM asserts --overlap-param-gather needs the distributed optimizer and --overlap-grad-reduce.
    void overlappedWeightGatherNeedsItsPrerequisites_data()
    {
        QTest::addColumn<int>("zero");
        QTest::addColumn<bool>("overlapGrad");
        QTest::addColumn<QString>("refusal"); // empty: runs
        QTest::newRow("distributed optimizer") << 1 << true << "";
        QTest::newRow("no sharding") << 0 << true << "needs zero_stage 1 or 2 (got 0)";
        QTest::newRow("without overlapped gradient reduce") << 1 << false << "needs training.overlap_grad_reduce";
    }
    void overlappedWeightGatherNeedsItsPrerequisites()
    {
        QFETCH(int, zero);
        QFETCH(bool, overlapGrad);
        QFETCH(QString, refusal);
        auto j = test::gptPlanJson("megatron-gpt-1.7b", 2, 1, 1, 16, 64);
        j["training"]["zero_stage"] = zero;
        j["training"]["overlap_grad_reduce"] = overlapGrad;
        j["training"]["overlap_param_gather"] = true;
        auto plan = planFromJson(j);
        QVERIFY(plan);
        std::string found;
        for (const Issue& i : validate(plan.value()))
            if (i.field == "training.overlap_param_gather")
                found = i.message;
        QVERIFY2(
            refusal.isEmpty() ? found.empty() : found.find(refusal.toStdString()) != std::string::npos, found.c_str());
        if (refusal.isEmpty()) {
            // Beside the next forward, the gather costs less than waiting for all of it.
            Plan overlapped = plan.value();
            Plan waiting = overlapped;
            waiting.training.overlapParamGather = false;
            QVERIFY(evaluate(overlapped).stepS < evaluate(waiting).stepS);
        }
    }

    // Llama 3.1 405B (126 layers) as it is trained: the embedding and the loss each take a layer's place, so 128
    // slots split over pp·vpp chunks (Megatron-LM's --account-for-embedding/loss-in-pipeline-split).
    void embeddingAndLossCountAsLayers_data()
    {
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vpp");
        QTest::addColumn<int>("firstChunk"); // layers in stage 0's first chunk
        QTest::addColumn<int>("middleChunk");
        QTest::addColumn<int>("lastChunk"); // the last stage's last chunk
        QTest::addColumn<int>("firstStage");
        QTest::newRow("PP 8 x VPP 8") << 8 << 8 << 1 << 2 << 1 << 15;
        QTest::newRow("PP 16 x VPP 8: the first chunk is the embedding alone") << 16 << 8 << 0 << 1 << 0 << 7;
        QTest::newRow("PP 2, no interleaving") << 2 << 1 << 63 << 63 << 63 << 63;
    }
    void embeddingAndLossCountAsLayers()
    {
        QFETCH(int, pp);
        QFETCH(int, vpp);
        QFETCH(int, firstChunk);
        QFETCH(int, middleChunk);
        QFETCH(int, lastChunk);
        QFETCH(int, firstStage);
        nlohmann::json j = test::gptPlanJson("llama3-405b", 2048, 8, pp, 16384 / 8 / pp, 2048);
        j["cluster"]["gpu"] = "H100-SXM5-80GB";
        j["training"]["flash_attention"] = true;
        j["parallel"]["vpp"] = vpp;
        j["parallel"]["schedule"] = vpp > 1 ? "interleaved" : "1f1b";
        j["parallel"]["embedding_in_split"] = true;
        j["parallel"]["loss_in_split"] = true;
        const Plan plan = test::mustPlan(j);
        QVERIFY2(validate(plan).empty(), validate(plan).empty() ? "" : validate(plan).front().message.c_str());
        QCOMPARE(plan.layersInChunk(0, 0), firstChunk);
        QCOMPARE(plan.layersInChunk(pp > 1 ? 1 : 0, 0), middleChunk);
        QCOMPARE(plan.layersInChunk(pp - 1, vpp - 1), lastChunk);
        QCOMPARE(plan.layersOnStage(0), firstStage);
        int sum = 0;
        for (int s = 0; s < pp; ++s)
            sum += plan.layersOnStage(s);
        QCOMPARE(sum, 126);
        QVERIFY(evaluate(plan, EvaluationDetail::Figures).valid);
        // Without the flags 126 does not split over pp·vpp, and the message says what would.
        j["parallel"].erase("embedding_in_split");
        j["parallel"].erase("loss_in_split");
        if (126 % (pp * vpp) != 0) {
            std::string found;
            for (const Issue& i : validate(test::mustPlan(j)))
                if (i.field == "parallel.pp")
                    found = i.message;
            QVERIFY2(found.find("parallel.embedding_in_split") != std::string::npos, found.c_str());
        }
    }

    void badInputNamesTheProblem_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // substring of the message
        auto row = [](const char* name, const std::string& text, const char* expected) {
            QTest::newRow(name) << QString::fromStdString(text) << QString::fromUtf8(expected);
        };
        row("malformed JSON", "{\n  \"format\": \"plait-plan/1\",\n  \"model\": {,\n}", "line 3, column");
        row("truncated", withField("name", "x").substr(0, 40), "line 1, column 41: not JSON");
        row("not an object", "[1, 2, 3]", "must be a JSON object");
        row("wrong type", withField("parallel.tp", "eight"),
            "parallel.tp: must be a whole number, got the string \"eight\"");
        row("zero", withField("parallel.pp", 0), "parallel.pp: must be between 1 and");
        row("negative", withField("training.global_batch", -5), "training.global_batch: must be between 1 and");
        row("fraction", withField("parallel.dp", 2.5), "parallel.dp: must be a whole number");
        row("NaN literal", "{\"format\": NaN}", "line 1, column 12: not JSON: unexpected \"N\"");
        row("overflowing number", withField("training.micro_batch", 1e300), "training.micro_batch");
        row("absurdly large", withField("cluster.nodes", 100000000), "cluster.nodes: must be between 1 and 131072");
        row("too many GPUs", withField("cluster.nodes", 131072), "GPUs, more than the limit of 131072");
        row("heads do not divide", withField("parallel.tp", 7), "heads (96) must divide by tp (7)");
        row("layers do not divide", withFields({ { "parallel.vpp", 5 }, { "parallel.schedule", "interleaved" } }),
            "layers (96) must divide by pp·vpp (2·5 = 10)");
        row("batch does not divide", withField("training.global_batch", 63),
            "global_batch (63) must divide by dp·micro_batch (2·1 = 2)");
        row("needs more GPUs", withField("parallel.dp", 4), "= 64 GPUs, but the cluster has 32");
        row("unknown GPU", withField("cluster.gpu", "A1000"), "unknown name \"A1000\"; known: A100-SXM4-40GB");
        row("unknown link", withField("cluster.inter_node", "ib-qdr"), "unknown name \"ib-qdr\"; known:");
        row("unknown preset", withField("model", nlohmann::json { { "preset", "gpt5" } }),
            "unknown preset \"gpt5\"; known: gpt3-175b");
        row("unknown schedule", withField("parallel.schedule", "2f2b"),
            "expected one of: gpipe, 1f1b, interleaved, zb-h1");
        row("vpp without interleaving", withField("parallel.vpp", 2), "vpp = 2 needs the interleaved schedule");
        row("V without two chunks", withField("parallel.schedule", "zb-v"),
            "zb-v runs two model chunks per GPU in a V (down the pipeline, then back): vpp must be 2, not 1");
        row("DualPipe on odd pp",
            withFields({ { "parallel.schedule", "dualpipe" }, { "parallel.pp", 1 }, { "parallel.dp", 4 } }),
            "DualPipe pairs stage i with stage pp − 1 − i, so pp must be even and at least 2 (got 1)");
        row("DualPipe with few micro-batches",
            withFields({ { "parallel.schedule", "dualpipe" }, { "training.global_batch", 6 } }),
            "dualpipe needs at least 2·pp micro-batches per pipeline (2·2 = 4), an even number under DualPipe, which "
            "sends half of them each way (got 3)");
        row("DualPipeV with few micro-batches",
            withFields({ { "parallel.schedule", "dualpipev" }, { "parallel.vpp", 2 }, { "training.global_batch", 2 } }),
            "dualpipev needs at least 2·pp micro-batches per pipeline (2·2 = 4)");
        row("bad order", withField("parallel.order", "tp-tp-dp-pp"), "must name tp, cp, dp and pp once each");
        row("duplicate GPU",
            withField("placement",
                nlohmann::json::parse(R"([{"gpu":0,"tp":0,"dp":0,"pp":0},{"gpu":0,"tp":1,"dp":0,"pp":0}])")),
            "GPU 0 appears more than once");
        row("coordinate twice",
            withField("placement",
                nlohmann::json::parse(R"([{"gpu":0,"tp":0,"dp":0,"pp":0},{"gpu":1,"tp":0,"dp":0,"pp":0}])")),
            "is already held by another GPU");
        row("missing GPUs", withField("placement", nlohmann::json::parse(R"([{"gpu":0,"tp":0,"dp":0,"pp":0}])")),
            "31 of the 32 (tp, cp, dp, pp) coordinates have no GPU");
        row("GPU out of range", withField("placement", nlohmann::json::parse(R"([{"gpu":99,"tp":0,"dp":0,"pp":0}])")),
            "placement[0].gpu: must be between 0 and 31, got 99");
        row("bad inline link",
            withField("cluster.inter_node", nlohmann::json { { "name", "x" }, { "bandwidth_GBps", -3 } }),
            "cluster.inter_node.bandwidth_GBps: must be between");
        row("layers per stage sum", withField("parallel.layers_per_stage", nlohmann::json { 40, 40 }),
            "adds up to 80 layers, the model has 96");
        row("NVLink domain of part of a node", withField("cluster.nvlink_domain_gpus", 12),
            "cluster.nvlink_domain_gpus: an NVLink domain of 12 GPUs must hold whole nodes of 8 GPUs");
        row("NVLink domains that do not fill the cluster", withField("cluster.nvlink_domain_gpus", 24),
            "the cluster's 32 GPUs do not make whole NVLink domains of 24");
        row("layers per chunk count", withField("parallel.layers_per_chunk", nlohmann::json { 48, 48, 0 }),
            "has 3 entries for pp·vpp = 2·1 model chunks");
        row("layers per chunk sum", withField("parallel.layers_per_chunk", nlohmann::json { 40, 40 }),
            "parallel.layers_per_chunk: adds up to 80 layers, the model has 96");
        row("chunk and stage lists",
            withFields({ { "parallel.layers_per_chunk", nlohmann::json { 48, 48 } },
                { "parallel.layers_per_stage", nlohmann::json { 48, 48 } } }),
            "gives each model chunk's layers itself");
        row("negative chunk", withField("parallel.layers_per_chunk", nlohmann::json { -1, 97 }),
            "parallel.layers_per_chunk[0]: must be a whole number of layers ≥ 0");
        row("too many micro-batches to simulate", withField("training.global_batch", 4000000000LL),
            "forward passes to simulate, more than the limit of 1000000");
        row("string too long", withField("name", std::string(1000, 'x')), "longer than the limit of 256 characters");
        row("negative bucket", withField("training.bucket_size", -1), "training.bucket_size: must be between 0 and");
        row("unknown recompute module", withField("training.recompute_modules", nlohmann::json { "core_attn", "ffn" }),
            "training.recompute_modules[1]: is not a module Megatron-Core recomputes; known: core_attn, layernorm");
        row("recompute modules not a list", withField("training.recompute_modules", "mlp"),
            "training.recompute_modules: must be a list of module names");
        row("recompute modules without selective", withField("training.recompute_modules", nlohmann::json { "mlp" }),
            "recompute modules (mlp) apply to selective recomputation only");
        row("FP8 activation input on GELU", withField("training.activation_fp8_input", true),
            "--activation-func-fp8-input-store, for SwiGLU MLPs only");
    }
    void badInputNamesTheProblem()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const QString got = QString::fromStdString(problems(text.toStdString()));
        QVERIFY2(got.contains(expected), qPrintable(QStringLiteral("got: ") + got));
    }

    void deepNestingIsRefusedQuickly()
    {
        const std::string deep = std::string(10000, '[') + std::string(10000, ']');
        auto doc = parseJson(deep);
        QVERIFY(!doc);
        QVERIFY(QString::fromStdString(doc.errorText()).contains(QStringLiteral("deeper than the limit of 64")));
    }

    void hugeFileIsRefusedBeforeReading()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("huge.plait.json")).toStdString();
        {
            std::ofstream out(path, std::ios::binary);
            out.seekp((100ll << 20) - 1);
            out.put(' ');
        }
        auto doc = readJsonFile(path);
        QVERIFY(!doc);
        QVERIFY2(QString::fromStdString(doc.errorText()).contains(QStringLiteral("larger than the limit of 16 MiB")),
            doc.errorText().c_str());
    }

    // Recompute modules are written where they differ from Megatron-Core's default (the core attention) and read
    // back the same; a plan without them keeps the default.
    void recomputeModulesRoundTrip()
    {
        nlohmann::json j = test::gptPlanJson("gpt3-175b", 4, 8, 2, 2, 64);
        j["training"]["recompute"] = "selective";
        const Plan plain = test::mustPlan(j);
        QCOMPARE(plain.training.recomputeModules, unsigned(RecomputeModule::CoreAttn));
        QVERIFY(!toJson(plain)["training"].contains("recompute_modules"));
        j["training"]["recompute_modules"] = { "mlp", "layernorm" };
        const Plan set = test::mustPlan(j);
        QVERIFY(validate(set).empty());
        QCOMPARE(toJson(set)["training"]["recompute_modules"].dump(), std::string(R"(["layernorm","mlp"])"));
        QCOMPARE(recomputeText(set.training), std::string("selective (layernorm, mlp)"));
        QCOMPARE(test::mustPlan(toJson(set)).training.recomputeModules, set.training.recomputeModules);
    }

    // An unset gradient bucket stays unset when saved, so the framework's default keeps following the DP size.
    void bucketSizeIsSavedOnlyWhenSet()
    {
        nlohmann::json j = test::gptPlanJson("gpt3-175b", 4, 8, 2, 2, 64);
        QVERIFY(!toJson(test::mustPlan(j))["training"].contains("bucket_size"));
        j["training"]["bucket_size"] = 25e6;
        const Plan set = test::mustPlan(j);
        QCOMPARE(set.training.bucketSize, 25e6);
        QCOMPARE(toJson(set)["training"]["bucket_size"].get<double>(), 25e6);
        j["training"]["bucket_size"] = nullptr; // the editor's "back to the default"
        QVERIFY(!toJson(test::mustPlan(j))["training"].contains("bucket_size"));
    }

    // Issue 41: the model's source is the plan's own (ModelSource), not the raw document's. A preset or config.json
    // stays a reference while the model is what it resolves to; an edit of the shape made anywhere, not only in the
    // editor, is written out; it used to be lost on save, the stale reference in raw winning.
    void modelSourceIsTypedAndEditsAreKept_data()
    {
        QTest::addColumn<QByteArray>("model");
        QTest::newRow("preset") << QByteArray(R"({"preset": "llama2-13b", "future": 1})");
        QTest::newRow("hf_config") << QByteArray(R"({"hf_config": {"model_type": "llama", "hidden_size": 2048,
            "num_hidden_layers": 16, "num_attention_heads": 16, "intermediate_size": 5504, "vocab_size": 32000},
            "future": 1})");
    }
    void modelSourceIsTypedAndEditsAreKept()
    {
        QFETCH(QByteArray, model);
        nlohmann::json j = test::gptPlanJson("llama2-13b", 4, 8, 2, 2, 64);
        j["model"] = nlohmann::json::parse(model.toStdString());
        const Plan loaded = planFromJson(j).value();
        const PlanDocument file = planDocumentOf(j, loaded);
        QVERIFY(loaded.modelSource.kind != ModelSource::Kind::Explicit);
        // As loaded: the reference, and a key this version does not read, kept by the file's document.
        const nlohmann::json same = toJson(loaded, file)["model"];
        QVERIFY2(same.contains("preset") != same.contains("hf_config"), same.dump().c_str());
        QVERIFY(!same.contains("layers"));
        QCOMPARE(same["future"].get<int>(), 1);
        // Another sequence length: still the reference, with seq_len beside it.
        Plan longer = loaded;
        longer.model.seqLen = 8192;
        QCOMPARE(toJson(longer)["model"]["seq_len"].get<long long>(), 8192LL);
        QVERIFY(!toJson(longer)["model"].contains("layers"));
        QCOMPARE(planFromJson(toJson(longer)).value().model, longer.model);
        // An edited shape: written out, and read back as edited; the foreign key stays beside it.
        Plan edited = loaded;
        edited.model.layers = 12;
        const nlohmann::json out = toJson(edited, file)["model"];
        QVERIFY2(!out.contains("preset") && !out.contains("hf_config"), out.dump().c_str());
        QCOMPARE(out["layers"].get<int>(), 12);
        QCOMPARE(out["future"].get<int>(), 1);
        const Plan back = planFromJson(toJson(edited)).value();
        QCOMPARE(back.model.layers, 12);
        QVERIFY(back.modelSource.kind == ModelSource::Kind::Explicit);
    }

    // Issue 41: what a file holds beside the plan lives in its PlanDocument. The plan is a pure value (a file with
    // foreign keys and a description reads as the same plan as one without), the document writes them back over
    // any edit, and the warnings about them are the document's, read once: evaluate() no longer scans for them.
    void unknownFieldsLiveInTheDocument()
    {
        nlohmann::json j = test::gptPlanJson("gpt3-175b", 4, 8, 2, 2, 64);
        const Plan bare = test::mustPlan(j);
        j["description"] = "the plan of record";
        j["future_field"] = { { "kept", true } };
        j["training"]["future_knob"] = 3;
        j["training"]["zero_stge"] = 1; // misspelt
        j["model"]["layers"] = 2; // beside a preset: not read, not kept
        j["placement_hint"] = "rack-aware";
        const Plan plan = test::mustPlan(j);
        QVERIFY(plan == bare);
        const PlanDocument file = planDocumentOf(j, plan);
        QCOMPARE(file.description, std::string("the plan of record"));
        QCOMPARE(int(file.keyWarnings.size()), 5); // two at the top, one ignored beside the preset, two in training
        QCOMPARE(file.keyWarnings[0].code, std::string("unknown-key"));
        QVERIFY(evaluate(plan).warnings.size() == evaluate(bare).warnings.size());
        const nlohmann::json out = toJson(plan, file);
        QCOMPARE(out["description"].get<std::string>(), std::string("the plan of record"));
        QCOMPARE(out["future_field"]["kept"].get<bool>(), true);
        QCOMPARE(out["training"]["future_knob"].get<int>(), 3);
        QCOMPARE(out["training"]["zero_stge"].get<int>(), 1);
        QCOMPARE(out["placement_hint"].get<std::string>(), std::string("rack-aware"));
        QVERIFY(!out["model"].contains("layers"));
        QCOMPARE(out["model"]["preset"].get<std::string>(), std::string("gpt3-175b"));
        QVERIFY(!toJson(plan).contains("future_field")); // the plan alone holds none of it
        // Read back, the same plan and the same document; written again, the same file.
        const Plan again = test::mustPlan(out);
        QVERIFY(again.cluster == plan.cluster); // nics_per_node unset stays unset (it was written as 8)
        QVERIFY(again == plan);
        QVERIFY(toJson(again, planDocumentOf(out, again)) == out);
        // A foreign key inside an object the edited plan no longer writes (the MLA block of a model edited to
        // plain attention) does not bring that object back.
        nlohmann::json mla = test::gptPlanJson("gpt3-175b", 4, 8, 2, 2, 64);
        mla["model"] = toJson(*findPreset("deepseek-v3"));
        mla["model"]["mla"]["future_rope"] = "yarn";
        const Plan latent = test::mustPlan(mla);
        const PlanDocument latentFile = planDocumentOf(mla, latent);
        QCOMPARE(toJson(latent, latentFile)["model"]["mla"]["future_rope"].get<std::string>(), std::string("yarn"));
        Plan plain = latent;
        plain.model.mla = MlaSpec {};
        QVERIFY(!plain.model.mla.on());
        QVERIFY(!toJson(plain, latentFile)["model"].contains("mla"));
    }

    void explicitPlacementRoundTrips()
    {
        nlohmann::json j = test::gptPlanJson("gpt3-175b", 1, 8, 1, 1, 8);
        nlohmann::json list = nlohmann::json::array();
        for (int g = 0; g < 8; ++g)
            list.push_back({ { "gpu", g }, { "tp", 7 - g }, { "cp", 0 }, { "dp", 0 }, { "pp", 0 } });
        j["placement"] = list;
        const Plan plan = test::mustPlan(j);
        QCOMPARE(plan.placement.coordOf[0].tp, 7);
        QVERIFY(toJson(plan)["placement"] == list);
    }

    // Every catalog GPU written inline into a plan (as a calibrated GPU is saved) reads back the same, with no key
    // the reader does not know: a field the writer adds must be one the reader takes.
    void everyCatalogGpuRoundTripsInline()
    {
        for (const GpuSpec& gpu : Catalog::builtin().gpus) {
            nlohmann::json j = test::gptPlanJson("gpt3-175b", 2, 8, 1, 2, 16);
            j["cluster"]["gpu"] = toJson(gpu);
            const Plan plan = test::mustPlan(j);
            const PlanDocument file = planDocumentOf(j, plan);
            const std::string first = file.keyWarnings.empty() || file.keyWarnings.front().args.empty()
                ? std::string()
                : file.keyWarnings.front().args.front();
            QVERIFY2(file.keyWarnings.empty(), (gpu.id + ": " + first).c_str());
            QVERIFY2(plan.cluster.gpu == gpu, gpu.id.c_str());
        }
    }

    void inlineCatalogEntries()
    {
        nlohmann::json j = test::gptPlanJson("gpt3-175b", 2, 8, 1, 2, 16);
        j["cluster"]["inter_node"] = { { "name", "my-roce" }, { "bandwidth_GBps", 25 }, { "latency_us", 8 } };
        j["cluster"]["gpu"]
            = { { "name", "my-gpu" }, { "memory_GiB", 96 }, { "bf16_tflops", 400 }, { "hbm_GBps", 3000 } };
        const Plan plan = test::mustPlan(j);
        QCOMPARE(plan.cluster.interNode.bandwidthGBps, 25.0);
        QCOMPARE(plan.cluster.gpu.memoryGiB, 96.0);
        QCOMPARE(toJson(plan)["cluster"]["inter_node"]["bandwidth_GBps"].get<double>(), 25.0);
    }
};

QTEST_GUILESS_MAIN(TestPlanFile)
#include "tst_planfile.moc"
