#include "evaluate.h"
#include "groups.h"
#include "lessons.h"
#include "lessontext.h"
#include "memory.h"

#include <QFile>
#include <QTest>
#include <QXmlStreamReader>
#include <map>
#include <set>

using namespace plait;

// Every lesson loads, every step applies to a valid plan that changes what the step says, in both languages.
class TestLessons : public QObject {
    Q_OBJECT

    // The shipped Chinese of the message table (context "Messages" of translations/plait_zh_CN.ts), as the window
    // says a lesson's figures; an untranslated sentence stays English, which the checks below would see.
    static const std::map<std::string, std::string>& chineseMessages()
    {
        static const std::map<std::string, std::string> table = [] {
            std::map<std::string, std::string> out;
            QFile file(QStringLiteral(PLAIT_TS));
            if (!file.open(QIODevice::ReadOnly))
                return out;
            QXmlStreamReader xml(&file);
            QString context, source;
            while (!xml.atEnd()) {
                if (!xml.readNextStartElement())
                    continue;
                if (xml.name() == QLatin1String("name"))
                    context = xml.readElementText();
                else if (xml.name() == QLatin1String("source"))
                    source = xml.readElementText();
                else if (xml.name() == QLatin1String("translation") && context == QLatin1String("Messages"))
                    out[source.toStdString()] = xml.readElementText().toStdString();
            }
            return out;
        }();
        return table;
    }
    static std::string sayChinese(const Message& m)
    {
        const char* english = messageTemplate(m.key);
        if (!english)
            return m.key;
        const auto it = chineseMessages().find(english);
        return fillTemplate(it == chineseMessages().end() || it->second.empty() ? english : it->second, m.args);
    }
    static std::string said(std::string_view text, const LessonFacts& facts, bool zh)
    {
        return zh ? lessonText(text, facts, sayChinese) : lessonText(text, facts);
    }

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

    // Every figure a step states is a {fact} of its plan: both languages name the same facts, all known, and each
    // can be computed from the step's plan, its evaluation and groups, and the step before it.
    void everyFigureComesFromThePlan()
    {
        QFETCH(int, lesson);
        QFETCH(int, step);
        const Lesson& l = builtinLessons()[std::size_t(lesson)];
        const LessonStep& s = l.steps[std::size_t(step)];
        auto names = [](const std::string& text) {
            std::set<std::string> out;
            for (const std::string& n : lessonFactNames(text))
                out.emplace(lessonFigure(n));
            return out;
        };
        QVERIFY(names(s.en) == names(s.zh));
        for (const std::string& n : lessonFactNames(s.en + s.zh))
            QVERIFY2(isLessonFact(n), n.c_str());
        const Plan example = loadPlanFile(examplePath(l.example)).value();
        const Plan plan = lessonPlan(example, l, step).value();
        const Evaluation ev = evaluate(plan);
        const GroupSet groups = buildGroups(plan);
        LessonFacts facts { &plan, &ev, &groups, nullptr, nullptr };
        std::optional<Plan> before;
        Evaluation beforeEv;
        if (step > 0) {
            before = lessonPlan(example, l, step - 1).value();
            beforeEv = evaluate(*before);
            facts.previousPlan = &*before;
            facts.previous = &beforeEv;
        }
        for (bool zh : { false, true }) {
            const std::string text = said(zh ? s.zh : s.en, facts, zh);
            QVERIFY2(text.find("…") == std::string::npos && text.find('{') == std::string::npos, text.c_str());
        }
        // What the words claim, the figures bear out.
        const std::string en = lessonText(s.en, facts);
        if (en.find("It cannot run") != std::string::npos || en.find("far over the capacity") != std::string::npos)
            QVERIFY(ev.peakBytes > ev.capacityBytes);
        if (en.find(" fits") != std::string::npos)
            QVERIFY(ev.peakBytes <= ev.capacityBytes);
    }
    void everyFigureComesFromThePlan_data() { everyStepApplies_data(); }

