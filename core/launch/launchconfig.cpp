#include "launchconfig.h"

#include "deepspeedconfig.h"
#include "hfimport.h"
#include "megatronargs.h"
#include "messagetext.h"
#include "planedit.h"
#include "text.h"
#include "torchtitanconfig.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <numeric>

namespace plait {

namespace {
// The largest TP below `tp` that divides the KV heads, the heads and the FFN: the fix offered with a refusal.
int tpDividingKvHeads(const ModelSpec& m, int tp)
{
    for (int t = tp; t > 1; --t)
        if (m.kvHeads % t == 0 && m.heads % t == 0 && m.ffnHidden % t == 0)
            return t;
    return 1;
}
}

std::optional<LaunchFormat> launchFormatFromName(std::string_view name, std::span<const LaunchFormat> formats)
{
    for (LaunchFormat f : formats)
        if (name == nameIn(kLaunchFormatNames, f))
            return f;
    return std::nullopt;
}

std::optional<LaunchFormat> detectLaunchFormat(std::string_view head)
{
    auto has = [&](std::string_view s) { return head.find(s) != std::string_view::npos; };
    if (has("\"train_micro_batch_size_per_gpu\"") || has("\"zero_optimization\""))
        return LaunchFormat::DeepSpeed;
    if (has("\"model_type\"") && (has("\"hidden_size\"") || has("\"n_embd\"")))
        return LaunchFormat::HfConfig;
    // torchtitan's job file: [parallelism] since late 2024; before it the degrees sat under [training], beside
    // [job] and [model] (name, flavor).
    if (has("[parallelism]") || has("--parallelism.") || (has("[job]") && has("[training]"))
        || (has("[model]") && has("flavor")))
        return LaunchFormat::Torchtitan;
    if (has("--tensor-model-parallel-size") || (has("--num-layers") && has("--hidden-size")))
        return LaunchFormat::Megatron;
    return std::nullopt;
}

Result<ImportedPlan> importLaunchConfig(
    LaunchFormat format, std::string_view text, const Plan& base, const std::string& source, bool keepCluster)
{
    auto imported = format == LaunchFormat::Megatron ? importMegatronArgs(text, base, source, keepCluster)
        : format == LaunchFormat::DeepSpeed          ? importDeepSpeedConfig(text, base, source)
        : format == LaunchFormat::Torchtitan         ? importTorchtitanConfig(text, base, source)
                                                     : importHfConfig(text, base, source);
    if (!imported)
        return imported;
    ImportedPlan& i = imported.value();
    i.format = format;
    // Named for what it now is: the file's settings on the base plan's cluster.
    const ClusterSpec& c = i.plan.cluster;
    i.plan.name = source + " (" + launchFormatName(format) + ") on " + str(c.nodes) + " × " + str(c.gpusPerNode) + " "
        + c.gpu.id;
    // In the file's order: a setting found while reading another comes back to its own line.
    auto byLine
        = [](const ConfigSetting& a, const ConfigSetting& b) { return lineOfPlace(a.place) < lineOfPlace(b.place); };
    std::stable_sort(i.notModelled.begin(), i.notModelled.end(), byLine);
    std::stable_sort(i.noEffect.begin(), i.noEffect.end(), byLine);
    std::stable_sort(i.launcher.begin(), i.launcher.end(), byLine);
    return imported;
}

std::string exportLaunchConfig(LaunchFormat format, const Plan& plan)
{
    switch (format) {
    case LaunchFormat::Megatron:
        return megatronArgs(plan);
    case LaunchFormat::DeepSpeed:
        return deepSpeedConfig(plan);
    case LaunchFormat::Torchtitan:
        return torchtitanConfig(plan);
    case LaunchFormat::HfConfig:
        break; // the model alone: not a launch configuration
    }
    return {};
}

std::vector<Issue> exportProblems(const Plan& plan, LaunchFormat format)
{
    if (format == LaunchFormat::HfConfig)
        return { fieldIssue("", "export-format", { launchFormatName(format) }) };
    std::vector<Issue> problems = validate(plan);
    const ModelSpec& m = plan.model;
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    const Framework framework = format == LaunchFormat::Megatron ? Framework::Megatron
        : format == LaunchFormat::DeepSpeed                      ? Framework::DeepSpeed
                                                                 : Framework::Fsdp;
    const std::string name = launchFormatName(format);
    // Megatron-LM asserts num_query_groups % tensor_model_parallel_size == 0 (transformer_config.py), and torchtitan
    // shards the KV projections by TP (pytorch/torchtitan #4016): neither replicates KV heads as Plait may.
    if (m.kvHeads > 0 && m.kvHeads % par.tp != 0 && format != LaunchFormat::DeepSpeed)
        problems.push_back(fieldIssue("parallel.tp", "export-kv-heads",
            { name, str(m.kvHeads), str(par.tp), str(tpDividingKvHeads(m, par.tp)) }));
    // A plan of framework fsdp sharding gradients or weights runs in Megatron-LM as Megatron-FSDP.
    const bool megatronFsdp = format == LaunchFormat::Megatron && tr.framework == Framework::Fsdp && tr.zeroStage >= 2;
    if (const Message no = frameworkRefusal(framework, tr.zeroStage, par.pp);
        !no.empty() && tr.framework != framework && !megatronFsdp)
        problems.push_back(fieldIssue("training.zero_stage", no));
    if (const Message no = contextParallelRefusal(framework, par.cp, tr.flashAttention);
        !no.empty() && tr.framework != framework)
        problems.push_back(fieldIssue("parallel.cp", no));
    // The schedules each framework runs (plan.h's scheduleRefusal): the same rule the search keeps to.
    if (!scheduleRefusal(framework, par.schedule).empty())
        problems.push_back(fieldIssue("parallel.schedule", "export-schedule", { name, scheduleName(par.schedule) }));
    if ((format == LaunchFormat::DeepSpeed && (tr.precision == Precision::FP8 || tr.precision == Precision::FP4))
        || (format == LaunchFormat::Torchtitan && (tr.precision == Precision::FP16 || tr.precision == Precision::FP4)))
        problems.push_back(fieldIssue("training.precision", "export-precision", { name, precisionName(tr.precision) }));
    // torchtitan's converters: float8 (tensorwise, rowwise) and mx (MXFP8); Megatron-LM's --fp8-recipe has no rowwise.
    const Fp8Recipe recipe = tr.fp8Recipe;
    if (tr.precision == Precision::FP8
        && ((format == LaunchFormat::Torchtitan && (recipe == Fp8Recipe::Delayed || recipe == Fp8Recipe::Blockwise))
            || (format == LaunchFormat::Megatron && recipe == Fp8Recipe::Rowwise)))
        problems.push_back(fieldIssue("training.fp8_recipe", "export-precision", { name, fp8RecipeName(recipe) }));
    // Megatron-LM writes any split as a layout; the others split evenly.
    if (format != LaunchFormat::Megatron && (!par.layersPerStage.empty() || !par.layersPerChunk.empty()))
        problems.push_back(
            fieldIssue(par.layersPerChunk.empty() ? "parallel.layers_per_stage" : "parallel.layers_per_chunk",
                "export-stage-list", { name }));
    // torchtitan v0.2's own checks (parallelize.py, parallel_dims.py): TP shards the sequence, expert TP is 1 or TP,
    // and the sequence divides by TP · 2 · CP (seq_len_divisor).
    if (format == LaunchFormat::Torchtitan) {
        if (par.tp > 1 && !tr.sequenceParallel)
            problems.push_back(fieldIssue("training.sequence_parallel", "export-torchtitan-sp", { str(par.tp) }));
        if (par.ep > 1 && par.expertTp() != 1 && par.expertTp() != par.tp)
            problems.push_back(
                fieldIssue("parallel.etp", "export-torchtitan-etp", { str(par.tp), str(par.expertTp()) }));
        const long long divisor = 2LL * par.tp * par.cp;
        if (m.seqLen % divisor != 0)
            problems.push_back(fieldIssue("model.seq_len", "export-torchtitan-seq",
                { str(m.seqLen), str(divisor), str(std::max(divisor, m.seqLen / divisor * divisor)) }));
    }
    if (par.gpusUsed() % plan.cluster.gpusPerNode != 0)
        problems.push_back(fieldIssue(
            "parallel", "export-partial-node", { name, str(par.gpusUsed()), str(plan.cluster.gpusPerNode) }));
    return problems;
}

std::vector<Message> exportNotes(const Plan& plan, LaunchFormat format, const std::string& writtenAs)
{
    if (format != LaunchFormat::DeepSpeed)
        return {};
    const ParallelSpec& p = plan.parallel;
    std::vector<Message> notes
        = { { "launch:ds-export-sizes", { str(p.pp), str(p.tp), str(p.gpusUsed()), str(p.dp) } } };
    const std::string line = deepSpeedLaunchLine(plan, writtenAs);
    const int nodes = std::max(1, p.gpusUsed() / std::max(plan.cluster.gpusPerNode, 1));
    if (line.empty())
        notes.push_back({ "launch:ds-export-no-launcher", {} });
    else
        notes.push_back({ nodes > 1 ? "launch:ds-export-launch" : "launch:ds-export-launch-one", { line } });
    return notes;
}

namespace {
Result<ImportedPlan> placedImport(ImportedPlan imported, const Plan& base)
{
    Plan& plan = imported.plan;
    // The base's model when the file describes the same shape (its name and source kept), so the plan is written
    // with the base's preset or config.json reference; another shape is written out (toJson's ModelSource rule).
    ModelSpec sameNamed = plan.model;
    sameNamed.name = base.model.name;
    sameNamed.source = base.model.source;
    if (sameNamed == base.model)
        plan.model = base.model;
    const ParallelSpec &p = plan.parallel, &b = base.parallel;
    const bool sameShape = p.tp == b.tp && p.pp == b.pp && p.dp == b.dp && p.cp == b.cp && p.order == b.order
        && plan.cluster.gpuCount() == base.cluster.gpuCount();
    if (sameShape)
        return imported;
    if (p.gpusUsed() > plan.cluster.gpuCount())
        return std::vector<Issue> { fieldIssue(
            "parallel", "gpus-needed", { str(p.gpusUsed()), str(plan.cluster.gpuCount()) }) };
    auto placed = withDefaultPlacement(std::move(plan));
    if (!placed)
        return placed.errors();
    plan = std::move(placed.value());
    return imported;
}
}

Result<ImportedPlan> importResult(ImportedPlan imported, const Plan& base, std::vector<Issue> errors)
{
    if (!errors.empty())
        return errors;
    auto placed = placedImport(std::move(imported), base);
    if (!placed)
        return placed;
    // What the file sets must make a plan the loader reads back (a model whose 1922 heads do not divide its hidden
    // size once came through): otherwise the import is refused with the loader's reason (issue 39 B).
    if (const Result<Plan> again = planFromJson(toJson(placed.value().plan)); !again) {
        std::vector<Issue> refused = again.errors();
        for (Issue& i : refused)
            i.message = "the plan it makes would not load: " + i.message;
        return refused;
    }
    return placed;
}

int lineOfPlace(const std::string& place)
{
    if (place.rfind("line ", 0) != 0 || place.size() > 15)
        return 0;
    const long long n = std::atoll(place.c_str() + 5);
    return n > 0 && n <= std::numeric_limits<int>::max() ? int(n) : 0;
}

} // namespace plait
