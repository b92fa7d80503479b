#include "evaluate.h"
#include "plandocument.h"
#include "range.h"
#include "runforecast.h"

#include "summaryview.h"
#include "translatedtext.h"
#include <nlohmann/json.hpp>

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

    // The view says each warning in the user's language from core's numbers; untranslated, it must read exactly as
    // core's own message, which checks that the templates and the numbers line up.
    void warningsReadAsCoreWrites_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("code");
        auto plan = [](const char* model, int nodes, const char* parallel, const char* training) {
            return QStringLiteral(
                R"({"model":{"preset":"%1"},"cluster":{"gpu":"A100-SXM4-80GB","nodes":%2,"gpus_per_node":8,
                "intra_node":"nvlink3-nvswitch","inter_node":"ib-hdr"},"training":%4,"parallel":%3})")
                .arg(QLatin1String(model))
                .arg(nodes)
                .arg(QLatin1String(parallel), QLatin1String(training));
        };
        QTest::newRow("tp-crosses-node") << plan("megatron-gpt-7.5b", 2, R"({"tp":8,"dp":2,"order":"dp-tp-cp-pp"})",
            R"({"global_batch":16})") << "tp-crosses-node";
        QTest::newRow("too-few-microbatches")
            << plan("megatron-gpt-7.5b", 1, R"({"pp":4,"dp":2})", R"({"global_batch":8})") << "too-few-microbatches";
        QTest::newRow("out-of-memory") << plan("llama2-70b", 1, R"({"dp":8})", R"({"global_batch":8})")
                                       << "out-of-memory";
        QTest::newRow("dp-comm-dominates")
            << plan("megatron-gpt-7.5b", 2, R"({"dp":16})", R"({"global_batch":16,"zero_stage":1})")
                   .replace(QLatin1String("\"ib-hdr\""), QLatin1String("\"eth-25g\",\"nics_per_node\":1"))
            << "dp-comm-dominates";
        QTest::newRow("unbalanced-stages") << plan("megatron-gpt-7.5b", 1, R"({"pp":2,"layers_per_stage":[8,28]})",
            R"({"global_batch":64})") << "unbalanced-stages";
        QTest::newRow("unknown-key, with the value meant")
            << plan("megatron-gpt-7.5b", 1, R"({"dp":8})", R"({"global_batch":64,"zero_stge":3})") << "unknown-key";
        QTest::newRow("unknown-key, nothing close")
            << plan("megatron-gpt-7.5b", 1, R"({"dp":8,"wibble":1})", R"({"global_batch":64})") << "unknown-key";
        QTest::newRow("key-ignored beside a preset")
            << plan("megatron-gpt-7.5b", 1, R"({"dp":8})", R"({"global_batch":64})")
                   .replace(QLatin1String("\"preset\":"), QLatin1String("\"layers\":2,\"preset\":"))
            << "key-ignored";
    }
    void warningsReadAsCoreWrites()
    {
        QFETCH(QString, json);
        QFETCH(QString, code);
        const nlohmann::json doc = nlohmann::json::parse(json.toStdString());
        auto plan = planFromJson(doc);
        QVERIFY2(plan, plan ? "" : plan.errorText().c_str());
        const Evaluation ev = evaluate(plan.value());
        QVERIFY(ev.valid);
        // The file's own warnings (keys it holds that Plait does not read) come from its document, read once.
        const std::vector<Warning> fileWarnings = planDocumentOf(doc, plan.value()).keyWarnings;
        std::vector<Warning> all = fileWarnings;
        all.insert(all.end(), ev.warnings.begin(), ev.warnings.end());
        bool found = false;
        for (const Warning& w : all) {
            QCOMPARE(widgets::warningText(w),
                QStringLiteral("[%1] %2").arg(QString::fromStdString(w.code), QString::fromStdString(w.message)));
            found |= QString::fromStdString(w.code) == code;
        }
        QVERIFY2(found, qPrintable(code));
        // The view lists them as warningText says them (translated in another language).
        widgets::SummaryView view;
        view.setFileWarnings(fileWarnings);
        view.setEvaluation(std::make_shared<const Evaluation>(ev));
        auto* list = view.findChild<QListWidget*>();
        QVERIFY(list);
        QCOMPARE(list->count(), int(all.size()));
        for (int i = 0; i < list->count(); ++i)
            QCOMPARE(list->item(i)->text(), widgets::warningText(all[std::size_t(i)]));
    }

    // The training run beside the step (issue 18): a figure whose input is missing is a dash with a tip naming the
    // field to set, never a guess.
    void showsTheTrainingRun()
    {
        auto read = loadPlanFile(PLAIT_EXAMPLES "/h-gpt3-175b-1024xa100.plait.json"); // 300B tokens, no price
        QVERIFY(read);
        auto plan = std::make_shared<Plan>(read.value());
        auto run = [&] {
            Evaluation ev = evaluate(*plan);
            addStepRange(*plan, ev);
            return std::make_shared<const RunForecast>(forecastRun(*plan, ev));
        };
        widgets::SummaryView view;
        view.setRun(run(), plan);
        QVERIFY2(view.figureText(QStringLiteral("run_time")).contains(QLatin1String("days")),
            qPrintable(view.figureText(QStringLiteral("run_time"))));
        QCOMPARE(view.figureText(QStringLiteral("run_cost")), QStringLiteral("—"));
        QCOMPARE(view.figureText(QStringLiteral("goodput")), QStringLiteral("—"));
        QVERIFY(view.findChild<QLabel*>()); // the labels exist before any run
        plan->run.pricePerGpuHour = 2;
        plan->run.storageWriteGBps = 100;
        const auto f = run();
        view.setRun(f, plan);
        QVERIFY(view.figureText(QStringLiteral("run_cost")).endsWith(QLatin1String(" USD")));
        QCOMPARE(view.figureText(QStringLiteral("goodput")),
            QLocale().toString(100 * f->goodput, 'f', 1) + QLatin1Char('%'));
        QVERIFY(view.figureText(QStringLiteral("checkpoint")).contains(QLatin1String(" s")));
        view.setRun(nullptr, nullptr);
        QCOMPARE(view.figureText(QStringLiteral("run_time")), QStringLiteral("—"));
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
