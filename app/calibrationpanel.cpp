#include "calibrationpanel.h"

#include "fabriccheck.h"
#include "format.h"
#include "ratestandingstext.h"
#include "translatedtext.h"

#include "gemm.h"
#include "layercost.h"
#include "numtext.h"
#include "palette.h"
#include "timeaxis.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace plait::app {

CalibrationPanel::CalibrationPanel(QWidget* parent)
    : QWidget(parent)
{
    m_plot = new QCustomPlot(this);
    m_plot->setMinimumHeight(220);
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    m_plot->xAxis->setLabel(tr("message size (bytes)"));
    m_plot->yAxis->setLabel(tr("bus bandwidth (GB/s)"));
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    m_text = new QLabel(noResultsText(), this);
    m_text->setTextFormat(Qt::RichText);
    m_text->setWordWrap(true);
    m_applyLinks = new QPushButton(tr("Apply link measurement to plan"), this);
    m_applyCompute = new QPushButton(tr("Apply compute measurement to plan"), this);
    m_applyAttention = new QPushButton(tr("Apply attention measurement to plan"), this);
    m_applyProfile = new QPushButton(tr("Calibrate from this profile"), this);
    m_applyProfile->setToolTip(tr("Give the plan's GPU the GEMM, attention and element-wise rates the job's profile "
                                  "measured, the profile named as their source (one edit that Undo takes back)"));
    m_applyLinks->setEnabled(false);
    m_linksAnyGpu = new QCheckBox(tr("Apply although measured on another GPU"), this);
    m_linksAnyGpu->setToolTip(tr("The links were measured with another GPU model than the plan's: its NVLink and "
                                 "host paths may not be the plan's. Tick to apply them all the same (as plait import "
                                 "nccl-tests --any-gpu does)."));
    m_linksAnyGpu->setObjectName(QStringLiteral("linksAnyGpu"));
    m_linksAnyGpu->setVisible(false);
    m_applyCompute->setEnabled(false);
    m_applyAttention->setEnabled(false);
    m_applyProfile->setEnabled(false);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_applyLinks);
    buttons->addWidget(m_linksAnyGpu);
    buttons->addWidget(m_applyCompute);
    buttons->addWidget(m_applyAttention);
    buttons->addWidget(m_applyProfile);
    buttons->addStretch(1);
    // The figures scroll: a compute run with its contention rows and attention is longer than the dock is high.
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_text);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_plot, 1);
    layout->addWidget(scroll, 1);
    layout->addLayout(buttons);
    m_plot->setVisible(false); // until there is a link sweep to draw
    connect(m_linksAnyGpu, &QCheckBox::toggled, this, [this] { refresh(); });
    connect(m_applyLinks, &QPushButton::clicked, this, [this] {
        if (auto p = planWithLinks())
            emit applyRequested(*p, tr("Apply measured links"));
    });
    connect(m_applyCompute, &QPushButton::clicked, this, [this] {
        if (auto p = planWithCompute())
            emit applyRequested(*p, tr("Apply measured compute"));
    });
    connect(m_applyAttention, &QPushButton::clicked, this, [this] {
        if (auto p = planWithAttention())
            emit applyRequested(*p, tr("Apply measured attention"));
    });
    connect(m_applyProfile, &QPushButton::clicked, this, [this] {
        if (auto p = planWithProfile())
            emit applyRequested(*p, tr("Calibrate from the profile"));
    });
}

void CalibrationPanel::setPlan(std::shared_ptr<const Plan> plan)
{
    // The tick to apply links measured on another GPU was given for the plan's GPU then: another GPU asks again.
    if (m_plan && plan && m_plan->cluster.gpu.id != plan->cluster.gpu.id)
        m_linksAnyGpu->setChecked(false);
    m_plan = std::move(plan);
    refresh();
}

void CalibrationPanel::setLinks(const LinksResult& links, const QString& source)
{
    m_links = links;
    m_linksAnyGpu->setChecked(false); // each measurement asks again
    m_linksSource = source;
    refresh();
}

