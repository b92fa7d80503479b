#include "comparewindow.h"

#include "commbreakdown.h"
#include "format.h"
#include "ganttview.h"
#include "memorybars.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QShortcut>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace plait::app {

CompareWindow::CompareWindow(std::shared_ptr<const Analysis> a, std::shared_ptr<const Plan> planA,
    std::shared_ptr<const Plan> b, QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_job(new engine::JobTracker(this))
{
    setWindowTitle(tr("Compare plans — Plait"));
    resize(1400, 950);
    auto* close = new QShortcut(QKeySequence::Close, this);
    connect(close, &QShortcut::activated, this, &QWidget::close);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(escape, &QShortcut::activated, this, &QWidget::close);
    m_layout = new QVBoxLayout(this);
    m_pending = new QLabel(tr("Evaluating %1…").arg(QString::fromStdString(b->name)), this);
    m_layout->addWidget(m_pending, 1, Qt::AlignCenter);
    // B (and A, when the window has no analysis of it yet) is analysed off the GUI thread; closing the window drops
    // the job.
    using Pair = std::pair<std::shared_ptr<const Analysis>, std::shared_ptr<const Analysis>>;
    m_job->start(
        [a, planA, b](const engine::JobTracker::Cancelled&) {
            return Pair { a ? a : std::make_shared<const Analysis>(analyze(planA)),
                std::make_shared<const Analysis>(analyze(b)) };
        },
        [this](const Pair& analysed) { showComparison(analysed.first, analysed.second); });
}

void CompareWindow::showComparison(std::shared_ptr<const Analysis> analysisA, std::shared_ptr<const Analysis> analysisB)
{
    delete m_pending;
    m_pending = nullptr;
    m_a = analysisA->evaluation;
    m_b = analysisB->evaluation;
    const Plan &a = *analysisA->plan, &b = *analysisB->plan;
    const QString nameA = QString::fromStdString(a.name), nameB = QString::fromStdString(b.name);

    // Key figures: A, B, and B against A.
    struct Row {
        QString name;
        double a, b;
        bool lowerIsBetter;
        QString (*format)(double);
        bool fraction = false; // a share (MFU, bubble): differences in percentage points, a relative one misleads
    };
    auto seconds = [](double s) { return widgets::formatSeconds(s); };
    auto percent = [](double f) { return widgets::formatPercent(f); };
    auto bytes = [](double x) { return widgets::formatBytes(x); };
    auto count = [](double x) { return widgets::formatNumber(x, 4); }; // as the summary says it: 112,106
    const Evaluation &ea = *m_a, &eb = *m_b;
    const std::vector<Row> rows = {
        { tr("Step time"), ea.stepS, eb.stepS, true, +seconds },
        { tr("Tokens/s"), ea.tokensPerS, eb.tokensPerS, false, +count },
        { tr("MFU"), ea.mfu, eb.mfu, false, +percent, true },
        { tr("HFU"), ea.hfu, eb.hfu, false, +percent, true },
        { tr("Pipeline bubble"), ea.bubbleFraction, eb.bubbleFraction, true, +percent, true },
        { tr("Exposed communication"), ea.exposedCommS, eb.exposedCommS, true, +seconds },
        { tr("Peak memory per GPU"), ea.peakBytes, eb.peakBytes, true, +bytes },
    };
    m_table = new QTableWidget(int(rows.size()), 4, this);
    m_table->setHorizontalHeaderLabels(
        { tr("figure"), tr("A: %1").arg(nameA), tr("B: %1").arg(nameB), tr("B against A") });
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int i = 0; i < int(rows.size()); ++i) {
        const Row& r = rows[std::size_t(i)];
        m_table->setItem(i, 0, new QTableWidgetItem(r.name));
        m_table->setItem(i, 1, new QTableWidgetItem(ea.valid ? r.format(r.a) : tr("invalid")));
        m_table->setItem(i, 2, new QTableWidgetItem(eb.valid ? r.format(r.b) : tr("invalid")));
        QString diff = QStringLiteral("—");
        QColor color;
        // Shares differ in percentage points ("bubble +0.3 pp", not "+107%" for 0.2% → 0.5%); amounts by how much
        // and by what share of A.
        if (ea.valid && eb.valid && r.fraction) {
            const double points = 100 * (r.b - r.a);
            diff = tr("%1 pp").arg(QString::asprintf("%+.1f", points));
            if (std::abs(points) >= 0.5)
                color = (points < 0) == r.lowerIsBetter ? QColor(0x00, 0x7A, 0x3D) : QColor(0xC0, 0x39, 0x2B);
        } else if (ea.valid && eb.valid && r.a != 0) {
            const double rel = r.b / r.a - 1;
            const QString by
                = r.b >= r.a ? QStringLiteral("+") + r.format(r.b - r.a) : QStringLiteral("−") + r.format(r.a - r.b);
            diff = QStringLiteral("%1 (%2)").arg(by, QString::asprintf("%+.1f%%", 100 * rel));
            if (std::abs(rel) >= 0.005)
                color = (rel < 0) == r.lowerIsBetter ? QColor(0x00, 0x7A, 0x3D) : QColor(0xC0, 0x39, 0x2B);
        }
        auto* item = new QTableWidgetItem(diff);
        if (color.isValid()) {
            item->setForeground(color);
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
        m_table->setItem(i, 3, item);
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    const int height = int(rows.size()) * m_table->verticalHeader()->defaultSectionSize()
        + m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth() + 2;
    m_table->setFixedHeight(height);

    auto* memA = new widgets::MemoryBars;
    auto* memB = new widgets::MemoryBars;
    auto* commA = new widgets::CommBreakdown;
    auto* commB = new widgets::CommBreakdown;
    memA->setEvaluation(m_a);
    memB->setEvaluation(m_b);
    commA->setEvaluation(m_a);
    commB->setEvaluation(m_b);
    // Side by side on one scale: equal bars are equally long, in both the memory and the communication charts.
    const double ms = std::max(commA->longestMs(), commB->longestMs());
    commA->setScaleMs(ms);
    commB->setScaleMs(ms);
    const double gib = std::max(memA->topGiB(), memB->topGiB());
    memA->setScaleGiB(gib);
    memB->setScaleGiB(gib);
    auto* charts = new QGridLayout;
    charts->addWidget(new QLabel(QStringLiteral("<b>A</b>: %1").arg(nameA.toHtmlEscaped())), 0, 0);
    charts->addWidget(new QLabel(QStringLiteral("<b>B</b>: %1").arg(nameB.toHtmlEscaped())), 0, 1);
    charts->addWidget(memA, 1, 0);
    charts->addWidget(memB, 1, 1);
    charts->addWidget(commA, 2, 0);
    charts->addWidget(commB, 2, 1);
    auto* chartsWidget = new QWidget;
    chartsWidget->setLayout(charts);

    m_gantt = new widgets::GanttView;
    std::vector<widgets::GanttSection> sections;
    if (analysisA->timeline)
        sections.push_back({ tr("A: %1, step %2").arg(nameA, widgets::formatDuration(ea.stepS)), analysisA->timeline });
    if (analysisB->timeline)
        sections.push_back({ tr("B: %1, step %2").arg(nameB, widgets::formatDuration(eb.stepS)), analysisB->timeline });
    m_gantt->setSections(std::move(sections));

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(chartsWidget);
    split->addWidget(m_gantt);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    m_layout->addWidget(m_table);
    m_layout->addWidget(split, 1);
    emit ready();
}

} // namespace plait::app
