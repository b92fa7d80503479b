#include "ratebasis.h"

#include "attention.h"
#include "layercost.h"

#include <algorithm>

namespace plait {

namespace {
RateStanding standing(std::string id, double value, RateBasis basis, std::string source)
{
    RateStanding s;
    s.id = std::move(id);
    s.value = value;
    s.basis = basis;
    s.source = std::move(source);
    return s;
}
}

std::vector<RateStanding> rateStandings(const Plan& plan, const Catalog& catalog)
{
    const ClusterSpec& cluster = plan.cluster;
    const GpuSpec& gpu = cluster.gpu;
    const GpuSpec* listed = catalog.gpu(gpu.id);
    // A probe result applied (calibratedGpu) names its file as the GPU's source and keeps the shapes it timed.
    const bool gpuMeasured = !gpu.measuredGemms.empty() || (listed && !(*listed == gpu));
    const bool rateMeasured = gpuMeasured && gpu.gemmSustainedEfficiency > 0
        && (!listed || gpu.gemmSustainedEfficiency != listed->gemmSustainedEfficiency);
    const bool hbmMeasured
        = gpuMeasured && gpu.hbmAchievableGBps > 0 && (!listed || gpu.hbmAchievableGBps != listed->hbmAchievableGBps);

    std::vector<RateStanding> out;
    for (const CalibrationParameter& p : calibrationParameters()) {
        RateStanding s = standing(p.id, cluster.calibration.*p.field, RateBasis::Published, {});
        if (p.field == &CostCalibration::gemmShare && !gpu.measuredGemms.empty())
            s = standing(p.id, s.value, RateBasis::MeasuredShapes, gpu.source);
        else if (p.field == &CostCalibration::kernelOverheadUs && gpu.kernelFixedUs > 0)
            s = standing(p.id, gpu.kernelFixedUs, RateBasis::Measured,
                gpu.kernelFixedSource.empty() ? gpu.source : gpu.kernelFixedSource);
        // The fitted share of the best known rate applies only where no sustained figure is known.
        else if (p.field == &CostCalibration::unmeasuredGemmShare && gpu.gemmSustainedEfficiency > 0)
            s = standing(p.id, s.value, rateMeasured ? RateBasis::Measured : RateBasis::Catalog, gpu.sustainedSource);
        out.push_back(s);
    }
    out.push_back(
        standing("gemm_rate", gpu.gemmSustainedEfficiency > 0 ? gpu.gemmSustainedEfficiency : gpu.gemmMaxEfficiency,
            rateMeasured ? RateBasis::Measured : RateBasis::Catalog, gpu.sustainedSource));
    out.push_back(standing("hbm_rate", gpu.hbmAchievableGBps > 0 ? gpu.hbmAchievableGBps : gpu.hbmGBps,
        hbmMeasured ? RateBasis::Measured : RateBasis::Catalog,
        gpu.hbmAchievableGBps > 0 ? gpu.hbmSource : gpu.source));
    // Fused attention, the kernel the plan runs: measured on this GPU at its rate over both passes (3.5 units of
    // forward FLOPs in 1/fwd + 2.5/bwd), else its published curves (value 0), else none: the GEMM model's rate.
    if (plan.training.flashAttention) {
        const AttentionKernel planKernel = attentionKernelOf(plan);
        const auto standIn = attentionStandIn(gpu, planKernel);
        const std::string kernel(attentionKernelName(standIn ? standIn->point : planKernel));
        const MeasuredAttention* m = measuredAttentionOf(gpu, kernel);
        const bool published = hasAttentionCurve(gpu, kernel);
        RateStanding a = m
            ? standing("attention_rate", 3.5 / (1 / m->fwdTflops + 2.5 / m->bwdTflops), RateBasis::Measured, m->source)
            : standing("attention_rate", 0, RateBasis::Catalog, published ? kernel : std::string());
        a.kernel = attentionKernelName(planKernel);
        if (standIn) {
            a.standIn = kernel;
            a.fastEnd = attentionKernelName(standIn->fastEnd);
            a.slowEndOwn = standIn->ownCurve;
        }
        if (m) {
            a.headDim = m->headDim;
            a.seqLen = m->seqLen;
        }
        const FusedDropoutSlowdown dropout = attentionDropoutOf(plan);
        a.dropoutForward = dropout.forward;
        a.dropoutBackward = dropout.backward;
        const UnpadSeconds unpad = attentionUnpadOf(plan);
        a.unpadForwardS = unpad.forward;
        a.unpadBackwardS = unpad.backward;
        out.push_back(a);
    }
    // Unmeasured, compute beside a collective slows by the published mean (cost/overlap.h).
    out.push_back(standing("overlap_slowdown", gpu.overlapSlowdown,
        gpu.overlapSlowdown > 0 ? RateBasis::Measured : RateBasis::Catalog,
        gpu.overlapSlowdown <= 0        ? ""
            : gpu.overlapSource.empty() ? gpu.source
                                        : gpu.overlapSource));
    for (const auto& [id, link] :
        { std::pair { "intra_node_link", &cluster.intraNode }, std::pair { "inter_node_link", &cluster.interNode } }) {
        if (cluster.nodes < 2 && std::string_view(id) == "inter_node_link")
            continue;
        const LinkSpec* known = catalog.link(link->id);
        const bool measured = known && !(*known == *link);
        // Rates a profile measured for its other collectives are named beside the link's own source.
        const std::string source
            = link->collectiveRates.empty() ? link->source : link->source + "; " + link->collectiveRatesSource;
        out.push_back(standing(id, link->effectiveGBps(), measured ? RateBasis::Measured : RateBasis::Catalog, source));
    }
    return out;
}

} // namespace plait
