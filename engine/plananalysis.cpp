#include "plananalysis.h"

namespace plait::engine {

PlanAnalysis::PlanAnalysis(QObject* parent)
    : QObject(parent)
{
}

void PlanAnalysis::request(std::shared_ptr<const Plan> plan, bool preview)
{
    if (!plan)
        return;
    if (!preview && m_document && m_document->plan == plan) {
        // The same plan again (a preview was cleared): its analysis and later stages stand.
        m_evaluation.cancel();
        if (m_latest != m_document)
            publish(m_document);
        return;
    }
    if (!preview)
        for (const Recent& r : m_recent)
            if (r.analysis->plan == plan) {
                // Undo or redo back to a plan analysed a moment ago: the same immutable plan, the same analysis.
                m_evaluation.cancel();
                m_document = r.analysis;
                publish(m_document);
                if (r.advice) {
                    m_advice.cancel();
                    emit adviceAvailable(r.advice);
                } else {
                    startLaterStages(m_document);
                    return;
                }
                if (m_studyWanted)
                    startScheduleStudy(m_document);
                return;
            }
    ++m_analysesRun;
    if (!preview) {
        // The advice and the study of the plan this one replaces would be stale: stop them now.
        m_advice.cancel();
        m_study.cancel();
    }
    m_evaluation.start([plan, preview](const JobTracker::Cancelled&) { return analyze(plan, preview); },
        [this](Analysis a) {
            auto analysis = std::make_shared<const Analysis>(std::move(a));
            if (!analysis->preview) {
                m_document = analysis;
                m_recent.push_front({ analysis, nullptr });
                if (m_recent.size() > kRecent)
                    m_recent.pop_back();
                startLaterStages(analysis);
            }
            publish(analysis);
        });
}

void PlanAnalysis::publish(std::shared_ptr<const Analysis> analysis)
{
    m_latest = std::move(analysis);
    emit analysisAvailable(m_latest);
}

void PlanAnalysis::startLaterStages(const std::shared_ptr<const Analysis>& analysis)
{
    emit adviceStarted();
    m_advice.start(
        [analysis](const JobTracker::Cancelled& cancelled) {
            auto r = std::make_shared<AdviceResult>();
            r->analysis = analysis;
            r->items = advise(*analysis->plan, *analysis->evaluation, cancelled);
            return std::shared_ptr<const AdviceResult>(std::move(r));
        },
        [this](std::shared_ptr<const AdviceResult> r) {
            for (Recent& recent : m_recent)
                if (recent.analysis == r->analysis)
                    recent.advice = r;
            emit adviceAvailable(std::move(r));
        });
    if (m_studyWanted)
        startScheduleStudy(analysis);
    else
        m_study.cancel();
}

void PlanAnalysis::setScheduleStudyWanted(bool wanted)
{
    m_studyWanted = wanted;
    if (!wanted)
        m_study.cancel();
    else if (m_document)
        startScheduleStudy(m_document);
}

void PlanAnalysis::startScheduleStudy(const std::shared_ptr<const Analysis>& analysis)
{
    m_study.start(
        [analysis](const JobTracker::Cancelled&) {
            auto r = std::make_shared<ScheduleStudyResult>();
            r->analysis = analysis;
            r->schedules = studySchedules(*analysis->plan);
            return std::shared_ptr<const ScheduleStudyResult>(std::move(r));
        },
        [this](std::shared_ptr<const ScheduleStudyResult> r) { emit scheduleStudyAvailable(std::move(r)); });
}

std::shared_ptr<const AdviceResult> PlanAnalysis::adviceFor(const std::shared_ptr<const Analysis>& analysis) const
{
    for (const Recent& r : m_recent)
        if (r.analysis == analysis)
            return r.advice;
    return nullptr;
}

} // namespace plait::engine
