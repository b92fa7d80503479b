#pragma once

#include "attentionkernel.h"
#include "catalog.h"
#include "costcalibration.h"
#include "error.h"
#include "framework.h"
#include "model.h"
#include "namedvalues.h"
#include "runspec.h"
#include "schedules.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plait {

// The transformer layers' linears run at `precision` (FP8: under `fp8_recipe`; FP4: NVIDIA's NVFP4 recipe); the rest
// (attention, norms, embedding, output layer) in 16-bit. FP32 trains in TF32 without a 16-bit copy.
enum class Precision { BF16, FP16, FP8, FP32, FP4 };
inline constexpr NamedValue<Precision> kPrecisionNames[] = { { Precision::BF16, "bf16" }, { Precision::FP16, "fp16" },
    { Precision::FP8, "fp8" }, { Precision::FP32, "fp32" }, { Precision::FP4, "fp4" } };
// How FP8 tensors are scaled (Transformer Engine's recipes, torchao's rowwise): one scale per tensor from an amax
// history (delayed) or from the tensor itself (tensorwise, "current scaling"); one per row (rowwise); one per 1×128
// activation and 128×128 weight block (blockwise, DeepSeek-V3 §3.3.2); one E8M0 scale per 32 elements (MXFP8,
// Blackwell's tensor cores apply it).
enum class Fp8Recipe { Delayed, Tensorwise, Rowwise, Blockwise, Mxfp8 };
inline constexpr NamedValue<Fp8Recipe> kFp8RecipeNames[]
    = { { Fp8Recipe::Delayed, "delayed" }, { Fp8Recipe::Tensorwise, "tensorwise" }, { Fp8Recipe::Rowwise, "rowwise" },
          { Fp8Recipe::Blockwise, "blockwise" }, { Fp8Recipe::Mxfp8, "mxfp8" } };
enum class Optimizer { Adam, Sgd };
// "adamw" reads as Adam (the same states); Adam is written "adam".
inline constexpr NamedValue<Optimizer> kOptimizerNames[]
    = { { Optimizer::Adam, "adam" }, { Optimizer::Adam, "adamw" }, { Optimizer::Sgd, "sgd" } };
// SelectiveOps: torchtitan's op-level selective activation checkpointing (activation_checkpoint.mode "selective",
// selective_ac_option "op"): each layer keeps the outputs of every other matmul and of the attention kernel and
// recomputes the rest; dense layers under PyTorch FSDP only (validate()).
enum class Recompute { None, Selective, Full, SelectiveOps };
inline constexpr NamedValue<Recompute> kRecomputeNames[] = { { Recompute::None, "none" },
    { Recompute::Selective, "selective" }, { Recompute::Full, "full" }, { Recompute::SelectiveOps, "selective_op" } };
// Megatron-Core's --recompute-modules (with --recompute-granularity selective): the parts of a layer that drop what
// they would keep for the backward pass and run again in it. Bits of TrainingSpec::recomputeModules.
enum class RecomputeModule : unsigned {
    CoreAttn = 1u << 0, // the attention core (its score matrix, unless flash attention keeps none)
    LayerNorm = 1u << 1, // the two norms' outputs, the inputs of QKV (or MLA's down projections) and of the MLP
    MlaUpProj = 1u << 2, // MLA's up projections and RoPE: Q, K and V, recomputed from the latents
    MoeAct = 1u << 3, // the routed experts' activation function: its output, FC2's input
    Mlp = 1u << 4, // a dense MLP whole: only its input kept
    Moe = 1u << 5, // a MoE layer whole, its dispatch and combine included: only its input kept
    SharedExperts = 1u << 6, // the shared experts whole
};
inline constexpr RecomputeModule kRecomputeModules[]
    = { RecomputeModule::CoreAttn, RecomputeModule::LayerNorm, RecomputeModule::MlaUpProj, RecomputeModule::MoeAct,
          RecomputeModule::Mlp, RecomputeModule::Moe, RecomputeModule::SharedExperts };
