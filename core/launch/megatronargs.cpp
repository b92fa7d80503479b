#include "megatronargs.h"

#include "messagetext.h"
#include "numtext.h"
#include "pipelinelayout.h"
#include "shellwords.h"
#include "text.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace plait {

namespace {
// store_true flags of pretrain_gpt.py (and torchrun's standalone): they never take the next word as a value.
const std::set<std::string, std::less<>> kBooleanFlags = { "bf16", "fp16", "sequence-parallel",
    "use-distributed-optimizer", "swiglu", "untie-embeddings-and-output-weights", "disable-bias-linear",
    "group-query-attention", "overlap-grad-reduce", "overlap-param-gather", "use-flash-attn", "tp-comm-overlap",
    "overlap-moe-expert-parallel-comm", "delay-wgrad-compute", "cross-entropy-loss-fusion", "recompute-activations",
    "checkpoint-activations", "account-for-embedding-in-pipeline-split", "account-for-loss-in-pipeline-split",
    "use-mcore-models", "use-legacy-models", "use-rotary-position-embeddings", "moe-grouped-gemm",
    "multi-latent-attention", "overlap-p2p-communication", "distribute-saved-activations", "attention-softmax-in-fp32",
    "accumulate-allreduce-grads-in-fp32", "apply-query-key-layer-scaling", "mock-data", "standalone", "log-throughput",
    "log-timers-to-tensorboard", "log-memory-to-tensorboard", "log-params-norm", "log-num-zeros-in-grad",
    "log-validation-ppl-to-tensorboard", "use-cpu-initialization", "bias-swiglu-fusion", "no-bias-swiglu-fusion",
    "no-masked-softmax-fusion", "no-bias-dropout-fusion", "no-rope-fusion", "no-gradient-accumulation-fusion",
    "no-async-tensor-model-parallel-allreduce", "manual-gc", "no-save-optim", "no-save-rng", "no-load-optim",
    "no-load-rng", "moe-permute-fusion", "no-create-attention-mask-in-dataloader", "fp8-param-gather",
    "use-precision-aware-optimizer", "optimizer-cpu-offload", "moe-enable-deepep", "activation-func-fp8-input-store",
    "multi-head-latent-attention", "qk-layernorm", "seq-aux", "reuse-fp32-param", "use-fused-rotary-pos-emb",
    "use-fused-swiglu", "use-fused-rmsnorm", "moe-permutation-async-comm", "moe-alltoall-overlap-comm",
    "use-fused-moe-token-permute-and-unpermute", "norm-topk-prob", "use-megatron-fsdp" };

// Flags that take a list of words (argparse nargs='*'): their value is the words, space-separated.
const std::set<std::string, std::less<>> kListFlags = { "recompute-modules" };

// Flags that do not change a step's time or memory: data, checkpoints, logging, the learning rate, launchers'
// rendezvous. Names end in '-' for a family.
const std::vector<std::string> kNoEffect = { "lr", "lr-", "min-lr", "weight-decay", "weight-decay-", "clip-grad",
    "adam-", "sgd-momentum", "init-method-std", "seed", "data-path", "train-data-path", "valid-data-path",
    "test-data-path", "data-cache-path", "split", "save", "save-interval", "load", "log-", "eval-", "tensorboard-",
    "wandb-", "tokenizer-", "vocab-file", "merge-file", "train-iters", "train-samples", "exit-", "distributed-backend",
    "distributed-timeout-minutes", "master-addr", "master-port", "node-rank", "rdzv-", "timing-log-level",
    "timing-log-option", "ckpt-", "dist-ckpt-", "use-checkpoint-", "no-load-", "no-save-", "num-workers",
    "dataloader-type", "mock-data", "profile", "profile-", "use-pytorch-profiler", "nsys-", "finetune", "max-restarts",
    "monitor-interval", "use-mcore-models", "use-legacy-models", "manual-gc", "manual-gc-", "standalone", "rdzv_",
    "use-cpu-initialization", "max-position-embeddings", "make-vocab-size-divisible-by" };

bool noEffect(const std::string& name)
{
    return std::any_of(kNoEffect.begin(), kNoEffect.end(),
        [&](const std::string& n) { return n.back() == '-' || n.back() == '_' ? name.rfind(n, 0) == 0 : name == n; });
}

struct Flag {
    std::string spelled; // as written, "--tensor-model-parallel-size"
    std::string value;
    int line = 0;
    bool unresolved = false;
    int positional = 0; // the value is the script's argument $N
    bool launcher = false; // on a command line before the framework's script: torchrun's, srun's, mpirun's
};

// The flags of a script, by name with '_' read as '-' (torchrun takes both), each used at most once.
class Flags {
public:
    Flags(const ShellWords& s, std::vector<Issue>& errors)
        : m_errors(errors)
    {
        const auto& w = s.words;
        // In a launcher's command (srun, torchrun, mpirun …) or one that runs a .py script: the words before the
        // program it starts (the script, or bash, python …) are the launcher's.
        bool beforeScript = false;
        for (std::size_t i = 0; i < w.size(); ++i) {
            const std::string& t = w[i].text;
            // Whether a .py script follows in this command (python -m torch.distributed.run … pretrain_gpt.py).
            auto scriptAhead = [&]() {
                for (std::size_t k = i + 1; k < w.size() && !w[k].startsCommand; ++k)
                    if (isScript(w[k].text))
                        return true;
                return false;
            };
            if (w[i].startsCommand)
                beforeScript = !isScript(t) && (isLauncher(t) || scriptAhead());
            else if (isScript(t))
                beforeScript = false;
            else if (startsProgram(t))
                beforeScript = scriptAhead();
            if (t.size() < 3 || t.compare(0, 2, "--") != 0 || w[i].unresolved)
                continue;
            Flag f { {}, {}, w[i].line, false, 0, beforeScript };
            std::string name = t.substr(2);
            if (const auto eq = name.find('='); eq != std::string::npos) {
                f.value = name.substr(eq + 1);
                name.resize(eq);
            } else if (!kBooleanFlags.count(normal(name))) {
                const bool list = kListFlags.count(normal(name)) > 0;
                while (i + 1 < w.size() && !w[i + 1].startsCommand && w[i + 1].text.rfind("--", 0) != 0) {
                    f.value += (f.value.empty() ? "" : " ") + w[i + 1].text;
                    f.unresolved = f.unresolved || w[i + 1].unresolved;
                    if (!f.positional)
                        f.positional = w[i + 1].positional;
                    ++i;
                    if (!list)
                        break;
                }
            }
            f.spelled = "--" + name;
            name = normal(name);
            if (const auto it = m_flags.find(name); it != m_flags.end()) {
                if (it->second.value != f.value || it->second.unresolved || f.unresolved)
                    m_errors.push_back(fieldIssue(
                        "line " + str(f.line), "config-conflict", { said(f), said(it->second), str(it->second.line) }));
                continue;
            }
            m_order.push_back(name);
            m_flags.emplace(name, std::move(f));
        }
    }

    bool empty() const { return m_flags.empty(); }
    bool frameworkEmpty() const
    {
        return std::all_of(m_flags.begin(), m_flags.end(), [](const auto& f) { return f.second.launcher; });
    }
    // The launcher's flags as written, in the file's order.
    std::string launcherFlags() const
    {
        std::string found;
        for (const std::string& name : m_order)
            if (const Flag& f = m_flags.at(name); f.launcher)
                found += (found.empty() ? "" : ", ") + f.spelled;
        return found;
    }

