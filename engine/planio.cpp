#include "planio.h"
#include "text.h"

#include "safejson.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

namespace plait::engine {

Result<Plan> readPlan(const QString& path, const Catalog& catalog)
{
    QFile file(path);
    const JsonLimits limits;
    if (!file.open(QIODevice::ReadOnly))
        return Result<Plan>::failure("", "cannot open " + path.toStdString() + ": " + file.errorString().toStdString());
    if (file.size() > qint64(limits.maxBytes))
        return Result<Plan>::failure("",
            path.toStdString() + " is " + std::to_string(file.size() >> 20) + " MiB, larger than the limit of "
                + std::to_string(limits.maxBytes >> 20) + " MiB");
    const QByteArray bytes = file.readAll();
    auto doc = parseJson(std::string_view(bytes.constData(), std::size_t(bytes.size())), limits);
    if (!doc)
        return Result<Plan>::failure("", path.toStdString() + ": " + doc.errorText());
    return planFromJson(doc.value(), catalog);
}

bool writePlan(const Plan& plan, const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    const std::string text = dumpJson(toJson(plan), 2) + "\n";
    file.write(text.data(), qint64(text.size()));
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

QStringList exampleNames()
{
    QStringList names;
    for (const QString& f :
        QDir(QStringLiteral(":/examples")).entryList({ QStringLiteral("*.plait.json") }, QDir::Files, QDir::Name))
        names << f.chopped(int(qstrlen(".plait.json")));
    return names;
}

QString examplePath(const QString& name)
{
    for (const QString& n : exampleNames())
        if (n == name || n.startsWith(name + QLatin1Char('-')))
            return QStringLiteral(":/examples/") + n + QStringLiteral(".plait.json");
    return {};
}

} // namespace plait::engine
