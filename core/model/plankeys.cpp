#include "plankeys.h"

#include "runspec.h"

#include "messagetext.h"
#include "text.h"

#include <algorithm>
#include <string_view>

namespace plait {

namespace {
using Keys = std::vector<std::string>;

const Keys kTop { "format", "name", "description", "model", "cluster", "training", "parallel", "placement", "run" };
const Keys kModel { "name", "layers", "hidden", "heads", "kv_heads", "head_dim", "ffn_hidden", "ffn", "norm",
    "position", "bias", "attention_dropout", "hidden_dropout", "vocab", "seq_len", "tied_embeddings", "source", "moe",
    "mla", "mtp_layers" };
const Keys kModelByReference { "preset", "hf_config", "seq_len", "mtp_layers" };
const Keys kMoe { "experts", "top_k", "shared_experts", "expert_ffn_hidden", "shared_ffn_hidden", "dense_layers",
    "every", "phase", "router_groups", "router_group_top_k" };
const Keys kMla { "q_lora_rank", "kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim" };
const Keys kCluster { "gpu", "nodes", "gpus_per_node", "intra_node", "inter_node", "nics_per_node", "node_links",
    "nvlink_domain_gpus", "host_memory_GiB", "pod_gpus", "oversubscription" };
const Keys kGpu { "id", "name", "memory_GiB", "bf16_tflops", "fp16_tflops", "fp8_tflops", "fp4_tflops", "hbm_GBps",
    "sms", "host_link", "host_link_GBps", "nvlink", "nvlink_GBps", "gemm_max_efficiency", "gemm_sustained_efficiency",
    "gemm_sustained_fp8_efficiency", "gemm_sustained_source", "nvfp4_gemm_share", "nvfp4_gemm_source",
    "overlap_slowdown", "overlap_slowdown_source", "kernel_fixed_us", "kernel_fixed_source", "attention_curves",
    "hbm_achievable_GBps", "hbm_achievable_source", "measured_gemms", "measured_attention", "tdp_W", "tdp_source",
    "source" };
const Keys kLink { "id", "name", "kind", "scope", "bandwidth_GBps", "latency_us", "efficiency", "nvls",
    "nvls_algbw_GBps", "busbw_curve", "source", "collective_rates", "collective_rates_source" };
const Keys kTraining { "global_batch", "micro_batch", "precision", "fp8_recipe", "fp8_param_gather",
    "optimizer_moments", "master_weights", "offload_optimizer", "offload_params", "optimizer", "zero_stage",
    "recompute", "recompute_modules", "activation_fp8_input", "sequence_parallel", "flash_attention",
    "attention_kernel", "fp32_gradients", "overlap_grad_reduce", "overlap_param_gather", "bucket_size",
    "fused_cross_entropy", "attention_unpad", "tp_overlap", "framework", "moe_load_skew", "moe_capacity_factor",
    "moe_a2a_overlap", "moe_dispatcher", "other_GiB", "fragmentation" };
const Keys kParallel { "tp", "pp", "dp", "cp", "ep", "etp", "vpp", "schedule", "order", "layers_per_stage",
    "layers_per_chunk", "embedding_in_split", "loss_in_split" };
const Keys kRun(std::begin(kRunKeys), std::end(kRunKeys));
const Keys kPlacement { "gpu", "tp", "cp", "dp", "pp" };

// The objects of a plan document whose keys Plait knows, each with its path and the keys it reads, as a walk.
// `reference`: the object is a model given by a preset or config.json, beside which shape keys are not read.
template <class Visit> void walkKnownObjects(const nlohmann::json& doc, Visit&& visit)
{
    visit(doc, std::string(), kTop, false);
    if (const auto m = doc.find("model"); m != doc.end() && m->is_object()) {
        const bool byReference = m->contains("preset") || m->contains("hf_config");
        visit(*m, std::string("model"), byReference ? kModelByReference : kModel, byReference);
        if (const auto moe = m->find("moe"); !byReference && moe != m->end())
            visit(*moe, std::string("model.moe"), kMoe, false);
        if (const auto mla = m->find("mla"); !byReference && mla != m->end())
            visit(*mla, std::string("model.mla"), kMla, false);
    }
    if (const auto c = doc.find("cluster"); c != doc.end() && c->is_object()) {
        visit(*c, std::string("cluster"), kCluster, false);
        for (const char* link : { "gpu", "intra_node", "inter_node" })
            if (const auto l = c->find(link); l != c->end())
                visit(*l, std::string("cluster.") + link, std::string_view(link) == "gpu" ? kGpu : kLink, false);
    }
    if (const auto t = doc.find("training"); t != doc.end())
        visit(*t, std::string("training"), kTraining, false);
    if (const auto p = doc.find("parallel"); p != doc.end())
        visit(*p, std::string("parallel"), kParallel, false);
    if (const auto r = doc.find("run"); r != doc.end())
        visit(*r, std::string("run"), kRun, false);
    if (const auto p = doc.find("placement"); p != doc.end() && p->is_array())
        for (std::size_t i = 0; i < p->size(); ++i)
            visit((*p)[i], "placement[" + std::to_string(i) + "]", kPlacement, false);
}

bool known(const Keys& keys, const std::string& key)
{
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

void check(const nlohmann::json& object, const std::string& prefix, const Keys& keys, std::vector<Warning>& out,
    const nlohmann::json* applied, bool reference)
{
    if (!object.is_object())
        return;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string& key = it.key();
        if (known(keys, key))
            continue;
        if (out.size() >= 20)
            return; // a file of thousands of foreign keys needs no thousand warnings
        const std::string path = (prefix.empty() ? "" : prefix + ".") + utf8Prefix(key, 64);
        if (reference && known(kModel, key)) {
            out.push_back({ "key-ignored", messageText("warning:key-ignored", { path }), { path } });
            continue;
        }
        const std::string guess = closestMatch(key, keys);
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
    walkKnownObjects(doc, [&](const nlohmann::json& object, const std::string& prefix, const Keys& keys, bool ref) {
        if (out.size() < 20)
            check(object, prefix, keys, out, applied, ref);
    });
    return out;
}

nlohmann::json unknownKeysOf(const nlohmann::json& doc)
{
    nlohmann::json out = nlohmann::json::object();
    walkKnownObjects(doc, [&](const nlohmann::json& object, const std::string& prefix, const Keys& keys, bool ref) {
        if (!object.is_object() || prefix.rfind("placement[", 0) == 0)
            return; // a placement is rewritten whole with the plan's groups: what its entries said does not carry
        for (auto it = object.begin(); it != object.end(); ++it)
            if (!known(keys, it.key()) && !(ref && known(kModel, it.key())))
                out[prefix][it.key()] = it.value();
    });
    return out;
}

void addUnknownKeys(nlohmann::json& doc, const nlohmann::json& unknown)
{
    if (!unknown.is_object())
        return;
    for (auto group = unknown.begin(); group != unknown.end(); ++group) {
        // Into the known object they were read from, while the plan still writes it (a MoE block of a model
        // edited to dense does not come back to hold them).
        nlohmann::json* into = &doc;
        const std::string& prefix = group.key();
        for (std::size_t from = 0; into && !prefix.empty() && from <= prefix.size();) {
            const std::size_t dot = std::min(prefix.find('.', from), prefix.size());
            const auto at = into->is_object() ? into->find(prefix.substr(from, dot - from)) : into->end();
            into = into->is_object() && at != into->end() ? &*at : nullptr;
            from = dot + 1;
        }
        if (!into || !into->is_object() || !group.value().is_object())
            continue;
        for (auto it = group.value().begin(); it != group.value().end(); ++it)
            if (!into->contains(it.key())) // a known key the plan writes wins
                (*into)[it.key()] = it.value();
    }
}

bool isModelKey(const std::string& key)
{
    return known(kModel, key) || known(kModelByReference, key);
}

} // namespace plait
