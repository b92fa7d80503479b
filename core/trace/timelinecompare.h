#pragma once

#include "messagetext.h"
#include "timeline.h"

#include <map>

namespace plait {

// Predicted against measured, aligned by pipeline stage and by op (stage, kind, micro-batch, chunk).
struct StageComparison {
    int stage = 0;
    int predictedLane = -1, measuredLane = -1;
    double predictedBusyS = 0, measuredBusyS = 0;
    double predictedBubble = 0, measuredBubble = 0;
};
struct TimelineComparison {
    double predictedStepS = 0, measuredStepS = 0;
    double predictedBubble = 0, measuredBubble = 0;
    std::vector<StageComparison> stages;
    int matchedOps = 0, unmatchedOps = 0;
    double meanAbsOpError = 0; // mean |measured − predicted| / predicted over matched ops
};
TimelineComparison compareTimelines(const Timeline& predicted, const Timeline& measured);

// What makes a measured timeline another shape than the predicted one, each said with both numbers: more compute
// lanes than the plan has stages (16 against 4) in a trace whose lanes are stages, other stage numbers where the trace
// names them, another count of micro-batches or model chunks per stage where its ops carry them. Empty when nothing the
// trace says disagrees: then the two can be aligned op by op.
std::vector<Message> timelineShapeProblems(const Timeline& predicted, const Timeline& measured);

// The compute lane that stands for each stage: the stage its spans name, else the lane's order among compute lanes.
// Of a stage's lanes (a job's profile has one per rank) the one of median busy time stands for it, as a profile's
// measured stage is its median rank (jobprofile.h): a straggler does not set its stage's figures.
std::map<int, int> computeLanesByStage(const Timeline& timeline, const TimelineFigures& figures);
// The bubble of the busiest stage, each stage stood for by its lane above: the figure a measured timeline's heading
// and its comparison give (with one lane per stage, the busiest lane's, timelineFigures' bubbleFraction).
double busiestStageBubble(const Timeline& timeline, const TimelineFigures& figures);

// The same op as `op` (a compute span of `stage`) in another timeline: same kind, micro-batch and chunk on the lane
// that stands for that stage; null when there is none. What the Gantt shows beside a clicked op.
const Span* matchingOp(const Timeline& other, const TimelineFigures& otherFigures, int stage, const Span& op);

} // namespace plait
