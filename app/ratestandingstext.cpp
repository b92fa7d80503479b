#include "ratestandingstext.h"

#include "costcalibration.h"
#include "layercost.h"
#include "ratebasis.h"
#include "runkind.h"
#include "summaryview.h"

#include <QCoreApplication>

namespace plait::app {

namespace {
// The translation context of the table's phrases.
struct RateStandings {
    Q_DECLARE_TR_FUNCTIONS(RateStandings)
};

QString percent(const RateStanding& s)
{
    // Fitted per-doubling shares are small: below 1% a tenth of a point would double or hide them.
    return RateStandings::tr("%1%").arg(100 * s.value, 0, 'f', s.value > 0 && s.value < 0.01 ? 2 : 1);
}
QString gigabytes(const RateStanding& s)
{
    return RateStandings::tr("%1 GB/s").arg(s.value, 0, 'f', 0);
}
QString fraction(const RateStanding& s)
{
    return QString::number(s.value, 'f', 3);
}

// Each rate's name and how its value reads, one row per id of rateStandings().
struct RateRow {
    const char* id;
    QString (*name)();
    QString (*value)(const RateStanding&);
};
const RateRow kRows[] = {
    { "gemm_share", [] { return RateStandings::tr("share of the sustained GEMM rate a layer's GEMMs reach"); },
        fraction },
    { "unmeasured_gemm_share",
        [] {
            return RateStandings::tr("share of the best known GEMM rate sustained, where no sustained figure is known");
        },
        fraction },
    { "expert_gemm_share", [] { return RateStandings::tr("share of a dense GEMM's rate the expert GEMMs reach"); },
        fraction },
    { "hbm_share", [] { return RateStandings::tr("share of the streaming HBM rate element-wise kernels reach"); },
        fraction },
    { "kernel_overhead_us", [] { return RateStandings::tr("fixed cost per kernel"); },
        [](const RateStanding& s) { return RateStandings::tr("%1 µs").arg(s.value, 0, 'f', 2); } },
    { "collective_loss_per_doubling",
        [] { return RateStandings::tr("collective rate lost per doubling of ranks past 8"); }, percent },
    { "sync_per_doubling",
        [] { return RateStandings::tr("step added per doubling of GPUs past 8 (stragglers, jitter)"); }, percent },
    { "gemm_rate", [] { return RateStandings::tr("GEMM rate (share of the dense peak)"); }, percent },
    { "hbm_rate", [] { return RateStandings::tr("streaming HBM rate"); }, gigabytes },
    { "overlap_slowdown", [] { return RateStandings::tr("compute slowdown beside a collective"); },
        [](const RateStanding& s) {
            return s.basis == RateBasis::Measured ? RateStandings::tr("+%1%").arg(100 * s.value, 0, 'f', 1)
                                                  : RateStandings::tr("published mean");
        } },
    { "attention_rate", [] { return RateStandings::tr("fused attention rate (forward and backward)"); },
        [](const RateStanding& s) {
            if (s.basis == RateBasis::Measured)
                return RateStandings::tr("%1 TFLOP/s").arg(s.value, 0, 'f', 0);
            if (!s.standIn.empty())
                return RateStandings::tr("%1's curves").arg(QString::fromStdString(s.standIn));
            return s.source.empty() ? RateStandings::tr("GEMM model") : RateStandings::tr("published curves");
        } },
    { "intra_node_link", [] { return RateStandings::tr("link inside a node (bus bandwidth)"); }, gigabytes },
    { "inter_node_link", [] { return RateStandings::tr("link between nodes (bus bandwidth)"); }, gigabytes },
};

const RateRow* rowOf(const std::string& id)
{
    for (const RateRow& r : kRows)
        if (id == r.id)
            return &r;
    return nullptr;
}

QString basisText(const RateStanding& s, const ClusterSpec& cluster)
{
    const QString source = QString::fromStdString(s.source).toHtmlEscaped();
    switch (s.basis) {
    case RateBasis::Published: {
        const CalibrationRecord& shipped = builtinCalibration();
        if (!(cluster.calibration == shipped.values))
            return RateStandings::tr("the plan's own calibration");
        if (shipped.trainingRuns <= 0)
            return RateStandings::tr("not calibrated (the unfitted model)");
        return RateStandings::tr("calibrated on %1 published runs (cross-validated error %2%)")
            .arg(shipped.trainingRuns)
            .arg(100 * shipped.crossValidatedMeanAbs, 0, 'f', 1);
    }
    case RateBasis::Catalog:
        // The fitted share of the best known rate stands in only where no sustained figure is known.
        if (s.id == "unmeasured_gemm_share")
            return RateStandings::tr("not used: the catalog's sustained figure replaces it (%1)").arg(source);
        if (s.id == "attention_rate" && !s.standIn.empty() && s.slowEndOwn)
            return RateStandings::tr("published timings of %1 disagree: the published curves of %2 stand in, its own "
                                     "curve bounds the slow end of the range and %3's the fast end")
                .arg(QString::fromStdString(s.kernel).toHtmlEscaped(), source,
                    QString::fromStdString(s.fastEnd).toHtmlEscaped());
        if (s.id == "attention_rate" && !s.standIn.empty())
            return RateStandings::tr("no published speed of %1: the published curves of %2 stand in, and the fast end "
                                     "of the range takes %3's")
                .arg(QString::fromStdString(s.kernel).toHtmlEscaped(), source,
                    QString::fromStdString(s.fastEnd).toHtmlEscaped());
        if (s.id == "attention_rate")
            return source.isEmpty()
                ? RateStandings::tr("no published curve for this GPU: the GEMM model's rate, a lower bound on the time")
                : RateStandings::tr("published curves of %1 by head size and length").arg(source);
        return source.isEmpty() ? RateStandings::tr("published figure")
                                : RateStandings::tr("published figure: %1").arg(source);
    case RateBasis::Measured:
        if (s.id == "attention_rate")
            return RateStandings::tr("<b>measured on this cluster</b> for %1 at head size %2, %3 tokens per call: %4")
                .arg(QString::fromStdString(s.standIn.empty() ? s.kernel : s.standIn).toHtmlEscaped())
                .arg(s.headDim)
                .arg(s.seqLen)
                .arg(source);
        if (s.id == "unmeasured_gemm_share")
            return RateStandings::tr("not used: the sustained rate <b>measured on this cluster</b> replaces it (%1)")
                .arg(source);
        return RateStandings::tr("<b>measured on this cluster</b>: %1").arg(source);
    case RateBasis::MeasuredShapes:
        return RateStandings::tr(
            "<b>measured</b> for the %1 GEMM shapes timed (%2); other shapes use the calibrated value")
            .arg(cluster.gpu.measuredGemms.size())
            .arg(source);
    }
    return {};
}
}

QString rateStandingsHtml(const Plan& plan)
{
    QString html
        = QStringLiteral("<b>%1</b><table cellspacing=\"4\">").arg(RateStandings::tr("What the cost model rests on"));
    for (const RateStanding& s : rateStandings(plan)) {
        const RateRow* row = rowOf(s.id);
        const QString name = row ? row->name() : QString::fromStdString(s.id);
        const QString value = row ? row->value(s) : fraction(s);
        QString basis = basisText(s, plan.cluster);
        if (s.dropoutForward > 1 || s.dropoutBackward > 1)
            basis += RateStandings::tr("; attention dropout adds %1% forward and %2% backward to its time "
                                       "(FlashAttention, arXiv 2205.14135, Tables 15–20, at head size 64; "
                                       "scaled by 64 / head size)")
                         .arg(100 * (s.dropoutForward - 1), 0, 'f', 1)
                         .arg(100 * (s.dropoutBackward - 1), 0, 'f', 1);
        if (s.unpadForwardS > 0)
            basis += RateStandings::tr("; removing padding around it (training.attention_unpad) adds %1 ms forward and "
                                       "%2 ms backward per layer and micro-batch: the copies at the streaming rate, "
                                       "and the fixed costs of %3 and %4 kernels and of %5 host waits "
                                       "(flash_attn/bert_padding.py)")
                         .arg(1e3 * s.unpadForwardS, 0, 'f', 3)
                         .arg(1e3 * s.unpadBackwardS, 0, 'f', 3)
                         .arg(kUnpadKernelsForward)
                         .arg(kUnpadKernelsBackward)
                         .arg(kUnpadHostWaits);
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td>%3</td></tr>")
                    .arg(name.toHtmlEscaped(), value.toHtmlEscaped(), basis);
    }
    html += QStringLiteral("</table>");
    // Under the shipped fit: how far off the published runs most like this plan were (core/model/similarruns.h).
    if (plan.cluster.calibration == builtinCalibration().values) {
        const QString similar
            = widgets::SummaryView::similarRunsText(similarRuns(runKindOf(plan), builtinCalibration().runs));
        if (!similar.isEmpty())
            html += QStringLiteral("<p>%1</p>").arg(similar.toHtmlEscaped());
    }
    return html;
}

} // namespace plait::app
