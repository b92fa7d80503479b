#pragma once

#include "plan.h"
#include "plandocument.h"

#include <QDir>
#include <QLockFile>
#include <QObject>
#include <QTimer>
#include <memory>

namespace plait::app {

// Keeps an unsaved plan safe across a crash: at most two seconds after the first unsaved change the plan is written
// (atomically) to <dir>/<session>.plait.json while this session holds <dir>/<session>.lock. A clean exit removes both.
// A file whose lock nobody holds belongs to a session that crashed; it is offered for recovery on the next start and
// never deleted until the user has chosen (the pattern of KDE's KAutoSaveFile and Inkscape's emergency saves).
class Autosave : public QObject {
    Q_OBJECT
public:
    explicit Autosave(const QString& directory, QObject* parent = nullptr);
    ~Autosave() override; // keeps the file: only finish() removes it

    static QString defaultDirectory();
    QString filePath() const { return m_file; }

    // Schedules a write of the plan and what its file held beside it when modified, removes the file when not.
    void planChanged(std::shared_ptr<const Plan> plan, const PlanDocument& file, bool modified);
    void writeNow();
    void finish(); // clean exit

    // Files left by sessions that are no longer running, newest first.
    static QStringList recoverable(const QString& directory);
    static void discard(const QString& file);

private:
    QString m_dir, m_file;
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_timer;
    std::shared_ptr<const Plan> m_plan;
    PlanDocument m_planFile;
    bool m_pending = false;
};

} // namespace plait::app
