#include "torchtitanconfig.h"

#include "messagetext.h"
#include "oplevelrecompute.h"
#include "shellwords.h"
#include "text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <toml++/toml.h>

namespace plait {

namespace {
struct Setting {
    std::string value; // a string's contents, or the literal as written (42, true, ["float8"])
    int line = 0;
    int positional = 0; // a command line's value from the script's argument $N
    bool unresolved = false; // a command line's value from a variable or command the file does not set
};

// Settings that do not change a step's time or memory.
const std::vector<std::string> kNoEffectSections = { "job", "metrics", "checkpoint", "comm", "profiling", "validation",
    "fault_tolerance", "experimental", "lr_scheduler", "memory_estimation" };

// torchrun's own flags (its --nnodes and --nproc-per-node do not size the job: torchtitan's degrees take the GPUs).
const std::vector<std::string> kLauncherFlags
    = { "nproc_per_node", "nnodes", "node_rank", "master_addr", "master_port", "rdzv_backend", "rdzv_endpoint",
          "rdzv_id", "standalone", "max_restarts", "local_ranks_filter", "role", "tee", "log_dir", "redirects" };

std::string trim(std::string_view s)
{
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string_view::npos)
        return {};
    return std::string(s.substr(b, s.find_last_not_of(" \t\r") - b + 1));
}

// A TOML job file has a [table] line; a shell script passes --section.key flags instead. A plain scan, so no line
// length can exhaust the stack (std::regex did at about 30,000 characters).
bool looksLikeToml(std::string_view text)
{
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string line = trim(text.substr(start, end - start));
        start = end + 1;
        if (line.size() < 3 || line.front() != '[')
            continue;
        const std::size_t close = line.find(']');
        if (close == std::string::npos)
            continue;
        const std::string rest = trim(std::string_view(line).substr(line.find_last_of(']') + 1));
        const bool name = std::all_of(line.begin() + 1, line.begin() + std::ptrdiff_t(close), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' || c == ' '
                || c == '[' || c == '"' || c == '\'';
        });
        if (name && (rest.empty() || rest.front() == '#'))
            return true;
    }
    return false;
}

// A TOML value as the settings hold it: a string's contents, or the literal as TOML writes it.
std::string literal(const toml::node& n)
{
    if (const auto* v = n.as_string())
        return v->get();
    if (const auto* v = n.as_integer())
        return std::to_string(v->get());
    if (const auto* v = n.as_boolean())
        return v->get() ? "true" : "false";
    if (const auto* v = n.as_floating_point()) {
        std::ostringstream out;
        out << v->get();
        return out.str();
    }
    if (const auto* a = n.as_array()) {
        std::string out = "[";
        for (std::size_t i = 0; i < a->size(); ++i) {
            const toml::node& e = *a->get(i);
            out += (i ? ", " : "") + (e.is_string() ? "\"" + literal(e) + "\"" : literal(e));
        }
        return out + "]";
    }
    std::ostringstream out; // a date, a time or a table inside an array: nothing Plait reads
    out << n.type();
    return "(a TOML " + out.str() + ")";
}

class Settings {
public:
    Settings(std::string_view text, std::vector<Issue>& errors)
        : m_errors(errors)
    {
        if (text.find('\0') != std::string_view::npos) {
            m_errors.push_back(fieldIssue("", "config-binary", { "torchtitan" }));
            return;
        }
        if (looksLikeToml(text))
            readToml(text);
        else
            readFlags(text);
        if (m_errors.empty() && m_settings.empty())
            m_errors.push_back(fieldIssue("", "config-empty-torchtitan"));
    }

    const Setting* get(const std::string& key)
    {
        const auto it = m_settings.find(key);
        if (it == m_settings.end())
            return nullptr;
        m_used.insert(key);
        const Setting& s = it->second;
        if (s.positional || s.unresolved) { // read as not given, and the import fails naming it
            m_errors.push_back(
                fieldIssue("line " + str(s.line), s.positional ? "config-positional" : "config-unresolved",
                    { "--" + key, s.positional ? "$" + str(s.positional) : "\"" + utf8Prefix(s.value, 32) + "\"" }));
            return nullptr;
        }
        return &s;
    }

