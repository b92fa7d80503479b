#include "autosave.h"

#include "planio.h"

#include <QDateTime>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUuid>

namespace plait::app {

QString Autosave::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

Autosave::Autosave(const QString& directory, QObject* parent)
    : QObject(parent)
    , m_dir(directory)
{
    QDir().mkpath(m_dir);
    const QString session = QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_file = m_dir + QLatin1Char('/') + session + QStringLiteral(".plait.json");
    m_lock = std::make_unique<QLockFile>(m_dir + QLatin1Char('/') + session + QStringLiteral(".lock"));
    m_lock->setStaleLockTime(0); // a lock is stale only when its process is gone
    m_lock->tryLock(0);
    m_timer.setSingleShot(true);
    m_timer.setInterval(2000);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::writeNow);
}

Autosave::~Autosave() = default;

void Autosave::planChanged(std::shared_ptr<const Plan> plan, const PlanDocument& file, bool modified)
{
    m_plan = std::move(plan);
    m_planFile = file;
    if (!modified) {
        m_timer.stop();
        m_pending = false;
        QFile::remove(m_file);
        return;
    }
    m_pending = true;
    // At most one interval after the first unsaved change, however fast the edits come: restarting the timer on
    // every change would never save a user who keeps editing.
    if (!m_timer.isActive())
        m_timer.start();
}

void Autosave::writeNow()
{
    if (!m_pending)
        return;
    QString error;
    if (m_plan && engine::writePlan(*m_plan, m_planFile, m_file, &error))
        m_pending = false;
}

void Autosave::finish()
{
    m_timer.stop();
    QFile::remove(m_file);
    m_lock->unlock();
}

QStringList Autosave::recoverable(const QString& directory)
{
    QStringList found;
    const QDir dir(directory);
    for (const QFileInfo& f : dir.entryInfoList({ QStringLiteral("*.plait.json") }, QDir::Files, QDir::Time)) {
        const QString session = f.fileName().chopped(int(qstrlen(".plait.json")));
        QLockFile lock(dir.filePath(session + QStringLiteral(".lock")));
        lock.setStaleLockTime(0);
        // If we can take the lock, no running session holds it: that session ended without finishing.
        if (lock.tryLock(0)) {
            lock.unlock();
            found << f.absoluteFilePath();
        }
    }
    return found;
}

void Autosave::discard(const QString& file)
{
    QFile::remove(file);
    // Its session's lock, if that session is gone (a running one keeps it).
    QLockFile lock(file.chopped(int(qstrlen(".plait.json"))) + QStringLiteral(".lock"));
    lock.setStaleLockTime(0);
    if (lock.tryLock(0))
        lock.unlock();
}

} // namespace plait::app
