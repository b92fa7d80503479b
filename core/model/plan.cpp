#include "plan.h"

#include "plankeys.h"

#include "jsonfields.h"
#include "oplevelrecompute.h"
#include "safejson.h"
#include "text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <numeric>

namespace plait {

namespace {
constexpr long long kMaxGpus = 1 << 17;
constexpr double kMaxSimulatedChunks = 1e6;

template <typename Spec>
Spec resolveCatalogEntry(const nlohmann::json& doc, const char* key, const std::string& field,
    const Spec* (Catalog::*lookup)(const std::string&) const, std::string (Catalog::*ids)() const,
    Result<Spec> (*inlineParse)(const nlohmann::json&, const std::string&), const Catalog& catalog,
    std::vector<Issue>& issues, const char* fallback)
{
    const std::string path = field + "." + key;
    if (!doc.contains(key) || doc[key].is_null()) {
        if (fallback)
            if (const Spec* s = (catalog.*lookup)(fallback))
                return *s;
        issues.push_back({ path, "is required; known: " + (catalog.*ids)() });
        return {};
    }
    const auto& v = doc[key];
    if (v.is_string()) {
        if (const Spec* s = (catalog.*lookup)(v.get<std::string>()))
            return *s;
        issues.push_back({ path, "unknown name " + inQuotes(v.get<std::string>()) + "; known: " + (catalog.*ids)() });
        return {};
    }
    if (v.is_object()) {
        auto parsed = inlineParse(v, path);
        if (parsed)
            return parsed.value();
        issues.insert(issues.end(), parsed.errors().begin(), parsed.errors().end());
        return {};
    }
    issues.push_back({ path, "must be a catalog name or an object" });
    return {};
}

ModelSpec readModel(const nlohmann::json& doc, std::vector<Issue>& issues, ModelSource& source)
{
    if (!doc.contains("model") || !doc["model"].is_object()) {
        issues.push_back(
            { "model", "is required: an object with the model's shape, a \"preset\" or an \"hf_config\"" });
        return {};
    }
    const auto& m = doc["model"];
    if (m.contains("preset")) {
        if (!m["preset"].is_string()) {
            issues.push_back({ "model.preset", "must be a string" });
            return {};
        }
    }
    // seq_len given next to a preset or HF config overrides the model's context length, mtp_layers the MTP modules
    // trained with it (checked like any field).
    auto withSeqLen = [&](ModelSpec spec) {
        FieldReader r(m, "model", issues);
        if (m.contains("seq_len"))
            spec.seqLen = r.integer("seq_len", spec.seqLen, 1, 1 << 24);
        if (m.contains("mtp_layers"))
            spec.mtpLayers = int(r.integer("mtp_layers", spec.mtpLayers, 0, 16));
        return spec;
    };
    if (m.contains("preset")) {
        const std::string id = m["preset"].get<std::string>();
        if (const ModelSpec* spec = findPreset(id)) {
            source = { ModelSource::Kind::Preset, id, {} };
            return withSeqLen(*spec);
        }
        issues.push_back({ "model.preset", "unknown preset " + inQuotes(id) + "; known: " + presetIds() });
        return {};
    }
    if (!m.contains("hf_config")) {
        auto parsed = modelFromJson(m, "model");
        if (!parsed)
            issues.insert(issues.end(), parsed.errors().begin(), parsed.errors().end());
        return parsed ? parsed.value() : ModelSpec {};
    }
    auto parsed = modelFromHfConfig(m["hf_config"], "model.hf_config");
    if (!parsed) {
        issues.insert(issues.end(), parsed.errors().begin(), parsed.errors().end());
        return {};
    }
    source = { ModelSource::Kind::HfConfig, {}, m["hf_config"] };
    return withSeqLen(parsed.value());
}

Schedule scheduleFromName(const std::string& s)
{
    if (s == "gpipe")
        return Schedule::GPipe;
    if (s == "interleaved")
        return Schedule::Interleaved;
    if (s == "zb-h1")
        return Schedule::ZbH1;
    if (s == "zb-v")
        return Schedule::ZbV;
    if (s == "dualpipev")
        return Schedule::DualPipeV;
    if (s == "dualpipe")
        return Schedule::DualPipe;
    return Schedule::OneFOneB;
}

Placement readPlacement(
    const nlohmann::json& v, const ClusterSpec& cluster, const ParallelSpec& parallel, std::vector<Issue>& issues)
{
    Placement p;
    const int gpus = cluster.gpuCount();
    p.coordOf.assign(std::size_t(std::max(gpus, 0)), Coord { -1, -1, -1, -1 });
    p.isDefault = false;
    if (!v.is_array()) {
        issues.push_back({ "placement", "must be null or a list of {gpu, tp, cp, dp, pp}" });
        return p;
    }
    if (v.size() > std::size_t(gpus)) {
        issues.push_back(
            { "placement", "has " + str((long long)v.size()) + " entries for a cluster of " + str(gpus) + " GPUs" });
        return p;
    }
    std::vector<char> seen(std::size_t(parallel.gpusUsed()), 0);
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string field = "placement[" + str((long long)i) + "]";
        if (!v[i].is_object()) {
            issues.push_back({ field, "must be an object {gpu, tp, cp, dp, pp}" });
            continue;
        }
        const std::size_t before = issues.size();
        FieldReader r(v[i], field, issues);
        const int gpu = int(r.integer("gpu", -1, 0, gpus - 1, true));
        Coord c;
        c.tp = int(r.integer("tp", 0, 0, parallel.tp - 1, true));
        c.cp = int(r.integer("cp", 0, 0, parallel.cp - 1));
        c.dp = int(r.integer("dp", 0, 0, parallel.dp - 1, true));
        c.pp = int(r.integer("pp", 0, 0, parallel.pp - 1, true));
        if (issues.size() != before)
            continue;
        if (p.coordOf[std::size_t(gpu)].tp >= 0) {
            issues.push_back({ field + ".gpu", "GPU " + str(gpu) + " appears more than once" });
            continue;
        }
        const std::size_t rank = std::size_t(((c.pp * parallel.dp + c.dp) * parallel.cp + c.cp) * parallel.tp + c.tp);
        if (seen[rank]) {
            issues.push_back({ field,
                "coordinate (tp " + str(c.tp) + ", cp " + str(c.cp) + ", dp " + str(c.dp) + ", pp " + str(c.pp)
                    + ") is already held by another GPU" });
            continue;
        }
        seen[rank] = 1;
        p.coordOf[std::size_t(gpu)] = c;
    }
    const long long missing = std::count(seen.begin(), seen.end(), 0);
    if (missing > 0 && issues.empty())
        issues.push_back({ "placement",
            str(missing) + " of the " + str(parallel.gpusUsed())
                + " (tp, cp, dp, pp) coordinates have no GPU; every coordinate needs exactly one" });
    return p;
}

nlohmann::json placementToJson(const Placement& p)
{
    if (p.isDefault)
        return nullptr;
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t g = 0; g < p.coordOf.size(); ++g) {
        const Coord& c = p.coordOf[g];
        if (c.tp >= 0)
            list.push_back({ { "gpu", g }, { "tp", c.tp }, { "cp", c.cp }, { "dp", c.dp }, { "pp", c.pp } });
    }
    return list;
}
}