    std::optional<long long> integer(const std::string& key, long long lo, long long hi)
    {
        const Setting* s = get(key);
        if (!s)
            return std::nullopt;
        long long x = 0;
        const auto [end, ec] = std::from_chars(s->value.data(), s->value.data() + s->value.size(), x);
        if (ec != std::errc() || end != s->value.data() + s->value.size() || x < lo || x > hi) {
            m_errors.push_back(fieldIssue("line " + str(s->line), "config-whole-number",
                { key, str(lo), str(hi), "\"" + utf8Prefix(s->value, 32) + "\"" }));
            return std::nullopt;
        }
        return x;
    }

    std::optional<bool> boolean(const std::string& key)
    {
        const Setting* s = get(key);
        if (!s)
            return std::nullopt;
        std::string v = s->value;
        std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        if (v == "true")
            return true;
        if (v == "false")
            return false;
        m_errors.push_back(
            fieldIssue("line " + str(s->line), "config-choice", { key, utf8Prefix(s->value, 32), "true, false" }));
        return std::nullopt;
    }

    std::optional<std::string> text(const std::string& key)
    {
        const Setting* s = get(key);
        return s ? std::optional<std::string>(s->value) : std::nullopt;
    }

    std::string where(const std::string& key) const
    {
        const auto it = m_settings.find(key);
        return it == m_settings.end() ? std::string() : "line " + str(it->second.line);
    }

    void listUnused(ImportedPlan& out) const
    {
        for (const std::string& key : m_order) {
            if (m_used.count(key))
                continue;
            const Setting& s = m_settings.at(key);
            const std::string section = key.substr(0, key.find('.'));
            const bool launcher = key.find('.') == std::string::npos
                && std::find(kLauncherFlags.begin(), kLauncherFlags.end(), key) != kLauncherFlags.end();
            const bool none = launcher
                || std::find(kNoEffectSections.begin(), kNoEffectSections.end(), section) != kNoEffectSections.end()
                || (key.rfind("optimizer.", 0) == 0 && key != "optimizer.name");
            (launcher      ? out.launcher
                    : none ? out.noEffect
                           : out.notModelled)
                .push_back({ "line " + str(s.line), key, s.value, {} });
        }
    }

private:
    void set(std::string key, std::string value, int line, int positional = 0, bool unresolved = false)
    {
        std::replace(key.begin(), key.end(), '-', '_');
        // torchtitan's older layouts, by their own names (issue 40 B): the degrees sat under [training] until
        // late 2024 and pipelining, context parallelism and async TP under [experimental] before [parallelism].
        static const std::map<std::string, std::string> kOldNames = {
            { "training.data_parallel_degree", "parallelism.data_parallel_shard_degree" },
            { "training.data_parallel_shard_degree", "parallelism.data_parallel_shard_degree" },
            { "training.data_parallel_replicate_degree", "parallelism.data_parallel_replicate_degree" },
            { "training.tensor_parallel_degree", "parallelism.tensor_parallel_degree" },
            { "training.pipeline_parallel_degree", "parallelism.pipeline_parallel_degree" },
            { "training.enable_async_tensor_parallel", "parallelism.enable_async_tensor_parallel" },
            { "experimental.pipeline_parallel_degree", "parallelism.pipeline_parallel_degree" },
            { "experimental.pipeline_parallel_schedule", "parallelism.pipeline_parallel_schedule" },
            { "experimental.context_parallel_degree", "parallelism.context_parallel_degree" },
            { "experimental.enable_async_tensor_parallel", "parallelism.enable_async_tensor_parallel" },
            { "experimental.expert_parallel_degree", "parallelism.expert_parallel_degree" },
        };
        if (const auto old = kOldNames.find(key); old != kOldNames.end())
            key = old->second;
        if (const auto it = m_settings.find(key); it != m_settings.end()) {
            if (it->second.value != value)
                m_errors.push_back(fieldIssue("line " + str(line), "config-conflict",
                    { key + " = " + utf8Prefix(value, 32), it->second.value, str(it->second.line) }));
            return;
        }
        m_order.push_back(key);
        m_settings.emplace(std::move(key), Setting { std::move(value), line, positional, unresolved });
    }

