// Issue 40 D: each setting an export writes, checked against the framework's own parser as its source reads (name,
// type, default): Megatron-LM's arguments (megatronparser.h), DeepSpeed's configuration models (deepspeedschema.h)
// and torchtitan v0.2's JobConfig (torchtitanjob.h), one row per setting. Plans that between them make an export
// write every setting of its table are exported; each setting must be written, by a name the framework has, with a
// value of its kind, and nothing outside the table may be written.
#include "deepspeedconfig.h"
#include "deepspeedschema.h"
#include "launchconfig.h"
#include "megatronargs.h"
#include "megatronparser.h"
#include "plan.h"
#include "shellwords.h"
#include "torchtitanconfig.h"
#include "torchtitanjob.h"

#include <QTest>
#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <toml++/toml.h>

using namespace plait;

namespace {
Plan example(const char* name)
{
    auto p = loadPlanFile(std::string(PLAIT_EXAMPLES "/") + name);
    if (!p)
        qFatal("example %s: %s", name, p.errorText().c_str());
    return p.value();
}

bool inList(const std::string& list, const std::string& value)
{
    return ("," + list + ",").find("," + value + ",") != std::string::npos;
}

// Each problem the framework would refuse the plan with, as one line: the set's plans must all be runnable.
std::string problemsOf(const Plan& p, LaunchFormat f)
{
    std::string out;
    for (const Issue& i : exportProblems(p, f))
        out += p.name + ": " + i.field + ": " + i.message + "\n";
    return out;
}

// One data row per entry of a framework's table, named by its setting.
template <class Entry, std::size_t N> void rowPerSetting(const Entry (&table)[N])
{
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < N; ++i)
        QTest::newRow(table[i].name) << int(i);
}

// The settings written that the table lacks.
template <class Written, class Entry, std::size_t N>
std::vector<std::string> notInTable(const Written& written, const Entry (&table)[N])
{
    std::vector<std::string> unknown;
    for (const auto& w : written)
        if (std::none_of(std::begin(table), std::end(table), [&](const Entry& e) { return w.first == e.name; }))
            unknown.push_back(w.first);
    return unknown;
}
}

