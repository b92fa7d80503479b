#include "suggestpanel.h"

#include "runcost.h"

#include "paretochart.h"

#include "format.h"

#include <nlohmann/json.hpp>

#include <QComboBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>
#include <limits>
#include <utility>

namespace plait::app {

namespace {
// `plan`: the framework of the plan searched from; a candidate another framework runs (a search over any) says so.
QString describe(const SearchCandidate& c, const Plan* plan)
{
    const ParallelSpec& p = c.parallel;
    QString s = QStringLiteral("TP %1 · PP %2 · DP %3").arg(p.tp).arg(p.pp).arg(p.dp);
    if (p.cp > 1)
        s += QStringLiteral(" · CP %1").arg(p.cp);
    if (p.ep > 1)
        s += QStringLiteral(" · EP %1").arg(p.ep);
    if (c.training.sequenceParallel)
        s += QStringLiteral(" · SP");
    s += QStringLiteral(" · %1").arg(QString::fromLatin1(scheduleName(p.schedule)));
    if (p.vpp > 1)
        s += QStringLiteral(" v=%1").arg(p.vpp);
    const Recompute r = c.training.recompute;
    s += QStringLiteral(" · mb %1 · ZeRO %2 · %3")
             .arg(c.training.microBatch)
             .arg(c.training.zeroStage)
             .arg(r == Recompute::Full              ? SuggestPanel::tr("full recompute")
                     : r == Recompute::Selective    ? SuggestPanel::tr("selective recompute")
                     : r == Recompute::SelectiveOps ? SuggestPanel::tr("op-level selective recompute")
                                                    : SuggestPanel::tr("no recompute"));
    // Megatron-Core's module names, as the plan file and --recompute-modules spell them.
    if (r == Recompute::Selective && c.training.recomputeModules != unsigned(RecomputeModule::CoreAttn))
        s += QStringLiteral(" (%1)").arg(QString::fromStdString(recomputeModulesText(c.training.recomputeModules)));
    if (plan && c.training.framework != plan->training.framework)
        s += QStringLiteral(" · %1").arg(QString::fromLatin1(frameworkName(c.training.framework)));
    return s;
}
}

SuggestPanel::SuggestPanel(QWidget* parent)
    : QWidget(parent)
{
    m_button = new QPushButton(tr("Search every plan"), this);
    m_status = new QLabel(tr("Searches TP, PP (and virtual stages), DP, CP, EP, micro-batch, ZeRO, recomputation and "
                             "schedule for this model, cluster and global batch."),
        this);
    m_status->setWordWrap(true);
    m_table = new QTableWidget(0, 7, this);
    m_table->setObjectName(QStringLiteral("suggestions"));
    m_table->setHorizontalHeaderLabels({ tr("plan"), tr("step (slow end)"), tr("tokens/s"), tr("MFU"), tr("peak / GPU"),
        tr("cost to train"), QString() });
    m_table->horizontalHeaderItem(1)->setToolTip(
        tr("Plans are ranked by the slow end: every uncertain rate at the slow end of its published spread"));
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_chart = new widgets::ParetoChart(this);
    m_table->setMinimumHeight(80);
    // The constraints users have (SearchConstraints): memory to keep free, the largest TP, PP, CP and EP (0 = any)
    // and the framework.
    auto bound = [this](const QString& tip) {
        auto* s = new QSpinBox(this);
        s->setRange(0, 131072);
        s->setSpecialValueText(tr("any"));
        s->setToolTip(tip);
        return s;
    };
    m_headroom = new QSpinBox(this);
    m_headroom->setRange(0, 90);
    m_headroom->setSuffix(QStringLiteral("%"));
    m_headroom->setToolTip(tr("Share of each GPU's memory a plan must leave free"));
    m_maxTp = bound(tr("Largest tensor-parallel size to try"));
    m_maxPp = bound(tr("Largest pipeline-parallel size to try"));
    m_maxCp = bound(tr("Largest context-parallel size to try (1: none)"));
    m_maxEp = bound(tr("Largest expert-parallel size to try (MoE models)"));
    m_framework = new QComboBox(this);
    m_framework->addItem(tr("as the plan"), QString());
    for (Framework f : kFrameworks)
        m_framework->addItem(QString::fromLatin1(frameworkName(f)), QString::fromLatin1(frameworkName(f)));
    m_framework->addItem(tr("any"), QStringLiteral("any")); // each framework as it runs the plan, ranked together
    m_framework->setToolTip(
        tr("Only plans this framework can run (its ZeRO stages with pipelining, context parallelism); any: each "
           "framework as it runs the plan, ranked together"));
    // The CLI's --schedules and --recompute filters, one value or any.
    m_schedule = new QComboBox(this);
    m_schedule->addItem(tr("any the framework runs"), -1);
    for (const ScheduleTraits& t : kScheduleTraits)
        m_schedule->addItem(QString::fromLatin1(t.name), int(t.schedule));
    m_schedule->setToolTip(tr("Only this pipeline schedule; a schedule the framework does not run is then tried as a "
                              "what-if"));
    m_recompute = new QComboBox(this);
    m_recompute->addItem(tr("any"), -1);
    for (Recompute rc : { Recompute::None, Recompute::Selective, Recompute::Full, Recompute::SelectiveOps })
        m_recompute->addItem(QString::fromLatin1(recomputeName(rc)), int(rc));
    m_recompute->setToolTip(tr("Only this activation recomputation"));
    // Rows of three, so the dock fits beside the others on a laptop's screen.
    auto* limits = new QGridLayout;
    const std::pair<QString, QWidget*> labelled[] = { { tr("Keep free"), m_headroom }, { tr("TP at most"), m_maxTp },
        { tr("PP at most"), m_maxPp }, { tr("Framework"), m_framework }, { tr("CP at most"), m_maxCp },
        { tr("EP at most"), m_maxEp }, { tr("Schedule"), m_schedule }, { tr("Recompute"), m_recompute } };
    setConstraints(SearchConstraints {}); // the controls start at the search's defaults (10% kept free)
    int at = 0;
    for (const auto& [label, control] : labelled) {
        limits->addWidget(new QLabel(label, this), at / 3, 2 * (at % 3));
        limits->addWidget(control, at / 3, 2 * (at % 3) + 1);
        ++at;
    }
    limits->setColumnStretch(6, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(limits);
    layout->addWidget(m_button);
    layout->addWidget(m_status);
    // Side by side: the dock under the plan is wide and short, so the table keeps ten rows and the chart its shape.
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("suggestSplit"));
    split->addWidget(m_table);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    m_chart->setMinimumWidth(380); // its axes' labels and the legend whole
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);
    m_runner = new engine::SearchRunner(this);
    connect(m_runner, &engine::SearchRunner::bestAvailable, this, &SuggestPanel::showBest);
    connect(m_runner, &engine::SearchRunner::progress, this, [this](int evaluated, int fitting) {
        if (m_run)
            m_status->setText(m_found + QLatin1Char('\n')
                + tr("Charting every plan that fits: %1 of %2 evaluated…").arg(evaluated).arg(fitting));
    });
    connect(m_runner, &engine::SearchRunner::allEvaluated, this, [this](std::shared_ptr<const engine::SearchRun> run) {
        m_run = std::move(run);
        m_result = m_run->result;
        showResult();
        m_status->setText(m_found + QLatin1Char('\n') + tr("All %1 plans that fit are charted.").arg(m_result.fitting));
        emit chartFinished();
    });
    connect(m_button, &QPushButton::clicked, this, &SuggestPanel::search);
    // Hovering a point names its plan, so a click applies what the user meant.
    connect(m_chart, &widgets::ParetoChart::pointHovered, this, [this](int i, QPoint at) {
        if (i >= 0)
            QToolTip::showText(at, describeCandidate(i), m_chart);
        else
            QToolTip::hideText();
    });
    connect(m_chart, &widgets::ParetoChart::pointClicked, this, &SuggestPanel::applyCandidateAt);
}