    // toml++ reads TOML 1.0 as torchtitan's tomllib does (unterminated strings, bad escapes and duplicate keys are
    // errors with a line and column); the tables are flattened to section.key settings.
    void readToml(std::string_view text)
    {
        try {
            const toml::table doc = toml::parse(text);
            flatten(doc, "");
        } catch (const toml::parse_error& e) {
            const long long line = e.source().begin.line, column = e.source().begin.column;
            const std::string why(e.description());
            const bool inString = why.find("parsing string") != std::string::npos
                || why.find("parsing literal string") != std::string::npos
                || why.find("parsing multi-line") != std::string::npos;
            // toml++ meets an unterminated string as a newline inside it, or as the end of the file: said plainly.
            const char* code = !inString                               ? "toml-syntax"
                : why.find("end-of-file") != std::string::npos         ? "toml-unterminated-file"
                : column > codePoints(lineOf(text, std::size_t(line))) ? "toml-unterminated-line"
                                                                       : "toml-syntax";
            m_errors.push_back(fieldIssue("line " + str(line), code, { str(column), utf8Prefix(why, 120) }));
        }
    }

    static std::string_view lineOf(std::string_view text, std::size_t line)
    {
        std::size_t start = 0;
        for (std::size_t l = 1; l < line && start <= text.size(); ++l) {
            const std::size_t nl = text.find('\n', start);
            start = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
        }
        if (start > text.size())
            return {};
        std::string_view rest = text.substr(start);
        rest = rest.substr(0, rest.find('\n'));
        if (!rest.empty() && rest.back() == '\r')
            rest.remove_suffix(1);
        return rest;
    }

    static long long codePoints(std::string_view s)
    {
        return std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
    }

    void flatten(const toml::table& t, const std::string& prefix)
    {
        for (const auto& [k, node] : t) {
            const std::string key = prefix + std::string(k.str());
            if (const auto* sub = node.as_table())
                flatten(*sub, key + ".");
            else
                set(key, literal(node), int(node.source().begin.line));
        }
    }

    void readFlags(std::string_view text)
    {
        const ShellWords s = shellWords(text);
        if (const std::optional<Issue> quote = unterminatedQuoteIssue(s)) {
            m_errors.push_back(*quote);
            return;
        }
        const auto& w = s.words;
        for (std::size_t i = 0; i < w.size(); ++i) {
            const std::string& t = w[i].text;
            if (t.size() < 3 || t.compare(0, 2, "--") != 0 || w[i].unresolved)
                continue;
            std::string name = t.substr(2), value;
            const int line = w[i].line;
            int positional = 0;
            bool unresolved = false;
            if (const auto eq = name.find('='); eq != std::string::npos) {
                value = name.substr(eq + 1);
                name.resize(eq);
            } else if (i + 1 < w.size() && !w[i + 1].startsCommand && w[i + 1].text.rfind("--", 0) != 0) {
                value = w[++i].text;
                positional = w[i].positional;
                unresolved = w[i].unresolved;
            } else {
                value = "true";
            }
            set(name, value, line, positional, unresolved);
        }
    }

    std::map<std::string, Setting> m_settings;
    std::vector<std::string> m_order;
    std::set<std::string> m_used;
    std::vector<Issue>& m_errors;
};

Schedule scheduleOf(const std::string& name, bool* known)
{
    *known = true;
    if (name == "1F1B")
        return Schedule::OneFOneB;
    if (name == "GPipe")
        return Schedule::GPipe;
    if (name == "Interleaved1F1B")
        return Schedule::Interleaved;
    // torch.distributed.pipelining's V-shaped schedules: two stages per rank.
    if (name == "ZBVZeroBubble")
        return Schedule::ZbV;
    if (name == "DualPipeV")
        return Schedule::DualPipeV;
    *known = false;
    return Schedule::Interleaved;
}
}