class TestExportKeys : public QObject {
    Q_OBJECT

private slots:
    // Issue 40 D: every flag the Megatron-LM export can write, checked against Megatron-LM's own parser as its source
    // reads (megatronparser.h: name, kind, choices, default), one row per flag: the exports of plans that between
    // them write every flag must write it, by a name the parser has, with a value of its kind. A flag the export
    // writes that the table lacks fails exportWritesOnlyKnownFlags.
    static std::map<std::string, std::set<std::string>> megatronFlagsWritten()
    {
        std::vector<Plan> plans;
        for (const char* name :
            { "a1-one-node-dp8.plait.json", "b-four-nodes-tp4-pp2-dp2.plait.json", "d-twelve-nodes-tp8-pp12.plait.json",
                "h-gpt3-175b-1024xa100.plait.json", "e1-70b-a800-pp4-tp8.plait.json" })
            plans.push_back(example(name));
        Plan fp8 = plans[0]; // an H100 recipe with every option of the step
        fp8.training.precision = Precision::FP8;
        fp8.training.fp8Recipe = Fp8Recipe::Blockwise;
        fp8.training.fp8ParamGather = true;
        fp8.training.zeroStage = 1;
        fp8.training.overlapParamGather = true;
        fp8.training.bf16Moments = true;
        fp8.training.offloadOptimizer = true;
        fp8.training.tpOverlap = TpOverlap::All;
        fp8.training.activationFp8Input = true;
        fp8.training.crossEntropyFusion = true;
        fp8.training.bucketSize = 40000000;
        fp8.training.recompute = Recompute::Selective;
        fp8.training.recomputeModules = unsigned(RecomputeModule::LayerNorm) | unsigned(RecomputeModule::Mlp);
        fp8.model.headDim = 128;
        plans.push_back(fp8);
        Plan fp4 = plans[0];
        fp4.training.precision = Precision::FP4;
        plans.push_back(fp4);
        Plan fp16 = plans[1];
        fp16.training.precision = Precision::FP16;
        fp16.parallel.cp = 2;
        fp16.parallel.vpp = 2;
        fp16.parallel.schedule = Schedule::Interleaved;
        plans.push_back(fp16);
        Plan split = plans[1]; // the embedding and loss counted as layers, and an uneven split
        split.parallel.embeddingInSplit = true;
        split.parallel.lossInSplit = true;
        split.parallel.vpp = 2;
        split.parallel.schedule = Schedule::Interleaved;
        plans.push_back(split);
        Plan uneven = plans[1];
        uneven.parallel.layersPerStage = { 19, 21 };
        plans.push_back(uneven);
        Plan layout = plans[1]; // a split that first and last stage sizes cannot say: a layout
        layout.parallel.pp = 4;
        layout.parallel.dp = 1;
        setLayersPerChunk(layout.parallel, { 9, 11, 10, 10 });
        plans.push_back(layout);
        Plan moe = plans[0]; // DeepSeek-V3's shape, every MoE option
        moe.model = *findPreset("deepseek-v3");
        moe.parallel.ep = 8;
        moe.parallel.etp = 1;
        moe.parallel.tp = 2;
        moe.training.moeCapacityFactor = 1.25;
        moe.training.moeDispatcher = MoeDispatcher::Flex;
        moe.training.moeA2aOverlap = true;
        plans.push_back(moe);
        for (int stage : { 2, 3 }) { // gradients, then weights, sharded: Megatron-FSDP
            Plan fsdp = plans[1];
            fsdp.training.framework = Framework::Fsdp;
            fsdp.training.zeroStage = stage;
            fsdp.training.overlapParamGather = false;
            plans.push_back(fsdp);
        }
        std::map<std::string, std::set<std::string>> written;
        for (const Plan& p : plans) {
            const ShellWords w = shellWords(megatronArgs(p));
            const ShellArray* args = nullptr;
            for (const ShellArray& a : w.arrays)
                if (a.name == "PLAIT_ARGS")
                    args = &a;
            if (!args)
                qFatal("no PLAIT_ARGS in the export");
            std::string flag;
            for (const ShellWord& e : args->elements) {
                if (e.text.rfind("--", 0) == 0) {
                    flag = e.text.substr(2);
                    written[flag];
                } else if (!flag.empty()) {
                    written[flag].insert(e.text); // its value (each word of a list's)
                }
            }
        }
        return written;
    }
    void exportedFlagsParseAsMegatronReadsThem_data() { rowPerSetting(megatronparser::kFlags); }
    void exportedFlagsParseAsMegatronReadsThem()
    {
        QFETCH(int, index);
        static const auto written = megatronFlagsWritten();
        const megatronparser::Flag& f = megatronparser::kFlags[index];
        const auto it = written.find(f.name);
        QVERIFY2(it != written.end(), "no plan of the set makes the export write it: add one that does");
        const std::string kind = f.kind;
        if (kind == "flag") {
            QVERIFY2(it->second.empty(), "a store_true flag written with a value");
            return;
        }
        QVERIFY2(!it->second.empty(), "written without the value it takes");
        for (const std::string& v : it->second) {
            if (kind == "int") {
                long long x = 0;
                const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
                QVERIFY2(ec == std::errc() && end == v.data() + v.size(), v.c_str());
            } else if (kind == "float") {
                char* end = nullptr;
                std::strtod(v.c_str(), &end);
                QVERIFY2(end && *end == '\0' && !v.empty(), v.c_str());
            } else if (kind == "choice") {
                const std::string choices = std::string(",") + f.choices + ",";
                QVERIFY2(choices.find("," + v + ",") != std::string::npos, (v + " not in " + f.choices).c_str());
            } else if (kind == "moe_freq") { // what arguments.py's moe_freq_type evaluates: an int or a 0/1 list
                QVERIFY2(v.find_first_not_of("0123456789[]*+,()") == std::string::npos, v.c_str());
            }
        }
    }
    void exportWritesOnlyKnownFlags()
    {
        for (const std::string& flag : notInTable(megatronFlagsWritten(), megatronparser::kFlags))
            QFAIL(("--" + flag + " is not in megatronparser.h: add it as Megatron-LM's source reads it").c_str());
    }

