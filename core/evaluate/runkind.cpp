#include "runkind.h"

#include "layercost.h"

namespace plait {

RunKind runKindOf(const Plan& plan)
{
    // The kernel that runs, not the file's choice: "auto" resolves per framework and GPU (cost/attention.h).
    const std::string attention
        = plan.training.flashAttention ? attentionKernelName(attentionKernelOf(plan)) : std::string("none");
    return { plan.cluster.gpu.id, plan.training.framework, attention, plan.training.zeroStage >= 3,
        plan.parallel.pp > 1, plan.model.isMoe(), plan.parallel.gpusUsed() };
}

} // namespace plait
