#include "planio.h"

#include "atomicfile.h"
#include "plankeys.h"
#include "safejson.h"
#include "text.h"

#include <QDir>
#include <QFile>

namespace plait::engine {

PlanFile readPlanFile(const QString& path, const Catalog& catalog)
{
    PlanFile out;
    out.unreadable = true;
    QFile file(path);
    const JsonLimits limits;
    if (!file.open(QIODevice::ReadOnly)) {
        out.plan
            = Result<Plan>::failure("", "cannot open " + path.toStdString() + ": " + file.errorString().toStdString());
        return out;
    }
    if (file.size() > qint64(limits.maxBytes)) {
        out.plan = Result<Plan>::failure("",
            path.toStdString() + " is " + std::to_string(file.size() >> 20) + " MiB, larger than the limit of "
                + std::to_string(limits.maxBytes >> 20) + " MiB");
        return out;
    }
    const QByteArray bytes = file.readAll();
    auto doc = parseJson(std::string_view(bytes.constData(), std::size_t(bytes.size())), limits);
    if (!doc) {
        out.plan = Result<Plan>::failure("", path.toStdString() + ": " + doc.errorText());
        return out;
    }
    out.unreadable = false;
    out.plan = planFromJson(doc.value(), catalog);
    if (out.plan)
        out.document = planDocumentOf(doc.value(), out.plan.value());
    else // a misspelt key may be why the plan is refused
        out.document.keyWarnings = unknownKeyWarnings(doc.value());
    if (!out.plan) {
        // A problem with the document as a whole names the file it is about.
        std::vector<Issue> issues = out.plan.errors();
        for (Issue& i : issues)
            if (i.field.empty())
                i.message = path.toStdString() + ": " + i.message;
        out.plan = std::move(issues);
    }
    return out;
}

Result<Plan> readPlan(const QString& path, const Catalog& catalog)
{
    return readPlanFile(path, catalog).plan;
}

std::vector<Issue> loaderRefusal(const Plan& plan)
{
    const Result<Plan> again = planFromJson(toJson(plan));
    return again ? std::vector<Issue> {} : again.errors();
}

bool writePlan(const Plan& plan, const QString& path, QString* error)
{
    return writePlan(plan, PlanDocument {}, path, error);
}

bool writePlan(const Plan& plan, const PlanDocument& document, const QString& path, QString* error)
{
    if (const std::vector<Issue> refused = loaderRefusal(plan); !refused.empty()) {
        if (error)
            *error = QString::fromStdString("the plan would not load again: "
                + (refused.front().field.empty() ? "" : refused.front().field + ": ") + refused.front().message);
        return false;
    }
    QString why;
    const bool ok
        = writeFileAtomically(path, QByteArray::fromStdString(dumpJson(toJson(plan, document), 2) + "\n"), &why);
    if (!ok && error)
        *error = why;
    return ok;
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
