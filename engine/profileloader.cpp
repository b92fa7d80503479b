#include "profileloader.h"

#include <QtConcurrent/QtConcurrentMap>

namespace plait::engine {

std::vector<Result<RankProfile>> readRankProfiles(const QStringList& paths)
{
    // Each worker holds one file's text while it streams through it, so memory stays at a file per thread plus the
    // summaries.
    const QList<Result<RankProfile>> read = QtConcurrent::blockingMapped(
        paths, [](const QString& path) { return readKinetoProfileFile(path.toStdString()); });
    return std::vector<Result<RankProfile>>(read.begin(), read.end());
}

} // namespace plait::engine
