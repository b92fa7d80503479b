#pragma once
// The probe's commands. Each returns an exit code or throws ProbeError; main() turns errors into the contract's
// last line.
#include "probecli.h"
#include "world.h"

namespace plait::probe {

int runInfo(const Options& o);
int runCollectives(const Options& o, const World& world);
int runCompute(const Options& o);
int runPipeline(const Options& o);

} // namespace plait::probe
