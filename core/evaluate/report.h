#pragma once

#include "evaluation.h"
#include "plan.h"
#include "timeline.h"

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>

namespace plait {

// The contract's `plait evaluate --json` object.
nlohmann::json evaluationToJson(const Evaluation& ev);

// The same figures as readable text for the terminal.
std::string evaluationText(const Evaluation& ev, const Plan& plan);

// The simulated timeline as Chrome trace event JSON (Perfetto opens it): pid 0, one thread per stage, complete
// "X" events with ts/dur in microseconds, transfers on their own threads with flow arrows, and a "plait" block.
nlohmann::json timelineToChromeTrace(const Evaluation& ev, const Plan& plan);
// The same, streamed (what plait timeline and Export Timeline write).
void writeTimelineTrace(std::ostream& out, const Evaluation& ev, const Plan& plan);
// The same with the predicted timeline already made (an Analysis has it): nothing is simulated again.
void writeTimelineTrace(std::ostream& out, const Evaluation& ev, const Plan& plan, const Timeline& predicted);

} // namespace plait
