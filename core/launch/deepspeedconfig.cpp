#include "deepspeedconfig.h"

#include "messagetext.h"
#include "rankmap.h"
#include "safejson.h"
#include "shellwords.h"
#include "text.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <string_view>

namespace plait {

namespace {
using nlohmann::json;

// Settings that do not change a step's time or memory: the learning rate and its schedule, logging, loss scaling.
const std::vector<std::string> kNoEffect = { "scheduler", "steps_per_print", "wall_clock_breakdown",
    "gradient_clipping", "tensorboard", "wandb", "csv_monitor", "comms_logger", "flops_profiler", "optimizer.params",
    "fp16.loss_scale", "fp16.loss_scale_window", "fp16.initial_scale_power", "fp16.hysteresis", "fp16.min_loss_scale",
    "fp16.auto_cast", "dump_state", "memory_breakdown", "checkpoint", "elasticity", "data_efficiency",
    "sparse_gradients", "prescale_gradients", "gradient_predivide_factor", "zero_allow_untested_optimizer",
    "zero_force_ds_cpu_optimizer" };

bool under(const std::string& path, const std::string& prefix)
{
    return path == prefix
        || (path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0 && path[prefix.size()] == '.');
}

// The leaves of a JSON object as dotted paths, in the file's order of keys (sorted: nlohmann keeps a map).
void leaves(const json& j, const std::string& path, std::vector<std::pair<std::string, const json*>>& out)
{
    if (j.is_object() && !j.empty()) {
        for (const auto& [k, v] : j.items())
            leaves(v, path.empty() ? k : path + "." + k, out);
    } else {
        out.emplace_back(path, &j);
    }
}

class Reader {
public:
    Reader(const json& root, std::vector<Issue>& errors, ImportedPlan& out)
        : m_root(root)
        , m_errors(errors)
        , m_out(out)
    {
    }

    const json* at(const std::string& path)
    {
        const json* j = &m_root;
        std::size_t start = 0;
        while (true) {
            const auto dot = path.find('.', start);
            const std::string key = path.substr(start, dot == std::string::npos ? dot : dot - start);
            if (!j->is_object() || !j->contains(key))
                return nullptr;
            j = &j->at(key);
            if (dot == std::string::npos)
                break;
            start = dot + 1;
        }
        m_used.insert(path);
        return j;
    }

    // A whole number at `path`; nullopt when absent or "auto" (noted), an error when of another type or range.
    std::optional<long long> integer(const std::string& path, long long lo, long long hi)
    {
        const json* j = at(path);
        if (!j || auto_(path, *j))
            return std::nullopt;
        if ((j->is_number_integer() || j->is_number_unsigned())
            && !(j->is_number_unsigned() && j->get<unsigned long long>() > (unsigned long long)hi)
            && j->get<long long>() >= lo && j->get<long long>() <= hi)
            return j->get<long long>();
        if (j->is_number_float() && std::floor(j->get<double>()) == j->get<double>() && j->get<double>() >= double(lo)
            && j->get<double>() <= double(hi))
            return (long long)j->get<double>(); // 5e8 written as a float
        m_errors.push_back(fieldIssue(path, "whole-between", { str(lo), str(hi), utf8Prefix(dumpJson(*j), 32) }));
        return std::nullopt;
    }

    std::optional<bool> boolean(const std::string& path)
    {
        const json* j = at(path);
        if (!j || auto_(path, *j))
            return std::nullopt;
        if (j->is_boolean())
            return j->get<bool>();
        m_errors.push_back(fieldIssue(path, "choice", { utf8Prefix(dumpJson(*j), 32), "true, false" }));
        return std::nullopt;
    }

    std::optional<std::string> text(const std::string& path)
    {
        const json* j = at(path);
        if (!j || auto_(path, *j))
            return std::nullopt;
        if (j->is_string())
            return j->get<std::string>();
        m_errors.push_back(fieldIssue(path, "choice", { utf8Prefix(dumpJson(*j), 32), "a name" }));
        return std::nullopt;
    }

