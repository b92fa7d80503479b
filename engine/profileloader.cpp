#include "profileloader.h"

#include "profilegroups.h"
#include "profilelinks.h"
#include "rankmap.h"

#include <QDir>
#include <QFileInfo>
#include <QPromise>
#include <QtConcurrent>
#include <algorithm>
#include <atomic>
#include <map>

namespace plait::engine {

QStringList profileFiles(const QStringList& paths)
{
    QStringList files;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (!info.isDir()) {
            files << path;
            continue;
        }
        const QDir dir(path);
        for (const QString& name :
            dir.entryList({ QStringLiteral("*.json"), QStringLiteral("*.json.gz"), QStringLiteral("*.sqlite") },
                QDir::Files | QDir::Readable, QDir::Name))
            files << dir.filePath(name);
    }
    return files;
}

Result<std::vector<RankProfile>> readRankProfiles(
    const QStringList& paths, const std::function<bool()>& cancelled, const std::function<void(int)>& fileDone)
{
    // Each worker holds one file's text while it streams through it, so memory stays at a file per thread plus the
    // summaries.
    std::atomic<int> done = 0;
    const QList<Result<std::vector<RankProfile>>> read = QtConcurrent::blockingMapped(paths, [&](const QString& path) {
        TraceReadOptions options;
        if (cancelled)
            options.progress = [&cancelled](std::size_t, std::size_t) { return !cancelled(); };
        Result<std::vector<RankProfile>> r = readProfileFile(path.toStdString(), options);
        if (fileDone)
            fileDone(++done);
        return r;
    });
    std::vector<RankProfile> ranks;
    for (const Result<std::vector<RankProfile>>& r : read) {
        if (!r)
            return Result<std::vector<RankProfile>>(r.errors());
        ranks.insert(ranks.end(), r.value().begin(), r.value().end());
    }
    return Result<std::vector<RankProfile>>(std::move(ranks));
}

std::vector<RankPlace> rankPlaces(const Plan& plan)
{
    std::vector<RankPlace> places;
    for (const RankSlot& slot : rankMap(plan).ranks) {
        if (slot.rank >= int(places.size()))
            places.resize(std::size_t(slot.rank) + 1);
        places[std::size_t(slot.rank)] = { slot.coord.pp, slot.node, slot.gpu };
    }
    return places;
}

std::string profileSourceName(const QStringList& files, std::size_t ranks)
{
    QString name;
    if (!files.isEmpty()) {
        const QString folder = QFileInfo(files.front()).absolutePath();
        const bool oneFolder = std::all_of(
            files.begin(), files.end(), [&](const QString& f) { return QFileInfo(f).absolutePath() == folder; });
        name = oneFolder && files.size() > 1 ? QDir(folder).dirName() + QLatin1Char('/')
                                             : QFileInfo(files.front()).fileName();
    }
    return "job profile " + name.toStdString() + " (" + std::to_string(ranks) + (ranks == 1 ? " rank)" : " ranks)");
}

LoadedProfile layOutProfile(std::vector<RankProfile> ranks, const Plan* plan, const std::string& source)
{
    LoadedProfile out;
    // In rank order (files come in name order: rank10 before rank2); ranks the traces do not name, last.
    std::stable_sort(ranks.begin(), ranks.end(),
        [](const RankProfile& a, const RankProfile& b) { return unsigned(a.rank) < unsigned(b.rank); });
    out.ranks = std::move(ranks);
    std::vector<RankPlace>& places = out.places;
    std::vector<Message> problems;
    if (plan) {
        const int gpus = plan->parallel.gpusUsed();
        int worldSize = 0;
        for (const RankProfile& p : out.ranks)
            worldSize = std::max(worldSize, p.worldSize);
        if (worldSize > 0 && worldSize != gpus)
            problems.push_back({ "trace:world-size-differs", { std::to_string(worldSize), std::to_string(gpus) } });
        else {
            places = rankPlaces(*plan);
            // The groups the job's collectives ran in, against the plan's: a layout or rank order other than the
            // plan's is named (each group once, as the first rank that recorded it lists it).
            std::map<std::string, std::vector<int>> groups;
            for (const RankProfile& p : out.ranks)
                groups.insert(p.groups.begin(), p.groups.end());
            if (Message mismatch = groupsNotInPlan(groups, *plan); !mismatch.empty())
                problems.push_back(std::move(mismatch));
        }
    }
    out.job = summarizeJob(out.ranks, places);
    addCollectiveWaits(out.ranks, out.job.alignment);
    if (plan && !places.empty()) {
        out.stages = measuredStages(out.ranks, places);
        out.calibration = calibrateFromProfile(
            *plan, out.stages, source, profileLinkSweeps(out.ranks, out.job.alignment, places, plan->cluster));
    }
    problems.insert(problems.begin(), out.job.problems.begin(), out.job.problems.end());
    out.timeline = jobTimeline(out.ranks, out.job, places);
    problems.insert(problems.end(), out.timeline.problems.begin(), out.timeline.problems.end());
    auto trace = std::make_shared<TraceRead>();
    trace->timeline = out.timeline.timeline;
    for (const RankProfile& p : out.ranks)
        trace->events += p.events;
    trace->problems = std::move(problems);
    out.trace = std::move(trace);
    return out;
}

ProfileLoader::ProfileLoader(QObject* parent)
    : QObject(parent)
{
}

ProfileLoader::~ProfileLoader()
{
    if (m_watcher)
        m_watcher->cancel();
}

void ProfileLoader::cancel()
{
    if (m_watcher)
        m_watcher->cancel();
}

void ProfileLoader::load(const QStringList& paths, std::shared_ptr<const Plan> plan)
{
    if (m_watcher) {
        m_watcher->disconnect(this);
        m_watcher->cancel();
        m_watcher->deleteLater();
    }
    m_watcher = new QFutureWatcher<Outcome>(this);
    auto* watcher = m_watcher;
    const QStringList files = profileFiles(paths);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, &ProfileLoader::progress);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, files] {
        if (watcher != m_watcher)
            return;
        m_watcher = nullptr;
        watcher->deleteLater();
        if (watcher->isCanceled() || watcher->future().resultCount() == 0) {
            emit failed(tr("Loading was cancelled."));
            return;
        }
        const Outcome out = watcher->result();
        if (out.profile)
            emit loaded(out.profile, files);
        else
            emit failed(out.error);
    });
    watcher->setFuture(QtConcurrent::run([files, plan](QPromise<Outcome>& promise) {
        Outcome out;
        if (files.isEmpty()) {
            out.error = tr("no profile files (*.json, *.json.gz, *.sqlite) were given");
            promise.addResult(std::move(out));
            return;
        }
        promise.setProgressRange(0, 1000);
        Result<std::vector<RankProfile>> ranks = readRankProfiles(
            files, [&promise] { return promise.isCanceled(); },
            [&promise, &files](int done) { promise.setProgressValue(int(1000.0 * done / files.size())); });
        if (promise.isCanceled())
            return;
        if (!ranks) {
            out.error = QString::fromStdString(ranks.errorText());
            promise.addResult(std::move(out));
            return;
        }
        const std::string source = profileSourceName(files, ranks.value().size());
        out.profile
            = std::make_shared<const LoadedProfile>(layOutProfile(std::move(ranks.value()), plan.get(), source));
        promise.addResult(std::move(out));
    }));
}

} // namespace plait::engine
