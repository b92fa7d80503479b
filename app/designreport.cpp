#include "designreport.h"

#include "attention.h"

#include "advicepanel.h"
#include "atomicfile.h"
#include "format.h"
#include "language.h"
#include "overlap.h"
#include "range.h"
#include "render.h"
#include "runtext.h"
#include "summaryview.h"
#include "text.h"

#include <QApplication>
#include <QBuffer>
#include <QFileInfo>
#include <QFontInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPageLayout>
#include <QPdfWriter>
#include <QVBoxLayout>
#include <cmath>
#include <cstring>
#include <iostream>
#include <qcustomplot.h>

namespace plait::app {

namespace {
constexpr int kPageWidth = 1500; // the width pages are laid out at, in pixels; the PDF scales them to the paper

QString tr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("plait::app", text, disambiguation, n); // the context lupdate gives tr() here
}

QString str(const std::string& s)
{
    return QString::fromStdString(validUtf8(s));
}

QString esc(const QString& s)
{
    return s.toHtmlEscaped();
}

// The printable area's proportions, landscape, 10 mm margins.
QSize pageSize(Paper paper)
{
    const double w = paper == Paper::A4 ? 297 : 279.4, h = paper == Paper::A4 ? 210 : 215.9;
    return QSize(kPageWidth, int(std::lround(kPageWidth * (h - 20) / (w - 20))));
}

QString parallelText(const ParallelSpec& p)
{
    QString s = QStringLiteral("TP %1 · PP %2 · DP %3 · CP %4").arg(p.tp).arg(p.pp).arg(p.dp).arg(p.cp);
    if (p.ep > 1)
        s += QStringLiteral(" · EP %1").arg(p.ep);
    return s;
}

QString scheduleText(const ParallelSpec& p)
{
    return QString::fromLatin1(scheduleName(p.schedule)) + (p.vpp > 1 ? QStringLiteral(" v=%1").arg(p.vpp) : QString());
}

QString recipeText(const TrainingSpec& t)
{
    return tr("micro-batch %1 · global batch %2 · ZeRO %3 · recompute %4 · %5")
        .arg(t.microBatch)
        .arg(t.globalBatch)
        .arg(t.zeroStage)
        .arg(str(recomputeText(t)))
        .arg(QString::fromLatin1(precisionName(t.precision))
            + (t.precision == Precision::FP8 ? QLatin1Char(' ') + QString::fromLatin1(fp8RecipeName(t.fp8Recipe))
                                             : QString()));
}

// "gemm_share 0.96, hbm_share 0.76, …": the calibration's values by their ids, as calibration.json names them.
QString calibrationValuesText(const CostCalibration& c)
{
    QStringList parts;
    for (const CalibrationParameter& p : calibrationParameters())
        parts << QStringLiteral("%1 %2%3")
                     .arg(QString::fromLatin1(p.id))
                     .arg(c.*(p.field), 0, 'g', 3)
                     .arg(QString::fromUtf8(*p.unit ? (std::string(" ") + p.unit).c_str() : ""));
    return parts.join(QStringLiteral(", "));
}

QString modelText(const Plan& plan, const Evaluation& ev)
{
    const ModelSpec& m = plan.model;
    QString s = tr("%1: %2B parameters, %3 layers, hidden %4, sequence %5")
                    .arg(m.name.empty() ? tr("custom model") : str(m.name))
                    .arg(QLocale().toString(ev.paramsTotal / 1e9, 'f', 1))
                    .arg(m.layers)
                    .arg(m.hidden)
                    .arg(m.seqLen);
    if (m.moe.experts > 0)
        s += tr(", %1 experts, top-%2").arg(m.moe.experts).arg(m.moe.topK);
    return s;
}

QString clusterText(const ClusterSpec& c)
{
    return tr("%1 nodes × %2 %3; %4 inside a node, %5 between nodes")
        .arg(c.nodes)
        .arg(c.gpusPerNode)
        .arg(str(c.gpu.name.empty() ? c.gpu.id : c.gpu.name), str(c.intraNode.id), str(c.interNode.id));
}

// One key figure: its text, and for comparing, its value and which way is better (+1 higher, −1 lower, 0 neither).
struct KeyFigure {
    QString label, text;
    double value = 0;
    int better = 0;
    bool shown = true;
};

std::vector<KeyFigure> keyFigures(const ReportPlan& r)
{
    const Evaluation& ev = *r.analysis->evaluation;
    const Plan& plan = *r.analysis->plan;
    std::vector<KeyFigure> k;
    if (!ev.valid)
        return k;
    k.push_back({ tr("Step time"),
        ev.stepSlowS > 0 ? tr("%1 (%2–%3)")
                               .arg(widgets::formatSeconds(ev.stepS), widgets::formatSeconds(ev.stepFastS),
                                   widgets::formatSeconds(ev.stepSlowS))
                         : widgets::formatSeconds(ev.stepS),
        ev.stepS, -1 });
    k.push_back({ tr("Tokens/s"), widgets::formatNumber(ev.tokensPerS, 4), ev.tokensPerS, 1 });
    k.push_back({ tr("MFU (causal)"), widgets::formatPercent(ev.mfu), ev.mfu, 1 });
    k.push_back({ tr("MFU (Megatron count)"), widgets::formatPercent(ev.mfuMegatron), ev.mfuMegatron, 1 });
    k.push_back({ tr("Pipeline bubble"), widgets::formatPercent(ev.bubbleFraction), ev.bubbleFraction, -1 });
    k.push_back({ tr("Exposed communication"), widgets::formatSeconds(ev.exposedCommS), ev.exposedCommS, -1 });
    k.push_back({ tr("Peak memory per GPU"),
        tr("%1 of %2").arg(widgets::formatBytes(ev.peakBytes), widgets::formatBytes(ev.capacityBytes)), ev.peakBytes,
        -1 });
    k.push_back({ tr("GPUs used"), QLocale().toString(plan.parallel.gpusUsed()), double(plan.parallel.gpusUsed()), 0 });
    if (const RunForecast* f = r.analysis->run.get()) {
        const widgets::RunFigures run = widgets::runFigures(*f, plan);
        k.push_back({ tr("Time to train"), run.time, f->wallS.point, -1, f->hasBudget });
        k.push_back({ tr("Cost to train"), run.cost, f->cost.point, -1, f->hasPrice });
        k.push_back({ tr("Goodput"), run.goodput, f->goodput, 1, f->goodput > 0 && f->intervalS > 0 });
        k.push_back({ tr("Checkpoint"), run.checkpoint, f->checkpointBytes, 0 });
    }
    return k;
}

// The plan's settings that a comparison lists side by side.
std::vector<std::pair<QString, QString>> settings(const Plan& plan, const Evaluation& ev)
{
    return { { tr("Model"), modelText(plan, ev) }, { tr("Cluster"), clusterText(plan.cluster) },
        { tr("Parallelism"), parallelText(plan.parallel) }, { tr("Schedule"), scheduleText(plan.parallel) },
        { tr("Recipe"), recipeText(plan.training) } };
}

// Every rate the evaluation took as given, with where it comes from.
QStringList assumptions(const Plan& plan, const Evaluation& ev)
{
    const GpuSpec& g = plan.cluster.gpu;
    QStringList out;
    // What the times rest on, as the summary says it, and the calibration layer's efficiencies each.
    out << tr("Times: %1 Efficiencies: %2.")
               .arg(widgets::SummaryView::basisText(ev), calibrationValuesText(plan.cluster.calibration));
    out << tr("GPU %1: %2 TFLOP/s dense BF16%3, %4 GiB, %5 GB/s HBM. Source: %6.")
               .arg(str(g.name.empty() ? g.id : g.name))
               .arg(g.bf16Tflops)
               .arg(g.fp8Tflops > 0 ? tr(", %1 FP8").arg(g.fp8Tflops) : QString())
               .arg(g.memoryGiB)
               .arg(g.hbmGBps)
               .arg(g.source.empty() ? tr("given in the plan") : str(g.source));
    if (g.gemmSustainedEfficiency > 0)
        out << tr("Sustained GEMM rate %1 of peak (burst best %2). Source: %3.")
                   .arg(widgets::formatPercent(g.gemmSustainedEfficiency), widgets::formatPercent(g.gemmMaxEfficiency),
                       str(g.sustainedSource));
    else if (g.gemmMaxEfficiency > 0)
        out << tr("GEMM rate %1 of peak, a short-burst best (no sustained figure published): an upper bound.")
                   .arg(widgets::formatPercent(g.gemmMaxEfficiency));
    else
        out << tr("No measured GEMM rate for this GPU: compute runs at the datasheet peak, an upper bound.");
    if (!g.measuredGemms.empty())
        out << tr("%n GEMM shape(s) measured by the probe on this GPU replace the catalog's rate for those shapes.",
            nullptr, int(g.measuredGemms.size()));
    if (g.hbmAchievableGBps > 0)
        out << tr("Memory-bound kernels stream at %1 GB/s. Source: %2.").arg(g.hbmAchievableGBps).arg(str(g.hbmSource));
    if (plan.training.flashAttention) {
        // The kernel the cost used: "auto" resolved as the framework would pick it, not the catalog's first curve.
        const AttentionKernel used = attentionKernelOf(plan);
        const auto curve = std::find_if(g.attentionCurves.begin(), g.attentionCurves.end(),
            [&](const AttentionCurve& c) { return c.kernel == attentionKernelName(used); });
        if (curve != g.attentionCurves.end())
            out << tr("Fused attention %1 (%2): published speeds. Source: %3.")
                       .arg(str(curve->kernel), str(curve->pass), str(curve->source));
        else
            out << tr("Fused attention %1: no published speed on this GPU; it runs at the GEMM rate, a lower bound "
                      "on its time.")
                       .arg(QString::fromLatin1(attentionKernelName(used)));
    }
    out << (g.overlapSlowdown > 0 && !g.overlapSource.empty()
            ? tr("Compute beside a collective runs %1 slower, measured. Source: %2.")
                  .arg(widgets::formatPercent(g.overlapSlowdown), str(g.overlapSource))
            : g.overlapSlowdown > 0
            ? tr("Compute beside a collective runs %1 slower, measured by the probe.")
                  .arg(widgets::formatPercent(g.overlapSlowdown))
            : tr("Compute beside a collective: no slowdown at the fast end, 40% at the slow end (Lee et al. 2025, "
                 "arXiv 2507.03114); the point estimate %1.")
                  .arg(widgets::formatPercent(overlapSlowdown(g))));
    if (g.kernelFixedUs > 0)
        out << tr("Each kernel the model counts has a fixed cost of %1 µs, measured; it replaces the calibration's "
                  "kernel_overhead_us. Source: %2.")
                   .arg(g.kernelFixedUs, 0, 'f', 2)
                   .arg(str(g.kernelFixedSource.empty() ? g.source : g.kernelFixedSource));
    out << tr("The slow end also runs GEMMs 5% below the sustained rate, the spread between GPUs of one node "
              "(S. Bekman, Machine Learning Engineering).");
    for (const LinkSpec* l : { &plan.cluster.intraNode, &plan.cluster.interNode })
        out << tr("Link %1: %2 GB/s per direction at %3 of line rate, %4 µs per step. Source: %5.")
                   .arg(str(l->name.empty() ? l->id : l->name))
                   .arg(l->bandwidthGBps)
                   .arg(widgets::formatPercent(l->efficiency))
                   .arg(l->latencyUs)
                   .arg(l->source.empty() ? tr("given in the plan") : str(l->source));
    for (const LinkSpec* l : { &plan.cluster.intraNode, &plan.cluster.interNode })
        for (const auto& [collective, rate] : l->collectiveRates)
            out << tr("Over %1, %2 runs at %3 times the rate the model gives it, measured. Source: %4.")
                       .arg(str(l->name.empty() ? l->id : l->name), QString::fromStdString(collective))
                       .arg(rate, 0, 'f', 2)
                       .arg(str(l->collectiveRatesSource));
    if (plan.run.gpuPowerW > 0)
        out << tr("GPU power %1 W, measured (given in the plan).").arg(plan.run.gpuPowerW);
    else if (g.tdpW > 0)
        out << tr("GPU power %1 W, the datasheet maximum. Source: %2.").arg(g.tdpW).arg(str(g.tdpSource));
    return out;
}

QString listHtml(const QStringList& lines)
{
    QString html = QStringLiteral("<ul style=\"margin-left:0; -qt-list-indent:1;\">");
    for (const QString& l : lines)
        html += QStringLiteral("<li>") + esc(l) + QStringLiteral("</li>");
    return html + QStringLiteral("</ul>");
}

QString adviceHtml(const std::vector<Advice>& advice)
{
    if (advice.empty())
        return QStringLiteral("<p>") + esc(tr("The advisor found nothing to change in this plan."))
            + QStringLiteral("</p>");
    QString html;
    for (const Advice& a : advice) {
        html += QStringLiteral("<p><b>%1</b><br>%2<br><i>%3</i>")
                    .arg(esc(AdvicePanel::title(a)), esc(AdvicePanel::saw(a)), esc(AdvicePanel::why(a)));
        if (const QString fix = AdvicePanel::fix(a); !fix.isEmpty())
            html += QStringLiteral("<br>") + esc(tr("Fix: %1").arg(fix));
        html += QStringLiteral("</p>");
    }
    return html;
}

QString heading(const QString& text)
{
    return QStringLiteral("<h3 style=\"margin-bottom:2px;\">") + esc(text) + QStringLiteral("</h3>");
}

// The text of one plan that does not fit its picture: the run, the advisor, the assumptions.
QString detailsLeftHtml(const ReportPlan& r)
{
    const Plan& plan = *r.analysis->plan;
    QString html = heading(tr("Training run, checkpoints and failures"));
    if (r.analysis->run)
        html += listHtml(widgets::runForecastLines(*r.analysis->run, plan));
    html += heading(tr("Advisor's findings")) + adviceHtml(r.advice);
    return html;
}

QString detailsRightHtml(const ReportPlan& r)
{
    const Plan& plan = *r.analysis->plan;
    QString html = heading(tr("Settings"));
    QStringList lines;
    for (const auto& [label, text] : settings(plan, *r.analysis->evaluation))
        lines << label + QStringLiteral(": ") + text;
    html += listHtml(lines);
    html += heading(tr("Assumptions: every rate used, with its source"))
        + listHtml(assumptions(plan, *r.analysis->evaluation));
    return html;
}

QString compareHtml(const ReportPlan& a, const ReportPlan& b, bool forPdf)
{
    const QString better = forPdf ? QStringLiteral("#1e7d32") : QStringLiteral("#1e7d32");
    const QString worse = QStringLiteral("#c0392b");
    const QString nameA = str(a.analysis->plan->name), nameB = str(b.analysis->plan->name);
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"5\" border=\"1\" style=\"border-collapse:"
                                  "collapse; border-color:#999999;\"><tr><th></th><th>A: %1</th><th>B: %2</th>"
                                  "<th>%3</th></tr>")
                       .arg(esc(nameA), esc(nameB), esc(tr("B against A")));
    const auto fa = keyFigures(a), fb = keyFigures(b);
    for (std::size_t i = 0; i < fa.size() && i < fb.size(); ++i) {
        if (!fa[i].shown && !fb[i].shown)
            continue;
        QString diff;
        QString colour;
        if (fa[i].shown && fb[i].shown && fa[i].value > 0 && fb[i].value != fa[i].value) {
            const double change = fb[i].value / fa[i].value - 1;
            diff = tr("%1%2%")
                       .arg(change > 0 ? QStringLiteral("+") : QString())
                       .arg(QLocale().toString(100 * change, 'f', 1));
            if (fa[i].better != 0 && std::abs(change) > 0.005)
                colour = (change > 0) == (fa[i].better > 0) ? better : worse;
        }
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td%4>%5</td></tr>")
                    .arg(esc(fa[i].label), esc(fa[i].shown ? fa[i].text : QStringLiteral("—")),
                        esc(fb[i].shown ? fb[i].text : QStringLiteral("—")),
                        colour.isEmpty() ? QString()
                                         : QStringLiteral(" style=\"color:%1; font-weight:bold;\"").arg(colour),
                        esc(diff));
    }
    const auto sa = settings(*a.analysis->plan, *a.analysis->evaluation),
               sb = settings(*b.analysis->plan, *b.analysis->evaluation);
    for (std::size_t i = 0; i < sa.size(); ++i) {
        const bool differs = sa[i].second != sb[i].second;
        html += QStringLiteral("<tr%1><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                    .arg(differs ? QStringLiteral(" style=\"background-color:#fff3c4;\"") : QString(), esc(sa[i].first),
                        esc(sa[i].second), esc(sb[i].second), differs ? esc(tr("differs")) : QString());
    }
    html += QStringLiteral("</table><p style=\"color:#555555;\">")
        + esc(tr("Green: B is better than A by more than 0.5%; red: worse. Settings that differ are shaded."))
        + QStringLiteral("</p>");
    return html;
}