void CalibrationPanel::setCompute(const ComputeResult& compute, const QString& source)
{
    m_compute = compute;
    m_computeSource = source;
    refresh();
}

void CalibrationPanel::setTorchReference(const TorchReference& reference, const QString& source)
{
    m_torch = reference;
    m_torchSource = source;
    refresh();
}

std::string CalibrationPanel::linksSourceText() const
{
    return m_links->source.empty() ? "plait-probe: " + m_linksSource.toStdString()
                                   : m_links->source + ": " + m_linksSource.toStdString();
}

std::string CalibrationPanel::linksOtherGpu() const
{
    return m_plan && m_links ? otherGpuMeasured(*m_links, m_plan->cluster.gpu) : std::string();
}

std::optional<Plan> CalibrationPanel::planWithLinks() const
{
    if (!m_plan || !m_links)
        return std::nullopt;
    if (!linksOtherGpu().empty() && !m_linksAnyGpu->isChecked())
        return std::nullopt;
    return planWithMeasuredCollectives(*m_plan, *m_links, linksSourceText()).plan;
}

std::optional<Plan> CalibrationPanel::planWithCompute() const
{
    if (!m_plan || !m_compute)
        return std::nullopt;
    auto gpu = gpuCalibratedBy(
        m_plan->cluster.gpu, *m_compute, Catalog::builtin(), "plait-probe: " + m_computeSource.toStdString());
    if (!gpu)
        return std::nullopt;
    Plan p = *m_plan;
    p.cluster.gpu = gpu.value();
    return p;
}

std::optional<Plan> CalibrationPanel::planWithAttention() const
{
    if (!m_plan || !m_torch)
        return std::nullopt;
    auto gpu = gpuWithMeasuredAttention(
        *m_plan, *m_torch, Catalog::builtin(), "torch-reference: " + m_torchSource.toStdString());
    if (!gpu)
        return std::nullopt;
    Plan p = *m_plan;
    p.cluster.gpu = gpu.value();
    return p;
}

void CalibrationPanel::setProfileCalibration(const ProfileCalibration& calibration, const QString& source)
{
    m_profile = calibration;
    m_profileSource = source;
    refresh();
}

std::optional<Plan> CalibrationPanel::planWithProfile() const
{
    if (!m_plan || !m_profile || !m_profile->anyApplied() || m_plan->cluster.gpu.id != m_profile->plan.cluster.gpu.id)
        return std::nullopt;
    Plan p = *m_plan;
    p.cluster.gpu = m_profile->plan.cluster.gpu;
    // A link the profile's all-reduces recalibrated, where the plan runs over the same link.
    for (const ProfileLink& l : m_profile->links) {
        LinkSpec& to = l.acrossNodes ? p.cluster.interNode : p.cluster.intraNode;
        const LinkSpec& from = l.acrossNodes ? m_profile->plan.cluster.interNode : m_profile->plan.cluster.intraNode;
        if (l.anyApplied() && to.id == from.id)
            to = from;
    }
    if (p == *m_plan)
        return std::nullopt; // applied already
    return p;
}

namespace {
QString rateLabel(const ProfileRate& r)
{
    return r.id == "gemm_rate"       ? CalibrationPanel::tr("GEMM (share of dense peak)")
        : r.id == "attention_rate"   ? CalibrationPanel::tr("attention (TFLOP/s forward / backward)")
        : r.id == "overlap_slowdown" ? CalibrationPanel::tr("compute beside collectives (slower than alone)")
        : r.id == "kernel_fixed_us"  ? CalibrationPanel::tr("fixed cost of each kernel the model counts (µs)")
                                     : CalibrationPanel::tr("element-wise (GB/s of HBM)");
}

QString rateValueText(const ProfileRate& r, double value, double backward)
{
    if (r.id == "gemm_rate")
        return QString::number(value, 'f', 3);
    if (r.id == "overlap_slowdown")
        return widgets::formatPercent(value);
    if (r.id == "kernel_fixed_us")
        return QString::number(value, 'f', 2);
    if (r.id == "attention_rate" && backward > 0)
        return QStringLiteral("%1 / %2").arg(value, 0, 'f', 0).arg(backward, 0, 'f', 0);
    return QString::number(value, 'f', 0);
}
}

