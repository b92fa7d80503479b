#pragma once

#include "plan.h"
#include "plandocument.h"

#include <QObject>
#include <QUndoStack>
#include <memory>

namespace plait::app {

// The one current plan and its history. Every edit replaces the plan with a new value through the undo stack,
// so undo restores the previous plan exactly; a whole drag is pushed once, on drop. What the file held beside the
// plan (its description, keys this version does not read) is the file's PlanDocument, kept across edits and
// written beside the plan on every save; a save never replaces the plan.
class Document : public QObject {
    Q_OBJECT
public:
    explicit Document(QObject* parent = nullptr);

    const Plan& plan() const { return *m_plan; }
    // The same plan, shared read-only: what views and the engine hold, so "is this the same plan?" is a pointer test.
    std::shared_ptr<const Plan> sharedPlan() const { return m_plan; }
    const PlanDocument& file() const { return m_file; }
    bool hasPlan() const { return m_hasPlan; }
    QString path() const { return m_path; }
    QUndoStack* undoStack() { return &m_undo; }
    bool isModified() const { return !m_undo.isClean(); }

    // A new document: history cleared, clean. `file`: what a file held beside the plan (none for an import).
    void load(const Plan& plan, const QString& path, PlanDocument file = {});
    void edit(const Plan& plan, const QString& description); // one undoable step
    bool save(const QString& path, QString* error);

signals:
    void planChanged(std::shared_ptr<const plait::Plan> plan);
    void pathChanged(const QString& path);

private:
    friend class PlanCommand;
    void apply(std::shared_ptr<const Plan> plan);

    std::shared_ptr<const Plan> m_plan = std::make_shared<const Plan>();
    PlanDocument m_file;
    bool m_hasPlan = false;
    QString m_path;
    QUndoStack m_undo;
};

} // namespace plait::app
