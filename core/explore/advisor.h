#pragma once

#include "evaluation.h"
#include "messagetext.h"
#include "plan.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace plait {

// The decision procedure experienced engineers follow, applied to one plan with its numbers:
//  1. memory first: what must be sharded (optimizer state → ZeRO; the weights themselves → TP or PP), and whether
//     recomputation is the cheaper way to fit;
//  2. the interconnect limits how far TP may reach (inside the NVLink domain); across nodes PP or DP, whose
//     messages are fewer and larger;
//  3. DP first, then TP and PP only where memory or speed demands them.
// Each item says what it saw, why it matters, and offers one fix: a whole plan, evaluated, that fits (and, when
// memory was not the problem, is faster).
struct Advice {
    std::string code; // memory-optimizer, memory-activations, memory-weights, tp-crosses-node, tp-wider-than-node,
                      // too-few-microbatches, tp-comm-exposed, dp-comm-dominates, prefer-dp, idle-gpus,
                      // precision-at-tp
    int step = 1; // of the procedure above
    // What it saw, why that matters and the fix it offers, each a template of messagetext.cpp ("advice:" + code +
    // ":saw", …) with this plan's numbers: messageText() says them in English, the views in the user's language.
    // `fix` is empty when no single change helps.
    Message saw, why, fix;
    std::optional<Plan> fixed; // the plan after the fix; empty when no single change helps
    double fixedStepS = 0, fixedPeakBytes = 0;
};

// Asked between candidate evaluations; true stops the advisor early (what it returns then is incomplete).
using Cancelled = std::function<bool()>;
std::vector<Advice> advise(const Plan& plan, const Evaluation& ev, const Cancelled& cancelled = {});

} // namespace plait