namespace {
// A collective's rate fitted on a link (collectiverates.h), in one line.
QString collectiveRateHtml(const ProfileCollectiveRate& k, int ranks)
{
    const QString timed = k.swept ? CalibrationPanel::tr("%n sizes swept", nullptr, k.calls)
                                  : CalibrationPanel::tr("%n calls timed", nullptr, k.calls);
    return CalibrationPanel::tr("%1 over %2 ranks on %3 (%4): %5 GB/s of bus bandwidth at %6; %7 measured, %8 "
                                "predicted before.")
               .arg(QString::fromLatin1(collectiveName(k.kind)))
               .arg(ranks)
               .arg(QString::fromStdString(k.link).toHtmlEscaped(), timed)
               .arg(QString::number(k.busBwGBps, 'f', 1), QString::fromStdString(bytesText(k.largestBytes)),
                   widgets::formatDuration(k.measuredS), widgets::formatDuration(k.predictedBeforeS))
        + QStringLiteral(" ")
        + (k.applied
                ? CalibrationPanel::tr("Rate %1× → %2× the model's.").arg(k.before, 0, 'f', 2).arg(k.after, 0, 'f', 2)
                : CalibrationPanel::tr("Not calibrated: %1").arg(widgets::translatedText(k.note).toHtmlEscaped()));
}
}