namespace {
// torchtitan's [model] name and flavor whose shapes are published models Plait has as presets (its llama3 flavors are
// Meta's Llama 3.1, deepseek_v3 671B is DeepSeek-V3).
const std::map<std::pair<std::string, std::string>, std::string> kPresets
    = { { { "llama3", "8B" }, "llama3-8b" }, { { "llama3", "70B" }, "llama3-70b" },
          { { "llama3", "405B" }, "llama3-405b" }, { { "deepseek_v3", "671B" }, "deepseek-v3" } };

// The model's shape, without its name and the sequence it trains at.
nlohmann::json shapeOf(const ModelSpec& m)
{
    nlohmann::json j = toJson(m);
    for (const char* k : { "name", "source", "seq_len" })
        j.erase(k);
    return j;
}
}

Result<ImportedPlan> importTorchtitanConfig(std::string_view text, const Plan& base, const std::string& /*source*/)
{
    std::vector<Issue> errors;
    Settings s(text, errors);
    ImportedPlan out { base, {}, {}, {}, {} };
    Plan& plan = out.plan;
    // torchtitan's code holds each model's shape by name and flavor; those that are published models Plait has as
    // presets (its llama3 flavors are Meta's Llama 3.1, deepseek_v3 671B is DeepSeek-V3) are read as them.
    const Setting* nameSet = s.get("model.name");
    const Setting* flavorSet = s.get("model.flavor");
    const auto preset = nameSet && flavorSet ? kPresets.find({ nameSet->value, flavorSet->value }) : kPresets.end();
    if (const ModelSpec* m = preset != kPresets.end() ? findPreset(preset->second) : nullptr) {
        plan.model = *m;
        plan.model.seqLen = base.model.seqLen;
        out.notes.push_back({ "launch:torchtitan-preset",
            { nameSet->value + " " + flavorSet->value, s.where("model.name"), preset->second } });
    } else {
        for (const char* key : { "model.name", "model.flavor" })
            if (const Setting* v = s.get(key))
                out.notes.push_back(
                    { "launch:torchtitan-model", { key, utf8Prefix(v->value, 32), s.where(key), base.model.name } });
    }
    if (const auto seq = s.integer("training.seq_len", 1, 1 << 24))
        plan.model.seqLen = *seq;

    ParallelSpec& par = plan.parallel;
    par = ParallelSpec {};
    par.tp = int(s.integer("parallelism.tensor_parallel_degree", 1, 1 << 16).value_or(1));
    par.pp = int(s.integer("parallelism.pipeline_parallel_degree", 1, 1 << 16).value_or(1));
    par.cp = int(s.integer("parallelism.context_parallel_degree", 1, 1 << 16).value_or(1));
    par.ep = int(s.integer("parallelism.expert_parallel_degree", 1, 1 << 16).value_or(1));
    // torchtitan's expert TP defaults to 1 (EP then spans the TP ranks too); it takes no effect without EP.
    if (const int etp = int(s.integer("parallelism.expert_tensor_parallel_degree", 1, 1 << 16).value_or(1));
        par.ep > 1 && etp != par.tp)
        par.etp = etp;
    const long long replicate = s.integer("parallelism.data_parallel_replicate_degree", 1, 1 << 20).value_or(1);
    long long shard = s.integer("parallelism.data_parallel_shard_degree", -1, 1 << 20).value_or(-1);
    if (shard == 0) // ParallelDims refuses it
        errors.push_back(fieldIssue(s.where("parallelism.data_parallel_shard_degree"), "config-shard-zero",
            { "parallelism.data_parallel_shard_degree" }));
    const long long world = plan.cluster.gpuCount();
    const long long others = replicate * par.tp * par.pp * par.cp;
    if (shard == -1 || shard == 0) {
        if (world % others != 0)
            errors.push_back(fieldIssue(s.where("parallelism.tensor_parallel_degree"), "config-world",
                { str(world), "the base plan's cluster", str(par.tp), str(par.pp), str(par.cp),
                    str(par.tp * par.pp * par.cp) }));
        shard = world % others == 0 ? world / others : 1;
    }
    par.dp = int(replicate * shard);
    if (replicate > 1 && shard > 1)
        out.notModelled.push_back(
            { s.where("parallelism.data_parallel_replicate_degree"), "parallelism.data_parallel_replicate_degree",
                str(replicate), { "launch:how-hsdp", { str(shard), str(par.dp) } } });

    if (const auto name = s.text("parallelism.pipeline_parallel_schedule")) {
        bool known = false;
        par.schedule = scheduleOf(*name, &known);
        if (!known)
            out.notModelled.push_back(
                { s.where("parallelism.pipeline_parallel_schedule"), "parallelism.pipeline_parallel_schedule", *name,
                    { "launch:how-estimated-as", { "Interleaved1F1B" } } });
    } else {
        par.schedule = Schedule::OneFOneB; // torchtitan's default
    }
    if (traitsOf(par.schedule).vShape) {
        par.vpp = traitsOf(par.schedule).vpp;
        s.get("parallelism.pipeline_parallel_layers_per_stage");
    } else if (par.schedule == Schedule::Interleaved) {
        const auto perStage = s.integer("parallelism.pipeline_parallel_layers_per_stage", 1, 1 << 16);
        const long long layers = plan.model.layers;
        if (perStage && layers % (par.pp * *perStage) == 0)
            par.vpp = int(layers / (par.pp * *perStage));
        else if (perStage)
            errors.push_back(fieldIssue(s.where("parallelism.pipeline_parallel_layers_per_stage"), "config-vpp-layers",
                { "pipeline_parallel_layers_per_stage " + str(*perStage), str(layers), str(par.pp) }));
        else
            par.vpp = 2; // torchtitan's interleaved schedules build two stages per rank by default
        if (par.vpp == 1)
            par.schedule = Schedule::OneFOneB;
    } else {
        s.get("parallelism.pipeline_parallel_layers_per_stage");
    }
    // Without pipeline parallelism torchtitan builds no schedule: the one named (its shipped configs name
    // Interleaved1F1B at degree 1) has no effect.
    if (par.pp == 1) {
        par.schedule = Schedule::OneFOneB;
        par.vpp = 1;
    }

    TrainingSpec& tr = plan.training;
    tr.framework = Framework::Fsdp;
    tr.moeA2aOverlap = false; // Megatron-Core's combined 1F1B; torchtitan has no such schedule
    tr.moeDispatcher = MoeDispatcher::AllToAll; // torchtitan sends tokens by all-to-all
    const long long local = s.integer("training.local_batch_size", 1, 1 << 24)
                                .value_or(s.integer("training.batch_size", 1, 1 << 24).value_or(8));
    const long long global = s.integer("training.global_batch_size", -1, 1LL << 40).value_or(-1);
    if (par.pp > 1) {
        tr.microBatch = int(s.integer("parallelism.pipeline_parallel_microbatch_size", 1, 1 << 20).value_or(1));
        if (local % tr.microBatch != 0)
            errors.push_back(fieldIssue(s.where("parallelism.pipeline_parallel_microbatch_size"), "ds-batch-divide",
                { str(local), "pipeline_parallel_microbatch_size", str(tr.microBatch), "1", str(tr.microBatch) }));
    } else {
        tr.microBatch = int(local);
        s.get("parallelism.pipeline_parallel_microbatch_size");
    }
    tr.globalBatch = global > 0 ? global : local * par.dp;
    if (const auto p = s.text("training.mixed_precision_param")) {
        if (*p == "bfloat16")
            tr.precision = Precision::BF16;
        else if (*p == "float32")
            tr.precision = Precision::FP32;
        else
            errors.push_back(fieldIssue(s.where("training.mixed_precision_param"), "config-choice",
                { "mixed_precision_param", *p, "bfloat16, float32" }));
    } else {
        tr.precision = Precision::BF16; // torchtitan's default
    }
    // torchao's converters: float8 (recipe_name tensorwise by default, rowwise, rowwise_with_gw_hp) and mx (MXFP8),
    // named "float8" and "mx" with [float8] and [mx] tables until torchtitan's quantization API of 2025-09-30 (#1763),
    // "quantize.linear.float8" and "quantize.linear.mx" with [quantize.linear.*] tables since.
    auto either = [&](const std::string& now, const std::string& before) {
        const std::optional<std::string> v = s.text(now);
        return v ? v : s.text(before);
    };
    if (const auto converters = s.text("model.converters")) {
        if (converters->find("float8") != std::string::npos) {
            tr.precision = Precision::FP8;
            const std::string recipe
                = either("quantize.linear.float8.recipe_name", "float8.recipe_name").value_or("tensorwise");
            tr.fp8Recipe = recipe.rfind("rowwise", 0) == 0 ? Fp8Recipe::Rowwise : Fp8Recipe::Tensorwise;
        } else if (converters->find("mx") != std::string::npos) {
            tr.precision = Precision::FP8;
            tr.fp8Recipe = Fp8Recipe::Mxfp8;
            const std::string key = s.where("quantize.linear.mx.recipe_name").empty()
                ? "mx.recipe_name"
                : "quantize.linear.mx.recipe_name";
            if (const auto recipe = s.text(key); recipe && recipe->rfind("mxfp8", 0) != 0)
                out.notModelled.push_back({ s.where(key), key, *recipe, { "launch:how-estimated-as", { "MXFP8" } } });
        }
    }
    const bool sharded = shard > 1;
    const std::string reshard = s.text("parallelism.fsdp_reshard_after_forward").value_or("default");
    // "default" reshards except on the last stage when pipelining; "never" keeps gathered weights (ZeRO-2).
    setZeroStage(tr, !sharded ? 0 : reshard == "never" ? 2 : 3);
    // FSDP2's CPUOffloadPolicy: parameters, gradients and the optimizer step on the host.
    tr.offloadOptimizer = tr.offloadParams = s.boolean("training.enable_cpu_offload").value_or(false);
    // TP shards the sequence too: torchtitan's TOML versions always did, and the setting came with its Python configs
    // ("Decouple SP with TP", 2026-03-29).
    const bool sequenceParallel = s.boolean("parallelism.enable_sequence_parallel").value_or(true);
    tr.sequenceParallel = par.tp > 1 && sequenceParallel;
    tr.tpOverlap
        = s.boolean("parallelism.enable_async_tensor_parallel").value_or(false) ? TpOverlap::All : TpOverlap::Backward;
    if (const auto mode = s.text("activation_checkpoint.mode")) {
        if (*mode == "none")
            tr.recompute = Recompute::None;
        else if (*mode == "selective") {
            // selective_ac_option "op" is the op-level policy (the shipped llama3 configs set it), modelled for dense
            // layers; a number n checkpoints every n-th block whole. Plait's module-level selective stands in for
            // the rest.
            const std::string option = s.text("activation_checkpoint.selective_ac_option").value_or("");
            const bool opLevel = option == "op" && opLevelRecomputeModelled(plan.model);
            tr.recompute = opLevel ? Recompute::SelectiveOps : Recompute::Selective;
            if (!opLevel && !option.empty())
                out.notModelled.push_back(
                    { s.where("activation_checkpoint.selective_ac_option"), "activation_checkpoint.selective_ac_option",
                        option, { "launch:how-estimated-as", { "selective (Megatron-Core's core attention)" } } });
        } else if (*mode == "full")
            tr.recompute = Recompute::Full;
        else
            errors.push_back(fieldIssue(s.where("activation_checkpoint.mode"), "config-choice",
                { "activation_checkpoint.mode", *mode, "none, selective, full" }));
    } else {
        tr.recompute = Recompute::Selective; // torchtitan's default
    }
    if (const auto o = s.text("optimizer.name")) {
        if (*o == "AdamW" || *o == "Adam")
            tr.optimizer = Optimizer::Adam;
        else
            out.notModelled.push_back(
                { s.where("optimizer.name"), "optimizer.name", *o, { "launch:how-estimated-as", { "AdamW" } } });
    }
    tr.overlapGradReduce = true; // FSDP2 reduce-scatters each unit as its backward ends
    tr.flashAttention = true; // scaled_dot_product_attention's fused backends
    // torchtitan compiles the loss with the model (compile.components, default both; training.compile before it),
    // which fuses the fp32 upcast and softmax; eager, F.cross_entropy keeps fp32 copies (layercost.cpp).
    const bool compiled = s.boolean("compile.enable").value_or(false) || s.boolean("training.compile").value_or(false);
    const std::string components = s.text("compile.components").value_or("loss");
    tr.crossEntropyFusion = compiled && components.find("loss") != std::string::npos;
    // The compiled model's own kernels are not: Plait times eager ones.
    for (const char* key : { "compile.enable", "training.compile" })
        if (s.boolean(key).value_or(false))
            out.notModelled.push_back({ s.where(key), key, "true", {} });
    s.listUnused(out);
    return importResult(std::move(out), base, std::move(errors));
}

