#pragma once

#include "chrometrace.h"

#include <QFutureWatcher>
#include <QObject>
#include <memory>

namespace plait::engine {

// Reads a Chrome trace file off the GUI thread, with progress and cancel. One load at a time: a new load
// cancels the one running.
class TraceLoader : public QObject {
    Q_OBJECT
public:
    explicit TraceLoader(QObject* parent = nullptr);
    ~TraceLoader() override;

    void load(const QString& path);
    void cancel();
    bool isLoading() const { return m_watcher && m_watcher->isRunning(); }

signals:
    void progress(int permille);
    void loaded(std::shared_ptr<const plait::TraceRead> trace, const QString& path);
    void failed(const QString& path, const QString& message);

private:
    struct Outcome {
        std::shared_ptr<const TraceRead> trace;
        QString error;
    };
    QFutureWatcher<Outcome>* m_watcher = nullptr;
};

} // namespace plait::engine