    static std::string baseName(const std::string& word) { return word.substr(word.find_last_of('/') + 1); }
    static bool isLauncher(const std::string& word)
    {
        static const std::set<std::string, std::less<>> kLaunchers
            = { "srun", "salloc", "sbatch", "mpirun", "mpiexec", "orterun", "torchrun", "deepspeed", "accelerate" };
        return kLaunchers.count(baseName(word)) > 0;
    }
    // A program a launcher runs: the words after it are that program's.
    static bool startsProgram(const std::string& word)
    {
        static const std::set<std::string, std::less<>> kPrograms
            = { "bash", "sh", "python", "python3", "env", "numactl", "nsys", "ncu" };
        return kPrograms.count(baseName(word)) > 0;
    }
    // The framework's script on a command line (pretrain_gpt.py, pretrain_mamba.py, a path to one).
    static bool isScript(const std::string& word)
    {
        return word.size() > 3 && word.compare(word.size() - 3, 3, ".py") == 0 && word.rfind("--", 0) != 0;
    }

    static std::string normal(std::string name)
    {
        std::replace(name.begin(), name.end(), '_', '-');
        return name;
    }
    static std::string said(const Flag& f) { return f.value.empty() ? f.spelled : f.spelled + " " + f.value; }

    const Flag* get(const std::string& name)
    {
        const auto it = m_flags.find(name);
        if (it == m_flags.end())
            return nullptr;
        m_used.insert(name);
        return &it->second;
    }
    bool has(const std::string& name) { return get(name) != nullptr; }

    std::optional<std::string> text(const std::string& name)
    {
        const Flag* f = get(name);
        if (!f)
            return std::nullopt;
        if (f->positional) {
            m_errors.push_back(
                fieldIssue("line " + str(f->line), "config-positional", { f->spelled, "$" + str(f->positional) }));
            return std::nullopt;
        }
        if (f->unresolved) {
            m_errors.push_back(
                fieldIssue("line " + str(f->line), "config-unresolved", { f->spelled, inQuotesShort(f->value) }));
            return std::nullopt;
        }
        if (f->value.empty()) {
            m_errors.push_back(fieldIssue("line " + str(f->line), "config-no-value", { f->spelled }));
            return std::nullopt;
        }
        return f->value;
    }

    std::optional<long long> integer(const std::string& name, long long lo, long long hi)
    {
        const Flag* f = get(name);
        const std::optional<std::string> v = f ? text(name) : std::nullopt;
        if (!v)
            return std::nullopt;
        long long x = 0;
        const auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), x);
        if (ec != std::errc() || end != v->data() + v->size() || x < lo || x > hi) {
            m_errors.push_back(fieldIssue(
                "line " + str(f->line), "config-whole-number", { f->spelled, str(lo), str(hi), inQuotesShort(*v) }));
            return std::nullopt;
        }
        return x;
    }

    // A real number the flag must give, in what `fits` accepts; `what` says the range in the refusal.
    std::optional<double> number(const std::string& name, bool (*fits)(double), const char* what)
    {
        const std::optional<std::string> v = text(name);
        if (!v)
            return std::nullopt;
        char* end = nullptr;
        const double x = std::strtod(v->c_str(), &end);
        if (end == v->c_str() || *end != '\0' || !fits(x)) {
            m_errors.push_back(fieldIssue(where(name), "config-choice", { "--" + name, *v, what }));
            return std::nullopt;
        }
        return x;
    }

    std::string where(const std::string& name) const
    {
        const auto it = m_flags.find(name);
        return it == m_flags.end() ? std::string() : "line " + str(it->second.line);
    }
    std::string said(const std::string& name) const
    {
        const auto it = m_flags.find(name);
        return it == m_flags.end() ? std::string() : said(it->second);
    }
    int line(const std::string& name) const
    {
        const auto it = m_flags.find(name);
        return it == m_flags.end() ? 0 : it->second.line;
    }

    // What no reader used: by whether it can change a step's time or memory.
    void listUnused(ImportedPlan& out) const
    {
        for (const std::string& name : m_order) {
            if (m_used.count(name))
                continue;
            const Flag& f = m_flags.at(name);
            ConfigSetting s { "line " + str(f.line), f.spelled, f.value, {} };
            (f.launcher ? out.launcher : noEffect(name) ? out.noEffect : out.notModelled).push_back(std::move(s));
        }
    }

    void markUsed(const std::string& name) { m_used.insert(name); }

    // Another framework's name for a Megatron-LM argument (MindSpeed-LLM's): read as Megatron-LM's name where the
    // file does not also give that one. Returns "--other (line L) as --name", or empty when it did not apply.
    std::string alias(const std::string& name, const std::string& other)
    {
        const auto it = m_flags.find(other);
        if (it == m_flags.end() || m_flags.count(name))
            return {};
        const std::string said = it->second.spelled + " (line " + str(it->second.line) + ") as --" + name;
        m_flags.emplace(name, it->second);
        m_flags.erase(it);
        std::replace(m_order.begin(), m_order.end(), other, name);
        return said;
    }

private:
    static std::string inQuotesShort(const std::string& v) { return "\"" + v.substr(0, 32) + "\""; }

    std::map<std::string, Flag> m_flags;
    std::vector<std::string> m_order;
    std::set<std::string> m_used;
    std::vector<Issue>& m_errors;
};

constexpr long long kMaxSize = 1LL << 40;

// --moe-layer-freq: an integer N (one MoE layer in N), or a Python list expression of 0 (dense) and 1 (MoE) per
// layer, "[0]*3+[1]*58" or "([0]+[1]*23)" (arguments.py moe_freq_type). denseFirst: how many dense layers come
// before the rest, all MoE; -1 for any other pattern. A list Plait reads whose length is not `layers` is what
// Megatron-LM asserts on (listed says how long it is; -2 when longer than any model); one it cannot read is -1.
struct MoePattern {
    int denseFirst = -1;
    bool allDense = false;
    long long listed = -1;
    int every = 1, phase = 0; // past the dense first layers, one MoE layer in `every`, at `phase` of each run
};
MoePattern moeLayerPattern(const std::string& text, int layers)
{
    std::string t;
    for (char c : text)
        if (c != ' ' && c != '"' && c != '\'')
            t += c;
    if (t.find('[') == std::string::npos) { // an integer N: layer i is MoE when i % N == 0 (arguments.py)
        int n = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
        if (ec != std::errc() || end != t.data() + t.size() || n < 1 || n > layers)
            return {};
        return { 0, false, -1, n, 0 };
    }
    // Terms a + b + …, each (…)*n, [x, y]*n or [x, y], as Python repeats them (a negative count gives none).
    std::size_t at = 0;
    bool bad = false, tooLong = false;
    const long long cap = std::max(layers, 1) * 4LL;
    std::function<std::vector<int>()> sum, term;
    auto number = [&]() {
        const bool negative = at < t.size() && t[at] == '-';
        at += negative;
        long long n = 0;
        const std::size_t from = at;
        while (at < t.size() && t[at] >= '0' && t[at] <= '9' && n <= 1000000000000LL)
            n = n * 10 + (t[at++] - '0');
        bad = bad || at == from;
        return negative ? -n : n;
    };
    term = [&]() {
        std::vector<int> v;
        if (at < t.size() && t[at] == '(') {
            ++at;
            v = sum();
            bad = bad || at >= t.size() || t[at] != ')';
            ++at;
        } else if (at < t.size() && t[at] == '[') {
            ++at;
            while (!bad && at < t.size() && t[at] != ']') {
                v.push_back(int(std::clamp(number(), -1LL, 2LL)));
                if (at < t.size() && t[at] == ',')
                    ++at;
            }
            bad = bad || at >= t.size();
            ++at;
        } else {
            bad = true;
        }
        while (!bad && !tooLong && at < t.size() && t[at] == '*') {
            ++at;
            const long long n = std::max(0LL, number());
            if (bad)
                break;
            if (n * (long long)v.size() > cap) {
                tooLong = true;
                break;
            }
            std::vector<int> r;
            for (long long i = 0; i < n; ++i)
                r.insert(r.end(), v.begin(), v.end());
            v = std::move(r);
        }
        return v;
    };
    sum = [&]() {
        std::vector<int> v = term();
        while (!bad && !tooLong && at < t.size() && t[at] == '+') {
            ++at;
            const std::vector<int> w = term();
            v.insert(v.end(), w.begin(), w.end());
            tooLong = tooLong || (long long)v.size() > cap;
        }
        return v;
    };
    const std::vector<int> v = sum();
    if (tooLong)
        return { -1, false, -2 };
    if (bad || at != t.size() || std::any_of(v.begin(), v.end(), [](int x) { return x != 0 && x != 1; }))
        return {};
    if (int(v.size()) != layers)
        return { -1, false, (long long)v.size() };
    int dense = 0;
    while (dense < layers && v[std::size_t(dense)] == 0)
        ++dense;
    if (dense == layers)
        return { -1, true, layers };
    if (std::all_of(v.begin() + dense, v.end(), [](int x) { return x == 1; }))
        return { dense, false, layers };
    // One MoE layer in k after them, evenly: "([0]+[1])*24" (phase 1), "([1]+[0]*3)*12" after dense ones (phase 0).
    // The dense run before the first MoE layer is the phase when it is shorter than the period.
    int second = dense + 1;
    while (second < layers && v[std::size_t(second)] == 0)
        ++second;
    const int k = second - dense;
    if (second >= layers || k < 2)
        return { -1, false, layers };
    for (int i = dense; i < layers; ++i)
        if (v[std::size_t(i)] != ((i - dense) % k == 0 ? 1 : 0))
            return { -1, false, layers };
    // Dense first layers fewer than a period are the phase of an interleaved pattern, not dense first layers.
    return dense < k ? MoePattern { 0, false, layers, k, dense } : MoePattern { dense, false, layers, k, 0 };
}

