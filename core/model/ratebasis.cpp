#include "ratebasis.h"

namespace plait {

std::vector<RateStanding> rateStandings(const ClusterSpec& cluster, const Catalog& catalog)
{
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
        RateStanding s { p.id, cluster.calibration.*p.field, RateBasis::Published, {} };
        const std::string id = p.id;
        if (id == "gemm_share" && !gpu.measuredGemms.empty())
            s = { id, s.value, RateBasis::MeasuredShapes, gpu.source };
        // The fitted share of the best known rate applies only where no sustained figure is known.
        else if (id == "kernel_overhead_us" && gpu.kernelFixedUs > 0)
            s = { id, gpu.kernelFixedUs, RateBasis::Measured, gpu.source };
        else if (id == "unmeasured_gemm_share" && gpu.gemmSustainedEfficiency > 0)
            s = { id, s.value, rateMeasured ? RateBasis::Measured : RateBasis::Catalog, gpu.sustainedSource };
        out.push_back(s);
    }
    out.push_back({ "gemm_rate", gpu.gemmSustainedEfficiency > 0 ? gpu.gemmSustainedEfficiency : gpu.gemmMaxEfficiency,
        rateMeasured ? RateBasis::Measured : RateBasis::Catalog, gpu.sustainedSource });
    out.push_back({ "hbm_rate", gpu.hbmAchievableGBps > 0 ? gpu.hbmAchievableGBps : gpu.hbmGBps,
        hbmMeasured ? RateBasis::Measured : RateBasis::Catalog,
        gpu.hbmAchievableGBps > 0 ? gpu.hbmSource : gpu.source });
    // Unmeasured, compute beside a collective slows by the published mean (cost/overlap.h).
    out.push_back(
        { "overlap_slowdown", gpu.overlapSlowdown, gpu.overlapSlowdown > 0 ? RateBasis::Measured : RateBasis::Catalog,
            gpu.overlapSlowdown > 0 ? gpu.source : "" });
    for (const auto& [id, link] :
        { std::pair { "intra_node_link", &cluster.intraNode }, std::pair { "inter_node_link", &cluster.interNode } }) {
        if (cluster.nodes < 2 && std::string_view(id) == "inter_node_link")
            continue;
        const LinkSpec* known = catalog.link(link->id);
        const bool measured = known && !(*known == *link);
        out.push_back({ id, link->effectiveGBps(), measured ? RateBasis::Measured : RateBasis::Catalog, link->source });
    }
    return out;
}

} // namespace plait
