#pragma once

#include "advisor.h"
#include "analysis.h"
#include "jobtracker.h"
#include "predictedtimeline.h"

#include <QObject>
#include <deque>
#include <memory>
#include <vector>

namespace plait::engine {

// The advisor's items for one analysis.
struct AdviceResult {
    std::shared_ptr<const Analysis> analysis;
    std::vector<Advice> items;
};

// The plan under each pipeline schedule (the Timeline's "Schedules compared" mode), for one analysis.
struct ScheduleStudyResult {
    std::shared_ptr<const Analysis> analysis;
    std::vector<ScheduleStudy> schedules;
};

// The one place a plan is analysed (after heaptrack's staged parser). Each request evaluates the plan once, off the
// GUI thread, and publishes one immutable Analysis; then, as later stages, the advice and (while a view wants it) the
// schedule study of that plan. Every stage is a newest-wins job: a new request cancels the stages still running.
// A drag preview is analysed and published like any plan, but marked as a preview and given no later stages. The
// last few document plans keep their analysis and advice: asking again for one of them (a preview cleared, undo,
// redo) republishes what was computed, without evaluating it again.
class PlanAnalysis : public QObject {
    Q_OBJECT
public:
    explicit PlanAnalysis(QObject* parent = nullptr);

    void request(std::shared_ptr<const Plan> plan, bool preview = false);
    std::shared_ptr<const Analysis> latest() const { return m_latest; } // the newest published, preview or not
    std::shared_ptr<const Analysis> document() const { return m_document; } // the newest of a document plan
    // While true, every document analysis is followed by its schedule study (and one runs now for the latest).
    void setScheduleStudyWanted(bool wanted);
    int analysesRun() const { return m_analysesRun; } // evaluations started, for tests and the benchmark
    // The advice computed for `analysis` (one of the last few document plans'); null while the advisor runs.
    std::shared_ptr<const AdviceResult> adviceFor(const std::shared_ptr<const Analysis>& analysis) const;

signals:
    void analysisAvailable(std::shared_ptr<const plait::Analysis> analysis);
    void adviceStarted();
    void adviceAvailable(std::shared_ptr<const plait::engine::AdviceResult> advice);
    void scheduleStudyAvailable(std::shared_ptr<const plait::engine::ScheduleStudyResult> study);

private:
    void publish(std::shared_ptr<const Analysis> analysis);
    void startLaterStages(const std::shared_ptr<const Analysis>& analysis);
    void startScheduleStudy(const std::shared_ptr<const Analysis>& analysis);

    struct Recent {
        std::shared_ptr<const Analysis> analysis;
        std::shared_ptr<const AdviceResult> advice; // null until the advisor finished
    };
    static constexpr std::size_t kRecent = 8; // plans are immutable and shared: a few cost little
    std::deque<Recent> m_recent; // newest first

    JobTracker m_evaluation, m_advice, m_study;
    std::shared_ptr<const Analysis> m_latest, m_document;
    bool m_studyWanted = false;
    int m_analysesRun = 0;
};

} // namespace plait::engine