// --pipeline-model-parallel-layout: each model chunk's layers. Megatron-LM takes no other way of splitting beside
// it (arguments.py, transformer_config.py), so any other is a conflict.
void readLayout(Flags& a, Plan& plan, std::vector<Issue>& errors)
{
    const std::string flag = "pipeline-model-parallel-layout";
    ParallelSpec& par = plan.parallel;
    for (const char* other : { "num-layers-per-virtual-pipeline-stage", "num-virtual-stages-per-pipeline-rank",
             "decoder-first-pipeline-num-layers", "decoder-last-pipeline-num-layers",
             "account-for-embedding-in-pipeline-split", "account-for-loss-in-pipeline-split" })
        if (a.has(other))
            errors.push_back(
                fieldIssue(a.where(other), "config-conflict", { a.said(other), a.said(flag), str(a.line(flag)) }));
    const auto text = a.text(flag);
    if (!text)
        return;
    const auto parsed = parsePipelineLayout(*text, par.pp, a.where(flag));
    if (!parsed) {
        errors.insert(errors.end(), parsed.errors().begin(), parsed.errors().end());
        return;
    }
    const PipelineLayout* layout = &parsed.value();
    if (layout->transformerTotal() != plan.model.layers) {
        errors.push_back(fieldIssue(a.where(flag), "config-layout-layers",
            { "--" + flag, str(layout->transformerTotal()),
                a.has("num-layers") ? a.said("num-layers") : plan.model.name, str(plan.model.layers) }));
        return;
    }
    // The layout's m are the multi-token prediction modules, on the last chunk (parsePipelineLayout checks where).
    if (const int m = layout->mtpTotal(); m > 0) {
        if (const auto n = a.integer("mtp-num-layers", 0, 1 << 16); n && *n != m)
            errors.push_back(fieldIssue(a.where(flag), "config-conflict",
                { "--" + flag + " (" + str(m) + " m)", a.said("mtp-num-layers"), str(a.line("mtp-num-layers")) }));
        else if (m > 16)
            errors.push_back(
                fieldIssue(a.where(flag), "config-choice", { "--" + flag, str(m) + " × m", "at most 16" }));
        else
            plan.model.mtpLayers = m;
    }
    par.vpp = layout->vpp;
    par.schedule = par.vpp > 1 ? Schedule::Interleaved : Schedule::OneFOneB;
    setLayersPerChunk(par, layout->transformer);
}

