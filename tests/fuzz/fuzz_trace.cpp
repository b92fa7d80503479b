// libFuzzer target for the Chrome trace reader (the Gantt's "Open trace"). Oracles: every span read has finite times
// with end ≥ start, and a timeline written back as Chrome JSON reads again with the same lanes, spans and flows.
#include "chrometrace.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto read = plait::readChromeTrace(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!read)
        return 0;
    const plait::Timeline& t = read.value().timeline;
    for (const plait::Lane& l : t.lanes)
        for (const plait::Span& s : l.spans)
            if (!std::isfinite(s.start) || !std::isfinite(s.end) || s.end < s.start || s.name >= t.names.size())
                std::abort();
    auto again = plait::readChromeTrace(plait::timelineToChromeJson(t).dump());
    if (!again || again.value().timeline.lanes.size() != t.lanes.size()
        || again.value().timeline.spanCount() != t.spanCount() || again.value().timeline.flows.size() != t.flows.size())
        std::abort();
    return 0;
}
