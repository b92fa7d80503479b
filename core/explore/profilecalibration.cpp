#include "profilecalibration.h"

#include "attention.h"
#include "collectiverates.h"
#include "costcalibration.h"
#include "evaluate.h"
#include "gemm.h"
#include "groups.h"
#include "layercost.h"
#include "median.h"
#include "numtext.h"
#include "overlap.h"
#include "proberesults.h"
#include "stepclasses.h"

#include <algorithm>
#include <cmath>

namespace plait {

bool ProfileLink::anyApplied() const
{
    return applied || std::any_of(kinds.begin(), kinds.end(), [](const ProfileCollectiveRate& k) { return k.applied; });
}

bool ProfileCalibration::anyApplied() const
{
    return std::any_of(rates.begin(), rates.end(), [](const ProfileRate& r) { return r.applied; })
        || std::any_of(links.begin(), links.end(), [](const ProfileLink& l) { return l.anyApplied(); });
}

namespace {
// Compute kernels per step that ran beside a collective and also ran alone, fewer of which measure no slowdown.
constexpr double kMinOverlapKernels = 4;
// Kernels per step that waited in the queue (QueuedGaps), fewer of which measure no fixed cost.
constexpr double kMinQueuedGaps = 20;

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
// Seconds per step the model's kernel fixed costs take on the measured stages for each µs of fixed cost (exactly
// linear: layercost.cpp adds the fixed cost per kernel it counts, on top of the element-wise kernels' time).
double fixedSecondsPerUs(const Plan& plan, const std::vector<MeasuredStage>& measured)
{
    Plan one = plan, none = plan;
    one.cluster.gpu.kernelFixedUs = 1;
    none.cluster.gpu.kernelFixedUs = 1e-9; // 0 would mean "not measured": the calibration's stands in
    return predictedSums(one, measured).other - predictedSums(none, measured).other;
}

// The kernels' fixed cost as the job ran it (QueuedGaps: the GPU idle before a kernel that waited in the queue),
// set on `gpu` with `source` where measured: the mean gap before each queued kernel, times the kernels per step, is
// the time per step the model's own kernel count (`perUs`, fixedSecondsPerUs) then carries.
ProfileRate kernelFixedRateOf(
    GpuSpec& gpu, const std::vector<MeasuredStage>& measured, double before, double perUs, const std::string& source)
{
    ProfileRate r;
    r.id = "kernel_fixed_us";
    r.before = r.after = before;
    r.predictedBeforeS = r.predictedAfterS = before * perUs;
    double kernels = 0, gaps = 0, gapUs = 0;
    for (const MeasuredStage& m : measured) {
        kernels += m.computeKernels;
        gaps += m.queued.gaps;
        gapUs += m.queued.us;
    }
    if (gaps < kMinQueuedGaps || !(perUs > 0)) {
        r.note = { "profilecal:gaps-unseen", { numText(kMinQueuedGaps) } };
        return r;
    }
    const double meanGapUs = gapUs / gaps;
    r.measuredS = meanGapUs * kernels * 1e-6;
    const double fixedUs = r.measuredS / perUs;
    const double modelKernels = perUs * 1e6;
    // Starting a kernel takes a few µs; the calibration's own bound on a kernel's fixed cost is the most it allows.
    const auto parameter = std::find_if(calibrationParameters().begin(), calibrationParameters().end(),
        [](const CalibrationParameter& c) { return c.field == &CostCalibration::kernelOverheadUs; });
    if (meanGapUs > parameter->upper) {
        r.note = { "profilecal:gap-past", { numText(meanGapUs, "%.1f"), numText(parameter->upper) } };
        return r;
    }
    if (fixedUs > 1000) {
        r.note = { "profilecal:fixed-past", { numText(fixedUs), numText(1000) } };
        return r;
    }
    r.applied = true;
    r.after = fixedUs;
    r.predictedAfterS = r.measuredS;
    r.note = { "profilecal:fixed-measured",
        { numText(meanGapUs, "%.2f"), numText(gaps, "%.0f"), numText(kernels, "%.0f"), ms(r.measuredS),
            numText(modelKernels, "%.0f") } };
    // 0 on the GPU means not measured: no fixed cost is the least value above it.
    gpu.kernelFixedUs = std::max(fixedUs, 1e-9);
    gpu.kernelFixedSource = source + ": " + numText(gaps, "%.0f") + " of " + numText(kernels, "%.0f")
        + " kernels per step waited in the queue, the GPU idle " + numText(meanGapUs, "%.2f")
        + " µs before each, carried by the model's " + numText(modelKernels, "%.0f") + " kernels per step";
    return r;
}

// How much slower the job's compute kernels ran beside its collectives than the same kernels alone (cost/overlap.h's
// s), set on `gpu` with `source` where measured. Its times: the kernels beside a collective as measured, and as the
// model times them from their runs alone, with s before and after.
ProfileRate overlapRateOf(GpuSpec& gpu, const BesideComm& beside, const std::string& source)
{
    ProfileRate r;
    r.id = "overlap_slowdown";
    r.before = overlapSlowdown(gpu);
    r.measuredS = beside.us * 1e-6;
    r.predictedBeforeS = r.predictedAfterS = beside.aloneUs * (1 + r.before) * 1e-6;
    if (beside.kernels < kMinOverlapKernels || !(beside.aloneUs > 0)) {
        r.note = { "profilecal:overlap-unseen", { numText(kMinOverlapKernels) } };
        return r;
    }
    const double s = beside.us / beside.aloneUs - 1;
    // Twice as slow is past what contention for SMs and HBM does (40% at most, Lee et al. 2025): such kernels were
    // slowed by something else.
    if (s > 1) {
        r.note = { "profilecal:overlap-past", { numText(100 * s, "%.0f") } };
        return r;
    }
    r.applied = true;
    r.after = std::max(0.0, s);
    r.predictedAfterS = beside.aloneUs * (1 + r.after) * 1e-6;
    if (s <= 0)
        r.note = { "profilecal:overlap-none", { numText(-100 * s, "%.1f") } };
    // 0 on the GPU means not measured: no slowdown is the least rate above it.
    gpu.overlapSlowdown = std::max(r.after, 1e-9);
    gpu.overlapSource = source + ": " + numText(beside.kernels, "%.0f") + " kernels per step beside collectives, "
        + ms(r.measuredS) + " against " + ms(beside.aloneUs * 1e-6) + " alone";
    return r;
}

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
    if (!ar || ar->points.empty()) {
        l.note = { "profilecal:link-no-allreduce", {} };
        return l;
    }
    l.largestBytes = ar->points.back().bytes;
    l.busBwGBps = ar->points.back().busbwGBps;
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
    BesideComm beside, bySlowed[3];
    bool split = true;
    for (const MeasuredStage& m : measured) {
        steps.push_back(m.stepUs);
        gemmUs += m.gemmUs;
        fwdUs += m.attentionFwdUs;
        bwdUs += m.attentionBwdUs;
        otherUs += m.otherUs;
        split = split && m.attentionSplit;
        for (std::size_t c = 0; c < 3; ++c) {
            bySlowed[c].us += m.beside[c].us;
            bySlowed[c].aloneUs += m.beside[c].aloneUs;
            beside.us += m.beside[c].us;
            beside.aloneUs += m.beside[c].aloneUs;
            beside.kernels += m.beside[c].kernels;
        }
    }
    // The kernel rates are rates of kernels alone: what a kernel lost beside a collective is the overlap slowdown's,
    // fitted on its own below. (Kernels never seen alone keep their time in their class.)
    const bool fitOverlap = beside.kernels >= kMinOverlapKernels && beside.aloneUs > 0;
    if (fitOverlap) {
        auto excess = [&](KernelClass c) {
            const BesideComm& b = bySlowed[std::size_t(c)];
            return b.us - b.aloneUs;
        };
        gemmUs = std::max(0.0, gemmUs - excess(KernelClass::Gemm));
        otherUs = std::max(0.0, otherUs - excess(KernelClass::Other));
        if (fwdUs + bwdUs > 0) {
            const double kept = std::max(0.0, 1 - excess(KernelClass::Attention) / (fwdUs + bwdUs));
            fwdUs *= kept;
            bwdUs *= kept;
        }
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
    // The element-wise kernels' own time: the fixed cost per kernel the model adds to it is the GPU's idle time
    // between kernels, which no kernel's duration holds (kernel_fixed_us below).
    const double perUs = fixedSecondsPerUs(plan, measured);
    const double fixedBefore = kernelFixedUs(plan.cluster);
    ProfileRate hbm = rate("hbm_rate", otherUs * 1e-6, before.other - fixedBefore * perUs, hbmRateGBps(gpu0));
    const double attentionScale = std::min(1.0, outsideFp8Peak(plan) / gpu0.bf16Tflops);
    // Rates are the kernel's without dropout, as the published curves are; a run with attention dropout spends
    // that much longer in the same kernel (layercost.h attentionDropoutOf).
    const FusedDropoutSlowdown dropout = attentionDropoutOf(plan);
    if (before.attentionFwd > 0 && before.attentionBwd > 0) {
        attention.before = dropout.forward * before.fwdFlops / (before.attentionFwd * 1e12 * attentionScale);
        attention.beforeBackward = dropout.backward * before.bwdFlops / (before.attentionBwd * 1e12 * attentionScale);
    }

    // Which classes can be measured at all.
    bool fitGemm = gemm.measuredS > 0 && gemm.predictedBeforeS > 0;
    if (!fitGemm)
        gemm.note = { gemm.measuredS > 0 ? "profilecal:no-gemm-in-plan" : "profilecal:no-gemm-kernel", {} };
    bool fitHbm = hbm.measuredS > 0 && hbm.predictedBeforeS > 0;
    if (!fitHbm)
        hbm.note = { hbm.measuredS > 0 ? "profilecal:other-all-fixed" : "profilecal:no-other-kernel", {} };
    const bool fitAttention = plan.training.flashAttention && attention.measuredS > 0 && before.fwdFlops > 0;
    if (!plan.training.flashAttention)
        attention.note = { "profilecal:unfused", {} };
    else if (attention.measuredS <= 0)
        attention.note = { "profilecal:no-attention-kernel", {} };

    // Attention: the kernel's rate at the plan's head size and call length that gives the measured time, each pass
    // on its own where the kernels' names tell them apart, else both passes scaled alike.
    Plan p = plan;
    GpuSpec& gpu = p.cluster.gpu;
    const ProfileRate fixed = kernelFixedRateOf(gpu, measured, fixedBefore, perUs, source);
    const double fixedS = kernelFixedUs(p.cluster) * perUs; // the model's fixed costs per step from here on
    if (fitAttention) {
        const double fwdS
            = split ? fwdUs * 1e-6 : attention.measuredS * before.attentionFwd / attention.predictedBeforeS;
        const double bwdS
            = split ? bwdUs * 1e-6 : attention.measuredS * before.attentionBwd / attention.predictedBeforeS;
        attention.after = dropout.forward * before.fwdFlops / (fwdS * 1e12 * attentionScale);
        attention.afterBackward = dropout.backward * before.bwdFlops / (bwdS * 1e12 * attentionScale);
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
            hbmRate *= (now.other - fixedS) / hbm.measuredS;
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
    ProfileRate overlap = overlapRateOf(gpu, beside, source);
    for (const ProfileLinkSweep& sweep : links)
        out.links.push_back(calibratedLinkOf(p, sweep, source));
    // The other collectives, on the links as their all-reduces recalibrated them.
    for (std::size_t i = 0; i < links.size(); ++i)
        for (const OpSweep& op : links[i].links.ops)
            if (op.op != CollectiveKind::AllReduce)
                out.links[i].kinds.push_back(collectiveRateOf(
                    p, links[i], op, source + ": collectives other than all-reduce, their transfers", false));
    const ClassSums after = predictedSums(p, measured);
    gemm.predictedAfterS = after.gemm;
    attention.predictedAfterS = after.attentionFwd + after.attentionBwd;
    hbm.predictedAfterS = after.other - fixedS;
    out.stepAfterS = after.stepS;
    out.rates = { gemm, attention, hbm, overlap, fixed };
    out.plan = std::move(p);
    return out;
}

} // namespace plait
