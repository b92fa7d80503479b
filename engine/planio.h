#pragma once

#include "evaluation.h"
#include "plan.h"
#include "plandocument.h"

#include <QString>

namespace plait::engine {

// Reading and writing plan files with Qt's file guarantees: saves go through QSaveFile, so the file on disk is
// always either the old plan or the new one, never half of each.
Result<Plan> readPlan(const QString& path, const Catalog& catalog = Catalog::builtin());
// A plan the loader would refuse once written (a figure outside its range, an over-long source) is not written.
// With its document, the description and keys this version does not read are written beside it.
bool writePlan(const Plan& plan, const PlanDocument& document, const QString& path, QString* error);
bool writePlan(const Plan& plan, const QString& path, QString* error); // a new plan: no file held anything beside it

// Why the plan loader would refuse `plan` once written; empty when it reads back. Every import checks its result
// with this before saying anything worked (issue 39 B).
std::vector<Issue> loaderRefusal(const Plan& plan);

// A plan file as every command reads it: `unreadable` when the file cannot be read or is not JSON (the commands'
// exit 2), otherwise the plan or why it is invalid (exit 1). Every message names the file or the field.
struct PlanFile {
    Result<Plan> plan = Result<Plan>::failure("", "not read");
    bool unreadable = false;
    PlanDocument document; // the description, the keys Plait does not read and the warnings about them
};
PlanFile readPlanFile(const QString& path, const Catalog& catalog = Catalog::builtin());

// The built-in examples (resources/examples, compiled in as Qt resources), by file name without extension.
QStringList exampleNames();
QString examplePath(const QString& name);

} // namespace plait::engine