    void listUnused()
    {
        std::vector<std::pair<std::string, const json*>> all;
        leaves(m_root, "", all);
        for (const auto& entry : all) {
            const std::string& path = entry.first; // clang cannot capture a structured binding
            const json* value = entry.second;
            if (std::any_of(m_used.begin(), m_used.end(), [&](const std::string& u) { return under(path, u); }))
                continue;
            ConfigSetting s { path, path, utf8Prefix(dumpJson(*value), 64), {} };
            const bool none
                = std::any_of(kNoEffect.begin(), kNoEffect.end(), [&](const std::string& n) { return under(path, n); });
            (none ? m_out.noEffect : m_out.notModelled).push_back(std::move(s));
        }
    }

private:
    bool auto_(const std::string& path, const json& j)
    {
        if (!(j.is_string() && j.get<std::string>() == "auto"))
            return false;
        m_out.notes.push_back({ "launch:deepspeed-auto", { path } });
        return true;
    }

    const json& m_root;
    std::vector<Issue>& m_errors;
    ImportedPlan& m_out;
    std::set<std::string> m_used;
};

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}
}

Result<ImportedPlan> importDeepSpeedConfig(std::string_view text, const Plan& base, const std::string& source)
{
    auto parsed = parseJson(text);
    if (!parsed)
        return parsed.errors();
    const json& root = parsed.value();
    if (!root.is_object())
        return Result<ImportedPlan>::failure(source, "a DeepSpeed configuration is a JSON object");
    std::vector<Issue> errors;
    ImportedPlan out { base, {}, {}, {}, {} };
    Reader r(root, errors, out);
    TrainingSpec& tr = out.plan.training;
    tr.framework = Framework::DeepSpeed;
    tr.moeA2aOverlap = false; // Megatron-Core's combined 1F1B; DeepSpeed has no such schedule
    tr.moeDispatcher = MoeDispatcher::AllToAll; // DeepSpeed-MoE sends tokens by all-to-all
    // The JSON holds no pipeline or data-parallel sizes (the training script builds them), but two settings decide
    // them: ZeRO-2 and -3 refuse DeepSpeed's PipelineModule, so the pipeline's ranks go to data parallelism, and
    // AutoTP's tensor_parallel.autotp_size sets TP (issue 40 B). The GPUs the base plan uses stay the job's.
    ParallelSpec& par = out.plan.parallel;
    const long long used = base.parallel.gpusUsed();
    const auto zeroStage = r.integer("zero_optimization.stage", 0, 3);
    if (const auto autotp = r.integer("tensor_parallel.autotp_size", 1, 1 << 16)) {
        par.tp = int(*autotp);
        out.notes.push_back({ "launch:deepspeed-autotp", { str(*autotp) } });
    }
    if (zeroStage.value_or(0) >= 2 && par.pp > 1) {
        out.notes.push_back({ "launch:deepspeed-zero-no-pp", { str(*zeroStage), str(par.pp) } });
        par.pp = 1;
        par.vpp = 1;
        par.schedule = Schedule::OneFOneB;
    }
    // Otherwise the sizes are the base plan's, which the user should know the file did not set.
    if (!r.at("tensor_parallel.autotp_size") && par.pp == base.parallel.pp)
        out.notes.push_back({ "launch:deepspeed-sizes-from-base", { str(par.tp), str(par.pp), str(par.dp) } });
    if (par.tp != base.parallel.tp || par.pp != base.parallel.pp) {
        const long long others = (long long)par.tp * par.pp * par.cp;
        if (used % others != 0)
            errors.push_back(fieldIssue("tensor_parallel.autotp_size", "config-world",
                { str(used), "the base plan's", str(par.tp), str(par.pp), str(par.cp), str(others) }));
        else
            par.dp = int(used / others);
    }
    const long long dp = par.dp;

    // train_batch_size = micro × accumulation × DP (deepspeed/runtime/config.py _batch_assertion).
    const auto train = r.integer("train_batch_size", 1, 1LL << 40);
    const auto micro = r.integer("train_micro_batch_size_per_gpu", 1, 1 << 20);
    const auto accumulation = r.integer("gradient_accumulation_steps", 1, 1LL << 30);
    if (train && micro && accumulation) {
        if (*train != *micro * *accumulation * dp)
            errors.push_back(fieldIssue("train_batch_size", "ds-batch",
                { str(*train), str(*micro), str(*accumulation), str(dp), str(*micro * *accumulation * dp) }));
        tr.globalBatch = *train;
        tr.microBatch = int(*micro);
    } else if (train && micro) {
        if (*train % (*micro * dp) != 0)
            errors.push_back(fieldIssue("train_batch_size", "ds-batch-divide",
                { str(*train), "train_micro_batch_size_per_gpu", str(*micro), str(dp), str(*micro * dp) }));
        tr.globalBatch = *train;
        tr.microBatch = int(*micro);
    } else if (train && accumulation) {
        if (*train % (*accumulation * dp) != 0)
            errors.push_back(fieldIssue("train_batch_size", "ds-batch-divide",
                { str(*train), "gradient_accumulation_steps", str(*accumulation), str(dp), str(*accumulation * dp) }));
        else
            tr.microBatch = int(*train / (*accumulation * dp));
        tr.globalBatch = *train;
    } else if (micro && accumulation) {
        tr.microBatch = int(*micro);
        tr.globalBatch = *micro * *accumulation * dp;
    } else if (train || micro) {
        if (train)
            tr.globalBatch = *train;
        if (micro)
            tr.microBatch = int(*micro);
    }
    if (!(train && micro) && !(train && accumulation) && !(micro && accumulation))
        out.notes.push_back({ "launch:deepspeed-batch-from-base", { str(tr.globalBatch), str(tr.microBatch) } });

    const auto bf16 = r.boolean("bf16.enabled"), fp16 = r.boolean("fp16.enabled");
    if (bf16.value_or(false) && fp16.value_or(false))
        errors.push_back(fieldIssue("fp16.enabled", "ds-precision-conflict"));
    if (bf16 || fp16) {
        tr.precision = bf16.value_or(false) ? Precision::BF16
            : fp16.value_or(false)          ? Precision::FP16
                                            : Precision::FP32;
        if (tr.precision == Precision::FP32)
            out.notes.push_back({ "launch:deepspeed-fp32", {} });
    } else if (!root.contains("bf16") && !root.contains("fp16")) {
        tr.precision = Precision::FP32;
        out.notes.push_back({ "launch:deepspeed-fp32", {} });
    }

    // DeepSpeed's low-precision states (its bf16_master_weight example): BF16 master weights and gradients, BF16
    // Adam moments.
    tr.bf16Master = tr.precision == Precision::BF16 && r.boolean("bf16.bf16_master_weights_and_grads").value_or(false);
    tr.bf16Moments = tr.precision == Precision::BF16 && r.boolean("bf16.bf16_optimizer_states").value_or(false);
    if (const auto stage = zeroStage)
        setZeroStage(tr, int(*stage));
    else if (!r.at("zero_optimization.stage"))
        setZeroStage(tr, 0);
    // overlap_comm's default is on for ZeRO-3 and off below it (runtime/zero/config.py).
    tr.overlapGradReduce = r.boolean("zero_optimization.overlap_comm").value_or(tr.zeroStage == 3);
    tr.overlapParamGather = false;
    if (const auto b = r.integer("zero_optimization.reduce_bucket_size", 0, 1LL << 40); b && *b > 0) {
        tr.bucketSize = double(*b);
    } else if (b) {
        // 0: a gradient no longer fits any bucket, so ZeRO reduces each tensor alone as backward produces it
        // (stage_1_and_2.py, stage3.py: elements + numel > reduce_bucket_size): buckets of one weight matrix.
        const ModelSpec& m = out.plan.model;
        tr.bucketSize = double(m.hidden) * double(std::max(m.hidden, m.isMoe() ? m.expertFfn() : m.ffnHidden));
        out.notes.push_back({ "launch:deepspeed-bucket-zero", { str((long long)tr.bucketSize) } });
    } else {
        tr.bucketSize = 0;
    }
    // ZeRO-Offload and ZeRO-Infinity: to host memory ("cpu") is modelled, over pinned memory at the host link's rate;
    // to NVMe, or from pageable memory (pin_memory false, DeepSpeed's default), it is not.
    for (const std::string section : { "zero_optimization.offload_optimizer", "zero_optimization.offload_param" }) {
        const std::string where = section + ".device";
        const auto device = r.text(where);
        if (!device || *device == "none")
            continue;
        if (*device != "cpu") {
            out.notModelled.push_back({ where, where, *device, { "launch:how-offload", {} } });
            continue;
        }
        (section.find("optimizer") != std::string::npos ? tr.offloadOptimizer : tr.offloadParams) = true;
        if (!r.boolean(section + ".pin_memory").value_or(false))
            out.notModelled.push_back(
                { section + ".pin_memory", section + ".pin_memory", "false", { "launch:offload-pageable", {} } });
    }

    if (const auto type = r.text("optimizer.type")) {
        const std::string t = lower(*type);
        if (t == "adam" || t == "adamw" || t == "fusedadam" || t == "cpuadam")
            tr.optimizer = Optimizer::Adam;
        else if (t == "sgd")
            tr.optimizer = Optimizer::Sgd;
        else
            out.notModelled.push_back(
                { "optimizer.type", "optimizer.type", *type, { "launch:how-estimated-as", { "Adam" } } });
    }
    r.listUnused();
    return importResult(std::move(out), base, std::move(errors));
}

