#pragma once
// Framework launch configurations in and out of a plan: what the importers share, and the checks a framework makes
// late (after the job is queued) that are made before an export instead.

#include "error.h"
#include "messagetext.h"
#include "plan.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace plait {

// The frameworks' launch configurations (imported and exported), and a Hugging Face config.json (imported only: it
// holds the model, which the three take from their own code or checkpoints).
enum class LaunchFormat { Megatron, DeepSpeed, Torchtitan, HfConfig };

// As commands spell them.
inline constexpr NamedValue<LaunchFormat> kLaunchFormatNames[]
    = { { LaunchFormat::Megatron, "megatron" }, { LaunchFormat::DeepSpeed, "deepspeed" },
          { LaunchFormat::Torchtitan, "torchtitan" }, { LaunchFormat::HfConfig, "hf-config" } };
inline const char* launchFormatName(LaunchFormat f)
{
    return nameIn(kLaunchFormatNames, f);
}
inline constexpr LaunchFormat kLaunchFormats[] // those exportLaunchConfig writes
    = { LaunchFormat::Megatron, LaunchFormat::DeepSpeed, LaunchFormat::Torchtitan };
inline constexpr LaunchFormat kImportFormats[]
    = { LaunchFormat::Megatron, LaunchFormat::DeepSpeed, LaunchFormat::Torchtitan, LaunchFormat::HfConfig };
// The format of that name among `formats` (those read, or those written: kLaunchFormats).
std::optional<LaunchFormat> launchFormatFromName(
    std::string_view name, std::span<const LaunchFormat> formats = kImportFormats);

// Which framework's configuration `head` (a file's first bytes) is, from the names only it uses: Megatron-LM's
// --tensor-model-parallel-size or --num-layers with --hidden-size, DeepSpeed's train_micro_batch_size_per_gpu or
// zero_optimization, torchtitan's [parallelism] table or --parallelism.* flags, a config.json's model_type with
// its hidden size.
std::optional<LaunchFormat> detectLaunchFormat(std::string_view head);

// One setting of a configuration file: where it is ("line 12", "zero_optimization.offload_optimizer"), its name as
// the file spells it, and its value as written (empty for a flag without one).
struct ConfigSetting {
    std::string place; // "line N" in a script or TOML file, a JSON path, or the name itself
    std::string name;
    std::string value;
    Message how = {}; // how the estimate treats it instead ("estimated as Adam"), when it says
};

// N of a setting's "line N" place; 0 for a place that is not a line (a JSON path). One reading for the import's
// order and for the views that say "line N" in the reader's language.
int lineOfPlace(const std::string& place);

// A plan read from a framework's configuration over a base plan (the cluster, and whatever the file does not set,
// come from the base), with everything the file sets that the plan does not hold listed rather than dropped.
struct ImportedPlan {
    Plan plan;
    std::vector<ConfigSetting> notModelled; // may change time or memory; the estimate does not include it
    std::vector<ConfigSetting> noEffect; // data, logging, learning rate: no effect on a step's time or memory
    // The launcher's own (torchrun, srun, mpirun, a container's options) before the framework's script on its
    // command line: they start the job, they are not the framework's settings. The GPU count they give is read.
    std::vector<ConfigSetting> launcher;
    std::vector<Message> notes; // defaults the framework applies where the file says nothing, and the like
    LaunchFormat format = LaunchFormat::Megatron; // what the file was read as
};

// Reads `text` in `format` over `base` (megatronargs.h, deepspeedconfig.h, torchtitanconfig.h, hfimport.h); `source`
// names it.
Result<ImportedPlan> importLaunchConfig(
    LaunchFormat format, std::string_view text, const Plan& base, const std::string& source, bool keepCluster = false);
// The plan in `format` (one of kLaunchFormats): what importLaunchConfig reads back to the same plan. Check
// exportProblems first.
std::string exportLaunchConfig(LaunchFormat format, const Plan& plan);

// Why the framework would refuse the plan when it starts, each with its fix; empty when it would run it. The plan's
// own validate() problems come first.
std::vector<Issue> exportProblems(const Plan& plan, LaunchFormat format);

// What the user needs beside the written file to start the job: for DeepSpeed, the parallel sizes its JSON cannot
// hold and its launcher's line for the file at `writtenAs` (or why that launcher cannot place the ranks as drawn).
// Megatron-LM's script and torchtitan's job carry their torchrun lines themselves.
std::vector<Message> exportNotes(const Plan& plan, LaunchFormat format, const std::string& writtenAs);

// An importer's last step: its errors when it found any, else the plan made whole: its placement reset to the
// default when the parallel sizes changed from the base's (a drawn placement belongs to the sizes it was drawn for),
// its model written out in full when it is no longer the base's preset or config.json.
Result<ImportedPlan> importResult(ImportedPlan imported, const Plan& base, std::vector<Issue> errors);

} // namespace plait
