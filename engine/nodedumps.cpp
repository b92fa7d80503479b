#include "nodedumps.h"

#include "nccltopo.h"
#include "smitopo.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <map>

namespace plait::engine {

Result<std::vector<NodeTopology>> readNodeDumps(const QStringList& paths)
{
    QStringList files;
    for (const QString& p : paths) {
        const QFileInfo info(p);
        if (info.isDir()) {
            for (const QFileInfo& f : QDir(p).entryInfoList(QDir::Files, QDir::Name))
                files << f.filePath();
        } else {
            files << p;
        }
    }
    if (files.isEmpty())
        return Result<std::vector<NodeTopology>>::failure("", "no file to read");
    if (files.size() > kMaxNodeDumps)
        return Result<std::vector<NodeTopology>>::failure(
            "", std::to_string(files.size()) + " files; at most " + std::to_string(kMaxNodeDumps) + " nodes");
    std::vector<NodeTopology> nodes;
    std::map<std::string, int> hosts;
    for (const QString& path : files) {
        const std::string name = path.toStdString();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return Result<std::vector<NodeTopology>>::failure(
                name, "cannot be read: " + file.errorString().toStdString());
        if (file.size() > kMaxNodeDumpBytes)
            return Result<std::vector<NodeTopology>>::failure(name,
                "is " + std::to_string(file.size() >> 20) + " MiB; a node's description is at most "
                    + std::to_string(kMaxNodeDumpBytes >> 20) + " MiB");
        const QByteArray bytes = file.read(kMaxNodeDumpBytes + 1);
        const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
        const std::string source = QFileInfo(path).fileName().toStdString();
        auto node = looksLikeNcclTopo(text) ? readNcclTopo(text, source)
            : looksLikeSmiTopo(text)        ? readSmiTopo(text, source)
                                            : Result<NodeTopology>::failure(name,
                                                "is neither nvidia-smi topo -m output nor an NCCL topology dump "
                                                       "(NCCL_TOPO_DUMP_FILE)");
        if (!node)
            return node.errors();
        const QFileInfo info(path);
        node.value().host = info.completeBaseName().toStdString();
        nodes.push_back(std::move(node.value()));
        ++hosts[nodes.back().host];
    }
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (hosts[nodes[i].host] > 1) // topo.xml in one folder per host
            nodes[i].host = QString(QFileInfo(files[int(i)]).dir().dirName() + QLatin1Char('/')
                + QFileInfo(files[int(i)]).completeBaseName())
                                .toStdString();
    return nodes;
}

Result<ImportedCluster> importNodeDumps(const QStringList& paths, const Plan& base)
{
    auto nodes = readNodeDumps(paths);
    if (!nodes)
        return nodes.errors();
    auto cluster = clusterFromTopology(nodes.value(), base.cluster);
    if (!cluster)
        return cluster.errors();
    auto plan = planOnCluster(base, cluster.value().cluster);
    if (!plan)
        return plan.errors();
    return ImportedCluster { std::move(nodes.value()), std::move(cluster.value()), std::move(plan.value()) };
}

} // namespace plait::engine
