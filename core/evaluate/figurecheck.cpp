#include "figurecheck.h"

#include "numtext.h"

#include <cmath>

namespace plait {

std::vector<Issue> figureProblems(const Evaluation& ev, double ceilingFraction)
{
    std::vector<Issue> issues;
    auto internal = [&](const std::string& what, double value, const std::string& range) {
        issues.push_back({ "evaluation",
            "internal check failed: " + what + " is " + numText(value, "%.6g") + ", outside " + range
                + "; this is a bug in Plait's cost model, please report it with this plan" });
    };
    auto fraction = [&](const char* what, double x, double hi = 1.0) {
        if (!(x >= 0 && x <= hi * (1 + 1e-9)))
            internal(what, x, "[0, " + numText(hi, "%.4g") + "]");
    };
    auto time = [&](const std::string& what, double seconds) {
        if (!(std::isfinite(seconds) && seconds >= 0))
            internal(what + " (s)", seconds, "[0, ∞)");
    };
    bool tooLarge = false; // one message says it: every count that follows from the model is as large
    auto bytes = [&](const std::string& what, double b) {
        if (!std::isfinite(b) || b < 0)
            internal(what + " (bytes)", b, "[0, ∞)");
        else if (b > kMaxByteCount && !tooLarge) {
            tooLarge = true;
            issues.push_back({ "model",
                what + " is " + numText(b, "%.3g") + " bytes, more than the 64-bit byte counts Plait reports ("
                    + numText(kMaxByteCount, "%.3g") + "); the model is too large to account" });
        }
    };

    if (!(std::isfinite(ev.paramsTotal) && ev.paramsTotal > 0))
        internal("the parameter count", ev.paramsTotal, "(0, ∞)");
    else if (ev.paramsTotal > kMaxByteCount) {
        tooLarge = true;
        issues.push_back({ "model",
            "the model has " + numText(ev.paramsTotal, "%.3g") + " parameters, more than a 64-bit count holds" });
    }
    for (const StageMemory& s : ev.memory) {
        const std::string stage = "stage " + std::to_string(s.stage) + "'s ";
        bytes(stage + "weights", s.weights);
        bytes(stage + "gradients", s.grads);
        bytes(stage + "optimizer state", s.optimizer);
        bytes(stage + "activations", s.activations);
        bytes(stage + "other memory", s.other);
        bytes(stage + "memory per GPU", s.total());
    }
    if (!(ev.stepS > 0 && std::isfinite(ev.stepS)))
        internal("the step time (s)", ev.stepS, "(0, ∞)");
    time("the busiest stage's compute time", ev.computeS);
    if (ev.stepSlowS > 0 && !(ev.stepFastS <= ev.stepS * (1 + 1e-9) && ev.stepS <= ev.stepSlowS * (1 + 1e-9)))
        internal("the step time within its range", ev.stepS, "[fast end, slow end]");
    if (ev.computeS > ev.stepS * (1 + 1e-9))
        internal("the compute time over the step time", ev.computeS / ev.stepS, "[0, 1]");
    fraction("the bubble fraction", ev.bubbleFraction);
    time("the exposed communication", ev.exposedCommS);
    if (ev.exposedCommS > ev.stepS * (1 + 1e-9))
        internal("the exposed communication over the step time", ev.exposedCommS / ev.stepS, "[0, 1]");
    for (const CommItem& c : ev.comm) {
        const std::string what = std::string(dimName(c.dim)) + " " + collectiveName(c.collective) + " ("
            + commPayloadName(c.payload) + ")";
        time(what + " time", c.timeS);
        time(what + " exposed time", c.exposedS);
        // Exposed times are differences of absolute times on the step's clock: allow their rounding.
        if (c.exposedS > c.timeS * (1 + 1e-9) + 1e-9 * ev.stepS)
            internal(what + " exposed time over its time", c.timeS > 0 ? c.exposedS / c.timeS : INFINITY, "[0, 1]");
        bytes(what + " traffic per step", c.bytesPerStep);
    }
    if (!(ev.tokensPerS > 0 && std::isfinite(ev.tokensPerS)))
        internal("tokens/s", ev.tokensPerS, "(0, ∞)");
    // MFU ≤ HFU ≤ the fastest GEMM share of peak: every FLOP is timed at or below that rate.
    fraction("MFU", ev.mfu, ev.hfu);
    // Megatron's count adds the masked half of attention: at least the causal MFU, by at most that attention again.
    if (!(ev.mfuMegatron >= ev.mfu * (1 - 1e-9) && ev.mfuMegatron <= 2 * ev.mfu * (1 + 1e-9)))
        internal("MFU by Megatron's count", ev.mfuMegatron, "[MFU, 2·MFU]");
    fraction("HFU", ev.hfu, ceilingFraction);
    return issues;
}

} // namespace plait