// Megatron-Core's names.
inline constexpr NamedValue<RecomputeModule> kRecomputeModuleNames[] = { { RecomputeModule::CoreAttn, "core_attn" },
    { RecomputeModule::LayerNorm, "layernorm" }, { RecomputeModule::MlaUpProj, "mla_up_proj" },
    { RecomputeModule::MoeAct, "moe_act" }, { RecomputeModule::Mlp, "mlp" }, { RecomputeModule::Moe, "moe" },
    { RecomputeModule::SharedExperts, "shared_experts" } };
// Which TP collectives run beside GEMMs (cost/inlayer.h): none; the backward's, as Megatron-LM does by default;
// all of them (Transformer Engine userbuffers, torchtitan async TP).
enum class TpOverlap { None, Backward, All };
inline constexpr NamedValue<TpOverlap> kTpOverlapNames[]
    = { { TpOverlap::None, "none" }, { TpOverlap::Backward, "backward" }, { TpOverlap::All, "all" } };
// How a MoE layer's tokens reach their experts (Megatron-Core --moe-token-dispatcher-type, cost/dispatch.h): every
// token's top-k copies sent by an NCCL all-to-all; every token all-gathered to every rank of the expert group (and
// the outputs reduce-scattered back); or a fused kernel (DeepEP, HybridEP: "flex") that sends a token once to each
// GPU and, across NVLink domains, once to each domain, forwarding it there over NVLink.
enum class MoeDispatcher { AllToAll, AllGather, Flex };
inline constexpr NamedValue<MoeDispatcher> kMoeDispatcherNames[] = { { MoeDispatcher::AllToAll, "alltoall" },
    { MoeDispatcher::AllGather, "allgather" }, { MoeDispatcher::Flex, "flex" } };

// A node whose links differ from the cluster's (its own nvidia-smi or NCCL dump says so: a degraded NVLink, a slower
// NIC): its link between GPUs, its NICs and their link to other nodes.
struct NodeLinks {
    int node = 0;
    LinkSpec intraNode;
    LinkSpec interNode;
    int nics = 0; // 0 = the cluster's count
    bool operator==(const NodeLinks&) const = default;
};

struct ClusterSpec {
    GpuSpec gpu;
    int nodes = 1;
    int gpusPerNode = 8;
    LinkSpec intraNode;
    LinkSpec interNode;
    int nicsPerNode = 0; // 0 = one per GPU
    std::vector<NodeLinks> nodeLinks; // the nodes unlike the others, by node; the group paths take each node's own
    // GPUs that reach each other over the in-node link: a GB200 NVL72 rack's 72 over 18 trays (nodes) of 4, whose
    // NVSwitch trays join them into one NVLink domain; 0 = each node alone. Traffic between domains takes the NICs.
    int nvlinkDomainGpus = 0;
    // Host (CPU) memory of one node, what offloaded states must fit in; 0 = not stated.
    double hostMemoryGiB = 0;
    // The cost model's fitted efficiencies (costcalibration.h): the shipped ones unless a caller (the fit, a probe
    // run) replaces them. Not written to the plan file.
    CostCalibration calibration = builtinCalibration().values;
    // An oversubscribed fabric: GPUs under one pod (a leaf group with full bisection between its nodes, whole
    // NVLink domains) and the ratio of the pod's NIC bandwidth to its uplinks (7 for 1:7); traffic leaving a pod
    // shares the uplinks. 0 and 1 = a non-blocking fabric.
    int podGpus = 0;
    double oversubscription = 1;
    int podOf(int gpu) const { return podGpus > 0 ? gpu / podGpus : 0; }
    bool oversubscribed() const { return podGpus > 0 && oversubscription > 1 && podGpus < gpuCount(); }

