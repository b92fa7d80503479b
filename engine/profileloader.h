#pragma once

#include "chrometrace.h"
#include "jobtimeline.h"
#include "kinetoprofile.h"
#include "plan.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <memory>
#include <vector>

namespace plait::engine {

// The profile files a user named: files as given, folders as the traces directly in them (*.json, *.json.gz), sorted
// by name. A path that is neither is kept, so that its reading names it.
QStringList profileFiles(const QStringList& paths);

// Every rank's profile of a job read at once, one file per worker thread (issue 43): each file's summary, or why it
// could not be read, in the order given. `cancelled` is looked at while files stream; a cancelled read fails.
std::vector<Result<RankProfile>> readRankProfiles(
    const QStringList& paths, const std::function<bool()>& cancelled = {});

// Each rank's stage and node in the plan, by rank number, as the plan's rank map launches them.
std::vector<RankPlace> rankPlaces(const Plan& plan);

// A job's profile, read, aligned and laid out as a timeline against a plan.
struct LoadedProfile {
    std::vector<RankProfile> ranks;
    JobProfile job;
    JobTimeline timeline;
    std::shared_ptr<const TraceRead> trace; // the timeline as the Gantt takes a trace, with every problem
};
// The job's problems plus a mismatch between the plan and the profile (world size against the plan's GPUs).
LoadedProfile layOutProfile(std::vector<RankProfile> ranks, const Plan* plan);

// Reads a job's profile off the GUI thread with progress (files done, per mille) and cancel. One load at a time.
class ProfileLoader : public QObject {
    Q_OBJECT
public:
    explicit ProfileLoader(QObject* parent = nullptr);
    ~ProfileLoader() override;
    // `plan`: the open plan, whose rank map places the ranks (null: lanes by rank only).
    void load(const QStringList& paths, std::shared_ptr<const Plan> plan);
    void cancel();

signals:
    void progress(int permille);
    void loaded(std::shared_ptr<const plait::engine::LoadedProfile> profile, const QStringList& files);
    void failed(const QString& message);

private:
    struct Outcome {
        std::shared_ptr<const LoadedProfile> profile;
        QString error;
    };
    QFutureWatcher<Outcome>* m_watcher = nullptr;
};

} // namespace plait::engine