std::unique_ptr<QWidget> whitePage(QSize size)
{
    auto page = std::make_unique<QWidget>();
    page->setAutoFillBackground(true);
    QPalette palette = page->palette();
    palette.setColor(QPalette::Window, Qt::white);
    palette.setColor(QPalette::WindowText, Qt::black);
    page->setPalette(palette);
    page->resize(size);
    return page;
}

QLabel* richLabel(const QString& html, QWidget* parent)
{
    auto* label = new QLabel(html, parent);
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    return label;
}

QLabel* titleLabel(const QString& text, double scale, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * scale);
    font.setBold(true);
    label->setFont(font);
    return label;
}

// A page's widgets laid out offscreen; a page whose text needs more height grows (the PDF scales it to the paper).
void layOut(QWidget* page, QSize size)
{
    page->setAttribute(Qt::WA_DontShowOnScreen);
    page->show();
    QCoreApplication::processEvents();
    if (const int needed = page->layout()->heightForWidth(size.width()); needed > size.height())
        page->resize(size.width(), needed);
    page->layout()->activate();
    QCoreApplication::processEvents();
}

// Page 1 of a plan: its name and description, the figures, the cluster, memory and communication.
std::unique_ptr<QWidget> figurePage(const ReportPlan& r, QSize size)
{
    auto page = whitePage(size);
    auto* v = new QVBoxLayout(page.get());
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    v->addWidget(titleLabel(str(r.analysis->plan->name), 1.5, page.get()));
    const QString about = str(r.description);
    QLabel* aboutLabel = nullptr;
    if (!about.isEmpty()) {
        aboutLabel = new QLabel(about, page.get());
        aboutLabel->setTextFormat(Qt::PlainText);
        aboutLabel->setWordWrap(true);
        v->addWidget(aboutLabel);
    }
    auto* model = new QLabel(modelText(*r.analysis->plan, *r.analysis->evaluation) + QStringLiteral("  ·  ")
            + clusterText(r.analysis->plan->cluster),
        page.get());
    model->setTextFormat(Qt::PlainText);
    model->setWordWrap(true);
    v->addWidget(model);
    const int header = 60 + (aboutLabel ? aboutLabel->heightForWidth(size.width()) : 0);
    std::unique_ptr<QWidget> body = reportWidget(r.analysis, QSize(size.width(), size.height() - header), false, false);
    v->addWidget(body.release(), 1);
    page->setAttribute(Qt::WA_DontShowOnScreen);
    page->show();
    QCoreApplication::processEvents();
    for (QCustomPlot* plot : page->findChildren<QCustomPlot*>())
        plot->replot(QCustomPlot::rpImmediateRefresh);
    return page;
}

