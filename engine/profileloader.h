#pragma once

#include "kinetoprofile.h"

#include <QStringList>
#include <vector>

namespace plait::engine {

// Every rank's profile of a job read at once, one file per worker thread (issue 43): each file's summary, or why it
// could not be read, in the order given.
std::vector<Result<RankProfile>> readRankProfiles(const QStringList& paths);

} // namespace plait::engine
