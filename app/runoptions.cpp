#include "runoptions.h"

#include "runspec.h"

#include <cmath>

namespace plait::app {

namespace {
struct RunOption {
    const char* option;
    const char* key; // the run block's field
    const char* help;
    bool text = false;
};
constexpr RunOption kOptions[] = {
    { "tokens", "tokens", "Training budget in tokens (e.g. 300e9)" },
    { "steps", "steps", "Training budget in optimizer steps" },
    { "price", "price_per_gpu_hour", "Price of one GPU-hour" },
    { "currency", "currency", "Currency of the price (default USD)", true },
    { "storage-GBps", "storage_write_GBps", "Checkpoint write bandwidth of the storage, GB/s in all" },
    { "failures-per-gpu-hour", "failures_per_gpu_hour", "Job interruptions per GPU-hour" },
    { "restart-min", "restart_min", "Minutes from a failure to training again, without reading the checkpoint" },
    { "gpu-power-W", "gpu_power_W", "Measured power per GPU in watts (default: the datasheet's)" },
};
}

void addRunOptions(QCommandLineParser& parser)
{
    for (const RunOption& o : kOptions)
        parser.addOption({ QString::fromLatin1(o.option), QString::fromLatin1(o.help),
            o.text ? QStringLiteral("text") : QStringLiteral("number") });
}

bool applyRunOptions(const QCommandLineParser& parser, Plan& plan, std::string* error)
{
    nlohmann::json run = runSpecToJson(plan.run);
    if (!run.is_object())
        run = nlohmann::json::object();
    bool any = false;
    for (const RunOption& o : kOptions) {
        if (!parser.isSet(QString::fromLatin1(o.option)))
            continue;
        any = true;
        const QString value = parser.value(QString::fromLatin1(o.option));
        if (o.text) {
            run[o.key] = value.toStdString();
            continue;
        }
        bool ok = false;
        const double x = value.toDouble(&ok);
        if (!ok || !std::isfinite(x)) {
            *error = std::string("--") + o.option + " must be a number, got \"" + value.left(32).toStdString() + "\"";
            return false;
        }
        run[o.key] = std::string(o.key) == "steps" && x == std::floor(x) && std::abs(x) < 9e18
            ? nlohmann::json((long long)x)
            : nlohmann::json(x);
        // A budget or rate on the command line replaces the plan's other form of it.
        if (std::string(o.key) == "tokens")
            run.erase("steps");
        if (std::string(o.key) == "steps")
            run.erase("tokens");
        if (std::string(o.key) == "failures_per_gpu_hour")
            run.erase("failures_per_node_day");
    }
    if (!any)
        return true;
    std::vector<Issue> issues;
    const RunSpec spec = readRunSpec(run, issues);
    if (!issues.empty()) {
        std::string field = issues.front().field;
        for (const RunOption& o : kOptions)
            if (field == std::string("run.") + o.key)
                field = std::string("--") + o.option;
        *error = field + ": " + issues.front().message;
        return false;
    }
    plan.run = spec;
    return true;
}

} // namespace plait::app
