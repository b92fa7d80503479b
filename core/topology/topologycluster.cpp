#include "topologycluster.h"

#include "messagetext.h"
#include "numtext.h"
#include "planedit.h"
#include "text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace plait {

namespace {
// NVLink's rate per link and direction, from the datasheets: A100 12 links and H100 18 links at 600 and 900 GB/s
// both ways (25 GB/s each way per link), B200 18 links at 1.8 TB/s (50).
double perLinkGBps(int generation)
{
    return generation >= 5 ? 50 : 25;
}

int nvlinkGeneration(const NodeTopology& n, const ClusterSpec& base)
{
    if (n.smVersion >= 100)
        return 5;
    if (n.smVersion >= 90)
        return 4;
    if (n.smVersion >= 80)
        return 3;
    for (const std::string& id : { base.gpu.nvlink, base.intraNode.id })
        if (id.rfind("nvlink", 0) == 0 && id.size() > 6 && std::isdigit((unsigned char)id[6]))
            return id[6] - '0';
    return 4;
}

// The source's PCIe generation, else the base cluster's PCIe link, else the GPU's (Gen4 with NVLink 3, Gen5 after).
int pcieGeneration(const NodeTopology& n, const ClusterSpec& base)
{
    if (n.pcieGen > 0)
        return n.pcieGen;
    if (base.intraNode.id.rfind("pcie", 0) == 0 && base.intraNode.id.size() > 4
        && std::isdigit((unsigned char)base.intraNode.id[4]))
        return base.intraNode.id[4] - '0';
    return base.gpu.nvlink == "nvlink3" ? 4 : 5;
}

struct DerivedLinks {
    LinkSpec intra;
    int nvlinks = 0; // per GPU, the slowest pair's
    std::vector<int> nics; // the NICs next to a GPU (PIX or PXB), or all of them when none is
    double nicGBps = 0;
    bool infiniband = true;
    std::vector<Warning> findings;
};

const LinkSpec* catalogLink(const Catalog& catalog, LinkKind kind, const std::string& prefix, double gbps)
{
    for (const LinkSpec& l : catalog.links)
        if (l.kind == kind && l.id.rfind(prefix, 0) == 0 && std::abs(l.bandwidthGBps - gbps) < 0.01 * gbps)
            return &l;
    return nullptr;
}

// A link at a measured or derived rate: the catalog's entry of that rate, else its generation's entry at that rate.
LinkSpec linkAt(const Catalog& catalog, LinkKind kind, const std::string& prefix, const std::string& like, double gbps,
    const std::string& id, const std::string& name, const std::string& source)
{
    if (const LinkSpec* l = catalogLink(catalog, kind, prefix, gbps))
        return *l;
    LinkSpec l = catalog.link(like) ? *catalog.link(like) : LinkSpec {};
    l.id = id;
    l.name = name;
    l.kind = kind;
    l.bandwidthGBps = gbps;
    l.busbwCurve.clear(); // measured on the catalog's rate, not this one
    l.source = source;
    return l;
}

DerivedLinks linksOf(const NodeTopology& n, const ClusterSpec& base, const Catalog& catalog)
{
    DerivedLinks out;
    const int g = n.gpus();
    bool allNvLink = g > 1;
    int fewest = 64, most = 0, fa = 0, fb = 0;
    for (int a = 0; a < g; ++a)
        for (int b = 0; b < g; ++b) {
            if (a == b)
                continue;
            const int links = n.nvlinks[std::size_t(a)][std::size_t(b)];
            allNvLink = allNvLink && links > 0;
            most = std::max(most, links);
            if (links < fewest) {
                fewest = links;
                fa = a;
                fb = b;
            }
        }
    if (n.staticFile) {
        out.intra = base.intraNode; // the file cannot say how its GPUs are linked: the plan's link stays
    } else if (allNvLink) {
        const int gen = nvlinkGeneration(n, base);
        out.nvlinks = fewest;
        const double gbps = fewest * perLinkGBps(gen);
        out.intra = linkAt(catalog, LinkKind::NVLink, "nvlink" + str(gen), "nvlink" + str(gen) + "-nvswitch", gbps,
            "nvlink" + str(gen) + "-nv" + str(fewest), "NVLink " + str(gen) + " × " + str(fewest) + " (" + n.host + ")",
            n.source + ": NV" + str(fewest) + " between GPUs × " + numText(perLinkGBps(gen), "%.0f")
                + " GB/s per link and direction (NVLink " + str(gen) + " datasheet)");
        if (fewest < most)
            out.findings.push_back({ "degraded-nvlink",
                messageText("topo:degraded-nvlink", { str(fa), str(fb), n.host, str(fewest), str(most) }),
                { str(fa), str(fb), n.host, str(fewest), str(most) } });
    } else {
        const int gen = pcieGeneration(n, base);
        out.intra = catalog.link("pcie" + str(gen) + "-x16") ? *catalog.link("pcie" + str(gen) + "-x16")
                                                             : *catalog.link("pcie4-x16");
        if (most > 0)
            out.findings.push_back(
                { "partial-nvlink", messageText("topo:partial-nvlink", { n.host, str(most) }), { n.host, str(most) } });
    }
    // The NICs a GPU sits next to carry its traffic to other nodes (NCCL picks them by the same paths); the others
    // (storage, management) do not.
    for (std::size_t i = 0; i < n.nics.size(); ++i)
        for (int a = 0; a < g; ++a)
            if (n.nicPath[std::size_t(a)][i] == PathKind::Pix || n.nicPath[std::size_t(a)][i] == PathKind::Pxb) {
                out.nics.push_back(int(i));
                break;
            }
    if (out.nics.empty())
        for (std::size_t i = 0; i < n.nics.size(); ++i)
            out.nics.push_back(int(i));
    for (int i : out.nics) {
        const TopologyNic& nic = n.nics[std::size_t(i)];
        if (nic.gbps > 0 && (out.nicGBps == 0 || nic.gbps < out.nicGBps))
            out.nicGBps = nic.gbps;
        out.infiniband = out.infiniband && nic.infiniband;
    }
    // A GPU whose nearest NIC is across the CPU sends its inter-node traffic through host memory.
    for (int a = 0; a < g && !out.nics.empty(); ++a) {
        PathKind best = PathKind::Unknown;
        int nearest = out.nics.front();
        for (int i : out.nics)
            if (n.nicPath[std::size_t(a)][std::size_t(i)] < best) {
                best = n.nicPath[std::size_t(a)][std::size_t(i)];
                nearest = i;
            }
        if (best >= PathKind::Phb && best != PathKind::Unknown) {
            std::vector<std::string> args { str(a), n.host, n.nics[std::size_t(nearest)].name, pathName(best) };
            out.findings.push_back({ "far-nic", messageText("topo:far-nic", args), args });
        }
    }
    return out;
}

// A node's kind, in words that need no translation: "nvlink4-nvswitch + 8 × 400 Gb/s".
std::string nodeText(const DerivedLinks& l)
{
    return l.intra.id + " + " + str((long long)l.nics.size()) + " × "
        + (l.nicGBps > 0 ? numText(8 * l.nicGBps, "%.0f") + " Gb/s" : "NIC");
}
// The node's link to other nodes: the catalog's entry at the dump's NIC rate, else the base cluster's (nvidia-smi
// prints no rate).
LinkSpec interOf(const DerivedLinks& l, const NodeTopology& n, const ClusterSpec& base, const Catalog& catalog)
{
    if (l.nicGBps <= 0)
        return base.interNode;
    const std::string prefix = l.infiniband ? "ib-" : "roce-";
    const std::string rate = numText(8 * l.nicGBps, "%.0f");
    return linkAt(catalog, l.infiniband ? LinkKind::InfiniBand : LinkKind::RoCE, prefix,
        l.infiniband ? "ib-ndr" : "roce-400", l.nicGBps, prefix + rate,
        (l.infiniband ? "InfiniBand " : "RoCE ") + rate + " Gb/s (" + n.host + ")",
        n.source + ": NIC speed " + rate + " Gb/s");
}
}

