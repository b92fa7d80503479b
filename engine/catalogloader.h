#pragma once

#include "catalog.h"

#include <QStringList>

namespace plait::engine {

// The shipped catalogs with the user's own entries merged on top: every *.json file in the directories of
// $PLAIT_CATALOG_DIR (colon-separated) and in ~/.config/plait/catalog. A user entry with a shipped id replaces
// it; problems in a file are reported and the rest of the files still load.
Catalog loadCatalog(QStringList* problems = nullptr);

// Where the user's catalog files are looked for, in order.
QStringList catalogDirectories();

} // namespace plait::engine