Message scheduleRefusal(Framework f, Schedule s)
{
    const bool runs = s == Schedule::OneFOneB || (s == Schedule::Interleaved && f != Framework::DeepSpeed)
        || ((s == Schedule::ZbV || s == Schedule::DualPipeV) && f == Framework::Fsdp);
    if (runs)
        return {};
    return { "issue:schedule-framework", { frameworkName(f), scheduleName(s) } };
}

const char* scheduleName(Schedule s)
{
    switch (s) {
    case Schedule::GPipe:
        return "gpipe";
    case Schedule::OneFOneB:
        return "1f1b";
    case Schedule::Interleaved:
        return "interleaved";
    case Schedule::ZbH1:
        return "zb-h1";
    case Schedule::ZbV:
        return "zb-v";
    case Schedule::DualPipeV:
        return "dualpipev";
    case Schedule::DualPipe:
        return "dualpipe";
    }
    return "1f1b";
}

const char* recomputeName(Recompute r)
{
    switch (r) {
    case Recompute::None:
        break;
    case Recompute::Selective:
        return "selective";
    case Recompute::Full:
        return "full";
    case Recompute::SelectiveOps:
        return "selective_op";
    }
    return "none";
}

const char* precisionName(Precision p)
{
    switch (p) {
    case Precision::BF16:
        return "bf16";
    case Precision::FP16:
        return "fp16";
    case Precision::FP8:
        return "fp8";
    case Precision::FP32:
        return "fp32";
    case Precision::FP4:
        return "fp4";
    }
    return "bf16";
}

const char* fp8RecipeName(Fp8Recipe r)
{
    switch (r) {
    case Fp8Recipe::Delayed:
        return "delayed";
    case Fp8Recipe::Tensorwise:
        return "tensorwise";
    case Fp8Recipe::Rowwise:
        return "rowwise";
    case Fp8Recipe::Blockwise:
        return "blockwise";
    case Fp8Recipe::Mxfp8:
        return "mxfp8";
    }
    return "delayed";
}

const char* recomputeModuleName(RecomputeModule m)
{
    switch (m) {
    case RecomputeModule::CoreAttn:
        return "core_attn";
    case RecomputeModule::LayerNorm:
        return "layernorm";
    case RecomputeModule::MlaUpProj:
        return "mla_up_proj";
    case RecomputeModule::MoeAct:
        return "moe_act";
    case RecomputeModule::Mlp:
        return "mlp";
    case RecomputeModule::Moe:
        return "moe";
    case RecomputeModule::SharedExperts:
        return "shared_experts";
    }
    return "core_attn";
}

std::optional<RecomputeModule> recomputeModuleFromName(std::string_view name)
{
    for (RecomputeModule m : kRecomputeModules)
        if (name == recomputeModuleName(m))
            return m;
    return std::nullopt;
}

std::string recomputeModulesText(unsigned modules)
{
    std::string s;
    for (RecomputeModule m : kRecomputeModules)
        if (modules & unsigned(m))
            s += (s.empty() ? "" : ", ") + std::string(recomputeModuleName(m));
    return s;
}

std::string recomputeText(const TrainingSpec& tr)
{
    if (tr.recompute != Recompute::Selective || tr.recomputeModules == unsigned(RecomputeModule::CoreAttn))
        return recomputeName(tr.recompute);
    return std::string("selective (") + recomputeModulesText(tr.recomputeModules) + ")";
}

const char* moeDispatcherName(MoeDispatcher d)
{
    switch (d) {
    case MoeDispatcher::AllToAll:
        return "alltoall";
    case MoeDispatcher::AllGather:
        return "allgather";
    case MoeDispatcher::Flex:
        return "flex";
    }
    return "alltoall";
}

std::optional<MoeDispatcher> moeDispatcherFromName(std::string_view name)
{
    for (MoeDispatcher d : { MoeDispatcher::AllToAll, MoeDispatcher::AllGather, MoeDispatcher::Flex })
        if (name == moeDispatcherName(d))
            return d;
    return std::nullopt;
}

int Plan::layersOnStage(int stage) const
{
    const bool plain = parallel.schedule != Schedule::DualPipe && parallel.layersPerChunk.empty()
        && !(parallel.embeddingInSplit || parallel.lossInSplit);
    if (plain && !parallel.layersPerStage.empty())
        return parallel.layersPerStage[std::size_t(stage)];
    if (plain)
        return parallel.pp > 0 ? model.layers / parallel.pp : 0;
    int sum = 0;
    for (int c = 0; c < parallel.chunks(); ++c)
        sum += layersInChunk(stage, c);
    return sum;
}

void setZeroStage(TrainingSpec& t, int zeroStage)
{
    t.zeroStage = zeroStage;
    t.overlapParamGather = t.overlapParamGather && zeroStage >= 1 && zeroStage <= 2;
}

void setSchedule(Plan& plan, Schedule schedule, int vpp)
{
    ParallelSpec& par = plan.parallel;
    if (!par.layersPerChunk.empty() && vpp != par.vpp) {
        std::vector<int> stages;
        bool divides = true;
        for (int s = 0; s < par.pp; ++s) {
            stages.push_back(plan.layersOnStage(s));
            divides = divides && stages.back() >= 1 && stages.back() % vpp == 0;
        }
        if (vpp == 1 || divides) {
            par.layersPerChunk.clear();
            (divides ? par.layersPerStage : par.layersPerChunk) = std::move(stages);
        }
    }
    par.schedule = schedule;
    par.vpp = vpp;
}

void setLayersPerChunk(ParallelSpec& par, std::vector<int> chunks)
{
    par.layersPerStage.clear();
    par.layersPerChunk.clear();
    par.embeddingInSplit = par.lossInSplit = false;
    const std::size_t p = std::size_t(std::max(par.pp, 1)), v = std::size_t(std::max(par.vpp, 1));
    if (chunks.size() != p * v) {
        par.layersPerChunk = std::move(chunks); // validate() names the size
        return;
    }
    if (std::adjacent_find(chunks.begin(), chunks.end(), std::not_equal_to<>()) == chunks.end())
        return;
    std::vector<int> stages(p, 0);
    bool stagesEven = true;
    for (std::size_t k = 0; k < chunks.size(); ++k) {
        stages[k % p] += chunks[k];
        stagesEven = stagesEven && chunks[k] == chunks[k % p] && chunks[k] > 0;
    }
    if (stagesEven)
        par.layersPerStage = std::move(stages);
    else
        par.layersPerChunk = std::move(chunks);
}

