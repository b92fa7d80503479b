#include "lessontext.h"

#include "memory.h"
#include "numtext.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace plait {

namespace {
std::string percent(double fraction)
{
    return numText(100 * fraction, "%.0f") + "%";
}

constexpr std::string_view kNames[] = { "gpu", "gpus", "nodes", "gpus_per_node", "model", "params", "bytes_weights",
    "bytes_grads", "bytes_optimizer", "bytes_states", "bytes_optimizer_sharded", "states", "params_yi", "peak",
    "capacity", "tp", "pp", "dp", "cp", "vpp", "m", "micro_batch", "global_batch", "step", "step_vs_previous",
    "throughput_vs_previous", "batch_vs_previous", "bubble", "bubble_1f1b", "bubble_interleaved", "intra_link",
    "intra_GBps", "inter_link", "nics_per_node", "nic_fraction", "tp_group_nodes", "dp_reduce", "dp_exposed" };

std::optional<std::string> fact(std::string_view name, const LessonFacts& f, const SayMessage& say)
{
    const Plan& plan = *f.plan;
    const ParallelSpec& par = plan.parallel;
    const TrainingSpec& tr = plan.training;
    const ClusterSpec& cl = plan.cluster;
    const StateBytes bytes = stateBytes(tr);
    const double states = bytes.weights + bytes.grads + bytes.optimizer;
    const Evaluation* ev = f.evaluation && f.evaluation->valid ? f.evaluation : nullptr;
    const Evaluation* before = f.previous && f.previous->valid ? f.previous : nullptr;
    const int p = std::max(par.pp, 1), v = std::max(par.vpp, 1);
    const double m = double(std::max<long long>(plan.microBatches(), 1));
    auto comm = [&](Dim d, double CommItem::*field) {
        double s = 0;
        for (const CommItem& c : ev->comm)
            if (c.dim == d)
                s += c.*field;
        return s;
    };
    if (name == "gpu")
        return cl.gpu.id;
    if (name == "gpus")
        return std::to_string(par.gpusUsed());
    if (name == "nodes")
        return std::to_string(cl.nodes);
    if (name == "gpus_per_node")
        return std::to_string(cl.gpusPerNode);
    if (name == "model")
        return plan.model.name;
    if (name == "bytes_weights")
        return numText(bytes.weights, "%g");
    if (name == "bytes_grads")
        return numText(bytes.grads, "%g");
    if (name == "bytes_optimizer")
        return numText(bytes.optimizer, "%g");
    if (name == "bytes_states")
        return numText(states, "%g");
    if (name == "bytes_optimizer_sharded")
        return numText(bytes.optimizer / (tr.zeroStage >= 1 ? std::max(par.dp * par.cp, 1) : 1), "%g");
    if (name == "tp")
        return std::to_string(par.tp);
    if (name == "pp")
        return std::to_string(par.pp);
    if (name == "dp")
        return std::to_string(par.dp);
    if (name == "cp")
        return std::to_string(par.cp);
    if (name == "vpp")
        return std::to_string(par.vpp);
    if (name == "m")
        return std::to_string(plan.microBatches());
    if (name == "micro_batch")
        return std::to_string(tr.microBatch);
    if (name == "global_batch")
        return std::to_string(tr.globalBatch);
    // The pipeline's idle share for equal stages (Narayanan et al. 2021): (p−1)/(m+p−1), interleaved (p−1)/(v·m+p−1).
    if (name == "bubble_1f1b")
        return percent(double(p - 1) / (m + p - 1));
    if (name == "bubble_interleaved")
        return percent(double(p - 1) / (v * m + p - 1));
    if (name == "intra_link")
        return cl.intraNode.id;
    if (name == "intra_GBps")
        return numText(cl.intraNode.effectiveGBps(), "%.0f");
    if (name == "inter_link")
        return cl.interNode.id;
    if (name == "nics_per_node")
        return std::to_string(cl.nics());
    if (name == "batch_vs_previous") {
        if (!f.previousPlan || f.previousPlan->training.globalBatch <= 0)
            return std::nullopt;
        return numText(double(tr.globalBatch) / double(f.previousPlan->training.globalBatch), "%g");
    }
    if (name == "tp_group_nodes" || name == "nic_fraction") {
        if (!f.groups || f.groups->tp.empty())
            return std::nullopt;
        const auto crossing
            = std::find_if(f.groups->tp.begin(), f.groups->tp.end(), [](const Group& g) { return g.crossesNode; });
        if (name == "tp_group_nodes")
            return std::to_string(crossing == f.groups->tp.end() ? 1 : crossing->path.nodes);
        if (crossing == f.groups->tp.end() || crossing->path.nicGBps <= 0)
            return std::nullopt;
        // What a crossing TP group gets per GPU from the NICs, as a share of NVLink's.
        return "1/" + numText(cl.intraNode.effectiveGBps() / crossing->path.nicGBps, "%.0f");
    }
    if (!ev)
        return std::nullopt;
    if (name == "params")
        return say({ "fact:params", { numText(ev->paramsTotal / 1e9, "%.2f") } });
    if (name == "params_yi") // in units of 10⁸ (亿), as Chinese counts
        return say({ "fact:params-yi", { numText(ev->paramsTotal / 1e8, "%.1f") } });
    if (name == "states")
        return gibText(ev->paramsTotal * states, 1);
    if (name == "peak")
        return gibText(ev->peakBytes, 1);
    if (name == "capacity")
        return gibText(ev->capacityBytes, 1);
    if (name == "step")
        return say({ "fact:seconds", { numText(ev->stepS, "%.3g") } });
    if (name == "bubble")
        return percent(ev->bubbleFraction);
    if (name == "dp_reduce")
        return say({ "fact:seconds", { numText(comm(Dim::DP, &CommItem::timeS), "%.2g") } });
    if (name == "dp_exposed")
        return say({ "fact:seconds", { numText(comm(Dim::DP, &CommItem::exposedS), "%.2g") } });
    if (!before)
        return std::nullopt;
    if (name == "step_vs_previous") {
        // Under 1.5× as a percentage of the speed, above it as a ratio: "138% faster" reads as a loss to many.
        const double ratio = before->stepS / ev->stepS;
        if (ratio >= 1.5 || ratio <= 1 / 1.5) {
            const std::string times = numText(ratio >= 1 ? ratio : 1 / ratio, "%.1f");
            return say({ ratio >= 1 ? "fact:times-as-fast" : "fact:times-as-slow", { times } });
        }
        return say({ ratio >= 1 ? "fact:faster" : "fact:slower", { percent(std::abs(ratio - 1)) } });
    }
    if (name == "throughput_vs_previous")
        return numText(ev->tokensPerS / before->tokensPerS, "%.1f");
    return std::nullopt;
}
}

