#include "document.h"

#include "planio.h"

#include <QUndoCommand>

namespace plait::app {

class PlanCommand : public QUndoCommand {
public:
    PlanCommand(
        Document* doc, std::shared_ptr<const Plan> before, std::shared_ptr<const Plan> after, const QString& text)
        : QUndoCommand(text)
        , m_doc(doc)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }
    void undo() override { m_doc->apply(m_before); }
    void redo() override { m_doc->apply(m_after); }

private:
    Document* m_doc;
    std::shared_ptr<const Plan> m_before, m_after;
};

Document::Document(QObject* parent)
    : QObject(parent)
{
}

void Document::apply(std::shared_ptr<const Plan> plan)
{
    m_plan = std::move(plan);
    emit planChanged(m_plan);
}

void Document::load(const Plan& plan, const QString& path, PlanDocument file)
{
    m_undo.clear();
    m_file = std::move(file);
    m_hasPlan = true;
    m_path = path;
    apply(std::make_shared<const Plan>(plan));
    m_undo.setClean();
    emit pathChanged(m_path);
}

void Document::edit(const Plan& plan, const QString& description)
{
    if (!m_hasPlan)
        return;
    m_undo.push(new PlanCommand(this, m_plan, std::make_shared<const Plan>(plan), description));
}

bool Document::save(const QString& path, QString* error)
{
    if (!engine::writePlan(*m_plan, m_file, path, error))
        return false;
    // The plan stays the very one analysed: what was written is toJson of it and the file's document.
    m_undo.setClean();
    if (path != m_path) {
        m_path = path;
        emit pathChanged(m_path);
    }
    return true;
}

} // namespace plait::app