// Page 2 of a plan: one step's timeline, every stage's lane (a deep pipeline's page is scaled to fit), above a measured
// trace or a job's profile when the report has one. A short
// pipeline would leave most of the page white: the whole step takes its upper half and the step's start (the
// pipeline filling, where the bubble is) the lower, the lanes of both grown to their half.
std::unique_ptr<QWidget> timelinePage(const ReportPlan& r, QSize size)
{
    if (r.trace) { // the prediction above what was measured, and the tables that compare them
        PictureOptions measured;
        measured.fillHeight = true;
        measured.trace = r.trace;
        measured.traceName = r.traceName;
        measured.traceStages = r.traceStages;
        std::unique_ptr<QWidget> page = pictureOf(QStringLiteral("gantt"), r.analysis, size, measured);
        if (page->height() < size.height())
            page->resize(page->width(), size.height());
        return page;
    }
    std::unique_ptr<QWidget> whole = pictureOf(QStringLiteral("gantt"), r.analysis, size);
    const Evaluation& ev = *r.analysis->evaluation;
    const int p = r.analysis->plan->parallel.pp, m = ev.microBatches;
    if (whole->height() >= size.height() * 6 / 10 || !ev.valid || m <= 0 || ev.pipelineS <= 0) {
        if (whole->height() < size.height()) // a short timeline keeps the page's proportions, not a stretched one
            whole->resize(whole->width(), size.height());
        return whole;
    }
    auto page = whitePage(size);
    PictureOptions fill;
    fill.fillHeight = true;
    std::unique_ptr<QWidget> top
        = pictureOf(QStringLiteral("gantt"), r.analysis, QSize(size.width(), size.height() / 2), fill);
    PictureOptions start = fill;
    start.from = 0;
    start.to = ev.pipelineS * double(p + 2) / double(m + p); // the fill and about two micro-batches of each stage
    start.title = tr("%1: the step's first %2, the pipeline filling")
                      .arg(str(r.analysis->plan->name), widgets::formatSeconds(*start.to));
    std::unique_ptr<QWidget> bottom
        = pictureOf(QStringLiteral("gantt"), r.analysis, QSize(size.width(), size.height() - top->height()), start);
    int y = 0;
    for (std::unique_ptr<QWidget>* part : { &top, &bottom }) {
        QWidget* w = part->release();
        w->setParent(page.get());
        w->move(0, y);
        y += w->height();
    }
    page->setAttribute(Qt::WA_DontShowOnScreen);
    page->show();
    return page;
}