    int gpuCount() const { return nodes * gpusPerNode; }
    int domainGpus() const { return nvlinkDomainGpus > 0 ? nvlinkDomainGpus : gpusPerNode; }
    int domainOf(int gpu) const { return gpu / std::max(domainGpus(), 1); }
    int nics() const { return nicsPerNode > 0 ? nicsPerNode : gpusPerNode; }
    const NodeLinks* linksOf(int node) const
    {
        for (const NodeLinks& l : nodeLinks)
            if (l.node == node)
                return &l;
        return nullptr;
    }
    const LinkSpec& intraOf(int node) const { return linksOf(node) ? linksOf(node)->intraNode : intraNode; }
    const LinkSpec& interOf(int node) const { return linksOf(node) ? linksOf(node)->interNode : interNode; }
    int nicsOf(int node) const { return linksOf(node) && linksOf(node)->nics > 0 ? linksOf(node)->nics : nics(); }
    bool operator==(const ClusterSpec&) const = default;
};

struct TrainingSpec {
    long long globalBatch = 0; // sequences per step
    int microBatch = 1;
    Precision precision = Precision::BF16;
    Fp8Recipe fp8Recipe = Fp8Recipe::Delayed; // when precision is FP8
    // Megatron-LM --fp8-param-gather: the primary weights are FP8 tensors (1 B, no 16-bit copy), gathered in FP8.
    bool fp8ParamGather = false;
    // Adam's moments in BF16 instead of FP32 (DeepSeek-V3 §3.3.3; Megatron-LM --use-precision-aware-optimizer with
    // --exp-avg-dtype / --exp-avg-sq-dtype bf16): 4 of the optimizer's 12 bytes per parameter saved.
    bool bf16Moments = false;
    // The optimizer's master weights and the gradients in BF16 instead of FP32 (DeepSpeed's
    // bf16.bf16_master_weights_and_grads): no 4-byte master copy, 2-byte gradients.
    bool bf16Master = false;
    // CPU offload (cost/offload.h): the optimizer state lives in host memory and the CPU steps it (DeepSpeed
    // ZeRO-Offload, Megatron-Core --optimizer-cpu-offload); with it the parameters too, streamed to the GPU layer by
    // layer (ZeRO-Infinity's offload_param, FSDP's CPU offload).
    bool offloadOptimizer = false;
    bool offloadParams = false;
    Optimizer optimizer = Optimizer::Adam;
    int zeroStage = 0;
    Recompute recompute = Recompute::None;
    // Under selective recomputation, which modules (RecomputeModule bits); Megatron-Core's default is the core
    // attention alone.
    unsigned recomputeModules = unsigned(RecomputeModule::CoreAttn);
    bool recomputes(RecomputeModule m) const
    {
        return recompute == Recompute::Selective && (recomputeModules & unsigned(m)) != 0;
    }
    // Megatron-Core --activation-func-fp8-input-store: SwiGLU keeps its input for the backward in FP8 (1 B instead of
    // 2), as DeepSeek-V3 caches it (§3.3.3).
    bool activationFp8Input = false;
    bool sequenceParallel = false;
    bool flashAttention = false;
    AttentionKernel attentionKernel
        = AttentionKernel::Auto; // which fused kernel, when flashAttention (attentionkernel.h)
    // The framework removes padding around the fused kernel and puts it back after (flash_attn.bert_padding's
    // unpad_input on each of Q, K and V and pad_input on the output, around flash_attn_varlen_func, as llm-foundry's
    // attn_impl flash does): copies, kernels and host syncs per layer (layercost.cpp).
    bool attentionUnpad = false;
    // Megatron keeps a fp32 "main_grad" per parameter; the ZeRO paper counts 16-bit gradients.
    bool fp32Gradients = true;
    bool overlapGradReduce = true; // DP buckets reduced while backward runs
    // ZeRO-1/2's all-gather of the updated weights runs beside the next step's first forward, bucket by bucket
    // (Megatron-LM --overlap-param-gather; FSDP's SHARD_GRAD_OP always gathers each unit in its forward).
    bool overlapParamGather = false;
    // Parameters per data-parallel gradient bucket, each reduced (and, ZeRO 1-2, gathered) by its own call; 0: the
    // framework's default (cost/tail.h gradientBucketParams). Larger buckets: fewer, more efficient calls and a
    // longer exposed last one.
    double bucketSize = 0;
    // A fused cross-entropy kernel (flash-attn's, Megatron's --cross-entropy-loss-fusion) instead of Megatron-LM's
    // default pass-by-pass vocab-parallel loss, as the file or an edit states it. Unset, it follows the framework:
    // unfused under Megatron-LM, fused elsewhere; so the plan, not its JSON, says whether it was stated (issue 41).
    std::optional<bool> crossEntropyFusion;
    bool fusedCrossEntropy() const { return crossEntropyFusion.value_or(framework != Framework::Megatron); }
    TpOverlap tpOverlap = TpOverlap::Backward;
    Framework framework = Framework::Megatron; // which combinations can run (framework.h)
    // Routing imbalance: the most loaded EP rank's routed tokens over the mean (1 = balanced, as the auxiliary loss
    // aims for; a measured skew, e.g. from Megatron-LM's --moe-per-layer-logging), and the capacity factor that caps
    // it by dropping tokens (Megatron-LM --moe-expert-capacity-factor; 0 = dropless).
    double moeLoadSkew = 1.0;
    double moeCapacityFactor = 0;
    // Megatron-Core's combined 1F1B (--overlap-moe-expert-parallel-comm, pipeline_parallel/combined_1f1b.py): in the
    // steady state each forward runs beside the backward of an earlier micro-batch, one's EP all-to-all hidden under
    // the other's compute; one more micro-batch warms up. No pipelining or interleaved 1F1B only.
    bool moeA2aOverlap = false;
    MoeDispatcher moeDispatcher = MoeDispatcher::AllToAll;
    double moeLoadFactor() const
    {
        return moeCapacityFactor > 0 ? std::min(moeLoadSkew, moeCapacityFactor) : moeLoadSkew;
    }
    double otherGiB = 1.0; // CUDA context, cuBLAS workspace, NCCL buffers: fixed part of "other"
    double fragmentation = 0.05; // allocator fragmentation, as a fraction of the tensors (Megatron's 5% factor)
    bool operator==(const TrainingSpec&) const = default;
};

