#include "plan.h"

#include "oplevelrecompute.h"
#include "text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

// The plan as a value: its schedule and layer split, the default placement and the checks that sizes divide and
// fit. Reading and writing plan files: planjson.cpp.

namespace plait {

namespace {
constexpr double kMaxSimulatedChunks = 1e6;
}

Message scheduleRefusal(Framework f, Schedule s)
{
    if (traitsOf(s).frameworks & frameworkBit(f))
        return {};
    return { "issue:schedule-framework", { frameworkName(f), scheduleName(s) } };
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

int Plan::layersOnStage(int stage) const
{
    const bool plain = !traitsOf(parallel.schedule).twoDirections && parallel.layersPerChunk.empty()
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
        if (traitsOf(par.schedule).twoDirections)
            return std::size_t(k) < par.layersPerStage.size() ? par.layersPerStage[std::size_t(k)] : 0;
        const int v = std::max(par.vpp, 1);
        const int stage = traitsOf(par.schedule).vShape ? (k < p ? k : 2 * p - 1 - k) : k % p;
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
    const ScheduleTraits& sched = traitsOf(par.schedule);
    if (sched.vShape)
        need(par.vpp == sched.vpp, "parallel.vpp", "vpp-v-shape", { scheduleName(par.schedule), str(par.vpp) });
    else
        need(sched.vpp == 0 || par.vpp == sched.vpp, "parallel.vpp", "vpp-interleaved", { str(par.vpp) });
    if (sched.divisiblePp)
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
    if (tr.globalBatch % perStep == 0 && sched.microBatchesPerPp)
        need(plan.microBatches() % par.pp == 0, "training.global_batch", "interleaved-microbatches",
            { str(plan.microBatches()), str(par.pp) });
    // DeepSeek's DualPipe and DualPipeV assert both (dualpipe.py, dualpipev.py: num_chunks >= num_ranks * 2).
    if (tr.globalBatch % perStep == 0 && sched.atLeastTwicePp) {
        const long long mb = plan.microBatches();
        need(mb >= 2LL * par.pp && (!sched.evenMicroBatches || mb % 2 == 0), "training.global_batch",
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
