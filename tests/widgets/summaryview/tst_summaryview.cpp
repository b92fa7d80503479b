#include "evaluate.h"
#include "summaryview.h"

#include <QLabel>
#include <QListWidget>
#include <QTest>

using namespace plait;

class TestSummaryView : public QObject {
    Q_OBJECT
private slots:
    void showsTheEvaluationsFigures()
    {
        auto plan = loadPlanFile(PLAIT_EXAMPLES "/g-7b-adam-one-gpu.plait.json");
        QVERIFY(plan);
        auto ev = std::make_shared<const Evaluation>(evaluate(plan.value()));
        widgets::SummaryView view;
        view.setEvaluation(ev);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.figureText(QStringLiteral("step")).endsWith(QLatin1String(" s")));
        QVERIFY(view.figureText(QStringLiteral("memory")).contains(QLatin1String("GiB")));
        auto* warnings = view.findChild<QListWidget*>();
        QVERIFY(warnings);
        QVERIFY(warnings->item(0)->text().contains(QLatin1String("out-of-memory")));
    }

    void invalidPlanShowsItsErrors()
    {
        auto ev = std::make_shared<Evaluation>();
        ev->errors.push_back({ "parallel.tp", "heads (96) must divide by tp (5)" });
        widgets::SummaryView view;
        view.setEvaluation(ev);
        QCOMPARE(view.figureText(QStringLiteral("step")), QStringLiteral("—"));
        bool shown = false;
        for (auto* label : view.findChildren<QLabel*>())
            shown |= label->text().contains(QLatin1String("must divide by tp (5)"));
        QVERIFY(shown);
    }
};

QTEST_MAIN(TestSummaryView)
#include "tst_summaryview.moc"
