#pragma once

#include "error.h"
#include "plan.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace plait {

// Guided lessons for a new engineer (resources/lessons/lessons.json): each starts from a built-in example and each
// step changes the plan (a JSON merge patch on the plan file, applied on top of the steps before it), says where
// to look and explains why, in English and Chinese.
struct LessonStep {
    std::string en, zh;
    std::string focus; // memory, comm, topology, timeline, summary
    nlohmann::json patch;
};
struct Lesson {
    std::string id;
    std::string titleEn, titleZh;
    std::string example; // built-in example name, e.g. "g"
    std::vector<LessonStep> steps;
};

Result<std::vector<Lesson>> lessonsFromJson(const nlohmann::json& doc);
const std::vector<Lesson>& builtinLessons();

// The plan at `step` (0-based): the example with the patches of steps 0..step applied, and the default placement.
Result<Plan> lessonPlan(const Plan& example, const Lesson& lesson, int step);

// What differs between two plans, as "field: before → after" for every plan-file value that changed.
std::vector<std::string> changedFields(const Plan& before, const Plan& after);

} // namespace plait
