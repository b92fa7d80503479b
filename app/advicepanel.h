#pragma once

#include "advisor.h"

#include <QFutureWatcher>
#include <QWidget>

class QVBoxLayout;
class QLabel;

namespace plait::app {

// The advisor's items for the current plan, in the user's language: what it saw (with the plan's numbers), why it
// matters, and a button that applies the fix as one undoable edit. Runs off the GUI thread; the newest plan wins.
class AdvicePanel : public QWidget {
    Q_OBJECT
public:
    explicit AdvicePanel(QWidget* parent = nullptr);

    void setPlan(const Plan& plan);
    const std::vector<Advice>& items() const { return m_items; }
    static QString title(const Advice& a);
    static QString saw(const Advice& a);
    static QString why(const Advice& a);

signals:
    void itemsChanged();
    void applyRequested(const plait::Plan& plan, const QString& what);

private:
    void show(std::vector<Advice> items);

    QVBoxLayout* m_list = nullptr;
    QLabel* m_status = nullptr;
    std::vector<Advice> m_items;
    quint64 m_generation = 0;
};

} // namespace plait::app
