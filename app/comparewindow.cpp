#include "comparewindow.h"

#include "commbreakdown.h"
#include "evaluate.h"
#include "format.h"
#include "ganttview.h"
#include "memorybars.h"
#include "predictedtimeline.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace plait::app {

CompareWindow::CompareWindow(const Plan& a, const Plan& b, QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_a(std::make_shared<const Evaluation>(evaluate(a)))
    , m_b(std::make_shared<const Evaluation>(evaluate(b)))
{
    setWindowTitle(tr("Compare plans — Plait"));
    resize(1400, 950);
    const QString nameA = QString::fromStdString(a.name), nameB = QString::fromStdString(b.name);

    // Key figures: A, B, and B against A.
    struct Row {
        QString name;
        double a, b;
        bool lowerIsBetter;
        QString (*format)(double);
    };
    auto seconds = [](double s) { return widgets::formatSeconds(s); };
    auto percent = [](double f) { return widgets::formatPercent(f); };
    auto bytes = [](double x) { return widgets::formatBytes(x); };
    auto count = [](double x) { return QString::number(x, 'f', 0); };
    const Evaluation &ea = *m_a, &eb = *m_b;
    const std::vector<Row> rows = {
        { tr("Step time"), ea.stepS, eb.stepS, true, +seconds },
        { tr("Tokens/s"), ea.tokensPerS, eb.tokensPerS, false, +count },
        { tr("MFU"), ea.mfu, eb.mfu, false, +percent },
        { tr("HFU"), ea.hfu, eb.hfu, false, +percent },
        { tr("Pipeline bubble"), ea.bubbleFraction, eb.bubbleFraction, true, +percent },
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
        if (ea.valid && eb.valid && r.a != 0) {
            const double rel = r.b / r.a - 1;
            diff = QString::asprintf("%+.1f%%", 100 * rel);
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
    if (ea.valid)
        sections.push_back({ tr("A: %1, step %2").arg(nameA, widgets::formatDuration(ea.stepS)),
            std::make_shared<const Timeline>(predictedTimeline(ea, a)) });
    if (eb.valid)
        sections.push_back({ tr("B: %1, step %2").arg(nameB, widgets::formatDuration(eb.stepS)),
            std::make_shared<const Timeline>(predictedTimeline(eb, b)) });
    m_gantt->setSections(std::move(sections));

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(chartsWidget);
    split->addWidget(m_gantt);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(split, 1);
}

} // namespace plait::app
