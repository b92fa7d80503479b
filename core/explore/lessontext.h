#pragma once
// The figures a lesson names, computed from the plan its step shows: a lesson's text says "{bytes_states} bytes ×
// {params}" and each {name} is filled from this plan's memory model, evaluation and groups (and, for a comparison,
// the step before), in English or Chinese alike. No number a lesson states is typed into its text.
#include "evaluation.h"
#include "groups.h"
#include "messagetext.h"
#include "plan.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace plait {

struct LessonFacts {
    const Plan* plan = nullptr;
    const Evaluation* evaluation = nullptr; // null while the step's plan is being evaluated
    const GroupSet* groups = nullptr;
    const Plan* previousPlan = nullptr; // the step before, for {step_vs_previous} and the like; null on the first
    const Evaluation* previous = nullptr;
};

// How a figure with its unit is said ("fact:seconds" and the like, from the message table): the Qt layers pass the
// user's language, the command line and tests English.
using SayMessage = std::function<std::string(const Message&)>;

// Every {name} of `text` with its figure; "…" for one that cannot be computed yet (no evaluation) or here (no TP
// group crosses a node, no step before); an unknown name is left as it is. The units and comparisons come from the
// message table, in the language `say` speaks: the lesson's own words are in `text`, its numbers never are.
std::string lessonText(std::string_view text, const LessonFacts& facts, const SayMessage& say);
std::string lessonText(std::string_view text, const LessonFacts& facts); // English

// The {names} `text` uses, in order, and whether lessonText knows each.
std::vector<std::string> lessonFactNames(std::string_view text);
bool isLessonFact(std::string_view name);
// The figure a fact states, whatever unit it is said in: "params_yi" (10⁸, as Chinese counts) states "params".
std::string_view lessonFigure(std::string_view fact);

} // namespace plait
