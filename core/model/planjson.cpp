#include "plan.h"

#include "plankeys.h"

#include "jsonfields.h"
#include "oplevelrecompute.h"
#include "safejson.h"
#include "text.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

// The plan file both ways (contracts/plan-and-cli.md): planFromJson reads a document, resolving catalog names and
// presets and reporting every problem at once; toJson writes the plan back, by name where it still is what the
// name resolves to.

namespace plait {

namespace {

// A field that names one of an enum's values, read by the enum's table (namedvalues.h); the fallback when absent.
template <typename E, std::size_t N>
E named(const FieldReader& r, const char* key, const NamedValue<E> (&table)[N], E fallback)
{
    return valueIn(table, r.choice(key, nameIn(table, fallback), namesIn(table))).value_or(fallback);
}

constexpr long long kMaxGpus = 1 << 17;

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
    tr.precision = named(t, "precision", kPrecisionNames, Precision::BF16);
    tr.fp8Recipe = named(t, "fp8_recipe", kFp8RecipeNames, Fp8Recipe::Delayed);
    tr.fp8ParamGather = t.boolean("fp8_param_gather", false);
    tr.bf16Moments = t.choice("optimizer_moments", "fp32", { "fp32", "bf16" }) == "bf16";
    tr.bf16Master = t.choice("master_weights", "fp32", { "fp32", "bf16" }) == "bf16";
    tr.offloadOptimizer = t.boolean("offload_optimizer", false);
    tr.offloadParams = t.boolean("offload_params", false);
    tr.optimizer = named(t, "optimizer", kOptimizerNames, Optimizer::Adam);
    tr.zeroStage = int(t.integer("zero_stage", 0, 0, 3));
    tr.recompute = named(t, "recompute", kRecomputeNames, Recompute::None);
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
    tr.attentionKernel = named(t, "attention_kernel", kAttentionKernelNames, AttentionKernel::Auto);
    tr.attentionUnpad = t.boolean("attention_unpad", false);
    tr.fp32Gradients = t.boolean("fp32_gradients", true);
    tr.overlapGradReduce = t.boolean("overlap_grad_reduce", true);
    tr.overlapParamGather = t.boolean("overlap_param_gather", false);
    tr.bucketSize = std::round(t.number("bucket_size", 0, 0, 1e13));
    tr.framework = named(t, "framework", kFrameworkNames, Framework::Megatron);
    if (t.has("fused_cross_entropy") && !tj["fused_cross_entropy"].is_null())
        tr.crossEntropyFusion = t.boolean("fused_cross_entropy", false);
    tr.tpOverlap = named(t, "tp_overlap", kTpOverlapNames, TpOverlap::Backward);
    tr.moeLoadSkew = t.number("moe_load_skew", 1.0, 1.0, 1e3);
    tr.moeCapacityFactor = t.number("moe_capacity_factor", 0, 0, 1e3);
    tr.moeA2aOverlap = t.boolean("moe_a2a_overlap", false);
    tr.moeDispatcher = named(t, "moe_dispatcher", kMoeDispatcherNames, MoeDispatcher::AllToAll);
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
    std::vector<std::string> schedules;
    for (const ScheduleTraits& t : kScheduleTraits)
        schedules.push_back(t.name);
    par.schedule = scheduleFromName(p.choice("schedule", "1f1b", schedules)).value_or(Schedule::OneFOneB);
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
    t["optimizer"] = nameIn(kOptimizerNames, tr.optimizer);
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
    if (tr.attentionUnpad)
        t["attention_unpad"] = true;
    t["fp32_gradients"] = tr.fp32Gradients;
    t["overlap_grad_reduce"] = tr.overlapGradReduce;
    t["overlap_param_gather"] = tr.overlapParamGather;
    // Unset stays unset: the framework's default follows the plan's DP size as it is edited.
    if (tr.bucketSize > 0)
        t["bucket_size"] = (long long)std::llround(tr.bucketSize); // a count of parameters, written as one
    if (tr.crossEntropyFusion) // unset stays unset: it follows the framework as that is edited
        t["fused_cross_entropy"] = *tr.crossEntropyFusion;
    t["framework"] = frameworkName(tr.framework);
    t["tp_overlap"] = nameIn(kTpOverlapNames, tr.tpOverlap);
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

} // namespace plait