// Page 3 of a plan: the training run, the advisor and the assumptions, in two columns.
std::unique_ptr<QWidget> detailsPage(const ReportPlan& r, QSize size)
{
    auto page = whitePage(size);
    auto* v = new QVBoxLayout(page.get());
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(titleLabel(tr("%1: run, findings and assumptions").arg(str(r.analysis->plan->name)), 1.3, page.get()));
    auto* columns = new QHBoxLayout;
    columns->setSpacing(24);
    for (const QString& html : { detailsLeftHtml(r), detailsRightHtml(r) }) {
        QLabel* column = richLabel(html, page.get());
        QFont font = column->font();
        font.setPointSizeF(font.pointSizeF() * 1.25); // the page's text at the size of the figures' headings
        column->setFont(font);
        columns->addWidget(column, 1);
    }
    v->addLayout(columns, 1);
    layOut(page.get(), size);
    return page;
}

std::unique_ptr<QWidget> comparePage(const ReportPlan& a, const ReportPlan& b, QSize size)
{
    auto page = whitePage(size);
    auto* v = new QVBoxLayout(page.get());
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(titleLabel(tr("Plan A against plan B"), 1.5, page.get()));
    v->addWidget(richLabel(compareHtml(a, b, true), page.get()), 1);
    layOut(page.get(), size);
    return page;
}

