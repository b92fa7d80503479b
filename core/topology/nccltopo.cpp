#include "nccltopo.h"

#include "numtext.h"
#include "text.h"
#include "xmlelements.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>

namespace plait {

namespace {
struct Device {
    std::string busid;
    std::vector<std::string> bridges; // the PCI bridges above it, outermost first
    int cpu = 0;
};

struct Gpu : Device {
    int dev = 0;
    int sm = 0;
    int pcieGen = 0;
    int switchLinks = 0;
    std::map<std::string, int> peerLinks; // target busid → NVLinks
};

struct Nic : Device {
    TopologyNic nic;
};

struct Walk {
    std::vector<Gpu> gpus;
    std::vector<Nic> nics;
    // A static NCCL_TOPO_FILE (aws-ofi-nccl's, Azure's) lists its GPUs and NICs as bare PCI devices, by class, and
    // leaves the rest (NVLink, the GPU model, NIC speeds) to what NCCL reads from the driver.
    std::vector<Gpu> pciGpus;
    std::vector<Nic> pciNics;
    int classless = 0; // bare PCI devices with no class: the file cannot say what they are
    std::vector<std::pair<std::string, std::string>> cpus; // affinity, numaid
    std::optional<Issue> error; // the first attribute outside what NCCL writes

    // A number attribute within what NCCL writes; an absent one is `fallback`, anything else an error naming it
    // (atoi once read count="9223372036854775807" and atof speed="1e308" without a word).
    double number(const XmlElement& e, const char* key, double lo, double hi, double fallback)
    {
        if (!e.has(key))
            return fallback;
        const std::string v = e.attribute(key);
        double x = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
        if (ec == std::errc() && end == v.data() + v.size() && std::isfinite(x) && x >= lo && x <= hi)
            return x;
        if (!error)
            error = Issue { "line " + std::to_string(e.line),
                "<" + e.name + "> " + key + "=" + inQuotes(v, 24) + " is not a number from " + numText(lo, "%g")
                    + " to " + numText(hi, "%g") };
        return fallback;
    }

    void element(const XmlElement& e, std::vector<std::string>& bridges, int cpu)
    {
        if (e.name == "cpu") {
            cpus.emplace_back(e.attribute("affinity"), e.attribute("numaid"));
            const int index = int(cpus.size()) - 1;
            std::vector<std::string> none;
            for (const XmlElement& c : e.children)
                element(c, none, index);
            return;
        }
        if (e.name == "nic") {
            for (const XmlElement& net : e.children)
                if (net.name == "net") {
                    nics.push_back(nicOf(net, bridges, cpu, true));
                    nics.back().nic.gbps = number(net, "speed", 0, 1.6e7, 0) / 8000.0;
                }
            return;
        }
        if (e.name != "pci") {
            for (const XmlElement& c : e.children)
                element(c, bridges, cpu);
            return;
        }
        const std::string busid = lower(e.attribute("busid"));
        const std::string cls = lower(e.attribute("class"));
        if (e.children.empty()) {
            bareDevice(e, busid, cls, bridges, cpu);
            return;
        }
        for (const XmlElement& c : e.children) {
            if (c.name == "gpu") {
                Gpu g;
                g.busid = busid;
                g.bridges = bridges;
                g.cpu = cpu;
                g.dev = int(number(c, "dev", 0, 4096, 0));
                g.sm = int(number(c, "sm", 0, 1000, 0));
                g.pcieGen = genOf(e.attribute("link_speed"));
                for (const XmlElement& l : c.children) {
                    if (l.name != "nvlink")
                        continue;
                    const int count = int(number(l, "count", 0, 64, 0));
                    const std::string tclass = lower(l.attribute("tclass"));
                    if (tclass.rfind("0x03", 0) == 0)
                        g.peerLinks[lower(l.attribute("target"))] += count;
                    else // 0x068000 NVSwitch, or a switch a VM hides behind a bridge class (NCCL #1182)
                        g.switchLinks += count;
                }
                gpus.push_back(std::move(g));
            } else if (c.name == "nic") {
                for (const XmlElement& net : c.children)
                    if (net.name == "net") {
                        Nic n = nicOf(net, bridges, cpu, cls.rfind("0x0207", 0) == 0 || cls.empty());
                        n.nic.gbps = number(net, "speed", 0, 1.6e7, 0) / 8000.0; // Mb/s → GB/s, at most 16 Tb/s
                        n.busid = busid;
                        nics.push_back(std::move(n));
                    }
            }
        }
        bridges.push_back(busid);
        for (const XmlElement& c : e.children)
            if (c.name == "pci")
                element(c, bridges, cpu);
        bridges.pop_back();
    }

