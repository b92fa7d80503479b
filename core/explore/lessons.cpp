#include "lessons.h"

#include "builtin_resources.h"
#include "planedit.h"
#include "safejson.h"

namespace plait {

Result<std::vector<Lesson>> lessonsFromJson(const nlohmann::json& doc)
{
    if (!doc.is_object() || doc.value("format", "") != "plait-lessons/1" || !doc.contains("lessons")
        || !doc["lessons"].is_array())
        return Result<std::vector<Lesson>>::failure("format", "not a lessons file (format plait-lessons/1)");
    std::vector<Lesson> out;
    for (const auto& l : doc["lessons"]) {
        Lesson lesson;
        lesson.id = l.value("id", "");
        lesson.example = l.value("example", "");
        if (l.contains("title") && l["title"].is_object()) {
            lesson.titleEn = l["title"].value("en", "");
            lesson.titleZh = l["title"].value("zh", "");
        }
        if (lesson.id.empty() || lesson.example.empty() || lesson.titleEn.empty() || !l.contains("steps")
            || !l["steps"].is_array() || l["steps"].empty())
            return Result<std::vector<Lesson>>::failure(
                "lessons", "each lesson needs an id, an example, a title and steps");
        for (const auto& s : l["steps"]) {
            LessonStep step;
            step.en = s.value("en", "");
            step.zh = s.value("zh", "");
            step.focus = s.value("focus", "summary");
            step.patch = s.contains("patch") ? s["patch"] : nlohmann::json::object();
            if (step.en.empty() || step.zh.empty() || !step.patch.is_object())
                return Result<std::vector<Lesson>>::failure(
                    "lessons." + lesson.id, "every step needs English and Chinese text and an object patch");
            lesson.steps.push_back(std::move(step));
        }
        out.push_back(std::move(lesson));
    }
    return out;
}

const std::vector<Lesson>& builtinLessons()
{
    static const std::vector<Lesson> lessons = [] {
        auto doc = parseJson(resources::kLessonsJson);
        if (!doc)
            return std::vector<Lesson> {};
        auto parsed = lessonsFromJson(doc.value());
        return parsed ? parsed.value() : std::vector<Lesson> {};
    }();
    return lessons;
}

namespace {
// Two merge patches as one: `next` applied after `into`. Unlike merge_patch, a null (remove the field) is kept.
void composePatch(nlohmann::json& into, const nlohmann::json& next)
{
    if (!next.is_object()) {
        into = next;
        return;
    }
    for (auto it = next.begin(); it != next.end(); ++it) {
        nlohmann::json& slot = into[it.key()];
        if (it.value().is_object() && slot.is_object())
            composePatch(slot, it.value());
        else
            slot = it.value();
    }
}
}

Result<Plan> lessonPlan(const Plan& example, const Lesson& lesson, int step)
{
    if (step < 0 || step >= int(lesson.steps.size()))
        return Result<Plan>::failure("step", "no step " + std::to_string(step + 1) + " in lesson " + lesson.id);
    nlohmann::json patch = nlohmann::json::object();
    for (int i = 0; i <= step; ++i)
        composePatch(patch, lesson.steps[std::size_t(i)].patch);
    patch["placement"] = nullptr; // sizes may have changed: the default placement
    if (!lesson.steps[std::size_t(step)].patch.empty()) { // a step's sizes split the layers evenly again
        patch["parallel"]["layers_per_stage"] = nullptr;
        patch["parallel"]["layers_per_chunk"] = nullptr;
    }
    return withPatch(example, patch);
}

namespace {
void diff(const nlohmann::json& a, const nlohmann::json& b, const std::string& path, std::vector<std::string>& out)
{
    if (a.is_object() && b.is_object()) {
        for (auto it = a.begin(); it != a.end(); ++it)
            diff(it.value(), b.contains(it.key()) ? b[it.key()] : nlohmann::json(),
                path.empty() ? it.key() : path + "." + it.key(), out);
        for (auto it = b.begin(); it != b.end(); ++it)
            if (!a.contains(it.key()))
                diff(nlohmann::json(), it.value(), path.empty() ? it.key() : path + "." + it.key(), out);
        return;
    }
    if (a != b && path != "placement" && path != "name" && path != "description")
        out.push_back(path + ": " + (a.is_null() ? "—" : a.dump()) + " → " + (b.is_null() ? "—" : b.dump()));
}
}

std::vector<std::string> changedFields(const Plan& before, const Plan& after)
{
    std::vector<std::string> out;
    diff(toJson(before), toJson(after), "", out);
    return out;
}

} // namespace plait
