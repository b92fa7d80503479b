#include "schedules.h"

namespace plait {

std::optional<Schedule> scheduleFromName(std::string_view name)
{
    for (const ScheduleTraits& t : kScheduleTraits)
        if (name == t.name)
            return t.schedule;
    return std::nullopt;
}

std::string scheduleNames(const char* separator)
{
    std::string out;
    for (const ScheduleTraits& t : kScheduleTraits)
        out += (out.empty() ? "" : separator) + std::string(t.name);
    return out;
}

} // namespace plait
