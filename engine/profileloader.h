#pragma once

#include "chrometrace.h"
#include "jobtimeline.h"
#include "kinetoprofile.h"
#include "nsysprofile.h"
#include "plan.h"
#include "profilecalibration.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace plait::engine {

// The profile files a user named: files as given, folders as the profiles directly in them (Kineto's *.json and
// *.json.gz, Nsight Systems' *.sqlite), sorted by name. A path that is neither is kept, so that its reading names it.
QStringList profileFiles(const QStringList& paths);

// Every rank's profile of a job read at once, one file per worker thread (issue 43): the summaries in the order
// given (an Nsight Systems report gives each of its processes), or the first file that could not be read with why.
// `cancelled` is looked at while files stream (a cancelled read fails); `fileDone` is called from the workers with the
// count of files read so far.
Result<std::vector<RankProfile>> readRankProfiles(const QStringList& paths, const std::function<bool()>& cancelled = {},
    const std::function<void(int)>& fileDone = {});

// Each rank's stage and node in the plan, by rank number, as the plan's rank map launches them.
std::vector<RankPlace> rankPlaces(const Plan& plan);

// A job's profile, read, aligned and laid out as a timeline against a plan.
struct LoadedProfile {
    std::vector<RankProfile> ranks;
    std::vector<RankPlace> places; // by rank number, from the plan; empty without one or when it does not fit
    JobProfile job;
    JobTimeline timeline;
    std::shared_ptr<const TraceRead> trace; // the timeline as the Gantt takes a trace, with every problem
    // With a plan that places the ranks: each stage's measured step, and the rates calibrated from it (issue 43 C).
    std::vector<MeasuredStage> stages;
    std::optional<ProfileCalibration> calibration;
};
// The job's problems plus a mismatch between the plan and the profile (world size against the plan's GPUs).
// `source` names the profile where calibrated rates cite it.
LoadedProfile layOutProfile(
    std::vector<RankProfile> ranks, const Plan* plan, const std::string& source = "job profile");

// "job profile run-42 (16 ranks)": the folder the traces are in when they share one, else the first file and the
// count.
std::string profileSourceName(const QStringList& files, std::size_t ranks);

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