Result<ClusterFromTopology> clusterFromTopology(
    const std::vector<NodeTopology>& nodes, const ClusterSpec& base, const Catalog& catalog)
{
    if (nodes.empty())
        return Result<ClusterFromTopology>::failure("", "no node");
    for (const NodeTopology& n : nodes)
        if (n.gpus() != nodes.front().gpus())
            return std::vector<Issue> { fieldIssue(n.source, "topo-gpu-counts",
                { nodes.front().host, str(nodes.front().gpus()), n.host, str(n.gpus()) }) };
    ClusterFromTopology out;
    out.cluster = base;
    out.cluster.nodes = int(nodes.size());
    out.cluster.gpusPerNode = nodes.front().gpus();
    out.cluster.nodeLinks.clear();
    std::vector<DerivedLinks> links;
    for (const NodeTopology& n : nodes)
        links.push_back(linksOf(n, base, catalog));
    // The usual kind of node is the most common; between as many, the faster (the slower is the one to look at).
    // It gives the cluster's links; every other node keeps its own (ClusterSpec::nodeLinks) and is named.
    std::map<std::string, int> kinds;
    for (const DerivedLinks& l : links)
        ++kinds[nodeText(l)];
    std::size_t usualNode = 0;
    for (std::size_t i = 1; i < links.size(); ++i) {
        const int a = kinds[nodeText(links[i])], b = kinds[nodeText(links[usualNode])];
        const auto speed
            = [](const DerivedLinks& l) { return std::pair(l.intra.bandwidthGBps, l.nicGBps * double(l.nics.size())); };
        if (a > b || (a == b && speed(links[i]) > speed(links[usualNode])))
            usualNode = i;
    }
    const std::string usual = nodeText(links[usualNode]);
    out.cluster.intraNode = links[usualNode].intra;
    out.cluster.interNode = interOf(links[usualNode], nodes[usualNode], base, catalog);
    out.cluster.nicsPerNode = std::max(1, int(links[usualNode].nics.size()));
    if (links[usualNode].nicGBps <= 0)
        out.notes.push_back({ "topo:nic-rate-from-base", { base.interNode.id } });
    int unlike = 0;
    for (std::size_t i = 0; i < links.size(); ++i) {
        std::vector<Warning> findings = links[i].findings;
        if (nodeText(links[i]) != usual) {
            std::vector<std::string> args { nodes[i].host, nodeText(links[i]), usual };
            findings.push_back({ "node-differs", messageText("topo:node-differs", args), args });
            out.cluster.nodeLinks.push_back({ int(i), links[i].intra, interOf(links[i], nodes[i], base, catalog),
                std::max(1, int(links[i].nics.size())) });
            ++unlike;
        }
        out.nodeFindings.push_back(std::move(findings));
    }
    if (unlike > 0)
        out.notes.push_back({ "topo:own-links", { str(unlike) } });
    // A node of PCIe paths only, under a plan whose GPU is an NVLink part (an SXM H100): nvidia-smi does not name the
    // GPU, so the file may be from another model; the user is told, since every group is costed over PCIe.
    if (!nodes[usualNode].staticFile && links[usualNode].intra.kind != LinkKind::NVLink && !base.gpu.nvlink.empty()
        && nodes[usualNode].gpus() > 1)
        out.notes.push_back({ "topo:no-nvlink-for-gpu",
            { nodes[usualNode].host, base.gpu.id,
                "NVLink " + base.gpu.nvlink.substr(std::min<std::size_t>(6, base.gpu.nvlink.size())) } });
    for (const NodeTopology& n : nodes)
        if (n.staticFile) {
            out.notes.push_back({ "topo:static-file", { n.source, base.intraNode.name } });
            break;
        }
    // Neither source names the GPU model: say where the plan's GPU does not fit what the dumps show.
    const NodeTopology& first = nodes.front();
    const int generation = first.smVersion >= 100 ? 5 : first.smVersion >= 90 ? 4 : first.smVersion >= 80 ? 3 : 0;
    if (generation > 0 && !base.gpu.nvlink.empty() && base.gpu.nvlink != "nvlink" + str(generation))
        out.notes.push_back({ "topo:gpu-generation",
            { numText(first.smVersion / 10.0, "%.1f"), base.gpu.id, base.gpu.nvlink.substr(6) } });
    else if (const DerivedLinks& l = links[usualNode];
             l.nvlinks > 0 && base.gpu.nvlinkGBps > 0 && std::abs(l.intra.bandwidthGBps - base.gpu.nvlinkGBps) > 1)
        out.notes.push_back({ "topo:nvlink-vs-gpu",
            { str(l.nvlinks), numText(l.intra.bandwidthGBps, "%.0f"), base.gpu.id,
                numText(base.gpu.nvlinkGBps, "%.0f") } });
    return out;
}

Result<Plan> planOnCluster(Plan plan, const ClusterSpec& cluster)
{
    const bool resized
        = cluster.gpuCount() != plan.cluster.gpuCount() || cluster.gpusPerNode != plan.cluster.gpusPerNode;
    plan.cluster = cluster;
    if (!resized)
        return plan;
    if (plan.parallel.gpusUsed() > cluster.gpuCount())
        return std::vector<Issue> { fieldIssue(
            "parallel", "topo-plan-too-large", { str(plan.parallel.gpusUsed()), str(cluster.gpuCount()) }) };
    return withDefaultPlacement(std::move(plan));
}

} // namespace plait
