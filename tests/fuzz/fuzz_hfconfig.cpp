// libFuzzer target for Hugging Face config.json import. Oracle: an imported model written in Plait's model block
// reads back the same.
#include "model.h"
#include "params.h"
#include "safejson.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto doc = plait::parseJson(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!doc)
        return 0;
    auto model = plait::modelFromHfConfig(doc.value());
    if (!model)
        return 0;
    const nlohmann::json block = plait::toJson(model.value());
    auto again = plait::modelFromJson(block, "model");
    if (!again || plait::toJson(again.value()) != block)
        std::abort();
    if (!std::isfinite(plait::totalParams(model.value())))
        std::abort();
    return 0;
}
