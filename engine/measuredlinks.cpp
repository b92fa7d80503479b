#include "measuredlinks.h"

#include "text.h"

#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <tuple>

namespace plait::engine {

Result<MeasuredLinks> readMeasuredLinks(const QStringList& paths)
{
    MeasuredLinks out;
    for (const QString& path : paths) {
        const std::string name = QFileInfo(path).fileName().toStdString();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return Result<MeasuredLinks>::failure(
                path.toStdString(), "cannot be read: " + file.errorString().toStdString());
        if (file.size() > qint64(kMaxNcclTestsBytes))
            return Result<MeasuredLinks>::failure(path.toStdString(),
                "is " + std::to_string(file.size() >> 20) + " MiB; an nccl-tests log may be at most 64 MiB");
        const QByteArray bytes = file.read(qint64(kMaxNcclTestsBytes) + 1);
        auto log = readNcclTests(std::string_view(bytes.constData(), std::size_t(bytes.size())), name);
        if (!log) {
            std::vector<Issue> errors = log.errors();
            for (Issue& e : errors)
                e.field = path.toStdString() + (e.field.empty() ? "" : ": " + e.field);
            return errors;
        }
        for (LinksResult& l : linksFromNcclTests(log.value())) {
            std::string hosts;
            for (const std::string& h : l.hostNames)
                hosts += (hosts.empty() ? "" : ", ") + h;
            l.source += "; " + utf8Prefix(name, 80) + "; " + std::to_string(l.ranks) + " ranks"
                + (hosts.empty() ? "" : " on " + utf8Prefix(hosts, 120));
            l.source = utf8Prefix(l.source, 256); // what a plan file's source holds
            out.measurements.push_back(std::move(l));
        }
        for (const std::string& n : log.value().notes)
            if (std::find(out.notes.begin(), out.notes.end(), n) == out.notes.end())
                out.notes.push_back(n);
    }
    if (out.measurements.empty())
        return Result<MeasuredLinks>::failure("",
            "none of the files measures a collective Plait prices (all-reduce, all-gather, reduce-scatter, all-to-all, "
            "send/recv)");
    out.outliers = fabricOutliers(out.measurements);
    return out;
}

namespace {
double largeBusGBps(const LinksResult& l, CollectiveKind kind)
{
    const OpSweep* s = l.sweep(kind);
    return s && !s->points.empty() ? s->points.back().busbwGBps : 0;
}
const LinksResult* pick(std::vector<const LinksResult*> candidates, CollectiveKind kind)
{
    if (candidates.empty())
        return nullptr;
    std::sort(candidates.begin(), candidates.end(),
        [kind](const LinksResult* a, const LinksResult* b) { return largeBusGBps(*a, kind) < largeBusGBps(*b, kind); });
    return candidates[(candidates.size() - 1) / 2];
}

// The measurements of `kind` to apply: over the most ranks on one host, and over the most hosts.
std::pair<const LinksResult*, const LinksResult*> chosen(
    const MeasuredLinks& links, const GpuSpec* planGpu, CollectiveKind kind)
{
    std::vector<const LinksResult*> intra, inter;
    int mostRanks = 0, mostHosts = 0;
    auto usable = [&](const LinksResult& l) {
        return largeBusGBps(l, kind) > 0 && l.ranks >= 2 && (!planGpu || otherGpuMeasured(l, *planGpu).empty());
    };
    for (const LinksResult& l : links.measurements) {
        if (!usable(l))
            continue;
        if (l.linkClass == "inter_node")
            mostHosts = std::max(mostHosts, l.hosts);
        else
            mostRanks = std::max(mostRanks, l.ranks);
    }
    for (const LinksResult& l : links.measurements) {
        if (!usable(l))
            continue;
        if (l.linkClass == "inter_node" && l.hosts == mostHosts)
            inter.push_back(&l);
        else if (l.linkClass != "inter_node" && l.ranks == mostRanks)
            intra.push_back(&l);
    }
    return { pick(intra, kind), pick(inter, kind) };
}
}

LinkChoice linksToApply(const MeasuredLinks& links, const GpuSpec* planGpu)
{
    LinkChoice choice;
    std::tie(choice.intraNode, choice.interNode) = chosen(links, planGpu, CollectiveKind::AllReduce);
    for (CollectiveKind kind : { CollectiveKind::AllGather, CollectiveKind::ReduceScatter, CollectiveKind::AllToAll }) {
        const auto [intra, inter] = chosen(links, planGpu, kind);
        if (intra)
            choice.intraRates.emplace_back(kind, intra);
        if (inter)
            choice.interRates.emplace_back(kind, inter);
    }
    return choice;
}

std::map<int, std::vector<Warning>> nodeFindings(const MeasuredLinks& links, const ClusterSpec& cluster)
{
    std::vector<std::string> hosts;
    for (const LinksResult& l : links.measurements)
        for (const std::string& h : l.hostNames)
            if (std::find(hosts.begin(), hosts.end(), h) == hosts.end())
                hosts.push_back(h);
    std::map<int, std::vector<Warning>> out;
    auto flag = [&](const std::vector<std::string>& on, const Warning& w) {
        for (const std::string& h : on) {
            const int node = int(std::find(hosts.begin(), hosts.end(), h) - hosts.begin());
            if (node < cluster.nodes)
                out[node].push_back(w);
        }
    };
    for (const LinksResult& l : links.measurements)
        for (const Warning& w : checkFabric(l, cluster).findings)
            if (w.code == "slow")
                flag(l.hostNames, w);
    for (const FabricOutlier& o : links.outliers)
        flag(o.hosts, o.finding);
    return out;
}

Plan planWithLinks(const Plan& plan, const LinkChoice& choice, std::vector<ProfileCollectiveRate>* kinds)
{
    Plan p = plan;
    bool broken[2] = { false, false }; // in-node, inter-node
    for (int i = 0; i < 2; ++i)
        if (const LinksResult* l = i == 0 ? choice.intraNode : choice.interNode) {
            auto calibrated = planWithMeasuredLinks(p, *l, l->source);
            broken[i] = brokenLink(*l, calibrated.has_value());
            if (calibrated)
                p = std::move(*calibrated);
        }
    for (int i = 0; i < 2; ++i)
        for (const auto& [kind, l] : i == 0 ? choice.intraRates : choice.interRates) {
            ProfileCollectiveRate k;
            if (broken[i]) {
                k.kind = kind;
                k.note = { "profilecal:link-broken", {} };
            } else
                k = measuredCollectiveRate(p, *l, kind, l->source);
            if (kinds)
                kinds->push_back(k);
        }
    return p;
}

} // namespace plait::engine