std::string deepSpeedConfig(const Plan& plan)
{
    const TrainingSpec& tr = plan.training;
    const long long perStep = (long long)tr.microBatch * plan.parallel.dp;
    json j = json::object();
    j["train_batch_size"] = tr.globalBatch;
    j["train_micro_batch_size_per_gpu"] = tr.microBatch;
    j["gradient_accumulation_steps"] = perStep > 0 ? tr.globalBatch / perStep : 0;
    j["bf16"] = { { "enabled", tr.precision == Precision::BF16 || tr.precision == Precision::FP8 } };
    if (tr.bf16Master)
        j["bf16"]["bf16_master_weights_and_grads"] = true;
    if (tr.bf16Moments)
        j["bf16"]["bf16_optimizer_states"] = true;
    j["fp16"] = { { "enabled", tr.precision == Precision::FP16 } };
    json zero = { { "stage", tr.zeroStage }, { "overlap_comm", tr.overlapGradReduce } };
    if (tr.offloadOptimizer)
        zero["offload_optimizer"] = { { "device", "cpu" }, { "pin_memory", true } };
    if (tr.offloadParams)
        zero["offload_param"] = { { "device", "cpu" }, { "pin_memory", true } };
    if (tr.bucketSize > 0)
        zero["reduce_bucket_size"] = (long long)tr.bucketSize;
    j["zero_optimization"] = zero;
    j["optimizer"] = { { "type", tr.optimizer == Optimizer::Sgd ? "SGD" : "AdamW" } };
    // torch.optim.SGD is not among ZeRO's tested optimizers: the engine asserts at start unless the file allows it.
    if (tr.optimizer == Optimizer::Sgd && tr.zeroStage > 0)
        j["zero_allow_untested_optimizer"] = true;
    return dumpJson(j, 2) + "\n";
}

std::string deepSpeedLaunchLine(const Plan& plan, const std::string& configPath)
{
    const RankMap map = rankMap(plan);
    if (!map.torchrunCan || map.devicesByLocalRank.empty())
        return {};
    for (const std::vector<int>& devices : map.devicesByLocalRank)
        for (std::size_t i = 0; i < devices.size(); ++i)
            if (devices[i] != int(i))
                return {};
    const std::size_t nodes = map.nodes.size(), k = map.devicesByLocalRank.front().size();
    return "deepspeed" + (nodes > 1 ? " --hostfile hostfile --num_nodes " + std::to_string(nodes) : std::string())
        + " --num_gpus " + std::to_string(k) + " TRAIN_SCRIPT --deepspeed --deepspeed_config "
        + shellQuoted(configPath);
}

} // namespace plait
