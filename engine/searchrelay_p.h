#pragma once

#include "searchrunner.h"

#include <QObject>
#include <atomic>

namespace plait::engine {

// Carries one running search's stages from its worker thread to the GUI thread: it lives on the GUI thread and its
// signals are emitted from the worker, so they arrive queued. Shared by the runner and the job; the runner lets go
// of it (and disconnects) when the search is overtaken, and it is deleted on its own thread.
class SearchRelay : public QObject {
    Q_OBJECT
public:
    std::atomic<bool> cancelled { false };

signals:
    void bestKnown(std::shared_ptr<const plait::engine::SearchRun> run);
    void progress(int evaluated, int fitting);
    void finished(std::shared_ptr<const plait::engine::SearchRun> run);
};

} // namespace plait::engine