std::string edgesInSplitText(const ParallelSpec& p)
{
    if (p.embeddingInSplit && p.lossInSplit)
        return ", embedding and loss in the split";
    if (p.embeddingInSplit || p.lossInSplit)
        return p.embeddingInSplit ? ", embedding in the split" : ", loss in the split";
    return {};
}

int Plan::layersInChunk(int stage, int chunk) const
{
    return layersInModelChunk(parallel.modelChunkOf(stage, chunk));
}

int Plan::layersInModelChunk(int k) const
{
    const ParallelSpec& par = parallel;
    const int p = std::max(par.pp, 1), n = std::max(par.modelChunks(), 1);
    if (k < 0 || k >= n)
        return 0;
    if (!par.layersPerChunk.empty())
        return std::size_t(k) < par.layersPerChunk.size() ? par.layersPerChunk[std::size_t(k)] : 0;
    if (!par.layersPerStage.empty()) {
        // A stage list gives each GPU's layers, split evenly over its chunks; under DualPipe it gives each piece's.
        if (par.schedule == Schedule::DualPipe)
            return std::size_t(k) < par.layersPerStage.size() ? par.layersPerStage[std::size_t(k)] : 0;
        const int v = std::max(par.vpp, 1);
        const bool vShape = par.schedule == Schedule::ZbV || par.schedule == Schedule::DualPipeV;
        const int stage = vShape ? (k < p ? k : 2 * p - 1 - k) : k % p;
        return std::size_t(stage) < par.layersPerStage.size() ? par.layersPerStage[std::size_t(stage)] / v : 0;
    }
    const int e = par.embeddingInSplit ? 1 : 0, l = par.lossInSplit ? 1 : 0;
    const int slots = (model.layers + e + l) / n;
    return std::max(0, slots - (k == 0 ? e : 0) - (k == n - 1 ? l : 0));
}

int Plan::denseLayersInChunk(int stage, int chunk) const
{
    if (model.denseLayerCount() <= 0)
        return 0;
    const int piece = parallel.modelChunkOf(stage, chunk);
    int before = 0;
    for (int k = 0; k < piece; ++k)
        before += layersInModelChunk(k);
    int dense = 0;
    for (int l = before; l < before + layersInModelChunk(piece); ++l)
        dense += model.moeLayer(l) ? 0 : 1;
    return dense;
}

int Plan::denseLayersOnStage(int stage) const
{
    int sum = 0;
    for (int c = 0; c < std::max(parallel.chunks(), 1); ++c)
        sum += denseLayersInChunk(stage, c);
    return sum;
}

std::optional<std::array<ParallelDim, 4>> rankOrder(const std::string& order)
{
    if (order.size() != 11)
        return std::nullopt;
    std::array<ParallelDim, 4> dims {};
    unsigned seen = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const std::string_view name = std::string_view(order).substr(3 * i, 2);
        if (i < 3 && order[3 * i + 2] != '-')
            return std::nullopt;
        const auto d = name == "tp" ? ParallelDim::Tp
            : name == "cp"          ? ParallelDim::Cp
            : name == "dp"          ? ParallelDim::Dp
            : name == "pp"          ? ParallelDim::Pp
                                    : std::optional<ParallelDim>();
        if (!d || (seen & (1u << unsigned(*d))))
            return std::nullopt;
        seen |= 1u << unsigned(*d);
        dims[i] = *d;
    }
    return dims;
}

int ParallelSpec::stride(ParallelDim d) const
{
    const auto dims = rankOrder(order);
    if (!dims)
        return 0;
    int inner = 1;
    for (std::size_t i = 0; i < 4 && (*dims)[i] != d; ++i)
        inner *= size((*dims)[i]);
    return inner;
}

Result<Placement> defaultPlacement(const ClusterSpec& cluster, const ParallelSpec& parallel)
{
    const auto dims = rankOrder(parallel.order);
    if (!dims)
        return Result<Placement>::failure("parallel.order",
            "must name tp, cp, dp and pp once each, innermost first, e.g. \"tp-cp-dp-pp\"; got "
                + inQuotes(parallel.order, 32));
    Placement p;
    p.coordOf.assign(std::size_t(cluster.gpuCount()), Coord { -1, -1, -1, -1 });
    const int used = parallel.gpusUsed();
    // Which coordinate each position of the order fills, and its size: resolved once, not per GPU.
    std::array<int Coord::*, 4> slots {};
    std::array<int, 4> sizes {};
    for (std::size_t i = 0; i < 4; ++i) {
        const ParallelDim d = (*dims)[i];
        slots[i] = d == ParallelDim::Tp ? &Coord::tp
            : d == ParallelDim::Cp      ? &Coord::cp
            : d == ParallelDim::Dp      ? &Coord::dp
                                        : &Coord::pp;
        sizes[i] = parallel.size(d);
    }
    for (int rank = 0; rank < used && rank < cluster.gpuCount(); ++rank) {
        Coord c;
        int rest = rank;
        for (std::size_t i = 0; i < 4; ++i) {
            c.*slots[i] = rest % sizes[i];
            rest /= sizes[i];
        }
        p.coordOf[std::size_t(rank)] = c;
    }
    return p;
}

