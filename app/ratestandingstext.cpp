#include "ratestandingstext.h"

#include "ratebasis.h"

#include <QCoreApplication>

namespace plait::app {

namespace {
// The translation context of the table's phrases.
struct RateStandings {
    Q_DECLARE_TR_FUNCTIONS(RateStandings)
};

QString rateName(const std::string& id)
{
    if (id == "gemm_share")
        return RateStandings::tr("share of the sustained GEMM rate a layer's GEMMs reach");
    if (id == "unmeasured_gemm_share")
        return RateStandings::tr("share of the best known GEMM rate sustained, where no sustained figure is known");
    if (id == "expert_gemm_share")
        return RateStandings::tr("share of a dense GEMM's rate the expert GEMMs reach");
    if (id == "hbm_share")
        return RateStandings::tr("share of the streaming HBM rate element-wise kernels reach");
    if (id == "kernel_overhead_us")
        return RateStandings::tr("fixed cost per kernel");
    if (id == "collective_loss_per_doubling")
        return RateStandings::tr("collective rate lost per doubling of ranks past 8");
    if (id == "sync_per_doubling")
        return RateStandings::tr("step added per doubling of GPUs past 8 (stragglers, jitter)");
    if (id == "gemm_rate")
        return RateStandings::tr("GEMM rate (share of the dense peak)");
    if (id == "hbm_rate")
        return RateStandings::tr("streaming HBM rate");
    if (id == "overlap_slowdown")
        return RateStandings::tr("compute slowdown beside a collective");
    if (id == "intra_node_link")
        return RateStandings::tr("link inside a node (bus bandwidth)");
    if (id == "inter_node_link")
        return RateStandings::tr("link between nodes (bus bandwidth)");
    return QString::fromStdString(id);
}

QString valueText(const RateStanding& s)
{
    if (s.id == "kernel_overhead_us")
        return RateStandings::tr("%1 µs").arg(s.value, 0, 'f', 1);
    if (s.id == "collective_loss_per_doubling" || s.id == "sync_per_doubling" || s.id == "gemm_rate")
        return RateStandings::tr("%1%").arg(100 * s.value, 0, 'f', 1);
    if (s.id == "hbm_rate" || s.id == "intra_node_link" || s.id == "inter_node_link")
        return RateStandings::tr("%1 GB/s").arg(s.value, 0, 'f', 0);
    if (s.id == "overlap_slowdown")
        return s.basis == RateBasis::Measured ? RateStandings::tr("+%1%").arg(100 * s.value, 0, 'f', 1)
                                              : RateStandings::tr("published mean");
    return QString::number(s.value, 'f', 3);
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
        return source.isEmpty() ? RateStandings::tr("published figure")
                                : RateStandings::tr("published figure: %1").arg(source);
    case RateBasis::Measured:
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

QString rateStandingsHtml(const ClusterSpec& cluster)
{
    QString html
        = QStringLiteral("<b>%1</b><table cellspacing=\"4\">").arg(RateStandings::tr("What the cost model rests on"));
    for (const RateStanding& s : rateStandings(cluster))
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td>%3</td></tr>")
                    .arg(rateName(s.id).toHtmlEscaped(), valueText(s).toHtmlEscaped(), basisText(s, cluster));
    return html + QStringLiteral("</table>");
}

} // namespace plait::app
