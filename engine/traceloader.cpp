#include "traceloader.h"

#include <QPromise>
#include <QtConcurrent>

namespace plait::engine {

TraceLoader::TraceLoader(QObject* parent)
    : QObject(parent)
{
}

TraceLoader::~TraceLoader()
{
    // A read still running is told to stop; its result is never looked at.
    if (m_watcher)
        m_watcher->cancel();
}

void TraceLoader::cancel()
{
    if (m_watcher)
        m_watcher->cancel();
}

void TraceLoader::load(const QString& path)
{
    if (m_watcher) {
        m_watcher->disconnect(this);
        m_watcher->cancel();
        m_watcher->deleteLater();
    }
    m_watcher = new QFutureWatcher<Outcome>(this);
    auto* watcher = m_watcher;
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, &TraceLoader::progress);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
        if (watcher != m_watcher)
            return;
        m_watcher = nullptr;
        watcher->deleteLater();
        if (watcher->isCanceled() || watcher->future().resultCount() == 0) {
            emit failed(path, tr("Loading was cancelled."));
            return;
        }
        const Outcome out = watcher->result();
        if (out.trace)
            emit loaded(out.trace, path);
        else
            emit failed(path, out.error);
    });
    const std::string file = path.toStdString();
    watcher->setFuture(QtConcurrent::run([file](QPromise<Outcome>& promise) {
        promise.setProgressRange(0, 1000);
        TraceReadOptions options;
        options.progress = [&promise](std::size_t done, std::size_t total) {
            if (total > 0)
                promise.setProgressValue(int(1000.0 * double(done) / double(total)));
            return !promise.isCanceled();
        };
        auto read = readChromeTraceFile(file, options);
        Outcome out;
        if (read)
            out.trace = std::make_shared<const TraceRead>(std::move(read.value()));
        else
            out.error = QString::fromStdString(read.errorText());
        promise.addResult(std::move(out));
    }));
}

} // namespace plait::engine