Result<Plan> planFromJson(const nlohmann::json& doc, const Catalog& catalog)
{
    if (!doc.is_object())
        return Result<Plan>::failure("", std::string("a plan must be a JSON object, not ") + doc.type_name());
    std::vector<Issue> issues;
    Plan plan;
    FieldReader top(doc, "", issues);
    const std::string format = top.string("format", "plait-plan/1");
    if (format != "plait-plan/1")
        issues.push_back(
            { "format", "unsupported format " + inQuotes(format, 40) + "; this Plait reads plait-plan/1" });
    plan.name = top.string("name", "untitled plan");
    plan.model = readModel(doc, issues, plan.modelSource);
    plan.run = readRunSpec(doc.contains("run") ? doc["run"] : nlohmann::json(), issues);

    for (const char* block : { "cluster", "training", "parallel" })
        if (!doc.contains(block) || !doc[block].is_object())
            issues.push_back({ block, "is required and must be an object" });
    if (!issues.empty())
        return issues;

    const auto& cj = doc["cluster"];
    FieldReader c(cj, "cluster", issues);
    plan.cluster.gpu = resolveCatalogEntry<GpuSpec>(
        cj, "gpu", "cluster", &Catalog::gpu, &Catalog::gpuIds, &gpuFromJson, catalog, issues, nullptr);
    plan.cluster.nodes = int(c.integer("nodes", 1, 1, kMaxGpus));
    plan.cluster.gpusPerNode = int(c.integer("gpus_per_node", 8, 1, 1024));
    plan.cluster.intraNode = resolveCatalogEntry<LinkSpec>(
        cj, "intra_node", "cluster", &Catalog::link, &Catalog::linkIds, &linkFromJson, catalog, issues, nullptr);
    const bool singleNode = plan.cluster.nodes == 1;
    plan.cluster.interNode = resolveCatalogEntry<LinkSpec>(cj, "inter_node", "cluster", &Catalog::link,
        &Catalog::linkIds, &linkFromJson, catalog, issues, singleNode ? "ib-ndr" : nullptr);
    plan.cluster.nicsPerNode = int(c.integer("nics_per_node", 0, 0, 1024));
    // NVIDIA's largest announced NVLink domain is 576 GPUs (Vera Rubin NVL576); the search's reach test is quadratic in
    // it.
    plan.cluster.nvlinkDomainGpus = int(c.integer("nvlink_domain_gpus", 0, 0, 576));
    plan.cluster.hostMemoryGiB = c.number("host_memory_GiB", 0, 0, 1e6);
    plan.cluster.podGpus = int(c.integer("pod_gpus", 0, 0, kMaxGpus));
    plan.cluster.oversubscription = c.number("oversubscription", 1, 1, 1000);
    if (cj.contains("node_links") && !cj["node_links"].is_null()) {
        const auto& list = cj["node_links"];
        if (!list.is_array() || list.size() > std::size_t(kMaxGpus)) {
            issues.push_back({ "cluster.node_links", "must be a list of {node, intra_node, inter_node, nics}" });
        } else {
            for (std::size_t i = 0; i < list.size(); ++i) {
                const std::string field = "cluster.node_links[" + str((long long)i) + "]";
                if (!list[i].is_object()) {
                    issues.push_back({ field, "must be an object" });
                    continue;
                }
                FieldReader n(list[i], field, issues);
                NodeLinks l;
                l.node = int(n.integer("node", 0, 0, plan.cluster.nodes - 1, true));
                l.intraNode = resolveCatalogEntry<LinkSpec>(list[i], "intra_node", field, &Catalog::link,
                    &Catalog::linkIds, &linkFromJson, catalog, issues, nullptr);
                l.interNode = resolveCatalogEntry<LinkSpec>(list[i], "inter_node", field, &Catalog::link,
                    &Catalog::linkIds, &linkFromJson, catalog, issues, nullptr);
                l.nics = int(n.integer("nics", 0, 0, 1024));
                if (plan.cluster.linksOf(l.node))
                    issues.push_back({ field + ".node", "node " + str(l.node) + " is listed twice" });
                plan.cluster.nodeLinks.push_back(std::move(l));
            }
        }
    }
    if ((long long)plan.cluster.nodes * plan.cluster.gpusPerNode > kMaxGpus)
        issues.push_back(fieldIssue("cluster.nodes", "cluster-too-large",
            { str((long long)plan.cluster.nodes * plan.cluster.gpusPerNode), str(kMaxGpus) }));

    const auto& tj = doc["training"];
    FieldReader t(tj, "training", issues);
    TrainingSpec& tr = plan.training;
    tr.globalBatch = t.integer("global_batch", 0, 1, 1LL << 32, true);
    tr.microBatch = int(t.integer("micro_batch", 1, 1, 1 << 20));
    const std::string prec = t.choice("precision", "bf16", { "bf16", "fp16", "fp8", "fp32", "fp4" });
    tr.precision = prec == "fp16" ? Precision::FP16
        : prec == "fp8"           ? Precision::FP8
        : prec == "fp32"          ? Precision::FP32
        : prec == "fp4"           ? Precision::FP4
                                  : Precision::BF16;
    const std::string recipe
        = t.choice("fp8_recipe", "delayed", { "delayed", "tensorwise", "rowwise", "blockwise", "mxfp8" });
    for (Fp8Recipe r :
        { Fp8Recipe::Delayed, Fp8Recipe::Tensorwise, Fp8Recipe::Rowwise, Fp8Recipe::Blockwise, Fp8Recipe::Mxfp8 })
        if (recipe == fp8RecipeName(r))
            tr.fp8Recipe = r;
    tr.fp8ParamGather = t.boolean("fp8_param_gather", false);
    tr.bf16Moments = t.choice("optimizer_moments", "fp32", { "fp32", "bf16" }) == "bf16";
    tr.bf16Master = t.choice("master_weights", "fp32", { "fp32", "bf16" }) == "bf16";
    tr.offloadOptimizer = t.boolean("offload_optimizer", false);
    tr.offloadParams = t.boolean("offload_params", false);
    tr.optimizer
        = t.choice("optimizer", "adam", { "adam", "adamw", "sgd" }) == "sgd" ? Optimizer::Sgd : Optimizer::Adam;
    tr.zeroStage = int(t.integer("zero_stage", 0, 0, 3));
    const std::string rc = t.choice("recompute", "none", { "none", "selective", "full", "selective_op" });
    tr.recompute = rc == "full" ? Recompute::Full
        : rc == "selective"     ? Recompute::Selective
        : rc == "selective_op"  ? Recompute::SelectiveOps
                                : Recompute::None;
    if (tj.is_object() && tj.contains("recompute_modules") && !tj["recompute_modules"].is_null()) {
        const auto& list = tj["recompute_modules"];
        const std::string known = recomputeModulesText(~0u);
        if (!list.is_array() || list.size() > std::size(kRecomputeModules)) {
            issues.push_back({ "training.recompute_modules", "must be a list of module names: " + known });
        } else {
            tr.recomputeModules = 0;
            for (std::size_t i = 0; i < list.size(); ++i) {
                const auto m = list[i].is_string() ? recomputeModuleFromName(list[i].get<std::string>()) : std::nullopt;
                if (m)
                    tr.recomputeModules |= unsigned(*m);
                else
                    issues.push_back({ "training.recompute_modules[" + str((long long)i) + "]",
                        "is not a module Megatron-Core recomputes; known: " + known });
            }
        }
    }
    tr.activationFp8Input = t.boolean("activation_fp8_input", false);
    tr.sequenceParallel = t.boolean("sequence_parallel", false);
    tr.flashAttention = t.boolean("flash_attention", false);
    tr.attentionKernel = attentionKernelFromName(
        t.choice("attention_kernel", "auto", { "auto", "flash1", "triton", "flash2", "flash3", "cudnn" }));
    tr.fp32Gradients = t.boolean("fp32_gradients", true);
    tr.overlapGradReduce = t.boolean("overlap_grad_reduce", true);
    tr.overlapParamGather = t.boolean("overlap_param_gather", false);
    tr.bucketSize = std::round(t.number("bucket_size", 0, 0, 1e13));
    const std::string fw = t.choice("framework", "megatron", { "megatron", "deepspeed", "fsdp" });
    tr.framework = frameworkFromName(fw).value_or(Framework::Megatron);
    if (t.has("fused_cross_entropy") && !tj["fused_cross_entropy"].is_null())
        tr.crossEntropyFusion = t.boolean("fused_cross_entropy", false);
    const std::string tpo = t.choice("tp_overlap", "backward", { "none", "backward", "all" });
    tr.tpOverlap = tpo == "none" ? TpOverlap::None : tpo == "all" ? TpOverlap::All : TpOverlap::Backward;
    tr.moeLoadSkew = t.number("moe_load_skew", 1.0, 1.0, 1e3);
    tr.moeCapacityFactor = t.number("moe_capacity_factor", 0, 0, 1e3);
    tr.moeA2aOverlap = t.boolean("moe_a2a_overlap", false);
    tr.moeDispatcher
        = moeDispatcherFromName(t.choice("moe_dispatcher", "alltoall", { "alltoall", "allgather", "flex" }))
              .value_or(MoeDispatcher::AllToAll);
    tr.otherGiB = t.number("other_GiB", 1.0, 0, 1e4);
    tr.fragmentation = t.number("fragmentation", 0.05, 0, 1);

    const auto& pj = doc["parallel"];
    FieldReader p(pj, "parallel", issues);
    ParallelSpec& par = plan.parallel;
    par.tp = int(p.integer("tp", 1, 1, kMaxGpus));
    par.pp = int(p.integer("pp", 1, 1, kMaxGpus));
    par.dp = int(p.integer("dp", 1, 1, kMaxGpus));
    par.cp = int(p.integer("cp", 1, 1, kMaxGpus));
    par.ep = int(p.integer("ep", 1, 1, kMaxGpus));
    par.etp = int(p.integer("etp", 0, 0, kMaxGpus));
    par.vpp = int(p.integer("vpp", 1, 1, 1024));
    par.schedule = scheduleFromName(
        p.choice("schedule", "1f1b", { "gpipe", "1f1b", "interleaved", "zb-h1", "zb-v", "dualpipev", "dualpipe" }));
    par.order = p.string("order", "tp-cp-dp-pp");
    par.embeddingInSplit = p.boolean("embedding_in_split", false);
    par.lossInSplit = p.boolean("loss_in_split", false);
    // A list of layer counts, each at least `least`: per stage, or per model chunk.
    auto layerList = [&](const char* key, int least, const std::string& what, std::vector<int>& out) {
        if (!p.has(key))
            return;
        const auto& l = pj[key];
        const std::string field = "parallel." + std::string(key);
        if (!l.is_array() || l.size() > std::size_t(kMaxGpus)) {
            issues.push_back({ field, "must be a list of layer counts, one per " + what });
            return;
        }
        for (std::size_t i = 0; i < l.size(); ++i) {
            if (!l[i].is_number_integer() || l[i].get<long long>() < least || l[i].get<long long>() > 100000) {
                issues.push_back(
                    { field + "[" + str((long long)i) + "]", "must be a whole number of layers ≥ " + str(least) });
                return;
            }
            out.push_back(l[i].get<int>());
        }
    };
    layerList("layers_per_stage", 1, "pipeline stage", par.layersPerStage);
    layerList("layers_per_chunk", 0, "model chunk (chunk·pp + stage)", par.layersPerChunk);
    if ((long long)par.tp * par.pp * par.dp * par.cp > kMaxGpus)
        issues.push_back(fieldIssue("parallel", "parallel-too-large", { str(kMaxGpus) }));
    if (!issues.empty())
        return issues;

    if (par.gpusUsed() > plan.cluster.gpuCount())
        issues.push_back(fieldIssue("parallel", "too-few-gpus",
            { str(par.tp), str(par.pp), str(par.dp), str(par.cp), str(par.gpusUsed()), str(plan.cluster.gpuCount()) }));
    if (!issues.empty())
        return issues;

    if (!doc.contains("placement") || doc["placement"].is_null()) {
        auto placed = defaultPlacement(plan.cluster, par);
        if (!placed)
            return placed.errors();
        plan.placement = placed.value();
    } else {
        plan.placement = readPlacement(doc["placement"], plan.cluster, par, issues);
    }
    if (!issues.empty())
        return issues;
    return plan;
}