// Sets the ZeRO stage and keeps what depends on it valid: the overlapped weight gather exists only with ZeRO 1-2
// (validate() refuses it otherwise).
void setZeroStage(TrainingSpec& t, int zeroStage);
// Whether the plan's CPU offload runs at its ZeRO stage under its framework (validate() says which rule fails).
bool offloadRuns(const TrainingSpec& t);

struct Coord {
    int tp = 0, cp = 0, dp = 0, pp = 0;
    bool operator==(const Coord&) const = default;
};

// The four dimensions of a rank order ("tp-cp-dp-pp": TP innermost, PP outermost).
enum class ParallelDim { Tp, Cp, Dp, Pp };
// The order's dimensions, innermost first; nullopt unless it names tp, cp, dp and pp once each, dash-separated.
std::optional<std::array<ParallelDim, 4>> rankOrder(const std::string& order);

struct ParallelSpec {
    int tp = 1, pp = 1, dp = 1, cp = 1, ep = 1, vpp = 1;
    // Tensor parallelism of the MoE layers' experts; 0 = tp (Megatron-Core's --expert-tensor-parallel-size, whose
    // default is the attention's TP).
    int etp = 0;
    Schedule schedule = Schedule::OneFOneB;
    std::string order = "tp-cp-dp-pp"; // innermost first: how the default placement walks the GPUs
    std::vector<int> layersPerStage; // empty = even split
    // Transformer layers of each model chunk k = chunk·pp + stage, Megatron-LM's --pipeline-model-parallel-layout
    // order, for splits no stage list describes (3 then 2 layers on stage 0's two chunks); empty = none. A chunk
    // may hold none (the loss alone on the last).
    std::vector<int> layersPerChunk;
    // Megatron-LM's --account-for-embedding-in-pipeline-split / --account-for-loss-in-pipeline-split: the
    // embedding takes one layer's place on the first virtual stage and the loss one on the last, so 126 layers
    // split as 128 over pp·vpp (Llama 3.1 405B at PP 8 × VPP 8).
    bool embeddingInSplit = false, lossInSplit = false;

