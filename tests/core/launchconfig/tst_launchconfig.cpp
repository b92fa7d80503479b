#include "deepspeedconfig.h"
#include "evaluate.h"
#include "hfimport.h"
#include "launchconfig.h"
#include "megatronargs.h"
#include "memory.h"
#include "params.h"
#include "pipelinelayout.h"
#include "rankmap.h"
#include "shellwords.h"
#include "torchtitanconfig.h"

#include "../testplans.h"

#include <QFile>
#include <QTest>
#include <algorithm>
#include <cstdlib>
#include <map>

using namespace plait;

namespace {
std::string fixture(const QString& name)
{
    QFile f(QStringLiteral(PLAIT_TEST_DATA "/launch/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return f.readAll().toStdString();
}

Plan example(const QString& name)
{
    auto p = loadPlanFile(PLAIT_EXAMPLES "/" + name.toStdString());
    if (!p)
        qFatal("example %s: %s", qPrintable(name), p.errorText().c_str());
    return p.value();
}

bool listed(const std::vector<ConfigSetting>& list, const std::string& name)
{
    return std::any_of(list.begin(), list.end(), [&](const ConfigSetting& s) { return s.name == name; });
}

// The plan as its file holds it, without the name (an import names the plan after its file).
nlohmann::json content(const Plan& p)
{
    nlohmann::json j = toJson(p);
    j.erase("name");
    if (j["model"].is_object()) {
        j["model"].erase("name");
        j["model"].erase("source");
    }
    return j;
}

LaunchFormat formatOf(const QString& name)
{
    return *launchFormatFromName(name.toStdString());
}

// What is wrong with an import that `expect` describes: "error:<text>" for a refusal saying that text, or fields of
// the plan's file, "model.vocab=128256;training.precision=fp8"; empty when it is as expected.
QString importedAsExpected(const Result<ImportedPlan>& r, const QString& expect)
{
    if (expect.startsWith(u"error:"))
        return !r ? (r.errorText().find(expect.mid(6).toStdString()) != std::string::npos
                       ? QString()
                       : QString::fromStdString(r.errorText()))
                  : QStringLiteral("imported, where it should be refused");
    if (!r)
        return QString::fromStdString(r.errorText());
    const nlohmann::json j = toJson(r.value().plan);
    for (const QString& check : expect.split(u';')) {
        const QStringList kv = check.split(u'=');
        nlohmann::json at = j;
        for (const QString& key : kv[0].split(u'.'))
            at = at.at(key.toStdString());
        const std::string got = at.is_string() ? at.get<std::string>() : at.dump();
        if (got != kv[1].toStdString())
            return check + u" got " + QString::fromStdString(got);
    }
    return {};
}
}

// Framework configurations in and out of a plan (issue 16 C). Fixtures are written for these tests in each
// framework's format (tests/data/launch/README.md).
class TestLaunchConfig : public QObject {
    Q_OBJECT
private slots:
    void shellWordsAsBashSplitsThem()
    {
        const ShellWords w = shellWords("N=${N:-128}\ncmd --x $N # note\n  --y \"a b\" 'c $N' \\\n  --z=$(hostname)\n");
        std::vector<std::string> texts;
        for (const ShellWord& s : w.words)
            texts.push_back(s.text);
        const std::vector<std::string> expected { "N=128", "cmd", "--x", "128", "--y", "a b", "c $N",
            "--z=$(hostname)" };
        QCOMPARE(texts, expected);
        QCOMPARE(w.words[6].line, 3); // 'c $N' on the line the continuation started
        QVERIFY(w.words[7].unresolved); // a command substitution, kept as written
        QVERIFY(w.words[1].startsCommand);
        QVERIFY(!w.words[3].startsCommand);
    }

    // Issue 40 A: arrays, arithmetic, an if's branches and positional arguments as bash expands them. The words are
    // joined by '|'; an unresolved one is kept as written.
    void shellExpansionsAsBashDoes_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("words");
        QTest::newRow("an array is words where it is expanded, each element split")
            << QByteArray("A=( --x \"--v 128\" )\ncmd ${A[@]}") << "cmd|--x|--v|128";
        QTest::newRow("\"${A[@]}\" keeps each element whole")
            << QByteArray("A=( --x \"--v 128\" )\ncmd \"${A[@]}\"") << "cmd|--x|--v 128";
        QTest::newRow("\"${A[*]}\" joins them")
            << QByteArray("A=( --x \"--v 128\" )\ncmd \"${A[*]}\"") << "cmd|--x --v 128";
        QTest::newRow("+= appends; ${#A[@]} counts; ${A[1]} indexes")
            << QByteArray("A=(a)\nA+=(b \"$((2+1))\")\nS=x\nS+=y\ncmd ${A[@]} ${#A[@]} ${A[1]} $S")
            << "S=x|S+=y|cmd|a|b|3|3|b|xy";
        QTest::newRow("arithmetic over what the file sets")
            << QByteArray("G=8\nN=2\nW=$(($G*N + 1))\ncmd $W $(( (G - 2) / 4 )) $((G/0)) $((G*X))")
            << "G=8|N=2|W=17|cmd|17|1|$((G/0))|$((G*X))";
        QTest::newRow("the branch bash takes")
            << QByteArray("D=fp8\nif [[ \"$D\" == \"fp8\" ]]; then\n  X=--fp8\nelse\n  X=--bf16\nfi\ncmd $X")
            << "D=fp8|X=--fp8|cmd|--fp8";
        QTest::newRow("elif and else") << QByteArray(
            "D=bf16\nif [ \"$D\" = fp8 ]; then X=a; elif [ -z \"$D\" ]; then X=b; else X=c; fi\ncmd $X")
                                       << "D=bf16|X=c|cmd|c";
        QTest::newRow("|| and a number test")
            << QByteArray("N=1\nif [ $N -gt 1 ] || [[ -n \"\" ]]; then A=(--multi); fi\ncmd ${A[@]} ok")
            << "N=1|cmd|${A[@]}|ok";
        QTest::newRow("a nested if inside a branch not taken")
            << QByteArray("if false; then\n if true; then X=1; fi\n X=2\nelse X=3; fi\ncmd $X") << "X=3|cmd|3";
        QTest::newRow("a test Plait cannot decide keeps every branch")
            << QByteArray("if [ -f x ]; then X=a; else X=b; fi\ncmd $X") << "X=a|X=b|cmd|b";
        QTest::newRow("positional arguments stay unresolved")
            << QByteArray("P=$1\nQ=${3:-def}\ncmd --x $P --y ${2} \"$@\" $Q")
            << "P=$1|Q=def|cmd|--x|$P|--y|${2}|$@|def";
    }
    void shellExpansionsAsBashDoes()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, words);
        const ShellWords w = shellWords(text.toStdString());
        QStringList got;
        for (const ShellWord& s : w.words)
            got << QString::fromStdString(s.text);
        QCOMPARE(got.join(u'|'), words);
    }

    // A variable's words keep the line they are written on; a positional argument is named through a variable.
    void shellWordsKeepTheirPlace()
    {
        const ShellWords w = shellWords("ARGS=\"--a 1 \\\n  --b 2\"\nA=(\n --c\n 'x y'\n)\nP=$2\ncmd $ARGS ${A[@]} $P");
        std::map<std::string, ShellWord> by;
        for (const ShellWord& s : w.words)
            by[s.text] = s;
        QCOMPARE(by["--a"].line, 1);
        QCOMPARE(by["--b"].line, 2);
        QCOMPARE(by["--c"].line, 4);
        QCOMPARE(by["y"].line, 5);
        QCOMPARE(by["$P"].positional, 2);
        QVERIFY(by["$P"].unresolved);
    }

    // Issue 40 A: launch scripts read as bash runs them: flags in arrays whose elements hold a flag and its value
    // (Megatron-LM's Llama 3 8B FP8 example), the branch of an if that the file's own settings choose, arithmetic,
    // positional arguments named, and MindSpeed-LLM's names for Megatron-LM's arguments. `expect` is either
    // "error:<text>" or fields of the plan's file, "model.vocab=128256;training.precision=fp8".
    void launchScriptsAsBashRunsThem_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expect");
        const QByteArray model = "M=( --num-layers 32 --hidden-size 4096 --num-attention-heads 32 )\n";
        QTest::newRow("array elements of a flag and its value")
            << model
                + "D=( \"--vocab-size 128256\" \"--fp8-format hybrid\" --bf16 )\n"
                  "torchrun --nproc_per_node 8 --nnodes 1 pretrain_gpt.py ${M[@]} ${D[@]}"
            << "model.vocab=128256;training.precision=fp8;cluster.nodes=1";
        QTest::newRow("the branch the file's settings choose") << model
                + "DTYPE=\"fp8\"\nX=()\nif [[ \"$DTYPE\" == \"fp8\" ]]; then\n  X+=(\"--fp8-format hybrid\")\n"
                  "else\n  X+=(--vocab-size 1000)\nfi\npython pretrain_gpt.py ${M[@]} --bf16 ${X[@]}"
                                                               << "training.precision=fp8;model.vocab=32000";
        QTest::newRow("arithmetic") << model
                + "G=4\nN=2\nT=$((G*N/4))\npython pretrain_gpt.py ${M[@]} "
                  "--tensor-model-parallel-size $T --bf16"
                                    << "parallel.tp=2";
        QTest::newRow("a positional argument feeding a setting")
            << model + "TP=$1\npython pretrain_gpt.py ${M[@]} --tensor-model-parallel-size $TP --bf16"
            << "error:--tensor-model-parallel-size takes its value from $1, an argument given to the script";
        QTest::newRow("a positional argument with a default") << model
                + "TP=${1:-4}\npython pretrain_gpt.py ${M[@]} "
                  "--tensor-model-parallel-size $TP --bf16"
                                                              << "parallel.tp=4";
        QTest::newRow("MindSpeed-LLM's names (DeepSeek-V2-Lite's launcher)")
            << QByteArray("ARGS=\"--num-layers 27 --hidden-size 2048 --num-attention-heads 16 --swiglu "
                          "--ffn-hidden-size 10944 --multi-head-latent-attention --qk-rope-head-dim 64 "
                          "--qk-nope-head-dim 128 --kv-lora-rank 512 --v-head-dim 128 --num-experts 64 "
                          "--moe-router-topk 6 --moe-intermediate-size 1408 --n-shared-experts 2 "
                          "--first-k-dense-replace 1 --moe-layer-freq 1 --padded-vocab-size 102400 --bf16\"\n"
                          "python pretrain_gpt.py $ARGS")
            << "model.mla.kv_lora_rank=512;model.mla.qk_rope_head_dim=64;model.mla.qk_nope_head_dim=128;"
               "model.moe.expert_ffn_hidden=1408;model.moe.shared_experts=1;model.moe.shared_ffn_hidden=2816;"
               "model.moe.dense_layers=1;model.vocab=102400";
        QTest::newRow("Megatron-FSDP's full sharding") << model
                + "python pretrain_gpt.py ${M[@]} --bf16 --use-megatron-fsdp --data-parallel-sharding-strategy "
                  "optim_grads_params"
                                                       << "training.framework=fsdp;training.zero_stage=3";
        QTest::newRow("Megatron-FSDP sharding the optimizer only")
            << model
                + "python pretrain_gpt.py ${M[@]} --bf16 --use-megatron-fsdp --data-parallel-sharding-strategy optim"
            << "training.framework=megatron;training.zero_stage=1";
        QTest::newRow("a launcher's line alone") << QByteArray("torchrun --nproc_per_node 8 --nnodes 2 train.py\n")
                                                 << "error:the file sets only a launcher's flags (--nproc_per_node, "
                                                    "--nnodes)";
        QTest::newRow("too few GPUs for the sizes names --keep-cluster") << model
                + "torchrun --nproc_per_node 8 --nnodes 1 pretrain_gpt.py ${M[@]} --tensor-model-parallel-size 8 "
                  "--pipeline-model-parallel-size 2 --bf16"
                                                                         << "error:import with --keep-cluster";
    }
    // srun's and torchrun's flags before the program they start are the launcher's, listed apart; the framework's
    // after it are read.
    void launcherFlagsAreListedApart()
    {
        const auto r
            = importMegatronArgs("srun --mpi=pmix -l --container-image=img.sqsh \\\n"
                                 "  python -m torch.distributed.run --nproc_per_node 8 --nnodes 2 --master_port 6000 "
                                 "pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 "
                                 "--bf16 --lr 1e-4",
                example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")), "x.sh");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        for (const char* f : { "--mpi", "--container-image", "--master_port" })
            QVERIFY2(listed(r.value().launcher, f), f);
        QVERIFY(listed(r.value().noEffect, "--lr"));
        QCOMPARE(r.value().plan.cluster.nodes, 2); // the GPU count the launcher gives is read
        QVERIFY(r.value().notModelled.empty());
    }

    // Issue 40 D: the export writes what changes the run from Megatron-LM's defaults. Dropout: Megatron-LM's default
    // is 0.1, so a Llama-style plan (none) writes it off. A plan over several nodes starts one job (node rank and the
    // first node's address), not one per node.
    void megatronExportRunsWhatWasPlanned()
    {
        const std::string llama = megatronArgs(example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")));
        QVERIFY(llama.find("--attention-dropout 0\n") != std::string::npos);
        QVERIFY(llama.find("--hidden-dropout 0\n") != std::string::npos);
        QVERIFY(llama.find("--node-rank \"${NODE_RANK:?") != std::string::npos);
        const std::string gpt = megatronArgs(example(QStringLiteral("h-gpt3-175b-1024xa100.plait.json")));
        QVERIFY(gpt.find("dropout") == std::string::npos);
        const std::string one = megatronArgs(example(QStringLiteral("a1-one-node-dp8.plait.json")));
        QVERIFY(one.find("--node-rank") == std::string::npos); // one node: nothing to join
    }

    void launchScriptsAsBashRunsThem()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expect);
        const auto r = importMegatronArgs(
            text.toStdString(), example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")), "x.sh");
        const QString wrong = importedAsExpected(r, expect);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }

    // GPT-3 175B as Megatron-LM's examples launch it, over example h's cluster (Narayanan et al. 2021, Table 1:
    // 96 layers, hidden 12288, TP 8 × PP 16 on 1,024 A100s, global batch 1536).
    void megatronReadsALaunchScript()
    {
        const Plan base = example(QStringLiteral("h-gpt3-175b-1024xa100.plait.json"));
        const auto r = importMegatronArgs(fixture(QStringLiteral("megatron-gpt3-175b.sh")), base, "gpt3.sh");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const Plan& p = r.value().plan;
        QCOMPARE(p.model.layers, 96);
        QCOMPARE(p.model.hidden, 12288LL);
        QCOMPARE(p.model.heads, 96);
        QCOMPARE(p.model.kvHeads, 96);
        QCOMPARE(p.model.ffnHidden, 4 * 12288LL); // Megatron-LM's default 4h
        QCOMPARE(p.model.vocab, 51200LL);
        QCOMPARE(p.model.seqLen, 2048LL);
        QCOMPARE(p.cluster.nodes, 128); // from ${NUM_NODES:-128}
        QCOMPARE(p.cluster.gpusPerNode, 8);
        QCOMPARE(p.parallel.tp, 8);
        QCOMPARE(p.parallel.pp, 16);
        QCOMPARE(p.parallel.dp, 8); // 1,024 / (8 · 16)
        QCOMPARE(p.training.globalBatch, 1536LL);
        QCOMPARE(int(p.training.precision), int(Precision::BF16));
        QCOMPARE(p.training.zeroStage, 1);
        QCOMPARE(int(p.training.recompute), int(Recompute::Full));
        QVERIFY(!p.training.overlapGradReduce); // not in the script: Megatron-LM's default is off
        QVERIFY(validate(p).empty());
        // Everything the script sets is either read or listed; nothing here changes the estimate unread.
        const ImportedPlan& i = r.value();
        QVERIFY2(i.notModelled.empty(), i.notModelled.empty() ? "" : i.notModelled.front().name.c_str());
        for (const char* f : { "--lr", "--save", "--data-path", "--train-iters" })
            QVERIFY2(listed(i.noEffect, f), f);
        // torchrun's, before the script: listed apart as the launcher's (issue 40 A).
        for (const char* f : { "--node_rank", "--master_addr" })
            QVERIFY2(listed(i.launcher, f) && !listed(i.noEffect, f), f);
    }

    // Dropout is read (Megatron-LM's 0.1 where unsaid, whatever the model's style), written back where it differs,
    // and a value that is no probability is refused.
    void megatronDropoutRoundTrips()
    {
        const Plan base = example(QStringLiteral("a1-one-node-dp8.plait.json"));
        auto import = [&](const std::string& dropout) {
            return importMegatronArgs("pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 "
                                      "--seq-length 2048 --vocab-size 32000 --disable-bias-linear --bf16"
                    + dropout,
                base, "x.sh");
        };
        const auto said = import(" --attention-dropout 0.0 --hidden-dropout 0.05");
        QVERIFY2(said, said ? "" : said.errorText().c_str());
        QCOMPARE(said.value().plan.model.attentionDropout, 0.0);
        QCOMPARE(said.value().plan.model.hiddenDropout, 0.05);
        QVERIFY(!listed(said.value().noEffect, "--attention-dropout"));
        const std::string back = megatronArgs(said.value().plan);
        QVERIFY(back.find("--attention-dropout 0\n") != std::string::npos);
        QVERIFY(back.find("--hidden-dropout 0.05\n") != std::string::npos);
        const auto unsaid = import("");
        QVERIFY2(unsaid, unsaid ? "" : unsaid.errorText().c_str());
        QCOMPARE(unsaid.value().plan.model.attentionDropout, 0.1);
        QCOMPARE(unsaid.value().plan.model.hiddenDropout, 0.1);
        // A Llama-style script that leaves them unsaid is told what Megatron-LM runs; one that says them is not.
        auto noted = [](const ImportedPlan& i) {
            return std::any_of(
                i.notes.begin(), i.notes.end(), [](const Message& n) { return n.key == "launch:dropout-default"; });
        };
        QVERIFY(noted(unsaid.value()));
        QVERIFY(!noted(said.value()));
        const auto bad = import(" --attention-dropout 1.5");
        QVERIFY(!bad);
        QVERIFY2(bad.errorText().find("--attention-dropout") != std::string::npos, bad.errorText().c_str());
    }

    void megatronReadsAnArgumentFile()
    {
        const Plan base = example(QStringLiteral("e1-70b-a800-pp4-tp8.plait.json"));
        const auto r = importMegatronArgs(fixture(QStringLiteral("megatron-llama3-70b.args")), base, "70b.args");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const Plan& p = r.value().plan;
        QCOMPARE(p.model.kvHeads, 8);
        QCOMPARE(p.model.ffnHidden, 28672LL);
        QCOMPARE(int(p.model.ffn), int(FfnKind::SwiGlu));
        QCOMPARE(int(p.model.norm), int(NormKind::RmsNorm));
        QVERIFY(!p.model.learnedPositions && !p.model.linearBiases && !p.model.tiedEmbeddings);
        QCOMPARE(p.parallel.vpp, 4); // 80 layers / 4 stages / 5 per virtual stage
        QCOMPARE(int(p.parallel.schedule), int(Schedule::Interleaved));
        QCOMPARE(p.parallel.dp, 1); // the base plan's 32 GPUs
        QVERIFY(p.training.sequenceParallel && p.training.overlapGradReduce && p.training.overlapParamGather);
        QVERIFY(p.training.fusedCrossEntropy());
        const ImportedPlan& i = r.value();
        QVERIFY(listed(i.notModelled, "--recompute-method")); // block recompute of 4 layers
        QVERIFY(listed(i.notModelled, "--expert-tensor-parallel-size"));
        QVERIFY(listed(i.noEffect, "--tokenizer-model"));
        QVERIFY(std::any_of(i.notes.begin(), i.notes.end(), [](const Message& n) {
            return messageText(n).find("the cluster is the base plan's, 4 × 8 GPUs") != std::string::npos;
        }));
        QVERIFY(validate(p).empty());
    }

    void deepSpeedReadsItsJson()
    {
        const Plan base = example(QStringLiteral("h-gpt3-175b-1024xa100.plait.json"));
        const auto r = importDeepSpeedConfig(fixture(QStringLiteral("deepspeed-zero1.json")), base, "ds.json");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const Plan& p = r.value().plan;
        QCOMPARE(p.training.globalBatch, 1536LL);
        QCOMPARE(p.training.microBatch, 1);
        QCOMPARE(int(p.training.framework), int(Framework::DeepSpeed));
        QCOMPARE(p.training.zeroStage, 1);
        QVERIFY(p.training.overlapGradReduce);
        QCOMPARE(p.training.bucketSize, 5e8);
        QVERIFY(listed(r.value().noEffect, "optimizer.params.lr"));
        QVERIFY(listed(r.value().noEffect, "steps_per_print"));
        QVERIFY(listed(r.value().notModelled, "zero_optimization.contiguous_gradients"));

        const Plan a1 = example(QStringLiteral("a1-one-node-dp8.plait.json"));
        const auto autos = importDeepSpeedConfig(fixture(QStringLiteral("deepspeed-auto.json")), a1, "auto.json");
        QVERIFY2(autos, autos ? "" : autos.errorText().c_str());
        QCOMPARE(autos.value().plan.training.globalBatch, a1.training.globalBatch); // "auto" keeps the base's
        QCOMPARE(int(autos.value().plan.training.precision), int(a1.training.precision));
        QCOMPARE(autos.value().plan.training.zeroStage, 2);
        QVERIFY(autos.value().plan.training.offloadOptimizer); // device "cpu", pinned: ZeRO-Offload
        QVERIFY(!listed(autos.value().notModelled, "zero_optimization.offload_optimizer.device"));
        QVERIFY(listed(autos.value().notModelled, "optimizer.type")); // Lamb
        QCOMPARE(std::count_if(autos.value().notes.begin(), autos.value().notes.end(),
                     [](const Message& n) { return n.key == "launch:deepspeed-auto"; }),
            4L);
    }

    void torchtitanReadsTomlAndFlags()
    {
        const Plan a1 = example(QStringLiteral("a1-one-node-dp8.plait.json"));
        const auto toml = importTorchtitanConfig(fixture(QStringLiteral("torchtitan-llama3-8b.toml")), a1, "8b.toml");
        QVERIFY2(toml, toml ? "" : toml.errorText().c_str());
        const Plan& p = toml.value().plan;
        QCOMPARE(p.parallel.dp, 8); // data_parallel_shard_degree -1: the GPUs the other degrees leave
        QCOMPARE(p.training.zeroStage, 3);
        QCOMPARE(int(p.training.framework), int(Framework::Fsdp));
        QCOMPARE(p.model.seqLen, 8192LL);
        QCOMPARE(p.training.globalBatch, 8LL);
        // selective_ac_option "op": torchtitan's op-level policy.
        QCOMPARE(int(p.training.recompute), int(Recompute::SelectiveOps));
        QVERIFY(!toJson(p)["model"].contains("preset")); // the sequence length is no longer the preset's
        QVERIFY(listed(toml.value().noEffect, "job.dump_folder"));
        // compile.enable false: the loss is PyTorch's eager F.cross_entropy, nothing left unmodelled.
        QVERIFY(!p.training.fusedCrossEntropy());
        QVERIFY(!listed(toml.value().notModelled, "compile.enable"));
        std::string compiled = fixture(QStringLiteral("torchtitan-llama3-8b.toml"));
        compiled.replace(compiled.find("enable = false\ncomponents"), 14, "enable = true ");
        const auto withCompile = importTorchtitanConfig(compiled, a1, "8b.toml");
        QVERIFY2(withCompile, withCompile ? "" : withCompile.errorText().c_str());
        QVERIFY(withCompile.value().plan.training.fusedCrossEntropy()); // components ["model", "loss"]
        QVERIFY(listed(withCompile.value().notModelled, "compile.enable"));

        const Plan e1 = example(QStringLiteral("e1-70b-a800-pp4-tp8.plait.json"));
        const auto flags = importTorchtitanConfig(fixture(QStringLiteral("torchtitan-flags.sh")), e1, "run.sh");
        QVERIFY2(flags, flags ? "" : flags.errorText().c_str());
        const Plan& q = flags.value().plan;
        QCOMPARE(q.parallel.tp, 8);
        QCOMPARE(q.parallel.pp, 4);
        QCOMPARE(q.parallel.vpp, 4); // 80 layers / 4 ranks / 5 per stage
        QCOMPARE(q.parallel.dp, 1);
        QCOMPARE(q.training.globalBatch, 64LL);
        QCOMPARE(q.training.microBatch, 1);
        QCOMPARE(int(q.training.recompute), int(Recompute::Full));
        QVERIFY(listed(flags.value().launcher, "nproc_per_node"));
        QVERIFY(listed(flags.value().notModelled, "config")); // the model's flavor, from torchtitan's code
        QVERIFY(validate(q).empty());
    }

    // A config.json's model over a plan: DeepSeek-V3's routed and shared experts, dense first layers and multi-head
    // latent attention read as its preset has them, what the plan does not model listed with how the estimate
    // treats it; the sequence length stays the plan's (163,840
    // is DeepSeek-V3's position limit).
    void hfConfigListsWhatIsNotModelled()
    {
        const Plan base = example(QStringLiteral("h-gpt3-175b-1024xa100.plait.json"));
        const auto r = importHfConfig(fixture(QStringLiteral("hf-deepseek-v3.config.json")), base, "config.json");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const ModelSpec& m = r.value().plan.model;
        QCOMPARE(m.layers, 61);
        QCOMPARE(m.moe.experts, 256);
        QCOMPARE(m.moe.topK, 8);
        QCOMPARE(m.moe.expertFfnHidden, 2048LL);
        QCOMPARE(m.seqLen, base.model.seqLen);
        nlohmann::json shape = toJson(m), preset = toJson(*findPreset("deepseek-v3"));
        for (nlohmann::json* j : { &shape, &preset })
            for (const char* k : { "name", "source", "seq_len" })
                j->erase(k);
        QCOMPARE(QString::fromStdString(shape.dump()), QString::fromStdString(preset.dump()));
        const ImportedPlan& i = r.value();
        QCOMPARE(m.moe.routerGroups, 8);
        QCOMPARE(m.moe.routerGroupTopK, 4);
        for (const char* f : { "n_group", "topk_group", "kv_lora_rank", "q_lora_rank", "first_k_dense_replace",
                 "n_shared_experts", "num_nextn_predict_layers" })
            QVERIFY2(!listed(i.notModelled, f) && !listed(i.noEffect, f), f);
        QCOMPARE(m.mtpLayers, 1);
        QVERIFY(listed(i.noEffect, "rope_theta"));
        QVERIFY(listed(i.noEffect, "moe_layer_freq"));
        QVERIFY(std::any_of(i.notes.begin(), i.notes.end(),
            [](const Message& n) { return n.key == "launch:hf-sequence" && n.args.front() == "163840"; }));
        QCOMPARE(detectLaunchFormat(fixture(QStringLiteral("hf-deepseek-v3.config.json"))),
            std::optional(LaunchFormat::HfConfig));

        const auto mm = importHfConfig(fixture(QStringLiteral("hf-multimodal-text-config.json")), base, "config.json");
        QVERIFY2(mm, mm ? "" : mm.errorText().c_str());
        QCOMPARE(mm.value().plan.model.hidden, 5120LL);
        QCOMPARE(mm.value().plan.model.moe.experts, 16);
        QVERIFY(listed(mm.value().notModelled, "vision_config"));
        QVERIFY(listed(mm.value().noEffect, "text_config.rope_theta"));
        QCOMPARE(exportProblems(mm.value().plan, LaunchFormat::HfConfig).size(), std::size_t(1)); // read, not written
    }

    void badInputNamesThePlace_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("says");
        QTest::newRow("a flag twice") << "megatron"
                                      << "megatron-conflict.sh"
                                      << "a1-one-node-dp8.plait.json"
                                      << "line 7"
                                      << "--tensor-model-parallel-size 2 conflicts with "
                                         "--tensor-model-parallel-size 4 at line 4";
        QTest::newRow("a variable the file does not set")
            << "megatron"
            << "megatron-unresolved.sh"
            << "a1-one-node-dp8.plait.json"
            << "line 4"
            << "--tensor-model-parallel-size takes its value from \"$TP\", a variable";
        QTest::newRow("three batch sizes that disagree")
            << "deepspeed"
            << "deepspeed-conflict.json"
            << "a1-one-node-dp8.plait.json"
            << "train_batch_size"
            << "train_batch_size 2048 is not micro-batch 2 × accumulation 64 × DP 8 = 1024";
        QTest::newRow("bf16 and fp16") << "deepspeed"
                                       << "deepspeed-conflict.json"
                                       << "a1-one-node-dp8.plait.json"
                                       << "fp16.enabled"
                                       << "bf16 and fp16 are both enabled";
        QTest::newRow("not TOML") << "torchtitan"
                                  << "torchtitan-bad.toml"
                                  << "a1-one-node-dp8.plait.json"
                                  << "line 3"
                                  << "not TOML at column 25";
    }
    void badInputNamesThePlace()
    {
        QFETCH(QString, format);
        QFETCH(QString, file);
        QFETCH(QString, base);
        QFETCH(QString, field);
        QFETCH(QString, says);
        const auto r = importLaunchConfig(formatOf(format), fixture(file), example(base), file.toStdString());
        QVERIFY(!r);
        const auto& e = r.errors();
        QVERIFY2(std::any_of(e.begin(), e.end(),
                     [&](const Issue& i) {
                         return i.field == field.toStdString()
                             && i.message.find(says.toStdString()) != std::string::npos;
                     }),
            r.errorText().c_str());
    }

    // Issue 39 B: what is not a configuration is refused by name instead of resetting the plan to a framework's
    // defaults; values outside a format's vocabulary name their key; a quote never closed names its line.
    void notAConfigurationIsRefused_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("megatron: empty") << "megatron" << QByteArray() << "sets no Megatron-LM argument";
        QTest::newRow("megatron: NUL bytes") << "megatron" << QByteArray("\x7f\0\0\x01garbage", 11) << "binary data";
        QTest::newRow("megatron: words, no flag")
            << "megatron" << QByteArray("echo hello\nls -l\n") << "sets no Megatron-LM argument";
        QTest::newRow("megatron: unterminated double quote")
            << "megatron" << QByteArray("python pretrain_gpt.py \\\n  --tensor-model-parallel-size \"2\n  --bf16\n")
            << "line 2: a double quote opens here and is never closed";
        QTest::newRow("megatron: unterminated single quote")
            << "megatron" << QByteArray("python pretrain_gpt.py --num-layers 'x\n") << "line 1: a single quote";
        QTest::newRow("torchtitan: empty") << "torchtitan" << QByteArray() << "sets no torchtitan setting";
        QTest::newRow("torchtitan: NUL bytes") << "torchtitan" << QByteArray(8, '\0') << "binary data";
        QTest::newRow("torchtitan: unterminated string")
            << "torchtitan" << QByteArray("[job]\ndescription = \"abc\n[parallelism]\ntensor_parallel_degree = 8\n")
            << "line 2: not TOML: an unterminated string (the line ends at column 19";
        QTest::newRow("torchtitan: keys inside a multi-line string")
            << "torchtitan" << QByteArray("[job]\ndescription = \"\"\"abc\n[parallelism]\ntensor_parallel_degree = 8\n")
            << "not TOML: an unterminated string (the file ends";
        QTest::newRow("torchtitan: a key twice")
            << "torchtitan" << QByteArray("[training]\nseq_len = 8192\nseq_len = 4096\n") << "line 3: not TOML";
        QTest::newRow("torchtitan: shard degree 0")
            << "torchtitan" << QByteArray("[parallelism]\ndata_parallel_shard_degree = 0\n")
            << "line 2: parallelism.data_parallel_shard_degree = 0";
        QTest::newRow("deepspeed: a number out of range")
            << "deepspeed" << QByteArray("{\"train_batch_size\": 1e400}") << "line 1, column 22: not JSON: \"1e400\"";
    }
    void notAConfigurationIsRefused()
    {
        QFETCH(QString, format);
        QFETCH(QByteArray, text);
        QFETCH(QString, says);
        const auto r = importLaunchConfig(
            formatOf(format), text.toStdString(), example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")), "x");
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.errorText()).contains(says), r.errorText().c_str());
    }

    // Defaults nest as bash reads them: ${TP:-${DEFAULT_TP:-2}} is 2, and a quoted default loses its quotes.
    void nestedDefaultsAreReadAsBashDoes_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("tp");
        QTest::newRow("nested") << QByteArray("python pretrain_gpt.py --tensor-model-parallel-size ${TP:-${DEF:-2}}")
                                << 2;
        QTest::newRow("the inner one set") << QByteArray("DEF=4\npython pretrain_gpt.py --tensor-model-parallel-size "
                                                         "${TP:-${DEF:-2}}")
                                           << 4;
        QTest::newRow("the outer one set") << QByteArray("TP=8\npython pretrain_gpt.py --tensor-model-parallel-size "
                                                         "${TP:-${DEF:-2}}")
                                           << 8;
        QTest::newRow("a quoted default") << QByteArray("python pretrain_gpt.py --tensor-model-parallel-size "
                                                        "${TP:-\"4\"}")
                                          << 4;
    }
    // Issue 40 A: an unquoted $VAR or ${VAR} is split at blanks as bash splits it, so flags kept in a string
    // (options="…", GPT_ARGS="…", Megatron-LM's examples of 2021-2024) reach the command; "$VAR" stays one word, an
    // assignment is not split, and an unquoted expansion to nothing is no word.
    void flagsInAVariableAreSplit_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::newRow("options string") << QByteArray("options=\" --tensor-model-parallel-size 8 \\\n"
                                                      "  --pipeline-model-parallel-size 2\"\npython pretrain_gpt.py "
                                                      "${options}")
                                        << 8 << 2;
        QTest::newRow("$VAR, nested in another") << QByteArray("TP=4\nPAR=\"--tensor-model-parallel-size $TP\"\n"
                                                               "ALL=\"$PAR --pipeline-model-parallel-size 4\"\n"
                                                               "python pretrain_gpt.py $ALL")
                                                 << 4 << 4;
        QTest::newRow("an empty expansion between") << QByteArray(
            "E=\npython pretrain_gpt.py --tensor-model-parallel-size "
            "$E 2") << 2 << 1;
        QTest::newRow("quoted stays one word") << QByteArray("V=\"8 --pipeline-model-parallel-size 2\"\npython "
                                                             "pretrain_gpt.py --tensor-model-parallel-size \"$V\"")
                                               << 0 << 0;
    }
    void flagsInAVariableAreSplit()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, tp);
        QFETCH(int, pp);
        const auto r = importMegatronArgs(text.toStdString()
                + " --num-layers 32 --hidden-size 4096 "
                  "--num-attention-heads 32 --bf16",
            example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")), "x.sh");
        if (tp == 0) { // one word "8 --pipeline-model-parallel-size 2": not a whole number
            QVERIFY(!r);
            QVERIFY2(r.errorText().find("--tensor-model-parallel-size") != std::string::npos, r.errorText().c_str());
            return;
        }
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        QCOMPARE(r.value().plan.parallel.tp, tp);
        QCOMPARE(r.value().plan.parallel.pp, pp);
    }

    // Issue 40 B: Python's NaN/Infinity (json.dump writes them) are read as text where Plait does not read the
    // field, and a model of Mamba layers is refused by name instead of being costed as attention.
    // Issue 40 B: each model_type's documented defaults where the file leaves a field out, Llama 4's shared expert and
    // interleaved MoE layers, Gemma 4's top_k_experts beside its dense MLP, GPT-2's position limit, and layer kinds
    // Plait cannot cost refused by name. Parameter counts are those the model cards publish: Llama 2 7B 6.74B, a
    // 16-expert interleaved Llama 4 (every other layer MoE, as Maverick) of this shape, GPT-2 124M.
    void hfConfigsByModelType_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expect"); // "error:<text>", or plan fields "model.moe.every=2;…"
        QTest::newRow("LLaVA's text_config leaves Llama 2 7B's shape to LlamaConfig")
            << QByteArray(R"({"model_type": "llava", "text_config": {"model_type": "llama", "vocab_size": 32064,
                "max_position_embeddings": 4096}, "vision_config": {"hidden_size": 1024}})")
            << "model.hidden=4096;model.layers=32;model.heads=32;model.ffn_hidden=11008;model.vocab=32064";
        QTest::newRow("a text_config without model_type under gemma3")
            << QByteArray(R"({"model_type": "gemma3", "text_config": {"hidden_size": 2560, "num_hidden_layers": 34,
                "intermediate_size": 10240}})")
            << "model.hidden=2560;model.heads=8;model.kv_heads=4;model.head_dim=256;model.vocab=262208;"
               "model.tied_embeddings=true;model.ffn=swiglu";
        QTest::newRow("Llama 4: shared expert, one MoE layer in two, dense MLP of intermediate_size_mlp")
            << QByteArray(R"({"model_type": "llama4", "text_config": {"model_type": "llama4_text", "hidden_size": 5120,
                "num_hidden_layers": 48, "num_attention_heads": 40, "num_key_value_heads": 8, "head_dim": 128,
                "intermediate_size": 8192, "intermediate_size_mlp": 16384, "num_local_experts": 128,
                "num_experts_per_tok": 1, "interleave_moe_layer_step": 2, "vocab_size": 202048}})")
            << "model.ffn_hidden=16384;model.moe.expert_ffn_hidden=8192;model.moe.shared_experts=1;"
               "model.moe.shared_ffn_hidden=8192;model.moe.every=2;model.moe.phase=1";
        QTest::newRow("Gemma 4: top_k_experts, the dense MLP beside the experts")
            << QByteArray(R"({"model_type": "gemma4", "text_config": {"model_type": "gemma4_text", "hidden_size": 2816,
                "num_hidden_layers": 30, "num_attention_heads": 16, "num_key_value_heads": 8, "head_dim": 256,
                "intermediate_size": 2112, "moe_intermediate_size": 704, "num_experts": 128, "top_k_experts": 8,
                "enable_moe_block": true, "hidden_activation": "gelu_pytorch_tanh", "vocab_size": 262144}})")
            << "model.moe.top_k=8;model.moe.shared_experts=1;model.moe.shared_ffn_hidden=2112;"
               "model.moe.expert_ffn_hidden=704;model.tied_embeddings=true";
        // Read by the same field reader as every other key: a value outside the model's range is refused by name.
        QTest::newRow("Llama 4: an interleave step longer than the model") << QByteArray(
            R"({"model_type": "llama4_text", "hidden_size": 5120, "num_hidden_layers": 48,
                "num_attention_heads": 40, "intermediate_size": 8192, "num_local_experts": 16,
                "interleave_moe_layer_step": 96, "vocab_size": 202048})") << "error:interleave_moe_layer_step";
        QTest::newRow("Gemma 4: top_k_experts as text")
            << QByteArray(R"({"model_type": "gemma4_text", "hidden_size": 2816, "num_hidden_layers": 30,
                "num_attention_heads": 16, "intermediate_size": 2112, "moe_intermediate_size": 704,
                "num_experts": 128, "top_k_experts": "eight", "vocab_size": 262144})")
            << "error:top_k_experts";
        QTest::newRow("GPT-2's learned positions cap the sequence") << QByteArray(
            R"({"model_type": "gpt2", "n_embd": 768, "n_layer": 12, "n_head": 12, "n_positions": 1024,
                "vocab_size": 50257, "task_specific_params": {"text-generation": {"do_sample": true}},
                "max_length": 50, "num_beams": 4})") << "model.seq_len=1024";
        QTest::newRow("linear attention layers") << QByteArray(R"({"model_type": "qwen3_next", "hidden_size": 2048,
                "num_hidden_layers": 4, "num_attention_heads": 16, "intermediate_size": 5120, "vocab_size": 151936,
                "layer_types": ["linear_attention", "linear_attention", "linear_attention", "full_attention"]})")
                                                 << "error:holds 3 layers of kind \"linear_attention\"";
        QTest::newRow("cross-attention layers")
            << QByteArray(R"({"model_type": "mllama", "text_config": {"model_type": "mllama_text_model",
                "hidden_size": 4096, "num_hidden_layers": 40, "num_attention_heads": 32, "intermediate_size": 14336,
                "vocab_size": 128256, "cross_attention_layers": [3, 8, 13, 18, 23, 28, 33, 38]}})")
            << "error:text_config.cross_attention_layers: holds 8 cross-attention layers";
    }
    void hfConfigsByModelType()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expect);
        const auto r = importHfConfig(
            json.toStdString(), example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")), "c.json");
        const QString wrong = importedAsExpected(r, expect);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        // Generation defaults change nothing of training: listed as no effect, never as not modelled.
        for (const ConfigSetting& c : r ? r.value().notModelled : std::vector<ConfigSetting> {})
            QVERIFY2(c.name != "max_length" && c.name != "num_beams", c.name.c_str());
    }

    // What states Plait's own assumption, or changes nothing at the plan's sequence, is "no effect", not "not
    // modelled": special token ids, a sliding window that is off or longer than the sequence, attention_bias false,
    // what PretrainedConfig.to_dict() writes into every file. A window shorter than the sequence is not modelled.
    void hfFieldsWithoutEffect()
    {
        const Plan base = example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")); // sequence 4096
        const auto r = importHfConfig(R"({"model_type": "mistral", "hidden_size": 4096, "num_hidden_layers": 32,
            "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 32768,
            "image_token_id": 10, "attention_bias": false, "is_decoder": false, "pruned_heads": {},
            "sliding_window": 131072, "text_window": 3})",
            base, "c.json");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        for (const char* k : { "image_token_id", "attention_bias", "is_decoder", "pruned_heads", "sliding_window" })
            QVERIFY2(listed(r.value().noEffect, k) && !listed(r.value().notModelled, k), k);
        QVERIFY(listed(r.value().notModelled, "text_window")); // unknown: listed, never dropped
        const auto windowed = importHfConfig(R"({"model_type": "mistral", "hidden_size": 4096,
            "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 14336, "vocab_size": 32768,
            "sliding_window": 1024})",
            base, "c.json");
        QVERIFY(windowed);
        QVERIFY(listed(windowed.value().notModelled, "sliding_window"));
    }

    // Parameter counts of whole models read from their configs' layouts, against the model cards.
    void hfParameterCountsMatchTheModelCards_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<double>("billions");
        // Llama 2 7B (arXiv 2307.09288 Table 1: 7B; 6.74B counted), the shape LLaVA 1.5 7B's text_config defaults to.
        QTest::newRow("LLaVA 1.5 7B's language model")
            << QByteArray(R"({"model_type": "llava", "text_config": {"model_type": "llama", "vocab_size": 32064}})")
            << 6.74;
        // GPT-2 small: 124M (Radford et al. 2019, Table 2 lists 117M; the released checkpoint counts 124M).
        QTest::newRow("GPT-2") << QByteArray(R"({"model_type": "gpt2", "n_embd": 768, "n_layer": 12, "n_head": 12,
            "n_positions": 1024, "vocab_size": 50257})")
                               << 0.124;
    }
    void hfParameterCountsMatchTheModelCards()
    {
        QFETCH(QByteArray, json);
        QFETCH(double, billions);
        const auto r = importHfConfig(
            json.toStdString(), example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")), "c.json");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const double got = totalParams(r.value().plan.model) / 1e9;
        QVERIFY2(std::abs(got - billions) / billions < 0.01, qPrintable(QString::number(got)));
    }

    void hfConfigsAsPythonWritesThem()
    {
        const Plan base = example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json"));
        const std::string dense = R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
            "num_hidden_layers": 32, "intermediate_size": 14336, "vocab_size": 128256, "rope_scaling": null,
            "time_step_limit": [0.0, Infinity], "initializer_range": NaN, "note": "NaN and Infinity in a string"})";
        const auto r = importHfConfig(dense, base, "config.json");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        QCOMPARE(r.value().plan.model.layers, 32);
        QVERIFY(std::any_of(r.value().notes.begin(), r.value().notes.end(),
            [](const Message& m) { return m.key == "launch:hf-python-words" && m.args.front() == "2"; }));
        const auto inf = importHfConfig(R"({"hidden_size": Infinity})", base, "config.json");
        QVERIFY(!inf);
        QVERIFY2(inf.errorText().find("hidden_size") != std::string::npos, inf.errorText().c_str());
        const auto hybrid = importHfConfig(R"({"model_type": "nemotron_h", "hidden_size": 4096,
            "num_attention_heads": 32, "num_hidden_layers": 6, "intermediate_size": 14336, "vocab_size": 131072,
            "hybrid_override_pattern": "M-M*-M"})",
            base, "config.json");
        QVERIFY(!hybrid);
        QVERIFY2(hybrid.errorText().find("hybrid_override_pattern: holds 3 Mamba") != std::string::npos,
            hybrid.errorText().c_str());
        const auto ssm = importHfConfig(R"({"model_type": "jamba", "hidden_size": 4096, "num_attention_heads": 32,
            "num_hidden_layers": 32, "intermediate_size": 14336, "vocab_size": 65536, "mamba_d_state": 16})",
            base, "config.json");
        QVERIFY(!ssm);
    }

    // Issue 40 A: an argument file meant to be sourced keeps its flags in variables it passes to no command; they are
    // read with a note, while a launch script's own command line still wins over its variables.
    void flagsOfASourcedArgumentFile()
    {
        const Plan base = example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json"));
        const std::string sourced
            = "#!/bin/bash\nMODEL_ARGS=\" \\\n  --num-layers 24 --hidden-size 1024 \\\n"
              "  --num-attention-heads 16 --bf16\"\nPAR_ARGS=\"--tensor-model-parallel-size 2\"\n";
        const auto r = importMegatronArgs(sourced, base, "args.sh");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        QCOMPARE(r.value().plan.model.layers, 24);
        QCOMPARE(r.value().plan.parallel.tp, 2);
        QVERIFY(std::any_of(r.value().notes.begin(), r.value().notes.end(), [](const Message& m) {
            return m.key == "launch:flags-in-variables" && m.args.front() == "MODEL_ARGS, PAR_ARGS";
        }));
        const auto script = importMegatronArgs(sourced
                + "python pretrain_gpt.py --num-layers 24 --hidden-size 1024 "
                  "--num-attention-heads 16 --tensor-model-parallel-size 4",
            base, "run.sh");
        QVERIFY2(script, script ? "" : script.errorText().c_str());
        QCOMPARE(script.value().plan.parallel.tp, 4);
    }

    // Issue 40 B: torchtitan's older layouts read by their own names (degrees under [training] until late 2024,
    // pipelining and context parallelism under [experimental]); a schedule named at pipeline degree 1 has no effect.
    // Issue 40 B: torchtitan's [model] name and flavor that are published models are read as Plait's presets (its
    // llama3 flavors are Meta's Llama 3.1 shapes, deepseek_v3 671B is DeepSeek-V3); others keep the base plan's model
    // and say so. A job file of the 2024 layout ([job], [training]) is recognised by `import auto`.
    void torchtitanFlavorsArePresets()
    {
        const Plan base = example(QStringLiteral("a1-one-node-dp8.plait.json"));
        const std::string old = "[job]\ndump_folder = \"./outputs\"\n[model]\nname = \"llama3\"\nflavor = \"70B\"\n"
                                "[training]\nbatch_size = 8\nseq_len = 8192\ntensor_parallel_degree = 8\n"
                                "data_parallel_degree = -1\n";
        QCOMPARE(detectLaunchFormat(old).value_or(LaunchFormat::Megatron), LaunchFormat::Torchtitan);
        const auto r = importTorchtitanConfig(old, base, "t.toml");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        QCOMPARE(r.value().plan.model.layers, 80);
        QCOMPARE(r.value().plan.model.hidden, 8192LL);
        QCOMPARE(r.value().plan.model.seqLen, 8192LL);
        QVERIFY(std::any_of(r.value().notes.begin(), r.value().notes.end(),
            [](const Message& m) { return m.key == "launch:torchtitan-preset"; }));
        // Written back by its name and flavor, it reads back as the same model (issue 40 D).
        const std::string back = exportLaunchConfig(LaunchFormat::Torchtitan, r.value().plan);
        QVERIFY2(back.find("[model]\nname = \"llama3\"\nflavor = \"70B\"") != std::string::npos, back.c_str());
        const auto again = importTorchtitanConfig(back, base, "again.toml");
        QVERIFY2(again, again ? "" : again.errorText().c_str());
        QCOMPARE(again.value().plan.model.layers, 80);
        const auto qwen = importTorchtitanConfig(
            "[model]\nname = \"qwen3\"\nflavor = \"32B\"\n[parallelism]\ntensor_parallel_degree = 1\n", base, "q.toml");
        QVERIFY2(qwen, qwen ? "" : qwen.errorText().c_str());
        QCOMPARE(qwen.value().plan.model.layers, base.model.layers); // no preset: the base plan's, said in a note
        QVERIFY(std::any_of(qwen.value().notes.begin(), qwen.value().notes.end(),
            [](const Message& m) { return m.key == "launch:torchtitan-model"; }));
    }

    void torchtitanOlderLayouts_data()
    {
        QTest::addColumn<QByteArray>("toml");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("cp");
        QTest::addColumn<int>("vpp");
        QTest::newRow("2024-05: [training]") << QByteArray("[training]\nbatch_size = 8\nseq_len = 4096\n"
                                                           "data_parallel_degree = -1\ntensor_parallel_degree = 8\n"
                                                           "pipeline_parallel_degree = 1\n")
                                             << 8 << 1 << 1 << 1;
        QTest::newRow("2024-10: [experimental]")
            << QByteArray("[training]\ndata_parallel_shard_degree = -1\ntensor_parallel_degree = 4\n"
                          "[experimental]\npipeline_parallel_degree = 2\ncontext_parallel_degree = 2\n"
                          "pipeline_parallel_schedule = \"1F1B\"\n")
            << 4 << 2 << 2 << 1;
        QTest::newRow("Interleaved1F1B at degree 1")
            << QByteArray("[parallelism]\ntensor_parallel_degree = 1\npipeline_parallel_degree = 1\n"
                          "pipeline_parallel_schedule = \"Interleaved1F1B\"\n")
            << 1 << 1 << 1 << 1;
    }
    void torchtitanOlderLayouts()
    {
        QFETCH(QByteArray, toml);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, cp);
        QFETCH(int, vpp);
        const auto r = importTorchtitanConfig(
            toml.toStdString(), example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")), "job.toml");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const ParallelSpec& p = r.value().plan.parallel;
        QCOMPARE(p.tp, tp);
        QCOMPARE(p.pp, pp);
        QCOMPARE(p.cp, cp);
        QCOMPARE(std::max(p.vpp, 1), vpp);
    }

    // Issue 40 B: the two DeepSpeed settings that decide parallel sizes the JSON does not hold. ZeRO-2/3 refuse
    // PipelineModule, so the base plan's pipeline ranks go to data parallelism; AutoTP's autotp_size sets TP.
    // Issue 40 B: DeepSpeed's BF16 master weights and gradients and BF16 optimizer states (its bf16_master_weight
    // example) take the state from 16 bytes per parameter (2 weights, 2 gradients, 4 master, 8 moments: ZeRO §3.1)
    // to 8 (2 + 2 + 0 + 4), and are written back; reduce_bucket_size 0 reduces each weight matrix alone.
    void deepSpeedLowPrecisionStatesAndBuckets()
    {
        const Plan base = example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json"));
        const auto r = importDeepSpeedConfig(R"({"train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 2,
            "bf16": {"enabled": true, "bf16_master_weights_and_grads": true, "bf16_optimizer_states": true},
            "zero_optimization": {"stage": 3, "reduce_bucket_size": 0}})",
            base, "ds.json");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const TrainingSpec& t = r.value().plan.training;
        QVERIFY(t.bf16Master);
        QVERIFY(t.bf16Moments);
        const StateBytes b = stateBytes(t);
        QCOMPARE(b.weights + b.grads + b.optimizer, 8.0);
        QCOMPARE(t.bucketSize, double(base.model.hidden) * double(base.model.ffnHidden));
        QVERIFY(!listed(r.value().notModelled, "bf16.bf16_master_weights_and_grads"));
        const auto again
            = importDeepSpeedConfig(exportLaunchConfig(LaunchFormat::DeepSpeed, r.value().plan), base, "again.json");
        QVERIFY2(again, again ? "" : again.errorText().c_str());
        QVERIFY(again.value().plan.training.bf16Master);
        QVERIFY(again.value().plan.training.bf16Moments);
        // Without the two keys: an fp32 master and fp32 moments, 12 bytes.
        const auto plain = importDeepSpeedConfig(
            R"({"bf16": {"enabled": true}, "zero_optimization": {"stage": 3}})", base, "ds.json");
        QVERIFY(plain);
        const StateBytes p = stateBytes(plain.value().plan.training);
        QCOMPARE(p.weights, 2.0);
        QCOMPARE(p.optimizer, 12.0);
    }

    void deepSpeedZeroAndAutoTpSetTheSizes()
    {
        const Plan base = example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")); // TP 4 · PP 2 · DP 2
        const auto z3 = importDeepSpeedConfig(R"({"train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 2,
            "zero_optimization": {"stage": 3}, "bf16": {"enabled": true}})",
            base, "ds.json");
        QVERIFY2(z3, z3 ? "" : z3.errorText().c_str());
        QCOMPARE(z3.value().plan.parallel.pp, 1);
        QCOMPARE(z3.value().plan.parallel.dp, 4);
        QCOMPARE(z3.value().plan.training.globalBatch, 8LL);
        const auto z1 = importDeepSpeedConfig(
            R"({"zero_optimization": {"stage": 1}, "bf16": {"enabled": true}})", base, "ds.json");
        QVERIFY2(z1, z1 ? "" : z1.errorText().c_str());
        QCOMPARE(z1.value().plan.parallel.pp, 2);
        const auto autotp = importDeepSpeedConfig(R"({"tensor_parallel": {"autotp_size": 2},
            "zero_optimization": {"stage": 2}, "bf16": {"enabled": true}})",
            base, "ds.json");
        QVERIFY2(autotp, autotp ? "" : autotp.errorText().c_str());
        QCOMPARE(autotp.value().plan.parallel.tp, 2);
        QCOMPARE(autotp.value().plan.parallel.dp, 8);
        QVERIFY(!importDeepSpeedConfig(R"({"tensor_parallel": {"autotp_size": 3}})", base, "ds.json"));
    }

    // Issue 40 A: a script written for one node, imported onto the plan's larger cluster when the user says so;
    // without it the launcher's GPU count is the job's.
    void keepClusterTakesThePlansGpus()
    {
        const Plan base = example(QStringLiteral("h-gpt3-175b-1024xa100.plait.json")); // 128 × 8 GPUs
        const std::string script
            = "torchrun --nproc_per_node 8 --nnodes 1 pretrain_gpt.py --num-layers 96 "
              "--hidden-size 12288 --num-attention-heads 96 --seq-length 2048 --micro-batch-size 1 "
              "--global-batch-size 1536 --bf16 --tensor-model-parallel-size 8 "
              "--pipeline-model-parallel-size 16";
        const auto oneNode = importMegatronArgs(script, base, "run.sh");
        QVERIFY(!oneNode);
        QVERIFY2(oneNode.errorText().find("8 GPUs") != std::string::npos, oneNode.errorText().c_str());
        const auto kept = importMegatronArgs(script, base, "run.sh", true);
        QVERIFY2(kept, kept ? "" : kept.errorText().c_str());
        QCOMPARE(kept.value().plan.cluster.gpuCount(), 1024LL);
        QCOMPARE(kept.value().plan.parallel.dp, 8);
        QVERIFY(std::any_of(kept.value().notes.begin(), kept.value().notes.end(),
            [](const Message& m) { return m.key == "launch:keep-cluster"; }));
    }

    // Issue 40 A: old names that mean the same thing map to the plan's fields, each with a note.
    void oldNamesMapToThePlan()
    {
        const std::string args = "--num-layers 24 --hidden-size 1024 --num-attention-heads 16 --seq-length 1024 "
                                 "--micro-batch-size 1 --global-batch-size 16 --fp16 --tensor-model-parallel-size 2 "
                                 "--pipeline-model-parallel-size 2 ";
        const Plan base = example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json"));
        const auto old = importMegatronArgs(args + "--checkpoint-activations", base, "x.sh");
        QVERIFY2(old, old ? "" : old.errorText().c_str());
        QCOMPARE(int(old.value().plan.training.recompute), int(Recompute::Full));
        const auto mds = importMegatronArgs(args + "--zero-stage 1", base, "x.sh");
        QVERIFY2(mds, mds ? "" : mds.errorText().c_str());
        QCOMPARE(int(mds.value().plan.training.framework), int(Framework::DeepSpeed));
        QCOMPARE(mds.value().plan.training.zeroStage, 1);
        QVERIFY(!importMegatronArgs(args + "--zero-stage 4", base, "x.sh"));
    }

    void nestedDefaultsAreReadAsBashDoes()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, tp);
        const auto r = importMegatronArgs(text.toStdString()
                + " --num-layers 32 --hidden-size 4096 "
                  "--num-attention-heads 32 --bf16",
            example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")), "x.sh");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        QCOMPARE(r.value().plan.parallel.tp, tp);
    }

    // Import → export → import gives the same plan, every field the file holds or Plait fills in from the
    // framework's defaults.
    void importExportImport_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("base");
        QTest::newRow("megatron script") << "megatron"
                                         << "megatron-gpt3-175b.sh"
                                         << "h-gpt3-175b-1024xa100.plait.json";
        QTest::newRow("megatron args") << "megatron"
                                       << "megatron-llama3-70b.args"
                                       << "e1-70b-a800-pp4-tp8.plait.json";
        // Multi-token prediction on a dense model: the exporter once wrote --mtp-num-layers only for MoE models.
        QTest::newRow("megatron dense with MTP") << "megatron"
                                                 << "megatron-dense-mtp.args"
                                                 << "e1-70b-a800-pp4-tp8.plait.json";
        QTest::newRow("megatron DeepSeek-V3") << "megatron"
                                              << "megatron-deepseek-v3.sh"
                                              << "h-gpt3-175b-1024xa100.plait.json";
        QTest::newRow("deepspeed") << "deepspeed"
                                   << "deepspeed-zero1.json"
                                   << "h-gpt3-175b-1024xa100.plait.json";
        QTest::newRow("deepspeed auto") << "deepspeed"
                                        << "deepspeed-auto.json"
                                        << "a1-one-node-dp8.plait.json";
        QTest::newRow("torchtitan toml") << "torchtitan"
                                         << "torchtitan-llama3-8b.toml"
                                         << "a1-one-node-dp8.plait.json";
        QTest::newRow("torchtitan flags") << "torchtitan"
                                          << "torchtitan-flags.sh"
                                          << "e1-70b-a800-pp4-tp8.plait.json";
    }
    void importExportImport()
    {
        QFETCH(QString, format);
        QFETCH(QString, file);
        QFETCH(QString, base);
        const LaunchFormat f = formatOf(format);
        const auto first = importLaunchConfig(f, fixture(file), example(base), "first");
        QVERIFY2(first, first ? "" : first.errorText().c_str());
        const Plan& p = first.value().plan;
        const std::vector<Issue> problems = exportProblems(p, f);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().message.c_str());
        const std::string text = exportLaunchConfig(f, p);
        QCOMPARE(detectLaunchFormat(text), std::optional<LaunchFormat>(f));
        const auto second = importLaunchConfig(f, text, p, "second");
        QVERIFY2(second, second ? "" : second.errorText().c_str());
        QCOMPARE(content(second.value().plan).dump(1), content(p).dump(1));
        QVERIFY2(second.value().notModelled.empty(),
            second.value().notModelled.empty() ? "" : second.value().notModelled.front().name.c_str());
    }

    // Each example plan out and back in, for every format that runs it: the fields the format carries come back;
    // a format that cannot run the plan says why instead of writing a file.
    void examplesOutAndIn_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("format");
        QTest::addColumn<bool>("runs");
        const char* const examples[] { "a1-one-node-dp8", "a2-one-node-tp2-dp4", "b-four-nodes-tp4-pp2-dp2",
            "c-ethernet-dp-accumulation", "d-twelve-nodes-tp8-pp12", "e1-70b-a800-pp4-tp8", "e2-70b-a800-pp8-tp4",
            "f-13b-tp8-sequence-parallel", "g-7b-adam-one-gpu", "h-gpt3-175b-1024xa100" };
        for (const char* e : examples) {
            const bool zero1 = std::string("defg").find(e[0]) == std::string::npos;
            for (const char* f : { "megatron", "deepspeed", "torchtitan" })
                // FSDP has no ZeRO-1: torchtitan cannot run the examples that use it.
                QTest::addRow("%s %s", e, f) << QString::fromLatin1(e) + QStringLiteral(".plait.json")
                                             << QString::fromLatin1(f) << !(zero1 && std::string(f) == "torchtitan");
        }
    }
    void examplesOutAndIn()
    {
        QFETCH(QString, file);
        QFETCH(QString, format);
        QFETCH(bool, runs);
        const Plan p = example(file);
        const LaunchFormat f = formatOf(format);
        const std::vector<Issue> problems = exportProblems(p, f);
        QCOMPARE(problems.empty(), runs);
        if (!runs)
            return;
        const auto back = importLaunchConfig(f, exportLaunchConfig(f, p), p, "out");
        QVERIFY2(back, back ? "" : back.errorText().c_str());
        const Plan& q = back.value().plan;
        const TrainingSpec &a = p.training, &b = q.training;
        QCOMPARE(b.globalBatch, a.globalBatch);
        QCOMPARE(b.microBatch, a.microBatch);
        QCOMPARE(int(b.precision), int(a.precision));
        QCOMPARE(int(b.optimizer), int(a.optimizer));
        QCOMPARE(b.zeroStage, a.zeroStage);
        QCOMPARE(b.bucketSize, a.bucketSize);
        if (f != LaunchFormat::DeepSpeed) { // DeepSpeed's JSON holds no parallel sizes and no recompute
            QCOMPARE(content(q)["parallel"].dump(), content(p)["parallel"].dump());
            QCOMPARE(int(b.recompute), int(a.recompute));
            QCOMPARE(b.sequenceParallel, a.sequenceParallel && p.parallel.tp > 1);
        }
        if (f == LaunchFormat::Megatron) {
            nlohmann::json m = toJson(q.model), n = toJson(p.model);
            for (nlohmann::json* x : { &m, &n }) {
                x->erase("name");
                x->erase("source");
            }
            QCOMPARE(m.dump(), n.dump());
            QCOMPARE(b.flashAttention, a.flashAttention);
            QCOMPARE(b.overlapGradReduce, a.overlapGradReduce);
            QCOMPARE(b.overlapParamGather, a.overlapParamGather);
            QCOMPARE(b.fusedCrossEntropy(), a.fusedCrossEntropy());
        }
        if (f == LaunchFormat::DeepSpeed)
            QCOMPARE(b.overlapGradReduce, a.overlapGradReduce);
    }

    void exportRefusesWhatTheFrameworkWould_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("edit"); // JSON merged into the plan
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("says");
        QTest::newRow("TP past the KV heads")
            << "megatron"
            << R"({"cluster":{"nodes":4},"parallel":{"tp":16,"pp":2,"dp":1}})"
            << "parallel.tp"
            << "megatron shards the KV heads by TP: 8 KV heads do not divide by TP 16; TP 8 would";
        QTest::newRow("torchtitan too")
            << "torchtitan"
            << R"({"cluster":{"nodes":4},"parallel":{"tp":16,"pp":2,"dp":1},"training":{"zero_stage":0}})"
            << "parallel.tp"
            << "TP 8 would";
        QTest::newRow("ZB-H1 in Megatron-LM") << "megatron"
                                              << R"({"parallel":{"schedule":"zb-h1"}})"
                                              << "parallel.schedule"
                                              << "does not run the zb-h1 schedule";
        QTest::newRow("ZB-V in Megatron-LM") << "megatron"
                                             << R"({"parallel":{"schedule":"zb-v","vpp":2}})"
                                             << "parallel.schedule"
                                             << "does not run the zb-v schedule";
        QTest::newRow("DualPipe in torchtitan") << "torchtitan"
                                                << R"({"parallel":{"schedule":"dualpipe"},"training":{"zero_stage":0}})"
                                                << "parallel.schedule"
                                                << "does not run the dualpipe schedule";
        QTest::newRow("interleaved in DeepSpeed") << "deepspeed"
                                                  << R"({"parallel":{"schedule":"interleaved","vpp":2}})"
                                                  << "parallel.schedule"
                                                  << "deepspeed does not run the interleaved schedule";
        QTest::newRow("uneven stages in torchtitan")
            << "torchtitan"
            << R"({"parallel":{"tp":2,"pp":4,"dp":4,"layers_per_stage":[18,20,22,20]},"training":{"zero_stage":0}})"
            << "parallel.layers_per_stage"
            << "torchtitan splits the layers evenly over the stages";
        QTest::newRow("a chunk list in DeepSpeed")
            << "deepspeed"
            << R"({"parallel":{"tp":2,"pp":4,"dp":4,"layers_per_chunk":[18,20,22,20]}})"
            << "parallel.layers_per_chunk"
            << "deepspeed splits the layers evenly over the stages";
        QTest::newRow("part of a node") << "megatron"
                                        << R"({"parallel":{"tp":4,"pp":1,"dp":3},"training":{"global_batch":48}})"
                                        << "parallel"
                                        << "the plan uses 12 GPUs, not a multiple of 8";
        QTest::newRow("ZeRO-1 in torchtitan") << "torchtitan"
                                              << R"({"training":{"zero_stage":1}})"
                                              << "training.zero_stage"
                                              << "FSDP has no ZeRO-1";
    }
    void exportRefusesWhatTheFrameworkWould()
    {
        QFETCH(QString, format);
        QFETCH(QString, edit);
        QFETCH(QString, field);
        QFETCH(QString, says);
        // Llama 2 70B (64 heads, 8 KV heads, 80 layers) on 4 nodes of 8, TP 8 × PP 4.
        nlohmann::json j = toJson(example(QStringLiteral("e1-70b-a800-pp4-tp8.plait.json")));
        j.merge_patch(nlohmann::json::parse(edit.toStdString()));
        j["placement"] = nullptr;
        const Plan p = test::mustPlan(j);
        const std::vector<Issue> problems = exportProblems(p, formatOf(format));
        QVERIFY2(std::any_of(problems.begin(), problems.end(),
                     [&](const Issue& i) {
                         return i.field == field.toStdString()
                             && i.message.find(says.toStdString()) != std::string::npos;
                     }),
            problems.empty() ? "no problem" : problems.front().message.c_str());
    }

    // torch.distributed.pipelining's V-shaped schedules (ZBVZeroBubble, DualPipeV) out to torchtitan and back: two
    // stages per rank, the same parallel block.
    void vShapedSchedulesThroughTorchtitan_data()
    {
        QTest::addColumn<QString>("schedule");
        QTest::addColumn<QString>("name");
        QTest::newRow("zb-v") << "zb-v"
                              << "ZBVZeroBubble";
        QTest::newRow("dualpipev") << "dualpipev"
                                   << "DualPipeV";
    }
    void vShapedSchedulesThroughTorchtitan()
    {
        QFETCH(QString, schedule);
        QFETCH(QString, name);
        nlohmann::json j = toJson(example(QStringLiteral("e1-70b-a800-pp4-tp8.plait.json")));
        j["parallel"]["schedule"] = schedule.toStdString();
        j["parallel"]["vpp"] = 2;
        j["training"]["zero_stage"] = 0;
        j["placement"] = nullptr;
        const Plan p = test::mustPlan(j);
        QVERIFY(exportProblems(p, LaunchFormat::Torchtitan).empty());
        const std::string text = exportLaunchConfig(LaunchFormat::Torchtitan, p);
        QVERIFY2(text.find("pipeline_parallel_schedule = \"" + name.toStdString() + "\"") != std::string::npos,
            text.c_str());
        const auto back = importLaunchConfig(LaunchFormat::Torchtitan, text, p, "out");
        QVERIFY2(back, back ? "" : back.errorText().c_str());
        QCOMPARE(content(back.value().plan)["parallel"].dump(), content(p)["parallel"].dump());
    }

    // Megatron-LM's --pipeline-model-parallel-layout, read as pipeline_parallel_layer_layout.py reads it: the
    // examples of its help text, its documentation and its functional tests, and what it refuses.
    void pipelineLayoutIsReadAsMegatronReadsIt_data()
    {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vpp"); // 0: refused
        QTest::addColumn<QList<int>>("transformer"); // per model chunk
        QTest::addColumn<int>("mtp");
        QTest::addColumn<QString>("says");
        QList<int> deepSeek { 3 };
        for (int i = 0; i < 29; ++i)
            deepSeek << 2;
        deepSeek << 0 << 0;
        // docs/user-guide/features/pipeline_parallel_layout.md: 61 decoder layers and one MTP layer, PP 16 × VPP 2.
        QTest::newRow("DeepSeek-V3 at PP 16") << "Et*3|(tt|)*29,m|L" << 16 << 2 << deepSeek << 1 << QString();
        QTest::newRow("functional test, PP 4")
            << "Et*2|(tt|)*5t|tmL" << 4 << 2 << QList<int> { 2, 2, 2, 2, 2, 2, 1, 1 } << 1 << QString();
        QTest::newRow("an empty stage") << "E||t|L" << 2 << 2 << QList<int> { 0, 0, 1, 0 } << 0 << QString();
        QTest::newRow("help text's example")
            << "E|(t|)*3,m|m||L" << 2 << 4 << QList<int> { 0, 1, 1, 1, 0, 0, 0, 0 } << 2 << QString();
        QTest::newRow("no loss") << "Et*3|t*3" << 2 << 0 << QList<int> {} << 0
                                 << "must begin with the embedding (E) and end with the loss (L), each once";
        QTest::newRow("two embeddings") << "Et|Et|L" << 3 << 0 << QList<int> {} << 0 << "each once";
        QTest::newRow("a letter it does not know")
            << "Et|x|L" << 3 << 0 << QList<int> {} << 0 << "'x' in stage 2 is not a layer";
        QTest::newRow("stages not a multiple of PP")
            << "Et|t|tL" << 2 << 0 << QList<int> {} << 0 << "has 3 stages, not a multiple of --pipeline-model";
        QTest::newRow("a layer after MTP")
            << "Et|mt|L" << 3 << 0 << QList<int> {} << 0 << "transformer layer after a multi-token prediction";
        QTest::newRow("a repeat past the limit")
            << "E(t*9999999|)*9999999L" << 1 << 0 << QList<int> {} << 0 << "unrolls to more than 1048576 letters";
    }
    void pipelineLayoutIsReadAsMegatronReadsIt()
    {
        QFETCH(QString, layout);
        QFETCH(int, pp);
        QFETCH(int, vpp);
        QFETCH(QList<int>, transformer);
        QFETCH(int, mtp);
        QFETCH(QString, says);
        const auto r = parsePipelineLayout(layout.toStdString(), pp, "line 3");
        if (vpp == 0) {
            QVERIFY(!r);
            QCOMPARE(QString::fromStdString(r.errors().front().field), QStringLiteral("line 3"));
            QVERIFY2(r.errorText().find(says.toStdString()) != std::string::npos, r.errorText().c_str());
            return;
        }
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        QCOMPARE(r.value().vpp, vpp);
        QCOMPARE(QList<int>(r.value().transformer.begin(), r.value().transformer.end()), transformer);
        QCOMPARE(r.value().mtpTotal(), mtp);
        // Written back, folded, it reads the same.
        const std::string text = pipelineLayoutText(r.value().transformer);
        const auto again = parsePipelineLayout(text, pp, "again");
        QVERIFY2(again, text.c_str());
        QCOMPARE(again.value().transformer, r.value().transformer);
    }
    void pipelineLayoutTextFolds()
    {
        QCOMPARE(pipelineLayoutText({ 3, 2, 2, 2, 0 }), std::string("Et*3|(t*2|)*3L"));
        // Megatron-Bridge's DeepSeek-V3 layout: the MTP module before the loss on the last chunk.
        std::vector<int> bridge(31, 2);
        bridge.front() = 1;
        bridge.push_back(0);
        QCOMPARE(pipelineLayoutText(bridge, 1), std::string("Et|(t*2|)*30mL"));
        QCOMPARE(pipelineLayoutText({ 19, 20, 21, 20 }), std::string("Et*19|t*20|t*21|t*20L"));
        QCOMPARE(pipelineLayoutText({ 4 }), std::string("Et*4L"));
        QCOMPARE(pipelineLayoutText({ 2, 1, 1, 1 }), std::string("Et*2|(t|)*2tL"));
    }

    // A layout in a launch script becomes the plan's split, in its plainest form, and goes back out as a layout.
    void megatronLayoutSetsTheSplit_data()
    {
        QTest::addColumn<QString>("layout"); // PP 4, 80 layers
        QTest::addColumn<QString>("parallel"); // what the plan file holds
        QTest::newRow("even") << "Et*20|t*20|t*20|t*20L"
                              << R"("vpp":1)";
        QTest::newRow("per stage") << "Et*19|t*20|t*21|t*20L"
                                   << R"("layers_per_stage":[19,20,21,20])";
        QTest::newRow("per chunk") << "Et*9|(t*10|)*6t*11L"
                                   << R"("layers_per_chunk":[9,10,10,10,10,10,10,11])";
        QTest::newRow("even chunks") << "E(t*10|)*7t*10L"
                                     << R"("vpp":2)";
    }
    void megatronLayoutSetsTheSplit()
    {
        QFETCH(QString, layout);
        QFETCH(QString, parallel);
        const std::string args = "--num-layers 80 --hidden-size 8192 --num-attention-heads 64\n"
                                 "--tensor-model-parallel-size 8 --pipeline-model-parallel-size 4\n"
                                 "--pipeline-model-parallel-layout \""
            + layout.toStdString()
            + "\"\n"
              "--micro-batch-size 1 --global-batch-size 64 --bf16\n";
        const Plan base = example(QStringLiteral("e1-70b-a800-pp4-tp8.plait.json"));
        const auto r = importMegatronArgs(args, base, "layout.args");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const Plan& p = r.value().plan;
        QVERIFY2(toJson(p)["parallel"].dump().find(parallel.toStdString()) != std::string::npos,
            toJson(p)["parallel"].dump().c_str());
        QVERIFY(!listed(r.value().notModelled, "--pipeline-model-parallel-layout"));
        const Evaluation ev = evaluate(p);
        QVERIFY2(ev.valid, ev.errors.empty() ? "" : ev.errors.front().message.c_str());
        // Out and back: the same split.
        QVERIFY(exportProblems(p, LaunchFormat::Megatron).empty());
        const auto back = importMegatronArgs(megatronArgs(p), p, "back");
        QVERIFY2(back, back ? "" : back.errorText().c_str());
        QCOMPARE(content(back.value().plan)["parallel"].dump(), content(p)["parallel"].dump());
    }

    // The chunk list changes the estimate as the layers it moves: equal chunks cost as the even split, and the
    // chunk holding one layer more sets the pace.
    void chunkListCostsTheLayersItPlaces()
    {
        nlohmann::json j = toJson(example(QStringLiteral("e1-70b-a800-pp4-tp8.plait.json")));
        j["parallel"]["schedule"] = "interleaved";
        j["parallel"]["vpp"] = 2;
        j["training"]["global_batch"] = 64;
        const Plan even = test::mustPlan(j);
        j["parallel"]["layers_per_chunk"] = { 10, 10, 10, 10, 10, 10, 10, 10 };
        const Plan listed = test::mustPlan(j);
        j["parallel"]["layers_per_chunk"] = { 11, 10, 10, 10, 9, 10, 10, 10 };
        const Plan uneven = test::mustPlan(j);
        QCOMPARE(uneven.layersOnStage(0), 20);
        QCOMPARE(uneven.layersInChunk(0, 0), 11);
        QCOMPARE(uneven.layersInChunk(0, 1), 9);
        const Evaluation a = evaluate(even), b = evaluate(listed), c = evaluate(uneven);
        QVERIFY(a.valid && b.valid && c.valid);
        QCOMPARE(b.stepS, a.stepS);
        QVERIFY2(c.stepS > a.stepS,
            qPrintable(QString::number(c.stepS) + QStringLiteral(" vs ") + QString::number(a.stepS)));
    }

    // A DeepSeek-V3 launch script reads as the preset's shape: MLA with Megatron-LM's flags, the shared expert of
    // --moe-shared-expert-intermediate-size, the dense first layers of --moe-layer-freq.
    void megatronReadsDeepSeekV3()
    {
        const Plan base = example(QStringLiteral("h-gpt3-175b-1024xa100.plait.json"));
        const auto r = importMegatronArgs(fixture(QStringLiteral("megatron-deepseek-v3.sh")), base, "ds.sh");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        nlohmann::json shape = toJson(r.value().plan.model), preset = toJson(*findPreset("deepseek-v3"));
        for (nlohmann::json* j : { &shape, &preset })
            for (const char* k : { "name", "source" })
                j->erase(k);
        QCOMPARE(QString::fromStdString(shape.dump()), QString::fromStdString(preset.dump()));
        QCOMPARE(r.value().plan.parallel.layersPerStage,
            (std::vector<int> { 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2 }));
        // Its MTP layer (the layout's m, --mtp-num-layers 1) is modelled, and written back.
        QVERIFY(!listed(r.value().notModelled, "--pipeline-model-parallel-layout"));
        QCOMPARE(r.value().plan.model.mtpLayers, 1);
        const std::string out = exportLaunchConfig(LaunchFormat::Megatron, r.value().plan);
        QVERIFY(out.find("--mtp-num-layers 1") != std::string::npos);
    }

    // A path or word written into a printed command line reads back as itself (the DeepSpeed launcher's config path).
    void shellQuotedReadsBack_data()
    {
        QTest::addColumn<QString>("word");
        QTest::newRow("plain") << "ds_config.json";
        QTest::newRow("path") << "/tmp/run-1/ds_config.json";
        QTest::newRow("space") << "/tmp/my run/ds config.json";
        QTest::newRow("quote") << "it's.json";
        QTest::newRow("dollar and backtick") << "$HOME/`x`.json";
        QTest::newRow("empty") << "";
    }
    void shellQuotedReadsBack()
    {
        QFETCH(QString, word);
        const std::string w = word.toStdString();
        const ShellWords s = shellWords("cmd " + shellQuoted(w));
        QCOMPARE(int(s.words.size()), 2);
        QCOMPARE(QString::fromStdString(s.words[1].text), word);
        QVERIFY(!s.words[1].unresolved);
    }

    // Issue 40 D: a plan of framework fsdp that shards gradients (ZeRO-2) or weights too (ZeRO-3) goes out to
    // Megatron-LM as Megatron-FSDP and reads back the same; a Megatron-FSDP script without a sharding strategy takes
    // Megatron-LM's default of 2026-04 (optim_grads_params) and says so.
    void megatronFsdpRoundTrips_data()
    {
        QTest::addColumn<int>("stage");
        QTest::newRow("optim_grads") << 2;
        QTest::newRow("optim_grads_params") << 3;
    }
    void megatronFsdpRoundTrips()
    {
        QFETCH(int, stage);
        nlohmann::json j = toJson(example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json")));
        j["cluster"]["nodes"] = 2; // the nodes its 16 ranks use: torchrun's line gives the cluster back
        Plan p = test::mustPlan(j);
        p.training.framework = Framework::Fsdp;
        p.training.zeroStage = stage;
        p.training.overlapParamGather = false;
        p.training.crossEntropyFusion = true; // what a script states, --cross-entropy-loss-fusion or not
        const std::vector<Issue> problems = exportProblems(p, LaunchFormat::Megatron);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().message.c_str());
        const std::string out = megatronArgs(p);
        QVERIFY(out.find("--use-megatron-fsdp") != std::string::npos);
        QVERIFY(out.find("--ckpt-format fsdp_dtensor") != std::string::npos); // Megatron-FSDP asserts it
        const auto back = importMegatronArgs(out, p, "back.sh");
        QVERIFY2(back, back ? "" : back.errorText().c_str());
        QCOMPARE(back.value().plan.training.framework, Framework::Fsdp);
        QCOMPARE(back.value().plan.training.zeroStage, stage);
        QCOMPARE(content(back.value().plan).dump(), content(p).dump());
        // Megatron-LM's distributed optimizer alone is not FSDP: the same plan at ZeRO-1 is refused under fsdp.
        p.training.zeroStage = 1;
        QVERIFY(!exportProblems(p, LaunchFormat::Megatron).empty());
    }
    void megatronFsdpDefaultStrategy()
    {
        const Plan base = example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json"));
        const auto r = importMegatronArgs("--num-layers 40 --hidden-size 5120 --num-attention-heads 40 "
                                          "--tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 "
                                          "--use-megatron-fsdp --bf16",
            base, "m.sh");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        QCOMPARE(r.value().plan.training.zeroStage, 3);
        QCOMPARE(r.value().plan.training.framework, Framework::Fsdp);
        QVERIFY(std::any_of(r.value().notes.begin(), r.value().notes.end(),
            [](const Message& m) { return m.key == "launch:megatron-fsdp-default"; }));
    }

    // --expert-tensor-parallel-size is the plan's expert TP (Megatron-Core's parallel folding): read, evaluated and
    // written back; torchtitan's expert_tensor_parallel_degree defaults to 1, so its EP spans the TP ranks.
    void expertTensorParallelRoundTrips()
    {
        const Plan base = example(QStringLiteral("h-gpt3-175b-1024xa100.plait.json"));
        std::string args = fixture(QStringLiteral("megatron-deepseek-v3.sh"));
        const std::string tp1 = "--tensor-model-parallel-size 1";
        args.replace(args.find(tp1), tp1.size(), "--tensor-model-parallel-size 2 --expert-tensor-parallel-size 1");
        const auto r = importMegatronArgs(args, base, "ds.sh");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const Plan& p = r.value().plan;
        QCOMPARE(p.parallel.tp, 2);
        QCOMPARE(p.parallel.etp, 1);
        QVERIFY(!listed(r.value().notModelled, "--expert-tensor-parallel-size"));
        QVERIFY(validate(p).empty());
        const std::string out = exportLaunchConfig(LaunchFormat::Megatron, p);
        QVERIFY2(out.find("--expert-tensor-parallel-size 1") != std::string::npos, out.c_str());
        const std::string toml = exportLaunchConfig(LaunchFormat::Torchtitan, p);
        QVERIFY2(toml.find("expert_tensor_parallel_degree = 1") != std::string::npos, toml.c_str());
    }

    // --moe-token-dispatcher-type as arguments.py reads it: allgather when unset (Megatron-LM's default), flex also
    // from the older --moe-enable-deepep, DeepEP or HybridEP as the flex backend; the group-limited routing's groups;
    // an unknown dispatcher names the flag; what is read is written back.
    void megatronReadsTheDispatcher_data()
    {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("dispatcher");
        QTest::newRow("unset") << ""
                               << "allgather";
        QTest::newRow("alltoall") << "--moe-token-dispatcher-type alltoall"
                                  << "alltoall";
        QTest::newRow("alltoall_seq") << "--moe-token-dispatcher-type alltoall_seq"
                                      << "alltoall";
        QTest::newRow("flex hybridep") << "--moe-token-dispatcher-type flex --moe-flex-dispatcher-backend hybridep"
                                       << "flex";
        QTest::newRow("enable deepep") << "--moe-enable-deepep"
                                       << "flex";
        QTest::newRow("unknown") << "--moe-token-dispatcher-type gossip"
                                 << "";
    }
    void megatronReadsTheDispatcher()
    {
        QFETCH(QString, extra);
        QFETCH(QString, dispatcher);
        const Plan base = example(QStringLiteral("h-gpt3-175b-1024xa100.plait.json"));
        std::string args = fixture(QStringLiteral("megatron-deepseek-v3.sh"));
        const std::string at = "--mtp-num-layers 1";
        args.replace(args.find(at), at.size(), at + " " + extra.toStdString());
        const auto r = importMegatronArgs(args, base, "ds.sh");
        if (dispatcher.isEmpty()) {
            QVERIFY(!r);
            QVERIFY2(r.errorText().find("--moe-token-dispatcher-type") != std::string::npos, r.errorText().c_str());
            return;
        }
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const Plan& p = r.value().plan;
        QCOMPARE(QString::fromLatin1(moeDispatcherName(p.training.moeDispatcher)), dispatcher);
        QCOMPARE(p.model.moe.routerGroups, 8);
        QCOMPARE(p.model.moe.routerGroupTopK, 4);
        for (const char* flag : { "--moe-router-num-groups", "--moe-router-group-topk", "--moe-token-dispatcher-type",
                 "--moe-flex-dispatcher-backend", "--moe-enable-deepep" })
            QVERIFY2(!listed(r.value().notModelled, flag) && !listed(r.value().noEffect, flag), flag);
        const std::string out = exportLaunchConfig(LaunchFormat::Megatron, p);
        QVERIFY2(out.find("--moe-token-dispatcher-type " + dispatcher.toStdString()) != std::string::npos, out.c_str());
        for (const char* line : { "--moe-router-num-groups 8\n", "--moe-router-group-topk 4\n" })
            QVERIFY2(out.find(line) != std::string::npos, out.c_str());
        const auto again = importMegatronArgs(out, p, "again");
        QVERIFY2(again, again ? "" : again.errorText().c_str());
        QCOMPARE(again.value().plan.training.moeDispatcher, p.training.moeDispatcher);
    }

    // --recompute-modules takes a list (argparse nargs='*'); Megatron-Bridge's DeepSeek-V3 H100 recipe recomputes
    // mla_up_proj and mlp. --activation-func-fp8-input-store keeps SwiGLU's input in FP8. Both written back.
    void megatronReadsRecomputeModules_data()
    {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("modules"); // recomputeModulesText; "!" + a name: listed as not modelled
        QTest::newRow("unset: the core attention") << ""
                                                   << "core_attn";
        QTest::newRow("two words") << "--recompute-modules mla_up_proj mlp"
                                   << "mla_up_proj, mlp";
        QTest::newRow("DeepSeek-V3's three, FP8 activation input")
            << "--recompute-modules layernorm mla_up_proj moe_act --activation-func-fp8-input-store"
            << "layernorm, mla_up_proj, moe_act";
        QTest::newRow("a module Plait does not cost") << "--recompute-modules mhc moe"
                                                      << "!mhc";
    }
    void megatronReadsRecomputeModules()
    {
        QFETCH(QString, extra);
        QFETCH(QString, modules);
        const Plan base = example(QStringLiteral("h-gpt3-175b-1024xa100.plait.json"));
        std::string args = fixture(QStringLiteral("megatron-deepseek-v3.sh"));
        const std::string at = "--mtp-num-layers 1";
        args.replace(args.find(at), at.size(), at + " " + extra.toStdString());
        const auto r = importMegatronArgs(args, base, "ds.sh");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const Plan& p = r.value().plan;
        QCOMPARE(int(p.training.recompute), int(Recompute::Selective));
        if (modules.startsWith(QLatin1Char('!'))) {
            QVERIFY(listed(r.value().notModelled, "--recompute-modules"));
            QCOMPARE(QString::fromStdString(recomputeModulesText(p.training.recomputeModules)), QStringLiteral("moe"));
            return;
        }
        QCOMPARE(QString::fromStdString(recomputeModulesText(p.training.recomputeModules)), modules);
        QCOMPARE(p.training.activationFp8Input, extra.contains(QLatin1String("fp8-input")));
        QVERIFY(validate(p).empty());
        const std::string out = exportLaunchConfig(LaunchFormat::Megatron, p);
        const auto again = importMegatronArgs(out, p, "again");
        QVERIFY2(again, again ? "" : again.errorText().c_str());
        QCOMPARE(again.value().plan.training.recomputeModules, p.training.recomputeModules);
        QCOMPARE(again.value().plan.training.activationFp8Input, p.training.activationFp8Input);
    }

    // --moe-layer-freq as arguments.py's moe_freq_type reads it: dense first layers and one MoE layer in N (an integer
    // N: layers 0, N, 2N…; a list may put it anywhere in each run, Llama 4 style) are modelled and written back the
    // same; other patterns listed; a list of every layer dense is a dense model; a list whose length is not
    // --num-layers is refused, as Megatron-LM asserts (issue 39 B, issue 40 B).
    void moeLayerFrequency_data()
    {
        QTest::addColumn<QString>("freq");
        QTest::addColumn<int>("dense"); // -1: listed as not modelled; -2: no experts (a dense model)
        QTest::addColumn<int>("every");
        QTest::addColumn<int>("phase");
        QTest::addColumn<QString>("error"); // what the refusal says; empty when read
        QTest::newRow("every layer") << "1" << 0 << 1 << 0 << "";
        QTest::newRow("three dense first") << "[0]*3+[1]*29" << 3 << 1 << 0 << "";
        QTest::newRow("in parentheses") << "([0]+[1]*31)" << 1 << 1 << 0 << "";
        QTest::newRow("a list") << "[0,0,1,1]+[1]*28" << 2 << 1 << 0 << "";
        QTest::newRow("all MoE as a list") << "[1]*32" << 0 << 1 << 0 << "";
        QTest::newRow("every other layer") << "2" << 0 << 2 << 0 << "";
        QTest::newRow("interleaved, the second of each pair") << "([0]+[1])*16" << 0 << 2 << 1 << "";
        // Fewer dense first layers than a run are the same layers as one in four at phase 2 (layers 2, 6, 10, …).
        QTest::newRow("two dense, then one in four") << "[0]*2+([1]+[0]*3)*7+[1,0]" << 0 << 4 << 2 << "";
        QTest::newRow("six dense, then one in four") << "[0]*6+([1]+[0]*3)*6+[1,0]" << 6 << 4 << 0 << "";
        QTest::newRow("irregular") << "[1,0,0,1]+[1]*28" << -1 << 1 << 0 << "";
        QTest::newRow("not a list") << "[0]*3+" << -1 << 1 << 0 << "";
        QTest::newRow("all dense") << "[0]*32" << -2 << 1 << 0 << "";
        QTest::newRow("too short") << "[0]*3+[1]*28" << 0 << 1 << 0 << "lists 31 layers; --num-layers is 32";
        QTest::newRow("a negative repeat") << "[1]*-5+[0]*29" << 0 << 1 << 0 << "lists 29 layers";
        QTest::newRow("huge repeat") << "[1]*99999999999" << 0 << 1 << 0 << "lists more than 128 layers";
    }
    void moeLayerFrequency()
    {
        QFETCH(QString, freq);
        QFETCH(int, dense);
        QFETCH(int, every);
        QFETCH(int, phase);
        QFETCH(QString, error);
        const std::string args = "--num-layers 32 --hidden-size 4096 --num-attention-heads 32 --num-experts 8 "
                                 "--moe-router-topk 2 --moe-layer-freq '"
            + freq.toStdString() + "' --bf16";
        const Plan base = example(QStringLiteral("a1-one-node-dp8.plait.json"));
        const auto r = importMegatronArgs(args, base, "freq.args");
        if (!error.isEmpty()) {
            QVERIFY(!r);
            QVERIFY2(r.errorText().find(error.toStdString()) != std::string::npos, r.errorText().c_str());
            return;
        }
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        QCOMPARE(listed(r.value().notModelled, "--moe-layer-freq"), dense == -1);
        QCOMPARE(r.value().plan.model.isMoe(), dense != -2);
        if (dense < 0)
            return;
        const ModelSpec& m = r.value().plan.model;
        QCOMPARE(m.moe.denseLayers, dense);
        QCOMPARE(m.moe.every, every);
        QCOMPARE(m.moe.phase, phase);
        // Written back, it reads the same.
        const auto again = importMegatronArgs(megatronArgs(r.value().plan), base, "again.args");
        QVERIFY2(again, again ? "" : again.errorText().c_str());
        QCOMPARE(again.value().plan.model.moe.denseLayers, dense);
        QCOMPARE(again.value().plan.model.moe.every, every);
        QCOMPARE(again.value().plan.model.moe.phase, phase);
        QCOMPARE(again.value().plan.model.denseLayerCount(), m.denseLayerCount());
    }

    // Precision recipes through Megatron-LM's flags (--fp8-recipe, --fp4-format, --fp8-param-gather, BF16 moments with
    // --use-precision-aware-optimizer) and torchtitan's converters (float8 recipe_name, mx): read, then written back.
    void precisionRecipesRoundTrip_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<QString>("recipe");
        QTest::addColumn<bool>("paramGather");
        QTest::addColumn<bool>("bf16Moments");
        QTest::newRow("megatron blockwise, BF16 moments")
            << "megatron"
            << "--bf16 --fp8-format e4m3 --fp8-recipe blockwise --use-distributed-optimizer "
               "--use-precision-aware-optimizer --exp-avg-dtype bf16 --exp-avg-sq-dtype bf16"
            << "fp8"
            << "blockwise" << false << true;
        QTest::newRow("megatron tensorwise, FP8 weights")
            << "megatron"
            << "--bf16 --fp8-format hybrid --fp8-recipe tensorwise --fp8-param-gather --use-distributed-optimizer"
            << "fp8"
            << "tensorwise" << true << false;
        QTest::newRow("megatron NVFP4") << "megatron"
                                        << "--bf16 --fp4-format e2m1 --fp4-recipe nvfp4"
                                        << "fp4"
                                        << "delayed" << false << false;
        QTest::newRow("torchtitan rowwise")
            << "torchtitan"
            << "[model]\nconverters = [\"float8\"]\n[float8]\nrecipe_name = \"rowwise\"\n"
            << "fp8"
            << "rowwise" << false << false;
        QTest::newRow("torchtitan mxfp8") << "torchtitan"
                                          << "[model]\nconverters = [\"mx\"]\n"
                                          << "fp8"
                                          << "mxfp8" << false << false;
    }
    void precisionRecipesRoundTrip()
    {
        QFETCH(QString, format);
        QFETCH(QString, args);
        QFETCH(QString, precision);
        QFETCH(QString, recipe);
        QFETCH(bool, paramGather);
        QFETCH(bool, bf16Moments);
        nlohmann::json j = toJson(example(QStringLiteral("a1-one-node-dp8.plait.json")));
        j["cluster"]["gpu"] = "B200-SXM-180GB"; // runs every recipe but blockwise natively
        j["cluster"]["intra_node"] = "nvlink5-nvswitch";
        const Plan base = test::mustPlan(j);
        const LaunchFormat f = formatOf(format);
        std::string text = args.toStdString();
        if (f == LaunchFormat::Megatron)
            text = "--num-layers 32 --hidden-size 4096 --num-attention-heads 32 --micro-batch-size 1 " + text;
        const auto r = importLaunchConfig(f, text, base, "in");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        const Plan& p = r.value().plan;
        QCOMPARE(QString::fromLatin1(precisionName(p.training.precision)), precision);
        QCOMPARE(QString::fromLatin1(fp8RecipeName(p.training.fp8Recipe)), recipe);
        QCOMPARE(p.training.fp8ParamGather, paramGather);
        QCOMPARE(p.training.bf16Moments, bf16Moments);
        for (const char* flag : { "--fp8-recipe", "--fp4-format", "--fp8-param-gather", "--exp-avg-dtype" })
            QVERIFY2(!listed(r.value().notModelled, flag), flag);
        const std::vector<Issue> problems = exportProblems(p, f);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().message.c_str());
        const auto back = importLaunchConfig(f, exportLaunchConfig(f, p), p, "back");
        QVERIFY2(back, back ? "" : back.errorText().c_str());
        QCOMPARE(back.value().plan.training.precision, p.training.precision);
        QCOMPARE(back.value().plan.training.fp8Recipe, p.training.fp8Recipe);
        QCOMPARE(back.value().plan.training.fp8ParamGather, paramGather);
        QCOMPARE(back.value().plan.training.bf16Moments, bf16Moments);
    }

    void megatronCapacityFactorRoundTrips()
    {
        const std::string args = "--num-layers 32 --hidden-size 4096 --num-attention-heads 32 --num-experts 8 "
                                 "--moe-router-topk 2 --moe-expert-capacity-factor 1.25 --bf16";
        const Plan base = example(QStringLiteral("a1-one-node-dp8.plait.json"));
        const auto r = importMegatronArgs(args, base, "cf.args");
        QVERIFY2(r, r ? "" : r.errorText().c_str());
        QCOMPARE(r.value().plan.training.moeCapacityFactor, 1.25);
        const auto back = importMegatronArgs(megatronArgs(r.value().plan), r.value().plan, "back");
        QVERIFY2(back, back ? "" : back.errorText().c_str());
        QCOMPARE(back.value().plan.training.moeCapacityFactor, 1.25);
        const auto bad = importMegatronArgs(
            "--num-layers 32 --hidden-size 4096 --num-attention-heads 32 --moe-expert-capacity-factor many", base, "x");
        QVERIFY(!bad);
    }

    void megatronLayoutRefusesOtherSplits()
    {
        const std::string args = "--num-layers 80 --hidden-size 8192 --num-attention-heads 64\n"
                                 "--tensor-model-parallel-size 8 --pipeline-model-parallel-size 4\n"
                                 "--pipeline-model-parallel-layout \"Et*20|t*20|t*20|t*20L\"\n"
                                 "--num-virtual-stages-per-pipeline-rank 2\n"
                                 "--bf16\n";
        const Plan base = example(QStringLiteral("e1-70b-a800-pp4-tp8.plait.json"));
        const auto r = importMegatronArgs(args, base, "layout.args");
        QVERIFY(!r);
        QVERIFY2(r.errorText().find("line 4: --num-virtual-stages-per-pipeline-rank 2 conflicts with "
                                    "--pipeline-model-parallel-layout Et*20|t*20|t*20|t*20L at line 3")
                != std::string::npos,
            r.errorText().c_str());
        const auto wrong = importMegatronArgs(
            "--num-layers 80 --hidden-size 8192 --num-attention-heads 64 --pipeline-model-parallel-size 4 "
            "--pipeline-model-parallel-layout 'Et*19|t*20|t*20|t*20L'",
            base, "wrong.args");
        QVERIFY(!wrong);
        QVERIFY2(
            wrong.errorText().find("places 79 transformer layers where --num-layers 80 gives 80") != std::string::npos,
            wrong.errorText().c_str());
    }

    void rankMapRealisesThePlacement()
    {
        // Example b: TP 4 × PP 2 × DP 2 on two of its 4 nodes in the default order: node n runs ranks 8n…8n+7 on
        // GPUs 0…7.
        const Plan b = example(QStringLiteral("b-four-nodes-tp4-pp2-dp2.plait.json"));
        const RankMap m = rankMap(b);
        QVERIFY(m.torchrunCan);
        QCOMPARE(m.nodes, (std::vector<int> { 0, 1 }));
        QCOMPARE(m.devicesByLocalRank[1], (std::vector<int> { 0, 1, 2, 3, 4, 5, 6, 7 }));

        // PP innermost after TP: a node holds two pipeline stages of two DP ranks, not a block of ranks.
        nlohmann::json j = test::gptPlanJson("megatron-gpt-1.7b", 2, 2, 2, 4, 64);
        j["parallel"]["order"] = "tp-pp-cp-dp";
        const Plan p = test::mustPlan(j);
        const RankMap q = rankMap(p);
        QVERIFY(!q.torchrunCan);
        QCOMPARE(q.firstNodeNot, 0);
        QCOMPARE(q.ranksOfThatNode, (std::vector<int> { 0, 1, 2, 3, 8, 9, 10, 11 }));
        for (const RankSlot& r : q.ranks) {
            QCOMPARE(rankOf(p.placement.coordOf[std::size_t(r.gpu)], p.parallel), r.rank);
            QCOMPARE(r.node * 8 + r.localGpu, r.gpu);
        }
        const std::string text = launchFiles(p, { "gpu-a", "gpu-b" });
        QVERIFY(text.find("srun with the SLURM_HOSTFILE") != std::string::npos);
        QVERIFY(text.find("gpu-b\tCUDA_VISIBLE_DEVICES=") != std::string::npos);
        QVERIFY(text.find("torchrun --nnodes") == std::string::npos);
        // Each node's devices are its GPUs in the order of its ranks: rank 8 (tp 0, dp 0, pp 1) is GPU 2 of node 0,
        // so node 0's fifth local rank takes device 2.
        QCOMPARE(q.ranks[8].gpu, 2);
        QCOMPARE(q.devicesByLocalRank[0], (std::vector<int> { 0, 1, 4, 5, 2, 3, 6, 7 }));
        QVERIFY(launchFiles(b, {}).find("node1\tCUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 torchrun --nnodes 2 "
                                        "--nproc-per-node 8 --node-rank 1")
            != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestLaunchConfig)
#include "tst_launchconfig.moc"