Result<Plan> loadPlanFile(const std::string& path, const Catalog& catalog)
{
    auto doc = readJsonFile(path);
    if (!doc)
        return doc.errors();
    return planFromJson(doc.value(), catalog);
}

namespace {
// The plan's model as its file says it: by its reference (a preset's id, a config.json) while the model is what the
// reference resolves to, with seq_len and mtp_layers where they differ from it; else the shape.
nlohmann::json modelToJson(const Plan& plan)
{
    const ModelSource& source = plan.modelSource;
    std::optional<ModelSpec> resolved;
    nlohmann::json out;
    if (source.kind == ModelSource::Kind::Preset) {
        if (const ModelSpec* p = findPreset(source.preset))
            resolved = *p;
        out = { { "preset", source.preset } };
    } else if (source.kind == ModelSource::Kind::HfConfig) {
        if (auto m = modelFromHfConfig(source.hfConfig, "model.hf_config"))
            resolved = m.value();
        out = { { "hf_config", source.hfConfig } };
    }
    if (resolved) {
        ModelSpec asWritten = *resolved;
        asWritten.seqLen = plan.model.seqLen;
        asWritten.mtpLayers = plan.model.mtpLayers;
        if (asWritten == plan.model) {
            if (plan.model.seqLen != resolved->seqLen)
                out["seq_len"] = plan.model.seqLen;
            if (plan.model.mtpLayers != resolved->mtpLayers)
                out["mtp_layers"] = plan.model.mtpLayers;
        } else {
            resolved.reset(); // an edited shape: written out
        }
    }
    if (!resolved)
        out = toJson(plan.model);
    return out;
}
}