// The model when the file sets its shape: Megatron-LM's defaults for what it leaves out (arguments.py).
std::optional<ModelSpec> modelOf(
    Flags& a, const ModelSpec& base, const std::string& source, ImportedPlan& out, std::vector<Issue>& errors)
{
    if (!a.has("num-layers") && !a.has("hidden-size") && !a.has("num-attention-heads"))
        return base;
    ModelSpec m;
    m.name = "Megatron-LM model (" + source + ")";
    m.source = source;
    const auto layers = a.integer("num-layers", 1, 1 << 16);
    const auto hidden = a.integer("hidden-size", 1, 1 << 22);
    const auto heads = a.integer("num-attention-heads", 1, 1 << 16);
    for (const char* required : { "num-layers", "hidden-size", "num-attention-heads" })
        if (!a.has(required))
            errors.push_back(fieldIssue("--" + std::string(required), "config-required-with",
                { "--" + std::string(required), "--num-layers, --hidden-size, --num-attention-heads" }));
    if (!layers || !hidden || !heads)
        return std::nullopt;
    m.layers = int(*layers);
    m.hidden = *hidden;
    m.heads = int(*heads);
    m.kvHeads = m.heads;
    if (a.has("group-query-attention")) {
        if (const auto g = a.integer("num-query-groups", 1, 1 << 16))
            m.kvHeads = int(*g);
        else if (!a.has("num-query-groups"))
            out.notes.push_back({ "launch:gqa-without-groups", {} });
    } else if (a.has("num-query-groups")) {
        out.notes.push_back(
            { "launch:query-groups-ignored", { a.said("num-query-groups"), a.where("num-query-groups") } });
        m.kvHeads = m.heads;
    }
    if (const auto kv = a.integer("kv-channels", 1, 1 << 16))
        m.headDim = *kv;
    m.ffn = a.has("swiglu") ? FfnKind::SwiGlu : FfnKind::Gelu;
    if (const auto f = a.integer("ffn-hidden-size", 1, kMaxSize))
        m.ffnHidden = *f;
    else // arguments.py: 4h, or for SwiGLU 2/3 of it rounded down to a multiple of 64
        m.ffnHidden = m.ffn == FfnKind::SwiGlu ? (4 * m.hidden * 2 / 3) / 64 * 64 : 4 * m.hidden;
    if (const auto n = a.text("normalization")) {
        if (*n == "RMSNorm")
            m.norm = NormKind::RmsNorm;
        else if (*n == "LayerNorm")
            m.norm = NormKind::LayerNorm;
        else
            errors.push_back(
                fieldIssue(a.where("normalization"), "config-choice", { "--normalization", *n, "LayerNorm, RMSNorm" }));
    }
    if (const auto p = a.text("position-embedding-type"))
        m.learnedPositions = *p == "learned_absolute";
    else
        m.learnedPositions = !a.has("use-rotary-position-embeddings");
    m.linearBiases = !a.has("disable-bias-linear");
    m.tiedEmbeddings = !a.has("untie-embeddings-and-output-weights");
    // Dropout: Megatron-LM's default 0.1 on both, whatever the model's style.
    auto probability = [](double v) { return v >= 0 && v < 1; };
    m.attentionDropout = a.number("attention-dropout", probability, "a probability from 0 up to 1").value_or(0.1);
    m.hiddenDropout = a.number("hidden-dropout", probability, "a probability from 0 up to 1").value_or(0.1);
    if (!m.linearBiases && !a.has("attention-dropout") && !a.has("hidden-dropout"))
        out.notes.push_back({ "launch:dropout-default", {} });
    if (const auto v = a.integer("vocab-size", 1, 1 << 24)) {
        m.vocab = *v;
    } else {
        m.vocab = base.vocab;
        const std::string tokenizer
            = a.said("tokenizer-model").empty() ? a.said("vocab-file") : a.said("tokenizer-model");
        if (tokenizer.empty())
            out.notes.push_back({ "launch:vocab-from-base", { str(base.vocab) } });
        else
            out.notes.push_back({ "launch:vocab-from-tokenizer", { tokenizer, str(base.vocab) } });
    }
    if (const auto s = a.integer("seq-length", 1, 1 << 24)) {
        m.seqLen = *s;
    } else {
        m.seqLen = base.seqLen;
        out.notes.push_back({ "launch:seq-from-base", { str(base.seqLen) } });
    }
    if (const auto e = a.integer("num-experts", 1, 1 << 16)) {
        m.moe.experts = int(*e);
        m.moe.topK = int(a.integer("moe-router-topk", 1, *e).value_or(2)); // Megatron-LM's default top-k is 2
        if (const auto f = a.integer("moe-ffn-hidden-size", 1, kMaxSize))
            m.moe.expertFfnHidden = *f;
        // One shared expert MLP of this width (Megatron-Core's SharedExpertMLP).
        if (const auto s = a.integer("moe-shared-expert-intermediate-size", 1, kMaxSize)) {
            m.moe.sharedExperts = 1;
            m.moe.sharedFfnHidden = *s;
        }
        // MindSpeed-LLM's --n-shared-experts K: one shared MLP K experts wide (its DeepSeek spec).
        if (const auto k = a.integer("n-shared-experts", 0, 1 << 10); k && *k > 0 && m.moe.sharedExperts == 0) {
            m.moe.sharedExperts = 1;
            m.moe.sharedFfnHidden = *k * (m.moe.expertFfnHidden > 0 ? m.moe.expertFfnHidden : m.ffnHidden);
        }
        if (const auto g = a.integer("moe-router-num-groups", 1, *e)) {
            m.moe.routerGroups = int(*g);
            m.moe.routerGroupTopK = int(a.integer("moe-router-group-topk", 1, *g).value_or(*g));
        }
        if (const auto f = a.text("moe-layer-freq")) {
            const auto pattern = moeLayerPattern(*f, m.layers);
            if (pattern.listed == -2 || (pattern.listed >= 0 && pattern.listed != m.layers))
                errors.push_back(fieldIssue(a.where("moe-layer-freq"), "config-moe-freq-length",
                    std::vector<std::string> { utf8Prefix(*f, 40),
                        pattern.listed == -2 ? "more than " + str(4LL * m.layers) : str(pattern.listed),
                        str(m.layers) }));
            else if (pattern.allDense) {
                m.moe = MoeSpec {}; // no MoE layer: the model is dense
                out.notes.push_back({ "launch:moe-all-dense", { a.said("moe-layer-freq") } });
            } else if (pattern.denseFirst >= 0 && pattern.denseFirst < m.layers) {
                m.moe.denseLayers = pattern.denseFirst;
                m.moe.every = pattern.every;
                m.moe.phase = pattern.phase;
            } else
                out.notModelled.push_back(
                    { a.where("moe-layer-freq"), "--moe-layer-freq", *f, { "launch:how-all-moe", {} } });
        }
        // MindSpeed-LLM's --first-k-dense-replace N: the first N layers dense (-1: none), before the MoE layers.
        if (const auto k = a.integer("first-k-dense-replace", -1, 1 << 16); k && *k > 0) {
            if (*k >= m.layers || (a.has("moe-layer-freq") && m.moe.denseLayers != 0 && m.moe.denseLayers != *k))
                errors.push_back(fieldIssue(a.where("first-k-dense-replace"), "config-choice",
                    { "--first-k-dense-replace", str(*k), "fewer than --num-layers " + str(m.layers) }));
            else
                m.moe.denseLayers = int(*k);
        }
    }
    if (a.has("multi-latent-attention")) {
        // Megatron-LM's MLA defaults (arguments.py _add_mla_args) for what the file leaves out.
        m.mla.qLoraRank = a.integer("q-lora-rank", 1, kMaxSize).value_or(0);
        m.mla.kvLoraRank = a.integer("kv-lora-rank", 1, kMaxSize).value_or(32);
        m.mla.qkNopeHeadDim = a.integer("qk-head-dim", 1, 1 << 14).value_or(128);
        m.mla.qkRopeHeadDim = a.integer("qk-pos-emb-head-dim", 1, 1 << 14).value_or(64);
        m.mla.vHeadDim = a.integer("v-head-dim", 1, 1 << 14).value_or(128);
        m.kvHeads = m.heads;
        m.headDim = 0; // MLA's head sizes are its own: --kv-channels does not apply
    }
    // Multi-token prediction modules (Megatron-Core's MultiTokenPredictionBlock): on the last stage.
    m.mtpLayers = int(a.integer("mtp-num-layers", 0, 16).value_or(0));
    return m;
}
}

// The words of every NAME="… --flag …" assignment's value, at the assignment's line, then the elements of every
// array that holds a --flag, split as an unquoted ${NAME[@]} splits them; `variables` holds one entry, the names
// read, for the note.
static ShellWords flagsOfVariables(const ShellWords& words)
{
    ShellWords out;
    std::string names;
    auto add = [&](const std::string& text, int line, const std::string& name) {
        ShellWords inner = shellWords(text);
        for (ShellWord& x : inner.words) {
            x.line += line - 1;
            x.startsCommand = false;
            out.words.push_back(std::move(x));
        }
        if (names.find(name) == std::string::npos)
            names += (names.empty() ? "" : ", ") + name;
    };
    for (const ShellWord& w : words.words) {
        const auto a = assignmentOf(w.text);
        if (w.unresolved || !a || a->value.find("--") == std::string_view::npos)
            continue;
        add(std::string(a->value), w.line, std::string(a->name));
    }
    for (const ShellArray& a : words.arrays) {
        const bool flags = std::any_of(a.elements.begin(), a.elements.end(),
            [](const ShellWord& e) { return e.text.rfind("--", 0) == 0 && !e.unresolved; });
        if (!flags)
            continue;
        for (const ShellWord& e : a.elements)
            if (!e.unresolved)
                add(e.text, e.line, a.name);
    }
    if (!names.empty())
        out.variables[""] = names;
    return out;
}

