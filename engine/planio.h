#pragma once

#include "evaluation.h"
#include "plan.h"

#include <QString>

namespace plait::engine {

// Reading and writing plan files with Qt's file guarantees: saves go through QSaveFile, so the file on disk is
// always either the old plan or the new one, never half of each.
Result<Plan> readPlan(const QString& path, const Catalog& catalog = Catalog::builtin());
bool writePlan(const Plan& plan, const QString& path, QString* error);

// A plan file as every command reads it: `unreadable` when the file cannot be read or is not JSON (the commands'
// exit 2), otherwise the plan or why it is invalid (exit 1). Every message names the file or the field.
struct PlanFile {
    Result<Plan> plan = Result<Plan>::failure("", "not read");
    bool unreadable = false;
    std::vector<Warning> keyWarnings; // keys Plait does not read (the evaluation repeats them for a valid plan)
};
PlanFile readPlanFile(const QString& path, const Catalog& catalog = Catalog::builtin());

// The built-in examples (resources/examples, compiled in as Qt resources), by file name without extension.
QStringList exampleNames();
QString examplePath(const QString& name);

} // namespace plait::engine