    // A PCI device with nothing under it: a GPU (class 0x0300 VGA or 0x0302 3D controller) or a NIC (0x0207
    // InfiniBand, 0x0200 Ethernet) of a static file; a bridge or anything else is nothing to Plait.
    void bareDevice(const XmlElement& e, const std::string& busid, const std::string& cls,
        const std::vector<std::string>& bridges, int cpu)
    {
        if (cls.empty()) {
            ++classless;
        } else if (cls.rfind("0x0302", 0) == 0 || cls.rfind("0x0300", 0) == 0) {
            Gpu g;
            g.busid = busid;
            g.bridges = bridges;
            g.cpu = cpu;
            g.dev = int(pciGpus.size());
            g.pcieGen = genOf(e.attribute("link_speed"));
            pciGpus.push_back(std::move(g));
        } else if (cls.rfind("0x0207", 0) == 0 || cls.rfind("0x0200", 0) == 0) {
            Nic n;
            n.busid = busid;
            n.bridges = bridges;
            n.cpu = cpu;
            n.nic.name = "NIC" + std::to_string(pciNics.size());
            n.nic.infiniband = cls.rfind("0x0207", 0) == 0;
            pciNics.push_back(std::move(n));
        }
    }

    // The NIC's place and name; its speed is read by number(), which can refuse it.
    static Nic nicOf(const XmlElement& net, const std::vector<std::string>& bridges, int cpu, bool infiniband)
    {
        Nic n;
        n.bridges = bridges;
        n.cpu = cpu;
        n.nic.name = net.attribute("name").empty() ? "net" + net.attribute("dev") : net.attribute("name");
        n.nic.infiniband = infiniband;
        return n;
    }

    static std::string lower(std::string s)
    {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        return s;
    }