bool isLessonFact(std::string_view name)
{
    return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

std::string_view lessonFigure(std::string_view fact)
{
    return fact == "params_yi" ? std::string_view("params") : fact;
}

std::vector<std::string> lessonFactNames(std::string_view text)
{
    std::vector<std::string> names;
    for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
        const std::size_t close = text.find('}', open);
        if (close == std::string_view::npos)
            break;
        names.emplace_back(text.substr(open + 1, close - open - 1));
    }
    return names;
}

std::string lessonText(std::string_view text, const LessonFacts& facts, const SayMessage& say)
{
    std::string out;
    std::size_t at = 0;
    for (std::size_t open = text.find('{'); open != std::string_view::npos && facts.plan; open = text.find('{', at)) {
        const std::size_t close = text.find('}', open);
        if (close == std::string_view::npos)
            break;
        const std::string_view name = text.substr(open + 1, close - open - 1);
        out += text.substr(at, open - at);
        if (isLessonFact(name))
            out += fact(name, facts, say).value_or("…");
        else
            out += text.substr(open, close - open + 1);
        at = close + 1;
    }
    out += text.substr(at);
    return out;
}

std::string lessonText(std::string_view text, const LessonFacts& facts)
{
    return lessonText(text, facts, [](const Message& m) { return messageText(m); });
}

} // namespace plait