QString CalibrationPanel::profileHtml() const
{
    const ProfileCalibration& c = *m_profile;
    QString html = tr("<b>Job profile</b> (%1): the rates it measures on the profiled plan's stages, fitted so that "
                      "the plan predicts the kernel times measured.")
                       .arg(m_profileSource.toHtmlEscaped());
    for (const Message& p : c.problems)
        html += QStringLiteral("<br>") + tr("Not calibrated: %1").arg(widgets::translatedText(p).toHtmlEscaped());
    if (!c.problems.empty())
        return html;
    html += QStringLiteral("<table cellspacing=6><tr><th align=left>%1</th><th>%2</th><th>%3</th><th>%4</th>"
                           "<th>%5</th><th>%6</th></tr>")
                .arg(tr("rate"), tr("before"), tr("from the profile"), tr("measured per step"), tr("predicted before"),
                    tr("predicted after"));
    for (const ProfileRate& r : c.rates) {
        html
            += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td><td align=right>%4</td>"
                              "<td align=right>%5</td><td align=right>%6</td></tr>")
                   .arg(rateLabel(r), r.before > 0 ? rateValueText(r, r.before, r.beforeBackward) : QStringLiteral("—"),
                       r.applied ? rateValueText(r, r.after, r.afterBackward) : tr("not fitted"),
                       widgets::formatDuration(r.measuredS), widgets::formatDuration(r.predictedBeforeS),
                       widgets::formatDuration(r.predictedAfterS));
        if (!r.note.empty())
            html += QStringLiteral("<tr><td colspan=6 style='color:#666'>%1</td></tr>")
                        .arg(widgets::translatedText(r.note).toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    for (const ProfileLink& l : c.links) {
        const QString link = QString::fromStdString(l.link).toHtmlEscaped();
        const QString rate = QString::number(l.busBwGBps, 'f', 1),
                      size = QString::fromStdString(bytesText(l.largestBytes));
        if (l.collectives > 0) {
            html += l.acrossNodes ? tr("Inter-node link %1: all-reduces over %2 ranks on %3 nodes (%4 timed, their "
                                       "transfers) ran at %5 GB/s of bus bandwidth at %6.")
                                        .arg(link)
                                        .arg(l.ranks)
                                        .arg(l.nodes)
                                        .arg(l.collectives)
                                        .arg(rate, size)
                                  : tr("Intra-node link %1: all-reduces over %2 ranks within a node (%3 timed, their "
                                       "transfers) ran at %4 GB/s of bus bandwidth at %5.")
                                        .arg(link)
                                        .arg(l.ranks)
                                        .arg(l.collectives)
                                        .arg(rate, size);
            html += QStringLiteral(" ")
                + (l.applied
                        ? tr("Efficiency %1 → %2.").arg(l.efficiencyBefore, 0, 'f', 3).arg(l.efficiencyAfter, 0, 'f', 3)
                        : tr("Not calibrated: %1").arg(widgets::translatedText(l.note).toHtmlEscaped()))
                + QStringLiteral("<br>");
        }
        for (const ProfileCollectiveRate& k : l.kinds)
            html += collectiveRateHtml(k, l.ranks) + QStringLiteral("<br>");
    }
    html += tr("The profiled plan's step: %1 predicted before, %2 after; measured %3.")
                .arg(widgets::formatDuration(c.stepBeforeS), widgets::formatDuration(c.stepAfterS),
                    widgets::formatDuration(c.measuredStepS));
    if (m_plan && m_plan->cluster.gpu.id != c.plan.cluster.gpu.id)
        html += QStringLiteral("<br><span style='color:#c0392b'>")
            + tr("Not applied: the profile ran on %1, the plan is on %2.")
                  .arg(QString::fromStdString(c.plan.cluster.gpu.name).toHtmlEscaped(),
                      QString::fromStdString(m_plan->cluster.gpu.name).toHtmlEscaped())
            + QStringLiteral("</span>");
    return html;
}

QString CalibrationPanel::noResultsText()
{
    return tr("No probe results yet: Probe → Run probe…, or Probe → Open results…");
}

QString CalibrationPanel::summaryText() const
{
    return m_text->text();
}

void CalibrationPanel::refresh()
{
    m_plot->clearGraphs();
    QString html;
    if (m_links) {
        const bool inter = m_links->linkClass == "inter_node";
        const LinkSpec* planLink = m_plan ? (inter ? &m_plan->cluster.interNode : &m_plan->cluster.intraNode) : nullptr;
        html += tr("<b>Links</b> (%1, %2 ranks, %3):")
                    .arg(m_linksSource)
                    .arg(m_links->ranks)
                    .arg(QString::fromStdString(m_links->linkClass));
        html += QStringLiteral(
            "<table cellspacing=6><tr><th align=left>%1</th><th>α (µs)</th><th>β bus (GB/s)</th><th>R²</th>"
            "<th>%2</th></tr>")
                    .arg(tr("op"), tr("largest busbw (GB/s)"));
        int i = 0;
        double maxBw = 0;
        for (const OpSweep& s : m_links->ops) {
            QCPGraph* g = m_plot->addGraph();
            g->setName(QString::fromLatin1(collectiveName(s.op)));
            g->setPen(QPen(widgets::colors::indexed(i++, int(m_links->ops.size())).darker(130), 2));
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
            double best = 0;
            for (const SizePoint& p : s.points) {
                g->addData(p.bytes, p.busbwGBps);
                best = std::max(best, p.busbwGBps);
            }
            maxBw = std::max(maxBw, best);
            html
                += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td><td align=right>%4</td>"
                                  "<td align=right>%5</td></tr>")
                       .arg(QString::fromLatin1(collectiveName(s.op)))
                       .arg(s.fit.alphaFitted() ? QString::number(s.fit.alphaUs, 'f', 1) : QStringLiteral("—"))
                       .arg(s.fit.ok() ? QString::number(s.fit.busBetaGBps, 'f', 1) : QStringLiteral("—"))
                       .arg(s.fit.ok() ? QString::number(s.fit.r2, 'f', 4) : QStringLiteral("—"))
                       .arg(best, 0, 'f', 1);
        }
        html += QStringLiteral("</table>");
        if (planLink) {
            html += tr("The plan assumes %1: %2 GB/s × efficiency %3 = %4 GB/s bus bandwidth, α %5 µs per ring step.")
                        .arg(QString::fromStdString(planLink->name))
                        .arg(planLink->bandwidthGBps, 0, 'f', 0)
                        .arg(planLink->efficiency, 0, 'f', 2)
                        .arg(planLink->effectiveGBps(), 0, 'f', 0)
                        .arg(planLink->latencyUs, 0, 'f', 2);
            if (const std::string other = linksOtherGpu(); !other.empty())
                html += QStringLiteral("<br><span style='color:#c0392b'>")
                    + (m_linksAnyGpu->isChecked()
                            ? tr("Measured on %1, the plan is on %2: applied all the same, as you asked.")
                            : tr("Measured on %1, the plan is on %2: compared, not applied (tick \"Apply although "
                                 "measured on another GPU\" to apply)."))
                          .arg(QString::fromStdString(other).toHtmlEscaped(),
                              QString::fromStdString(m_plan->cluster.gpu.name).toHtmlEscaped())
                    + QStringLiteral("</span>");
            // The fabric check: what the plan's links lead one to expect for these ranks, size by size (dashed, in
            // each op's colour), and where the measurement falls short of it or passes it.
            const FabricCheck check = checkFabric(*m_links, m_plan->cluster);
            int k = 0;
            for (const FabricOpCheck& op : check.ops) {
                QCPGraph* g = m_plot->addGraph();
                g->setName(tr("%1, the plan's links").arg(QString::fromLatin1(collectiveName(op.op))));
                g->setPen(QPen(widgets::colors::indexed(k++, int(check.ops.size())).darker(130), 1.5, Qt::DashLine));
                for (const FabricPoint& p : op.points) {
                    g->addData(p.bytes, p.expectedBusGBps);
                    maxBw = std::max(maxBw, p.expectedBusGBps);
                }
                html += QStringLiteral("<br>")
                    + tr("%1: %2% of what the plan's links lead one to expect at %3 and up.")
                          .arg(QString::fromLatin1(collectiveName(op.op)))
                          .arg(100 * op.largeRatio, 0, 'f', 0)
                          .arg(widgets::formatBytes(op.largeFromBytes));
            }
            for (const Warning& w : check.findings)
                html += QStringLiteral("<br><span style=\"color:#c0392b\">⚠ %1</span>")
                            .arg(widgets::translatedText("fabric:" + w.code, w.args).toHtmlEscaped());
            // Collectives other than all-reduce: each a rate of its own on the link that bounds it.
            for (const ProfileCollectiveRate& k :
                planWithMeasuredCollectives(*m_plan, *m_links, linksSourceText()).kinds)
                html += QStringLiteral("<br>") + collectiveRateHtml(k, m_links->ranks);
        }
        m_plot->rescaleAxes();
        m_plot->xAxis->setRange(m_plot->xAxis->range().lower / 2, m_plot->xAxis->range().upper * 2);
        m_plot->yAxis->setRange(0, maxBw * 1.15 + 1);
    }
    if (m_compute) {
        html += QStringLiteral("<br>")
            + tr("<b>Compute</b> (%1, %2): best GEMM %3 TFLOP/s, device copy %4 GB/s (read + write)")
                  .arg(m_computeSource, QString::fromStdString(m_compute->gpu))
                  .arg(m_compute->bestTflops, 0, 'f', 0)
                  .arg(m_compute->copyTrafficGBps, 0, 'f', 0);
        if (m_plan)
            html += QStringLiteral("<br>")
                + tr("The plan assumes %1: %2 TFLOP/s dense bf16 × sustained GEMM efficiency %3, HBM %4 GB/s.")
                      .arg(QString::fromStdString(m_plan->cluster.gpu.name))
                      .arg(m_plan->cluster.gpu.bf16Tflops, 0, 'f', 0)
                      .arg(gemmEfficiency(m_plan->cluster.gpu, m_plan->cluster.gpu.bf16Tflops), 0, 'f', 2)
                      .arg(hbmRateGBps(m_plan->cluster.gpu), 0, 'f', 0);
        int slower = 0, counted = 0;
        for (const GemmResult& g : m_compute->gemms)
            if (g.predictedUs > 0) {
                ++counted;
                slower += g.timeUs > g.predictedUs;
            }
        if (counted)
            html += QStringLiteral("<br>")
                + tr("%1 of %2 GEMM shapes ran slower than predicted.").arg(slower).arg(counted);
        if (m_compute->readGBps > 0)
            html += QStringLiteral("<br>")
                + tr("HBM kernels: read %1 GB/s, write %2 GB/s, triad %3 GB/s.")
                      .arg(m_compute->readGBps, 0, 'f', 0)
                      .arg(m_compute->writeGBps, 0, 'f', 0)
                      .arg(m_compute->triadGBps, 0, 'f', 0);
        if (m_compute->kernelFixedUs > 0)
            html += QStringLiteral("<br>")
                + tr("A kernel's fixed cost: %1 µs (empty kernels launched back to back); the plan assumes %2 µs.")
                      .arg(m_compute->kernelFixedUs, 0, 'f', 2)
                      .arg(m_plan ? kernelFixedUs(m_plan->cluster) : 0.0, 0, 'f', 2);
        for (const ContentionResult& c : m_compute->contention) {
            if (!(c.gemmAloneUs > 0))
                continue;
            if (c.besideAllReduce && c.collectiveAloneUs > 0 && c.collectiveBesideUs > 0)
                html += QStringLiteral("<br>")
                    + tr("On %1 GPUs beside an all-reduce of %2 MiB the GEMM ran %3× as long and the all-reduce %4× "
                         "(bus bandwidth %5 GB/s alone, %6 GB/s beside).")
                          .arg(c.ranks)
                          .arg(c.bytes / double(1 << 20), 0, 'f', 0)
                          .arg(c.gemmBesideUs / c.gemmAloneUs, 0, 'f', 2)
                          .arg(c.collectiveBesideUs / c.collectiveAloneUs, 0, 'f', 2)
                          .arg(c.busbwAloneGBps, 0, 'f', 0)
                          .arg(c.busbwBesideGBps, 0, 'f', 0)
                    + (c.covered ? QString()
                                 : QStringLiteral(" ")
                                + tr("The all-reduces ended before the GEMMs did, so the GEMM's figure is a lower "
                                     "bound."));
            else if (!c.besideAllReduce && c.smCountTarget == 0)
                html += QStringLiteral("<br>")
                    + tr("Beside a copy on %1 thread blocks the GEMM ran %2× as long.")
                          .arg(c.copyBlocks)
                          .arg(c.gemmBesideUs / c.gemmAloneUs, 0, 'f', 2);
        }
        if (m_plan) {
            if (auto gpu = gpuCalibratedBy(m_plan->cluster.gpu, *m_compute, Catalog::builtin(), {}); !gpu)
                html += QStringLiteral("<br><span style='color:#c0392b'>")
                    + tr("Not applied: %1").arg(QString::fromStdString(gpu.errorText()).toHtmlEscaped())
                    + QStringLiteral("</span>");
            else
                html += QStringLiteral("<br>")
                    + tr("Applying keeps each of the %1 measured GEMM shapes at its own time; other shapes take the "
                         "rate fitted to them, %2 TFLOP/s (GEMM efficiency %3), and HBM %4 GB/s.")
                          .arg(gpu.value().measuredGemms.size())
                          .arg(gpu.value().gemmSustainedEfficiency * gpu.value().bf16Tflops, 0, 'f', 0)
                          .arg(gpu.value().gemmSustainedEfficiency, 0, 'f', 3)
                          .arg(hbmRateGBps(gpu.value()), 0, 'f', 0);
        }
    }
    if (m_torch) {
        html += QStringLiteral("<br>")
            + tr("<b>PyTorch reference</b> (%1, %2, torch %3, CUDA %4): GEMM 8192³ bf16 at %5 TFLOP/s on normal data, "
                 "%6 on a periodic pattern, %7 on zeros.")
                  .arg(m_torchSource, QString::fromStdString(m_torch->gpu).toHtmlEscaped(),
                      QString::fromStdString(m_torch->torch).toHtmlEscaped(),
                      QString::fromStdString(m_torch->cuda).toHtmlEscaped())
                  .arg(m_torch->gemmNormalTflops, 0, 'f', 0)
                  .arg(m_torch->gemmPatternTflops, 0, 'f', 0)
                  .arg(m_torch->gemmZerosTflops, 0, 'f', 0);
        for (const AttentionResult& a : m_torch->attention) {
            const QString backend = QString::fromStdString(a.backend).toHtmlEscaped();
            if (!a.unavailable.empty()) {
                html += QStringLiteral("<br>")
                    + tr("Attention on %1 did not run: %2")
                          .arg(backend, QString::fromStdString(a.unavailable).toHtmlEscaped());
                continue;
            }
            html += QStringLiteral("<br>")
                + tr("Attention on %1 (batch %2, %3 heads, %4 KV heads, %5 queries × %6 keys, head size %7, causal): "
                     "forward %8 µs, forward and backward %9 µs.")
                      .arg(backend)
                      .arg(a.shape.batch)
                      .arg(a.shape.heads)
                      .arg(a.shape.kvHeads)
                      .arg(a.shape.queries)
                      .arg(a.shape.keys)
                      .arg(a.shape.headDim)
                      .arg(a.forwardUs, 0, 'f', 0)
                      .arg(a.forwardBackwardUs, 0, 'f', 0);
            if (!m_plan)
                continue;
            if (auto p = attentionBeside(*m_plan, *m_torch, a, Catalog::builtin())) {
                html += QStringLiteral(" ")
                    + tr("The plan predicts %1 µs and %2 µs.")
                          .arg(p.value().predictedForwardUs, 0, 'f', 0)
                          .arg(p.value().predictedForwardBackwardUs, 0, 'f', 0);
                // Applied, a row sets its own kernel's rate: say so where the plan runs another.
                const AttentionKernel runs = attentionKernelOf(*m_plan);
                if (const auto kernel = kernelOfBackend(a.backend); kernel && *kernel != runs)
                    html += QStringLiteral(" ")
                        + tr("Applied, it sets the rate of %1; the plan runs %2, which keeps its own.")
                              .arg(QString::fromUtf8(attentionKernelName(*kernel)),
                                  QString::fromUtf8(attentionKernelName(runs)));
            } else
                html += QStringLiteral(" ")
                    + tr("Not compared: %1").arg(QString::fromStdString(p.errorText()).toHtmlEscaped());
        }
    }
    if (m_profile)
        html += (html.isEmpty() ? QString() : QStringLiteral("<br><br>")) + profileHtml();
    // What every rate of the cost model rests on for the plan's cluster: measured here, or calibrated on published
    // runs (issue 42 C).
    if (m_plan)
        html = (html.isEmpty() ? noResultsText() : html) + QStringLiteral("<br><br>") + rateStandingsHtml(*m_plan);
    if (!html.isEmpty())
        m_text->setText(html);
    m_plot->setVisible(m_links.has_value());
    m_linksAnyGpu->setVisible(!linksOtherGpu().empty());
    m_applyLinks->setEnabled(planWithLinks().has_value());
    m_applyCompute->setEnabled(planWithCompute().has_value());
    m_applyAttention->setEnabled(planWithAttention().has_value());
    m_applyProfile->setEnabled(planWithProfile().has_value());
    m_applyProfile->setVisible(m_profile.has_value());
    m_plot->replot();
}

} // namespace plait::app
