#pragma once
// What each rate of the cost model rests on for one cluster (issue 42 C): the calibration fitted on published runs, a
// published component figure of the catalog, or a probe measurement on this cluster that replaces it, wholly or for
// the GEMM shapes it timed. The Calibration panel lists it, so a user sees which figures are this cluster's own.
#include "plan.h"

#include <string>
#include <vector>

namespace plait {

enum class RateBasis {
    Published, // the calibration layer, fitted on published end-to-end runs (costcalibration.h)
    Catalog, // a published component figure of the catalog stands in for the fitted parameter
    Measured, // a probe measurement on this cluster replaces it
    MeasuredShapes, // the probe's timed GEMM shapes keep their own times; other shapes use the fitted value
};

struct RateStanding {
    // A calibration parameter's id (calibration.json), or one of the measured rates: "gemm_rate" (sustained GEMM
    // efficiency), "hbm_rate" (achievable streaming HBM), "overlap_slowdown", "attention_rate" (the plan's fused
    // attention kernel's TFLOP/s over both passes where measured; 0 on published curves or none), "intra_node_link",
    // "inter_node_link".
    std::string id;
    double value = 0;
    RateBasis basis = RateBasis::Published;
    std::string source; // the measurement or catalog figure, where the basis is not Published
    // attention_rate only: the kernel, and where measured the head size and the length per call it was measured at
    std::string kernel;
    double headDim = 0, seqLen = 0;
    // attention_rate only, for a kernel whose published timings disagree (cost/attention.h attentionStandIn): the
    // kernel whose rate stands in for it, the one the fast end of the range takes, and whether the slow end takes
    // the kernel's own published curve
    std::string standIn, fastEnd;
    bool slowEndOwn = false;
    // attention_rate only: what attention dropout multiplies the kernel's time by, each pass (layercost.h
    // attentionDropoutOf); 1 without dropout. Every rate above is the kernel's without it.
    double dropoutForward = 1, dropoutBackward = 1;
    // attention_rate only: what removing padding around the kernel adds per layer and micro-batch, each pass, in
    // seconds (training.attention_unpad; layercost.h attentionUnpadOf); 0 without it.
    double unpadForwardS = 0, unpadBackwardS = 0;
};

// Every calibration parameter (kernel_overhead_us with the probe's value where it replaced it), then the measured
// rates, for the plan's cluster; a rate is Measured where the cluster's spec differs from the catalog's entry of the
// same id (a probe result applied) and names its source. Attention is the kernel the plan runs.
std::vector<RateStanding> rateStandings(const Plan& plan, const Catalog& catalog = Catalog::builtin());

} // namespace plait