SuggestPanel::~SuggestPanel() = default;

SearchConstraints SuggestPanel::constraints() const
{
    SearchConstraints c;
    c.headroom = m_headroom->value() / 100.0;
    c.maxTp = m_maxTp->value();
    c.maxPp = m_maxPp->value();
    c.maxCp = m_maxCp->value();
    c.maxEp = m_maxEp->value();
    c.anyFramework = m_framework->currentData().toString() == QLatin1String("any");
    c.framework = frameworkFromName(m_framework->currentData().toString().toStdString());
    if (const int sch = m_schedule->currentData().toInt(); sch >= 0)
        c.schedules = { Schedule(sch) };
    if (const int rc = m_recompute->currentData().toInt(); rc >= 0)
        c.recomputes = { Recompute(rc) };
    return c;
}

void SuggestPanel::setConstraints(const SearchConstraints& c)
{
    m_headroom->setValue(int(std::lround(100 * c.headroom)));
    m_maxTp->setValue(c.maxTp);
    m_maxPp->setValue(c.maxPp);
    m_maxCp->setValue(c.maxCp);
    m_maxEp->setValue(c.maxEp);
    m_framework->setCurrentIndex(c.anyFramework ? m_framework->findData(QStringLiteral("any"))
            : c.framework ? std::max(0, m_framework->findData(QString::fromLatin1(frameworkName(*c.framework))))
                          : 0);
    // One value, as the panel sets them; a list of several shows as any.
    m_schedule->setCurrentIndex(c.schedules.size() == 1 ? std::max(0, m_schedule->findData(int(c.schedules[0]))) : 0);
    m_recompute->setCurrentIndex(
        c.recomputes.size() == 1 ? std::max(0, m_recompute->findData(int(c.recomputes[0]))) : 0);
}