    // ---- torchtitan v0.2's JobConfig ----

    // Plans that between them make the torchtitan export write every key of torchtitanjob.h, all of them runnable
    // by torchtitan (exportProblems empty): key → (TOML node type, values as written).
    static std::map<std::string, std::vector<toml::node_type>> torchtitanKeysWritten(
        std::map<std::string, std::set<std::string>>* values = nullptr)
    {
        Plan base = example("a1-one-node-dp8.plait.json");
        base.training.framework = Framework::Fsdp;
        base.training.zeroStage = 3;
        std::vector<Plan> plans { base };
        Plan replicated = base; // DDP at fp32 with CPU offload of FSDP's kind off: replicate degree, float32
        replicated.training.zeroStage = 0;
        replicated.training.precision = Precision::FP32;
        replicated.training.recompute = Recompute::Full;
        plans.push_back(replicated);
        Plan offload = base;
        offload.training.offloadOptimizer = offload.training.offloadParams = true;
        plans.push_back(offload);
        Plan asyncTp = base; // TP with async TP and the compiled loss: [compile]
        asyncTp.training.zeroStage = 2;
        asyncTp.parallel.tp = 2;
        asyncTp.parallel.dp = 4;
        asyncTp.training.sequenceParallel = true;
        asyncTp.training.tpOverlap = TpOverlap::All;
        asyncTp.training.crossEntropyFusion = true;
        asyncTp.training.recompute = Recompute::SelectiveOps;
        plans.push_back(asyncTp);
        Plan pipelined = example("b-four-nodes-tp4-pp2-dp2.plait.json");
        pipelined.training.framework = Framework::Fsdp;
        pipelined.training.zeroStage = 3;
        pipelined.training.sequenceParallel = true;
        pipelined.parallel.vpp = 2;
        pipelined.parallel.schedule = Schedule::Interleaved;
        pipelined.parallel.cp = 2;
        pipelined.parallel.dp = 1;
        plans.push_back(pipelined);
        Plan moe = base; // DeepSeek-V3 by torchtitan's name and flavor, with expert parallelism
        moe.model = *findPreset("deepseek-v3");
        moe.parallel.ep = 8;
        plans.push_back(moe);
        nlohmann::json onB200 = toJson(base);
        onB200["cluster"]["gpu"] = "B200-SXM-180GB";
        onB200["cluster"]["intra_node"] = "nvlink5-nvswitch";
        for (Fp8Recipe recipe : { Fp8Recipe::Rowwise, Fp8Recipe::Mxfp8 }) {
            Plan fp8 = planFromJson(onB200).value();
            fp8.training.precision = Precision::FP8;
            fp8.training.fp8Recipe = recipe;
            plans.push_back(fp8);
        }
        std::map<std::string, std::vector<toml::node_type>> written;
        for (const Plan& p : plans) {
            const std::string problems = problemsOf(p, LaunchFormat::Torchtitan);
            if (!problems.empty())
                qFatal("a plan of the set is not one torchtitan runs: %s", problems.c_str());
            const toml::table doc = toml::parse(exportLaunchConfig(LaunchFormat::Torchtitan, p));
            doc.for_each([&](const toml::key& table, const toml::node& node) {
                std::vector<std::pair<std::string, const toml::node*>> stack { { std::string(table.str()), &node } };
                while (!stack.empty()) {
                    const auto [key, n] = stack.back();
                    stack.pop_back();
                    if (const toml::table* t = n->as_table()) {
                        for (const auto& [k, v] : *t)
                            stack.push_back({ key + "." + std::string(k.str()), &v });
                        continue;
                    }
                    written[key].push_back(n->type());
                    if (values) {
                        if (const toml::array* a = n->as_array())
                            for (const toml::node& e : *a)
                                (*values)[key].insert(e.value_or(std::string("(not a string)")));
                        else if (n->is_string())
                            (*values)[key].insert(n->value_or(std::string()));
                        else
                            (*values)[key].insert(n->is_boolean() ? "bool" : n->is_integer() ? "int" : "other");
                    }
                }
            });
        }
        return written;
    }
    void exportedKeysAreTorchtitanJobConfigs_data() { rowPerSetting(torchtitanjob::kKeys); }
    void exportedKeysAreTorchtitanJobConfigs()
    {
        QFETCH(int, index);
        static std::map<std::string, std::set<std::string>> values;
        static const auto written = torchtitanKeysWritten(&values);
        const torchtitanjob::Key& k = torchtitanjob::kKeys[index];
        const auto it = written.find(k.name);
        QVERIFY2(it != written.end(), "no plan of the set makes the export write it: add one that does");
        const std::string kind = k.kind;
        const toml::node_type want = kind == "int" ? toml::node_type::integer
            : kind == "bool"                       ? toml::node_type::boolean
            : kind == "list"                       ? toml::node_type::array
                                                   : toml::node_type::string;
        for (toml::node_type t : it->second)
            QVERIFY2(t == want, (std::string(k.name) + " written as another TOML type than " + kind).c_str());
        for (const std::string& v : values[k.name]) {
            if (kind == "choice" || kind == "list")
                QVERIFY2(inList(k.choices, v), (v + " not in " + k.choices).c_str());
            else if (kind == "ac_option") // "op", or a whole number (activation_checkpoint.py: isdigit())
                QVERIFY2(
                    v == "op" || (!v.empty() && v.find_first_not_of("0123456789") == std::string::npos), v.c_str());
        }
    }
    void torchtitanExportWritesOnlyJobConfigKeys()
    {
        for (const std::string& key : notInTable(torchtitanKeysWritten(), torchtitanjob::kKeys))
            QFAIL((key
                + " is not in torchtitanjob.h: torchtitan refuses a field its JobConfig lacks (\"Invalid field "
                  "names\"); add it as torchtitan's source reads it, or do not write it")
                      .c_str());
    }
    // The command-line overrides in the job's comment name the same keys as its tables, as tyro parses them: a bool
    // a flag without a value, a list one comma-separated word.
    void torchtitanCommentFlagsAreTheTomlKeys()
    {
        Plan p = example("a1-one-node-dp8.plait.json");
        p.training.framework = Framework::Fsdp;
        p.training.zeroStage = 3;
        p.parallel.tp = 2;
        p.parallel.dp = 4;
        p.training.sequenceParallel = true;
        p.training.tpOverlap = TpOverlap::All; // compile.enable true, components model and loss
        p.training.crossEntropyFusion = true;
        const std::string text = exportLaunchConfig(LaunchFormat::Torchtitan, p);
        const std::size_t at = text.find(" --training.");
        QVERIFY(at != std::string::npos);
        const ShellWords words = shellWords(text.substr(at, text.find('\n', at) - at));
        std::map<std::string, std::string> flags;
        for (std::size_t i = 0; i < words.words.size(); ++i) {
            const std::string& w = words.words[i].text;
            QVERIFY2(w.rfind("--", 0) == 0, ("a word that is not a flag's: " + w).c_str());
            const bool hasValue = i + 1 < words.words.size() && words.words[i + 1].text.rfind("--", 0) != 0;
            flags[w.substr(2)] = hasValue ? words.words[++i].text : "";
        }
        const toml::table doc = toml::parse(text);
        for (const torchtitanjob::Key& k : torchtitanjob::kKeys) {
            const auto node = doc.at_path(k.name);
            const auto flag = flags.find(k.name);
            if (!node) {
                QVERIFY2(flag == flags.end(), k.name);
                continue;
            }
            if (node.is_boolean()) {
                QCOMPARE(flag != flags.end(), node.value_or(false));
                if (flag != flags.end())
                    QVERIFY2(flag->second.empty(), k.name);
                continue;
            }
            QVERIFY2(flag != flags.end(), k.name);
            if (const toml::array* a = node.as_array()) {
                std::string joined;
                for (const toml::node& e : *a)
                    joined += (joined.empty() ? "" : ",") + e.value_or(std::string());
                QCOMPARE(flag->second, joined);
            } else if (node.is_string()) {
                QCOMPARE(flag->second, node.value_or(std::string()));
            } else {
                QCOMPARE(flag->second, std::to_string(node.value_or(0LL)));
            }
        }
        QCOMPARE(flags["compile.components"], std::string("model,loss"));
    }

