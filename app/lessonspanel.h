#pragma once

#include "lessons.h"

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

signals:
    void exampleRequested(const QString& name);
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
    bool m_hasExample = false;
    int m_step = -1;
};

} // namespace plait::app