void SuggestPanel::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    if (!analysis || analysis->preview)
        return;
    m_analysis = std::move(analysis);
    const Evaluation& ev = *m_analysis->evaluation;
    // The plan itself on the chart's scale: the slow end of its range, as the candidates are ranked.
    m_current = { ev.valid && ev.stepS > 0, ev.stepSlowS > 0 ? ev.stepSlowS : ev.stepS, ev.peakBytes };
    const std::shared_ptr<const Plan> basis = m_run ? m_run->plan : m_searchingFrom;
    if (!basis)
        return;
    if (searchBasis(*m_analysis->plan) == searchBasis(*basis)) {
        if (m_run)
            showResult(); // a row applied, or a field the search sets: the results still hold; the star moves
        return;
    }
    // Results for another model, cluster or batch would apply the wrong plan: gone, with the reason.
    m_runner->cancel();
    m_run.reset();
    m_searchingFrom.reset();
    m_result = {};
    m_button->setEnabled(true);
    showResult();
    m_status->setText(tr("The model, cluster or batch changed since the last search: search again."));
}

void SuggestPanel::search()
{
    if (!m_analysis || isSearching())
        return;
    m_button->setEnabled(false);
    m_status->setText(tr("Searching…"));
    m_searchingFrom = m_analysis->plan;
    m_runner->start(m_analysis->plan, constraints());
}

void SuggestPanel::showBest(std::shared_ptr<const engine::SearchRun> run)
{
    m_run = std::move(run);
    m_searchingFrom.reset();
    m_result = m_run->result;
    m_button->setEnabled(true);
    showResult();
    m_found = tr("%1 combinations, %2 fit in memory, %3 evaluated in full, in %4 s.")
                  .arg(m_result.combinations)
                  .arg(m_result.fitting)
                  .arg(m_result.evaluatedCount)
                  .arg(m_run->seconds, 0, 'f', 2)
        + (m_result.best.empty() ? QStringLiteral(" ") + tr("No plan fits in memory on this cluster.") : QString());
    m_status->setText(m_found);
    emit searchFinished();
}

int SuggestPanel::candidateAt(QPointF plotPos) const
{
    return m_chart->pointAt(plotPos);
}

QCustomPlot* SuggestPanel::plot() const
{
    return m_chart->plot();
}

QString SuggestPanel::describeCandidate(int index) const
{
    if (index < 0 || index >= int(m_result.candidates.size()))
        return {};
    const SearchCandidate& c = m_result.candidates[std::size_t(index)];
    return describe(c, m_run ? m_run->plan.get() : nullptr) + QLatin1Char('\n')
        + tr("step %1 (slow end %5) · %2 tokens/s · MFU %3 · peak %4 per GPU")
              .arg(widgets::formatSeconds(c.stepS), widgets::formatNumber(c.tokensPerS), widgets::formatPercent(c.mfu),
                  widgets::formatBytes(c.peakBytes), widgets::formatSeconds(c.slowS))
        + QLatin1Char('\n') + tr("Click to apply.");
}