Result<ImportedPlan> importMegatronArgs(
    std::string_view text, const Plan& base, const std::string& source, bool keepCluster)
{
    std::vector<Issue> errors;
    if (text.find('\0') != std::string_view::npos)
        return Result<ImportedPlan>(std::vector<Issue> { fieldIssue("", "config-binary", { "Megatron-LM" }) });
    // A launch script's longest real line (one command of every flag) is a few KiB.
    constexpr std::size_t kMaxLineBytes = 256 * 1024;
    if (const int line = firstLineLongerThan(text, kMaxLineBytes))
        return Result<ImportedPlan>::failure("", longLineText(line, kMaxLineBytes, "a launch script"));
    const ShellWords words = shellWords(text);
    if (const std::optional<Issue> quote = unterminatedQuoteIssue(words))
        return Result<ImportedPlan>(std::vector<Issue> { *quote });
    // An argument file meant to be sourced (ModelOpt's *-args.sh) keeps its flags in MODEL_ARGS="…" and passes them
    // to no command: then the flags of such variables are read, in the file's order, and a note says so.
    const ShellWords kept = flagsOfVariables(words);
    Flags direct(words, errors);
    const bool sourced = direct.empty() && !kept.words.empty();
    Flags a = sourced ? Flags(kept, errors) : std::move(direct);
    // An empty file, or one of no --flags, is not a launch script: never Megatron-LM's defaults over the plan.
    if (a.empty())
        return Result<ImportedPlan>(std::vector<Issue> { fieldIssue("", "config-empty-megatron") });
    // A launcher's line alone (torchrun … train.py with no Megatron-LM argument) is not a Megatron-LM job either.
    if (a.frameworkEmpty())
        return Result<ImportedPlan>(
            std::vector<Issue> { fieldIssue("", "config-only-launcher", { utf8Prefix(a.launcherFlags(), 120) }) });
    ImportedPlan out { base, {}, {}, {}, {} };
    Plan& plan = out.plan;
    if (sourced)
        out.notes.push_back({ "launch:flags-in-variables", { kept.variables.begin()->second } });
    // MindSpeed-LLM's launchers (its DeepSeek and Qwen examples) name some of Megatron-LM's arguments their own way.
    std::string aliased;
    for (const auto& [name, other] :
        std::vector<std::pair<std::string, std::string>> { { "multi-latent-attention", "multi-head-latent-attention" },
            { "qk-head-dim", "qk-nope-head-dim" }, { "qk-pos-emb-head-dim", "qk-rope-head-dim" },
            { "moe-ffn-hidden-size", "moe-intermediate-size" }, { "vocab-size", "padded-vocab-size" } })
        if (const std::string said = a.alias(name, other); !said.empty())
            aliased += (aliased.empty() ? "" : "; ") + said;
    if (!aliased.empty())
        out.notes.push_back({ "launch:mindspeed-names", { aliased } });

    if (const auto m = modelOf(a, base.model, source, out, errors))
        plan.model = *m;

    // The cluster's size from torchrun, where the file gives it as numbers.
    ClusterSpec& cluster = plan.cluster;
    const Flag* nodesFlag = a.get("nnodes");
    const Flag* perNodeFlag = a.get("nproc-per-node");
    const bool launcherSize = nodesFlag && perNodeFlag && !nodesFlag->unresolved && !perNodeFlag->unresolved;
    if (launcherSize && keepCluster) {
        out.notes.push_back({ "launch:keep-cluster",
            { a.said("nnodes"), a.said("nproc-per-node"), str(base.cluster.nodes), str(base.cluster.gpusPerNode) } });
        a.markUsed("nnodes");
        a.markUsed("nproc-per-node");
    } else if (launcherSize) {
        const auto nodes = a.integer("nnodes", 1, 1 << 16);
        const auto perNode = a.integer("nproc-per-node", 1, 1 << 10);
        if (nodes && perNode) {
            if (*perNode != base.cluster.gpusPerNode)
                out.notes.push_back({ "launch:gpus-per-node",
                    { a.said("nproc-per-node"), a.where("nproc-per-node"), str(base.cluster.gpusPerNode) } });
            cluster.nodes = int(*nodes);
            cluster.gpusPerNode = int(*perNode);
            if (cluster.nicsPerNode > cluster.gpusPerNode)
                cluster.nicsPerNode = cluster.gpusPerNode;
        }
    } else {
        out.notes.push_back({ "launch:cluster-from-base", { str(base.cluster.nodes), str(base.cluster.gpusPerNode) } });
        a.markUsed("nnodes");
        a.markUsed("nproc-per-node");
    }

    ParallelSpec& par = plan.parallel;
    par = ParallelSpec {};
    par.tp = int(a.integer("tensor-model-parallel-size", 1, 1 << 16).value_or(1));
    par.pp = int(a.integer("pipeline-model-parallel-size", 1, 1 << 16).value_or(1));
    par.cp = int(a.integer("context-parallel-size", 1, 1 << 16).value_or(1));
    par.ep = int(a.integer("expert-model-parallel-size", 1, 1 << 16).value_or(1));
    // Megatron-Core's default expert TP is the attention's TP (0 here); a dense model has no experts to split.
    if (const auto etp = a.integer("expert-tensor-parallel-size", 1, 1 << 16); etp && *etp != par.tp) {
        if (plan.model.isMoe())
            par.etp = int(*etp);
        else
            out.notModelled.push_back({ a.where("expert-tensor-parallel-size"), "--expert-tensor-parallel-size",
                str(*etp), { "launch:etp-dense", {} } });
    }
    const long long world = (long long)cluster.nodes * cluster.gpusPerNode;
    const long long tpPpCp = (long long)par.tp * par.pp * par.cp;
    const std::string worldFrom = launcherSize && !keepCluster ? a.where("nnodes") + " and " + a.where("nproc-per-node")
                                                               : "the base plan's cluster";
    if (world % tpPpCp != 0)
        errors.push_back(fieldIssue(a.where("tensor-model-parallel-size"),
            launcherSize && !keepCluster ? "config-world-launcher" : "config-world",
            { str(world), worldFrom, str(par.tp), str(par.pp), str(par.cp), str(tpPpCp) }));
    else
        par.dp = int(world / tpPpCp);

    // The split of the layers: a layout (newest Megatron-LM), or the virtual pipeline with first and last stages.
    if (a.has("pipeline-model-parallel-layout"))
        readLayout(a, plan, errors);
    else {
        // The virtual pipeline: layers per virtual stage, or virtual stages per rank (newer Megatron-LM).
        const auto perVirtual = a.integer("num-layers-per-virtual-pipeline-stage", 1, 1 << 16);
        const auto virtualStages = a.integer("num-virtual-stages-per-pipeline-rank", 1, 1 << 16);
        if (perVirtual) {
            const long long perStage = par.pp > 0 ? plan.model.layers / par.pp : 0;
            if (perStage % *perVirtual != 0 || plan.model.layers % par.pp != 0)
                errors.push_back(fieldIssue(a.where("num-layers-per-virtual-pipeline-stage"), "config-vpp-layers",
                    { a.said("num-layers-per-virtual-pipeline-stage"), str(plan.model.layers), str(par.pp) }));
            else
                par.vpp = int(perStage / *perVirtual);
            if (virtualStages && *virtualStages != par.vpp)
                errors.push_back(fieldIssue(a.where("num-virtual-stages-per-pipeline-rank"), "config-conflict",
                    { a.said("num-virtual-stages-per-pipeline-rank"), a.said("num-layers-per-virtual-pipeline-stage"),
                        str(a.line("num-layers-per-virtual-pipeline-stage")) }));
        } else if (virtualStages) {
            par.vpp = int(*virtualStages);
        }
        par.schedule = par.vpp > 1 ? Schedule::Interleaved : Schedule::OneFOneB;
        par.embeddingInSplit = a.has("account-for-embedding-in-pipeline-split");
        par.lossInSplit = a.has("account-for-loss-in-pipeline-split");
        const auto first = a.integer("decoder-first-pipeline-num-layers", 0, 1 << 16);
        const auto last = a.integer("decoder-last-pipeline-num-layers", 0, 1 << 16);
        if ((first || last) && par.vpp > 1) {
            for (const char* f : { "decoder-first-pipeline-num-layers", "decoder-last-pipeline-num-layers" })
                if (a.has(f))
                    out.notModelled.push_back({ a.where(f), "--" + std::string(f),
                        a.said(f).substr(a.said(f).find(' ') + 1), { "launch:how-even-split", {} } });
        } else if ((first || last) && par.pp > 1) {
            const int f = int(first.value_or(-1)), l = int(last.value_or(-1));
            const int middle = par.pp - (f >= 0) - (l >= 0);
            const int rest = plan.model.layers - std::max(f, 0) - std::max(l, 0);
            if (rest < 0 || (middle > 0 && rest % middle != 0) || (middle == 0 && rest != 0)) {
                errors.push_back(fieldIssue(
                    a.where(first ? "decoder-first-pipeline-num-layers" : "decoder-last-pipeline-num-layers"),
                    "config-first-last",
                    { str(plan.model.layers), str(std::max(f, 0)), str(std::max(l, 0)), str(middle) }));
            } else {
                par.layersPerStage.assign(std::size_t(par.pp), middle > 0 ? rest / middle : 0);
                if (f >= 0)
                    par.layersPerStage.front() = f;
                if (l >= 0)
                    par.layersPerStage.back() = l;
            }
        }
    }

    TrainingSpec& tr = plan.training;
    const TrainingSpec before = tr;
    tr = TrainingSpec {};
    tr.otherGiB = before.otherGiB;
    tr.fragmentation = before.fragmentation;
    tr.framework = Framework::Megatron;
    tr.microBatch = int(a.integer("micro-batch-size", 1, 1 << 20).value_or(1));
    tr.globalBatch = a.integer("global-batch-size", 1, 1LL << 40).value_or((long long)tr.microBatch * par.dp);
    if (!a.has("global-batch-size"))
        out.notes.push_back({ "launch:global-batch-default", { str(tr.globalBatch) } });
    const bool bf16 = a.has("bf16"), fp16 = a.has("fp16");
    if (bf16 && fp16)
        errors.push_back(fieldIssue(a.where("fp16"), "config-conflict", { "--fp16", "--bf16", str(a.line("bf16")) }));
    tr.precision = bf16 ? Precision::BF16 : fp16 ? Precision::FP16 : Precision::FP32;
    if (!bf16 && !fp16)
        out.notes.push_back({ "launch:megatron-fp32", {} });
    if (const auto f = a.text("fp8-format")) {
        if (*f == "e4m3" || *f == "hybrid")
            tr.precision = Precision::FP8;
        else
            errors.push_back(
                fieldIssue(a.where("fp8-format"), "config-choice", { "--fp8-format", *f, "e4m3, hybrid" }));
    }
    if (const auto r = a.text("fp8-recipe")) {
        bool known = false;
        for (Fp8Recipe x : { Fp8Recipe::Delayed, Fp8Recipe::Tensorwise, Fp8Recipe::Blockwise, Fp8Recipe::Mxfp8 })
            if (*r == fp8RecipeName(x)) {
                tr.fp8Recipe = x;
                known = true;
            }
        if (!known)
            errors.push_back(fieldIssue(a.where("fp8-recipe"), "config-choice",
                { "--fp8-recipe", *r, "delayed, tensorwise, blockwise, mxfp8" }));
    }
    if (const auto f = a.text("fp4-format")) {
        if (*f == "e2m1")
            tr.precision = Precision::FP4;
        else
            errors.push_back(fieldIssue(a.where("fp4-format"), "config-choice", { "--fp4-format", *f, "e2m1" }));
        if (const auto r = a.text("fp4-recipe"); r && *r != "nvfp4")
            errors.push_back(fieldIssue(a.where("fp4-recipe"), "config-choice", { "--fp4-recipe", *r, "nvfp4" }));
    }
    tr.fp8ParamGather = a.has("fp8-param-gather");
    // Megatron-Core's HybridDeviceOptimizer: the whole optimizer on the CPU at the default fraction 1; a part of it is
    // not modelled.
    if (a.has("optimizer-cpu-offload")) {
        const std::string fraction = a.text("optimizer-offload-fraction").value_or("1.0");
        if (std::strtod(fraction.c_str(), nullptr) >= 1)
            tr.offloadOptimizer = true;
        else
            out.notModelled.push_back({ a.where("optimizer-offload-fraction"), "--optimizer-offload-fraction", fraction,
                { "launch:how-offload", {} } });
    }
    // --use-precision-aware-optimizer with both moments in BF16 (DeepSeek-V3's choice).
    const bool precisionAware = a.has("use-precision-aware-optimizer");
    tr.bf16Moments = precisionAware && a.text("exp-avg-dtype").value_or("fp32") == "bf16"
        && a.text("exp-avg-sq-dtype").value_or("fp32") == "bf16";
    if (const auto o = a.text("optimizer")) {
        if (*o == "adam")
            tr.optimizer = Optimizer::Adam;
        else if (*o == "sgd")
            tr.optimizer = Optimizer::Sgd;
        else
            errors.push_back(fieldIssue(a.where("optimizer"), "config-choice", { "--optimizer", *o, "adam, sgd" }));
    }
    tr.zeroStage = a.has("use-distributed-optimizer") ? 1 : 0;
    // Megatron-DeepSpeed (Microsoft's fork) hands the optimizer to DeepSpeed: --zero-stage is DeepSpeed's ZeRO stage,
    // and the job runs as DeepSpeed runs it (its PipelineModule, 1F1B).
    if (const auto stage = a.integer("zero-stage", 0, 3)) {
        tr.framework = Framework::DeepSpeed;
        setZeroStage(tr, int(*stage));
        out.notes.push_back({ "launch:megatron-deepspeed-zero", { a.said("zero-stage"), a.where("zero-stage") } });
    }
    // Megatron-FSDP (--use-megatron-fsdp) shards by --data-parallel-sharding-strategy: optim is the distributed
    // optimizer's ZeRO-1; optim_grads and optim_grads_params shard gradients and then weights as PyTorch FSDP does
    // (ZeRO-2, ZeRO-3), costed as framework fsdp. Its default is optim_grads_params since Megatron-LM's change of
    // 2026-04-01 (#3691), no_shard before: a file that leaves it out is read with today's and says so.
    if (a.has("use-megatron-fsdp")) {
        const std::string strategy = a.text("data-parallel-sharding-strategy").value_or("optim_grads_params");
        if (!a.has("data-parallel-sharding-strategy"))
            out.notes.push_back({ "launch:megatron-fsdp-default", { a.where("use-megatron-fsdp") } });
        const std::vector<std::string> names { "no_shard", "optim", "optim_grads", "optim_grads_params" };
        const auto it = std::find(names.begin(), names.end(), strategy);
        if (it == names.end()) {
            errors.push_back(fieldIssue(a.where("data-parallel-sharding-strategy"), "config-choice",
                { "--data-parallel-sharding-strategy", strategy, "no_shard, optim, optim_grads, optim_grads_params" }));
        } else {
            const int stage = int(it - names.begin());
            if (stage >= 2)
                tr.framework = Framework::Fsdp;
            setZeroStage(tr, stage);
            out.notes.push_back({ "launch:megatron-fsdp",
                { "--data-parallel-sharding-strategy " + strategy, str(stage), frameworkName(tr.framework) } });
        }
    }
    tr.sequenceParallel = a.has("sequence-parallel");
    if (tr.sequenceParallel && par.tp == 1) {
        tr.sequenceParallel = false;
        out.notes.push_back({ "launch:sequence-parallel-off", { a.where("sequence-parallel") } });
    }
    if (const auto g = a.text("recompute-granularity")) {
        if (*g == "full")
            tr.recompute = Recompute::Full;
        else if (*g == "selective")
            tr.recompute = Recompute::Selective;
        else
            errors.push_back(fieldIssue(a.where("recompute-granularity"), "config-choice",
                { "--recompute-granularity", *g, "full, selective" }));
    } else if (a.has("recompute-activations")) {
        tr.recompute = Recompute::Selective;
    } else if (a.has("checkpoint-activations")) {
        // Megatron-LM before 2022 (and Megatron-DeepSpeed): every layer checkpointed whole, today's
        // --recompute-granularity full --recompute-method uniform.
        tr.recompute = Recompute::Full;
        out.notes.push_back({ "launch:old-name",
            { "--checkpoint-activations", a.where("checkpoint-activations"), "--recompute-granularity full" } });
    }
    tr.activationFp8Input = a.has("activation-func-fp8-input-store");
    if (const auto list = a.text("recompute-modules")) {
        unsigned modules = 0;
        std::istringstream words(*list);
        for (std::string w; words >> w;) {
            if (const auto mod = recomputeModuleFromName(w))
                modules |= unsigned(*mod);
            else
                out.notModelled.push_back(
                    { a.where("recompute-modules"), "--recompute-modules", w, { "launch:recompute-module", {} } });
        }
        if (modules != 0)
            tr.recomputeModules = modules;
    }
    if (tr.recompute == Recompute::Full) {
        const auto method = a.text("recompute-method");
        const auto n = a.integer("recompute-num-layers", 1, 1 << 16);
        if (method && !(*method == "uniform" && n.value_or(1) == 1))
            out.notModelled.push_back({ a.where("recompute-method"), "--recompute-method",
                *method + (n ? " --recompute-num-layers " + str(*n) : ""), { "launch:how-full-recompute", {} } });
    }
    // The attention kernel: Transformer Engine's fused attention unless the file picks the unfused or local path.
    const std::string impl = a.text("transformer-impl").value_or("transformer_engine");
    const std::string backend = a.text("attention-backend").value_or("auto");
    tr.flashAttention
        = a.has("use-flash-attn") || (impl == "transformer_engine" && backend != "unfused" && backend != "local");
    tr.attentionKernel = backend == "flash" ? AttentionKernel::Flash2
        : backend == "fused"                ? AttentionKernel::CuDnn
                                            : AttentionKernel::Auto;
    tr.overlapGradReduce = a.has("overlap-grad-reduce");
    tr.overlapParamGather = a.has("overlap-param-gather");
    if (const auto b = a.integer("ddp-bucket-size", 1, 1LL << 40))
        tr.bucketSize = double(*b);
    tr.crossEntropyFusion = a.has("cross-entropy-loss-fusion");
    tr.tpOverlap = a.has("tp-comm-overlap") ? TpOverlap::All : TpOverlap::Backward;
    tr.moeA2aOverlap = a.has("overlap-moe-expert-parallel-comm");
    // Megatron-LM's default dispatcher gathers every token (arguments.py: allgather); DeepEP and HybridEP are the
    // flex dispatcher's backends, costed alike (cost/dispatch.h).
    tr.moeDispatcher = MoeDispatcher::AllGather;
    if (const auto d = a.text("moe-token-dispatcher-type")) {
        const std::string name = *d == "alltoall_seq" ? "alltoall" : *d;
        if (const auto known = moeDispatcherFromName(name))
            tr.moeDispatcher = *known;
        else
            errors.push_back(fieldIssue(a.where("moe-token-dispatcher-type"), "config-choice",
                { "--moe-token-dispatcher-type", *d, "allgather, alltoall, flex" }));
    }
    if (a.has("moe-enable-deepep"))
        tr.moeDispatcher = MoeDispatcher::Flex;
    if (const auto b = a.text("moe-flex-dispatcher-backend"); b && *b != "deepep" && *b != "hybridep")
        errors.push_back(fieldIssue(a.where("moe-flex-dispatcher-backend"), "config-choice",
            { "--moe-flex-dispatcher-backend", *b, "deepep, hybridep" }));
    // Megatron-FSDP costed as fsdp: its ZeRO-3 gathers the weights unit by unit (its own prefetch, no separate
    // overlapped gather of updates), and Plait takes fsdp's token dispatch as the all-to-all.
    if (tr.framework == Framework::Fsdp && a.has("use-megatron-fsdp")) {
        if (tr.zeroStage >= 3)
            tr.overlapParamGather = false;
        if (tr.moeDispatcher == MoeDispatcher::Flex || tr.moeDispatcher == MoeDispatcher::AllGather) {
            out.notes.push_back({ "launch:megatron-fsdp-dispatch", { moeDispatcherName(tr.moeDispatcher) } });
            tr.moeDispatcher = MoeDispatcher::AllToAll;
        }
    }
    // Megatron-LM keeps fp32 main gradients.
    tr.fp32Gradients = true;
    if (const auto cf = a.number(
            "moe-expert-capacity-factor", [](double v) { return v > 0 && v <= 1000; }, "a number above 0"))
        tr.moeCapacityFactor = *cf;

    a.listUnused(out);
    return importResult(std::move(out), base, std::move(errors));
}

