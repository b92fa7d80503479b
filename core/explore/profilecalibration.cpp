#include "profilecalibration.h"

#include "attention.h"
#include "evaluate.h"
#include "gemm.h"
#include "layercost.h"
#include "median.h"
#include "numtext.h"
#include "proberesults.h"
#include "stepclasses.h"

#include <algorithm>
#include <cmath>

namespace plait {

bool ProfileCalibration::anyApplied() const
{
    return std::any_of(rates.begin(), rates.end(), [](const ProfileRate& r) { return r.applied; })
        || std::any_of(links.begin(), links.end(), [](const ProfileLink& l) { return l.applied; });
}

namespace {
// The measured stages' predicted classes, summed.
struct ClassSums {
    double gemm = 0, attentionFwd = 0, attentionBwd = 0, other = 0, fwdFlops = 0, bwdFlops = 0, stepS = 0;
    bool valid = false;
};

ClassSums predictedSums(const Plan& plan, const std::vector<MeasuredStage>& measured)
{
    const Evaluation e = evaluate(plan, EvaluationDetail::Figures);
    ClassSums sums;
    sums.valid = e.valid;
    sums.stepS = e.stepS;
    const std::vector<StepClasses> stages = predictedStepClasses(plan, e);
    for (const MeasuredStage& m : measured) {
        if (std::size_t(m.stage) >= stages.size())
            continue;
        const StepClasses& c = stages[std::size_t(m.stage)];
        sums.gemm += c.gemmS;
        sums.attentionFwd += c.attentionFwdS;
        sums.attentionBwd += c.attentionBwdS;
        sums.other += c.otherS;
        sums.fwdFlops += c.attentionFwdFlops;
        sums.bwdFlops += c.attentionBwdFlops;
    }
    return sums;
}

// The effective 16-bit GEMM share the model runs at: the sustained (or burst) figure, times the fitted share of it
// where the catalog has none (the fitted gemm_share stays on top of either).
double effectiveGemmShare(const ClusterSpec& c)
{
    return gemmEfficiency(c.gpu, c.gpu.bf16Tflops) * gemmShareOf(c) / std::max(c.calibration.gemmShare, 1e-9);
}

std::string ms(double s)
{
    return numText(s * 1e3) + " ms";
}
}

namespace {
// The link a sweep measured, recalibrated on `p` where the sweep reaches a size the link's rate sets.
ProfileLink calibratedLinkOf(Plan& p, const ProfileLinkSweep& sweep, const std::string& source)
{
    ProfileLink l;
    const LinksResult& r = sweep.links;
    l.acrossNodes = r.linkClass == "inter_node";
    const LinkSpec& link = l.acrossNodes ? p.cluster.interNode : p.cluster.intraNode;
    l.link = link.name;
    l.ranks = r.ranks;
    l.nodes = r.hosts;
    l.collectives = sweep.collectives;
    l.efficiencyBefore = l.efficiencyAfter = link.efficiency;
    const OpSweep* ar = r.sweep(CollectiveKind::AllReduce);
    if (ar && !ar->points.empty()) {
        l.largestBytes = ar->points.back().bytes;
        l.busBwGBps = ar->points.back().busbwGBps;
    }
    const std::optional<Plan> measured = planWithMeasuredLinks(p, r,
        source + ": " + std::to_string(sweep.collectives) + " all-reduces over " + std::to_string(r.ranks)
            + " ranks, their transfers",
        sweep.lineRateGBps);
    if (!measured) {
        l.note = { l.largestBytes < double(1 << 20) ? "profilecal:link-small" : "profilecal:link-broken",
            { bytesText(l.largestBytes) } };
        return l;
    }
    p = *measured;
    l.applied = true;
    l.efficiencyAfter = (l.acrossNodes ? p.cluster.interNode : p.cluster.intraNode).efficiency;
    return l;
}
}

ProfileCalibration calibrateFromProfile(const Plan& plan, const std::vector<MeasuredStage>& measured,
    const std::string& source, const std::vector<ProfileLinkSweep>& links)
{
    ProfileCalibration out;
    out.plan = plan;
    out.stages = measured;
    if (measured.empty()) {
        out.problems.push_back({ "profilecal:no-placed-rank", {} });
        return out;
    }
    std::vector<double> steps;
    double gemmUs = 0, fwdUs = 0, bwdUs = 0, otherUs = 0;
    bool split = true;
    for (const MeasuredStage& m : measured) {
        steps.push_back(m.stepUs);
        gemmUs += m.gemmUs;
        fwdUs += m.attentionFwdUs;
        bwdUs += m.attentionBwdUs;
        otherUs += m.otherUs;
        split = split && m.attentionSplit;
    }
    out.measuredStepS = median(steps) * 1e-6;
    const ClassSums before = predictedSums(plan, measured);
    if (!before.valid) {
        out.problems.push_back({ "profilecal:not-evaluated", {} });
        return out;
    }
    out.stepBeforeS = before.stepS;

    const GpuSpec& gpu0 = plan.cluster.gpu;
    auto rate = [](const char* id, double measuredS, double predictedS, double value) {
        ProfileRate r;
        r.id = id;
        r.measuredS = measuredS;
        r.predictedBeforeS = r.predictedAfterS = predictedS;
        r.before = value;
        return r;
    };
    ProfileRate gemm = rate("gemm_rate", gemmUs * 1e-6, before.gemm, effectiveGemmShare(plan.cluster));
    ProfileRate attention
        = rate("attention_rate", (fwdUs + bwdUs) * 1e-6, before.attentionFwd + before.attentionBwd, 0);
    ProfileRate hbm = rate("hbm_rate", otherUs * 1e-6, before.other, hbmRateGBps(gpu0));
    const double attentionScale = std::min(1.0, outsideFp8Peak(plan) / gpu0.bf16Tflops);
    if (before.attentionFwd > 0 && before.attentionBwd > 0) {
        attention.before = before.fwdFlops / (before.attentionFwd * 1e12 * attentionScale);
        attention.beforeBackward = before.bwdFlops / (before.attentionBwd * 1e12 * attentionScale);
    }

    // Which classes can be measured at all.
    bool fitGemm = gemm.measuredS > 0 && gemm.predictedBeforeS > 0;
    if (!fitGemm)
        gemm.note = { gemm.measuredS > 0 ? "profilecal:no-gemm-in-plan" : "profilecal:no-gemm-kernel", {} };
    bool fitHbm = hbm.measuredS > 0 && hbm.predictedBeforeS > 0;
    if (!fitHbm)
        hbm.note = { "profilecal:no-other-kernel", {} };
    const bool fitAttention = plan.training.flashAttention && attention.measuredS > 0 && before.fwdFlops > 0;
    if (!plan.training.flashAttention)
        attention.note = { "profilecal:unfused", {} };
    else if (attention.measuredS <= 0)
        attention.note = { "profilecal:no-attention-kernel", {} };

    // Attention: the kernel's rate at the plan's head size and call length that gives the measured time, each pass
    // on its own where the kernels' names tell them apart, else both passes scaled alike.
    Plan p = plan;
    GpuSpec& gpu = p.cluster.gpu;
    if (fitAttention) {
        const double fwdS
            = split ? fwdUs * 1e-6 : attention.measuredS * before.attentionFwd / attention.predictedBeforeS;
        const double bwdS
            = split ? bwdUs * 1e-6 : attention.measuredS * before.attentionBwd / attention.predictedBeforeS;
        attention.after = before.fwdFlops / (fwdS * 1e12 * attentionScale);
        attention.afterBackward = before.bwdFlops / (bwdS * 1e12 * attentionScale);
        if (attention.after > gpu0.bf16Tflops || attention.afterBackward > gpu0.bf16Tflops) {
            attention.note = { "profilecal:past-peak", { numText(gpu0.bf16Tflops) } };
        } else if (fwdS <= 0 || bwdS <= 0) {
            attention.note = { "profilecal:one-pass", {} };
        } else {
            MeasuredAttention m;
            m.kernel = attentionKernelName(attentionKernelOf(plan));
            m.headDim = attentionShape(plan).headDim;
            m.seqLen = attentionCallLength(plan);
            m.fwdTflops = attention.after;
            m.bwdTflops = attention.afterBackward;
            m.source = source + ": attention kernels " + ms(attention.measuredS) + " per step";
            std::erase_if(gpu.measuredAttention, [&](const MeasuredAttention& a) { return a.kernel == m.kernel; });
            gpu.measuredAttention.push_back(m);
            attention.applied = true;
            if (!split)
                attention.note = { "profilecal:passes-as-model", {} };
        }
    }

    // GEMMs and element-wise kernels: scaled until the predicted class time meets the measured one. The rates
    // interact a little (a memory-bound GEMM streams at the HBM rate), so a few rounds.
    const double gemmStart = gemm.before, hbmStart = hbm.before;
    if (fitGemm)
        gpu.measuredGemms.clear(); // the profile timed this plan's GEMMs in a step: it outranks a probe's shapes
    double gemmShare = gemmStart, hbmRate = hbmStart;
    const double fp8Ratio = gpu0.fp8SustainedEfficiency > 0 ? gpu0.fp8SustainedEfficiency / gemmStart : 0;
    for (int round = 0; round < 8 && (fitGemm || fitHbm); ++round) {
        const ClassSums now = predictedSums(p, measured);
        if (fitGemm)
            gemmShare *= now.gemm / gemm.measuredS;
        if (fitHbm)
            hbmRate *= now.other / hbm.measuredS;
        if (fitGemm) {
            gpu.gemmSustainedEfficiency = gemmShare;
            if (fp8Ratio > 0)
                gpu.fp8SustainedEfficiency = gemmShare * fp8Ratio;
        }
        if (fitHbm)
            gpu.hbmAchievableGBps = hbmRate;
        // Past a bound, the rate is refused and the others go on without it.
        if (fitGemm && (gemmShare > 1 || gemmShare < gemmStart / 20)) {
            gemm.note = gemmShare > 1 ? Message { "profilecal:past-peak", { numText(peakTflops(plan)) } }
                                      : Message { "profilecal:too-slow", {} };
            fitGemm = false;
            gpu.gemmSustainedEfficiency = gpu0.gemmSustainedEfficiency;
            gpu.fp8SustainedEfficiency = gpu0.fp8SustainedEfficiency;
            gpu.measuredGemms = gpu0.measuredGemms;
            gemmShare = gemmStart;
        }
        if (fitHbm && (hbmRate > gpu0.hbmGBps || hbmRate < hbmStart / 20)) {
            hbm.note = hbmRate > gpu0.hbmGBps ? Message { "profilecal:past-hbm", { numText(gpu0.hbmGBps) } }
                                              : Message { "profilecal:too-slow", {} };
            fitHbm = false;
            gpu.hbmAchievableGBps = gpu0.hbmAchievableGBps;
            hbmRate = hbmStart;
        }
    }
    if (fitGemm) {
        gemm.applied = true;
        gemm.after = gemmShare;
        gpu.sustainedSource = source + ": GEMM kernels " + ms(gemm.measuredS) + " per step against "
            + ms(gemm.predictedBeforeS) + " predicted";
        if (!gpu0.measuredGemms.empty())
            gemm.note = { "profilecal:replaces-probe", {} };
    }
    if (fitHbm) {
        hbm.applied = true;
        hbm.after = hbmRate;
        gpu.hbmSource = source + ": element-wise and other kernels " + ms(hbm.measuredS) + " per step against "
            + ms(hbm.predictedBeforeS) + " predicted";
    }
    for (const ProfileLinkSweep& sweep : links)
        out.links.push_back(calibratedLinkOf(p, sweep, source));
    const ClassSums after = predictedSums(p, measured);
    gemm.predictedAfterS = after.gemm;
    attention.predictedAfterS = after.attentionFwd + after.attentionBwd;
    hbm.predictedAfterS = after.other;
    out.stepAfterS = after.stepS;
    out.rates = { gemm, attention, hbm };
    out.plan = std::move(p);
    return out;
}

} // namespace plait
