#include "plandocument.h"

#include "plankeys.h"

namespace plait {

PlanDocument planDocumentOf(const nlohmann::json& doc, const Plan& plan)
{
    PlanDocument out;
    if (const auto d = doc.find("description"); d != doc.end() && d->is_string())
        out.description = d->get<std::string>();
    out.unknownKeys = unknownKeysOf(doc);
    out.keyWarnings = unknownKeyWarnings(doc);
    if (!out.keyWarnings.empty()) {
        const nlohmann::json applied = toJson(plan);
        out.keyWarnings = unknownKeyWarnings(doc, &applied);
    }
    return out;
}

nlohmann::json toJson(const Plan& plan, const PlanDocument& document)
{
    nlohmann::json out = toJson(plan);
    if (!document.description.empty())
        out["description"] = document.description;
    addUnknownKeys(out, document.unknownKeys);
    return out;
}

} // namespace plait