std::vector<std::unique_ptr<QWidget>> pages(const std::vector<ReportPlan>& plans, QSize size, bool pictures)
{
    std::vector<std::unique_ptr<QWidget>> out;
    if (plans.size() == 2)
        out.push_back(comparePage(plans[0], plans[1], size));
    for (const ReportPlan& r : plans) {
        if (pictures) {
            out.push_back(figurePage(r, size));
            out.push_back(timelinePage(r, size));
        }
        out.push_back(detailsPage(r, size));
    }
    return out;
}

bool writePdf(const std::vector<ReportPlan>& plans, Paper paper, QByteArray* bytes, QString* error)
{
    QBuffer buffer(bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setPageLayout(QPageLayout(QPageSize(paper == Paper::A4 ? QPageSize::A4 : QPageSize::Letter),
        QPageLayout::Landscape, QMarginsF(10, 10, 10, 10), QPageLayout::Millimeter));
    pdf.setResolution(96); // as the screen the widgets are laid out for: their point-sized fonts keep their size
    pdf.setCreator(QStringLiteral("Plait"));
    pdf.setTitle(plans.size() == 2
            ? tr("%1 against %2").arg(str(plans[0].analysis->plan->name), str(plans[1].analysis->plan->name))
            : str(plans.front().analysis->plan->name));
    const QSize size = pageSize(paper);
    const auto all = pages(plans, size, true);
    QCPPainter painter;
    if (!painter.begin(&pdf)) {
        *error = QStringLiteral("the PDF painter could not start");
        return false;
    }
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    const QRect area = pdf.pageLayout().paintRectPixels(pdf.resolution());
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (i > 0 && !pdf.newPage()) {
            *error = QStringLiteral("the PDF writer could not start page %1").arg(i + 1);
            return false;
        }
        QWidget* page = all[i].get();
        const double scale = std::min(double(area.width()) / page->width(), double(area.height()) / page->height());
        painter.save();
        painter.scale(scale, scale);
        paintPicture(painter, page);
        painter.restore();
    }
    return painter.end();
}

