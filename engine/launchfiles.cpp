#include "launchfiles.h"

#include <QFile>
#include <QFileInfo>

namespace plait::engine {

Result<ImportedPlan> importLaunchFile(
    const QString& path, std::optional<LaunchFormat> format, const Plan& base, bool keepCluster)
{
    const std::string name = path.toStdString();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Result<ImportedPlan>::failure(name, "cannot be read: " + file.errorString().toStdString());
    if (file.size() > kMaxLaunchFileBytes)
        return Result<ImportedPlan>::failure(name,
            "is " + std::to_string(file.size() >> 20) + " MiB; a launch configuration is at most "
                + std::to_string(kMaxLaunchFileBytes >> 20) + " MiB");
    const QByteArray bytes = file.read(kMaxLaunchFileBytes + 1);
    const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
    if (!format)
        format = detectLaunchFormat(text);
    if (!format)
        return Result<ImportedPlan>::failure(name,
            "is none of a Megatron-LM command line (--tensor-model-parallel-size, --num-layers), a DeepSpeed JSON "
            "(train_micro_batch_size_per_gpu, zero_optimization) or a torchtitan job ([parallelism], "
            "--parallelism.*)");
    return importLaunchConfig(*format, text, base, QFileInfo(path).fileName().toStdString(), keepCluster);
}

} // namespace plait::engine
