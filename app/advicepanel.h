#pragma once

#include "advisor.h"
#include "plananalysis.h"

#include <QWidget>
#include <memory>

class QVBoxLayout;
class QLabel;

namespace plait::app {

// The advisor's items for the current plan, in the user's language: what it saw (with the plan's numbers), why it
// matters, and a button that applies the fix as one undoable edit. The engine (PlanAnalysis) works the items out,
// evaluating each candidate fix off the GUI thread; the panel only shows them.
class AdvicePanel : public QWidget {
    Q_OBJECT
public:
    explicit AdvicePanel(QWidget* parent = nullptr);

    void setPending(); // the plan changed: its advice is being worked out
    void setAdvice(std::shared_ptr<const engine::AdviceResult> advice);
    const std::vector<Advice>& items() const { return m_items; }
    static QString title(const Advice& a);
    static QString saw(const Advice& a);
    static QString why(const Advice& a);
    static QString fix(const Advice& a);

signals:
    void itemsChanged();
    void applyRequested(const plait::Plan& plan, const QString& what);

private:
    void show(const std::vector<Advice>& items);

    QVBoxLayout* m_list = nullptr;
    QLabel* m_status = nullptr;
    std::vector<Advice> m_items;
    std::shared_ptr<const engine::AdviceResult> m_advice;
};

} // namespace plait::app
