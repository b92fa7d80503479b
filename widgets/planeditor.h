#pragma once

#include "catalog.h"
#include "plan.h"

#include <QWidget>

class QFormLayout;
class QLabel;

namespace plait::widgets {

// Editors for the model, cluster, recipe and parallel sizes. Every change is checked at once by reading the
// edited plan through core (planFromJson + validate); the reasons show in place under the fields, and only a
// plan that reads back is emitted (planEdited). The editor holds no estimate.
class PlanEditor : public QWidget {
    Q_OBJECT
public:
    explicit PlanEditor(const Catalog& catalog, QWidget* parent = nullptr);
    ~PlanEditor() override;

    void setPlan(const Plan& plan);
    // Apply one edit as a user would: a dotted JSON path and its new value. Returns the problems (empty = ok).
    QStringList applyEdit(const QString& path, const nlohmann::json& value);
    QString problemText() const; // what is shown in place now

signals:
    void planEdited(const plait::Plan& plan, const QString& description);
    // A Hugging Face config.json the user picked: the window imports it as File → Import does.
    void hfConfigChosen(const QString& path);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Field;
    void build();
    void refreshValues();
    void showProblems(const std::vector<Issue>& issues, const QString& edited = QString());
    void importHfConfig();
    // The undo entry of an edit, in words: "Pipeline parallel (PP) 16 → 8".
    QString editDescription(const QString& path, const nlohmann::json& value) const;

    const Catalog& m_catalog;
    Plan m_plan;
    bool m_hasPlan = false;
    bool m_updating = false;
    QList<Field*> m_fields;
    QLabel* m_problems = nullptr;
};

} // namespace plait::widgets
