#pragma once
// A generated job profile of a plan (issue 43 C): each rank runs its stage's predicted kernel time per class times a
// planted slowdown, in ten kernels per class and pass, named as cuBLAS, FlashAttention and ATen name theirs. The
// element-wise kernels' time leaves out the fixed cost per kernel the model adds to that class (layercost.cpp): no
// kernel's duration holds it; a profile sees it as the GPU idle between kernels (`launchGapUs`).
#include "evaluate.h"
#include "kinetogen.h"
#include "rankmap.h"
#include "stepclasses.h"

#include <utility>
#include <vector>

namespace plait::test {

// How much slower than the model each class ran in the generated job; with `overlap`, the last six of the ten
// element-wise kernels of each step run beside a gradient bucket's all-reduce and that much slower again; with
// `launchGapUs`, the GPU idles that long before each kernel, every one launched ahead (kinetogen.h).
struct Slowdown {
    double gemm = 1, attention = 1, other = 1;
    double overlap = 0;
    double launchGapUs = 0;
};

// Every rank of the plan with its trace, in the rank map's order.
inline std::vector<std::pair<int, nlohmann::json>> profileOfPlan(const Plan& plan, Slowdown slow, int steps = 2)
{
    const std::vector<StepClasses> stages = predictedStepClasses(plan, evaluate(plan));
    Plan withoutFixed = plan;
    withoutFixed.cluster.gpu.kernelFixedUs = 1e-9; // 0 would mean "not measured": the calibration's stands in
    const std::vector<StepClasses> kernelsAlone = predictedStepClasses(withoutFixed, evaluate(withoutFixed));
    std::vector<std::pair<int, nlohmann::json>> out;
    for (const RankSlot& slot : rankMap(plan).ranks) {
        const StepClasses& c = stages[std::size_t(slot.coord.pp)];
        GeneratedJob job;
        job.ranks = plan.parallel.gpusUsed();
        job.steps = steps;
        auto add = [&](const char* name, double seconds, bool backward) {
            for (int k = 0; k < 10; ++k)
                job.stepKernels.push_back({ name, seconds * 1e6 / 10, backward });
        };
        add("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize2x1x1_cublas",
            c.gemmS * slow.gemm, false);
        add("void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4>>()",
            c.attentionFwdS * slow.attention, false);
        add("void flash::flash_bwd_dq_dk_dv_loop_seqk_parallel_kernel<Flash_bwd_kernel_traits>()",
            c.attentionBwdS * slow.attention, true);
        add("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>>()",
            kernelsAlone[std::size_t(slot.coord.pp)].otherS * slow.other, true);
        job.launchGapUs = slow.launchGapUs;
        if (slow.overlap > 0) {
            job.overlappedKernels = 6;
            job.overlapSlowdown = slow.overlap;
        }
        out.emplace_back(slot.rank, kinetoRankTrace(job, slot.rank));
    }
    return out;
}

} // namespace plait::test
