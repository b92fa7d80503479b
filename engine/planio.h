#pragma once

#include "plan.h"

#include <QString>

namespace plait::engine {

// Reading and writing plan files with Qt's file guarantees: saves go through QSaveFile, so the file on disk is
// always either the old plan or the new one, never half of each.
Result<Plan> readPlan(const QString& path, const Catalog& catalog = Catalog::builtin());
bool writePlan(const Plan& plan, const QString& path, QString* error);

// The built-in examples (resources/examples, compiled in as Qt resources), by file name without extension.
QStringList exampleNames();
QString examplePath(const QString& name);

} // namespace plait::engine
