#include "lessonspanel.h"

#include "lessontext.h"
#include "translatedtext.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace plait::app {

bool LessonsPanel::chinese()
{
    return QLocale().language() == QLocale::Chinese;
}

LessonsPanel::LessonsPanel(QWidget* parent)
    : QWidget(parent)
    , m_previous(new engine::JobTracker(this))
{
    m_lessons = new QComboBox(this);
    for (const Lesson& l : builtinLessons())
        m_lessons->addItem(QString::fromStdString(chinese() ? l.titleZh : l.titleEn));
    m_start = new QPushButton(tr("Start"), this);
    m_back = new QPushButton(tr("Back"), this);
    m_next = new QPushButton(tr("Next"), this);
    m_position = new QLabel(this);
    m_text = new QLabel(
        tr("Pick a lesson and press Start. Each step changes the plan and explains what to look at."), this);
    m_text->setWordWrap(true);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_changes = new QLabel(this);
    m_changes->setWordWrap(true);
    m_changes->setTextFormat(Qt::RichText); // one changed field is still HTML: its quotes are escaped
    m_changes->setStyleSheet(QStringLiteral("color: #555"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    // The step's text and changes scroll, so a short dock never cuts a sentence off.
    auto* page = new QWidget;
    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->addWidget(m_text);
    pageLayout->addWidget(m_changes);
    pageLayout->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(page);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_lessons);
    layout->addLayout(buttons);
    layout->addWidget(m_position);
    layout->addWidget(scroll, 1);
    connect(m_start, &QPushButton::clicked, this, [this] { startLesson(m_lessons->currentIndex()); });
    connect(m_back, &QPushButton::clicked, this, [this] { goToStep(m_step - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { goToStep(m_step + 1); });
    refresh();
}

int LessonsPanel::lessonIndex() const
{
    return m_lessons->currentIndex();
}

void LessonsPanel::startLesson(int index)
{
    if (index < 0 || index >= int(builtinLessons().size()))
        return;
    m_lessons->setCurrentIndex(index);
    m_hasExample = false;
    m_step = -1;
    m_previous->cancel();
    m_previousStep = -1;
    m_stepAnalyses.assign(builtinLessons()[std::size_t(index)].steps.size(), std::nullopt);
    const Lesson& lesson = builtinLessons()[std::size_t(index)];
    emit exampleRequested(
        QString::fromStdString(lesson.example), QString::fromStdString(chinese() ? lesson.titleZh : lesson.titleEn));
    if (m_hasExample)
        goToStep(0);
}

void LessonsPanel::setExample(const Plan& example)
{
    m_example = example;
    m_current = example;
    m_hasExample = true;
}

void LessonsPanel::goToStep(int step)
{
    const int index = m_lessons->currentIndex();
    if (!m_hasExample || index < 0 || index >= int(builtinLessons().size()))
        return;
    const Lesson& lesson = builtinLessons()[std::size_t(index)];
    if (step < 0 || step >= int(lesson.steps.size()))
        return;
    auto plan = lessonPlan(m_example, lesson, step);
    if (!plan) {
        m_text->setText(QString::fromStdString(plan.errorText()));
        return;
    }
    const std::vector<std::string> changed = changedFields(m_current, plan.value());
    QStringList lines;
    for (const std::string& c : changed)
        lines << QString::fromStdString(c).toHtmlEscaped();
    m_changes->setText(lines.isEmpty() ? QString() : tr("Changed: %1").arg(lines.join(QStringLiteral("<br>"))));
    m_step = step;
    m_current = plan.value();
    emit planRequested(plan.value(),
        tr("Lesson \"%1\", step %2")
            .arg(QString::fromStdString(chinese() ? lesson.titleZh : lesson.titleEn))
            .arg(step + 1));
    emit focusRequested(QString::fromStdString(lesson.steps[std::size_t(step)].focus));
    refresh();
}

void LessonsPanel::setAnalysis(const Analysis& analysis)
{
    if (analysis.preview || !analysis.plan || m_step < 0 || std::size_t(m_step) >= m_stepAnalyses.size())
        return;
    if (!(*analysis.plan == m_current))
        return; // another plan: the user edited on from the lesson's
    m_stepAnalyses[std::size_t(m_step)] = analysis;
    refresh();
}

QString LessonsPanel::stepText() const
{
    return m_text->text();
}

void LessonsPanel::refresh()
{
    const int index = m_lessons->currentIndex();
    const bool running = m_hasExample && m_step >= 0 && index >= 0;
    m_back->setEnabled(running && m_step > 0);
    m_next->setEnabled(running && m_step + 1 < int(builtinLessons()[std::size_t(index)].steps.size()));
    if (!running) {
        m_position->clear();
        return;
    }
    const Lesson& lesson = builtinLessons()[std::size_t(index)];
    m_position->setText(tr("Step %1 of %2").arg(m_step + 1).arg(lesson.steps.size()));
    const LessonStep& s = lesson.steps[std::size_t(m_step)];
    // Every figure the text states is computed from the plan on screen (and the step before it).
    LessonFacts facts;
    facts.plan = &m_current;
    const auto analysisOf = [this](int i) -> const Analysis* {
        return i >= 0 && std::size_t(i) < m_stepAnalyses.size() && m_stepAnalyses[std::size_t(i)]
            ? &*m_stepAnalyses[std::size_t(i)]
            : nullptr;
    };
    if (const Analysis* now = analysisOf(m_step)) {
        facts.evaluation = now->evaluation.get();
        facts.groups = now->groups.get();
    }
    if (const Analysis* before = analysisOf(m_step - 1)) {
        facts.previousPlan = before->plan.get();
        facts.previous = before->evaluation.get();
    } else if (m_step > 0 && m_previousStep != m_step - 1) {
        // Jumped past the step before (or its analysis had not come yet): analyse its plan, then fill the text.
        auto before = lessonPlan(m_example, lesson, m_step - 1);
        if (before) {
            m_previousStep = m_step - 1;
            auto plan = std::make_shared<const Plan>(std::move(before.value()));
            m_previous->start([plan](const engine::JobTracker::Cancelled&) { return analyze(plan); },
                [this, index, step = m_previousStep](const Analysis& a) {
                    m_previousStep = -1;
                    if (m_lessons->currentIndex() == index && std::size_t(step) < m_stepAnalyses.size()
                        && !m_stepAnalyses[std::size_t(step)])
                        m_stepAnalyses[std::size_t(step)] = a;
                    refresh();
                });
        }
    }
    m_text->setText(QString::fromStdString(lessonText(
        chinese() ? s.zh : s.en, facts, [](const Message& m) { return widgets::translatedText(m).toStdString(); })));
}

} // namespace plait::app
