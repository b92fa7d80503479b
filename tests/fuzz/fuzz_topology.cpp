// libFuzzer target for nodes' own descriptions: nvidia-smi topo -m output and NCCL topology dumps (the first byte
// picks the reader). Oracle: no crash; a refusal says why; a node read has square matrices of its GPUs and NICs,
// and as a cluster of one node its links have a finite, positive rate, and a plan on it is one the plan loader reads
// back (issue 39 C).
#include "nccltopo.h"
#include "smitopo.h"
#include "topologycluster.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    auto node = data[0] % 2 ? plait::readNcclTopo(text, "topo.xml") : plait::readSmiTopo(text, "topo.txt");
    (void)plait::looksLikeNcclTopo(text);
    (void)plait::looksLikeSmiTopo(text);
    if (!node)
        return node.errors().empty() ? (std::abort(), 0) : 0;
    const plait::NodeTopology& n = node.value();
    const std::size_t g = std::size_t(n.gpus());
    if (g == 0 || n.nvlinks.size() != g || n.nicPath.size() != g || n.cpuAffinity.size() != g)
        std::abort();
    for (std::size_t i = 0; i < g; ++i)
        if (n.gpuPath[i].size() != g || n.nvlinks[i].size() != g || n.nicPath[i].size() != n.nics.size())
            std::abort();
    static const plait::ClusterSpec base = [] {
        plait::ClusterSpec c;
        c.gpu = *plait::Catalog::builtin().gpu("H100-SXM5-80GB");
        c.intraNode = *plait::Catalog::builtin().link("nvlink4-nvswitch");
        c.interNode = *plait::Catalog::builtin().link("ib-ndr");
        return c;
    }();
    const auto cluster = plait::clusterFromTopology({ n }, base);
    if (!cluster)
        std::abort(); // one node is always one kind of node
    const plait::ClusterSpec& c = cluster.value().cluster;
    if (c.gpusPerNode != int(g) || !(c.intraNode.bandwidthGBps > 0) || !std::isfinite(c.intraNode.bandwidthGBps)
        || !(c.interNode.bandwidthGBps > 0) || !std::isfinite(c.interNode.bandwidthGBps) || c.nics() < 1)
        std::abort();
    static const plait::Plan plan = [] {
        auto p = plait::planFromJson({ { "format", "plait-plan/1" }, { "model", { { "preset", "llama2-7b" } } },
            { "cluster",
                { { "gpu", "H100-SXM5-80GB" }, { "nodes", 1 }, { "gpus_per_node", 1 },
                    { "intra_node", "nvlink4-nvswitch" }, { "inter_node", "ib-ndr" } } },
            { "training", { { "global_batch", 8 }, { "micro_batch", 1 } } },
            { "parallel", { { "tp", 1 }, { "pp", 1 }, { "dp", 1 } } } });
        if (!p)
            std::abort();
        return p.value();
    }();
    if (const auto on = plait::planOnCluster(plan, c); on && !plait::planFromJson(plait::toJson(on.value())))
        std::abort();
    return 0;
}
