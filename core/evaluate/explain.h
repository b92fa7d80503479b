#pragma once

#include "evaluation.h"
#include "plan.h"

#include <string>

namespace plait {

enum class MemoryTerm { Weights, Gradients, Optimizer, Activations, Other };
const char* memoryTermName(MemoryTerm t);

// The formula behind one memory segment of one stage, with this plan's numbers put in, and its source.
std::string explainMemory(const Plan& plan, const Evaluation& ev, int stage, MemoryTerm term);

// The formula behind one communication item: α + S·factor/β per call, the link, the calls per step.
std::string explainComm(const CommItem& item);

} // namespace plait
