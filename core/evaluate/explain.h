#pragma once
// The formula behind a figure the window shows, with this plan's numbers put in, and its source. Every phrase is a
// sentence of the message table ("explain:…"), so the pop-up says it in the user's language and the command line
// in English, with the same numbers.
#include "evaluation.h"
#include "messagetext.h"
#include "plan.h"

#include <string>
#include <vector>

namespace plait {

enum class MemoryTerm { Weights, Gradients, Optimizer, Activations, Other };
const char* memoryTermName(MemoryTerm t); // "weights", … as the message table's "term:" keys name them

// A line of an explanation: its phrases, said one after another.
using ExplainLine = std::vector<Message>;
using Explanation = std::vector<ExplainLine>;

// The formula behind one memory segment of one stage (empty for a stage the evaluation does not have).
Explanation explainMemory(const Plan& plan, const Evaluation& ev, int stage, MemoryTerm term);

// The formula behind one communication item: α + S·factor/β per call, the link, the calls per step.
Explanation explainComm(const CommItem& item);

// In English, a line each.
std::string explanationText(const Explanation& e);

} // namespace plait