std::string torchtitanConfig(const Plan& plan)
{
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> tables;
    auto q = [](const std::string& s) { return "\"" + s + "\""; };
    const long long perRank = par.dp > 0 ? tr.globalBatch / par.dp : 0;
    std::vector<std::pair<std::string, std::string>> training {
        { "local_batch_size", str(par.pp > 1 ? perRank : tr.microBatch) },
        { "global_batch_size", str(tr.globalBatch) },
        { "seq_len", str(plan.model.seqLen) },
        { "mixed_precision_param", q(tr.precision == Precision::FP32 ? "float32" : "bfloat16") },
    };
    if (tr.offloadParams)
        training.push_back({ "enable_cpu_offload", "true" });
    const bool sharded = tr.zeroStage >= 2;
    std::vector<std::pair<std::string, std::string>> parallelism {
        { "data_parallel_replicate_degree", str(sharded ? 1 : par.dp) },
        { "data_parallel_shard_degree", str(sharded ? par.dp : 1) },
        { "fsdp_reshard_after_forward", q(tr.zeroStage == 2 ? "never" : "always") },
        { "tensor_parallel_degree", str(par.tp) },
        { "enable_async_tensor_parallel", tr.tpOverlap == TpOverlap::All ? "true" : "false" },
        { "pipeline_parallel_degree", str(par.pp) },
        { "pipeline_parallel_schedule",
            q(par.schedule == Schedule::Interleaved       ? "Interleaved1F1B"
                    : par.schedule == Schedule::GPipe     ? "GPipe"
                    : par.schedule == Schedule::ZbV       ? "ZBVZeroBubble"
                    : par.schedule == Schedule::DualPipeV ? "DualPipeV"
                                                          : "1F1B") },
        { "pipeline_parallel_microbatch_size", str(tr.microBatch) },
        { "context_parallel_degree", str(par.cp) },
        { "expert_parallel_degree", str(par.ep) },
        { "expert_tensor_parallel_degree", str(par.ep > 1 ? par.expertTp() : 1) },
    };
    if (par.chunks() > 1)
        parallelism.push_back(
            { "pipeline_parallel_layers_per_stage", str(plan.model.layers / (par.pp * std::max(par.vpp, 1))) });
    tables.push_back({ "training", training });
    tables.push_back({ "parallelism", parallelism });
    if (tr.recompute == Recompute::SelectiveOps)
        tables.push_back(
            { "activation_checkpoint", { { "mode", q("selective") }, { "selective_ac_option", q("op") } } });
    else
        tables.push_back({ "activation_checkpoint", { { "mode", q(recomputeName(tr.recompute)) } } });
    // A fused loss is torchtitan's compiled one (compile.components "loss"): written so it reads back the same. Async
    // TP needs the model compiled ("Async TP requires 'model' in --compile.components and --compile.enable").
    const bool asyncTp = tr.tpOverlap == TpOverlap::All;
    if (tr.fusedCrossEntropy() || asyncTp)
        tables.push_back({ "compile",
            { { "enable", "true" },
                { "components",
                    asyncTp && tr.fusedCrossEntropy() ? "[\"model\", \"loss\"]"
                        : asyncTp                     ? "[\"model\"]"
                                                      : "[\"loss\"]" } } });
    // torchao's converters by the names v0.2 registers (quantize.linear.float8, quantize.linear.mx).
    if (tr.precision == Precision::FP8 && tr.fp8Recipe == Fp8Recipe::Mxfp8) {
        tables.push_back({ "model", { { "converters", "[\"quantize.linear.mx\"]" } } });
        tables.push_back({ "quantize.linear.mx", { { "recipe_name", q("mxfp8_cublas") } } });
    } else if (tr.precision == Precision::FP8) {
        tables.push_back({ "model", { { "converters", "[\"quantize.linear.float8\"]" } } });
        tables.push_back({ "quantize.linear.float8", { { "recipe_name", q(fp8RecipeName(tr.fp8Recipe)) } } });
    }
    std::string name = plan.name;
    std::replace_if(
        name.begin(), name.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    // The model by torchtitan's name and flavor where it is one of those presets, in the one [model] table.
    bool modelNamed = false;
    for (const auto& [nameFlavor, id] : kPresets)
        if (const ModelSpec* preset = findPreset(id); preset && shapeOf(*preset) == shapeOf(plan.model)) {
            const std::vector<std::pair<std::string, std::string>> named
                = { { "name", q(nameFlavor.first) }, { "flavor", q(nameFlavor.second) } };
            auto model = std::find_if(tables.begin(), tables.end(), [](const auto& t) { return t.first == "model"; });
            if (model == tables.end())
                tables.insert(tables.begin(), { "model", named });
            else
                model->second.insert(model->second.begin(), named.begin(), named.end());
            modelNamed = true;
        }
    const int gpusPerNode = std::max(plan.cluster.gpusPerNode, 1);
    const int nodes = std::max(1, par.gpusUsed() / gpusPerNode);
    std::string toml = "# torchtitan job for the Plait plan " + name
        + "\n# torchtitan v0.2.0 to v0.2.2 read it (their TOML JobConfig; later versions configure in Python)."
        + (!modelNamed ? "\n# The model ([model] name and flavor) and the data are yours to add; NGPU = "
                       : "\n# The data is yours to add; NGPU = ")
        + str(par.gpusUsed()) + ".\n"
        + (nodes > 1 ? "# One job over " + str(nodes) + " nodes: on each, with NODE_RANK 0 to " + str(nodes - 1)
                    + " and MASTER_ADDR node 0's address,\n#  torchrun --nnodes " + str(nodes) + " --nproc-per-node "
                    + str(gpusPerNode)
                    + " --node-rank $NODE_RANK --rdzv-backend c10d --rdzv-endpoint $MASTER_ADDR:29500 -m "
                      "torchtitan.train --job.config_file THIS.toml\n"
                     : "")
        + "# The same as run_train.sh's command-line overrides:\n#  ";
    std::string body;
    for (const auto& [table, entries] : tables) {
        body += "\n[" + table + "]\n";
        for (const auto& [key, value] : entries) {
            body += key + " = " + value + "\n";
            // As tyro parses JobConfig's fields: a bool is a flag without a value (every one written defaults to
            // false, so a false one is left out), a list of strings one word of comma-separated items.
            if (value == "false")
                continue;
            toml += " --" + table + "." + key;
            if (value == "true")
                continue;
            std::string flagValue = value;
            flagValue.erase(std::remove_if(flagValue.begin(), flagValue.end(),
                                [](char c) { return c == '"' || c == '[' || c == ']' || c == ' '; }),
                flagValue.end());
            toml += " " + flagValue;
        }
    }
    return toml + "\n" + body;
}

} // namespace plait
