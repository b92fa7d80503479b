#include "plankeys.h"

#include "runspec.h"

#include "messagetext.h"
#include "text.h"

#include <algorithm>

namespace plait {

namespace {
using Keys = std::vector<std::string>;

const Keys kTop { "format", "name", "description", "model", "cluster", "training", "parallel", "placement", "run" };
const Keys kModel { "name", "layers", "hidden", "heads", "kv_heads", "head_dim", "ffn_hidden", "ffn", "norm",
    "position", "bias", "vocab", "seq_len", "tied_embeddings", "source", "moe", "mla", "mtp_layers" };
const Keys kModelByReference { "preset", "hf_config", "seq_len", "mtp_layers" };
const Keys kMoe { "experts", "top_k", "shared_experts", "expert_ffn_hidden", "shared_ffn_hidden", "dense_layers",
    "every", "phase", "router_groups", "router_group_top_k" };
const Keys kMla { "q_lora_rank", "kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim" };
const Keys kCluster { "gpu", "nodes", "gpus_per_node", "intra_node", "inter_node", "nics_per_node", "node_links",
    "nvlink_domain_gpus", "host_memory_GiB", "pod_gpus", "oversubscription" };
const Keys kGpu { "id", "name", "memory_GiB", "bf16_tflops", "fp16_tflops", "fp8_tflops", "fp4_tflops", "hbm_GBps",
    "sms", "host_link", "host_link_GBps", "nvlink", "nvlink_GBps", "gemm_max_efficiency", "gemm_sustained_efficiency",
    "gemm_sustained_fp8_efficiency", "gemm_sustained_source", "overlap_slowdown", "attention_curves",
    "hbm_achievable_GBps", "hbm_achievable_source", "measured_gemms", "tdp_W", "tdp_source", "source" };
const Keys kLink { "id", "name", "kind", "scope", "bandwidth_GBps", "latency_us", "efficiency", "nvls",
    "nvls_algbw_GBps", "busbw_curve", "source" };
const Keys kTraining { "global_batch", "micro_batch", "precision", "fp8_recipe", "fp8_param_gather",
    "optimizer_moments", "master_weights", "offload_optimizer", "offload_params", "optimizer", "zero_stage",
    "recompute", "recompute_modules", "activation_fp8_input", "sequence_parallel", "flash_attention",
    "attention_kernel", "fp32_gradients", "overlap_grad_reduce", "overlap_param_gather", "bucket_size",
    "fused_cross_entropy", "tp_overlap", "framework", "moe_load_skew", "moe_capacity_factor", "moe_a2a_overlap",
    "moe_dispatcher", "other_GiB", "fragmentation" };
const Keys kParallel { "tp", "pp", "dp", "cp", "ep", "etp", "vpp", "schedule", "order", "layers_per_stage",
    "layers_per_chunk", "embedding_in_split", "loss_in_split" };
const Keys kRun(std::begin(kRunKeys), std::end(kRunKeys));
const Keys kPlacement { "gpu", "tp", "cp", "dp", "pp" };

// `reference`: the object is a model given by a preset or config.json, beside which shape keys are not read.
void check(const nlohmann::json& object, const std::string& prefix, const Keys& known, std::vector<Warning>& out,
    const nlohmann::json* applied, bool reference = false)
{
    if (!object.is_object())
        return;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string& key = it.key();
        if (std::find(known.begin(), known.end(), key) != known.end())
            continue;
        if (out.size() >= 20)
            return; // a file of thousands of foreign keys needs no thousand warnings
        const std::string path = (prefix.empty() ? "" : prefix + ".") + utf8Prefix(key, 64);
        if (reference && std::find(kModel.begin(), kModel.end(), key) != kModel.end()) {
            out.push_back({ "key-ignored", messageText("warning:key-ignored", { path }), { path } });
            continue;
        }
        const std::string guess = closestMatch(key, known);
        const std::string meant = guess.empty() ? "" : (prefix.empty() ? "" : prefix + ".") + guess;
        std::string value;
        if (applied && !meant.empty()) {
            // The value the plan uses for the key it most likely meant, as read.
            std::string pointer = "/" + meant;
            std::replace(pointer.begin(), pointer.end(), '.', '/');
            if (const auto p = nlohmann::json::json_pointer(pointer); applied->contains(p))
                value = utf8Prefix(dumpJson((*applied)[p]), 40);
        }
        const std::vector<std::string> args { path, meant, value };
        out.push_back({ "unknown-key", messageText(warningKey("unknown-key", args), args), args });
    }
}
}

std::vector<Warning> unknownKeyWarnings(const nlohmann::json& doc, const nlohmann::json* applied)
{
    std::vector<Warning> out;
    check(doc, "", kTop, out, applied);
    if (const auto m = doc.find("model"); m != doc.end() && m->is_object()) {
        const bool byReference = m->contains("preset") || m->contains("hf_config");
        check(*m, "model", byReference ? kModelByReference : kModel, out, applied, byReference);
        if (const auto moe = m->find("moe"); !byReference && moe != m->end())
            check(*moe, "model.moe", kMoe, out, applied);
        if (const auto mla = m->find("mla"); !byReference && mla != m->end())
            check(*mla, "model.mla", kMla, out, applied);
    }
    if (const auto c = doc.find("cluster"); c != doc.end() && c->is_object()) {
        check(*c, "cluster", kCluster, out, applied);
        check(c->value("gpu", nlohmann::json()), "cluster.gpu", kGpu, out, applied);
        check(c->value("intra_node", nlohmann::json()), "cluster.intra_node", kLink, out, applied);
        check(c->value("inter_node", nlohmann::json()), "cluster.inter_node", kLink, out, applied);
    }
    if (const auto t = doc.find("training"); t != doc.end())
        check(*t, "training", kTraining, out, applied);
    if (const auto p = doc.find("parallel"); p != doc.end())
        check(*p, "parallel", kParallel, out, applied);
    if (const auto r = doc.find("run"); r != doc.end())
        check(*r, "run", kRun, out, applied);
    if (const auto p = doc.find("placement"); p != doc.end() && p->is_array())
        for (std::size_t i = 0; i < p->size() && out.size() < 20; ++i)
            check((*p)[i], "placement[" + std::to_string(i) + "]", kPlacement, out, applied);
    return out;
}

bool isModelKey(const std::string& key)
{
    return std::find(kModel.begin(), kModel.end(), key) != kModel.end()
        || std::find(kModelByReference.begin(), kModelByReference.end(), key) != kModelByReference.end();
}

} // namespace plait
