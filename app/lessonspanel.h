#pragma once

#include "analysis.h"
#include "jobtracker.h"
#include "lessons.h"

#include <optional>

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace plait::app {

// Guided lessons: pick one, then step through it. Each step changes the plan (one undoable edit), points at the view
// to watch, lists what changed, and explains why — in Chinese when the interface is Chinese, else in English.
class LessonsPanel : public QWidget {
    Q_OBJECT
public:
    explicit LessonsPanel(QWidget* parent = nullptr);

    void startLesson(int index);
    void goToStep(int step);
    int lessonIndex() const;
    int step() const { return m_step; }
    QString stepText() const;
    // The plan before the lesson's first step: the app opens the built-in example and hands it back.
    void setExample(const Plan& example);
    // The analysis of the document's plan: when it is this step's, the text's figures are filled from it.
    void setAnalysis(const Analysis& analysis);

signals:
    void exampleRequested(const QString& name, const QString& title);
    void planRequested(const plait::Plan& plan, const QString& what);
    void focusRequested(const QString& view); // memory, comm, topology, timeline, summary

private:
    void refresh();
    static bool chinese();

    QComboBox* m_lessons = nullptr;
    QLabel* m_text = nullptr;
    QLabel* m_changes = nullptr;
    QLabel* m_position = nullptr;
    QPushButton *m_start = nullptr, *m_back = nullptr, *m_next = nullptr;
    Plan m_example, m_current;
    // Per step of the running lesson, once it arrived: its analysis (the step before's plan and figures are what
    // "{step_vs_previous}" compares with).
    std::vector<std::optional<Analysis>> m_stepAnalyses;
    // The step before, analysed off the GUI thread when the user jumped past it before its analysis arrived.
    engine::JobTracker* m_previous = nullptr;
    int m_previousStep = -1; // the step m_previous analyses
    bool m_hasExample = false;
    int m_step = -1;
};

} // namespace plait::app