    // The memory lesson's bytes are the memory model's: example g trains with fp32 gradients, so 2 + 4 + 12 = 18
    // bytes per parameter (Rajbhandari et al. 2020 §3.1 with Megatron-LM's fp32 main_grad), not the paper's 16.
    void theMemoryLessonStatesTheModelsBytes()
    {
        const Lesson& l = builtinLessons().front();
        QCOMPARE(l.id, std::string("memory-7b"));
        const Plan plan = lessonPlan(loadPlanFile(examplePath(l.example)).value(), l, 0).value();
        const StateBytes b = stateBytes(plan.training);
        QCOMPARE(b.weights + b.grads + b.optimizer, 18.0);
        const Evaluation ev = evaluate(plan);
        const std::string text = lessonText(l.steps[0].en, { &plan, &ev, nullptr, nullptr, nullptr });
        QVERIFY2(text.find("2 bytes of weights, 4 of gradients and 12 of optimizer state") != std::string::npos,
            text.c_str());
        QVERIFY2(text.find("18 bytes × ") != std::string::npos, text.c_str());
        QVERIFY2(text.find(plan.cluster.gpu.id) != std::string::npos, text.c_str());
    }

    // The bubble lesson quotes the simulated timeline: its first step near (p−1)/(m+p−1) = 11/23 = 48%, its third ~5%.
    void theBubbleLessonQuotesTheModel()
    {
        const Lesson* bubbles = nullptr;
        for (const Lesson& l : builtinLessons())
            if (l.id == "bubbles")
                bubbles = &l;
        QVERIFY(bubbles);
        auto example = loadPlanFile(examplePath(bubbles->example)).value();
        const Plan first = lessonPlan(example, *bubbles, 0).value();
        const Evaluation e0 = evaluate(first);
        const double b2 = evaluate(lessonPlan(example, *bubbles, 2).value()).bubbleFraction;
        QVERIFY2(e0.bubbleFraction > 0.40 && e0.bubbleFraction < 0.52, qPrintable(QString::number(e0.bubbleFraction)));
        QVERIFY2(b2 > 0.03 && b2 < 0.07, qPrintable(QString::number(b2)));
        const std::string text = lessonText(bubbles->steps[0].en, { &first, &e0, nullptr, nullptr, nullptr });
        QVERIFY2(text.find("= 48% for equal stages") != std::string::npos, text.c_str());
        QVERIFY2(
            text.find(std::to_string(int(std::lround(100 * e0.bubbleFraction))) + "% of the step") != std::string::npos,
            text.c_str());
    }

    // Every step of every lesson in both languages, from the plan it shows: said in full (no {name} left unfilled,
    // no empty text), in Chinese with no English figure words, and readable with -v2 by a reviewer.
    void everyStepIsSaidInFullInBothLanguages()
    {
        for (const Lesson& l : builtinLessons()) {
            const Plan example = loadPlanFile(examplePath(l.example)).value();
            std::optional<Plan> before;
            Evaluation beforeEv;
            for (std::size_t i = 0; i < l.steps.size(); ++i) {
                const Plan plan = lessonPlan(example, l, int(i)).value();
                const Evaluation ev = evaluate(plan);
                const GroupSet groups = buildGroups(plan);
                LessonFacts f { &plan, &ev, &groups, before ? &*before : nullptr, before ? &beforeEv : nullptr };
                const std::string en = lessonText(l.steps[i].en, f), zh = said(l.steps[i].zh, f, true);
                const std::string where = l.id + " " + std::to_string(i + 1) + ": ";
                QVERIFY2(!en.empty() && en.find('{') == std::string::npos, (where + en).c_str());
                QVERIFY2(!zh.empty() && zh.find('{') == std::string::npos, (where + zh).c_str());
                for (const char* english : { " seconds", " GiB of", " billion", " B ", "× as ", " faster", " slower" })
                    QVERIFY2(zh.find(english) == std::string::npos, (where + zh).c_str());
                qDebug("%s%s\n%s%s", where.c_str(), en.c_str(), where.c_str(), zh.c_str());
                before = plan;
                beforeEv = ev;
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestLessons)
#include "tst_lessons.moc"
