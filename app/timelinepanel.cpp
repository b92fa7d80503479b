#include "timelinepanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace plait::app {

TimelinePanel::TimelinePanel(QWidget* parent)
    : QWidget(parent)
{
    m_view = new widgets::GanttView(this);
    m_mode = new QComboBox(this);
    m_mode->addItem(tr("Predicted step"));
    m_mode->addItem(tr("Schedules compared"));
    m_mode->addItem(tr("Predicted against trace"));
    m_mode->setToolTip(tr("What the timeline shows"));
    auto* open = new QPushButton(tr("Open trace…"), this);
    open->setToolTip(
        tr("Open a Chrome trace (plait-probe, PyTorch profiler, Perfetto) to compare with the prediction"));
    auto* save = new QPushButton(tr("Export trace…"), this);
    save->setToolTip(tr("Save the predicted timeline as a Chrome trace that Perfetto opens"));
    auto* reset = new QPushButton(tr("Reset zoom"), this);
    auto* hint = new QLabel(tr("Ctrl+wheel zoom · drag pan · Shift+drag zoom to selection · click an op"), this);
    hint->setStyleSheet(QStringLiteral("color: #666"));
    // The hint gives way (cut at the right) rather than widen the panel past its dock on a small screen.
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    hint->setToolTip(hint->text());
    m_figures = new QLabel(this);
    m_figures->setTextFormat(Qt::RichText);
    m_figures->setWordWrap(true);
    m_details = new QLabel(this);
    m_details->setTextFormat(Qt::RichText);
    m_details->setWordWrap(true);
    m_details->setMinimumWidth(260);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    m_controls = { m_mode, open, save, reset, hint };
    auto* top = new QHBoxLayout;
    top->addWidget(m_mode);
    top->addWidget(open);
    top->addWidget(save);
    top->addWidget(reset);
    top->addWidget(hint, 1);
    // The figures scroll: a job profile's tables are taller than a small dock leaves under the Gantt. A picture shows
    // them whole (setControlsVisible).
    auto* figuresPane = new QWidget;
    auto* bottom = new QHBoxLayout(figuresPane);
    bottom->setContentsMargins(0, 0, 0, 0);
    bottom->addWidget(m_figures, 3);
    bottom->addWidget(m_details, 2);
    m_figuresScroll = new QScrollArea(this);
    m_figuresScroll->setWidgetResizable(true);
    m_figuresScroll->setFrameShape(QFrame::NoFrame);
    m_figuresScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_figuresScroll->setWidget(figuresPane);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_view, 3);
    layout->addWidget(m_figuresScroll, 1);

    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        emit scheduleStudyWanted(mode() == TimelineMode::Schedules);
        refresh();
    });
    connect(open, &QPushButton::clicked, this, &TimelinePanel::openTraceRequested);
    connect(save, &QPushButton::clicked, this, &TimelinePanel::exportRequested);
    connect(reset, &QPushButton::clicked, m_view, &widgets::GanttView::resetZoom);
    connect(m_view, &widgets::GanttView::opSelected, m_details, &QLabel::setText);
}

namespace {
std::tuple<int, int, int, long long> pipelineShape(const Plan& p)
{
    return { p.parallel.pp, p.parallel.chunks(), int(p.parallel.schedule), p.microBatches() };
}
}

void TimelinePanel::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    const bool planChanged = !m_analysis || analysis->plan != m_analysis->plan;
    m_analysis = std::move(analysis);
    if (planChanged && !m_analysis->preview)
        m_schedules.reset(); // the study of the previous plan does not describe this one
    // A trace is of the plan it was opened against: another pipeline shape leaves it nothing to be compared with.
    if (m_trace && planChanged && !m_analysis->preview && pipelineShape(*m_analysis->plan) != m_traceShape) {
        closeTrace(tr("the plan's pipeline changed shape (stages, chunks, schedule or micro-batches)"));
        return;
    }
    // The schedules compared are the document's; a preview does not change them.
    if (mode() != TimelineMode::Schedules || !m_analysis->preview)
        refresh();
}

void TimelinePanel::setScheduleStudy(std::shared_ptr<const std::vector<ScheduleStudy>> schedules)
{
    m_schedules = std::move(schedules);
    if (mode() == TimelineMode::Schedules)
        refresh();
}

void TimelinePanel::closeTrace(const QString& why)
{
    if (!m_trace)
        return;
    const QString name = m_traceName;
    m_trace.reset();
    m_traceName.clear();
    m_traceStages.clear();
    if (mode() == TimelineMode::PredictedAgainstTrace)
        setMode(TimelineMode::Predicted);
    refresh();
    emit traceClosed(name, why);
}

void TimelinePanel::setTrace(
    std::shared_ptr<const TraceRead> trace, const QString& name, std::vector<MeasuredStage> stages)
{
    m_trace = std::move(trace);
    m_traceName = name;
    m_traceStages = std::move(stages);
    if (m_analysis)
        m_traceShape = pipelineShape(*m_analysis->plan);
    if (mode() == TimelineMode::PredictedAgainstTrace)
        refresh();
    else
        setMode(TimelineMode::PredictedAgainstTrace);
}

void TimelinePanel::setMode(TimelineMode mode)
{
    m_mode->setCurrentIndex(int(mode));
}

TimelineMode TimelinePanel::mode() const
{
    return TimelineMode(m_mode->currentIndex());
}

void TimelinePanel::setControlsVisible(bool visible)
{
    for (QWidget* w : std::as_const(m_controls))
        w->setVisible(visible);
    m_details->setVisible(visible);
    m_picture = !visible;
    fitFigures();
}

QString TimelinePanel::figuresText() const
{
    return m_figures->text();
}

void TimelinePanel::refresh()
{
    if (!m_analysis) {
        m_view->clear();
        return;
    }
    TimelineContent c;
    switch (mode()) {
    case TimelineMode::Predicted:
        c = predictedContent(*m_analysis);
        break;
    case TimelineMode::Schedules:
        if (m_schedules)
            c = scheduleContent(*m_schedules);
        else
            c.figures = tr("Simulating the plan under each schedule…");
        break;
    case TimelineMode::PredictedAgainstTrace:
        c = comparisonContent(*m_analysis, m_trace, m_traceName, m_traceStages);
        if (!m_trace)
            c.figures = tr("No trace loaded: open one (a plait-probe TRACE.json, a PyTorch profiler export) or drop it "
                           "on the window.");
        break;
    }
    m_view->setSections(std::move(c.sections));
    m_figures->setText(c.figures);
    m_details->clear();
    fitFigures();
}

void TimelinePanel::fitFigures()
{
    // In a picture nothing scrolls: the figures take the height their text needs at the panel's width.
    const int height = std::max(0, m_figures->heightForWidth(std::max(width() - 8, 200)));
    m_figuresScroll->setMinimumHeight(m_picture ? height : std::min(height, 60));
}

void TimelinePanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_picture)
        fitFigures();
}

} // namespace plait::app
