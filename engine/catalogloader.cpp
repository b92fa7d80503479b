#include "catalogloader.h"

#include "safejson.h"

#include <QDir>
#include <QStandardPaths>

namespace plait::engine {

QStringList catalogDirectories()
{
    QStringList dirs;
    const QString env = qEnvironmentVariable("PLAIT_CATALOG_DIR");
    if (!env.isEmpty())
        dirs << env.split(QLatin1Char(':'), Qt::SkipEmptyParts);
    dirs << QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + QStringLiteral("/plait/catalog");
    return dirs;
}

Catalog loadCatalog(QStringList* problems)
{
    Catalog catalog = Catalog::builtin();
    for (const QString& dir : catalogDirectories()) {
        const QDir d(dir);
        for (const QString& name : d.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
            const QString path = d.filePath(name);
            auto doc = readJsonFile(path.toStdString(), JsonLimits { 4u << 20, 16 });
            if (!doc) {
                if (problems)
                    *problems << QString::fromStdString(doc.errorText());
                continue;
            }
            for (const Issue& issue : catalog.merge(doc.value()))
                if (problems)
                    *problems << path + QStringLiteral(": ")
                            + QString::fromStdString(
                                issue.field.empty() ? issue.message : issue.field + ": " + issue.message);
        }
    }
    return catalog;
}

} // namespace plait::engine