nlohmann::json toJson(const Plan& plan)
{
    nlohmann::json j = nlohmann::json::object();
    j["format"] = "plait-plan/1";
    j["name"] = plan.name;
    if (nlohmann::json run = runSpecToJson(plan.run); run.is_object() && !run.empty())
        j["run"] = std::move(run);
    j["model"] = modelToJson(plan);
    auto linkRef = [](const LinkSpec& l, const Catalog& catalog) -> nlohmann::json {
        const LinkSpec* known = catalog.link(l.id);
        return known && *known == l ? nlohmann::json(l.id) : toJson(l);
    };
    const Catalog& catalog = Catalog::builtin();
    auto& c = j["cluster"];
    const GpuSpec* knownGpu = catalog.gpu(plan.cluster.gpu.id);
    c["gpu"]
        = knownGpu && *knownGpu == plan.cluster.gpu ? nlohmann::json(plan.cluster.gpu.id) : toJson(plan.cluster.gpu);
    c["nodes"] = plan.cluster.nodes;
    c["gpus_per_node"] = plan.cluster.gpusPerNode;
    c["intra_node"] = linkRef(plan.cluster.intraNode, catalog);
    c["inter_node"] = linkRef(plan.cluster.interNode, catalog);
    if (plan.cluster.nicsPerNode > 0) // unset stays unset: one per GPU, as GPUs per node is edited
        c["nics_per_node"] = plan.cluster.nicsPerNode;
    if (plan.cluster.hostMemoryGiB > 0)
        c["host_memory_GiB"] = plan.cluster.hostMemoryGiB;
    if (plan.cluster.nvlinkDomainGpus > 0)
        c["nvlink_domain_gpus"] = plan.cluster.nvlinkDomainGpus;
    if (plan.cluster.podGpus > 0)
        c["pod_gpus"] = plan.cluster.podGpus;
    if (plan.cluster.oversubscription != 1)
        c["oversubscription"] = plan.cluster.oversubscription;
    nlohmann::json nodeLinks = nlohmann::json::array();
    for (const NodeLinks& l : plan.cluster.nodeLinks)
        if (l.node < plan.cluster.nodes) // a node the cluster still has
            nodeLinks.push_back({ { "node", l.node }, { "intra_node", linkRef(l.intraNode, catalog) },
                { "inter_node", linkRef(l.interNode, catalog) }, { "nics", l.nics } });
    if (!nodeLinks.empty())
        c["node_links"] = nodeLinks;
    const TrainingSpec& tr = plan.training;
    auto& t = j["training"];
    t["global_batch"] = tr.globalBatch;
    t["micro_batch"] = tr.microBatch;
    t["precision"] = precisionName(tr.precision);
    t["fp8_recipe"] = fp8RecipeName(tr.fp8Recipe); // used when precision is fp8
    t["fp8_param_gather"] = tr.fp8ParamGather;
    t["optimizer_moments"] = tr.bf16Moments ? "bf16" : "fp32";
    if (tr.bf16Master)
        t["master_weights"] = "bf16";
    t["offload_optimizer"] = tr.offloadOptimizer;
    t["offload_params"] = tr.offloadParams;
    t["optimizer"] = tr.optimizer == Optimizer::Sgd ? "sgd" : "adam";
    t["zero_stage"] = tr.zeroStage;
    t["recompute"] = recomputeName(tr.recompute);
    // Written when selective and other than Megatron-Core's default, so plans without it stay as they were.
    if (tr.recompute == Recompute::Selective && tr.recomputeModules != unsigned(RecomputeModule::CoreAttn)) {
        nlohmann::json list = nlohmann::json::array();
        for (RecomputeModule m : kRecomputeModules)
            if (tr.recomputeModules & unsigned(m))
                list.push_back(recomputeModuleName(m));
        t["recompute_modules"] = list;
    }
    if (tr.activationFp8Input)
        t["activation_fp8_input"] = true;
    t["sequence_parallel"] = tr.sequenceParallel;
    t["flash_attention"] = tr.flashAttention;
    t["attention_kernel"] = attentionKernelName(tr.attentionKernel);
    t["fp32_gradients"] = tr.fp32Gradients;
    t["overlap_grad_reduce"] = tr.overlapGradReduce;
    t["overlap_param_gather"] = tr.overlapParamGather;
    // Unset stays unset: the framework's default follows the plan's DP size as it is edited.
    if (tr.bucketSize > 0)
        t["bucket_size"] = (long long)std::llround(tr.bucketSize); // a count of parameters, written as one
    if (tr.crossEntropyFusion) // unset stays unset: it follows the framework as that is edited
        t["fused_cross_entropy"] = *tr.crossEntropyFusion;
    t["framework"] = frameworkName(tr.framework);
    t["tp_overlap"] = tr.tpOverlap == TpOverlap::None ? "none" : tr.tpOverlap == TpOverlap::All ? "all" : "backward";
    t["other_GiB"] = tr.otherGiB;
    t["fragmentation"] = tr.fragmentation;
    if (plan.model.isMoe() || tr.moeLoadSkew != 1.0 || tr.moeCapacityFactor > 0) {
        t["moe_load_skew"] = tr.moeLoadSkew;
        t["moe_capacity_factor"] = tr.moeCapacityFactor;
        t["moe_a2a_overlap"] = tr.moeA2aOverlap;
        t["moe_dispatcher"] = moeDispatcherName(tr.moeDispatcher);
    }
    const ParallelSpec& par = plan.parallel;
    auto& p = j["parallel"];
    p["tp"] = par.tp;
    p["pp"] = par.pp;
    p["dp"] = par.dp;
    p["cp"] = par.cp;
    p["ep"] = par.ep;
    if (par.etp > 0)
        p["etp"] = par.etp;
    p["vpp"] = par.vpp;
    p["schedule"] = scheduleName(par.schedule);
    p["order"] = par.order;
    p["embedding_in_split"] = par.embeddingInSplit;
    p["loss_in_split"] = par.lossInSplit;
    if (!par.layersPerStage.empty())
        p["layers_per_stage"] = par.layersPerStage;
    if (!par.layersPerChunk.empty())
        p["layers_per_chunk"] = par.layersPerChunk;
    j["placement"] = placementToJson(plan.placement);
    return j;
}

bool offloadRuns(const TrainingSpec& t)
{
    if (!t.offloadOptimizer)
        return !t.offloadParams;
    if (t.offloadParams && (t.zeroStage != 3 || t.framework == Framework::Megatron))
        return false;
    switch (t.framework) {
    case Framework::Megatron:
        return t.zeroStage == 1;
    case Framework::DeepSpeed:
        return t.zeroStage >= 1;
    case Framework::Fsdp:
        return t.offloadParams;
    }
    return true;
}

