#pragma once
// How a pipeline op appears on a timeline: its span kind, and its name ("F3", "R3", "B3", "W3"); shared by the
// predicted timeline and the probe's measured one, so the Gantt can align them.
#include "schedule.h"
#include "timeline.h"

#include <string>

namespace plait {

SpanKind spanKindOf(OpKind k);
std::string opSpanName(OpKind k, int microBatch);

} // namespace plait
