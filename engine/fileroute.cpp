#include "fileroute.h"

#include "launchconfig.h"
#include "nccltests.h"
#include "nccltopo.h"
#include "smitopo.h"

#include <QFile>
#include <QRegularExpression>
#include <algorithm>

namespace plait::engine {

FileKind classifyFile(const QString& fileName, const QByteArray& head)
{
    // The document's own "format" key, near its top as Plait writes it (a key further down is missed: Unknown).
    static const QRegularExpression format(QStringLiteral("\"format\"\\s*:\\s*\"([a-z-]+/[0-9]+)\""));
    const QString text = QString::fromUtf8(head);
    if (const auto m = format.match(text); m.hasMatch()) {
        const QString f = m.captured(1);
        if (f == QLatin1String("plait-plan/1"))
            return FileKind::Plan;
        if (f == QLatin1String("plait-links/1"))
            return FileKind::Links;
        if (f == QLatin1String("plait-compute/1"))
            return FileKind::Compute;
        if (f == QLatin1String("plait-torch-reference/1"))
            return FileKind::TorchReference;
    }
    if (looksLikeNcclTests(std::string_view(head.constData(), std::size_t(head.size()))))
        return FileKind::NcclTests;
    const std::string_view bytes(head.constData(), std::size_t(head.size()));
    if (detectLaunchFormat(bytes))
        return FileKind::LaunchConfig;
    if (looksLikeNcclTopo(bytes) || looksLikeSmiTopo(bytes))
        return FileKind::NodeDump;
    if (text.contains(QLatin1String("\"traceEvents\"")) || text.trimmed().startsWith(QLatin1Char('[')))
        return FileKind::Trace;
    if (fileName.endsWith(QLatin1String(".plait.json")))
        return FileKind::Plan;
    return FileKind::Unknown;
}

FileKind classifyFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return FileKind::Unknown;
    const FileKind kind = classifyFile(path, file.read(kSniffBytes));
    // A small document whose "format" sits further down (its keys sorted, a long list first) is read whole.
    if (kind == FileKind::Unknown && file.size() <= 8 * 1024 * 1024 && file.seek(0))
        return classifyFile(path, file.readAll());
    return kind;
}

std::vector<FileGroup> groupFiles(const QStringList& paths)
{
    std::vector<FileGroup> groups;
    for (const QString& path : paths) {
        const FileKind kind = path.isEmpty() ? FileKind::Unknown : classifyFile(path);
        auto same = std::find_if(groups.begin(), groups.end(), [kind](const FileGroup& g) { return g.kind == kind; });
        if (traitsOf(kind).together && same != groups.end())
            same->paths << path;
        else
            groups.push_back({ kind, { path } });
    }
    std::stable_partition(groups.begin(), groups.end(), [](const FileGroup& g) { return g.kind == FileKind::Plan; });
    return groups;
}

} // namespace plait::engine
