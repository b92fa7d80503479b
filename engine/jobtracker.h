#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent>

#include <atomic>
#include <functional>
#include <memory>
#include <type_traits>

namespace plait::engine {

// The one "newest job wins" of the engine (after hotspot's JobTracker): start() runs a job on the thread pool and
// hands its result to `done` on this object's thread, unless a newer job was started or cancel() was called first.
// The job gets a predicate that turns true as soon as it is overtaken, so a long job (a search, the advisor) can stop
// early; an overtaken job's result is dropped unseen. A watcher owned by the tracker rather than QFuture::then(this):
// Qt 6.4 asserts in a continuation whose context object was destroyed first.
class JobTracker : public QObject {
public:
    using Cancelled = std::function<bool()>;

    explicit JobTracker(QObject* parent = nullptr)
        : QObject(parent)
    {
    }
    ~JobTracker() override { cancel(); }

    template <typename Job, typename Done> void start(Job job, Done done)
    {
        cancel();
        auto flag = std::make_shared<std::atomic<bool>>(false);
        m_cancel = flag;
        const quint64 generation = ++m_generation;
        using T = std::invoke_result_t<Job, const Cancelled&>;
        auto* watcher = new QFutureWatcher<T>(this);
        connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, generation, done = std::move(done)]() mutable {
                watcher->deleteLater();
                if (generation != m_generation || !m_cancel || m_cancel->load())
                    return;
                m_cancel.reset();
                done(watcher->result());
            });
        watcher->setFuture(QtConcurrent::run([job = std::move(job), flag]() mutable {
            const Cancelled cancelled = [flag] { return flag->load(); };
            return job(cancelled);
        }));
    }

    // The running job, if any, is told to stop and its result will not be delivered.
    void cancel()
    {
        if (m_cancel)
            m_cancel->store(true);
        m_cancel.reset();
    }
    bool isRunning() const { return m_cancel != nullptr; }

private:
    quint64 m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel; // the newest job's; null when none is running
};

} // namespace plait::engine