void SuggestPanel::applyCandidateAt(int index)
{
    if (index < 0 || index >= int(m_result.candidates.size()))
        return;
    if (!m_run)
        return;
    auto plan = applyCandidate(*m_run->plan, m_result.candidates[std::size_t(index)]);
    if (plan)
        emit applyRequested(plan.value(), tr("Apply suggested plan"));
}

void SuggestPanel::showResult()
{
    m_table->setRowCount(0);
    // Cost to train, when the plan has a budget and a price (its run block). Every candidate runs on all of the
    // cluster's GPUs with the same budget, price and checkpoint, so cost is proportional to the step time: ranked by
    // step time is ranked by cost, and the chart gets a cost axis beside its step axis.
    const RunAtStep perStepSecond = m_run && m_run->plan ? runAtStep(*m_run->plan, 1) : RunAtStep {};
    const std::shared_ptr<const Plan> basis = perStepSecond.hasPrice ? m_run->plan : nullptr;
    m_table->setColumnHidden(5, !basis);
    if (basis)
        m_table->horizontalHeaderItem(5)->setToolTip(
            tr("At the slow end, for the plan's budget at %1 %2 per GPU-hour on the cluster's %3 GPUs, with "
               "checkpoints and failures. Every plan here uses all of them, so the ranking by step time is also the "
               "ranking by cost.")
                .arg(QLocale().toString(basis->run.pricePerGpuHour), QString::fromStdString(basis->run.currency))
                .arg(basis->cluster.gpuCount()));
    m_chart->setCostAxis(basis ? perStepSecond.cost : 0,
        basis ? tr("cost (%1)").arg(QString::fromStdString(basis->run.currency)) : QString());
    for (int i : m_result.best) {
        const SearchCandidate& c = m_result.candidates[std::size_t(i)];
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, 0, new QTableWidgetItem(describe(c, m_run ? m_run->plan.get() : nullptr)));
        m_table->setItem(row, 1,
            new QTableWidgetItem(tr("%1 (%2)").arg(widgets::formatSeconds(c.stepS), widgets::formatSeconds(c.slowS))));
        m_table->setItem(row, 2, new QTableWidgetItem(widgets::formatNumber(c.tokensPerS)));
        m_table->setItem(row, 3, new QTableWidgetItem(widgets::formatPercent(c.mfu)));
        m_table->setItem(row, 4, new QTableWidgetItem(widgets::formatBytes(c.peakBytes)));
        if (basis) {
            const RunAtStep run = runAtStep(*basis, c.slowS);
            m_table->setItem(row, 5,
                new QTableWidgetItem(
                    tr("%1 %2").arg(widgets::formatNumber(run.cost), QString::fromStdString(basis->run.currency))));
        }
        auto* apply = new QPushButton(tr("Apply"));
        connect(apply, &QPushButton::clicked, this, [this, i] { applyCandidateAt(i); });
        m_table->setCellWidget(row, 6, apply);
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);

    std::vector<widgets::ParetoChart::Point> all, front;
    for (std::size_t i = 0; i < m_result.candidates.size(); ++i) {
        const SearchCandidate& c = m_result.candidates[i];
        if (c.evaluated && c.fits)
            all.push_back({ c.peakBytes / double(1ull << 30), c.slowS, int(i) });
    }
    for (int i : m_result.pareto) {
        const SearchCandidate& c = m_result.candidates[std::size_t(i)];
        front.push_back({ c.peakBytes / double(1ull << 30), c.slowS, i });
    }
    std::optional<widgets::ParetoChart::Point> current;
    if (m_current.valid)
        current = widgets::ParetoChart::Point { m_current.peakBytes / double(1ull << 30), m_current.stepS, -1 };
    const double capacity = m_run ? m_run->plan->cluster.gpu.memoryGiB
        : m_analysis              ? m_analysis->plan->cluster.gpu.memoryGiB
                                  : 0;
    m_chart->setPoints(std::move(all), std::move(front), current, capacity);
}

} // namespace plait::app