std::vector<Issue> validate(const Plan& plan)
{
    std::vector<Issue> issues;
    const ModelSpec& m = plan.model;
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    auto need = [&](bool ok, const char* field, const char* code, std::vector<std::string> args) {
        if (!ok)
            issues.push_back(fieldIssue(field, code, std::move(args)));
    };
    need(m.heads % par.tp == 0, "parallel.tp", "heads-tp", { str(m.heads), str(par.tp) });
    if (const ClusterSpec& c = plan.cluster; c.nvlinkDomainGpus > 0) {
        need(c.nvlinkDomainGpus % c.gpusPerNode == 0, "cluster.nvlink_domain_gpus", "domain-nodes",
            { str(c.nvlinkDomainGpus), str(c.gpusPerNode) });
        need(c.gpuCount() % c.nvlinkDomainGpus == 0, "cluster.nvlink_domain_gpus", "domain-cluster",
            { str(c.gpuCount()), str(c.nvlinkDomainGpus) });
    }
    if (const ClusterSpec& c = plan.cluster; c.podGpus > 0)
        need(c.podGpus % c.domainGpus() == 0 && c.gpuCount() % c.podGpus == 0, "cluster.pod_gpus", "pod-domains",
            { str(c.podGpus), str(c.domainGpus()), str(c.gpuCount()) });
    need(m.kvHeads % par.tp == 0 || par.tp % m.kvHeads == 0, "parallel.tp", "kv-heads-tp",
        { str(m.kvHeads), str(par.tp) });
    need(m.ffnHidden % par.tp == 0, "parallel.tp", "ffn-tp", { str(m.ffnHidden), str(par.tp) });
    if (const Message no = frameworkRefusal(tr.framework, tr.zeroStage, par.pp); !no.empty())
        issues.push_back(fieldIssue("training.zero_stage", no));
    if (const Message no = contextParallelRefusal(tr.framework, par.cp, tr.flashAttention); !no.empty())
        issues.push_back(fieldIssue("parallel.cp", no));
    // Megatron-LM asserts both (training/arguments.py): the overlapped gather belongs to the distributed optimizer,
    // and it is scheduled by the gradient-reduce hooks.
    need(!tr.overlapParamGather || (tr.zeroStage >= 1 && tr.zeroStage <= 2), "training.overlap_param_gather",
        "param-gather-zero", { str(tr.zeroStage) });
    need(!tr.overlapParamGather || tr.overlapGradReduce, "training.overlap_param_gather", "param-gather-grad-reduce",
        {});
    const bool vShape = par.schedule == Schedule::ZbV || par.schedule == Schedule::DualPipeV;
    if (vShape)
        need(par.vpp == 2, "parallel.vpp", "vpp-v-shape", { scheduleName(par.schedule), str(par.vpp) });
    else
        need(
            par.vpp == 1 || par.schedule == Schedule::Interleaved, "parallel.vpp", "vpp-interleaved", { str(par.vpp) });
    if (par.schedule == Schedule::DualPipe)
        need(par.pp >= 2 && par.pp % 2 == 0, "parallel.pp", "dualpipe-pp", { str(par.pp) });
    const int extra = (par.embeddingInSplit ? 1 : 0) + (par.lossInSplit ? 1 : 0);
    if (!par.layersPerChunk.empty()) {
        if (extra > 0 || !par.layersPerStage.empty())
            issues.push_back(fieldIssue("parallel.layers_per_chunk", "chunk-list-alone"));
        const long long sum = std::accumulate(par.layersPerChunk.begin(), par.layersPerChunk.end(), 0LL);
        need((long long)par.layersPerChunk.size() == (long long)par.modelChunks(), "parallel.layers_per_chunk",
            "chunk-list-size", { str((long long)par.layersPerChunk.size()), str(par.pp), str(par.vpp) });
        need(sum == m.layers, "parallel.layers_per_chunk", "stage-list-sum", { str(sum), str(m.layers) });
    } else if (extra > 0 && !par.layersPerStage.empty()) {
        issues.push_back(fieldIssue("parallel.layers_per_stage", "split-twice"));
    } else if (extra > 0) {
        need((m.layers + extra) % (par.pp * par.vpp) == 0, "parallel.pp",
            extra == 2                 ? "layers-pp-both"
                : par.embeddingInSplit ? "layers-pp-embedding"
                                       : "layers-pp-loss",
            { str(m.layers), str(m.layers + extra), str(par.pp), str(par.vpp), str(par.pp * par.vpp) });
    } else if (par.layersPerStage.empty()) {
        need(m.layers % (par.pp * par.vpp) == 0, "parallel.pp", "layers-pp",
            { str(m.layers), str(par.pp), str(par.vpp), str(par.pp * par.vpp) });
    } else {
        const long long sum = std::accumulate(par.layersPerStage.begin(), par.layersPerStage.end(), 0LL);
        need(int(par.layersPerStage.size()) == par.pp, "parallel.layers_per_stage", "stage-list-size",
            { str((long long)par.layersPerStage.size()), str(par.pp) });
        need(sum == m.layers, "parallel.layers_per_stage", "stage-list-sum", { str(sum), str(m.layers) });
        for (int l : par.layersPerStage)
            if (l % par.vpp != 0) {
                issues.push_back(fieldIssue("parallel.layers_per_stage", "stage-list-vpp", { str(par.vpp) }));
                break;
            }
    }
    const long long perStep = (long long)tr.microBatch * par.dp;
    need(tr.globalBatch % perStep == 0, "training.global_batch", "batch-dp",
        { str(tr.globalBatch), str(par.dp), str(tr.microBatch), str(perStep) });
    if (tr.globalBatch % perStep == 0 && par.schedule == Schedule::Interleaved)
        need(plan.microBatches() % par.pp == 0, "training.global_batch", "interleaved-microbatches",
            { str(plan.microBatches()), str(par.pp) });
    // DeepSeek's DualPipe and DualPipeV assert both (dualpipe.py, dualpipev.py: num_chunks >= num_ranks * 2).
    if (tr.globalBatch % perStep == 0 && (par.schedule == Schedule::DualPipe || par.schedule == Schedule::DualPipeV)) {
        const long long mb = plan.microBatches();
        need(mb >= 2LL * par.pp && (par.schedule != Schedule::DualPipe || mb % 2 == 0), "training.global_batch",
            "dualpipe-microbatches",
            { scheduleName(par.schedule), std::string("2"), str(par.pp), str(2LL * par.pp), str(mb) });
    }
    // The schedule is simulated op by op; bound the work so that a hostile or mistaken plan cannot hang the app.
    const double ops = double(plan.microBatches()) * par.pp * par.chunks();
    need(ops <= kMaxSimulatedChunks, "training.global_batch", "too-much-to-simulate",
        { str(plan.microBatches()), str(par.pp * par.vpp), str((long long)ops), str((long long)kMaxSimulatedChunks) });
    need(par.cp == 1 || m.seqLen % (2 * par.cp) == 0, "parallel.cp", "seq-cp", { str(m.seqLen), str(2 * par.cp) });
    need(par.ep == 1 || m.isMoe(), "parallel.ep", "ep-dense", { str(par.ep) });
    if (m.isMoe())
        need(m.moe.experts % par.ep == 0, "parallel.ep", "experts-ep", { str(m.moe.experts), str(par.ep) });
    need(par.etp == 0 || m.isMoe(), "parallel.etp", "etp-dense", { str(par.etp) });
    if (tr.moeA2aOverlap) {
        need(m.isMoe() && par.ep > 1, "training.moe_a2a_overlap", "a2a-overlap-ep", { str(par.ep) });
        need(tr.framework == Framework::Megatron, "training.moe_a2a_overlap", "a2a-overlap-framework",
            { frameworkName(tr.framework) });
        const bool oneFOneB = par.schedule == Schedule::OneFOneB || par.schedule == Schedule::Interleaved;
        need(oneFOneB && (par.pp == 1 || (par.schedule == Schedule::Interleaved && par.vpp > 1)),
            "training.moe_a2a_overlap", "a2a-overlap-schedule",
            { str(par.pp), scheduleName(par.schedule), str(par.vpp) });
        need(tr.recompute != Recompute::Full, "training.moe_a2a_overlap", "a2a-overlap-recompute", {});
    }
    // Megatron-Core reads --recompute-modules under selective granularity only.
    need(tr.recomputeModules == unsigned(RecomputeModule::CoreAttn) || tr.recompute == Recompute::Selective,
        "training.recompute_modules", "recompute-modules-selective",
        { recomputeModulesText(tr.recomputeModules), recomputeName(tr.recompute) });
    need(tr.recomputeModules != 0 || tr.recompute != Recompute::Selective, "training.recompute_modules",
        "recompute-modules-empty", {});
    if (tr.recompute == Recompute::SelectiveOps) {
        need(tr.framework == Framework::Fsdp, "training.recompute", "selective-op-framework",
            { frameworkName(tr.framework) });
        need(opLevelRecomputeModelled(m), "training.recompute", "selective-op-layers", {});
    }
    need(!tr.activationFp8Input || (m.ffn == FfnKind::SwiGlu && tr.framework == Framework::Megatron),
        "training.activation_fp8_input", "activation-fp8-input", {});
    // DeepSpeed-MoE and torchtitan send tokens with an all-to-all; the other dispatchers are Megatron-Core's.
    if (m.isMoe() && tr.moeDispatcher != MoeDispatcher::AllToAll)
        need(tr.framework == Framework::Megatron, "training.moe_dispatcher", "dispatcher-framework",
            { moeDispatcherName(tr.moeDispatcher), frameworkName(tr.framework) });
    need(par.tp * par.cp * par.dp % par.expertShard() == 0, "parallel.ep", "ep-fold",
        { str(par.expertTp()), str(par.ep), str(par.expertShard()), str(par.tp), str(par.cp), str(par.dp),
            str(par.tp * par.cp * par.dp) });
    if (m.isMoe() && par.expertTp() > 1)
        need(m.expertFfn() % par.expertTp() == 0, "parallel.etp", "expert-ffn-etp",
            { str(m.expertFfn()), str(par.expertTp()) });
    need(par.gpusUsed() <= plan.cluster.gpuCount(), "parallel", "gpus-needed",
        { str(par.gpusUsed()), str(plan.cluster.gpuCount()) });
    need(tr.precision != Precision::FP8 || plan.cluster.gpu.fp8Tflops > 0, "training.precision", "no-fp8",
        { plan.cluster.gpu.id });
    need(tr.precision != Precision::FP4 || plan.cluster.gpu.microscaling(), "training.precision", "no-fp4",
        { plan.cluster.gpu.id });
    need(tr.precision != Precision::FP4 || tr.framework == Framework::Megatron, "training.precision", "fp4-framework",
        { frameworkName(tr.framework) });
    if (tr.precision == Precision::FP8) {
        need(tr.fp8Recipe != Fp8Recipe::Mxfp8 || plan.cluster.gpu.microscaling(), "training.fp8_recipe", "mxfp8-gpu",
            { plan.cluster.gpu.id });
        // Rowwise scaling is torchao's (torchtitan's float8 converter, under FSDP); Transformer Engine, which
        // Megatron-LM runs, scales per tensor, per block or MX.
        need(tr.fp8Recipe != Fp8Recipe::Rowwise || tr.framework == Framework::Fsdp, "training.fp8_recipe",
            "fp8-recipe-framework", { frameworkName(tr.framework) });
    }
    need(!tr.fp8ParamGather
            || (tr.precision == Precision::FP8 && tr.framework == Framework::Megatron && tr.zeroStage == 1),
        "training.fp8_param_gather", "fp8-param-gather", {});
    need(!tr.bf16Moments || tr.optimizer == Optimizer::Adam, "training.optimizer_moments", "moments-optimizer", {});
    need(!tr.bf16Master || (tr.precision == Precision::BF16 && tr.framework == Framework::DeepSpeed),
        "training.master_weights", "master-weights-bf16", {});
    // DeepSpeed's own checks (runtime/config.py _do_error_check): BF16 master weights under ZeRO 1–3 only, BF16 Adam
    // states only beside them.
    need(!tr.bf16Master || tr.zeroStage > 0, "training.master_weights", "master-weights-zero", {});
    need(!tr.bf16Moments || tr.framework != Framework::DeepSpeed || tr.bf16Master, "training.optimizer_moments",
        "moments-deepspeed", {});
    // DeepSpeed offloads the optimizer at any ZeRO stage and the parameters at stage 3; Megatron-Core the optimizer
    // under its distributed optimizer; FSDP's CPU offload moves parameters, gradients and the step together.
    need(!tr.offloadParams || (tr.offloadOptimizer && tr.zeroStage == 3 && tr.framework != Framework::Megatron),
        "training.offload_params", "offload-params", {});
    need(!tr.offloadOptimizer || tr.framework != Framework::Megatron || tr.zeroStage == 1, "training.offload_optimizer",
        "offload-megatron", {});
    need(!tr.offloadOptimizer || tr.framework != Framework::DeepSpeed || tr.zeroStage >= 1,
        "training.offload_optimizer", "offload-zero", {});
    need(!tr.offloadOptimizer || tr.framework != Framework::Fsdp || tr.offloadParams, "training.offload_optimizer",
        "offload-fsdp", {});
    return issues;
}

} // namespace plait