    int gpusUsed() const { return tp * pp * dp * cp; }
    int size(ParallelDim d) const
    {
        return d == ParallelDim::Tp ? tp : d == ParallelDim::Cp ? cp : d == ParallelDim::Dp ? dp : pp;
    }
    // Ranks between neighbours along `d` in the default placement: the product of the sizes inside it in the rank
    // order (0 when the order is not one).
    int stride(ParallelDim d) const;
    // Megatron-Core's parallel folding: within a pipeline stage the MoE layers regroup the tp·cp·dp GPUs as expert
    // TP × EP × expert DP, expert TP innermost. expertShard() GPUs hold one layer's experts between them.
    int expertTp() const { return etp > 0 ? etp : tp; }
    int expertShard() const { return expertTp() * ep; }
    int expertDp() const { return std::max(1, tp * cp * dp / std::max(1, expertShard())); }
    // Model chunks each pipeline stage (GPU of a pipeline) runs: vpp when interleaved or V-shaped (ZB-V and
    // DualPipeV hold two, one on the way down the pipeline and one on the way back), 2 under DualPipe (a stage of
    // each direction), else 1.
    int chunks() const { return chunksPerStage(schedule, vpp); }
    // Pieces the model is cut into, in model order: pp·vpp; DualPipe cuts it in pp and runs each piece on two
    // stages, one per direction.
    int modelChunks() const { return traitsOf(schedule).twoDirections ? pp : pp * vpp; }
    // Which model piece chunk `chunk` of stage `stage` runs: chunk·pp + stage interleaved (Megatron-LM's order);
    // stage, then 2·pp − 1 − stage in a V; under DualPipe stage h = min(stage, pp − 1 − stage) of the direction in
    // which the stage is in the first half, then pp − 1 − h (DeepSeek-V3 §3.2.1: rank i holds stages i and
    // pp − 1 − i).
    int modelChunkOf(int stage, int chunk) const
    {
        if (traitsOf(schedule).vShape)
            return chunk == 0 ? stage : 2 * pp - 1 - stage;
        if (traitsOf(schedule).twoDirections) {
            const int h = std::min(stage, pp - 1 - stage);
            return chunk == 0 ? h : pp - 1 - h;
        }
        return chunk * pp + stage;
    }
    // Whether the stage holds the model's first piece (the embedding) or its last (output layer and loss): both
    // the first and the last stage of a V hold both; under DualPipe the two end stages do.
    bool holdsFirstChunk(int stage) const { return holdsModelChunk(stage, 0); }
    bool holdsLastChunk(int stage) const { return holdsModelChunk(stage, modelChunks() - 1); }
    bool holdsModelChunk(int stage, int k) const
    {
        for (int c = 0; c < chunks(); ++c)
            if (modelChunkOf(stage, c) == k)
                return true;
        return false;
    }
    bool operator==(const ParallelSpec&) const = default;
};

// ", embedding and loss in the split" (or one of them), empty when neither counts as a layer.
std::string edgesInSplitText(const ParallelSpec& p);

// Gives each model chunk's layers (layers_per_chunk order, pp·vpp of them) in the plainest form that says it: an
// even split when every chunk is alike, a stage list when each stage's chunks are, else the chunk list.
void setLayersPerChunk(ParallelSpec& parallel, std::vector<int> layersPerChunk);

// Which coordinate each GPU holds. gpuOf[i] is the cluster GPU index of rank i in canonical (tp,cp,dp,pp) order;
// coordOf[g] is the coordinate of GPU g, or nullopt-like (tp = -1) when GPU g is idle.
struct Placement {
    std::vector<Coord> coordOf; // size = cluster GPU count; tp < 0 marks an idle GPU
    bool isDefault = true;

    bool idle(int gpu) const { return coordOf[std::size_t(gpu)].tp < 0; }
    bool operator==(const Placement&) const = default;
};

// Where the plan's model comes from, as its file names it: a shipped preset by id, a Hugging Face config.json held
// inline, or the shape written out. Typed (issue 41): toJson writes the
// reference while the model is still what it resolves to (seq_len and mtp_layers beside it), the shape once edited.
struct ModelSource {
    enum class Kind { Explicit, Preset, HfConfig };
    Kind kind = Kind::Explicit;
    std::string preset; // Preset: its id
    nlohmann::json hfConfig; // HfConfig: the config as the file holds it
    bool operator==(const ModelSource&) const = default;
};