QString svgOf(QWidget* widget, QString* error)
{
    QByteArray svg;
    if (!drawPicture(widget, QStringLiteral("svg"), &svg, error))
        return {};
    QString text = QString::fromUtf8(svg);
    // Qt names its default family "Sans Serif", which no browser knows (it falls back to a wider serif face and the
    // figures' labels run into each other): name the face Qt measured the text with, then the CSS generic.
    const QString family = QFontInfo(QApplication::font()).family();
    text.replace(QStringLiteral("font-family=\"Sans Serif\""),
        QStringLiteral("font-family=\"%1, sans-serif\"").arg(family.toHtmlEscaped()));
    const int start = text.indexOf(QLatin1String("<svg")); // inline: without the XML declaration and doctype
    return start >= 0 ? text.mid(start) : QString();
}

bool writeHtml(const std::vector<ReportPlan>& plans, Paper paper, QByteArray* bytes, QString* error)
{
    const QSize size = pageSize(paper);
    QString html
        = QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\"><head><meta charset=\"utf-8\"><title>%2</title>"
                         "<style>body{font-family:sans-serif;max-width:1500px;margin:1em auto;color:#111}"
                         "svg{width:100%;height:auto;border:1px solid #ddd}table{border-collapse:collapse}"
                         "td,th{border:1px solid #999;padding:4px 8px;text-align:left}"
                         ".cols{display:flex;gap:24px}.cols>div{flex:1}</style></head><body>\n")
              .arg(QLocale().language() == QLocale::C ? QStringLiteral("en")
                                                      : QLocale().name().replace(QLatin1Char('_'), QLatin1Char('-')),
                  esc(str(plans.front().analysis->plan->name)));
    if (plans.size() == 2)
        html += QStringLiteral("<h1>") + esc(tr("Plan A against plan B")) + QStringLiteral("</h1>")
            + compareHtml(plans[0], plans[1], false);
    // Each part has an id (plan-1-figures, -picture, -details), to link to and to check one at a time.
    int n = 0;
    for (const ReportPlan& r : plans) {
        const Plan& plan = *r.analysis->plan;
        const QString id = QStringLiteral("plan-%1").arg(++n);
        html += QStringLiteral("<section id=\"%1-figures\"><h1>").arg(id) + esc(str(plan.name))
            + QStringLiteral("</h1>");
        if (const QString about = str(r.description); !about.isEmpty())
            html += QStringLiteral("<p>") + esc(about) + QStringLiteral("</p>");
        html += QStringLiteral("<table>");
        for (const KeyFigure& k : keyFigures(r))
            if (k.shown)
                html += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>").arg(esc(k.label), esc(k.text));
        html += QStringLiteral("</table>\n");
        std::unique_ptr<QWidget> figures = reportWidget(r.analysis, size, true);
        for (QCustomPlot* plot : figures->findChildren<QCustomPlot*>())
            plot->replot(QCustomPlot::rpImmediateRefresh);
        const QString svg = svgOf(figures.get(), error);
        if (svg.isEmpty())
            return false;
        html
            += QStringLiteral("</section>\n<section id=\"%1-picture\">").arg(id) + svg + QStringLiteral("</section>\n");
        if (r.trace) { // the prediction above what was measured, with the tables that compare them
            const QString measured = svgOf(timelinePage(r, size).get(), error);
            if (measured.isEmpty())
                return false;
            html += QStringLiteral("<section id=\"%1-measured\">").arg(id) + measured + QStringLiteral("</section>\n");
        }
        html += QStringLiteral("<section id=\"%1-details\" class=\"cols\"><div>").arg(id) + detailsLeftHtml(r)
            + QStringLiteral("</div><div>") + detailsRightHtml(r) + QStringLiteral("</div></section>\n");
    }
    html += QStringLiteral("<p style=\"color:#555\">") + esc(tr("Made by Plait %1.").arg(QStringLiteral(PLAIT_VERSION)))
        + QStringLiteral("</p></body></html>\n");
    *bytes = html.toUtf8();
    return true;
}
}

bool writeReport(const std::vector<ReportPlan>& plans, Paper paper, const QString& path, QString* error)
{
    if (plans.empty() || plans.size() > 2) {
        *error = QStringLiteral("a report takes one plan, or two to compare");
        return false;
    }
    for (const ReportPlan& r : plans)
        if (!r.analysis || !r.analysis->evaluation->valid) {
            *error = QStringLiteral("a plan that cannot be evaluated has no report");
            return false;
        }
    const QString suffix = QFileInfo(path).suffix().toLower();
    QByteArray bytes;
    bool ok = false;
    if (suffix == QLatin1String("pdf"))
        ok = writePdf(plans, paper, &bytes, error);
    else if (suffix == QLatin1String("html") || suffix == QLatin1String("htm"))
        ok = writeHtml(plans, paper, &bytes, error);
    else
        *error = QStringLiteral("unknown report format \"%1\"; use .pdf or .html").arg(suffix.left(16));
    return ok && engine::writeFileAtomically(path, bytes, error);
}

} // namespace plait::app
