#include "fabriccheck.h"

#include "groups.h"
#include "median.h"
#include "messagetext.h"
#include "numtext.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace plait {

namespace {
Warning warning(const char* code, std::vector<std::string> args)
{
    std::string message = messageText(std::string("fabric:") + code, args);
    return { code, std::move(message), std::move(args) };
}
// The sizes that show a link's bandwidth rather than its latency.
std::vector<std::size_t> largeSizes(const std::vector<FabricPoint>& points)
{
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (points[i].bytes >= 64.0 * (1 << 20))
            out.push_back(i);
    if (out.empty())
        for (std::size_t i = points.size() > 3 ? points.size() - 3 : 0; i < points.size(); ++i)
            out.push_back(i);
    return out;
}
}

FabricCheck checkFabric(const LinksResult& measured, const ClusterSpec& planCluster)
{
    FabricCheck check;
    check.ranks = measured.ranks;
    check.hosts = std::max(1, measured.hosts);
    const int perHost = (measured.ranks + check.hosts - 1) / check.hosts;
    if (perHost > planCluster.gpusPerNode) {
        check.findings.push_back(
            warning("ranks-per-host", { std::to_string(perHost), std::to_string(planCluster.gpusPerNode) }));
        return check;
    }
    // The ranks as nccl-tests places them: the first GPUs of as many nodes as hosts.
    ClusterSpec cluster = planCluster;
    cluster.nodes = std::max(cluster.nodes, check.hosts);
    std::vector<int> gpus;
    for (int h = 0; h < check.hosts; ++h)
        for (int j = 0; j < perHost && int(gpus.size()) < measured.ranks; ++j)
            gpus.push_back(h * cluster.gpusPerNode + j);
    const GroupPath path = soloPath(cluster, gpus);
    check.link = path.link;
    for (const OpSweep& sweep : measured.ops) {
        FabricOpCheck op;
        op.op = sweep.op;
        for (const SizePoint& p : sweep.points) {
            const double t = collectiveTime(sweep.op, p.bytes, path).seconds;
            const double expected = t > 0 ? p.bytes / t / 1e9 * busBandwidthFactor(sweep.op, measured.ranks) : 0;
            if (!(expected > 0) || !std::isfinite(expected)) // nothing crosses a link: no ratio to take
                continue;
            op.points.push_back({ p.bytes, p.busbwGBps, expected });
        }
        if (op.points.empty())
            continue;
        std::vector<double> ratios;
        op.largeFromBytes = INFINITY;
        for (std::size_t i : largeSizes(op.points)) {
            ratios.push_back(op.points[i].measuredBusGBps / op.points[i].expectedBusGBps);
            op.largeBytes = std::max(op.largeBytes, op.points[i].bytes);
            op.largeFromBytes = std::min(op.largeFromBytes, op.points[i].bytes);
        }
        op.largeRatio = median(ratios);
        const FabricPoint* at = nullptr;
        for (const FabricPoint& p : op.points)
            if (p.bytes == op.largeBytes)
                at = &p;
        if (at && (op.largeRatio < kFabricSlow || op.largeRatio > kFabricFast))
            check.findings.push_back(warning(op.largeRatio < kFabricSlow ? "slow" : "faster",
                { collectiveName(op.op), std::to_string(measured.ranks), std::to_string(check.hosts),
                    numText(at->measuredBusGBps, "%.1f"), bytesText(at->bytes), numText(100 * op.largeRatio, "%.0f"),
                    numText(at->expectedBusGBps, "%.1f"), check.link }));
        check.ops.push_back(std::move(op));
    }
    return check;
}

std::vector<FabricOutlier> fabricOutliers(const std::vector<LinksResult>& measurements)
{
    // Peers: one op over as many ranks and hosts. Each is judged at the largest size all of them measured.
    std::map<std::tuple<int, int, int>, std::vector<std::size_t>> peers;
    for (std::size_t i = 0; i < measurements.size(); ++i)
        for (const OpSweep& s : measurements[i].ops)
            peers[{ int(s.op), measurements[i].ranks, measurements[i].hosts }].push_back(i);
    std::vector<FabricOutlier> out;
    for (const auto& [key, members] : peers) {
        if (members.size() < 3)
            continue; // two disagree without telling which is slow
        const auto op = CollectiveKind(std::get<0>(key));
        double common = 0;
        bool first = true;
        for (std::size_t i : members) {
            double largest = 0;
            for (const SizePoint& p : measurements[i].sweep(op)->points)
                largest = std::max(largest, p.bytes);
            common = first ? largest : std::min(common, largest);
            first = false;
        }
        auto busAt = [&](std::size_t i) {
            for (const SizePoint& p : measurements[i].sweep(op)->points)
                if (p.bytes == common)
                    return p.busbwGBps;
            return 0.0;
        };
        std::vector<double> all;
        for (std::size_t i : members)
            all.push_back(busAt(i));
        const double mid = median(all);
        for (std::size_t i : members) {
            const double bus = busAt(i);
            if (mid <= 0 || bus >= kFabricSlow * mid)
                continue;
            FabricOutlier o;
            o.result = i;
            o.op = op;
            o.hosts = measurements[i].hostNames;
            o.busGBps = bus;
            o.peersGBps = mid;
            o.bytes = common;
            o.peers = int(members.size());
            std::string hosts;
            for (const std::string& h : o.hosts)
                hosts += (hosts.empty() ? "" : ", ") + h;
            o.finding = warning("outlier",
                { collectiveName(op), hosts.empty() ? std::string("?") : hosts, numText(bus, "%.1f"), bytesText(common),
                    numText(100 * bus / mid, "%.0f"), std::to_string(o.peers), numText(mid, "%.1f") });
            out.push_back(std::move(o));
        }
    }
    return out;
}

std::string otherGpuMeasured(const LinksResult& measured, const GpuSpec& gpu)
{
    // Upper case, every other character a blank, so a model name stands as its own word.
    auto words = [](std::string_view s) {
        std::string out;
        for (char c : s)
            out += std::isalnum(static_cast<unsigned char>(c)) ? char(std::toupper(static_cast<unsigned char>(c)))
                                                               : ' ';
        return out;
    };
    std::string family = words(std::string_view(gpu.id).substr(0, gpu.id.find('-')));
    family.erase(std::remove(family.begin(), family.end(), ' '), family.end());
    if (family.empty())
        return {};
    for (const std::string& name : measured.gpus) {
        const std::string named = words(name);
        if (named.find_first_not_of(' ') == std::string::npos)
            continue;
        // "NVIDIA H100 80GB HBM3" holds H100; a GB200 is not a B200, nor an H800 an H100.
        const std::size_t at = named.find(family);
        const bool same = at != std::string::npos
            && (at == 0 || !std::isalpha(static_cast<unsigned char>(named[at - 1])))
            && (at + family.size() == named.size()
                || !std::isdigit(static_cast<unsigned char>(named[at + family.size()])));
        if (!same)
            return name;
    }
    return {};
}

} // namespace plait