struct Plan {
    std::string name;
    ModelSpec model;
    ModelSource modelSource;
    ClusterSpec cluster;
    TrainingSpec training;
    ParallelSpec parallel;
    Placement placement;
    RunSpec run; // the training run the plan is for: budget, price, storage, failures (optional)

    long long microBatches() const // per pipeline, per step
    {
        const long long perStep = (long long)training.microBatch * parallel.dp;
        return perStep > 0 ? training.globalBatch / perStep : 0;
    }
    int layersOnStage(int stage) const;
    // Transformer layers in virtual chunk `chunk` of pipeline stage `stage` (model piece modelChunkOf(stage, chunk)).
    int layersInChunk(int stage, int chunk) const;
    // Transformer layers in model piece k (0 ≤ k < modelChunks(), in model order).
    int layersInModelChunk(int k) const;
    // Of those, the dense layers of a MoE model with dense first layers (model chunks hold the layers in order,
    // chunk 0 of stage 0 the first ones).
    int denseLayersInChunk(int stage, int chunk) const;
    int denseLayersOnStage(int stage) const;
    std::string edgesInSplitText() const { return plait::edgesInSplitText(parallel); }
    bool operator==(const Plan&) const = default;
};

// Sets the pipeline schedule and its virtual stages (1 unless interleaved). A chunk list (layers_per_chunk) whose
// chunks change becomes what the stages sum to: a chunk list at vpp 1, a stage list where each stage divides.
void setSchedule(Plan& plan, Schedule schedule, int vpp);

// Reads a plan document, resolving catalog names and model presets. Every problem found is reported at once,
// each naming its field and numbers.
Result<Plan> planFromJson(const nlohmann::json& doc, const Catalog& catalog = Catalog::builtin());
Result<Plan> loadPlanFile(const std::string& path, const Catalog& catalog = Catalog::builtin());

// The plan as a plan document: catalog entries and presets by name while they are what the name resolves to. What
// the file held beside the plan (description, keys this version does not read) is its PlanDocument's
// (plandocument.h), written with toJson(plan, document).
nlohmann::json toJson(const Plan& plan);

// Checks sizes that must divide and fit, and the placement; empty when the plan can be evaluated.
std::vector<Issue> validate(const Plan& plan);

// The default placement: walks GPUs in cluster order assigning coordinates in `order`, innermost first.
Result<Placement> defaultPlacement(const ClusterSpec& cluster, const ParallelSpec& parallel);

// Why framework `f` does not run schedule `s` (ScheduleTraits::frameworks); empty when it does.
Message scheduleRefusal(Framework f, Schedule s);
inline const char* recomputeName(Recompute r)
{
    return nameIn(kRecomputeNames, r);
}
inline const char* recomputeModuleName(RecomputeModule m)
{
    return nameIn(kRecomputeModuleNames, m);
}
inline std::optional<RecomputeModule> recomputeModuleFromName(std::string_view name)
{
    return valueIn(kRecomputeModuleNames, name);
}
// "core_attn, mla_up_proj" for the bits set, in kRecomputeModules' order.
std::string recomputeModulesText(unsigned modules);
// "none", "full", "selective", or "selective (layernorm, mla_up_proj)" where the modules are not the default.
std::string recomputeText(const TrainingSpec& tr);
inline const char* precisionName(Precision p)
{
    return nameIn(kPrecisionNames, p);
}
inline const char* fp8RecipeName(Fp8Recipe r)
{
    return nameIn(kFp8RecipeNames, r);
}
inline const char* moeDispatcherName(MoeDispatcher d)
{
    return nameIn(kMoeDispatcherNames, d);
}
inline std::optional<MoeDispatcher> moeDispatcherFromName(std::string_view name)
{
    return valueIn(kMoeDispatcherNames, name);
}

} // namespace plait