std::string megatronArgs(const Plan& plan)
{
    const ModelSpec& m = plan.model;
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    std::vector<std::string> args;
    auto add = [&](std::string flag, const std::string& value = {}) {
        args.push_back("--" + flag + (value.empty() ? "" : " " + value));
    };
    add("num-layers", str(m.layers));
    add("hidden-size", str(m.hidden));
    add("ffn-hidden-size", str(m.ffnHidden));
    add("num-attention-heads", str(m.heads));
    if (m.mla.on()) {
        add("multi-latent-attention");
        if (m.mla.qLoraRank > 0)
            add("q-lora-rank", str(m.mla.qLoraRank));
        add("kv-lora-rank", str(m.mla.kvLoraRank));
        add("qk-head-dim", str(m.mla.qkNopeHeadDim));
        add("qk-pos-emb-head-dim", str(m.mla.qkRopeHeadDim));
        add("v-head-dim", str(m.mla.vHeadDim));
    } else if (m.kvHeads != m.heads) {
        add("group-query-attention");
        add("num-query-groups", str(m.kvHeads));
    }
    if (m.headDim > 0 && !m.mla.on())
        add("kv-channels", str(m.headDim));
    if (m.ffn == FfnKind::SwiGlu)
        add("swiglu");
    add("normalization", m.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm");
    add("position-embedding-type", m.learnedPositions ? "learned_absolute" : "rope");
    if (!m.linearBiases)
        add("disable-bias-linear");
    // Megatron-LM's default is 0.1 for both; a plan with other values runs as planned only with them said.
    if (m.attentionDropout != 0.1)
        add("attention-dropout", numText(m.attentionDropout));
    if (m.hiddenDropout != 0.1)
        add("hidden-dropout", numText(m.hiddenDropout));
    if (!m.tiedEmbeddings)
        add("untie-embeddings-and-output-weights");
    add("seq-length", str(m.seqLen));
    add("max-position-embeddings", str(m.seqLen));
    add("vocab-size", str(m.vocab));
    if (m.isMoe()) {
        add("num-experts", str(m.moe.experts));
        add("moe-router-topk", str(m.moe.topK));
        if (m.moe.expertFfnHidden > 0)
            add("moe-ffn-hidden-size", str(m.moe.expertFfnHidden));
        if (m.moe.sharedExperts > 0)
            add("moe-shared-expert-intermediate-size", str(m.moe.sharedExperts * m.sharedFfn()));
        if (m.moe.routerGroups > 0) {
            add("moe-router-num-groups", str(m.moe.routerGroups));
            add("moe-router-group-topk", str(m.moe.routerGroupTopK));
        }
        if (m.moe.denseLayers > 0 || m.moe.every > 1) {
            // [0]*dense + [one run]*runs + [the part of a run the layers end in], the list Megatron-LM parses.
            const int every = std::max(m.moe.every, 1), rest = m.layers - m.moe.denseLayers;
            auto run = [&](int n) {
                std::string r;
                for (int i = 0; i < n; ++i)
                    r += std::string(i ? "," : "") + (i == m.moe.phase ? "1" : "0");
                return "[" + r + "]";
            };
            std::string freq = m.moe.denseLayers > 0 ? "[0]*" + str(m.moe.denseLayers) + "+" : "";
            freq += run(every) + "*" + str(rest / every);
            if (rest % every > 0)
                freq += "+" + run(rest % every);
            add("moe-layer-freq", "\"" + freq + "\"");
        }
    }
    // Multi-token prediction is Megatron-Core's for any GPT model, dense or MoE (the importer reads it for both).
    if (m.mtpLayers > 0)
        add("mtp-num-layers", str(m.mtpLayers));
    add("tensor-model-parallel-size", str(par.tp));
    add("pipeline-model-parallel-size", str(par.pp));
    if (par.cp > 1)
        add("context-parallel-size", str(par.cp));
    if (par.ep > 1)
        add("expert-model-parallel-size", str(par.ep));
    if (par.expertTp() != par.tp)
        add("expert-tensor-parallel-size", str(par.expertTp()));
    // Layers per virtual stage when they are even (every Megatron-LM version reads it), the first and last stage's
    // when only they differ, else the layout of every chunk (which Megatron-LM takes alone).
    const std::vector<int>& stages = par.layersPerStage;
    const bool firstLast = stages.size() <= 2
        || std::adjacent_find(stages.begin() + 1, stages.end() - 1, std::not_equal_to<>()) == stages.end() - 1;
    if (!par.layersPerChunk.empty() || !firstLast) {
        std::vector<int> chunks;
        for (int c = 0; c < par.chunks(); ++c)
            for (int st = 0; st < par.pp; ++st)
                chunks.push_back(plan.layersInChunk(st, c));
        add("pipeline-model-parallel-layout", "\"" + pipelineLayoutText(chunks, m.mtpLayers) + "\"");
    } else {
        if (par.chunks() > 1 && stages.empty() && !par.embeddingInSplit && !par.lossInSplit)
            add("num-layers-per-virtual-pipeline-stage", str(m.layers / (par.pp * par.chunks())));
        else if (par.chunks() > 1)
            add("num-virtual-stages-per-pipeline-rank", str(par.chunks()));
        if (!stages.empty()) {
            add("decoder-first-pipeline-num-layers", str(stages.front()));
            add("decoder-last-pipeline-num-layers", str(stages.back()));
        }
    }
    if (par.embeddingInSplit)
        add("account-for-embedding-in-pipeline-split");
    if (par.lossInSplit)
        add("account-for-loss-in-pipeline-split");
    if (tr.sequenceParallel && par.tp > 1)
        add("sequence-parallel");
    add("micro-batch-size", str(tr.microBatch));
    add("global-batch-size", str(tr.globalBatch));
    if (tr.precision == Precision::BF16 || tr.precision == Precision::FP8)
        add("bf16");
    if (tr.precision == Precision::FP16)
        add("fp16");
    if (tr.precision == Precision::FP8) {
        add("fp8-format", "hybrid");
        add("fp8-recipe", fp8RecipeName(tr.fp8Recipe));
        if (tr.fp8ParamGather)
            add("fp8-param-gather");
    }
    if (tr.precision == Precision::FP4) {
        add("bf16");
        add("fp4-format", "e2m1");
        add("fp4-recipe", "nvfp4");
    }
    // --optimizer-cpu-offload needs --use-precision-aware-optimizer (arguments.py).
    if (tr.offloadOptimizer || tr.bf16Moments)
        add("use-precision-aware-optimizer");
    if (tr.offloadOptimizer)
        add("optimizer-cpu-offload");
    if (tr.bf16Moments) {
        add("exp-avg-dtype", "bf16");
        add("exp-avg-sq-dtype", "bf16");
    }
    add("optimizer", tr.optimizer == Optimizer::Sgd ? "sgd" : "adam");
    if (tr.zeroStage == 1) {
        add("use-distributed-optimizer");
    } else if (tr.zeroStage >= 2) {
        // Gradients and weights sharded as FSDP does (a plan of framework fsdp, exportProblems): Megatron-FSDP, which
        // asserts the fsdp_dtensor checkpoint format and in its version 1 runs the distributed optimizer.
        add("use-megatron-fsdp");
        add("data-parallel-sharding-strategy", tr.zeroStage == 2 ? "optim_grads" : "optim_grads_params");
        add("use-distributed-optimizer");
        add("ckpt-format", "fsdp_dtensor");
    }
    if (tr.overlapGradReduce)
        add("overlap-grad-reduce");
    if (tr.overlapParamGather)
        add("overlap-param-gather");
    if (tr.bucketSize > 0)
        add("ddp-bucket-size", str((long long)tr.bucketSize));
    if (tr.recompute == Recompute::Full) {
        add("recompute-granularity", "full");
        add("recompute-method", "uniform");
        add("recompute-num-layers", "1");
    } else if (tr.recompute == Recompute::Selective) {
        add("recompute-granularity", "selective");
        if (tr.recomputeModules != unsigned(RecomputeModule::CoreAttn)) {
            std::string list;
            for (RecomputeModule m : kRecomputeModules)
                if (tr.recomputeModules & unsigned(m))
                    list += (list.empty() ? "" : " ") + std::string(recomputeModuleName(m));
            add("recompute-modules", list);
        }
    }
    if (tr.activationFp8Input)
        add("activation-func-fp8-input-store");
    add("transformer-impl", "transformer_engine");
    add("attention-backend",
        !tr.flashAttention                                 ? "unfused"
            : tr.attentionKernel == AttentionKernel::CuDnn ? "fused"
            : tr.attentionKernel == AttentionKernel::Auto  ? "auto"
                                                           : "flash");
    if (tr.fusedCrossEntropy())
        add("cross-entropy-loss-fusion");
    if (tr.tpOverlap == TpOverlap::All)
        add("tp-comm-overlap");
    if (m.isMoe() && tr.moeCapacityFactor > 0)
        add("moe-expert-capacity-factor", numText(tr.moeCapacityFactor));
    if (tr.moeA2aOverlap)
        add("overlap-moe-expert-parallel-comm");
    if (m.isMoe()) {
        add("moe-token-dispatcher-type", moeDispatcherName(tr.moeDispatcher));
        if (tr.moeDispatcher == MoeDispatcher::Flex)
            add("moe-flex-dispatcher-backend", "deepep");
    }

    std::string name = plan.name;
    std::replace_if(
        name.begin(), name.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    std::string s = "#!/bin/bash\n# Megatron-LM arguments for the Plait plan " + name
        + "\n# Add the data, tokenizer and learning-rate arguments; the vocabulary size then comes from the "
          "tokenizer.\n# The plan does not hold RoPE's base or scaling: add --rotary-base and the scaling your model "
          "uses.\n"
          "# Every node runs this script with NODE_RANK set (0 on MASTER_ADDR's node); `plait export PLAN --to "
          "hostfile` places the ranks on the GPUs as drawn.\n"
        + "PLAIT_ARGS=(\n";
    for (const std::string& arg : args)
        s += "    " + arg + "\n";
    // Megatron-LM runs on every rank it is launched with: the nodes the plan uses (exportProblems: whole nodes).
    const int nodes = std::max(1, plan.parallel.gpusUsed() / std::max(plan.cluster.gpusPerNode, 1));
    s += ")\ntorchrun --nnodes " + str(nodes) + " --nproc-per-node " + str(plan.cluster.gpusPerNode);
    // One job over all the nodes: each joins with its rank at the first node's address (torchrun's static
    // rendezvous), not N one-node jobs.
    if (nodes > 1)
        s += " --node-rank \"${NODE_RANK:?set NODE_RANK to the rank of this node, 0 to " + str(nodes - 1)
            + "}\" --master-addr \"${MASTER_ADDR:?set MASTER_ADDR to the address of node 0}\" --master-port "
              "\"${MASTER_PORT:-29500}\"";
    s += " pretrain_gpt.py \"${PLAIT_ARGS[@]}\" \"$@\"\n";
    return s;
}

} // namespace plait
