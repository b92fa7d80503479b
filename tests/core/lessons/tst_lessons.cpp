#include "evaluate.h"
#include "lessons.h"

#include <QTest>
#include <set>

using namespace plait;

// Every lesson loads, every step applies to a valid plan that changes what the step says, in both languages.
class TestLessons : public QObject {
    Q_OBJECT

    static std::string examplePath(const std::string& name)
    {
        for (const char* file : { "a1-one-node-dp8", "a2-one-node-tp2-dp4", "b-four-nodes-tp4-pp2-dp2",
                 "c-ethernet-dp-accumulation", "d-twelve-nodes-tp8-pp12", "e1-70b-a800-pp4-tp8", "e2-70b-a800-pp8-tp4",
                 "f-13b-tp8-sequence-parallel", "g-7b-adam-one-gpu", "h-gpt3-175b-1024xa100" })
            if (std::string(file).rfind(name + "-", 0) == 0)
                return std::string(PLAIT_EXAMPLES) + "/" + file + ".plait.json";
        return {};
    }

private slots:
    void sixLessonsLoad()
    {
        const auto& lessons = builtinLessons();
        QCOMPARE(lessons.size(), std::size_t(6));
        std::set<std::string> ids;
        for (const Lesson& l : lessons) {
            QVERIFY(ids.insert(l.id).second);
            QVERIFY(!l.titleZh.empty());
            QVERIFY(!examplePath(l.example).empty());
        }
    }

    void everyStepApplies_data()
    {
        QTest::addColumn<int>("lesson");
        QTest::addColumn<int>("step");
        const auto& lessons = builtinLessons();
        for (std::size_t l = 0; l < lessons.size(); ++l)
            for (std::size_t s = 0; s < lessons[l].steps.size(); ++s)
                QTest::addRow("%s step %d", lessons[l].id.c_str(), int(s + 1)) << int(l) << int(s);
    }
    void everyStepApplies()
    {
        QFETCH(int, lesson);
        QFETCH(int, step);
        const Lesson& l = builtinLessons()[std::size_t(lesson)];
        auto example = loadPlanFile(examplePath(l.example));
        QVERIFY(example.ok());
        auto plan = lessonPlan(example.value(), l, step);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.errorText().c_str());
        const Evaluation ev = evaluate(plan.value());
        QVERIFY2(ev.valid, ev.errors.empty() ? "" : ev.errors.front().message.c_str());
        const std::set<std::string> focus { "memory", "comm", "topology", "timeline", "summary" };
        QVERIFY(focus.count(l.steps[std::size_t(step)].focus));
        if (step > 0 && !l.steps[std::size_t(step)].patch.empty()) {
            auto before = lessonPlan(example.value(), l, step - 1);
            QVERIFY(!changedFields(before.value(), plan.value()).empty());
        }
    }

    // The figures the lessons quote come from the model: the bubble lesson's first step is near 48%, its third ~5%.
    void theBubbleLessonQuotesTheModel()
    {
        const Lesson* bubbles = nullptr;
        for (const Lesson& l : builtinLessons())
            if (l.id == "bubbles")
                bubbles = &l;
        QVERIFY(bubbles);
        auto example = loadPlanFile(examplePath(bubbles->example)).value();
        const double b0 = evaluate(lessonPlan(example, *bubbles, 0).value()).bubbleFraction;
        const double b2 = evaluate(lessonPlan(example, *bubbles, 2).value()).bubbleFraction;
        QVERIFY2(b0 > 0.40 && b0 < 0.52, qPrintable(QString::number(b0)));
        QVERIFY2(b2 > 0.03 && b2 < 0.07, qPrintable(QString::number(b2)));
    }
};

QTEST_GUILESS_MAIN(TestLessons)
#include "tst_lessons.moc"
