#pragma once

#include "evaluation.h"

namespace plait {

// The last stage of evaluate(): every figure must lie in its physical range before anyone sees it. A fraction
// outside [0, 1], a rate above the GPU's peak, a negative time or exposed time above the time it hides in is a
// bug in the cost model, reported as an error ("evaluation" field) rather than printed as a number. A byte count
// beyond 64 bits is the plan's doing (a model of 10¹⁸ parameters), reported against the model.
// `ceilingFraction` is the fastest share of its peak any GEMM on the GPU can run at (gemmCeiling; 1 when unknown):
// no hardware FLOP rate can pass it.
std::vector<Issue> figureProblems(const Evaluation& ev, double ceilingFraction);

// The largest byte count the JSON and the views hold exactly (2⁶³ − 1, about 9.2 EB).
constexpr double kMaxByteCount = 9223372036854774784.0;

} // namespace plait