    // ---- DeepSpeed's configuration models ----

    // Plans that between them make the DeepSpeed export write every key of deepspeedschema.h, all runnable by
    // DeepSpeed: key → the JSON values written.
    static std::map<std::string, std::vector<nlohmann::json>> deepSpeedKeysWritten()
    {
        Plan base = example("a2-one-node-tp2-dp4.plait.json");
        base.training.framework = Framework::DeepSpeed;
        std::vector<Plan> plans { base };
        Plan offload = base; // ZeRO-3 with both offloads, a bucket size, BF16 master weights and moments
        offload.training.zeroStage = 3;
        offload.training.offloadOptimizer = offload.training.offloadParams = true;
        offload.training.bucketSize = 200000000;
        offload.training.bf16Master = offload.training.bf16Moments = true;
        plans.push_back(offload);
        Plan sgd = base; // SGD under ZeRO: the untested-optimizer switch
        sgd.training.optimizer = Optimizer::Sgd;
        sgd.training.zeroStage = 1;
        plans.push_back(sgd);
        Plan fp16 = base;
        fp16.training.precision = Precision::FP16;
        plans.push_back(fp16);
        std::map<std::string, std::vector<nlohmann::json>> written;
        for (const Plan& p : plans) {
            const std::string problems = problemsOf(p, LaunchFormat::DeepSpeed);
            if (!problems.empty())
                qFatal("a plan of the set is not one DeepSpeed runs: %s", problems.c_str());
            const nlohmann::json j = nlohmann::json::parse(exportLaunchConfig(LaunchFormat::DeepSpeed, p));
            std::vector<std::pair<std::string, const nlohmann::json*>> stack;
            for (auto it = j.begin(); it != j.end(); ++it)
                stack.push_back({ it.key(), &it.value() });
            while (!stack.empty()) {
                const auto [key, v] = stack.back();
                stack.pop_back();
                if (v->is_object() && key != "optimizer.params")
                    for (auto it = v->begin(); it != v->end(); ++it)
                        stack.push_back({ key + "." + it.key(), &it.value() });
                else
                    written[key].push_back(*v);
            }
        }
        return written;
    }
    void exportedKeysAreDeepSpeedConfigs_data() { rowPerSetting(deepspeedschema::kKeys); }
    void exportedKeysAreDeepSpeedConfigs()
    {
        QFETCH(int, index);
        static const auto written = deepSpeedKeysWritten();
        const deepspeedschema::Key& k = deepspeedschema::kKeys[index];
        const auto it = written.find(k.name);
        QVERIFY2(it != written.end(), "no plan of the set makes the export write it: add one that does");
        const std::string kind = k.kind;
        for (const nlohmann::json& v : it->second) {
            const std::string text = v.dump();
            if (kind == "int")
                QVERIFY2(v.is_number_integer() && v.get<long long>() >= 0, text.c_str());
            else if (kind == "bool")
                QVERIFY2(v.is_boolean(), text.c_str());
            else if (kind == "stage")
                QVERIFY2(v.is_number_integer() && v.get<int>() >= 0 && v.get<int>() <= 3, text.c_str());
            else if (kind == "choice")
                QVERIFY2(v.is_string() && inList(k.choices, v.get<std::string>()), text.c_str());
            else if (kind == "optimizer") {
                QVERIFY2(v.is_string(), text.c_str());
                std::string lower = v.get<std::string>();
                std::transform(
                    lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
                const bool torch = std::any_of(std::begin(deepspeedschema::kTorchOptimizers),
                    std::end(deepspeedschema::kTorchOptimizers),
                    [&](const char* name) { return v.get<std::string>() == name; });
                QVERIFY2(inList(k.choices, lower) || torch, text.c_str());
            }
        }
    }
    void deepSpeedExportWritesOnlyConfigKeys()
    {
        for (const std::string& key : notInTable(deepSpeedKeysWritten(), deepspeedschema::kKeys))
            QFAIL((key
                + " is not in deepspeedschema.h: DeepSpeed's models forbid extra keys; add it as DeepSpeed's source "
                  "reads it, or do not write it")
                      .c_str());
    }
    // What DeepSpeed checks when the engine starts (runtime/config.py _do_error_check and _batch_assertion,
    // engine.py _do_optimizer_sanity_check), held on each exported file with the plan's DP size.
    void deepSpeedExportPassesItsStartChecks_data()
    {
        QTest::addColumn<int>("zero");
        QTest::addColumn<bool>("sgd");
        QTest::addColumn<bool>("bf16Master");
        QTest::addColumn<bool>("bf16Moments");
        for (int zero = 0; zero <= 3; ++zero)
            for (bool sgd : { false, true })
                for (int master = 0; master < 3; ++master)
                    QTest::addRow("ZeRO-%d %s %s", zero, sgd ? "SGD" : "AdamW",
                        master == 0       ? "fp32 master"
                            : master == 1 ? "bf16 master"
                                          : "bf16 master and moments")
                        << zero << sgd << (master > 0) << (master == 2 && !sgd);
    }
    void deepSpeedExportPassesItsStartChecks()
    {
        QFETCH(int, zero);
        QFETCH(bool, sgd);
        QFETCH(bool, bf16Master);
        QFETCH(bool, bf16Moments);
        Plan p = example("a2-one-node-tp2-dp4.plait.json");
        p.training.framework = Framework::DeepSpeed;
        p.training.zeroStage = zero;
        p.training.optimizer = sgd ? Optimizer::Sgd : Optimizer::Adam;
        p.training.bf16Master = bf16Master;
        p.training.bf16Moments = bf16Moments;
        const std::vector<Issue> problems = exportProblems(p, LaunchFormat::DeepSpeed);
        // BF16 master weights outside ZeRO 1-3 are refused, by name, before anything is written.
        if (bf16Master && zero == 0) {
            QVERIFY(std::any_of(
                problems.begin(), problems.end(), [](const Issue& i) { return i.field == "training.master_weights"; }));
            return;
        }
        QVERIFY2(problems.empty(), problemsOf(p, LaunchFormat::DeepSpeed).c_str());
        const nlohmann::json j = nlohmann::json::parse(exportLaunchConfig(LaunchFormat::DeepSpeed, p));
        const long long micro = j.at("train_micro_batch_size_per_gpu"), gas = j.at("gradient_accumulation_steps");
        QVERIFY(micro > 0 && gas > 0);
        QCOMPARE(j.at("train_batch_size").get<long long>(), micro * gas * p.parallel.dp);
        const int stage = j.at("zero_optimization").at("stage");
        QVERIFY(stage >= 0 && stage <= 3);
        const nlohmann::json bf16 = j.value("bf16", nlohmann::json::object());
        QVERIFY(!(bf16.value("enabled", false) && j.value("fp16", nlohmann::json::object()).value("enabled", false)));
        if (bf16.value("bf16_master_weights_and_grads", false))
            QVERIFY(stage >= 1);
        if (bf16.value("bf16_optimizer_states", false))
            QVERIFY(stage >= 1 && bf16.value("bf16_master_weights_and_grads", false));
        const std::string type = j.at("optimizer").at("type");
        const bool tested
            = std::any_of(std::begin(deepspeedschema::kZeroTestedTorchOptimizers),
                  std::end(deepspeedschema::kZeroTestedTorchOptimizers), [&](const char* name) { return type == name; })
            || type == "AdamW" || type == "adamw";
        if (stage > 0 && !tested)
            QVERIFY2(j.value("zero_allow_untested_optimizer", false), j.dump().c_str());
        // And it reads back to the same training settings.
        const auto back = importDeepSpeedConfig(j.dump(), p, "back.json");
        QVERIFY2(back, back ? "" : back.errorText().c_str());
        QCOMPARE(back.value().plan.training.zeroStage, zero);
        QCOMPARE(back.value().plan.training.bf16Master, bf16Master);
        QCOMPARE(back.value().plan.training.bf16Moments, bf16Moments);
        QCOMPARE(back.value().plan.training.optimizer, p.training.optimizer);
    }
};

QTEST_GUILESS_MAIN(TestExportKeys)
#include "tst_exportkeys.moc"