    static int genOf(const std::string& speed)
    {
        const double gts = std::atof(speed.c_str());
        return gts >= 60 ? 6 : gts >= 30 ? 5 : gts >= 15 ? 4 : gts >= 7 ? 3 : gts >= 4 ? 2 : gts > 0 ? 1 : 0;
    }
};

// PIX: under the same bridge; PXB: under a common bridge further up; NODE: one CPU; SYS: across CPUs.
PathKind pciPath(const Device& a, const Device& b)
{
    if (a.cpu != b.cpu)
        return PathKind::Sys;
    std::size_t common = 0;
    while (common < a.bridges.size() && common < b.bridges.size() && a.bridges[common] == b.bridges[common])
        ++common;
    if (common == 0)
        return PathKind::Node;
    return common == a.bridges.size() && common == b.bridges.size() ? PathKind::Pix : PathKind::Pxb;
}
}

bool looksLikeNcclTopo(std::string_view head)
{
    // <system …> first, after an XML declaration, comments and whitespace.
    std::size_t i = 0;
    auto skip = [&](std::string_view open, std::string_view close) {
        i = std::min(head.find_first_not_of(" \t\r\n\xEF\xBB\xBF", i), head.size());
        if (head.substr(i, open.size()) == open) {
            const auto end = head.find(close, i);
            i = end == std::string_view::npos ? head.size() : end + close.size();
            return true;
        }
        return false;
    };
    skip("<?xml", "?>");
    while (i < head.size() && skip("<!--", "-->")) { }
    return head.substr(std::min(i, head.size()), 7) == "<system";
}

Result<NodeTopology> readNcclTopo(std::string_view text, const std::string& source)
{
    auto doc = parseXml(text);
    if (!doc) {
        std::vector<Issue> errors = doc.errors();
        for (Issue& e : errors)
            e.field = source + ": " + e.field;
        return errors;
    }
    const XmlElement& root = doc.value();
    if (root.name != "system")
        return Result<NodeTopology>::failure(
            source, "is not an NCCL topology dump: its root is <" + root.name.substr(0, 32) + ">, not <system>");
    Walk walk;
    std::vector<std::string> bridges;
    for (const XmlElement& c : root.children)
        walk.element(c, bridges, 0);
    if (walk.error)
        return Result<NodeTopology>::failure(source + ": " + walk.error->field, walk.error->message);
    NodeTopology node;
    node.source = source;
    if (walk.gpus.empty() && !walk.pciGpus.empty()) { // a static file: its GPUs and NICs by PCI class
        node.staticFile = true;
        walk.gpus = std::move(walk.pciGpus);
        walk.nics = std::move(walk.pciNics);
    }
    if (walk.gpus.empty())
        return Result<NodeTopology>::failure(source,
            walk.classless > 0 ? "lists " + std::to_string(walk.classless)
                    + " PCI devices by bus ID only, without a class (a static NCCL_TOPO_FILE that leaves each device's "
                      "kind to the machine): it cannot say which are GPUs"
                               : "has no GPU: no <gpu> in its PCI tree and no PCI device of class 0x0300 or 0x0302");
    std::sort(walk.gpus.begin(), walk.gpus.end(), [](const Gpu& a, const Gpu& b) { return a.dev < b.dev; });

    const std::size_t n = walk.gpus.size();
    node.gpuPath.assign(n, std::vector<PathKind>(n, PathKind::Unknown));
    node.nvlinks.assign(n, std::vector<int>(n, 0));
    node.nvswitch = std::any_of(walk.gpus.begin(), walk.gpus.end(), [](const Gpu& g) { return g.switchLinks > 0; });
    for (std::size_t a = 0; a < n; ++a) {
        const Gpu& ga = walk.gpus[a];
        node.cpuAffinity.push_back(walk.cpus.empty() ? std::string() : walk.cpus[std::size_t(ga.cpu)].first);
        node.numaNode.push_back(walk.cpus.empty() ? std::string() : walk.cpus[std::size_t(ga.cpu)].second);
        node.pcieGen = std::max(node.pcieGen, ga.pcieGen);
        node.smVersion = std::max(node.smVersion, ga.sm);
        for (std::size_t b = 0; b < n; ++b) {
            const Gpu& gb = walk.gpus[b];
            // Through the switches a pair runs at the rate of whichever of the two has fewer links up.
            int links = std::min(ga.switchLinks, gb.switchLinks);
            if (const auto it = ga.peerLinks.find(gb.busid); it != ga.peerLinks.end())
                links += it->second;
            node.nvlinks[a][b] = a == b ? 0 : links;
            node.gpuPath[a][b] = a == b ? PathKind::Self : links > 0 ? PathKind::NvLink : pciPath(ga, gb);
        }
    }
    for (const Nic& nic : walk.nics)
        node.nics.push_back(nic.nic);
    node.nicPath.assign(n, std::vector<PathKind>(walk.nics.size(), PathKind::Unknown));
    for (std::size_t g = 0; g < n; ++g)
        for (std::size_t i = 0; i < walk.nics.size(); ++i)
            node.nicPath[g][i] = pciPath(walk.gpus[g], walk.nics[i]);
    return node;
}

} // namespace plait
