#include "chrometrace.h"
#include "evaluate.h"
#include "ganttlayout.h"
#include "ganttlod.h"
#include "ganttview.h"
#include "lanetext.h"
#include "planio.h"
#include "predictedtimeline.h"
#include "timeaxis.h"

#include <QPainter>
#include <QSignalSpy>
#include <QTest>
#include <random>

using namespace plait;
using namespace plait::widgets;

// The Gantt view: time↔pixel mapping, the ruler, level of detail that never loses an event, and the view as a user
// drives it (offscreen).
class TestGantt : public QObject {
    Q_OBJECT
private slots:
    // Plait's own lanes carry a label's code, said in the user's language (here, without a translator, in
    // English, with their parts kept); a trace's own lane names are left alone, even one that reads like Plait's
    // (issue 41: the names used to be parsed back with regular expressions).
    void laneLabelsAreSaidByTheirCode_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("detail");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("shown");
        using K = LaneLabel::Kind;
        QTest::newRow("stage") << int(K::Stage) << 3 << ""
                               << "stage 3"
                               << "stage 3";
        QTest::newRow("measured stage") << int(K::Stage) << 1 << "H100"
                                        << "stage 1 (H100)"
                                        << "stage 1 (H100)";
        QTest::newRow("node") << int(K::Node) << 8 << ""
                              << "node 8"
                              << "node 8";
        QTest::newRow("activations") << int(K::Activations) << 0 << "0→1"
                                     << "act 0→1"
                                     << "activations 0→1";
        QTest::newRow("gradients, virtual stages") << int(K::Gradients) << 0 << "1→0 (2→2)"
                                                   << "grad 1→0 (2→2)"
                                                   << "gradients 1→0 (2→2)";
        QTest::newRow("a PyTorch thread") << int(K::Text) << 0 << ""
                                          << "stream 7"
                                          << "stream 7";
        QTest::newRow("a trace's lane that reads like Plait's") << int(K::Text) << 0 << ""
                                                                << "act 0→1"
                                                                << "act 0→1";
    }
    void laneLabelsAreSaidByTheirCode()
    {
        QFETCH(int, kind);
        QFETCH(int, index);
        QFETCH(QString, detail);
        QFETCH(QString, name);
        QFETCH(QString, shown);
        const LaneLabel label { LaneLabel::Kind(kind), index, detail.toStdString() };
        QCOMPARE(widgets::laneText(label, name.toStdString()), shown);
    }

    void predictedLanesCarryTheirLabels()
    {
        const auto plan = engine::readPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"));
        QVERIFY(plan);
        const Timeline t = predictedTimeline(evaluate(plan.value()), plan.value());
        QVERIFY(t.lanes.size() >= 4); // two stages and their transfer tracks
        for (const Lane& lane : t.lanes) {
            QVERIFY(lane.label.kind != LaneLabel::Kind::Text);
            QCOMPARE(lane.groupLabel.kind, LaneLabel::Kind::Node);
            QCOMPARE(widgets::laneText(lane.groupLabel, lane.group), QString::fromStdString(lane.group));
        }
        QCOMPARE(widgets::laneText(t.lanes.front().label, t.lanes.front().name), QStringLiteral("stage 0"));
    }

    void timeToPixel_data()
    {
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("end");
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("t");
        QTest::addColumn<double>("x");
        QTest::newRow("origin") << 0.0 << 1.0 << 1000.0 << 0.0 << 0.0;
        QTest::newRow("end") << 0.0 << 1.0 << 1000.0 << 1.0 << 1000.0;
        QTest::newRow("middle") << 0.0 << 2.0 << 500.0 << 1.0 << 250.0;
        QTest::newRow("before the window") << 1.0 << 2.0 << 100.0 << 0.5 << -50.0;
        QTest::newRow("microseconds") << 1e-3 << 1.1e-3 << 1000.0 << 1.05e-3 << 500.0;
        QTest::newRow("far zoom into a long trace") << 100.0 << 100.000001 << 1000.0 << 100.0000005 << 500.0;
    }
    void timeToPixel()
    {
        QFETCH(double, start);
        QFETCH(double, end);
        QFETCH(double, width);
        QFETCH(double, t);
        QFETCH(double, x);
        const TimeWindow w { start, end, width };
        QVERIFY(std::abs(w.toX(t) - x) < 1e-6 * std::max(1.0, std::abs(x)));
        QVERIFY(std::abs(w.toTime(x) - t) < 1e-9 * std::max(1.0, std::abs(t)));
    }

    void zoomKeepsTheAnchor_data()
    {
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("anchorX");
        QTest::newRow("in at left") << 2.0 << 0.0;
        QTest::newRow("in at middle") << 4.0 << 400.0;
        QTest::newRow("out at right") << 0.5 << 800.0;
    }
    void zoomKeepsTheAnchor()
    {
        QFETCH(double, factor);
        QFETCH(double, anchorX);
        const TimeWindow w { 2.0, 6.0, 800 };
        const TimeWindow z = w.zoomed(factor, anchorX);
        QVERIFY(std::abs(z.toTime(anchorX) - w.toTime(anchorX)) < 1e-12);
        QVERIFY(std::abs(z.span() - w.span() / factor) < 1e-12);
        const TimeWindow p = w.panned(80);
        QVERIFY(std::abs(p.start - 2.4) < 1e-12 && std::abs(p.end - 6.4) < 1e-12);
    }

    void clampingKeepsTheWindowUsable()
    {
        const TimeWindow w = TimeWindow { -100, 100, 500 }.clamped(0, 10);
        QVERIFY(w.start >= -0.5 - 1e-12 && w.end <= 10.5 + 1e-12);
        const TimeWindow tiny = TimeWindow { 5, 5 + 1e-15, 500 }.clamped(0, 10, 1e-9);
        QVERIFY(tiny.span() >= 1e-9 * 0.999);
    }

    void rulerTicks_data()
    {
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("end");
        QTest::addColumn<QString>("firstLabel");
        QTest::addColumn<QString>("secondLabel");
        auto lbl = [](const char* n, const char* u) -> QString {
            return QString::fromUtf8(n) + QChar(0x202F) + QString::fromUtf8(u);
        };
        QTest::newRow("seconds") << 0.0 << 30.0 << lbl("0", "s") << lbl("5", "s");
        QTest::newRow("milliseconds") << 0.0 << 0.1 << lbl("0", "ms") << lbl("10", "ms");
        QTest::newRow("fractions of a ms") << 0.0 << 0.002 << lbl("0", "µs") << lbl("200", "µs");
        QTest::newRow("microseconds") << 1e-3 << 1.05e-3 << lbl("1000", "µs") << lbl("1005", "µs");
        QTest::newRow("nanoseconds") << 0.0 << 5e-7 << lbl("0", "ns") << lbl("50", "ns");
    }
    void rulerTicks()
    {
        QFETCH(double, start);
        QFETCH(double, end);
        QFETCH(QString, firstLabel);
        QFETCH(QString, secondLabel);
        const auto ticks = timeTicks({ start, end, 800 }, 80);
        std::vector<Tick> majors;
        for (const Tick& t : ticks)
            if (t.major)
                majors.push_back(t);
        QVERIFY(majors.size() >= 2);
        QCOMPARE(majors[0].label, firstLabel);
        QCOMPARE(majors[1].label, secondLabel);
        const TimeWindow w { start, end, 800 };
        QVERIFY(w.toX(majors[1].time) - w.toX(majors[0].time) >= 80 - 1e-6);
    }

    void durations_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("text");
        auto lbl = [](const char* n, const char* u) -> QString {
            return QString::fromUtf8(n) + QChar(0x202F) + QString::fromUtf8(u);
        };
        QTest::newRow("ns") << 850e-9 << lbl("850", "ns");
        QTest::newRow("µs") << 12.5e-6 << lbl("12.5", "µs");
        QTest::newRow("ms") << 3.2e-3 << lbl("3.20", "ms");
        QTest::newRow("s") << 27.08 << lbl("27.1", "s");
    }
    void durations()
    {
        QFETCH(double, seconds);
        QFETCH(QString, text);
        QCOMPARE(formatDuration(seconds), text);
    }

    // Level of detail: every visible span's pixels are inside the runs drawn, runs never overlap.
    void noEventIsLost_data()
    {
        QTest::addColumn<int>("seed");
        QTest::addColumn<double>("zoom");
        QTest::addColumn<bool>("nested");
        for (int seed : { 1, 2, 3 })
            for (double zoom : { 1.0, 37.0, 5000.0 })
                for (bool nested : { false, true })
                    QTest::addRow("seed %d zoom %g%s", seed, zoom, nested ? " nested" : "") << seed << zoom << nested;
    }
    void noEventIsLost()
    {
        QFETCH(int, seed);
        QFETCH(double, zoom);
        QFETCH(bool, nested);
        std::mt19937 rng { static_cast<std::uint32_t>(seed) };
        std::exponential_distribution<double> gap(1.0), length(0.5);
        std::uniform_int_distribution<int> kind(0, kSpanKinds - 1);
        std::vector<Span> spans;
        double t = 0;
        for (int i = 0; i < 20000; ++i) {
            Span s;
            s.start = t + gap(rng) * (i % 7 == 0 ? 0 : 1);
            s.end = s.start + (i % 50 == 0 ? 300 : length(rng));
            s.kind = SpanKind(kind(rng));
            spans.push_back(s);
            t = nested && i % 3 == 0 ? s.start : s.end; // nested: the next span starts inside this one
        }
        std::stable_sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.start < b.start; });
        const LaneIndex index = indexLane(spans);
        const double total = t;
        const double span = total / zoom, start = total / 3;
        const TimeWindow w { start, start + span, 997 };
        std::vector<Run> runs;
        foldRuns(spans, index, w, runs);
        for (std::size_t i = 1; i < runs.size(); ++i)
            QVERIFY2(runs[i].x0 >= runs[i - 1].x1, "runs overlap or are out of order");
        int checked = 0;
        for (const Span& s : spans) {
            if (s.end < w.start || s.start >= w.end)
                continue;
            const int x0 = int(std::clamp(std::floor(w.toX(s.start)), -2.0, w.width + 2));
            const int x1 = std::max(x0 + 1, int(std::clamp(std::ceil(w.toX(s.end)), -2.0, w.width + 2)));
            // covered: walk the runs over [x0, x1)
            auto it = std::upper_bound(runs.begin(), runs.end(), x0, [](int x, const Run& r) { return x < r.x1; });
            int covered = x0;
            while (it != runs.end() && it->x0 <= covered && covered < x1) {
                covered = std::max(covered, it->x1);
                ++it;
            }
            QVERIFY2(covered >= x1, qPrintable(QStringLiteral("span [%1, %2) px lost").arg(x0).arg(x1)));
            ++checked;
        }
        QVERIFY(checked > 0);
        if (zoom == 1.0)
            QVERIFY(runs.size() <= 4 * 1000u); // bounded by the pixels, not by the spans
    }

    void spanUnderThePointer()
    {
        std::vector<Span> spans(3);
        spans[0] = { 0, 10 };
        spans[1] = { 2, 3 }; // nested in the first
        spans[2] = { 12, 13 };
        const LaneIndex index = indexLane(spans);
        QCOMPARE(spanAt(spans, index, 2.5, 0.1), 1); // the shorter, drawn on top
        QCOMPARE(spanAt(spans, index, 5, 0.1), 0);
        QCOMPARE(spanAt(spans, index, 11.95, 0.1), 2);
        QCOMPARE(spanAt(spans, index, 11, 0.1), -1);
    }

    // Rows: a heading per titled section (or when there are several), a group heading where the group changes, the
    // lanes (thin ones narrower), one after another with no gap inside a section; rowAt finds each by any pixel.
    void rowsFollowTheSections_data()
    {
        QTest::addColumn<QStringList>("groups"); // one per lane; "thin:" marks a transfer lane
        QTest::addColumn<int>("sections");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("kinds"); // S section heading, G group heading, L lane, T thin lane
        QTest::newRow("one group, no title") << QStringList { QStringLiteral("node 0"), QStringLiteral("node 0") } << 1
                                             << QString() << QStringLiteral("LL");
        QTest::newRow("one group, titled") << QStringList { QStringLiteral("node 0"), QStringLiteral("node 0") } << 1
                                           << QStringLiteral("predicted") << QStringLiteral("SLL");
        QTest::newRow("two groups") << QStringList { QStringLiteral("node 0"), QStringLiteral("thin:node 0"),
            QStringLiteral("node 1") }
                                    << 1 << QString() << QStringLiteral("GLTGL");
        QTest::newRow("two sections") << QStringList { QStringLiteral("a"), QStringLiteral("a") } << 2 << QString()
                                      << QStringLiteral("SLLSLL");
        QTest::newRow("group back again")
            << QStringList { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("a") } << 1 << QString()
            << QStringLiteral("GLGLGL");
    }
    void rowsFollowTheSections()
    {
        QFETCH(QStringList, groups);
        QFETCH(int, sections);
        QFETCH(QString, title);
        QFETCH(QString, kinds);
        auto t = std::make_shared<Timeline>();
        for (const QString& g : groups) {
            Lane l;
            l.thin = g.startsWith(QLatin1String("thin:"));
            l.group = QString(g).remove(QStringLiteral("thin:")).toStdString();
            t->lanes.push_back(l);
        }
        const std::vector<GanttSection> list(std::size_t(sections), GanttSection { title, t });
        const GanttTheme& theme = ganttTheme();
        const std::vector<GanttRow> rows = layoutGanttRows(list, theme);
        QString got;
        for (const GanttRow& r : rows)
            got += r.lane == GanttRow::kSectionHeading ? u'S'
                : r.lane == GanttRow::kGroupHeading    ? u'G'
                : t->lanes[std::size_t(r.lane)].thin   ? u'T'
                                                       : u'L';
        QCOMPARE(got, kinds);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const GanttRow& r = rows[i];
            const int expected = r.lane == GanttRow::kSectionHeading ? theme.headingHeight
                : r.lane == GanttRow::kGroupHeading                  ? theme.groupHeight
                : t->lanes[std::size_t(r.lane)].thin                 ? theme.thinHeight
                                                                     : theme.laneHeight;
            QCOMPARE(r.height, expected);
            if (i > 0 && rows[i - 1].section == r.section)
                QCOMPARE(r.y, rows[i - 1].y + rows[i - 1].height);
            QCOMPARE(rowAt(rows, r.y), &r);
            QCOMPARE(rowAt(rows, r.y + r.height - 1), &r);
        }
        QCOMPARE(rowAt(rows, -1), nullptr);
        QCOMPARE(rowAt(rows, contentHeight(rows)), nullptr);
    }

    // The geometry of a lane is computed once per window and width: a repaint that only selects, hovers or scrolls
    // back builds nothing, a pan or a resize builds the visible lanes again, and the picture is the same either way.
    void geometryIsCachedOnTheWindowAndWidth()
    {
        const Catalog catalog = Catalog::builtin();
        auto plan = engine::readPlan(QStringLiteral(PLAIT_EXAMPLES "/d-twelve-nodes-tp8-pp12.plait.json"), catalog);
        QVERIFY(plan.ok());
        const Evaluation ev = evaluate(plan.value());
        auto timeline = std::make_shared<const Timeline>(predictedTimeline(ev, plan.value()));
        GanttView view;
        view.resize(1000, 300); // shows only some of the lanes
        view.setSections({ { QStringLiteral("predicted"), timeline } });
        auto paint = [&] {
            QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
            QPainter p(&image);
            view.paintTo(p, image.size());
            return image;
        };
        const QImage first = paint();
        const long long built = view.lanesBuilt();
        QVERIFY(built > 0);
        QVERIFY(built < (long long)timeline->lanes.size()); // only the lanes on screen
        QCOMPARE(paint(), first);
        QCOMPARE(view.lanesBuilt(), built); // the same window: replayed
        QTest::keyClick(&view, Qt::Key_Down); // scroll one lane down and back
        paint();
        const long long scrolled = view.lanesBuilt();
        QVERIFY(scrolled > built && scrolled <= built + 3); // the lanes that came into view
        QTest::keyClick(&view, Qt::Key_Up);
        QCOMPARE(paint(), first);
        QCOMPARE(view.lanesBuilt(), scrolled);
        QTest::keyClick(&view, Qt::Key_W); // zoom: every visible lane again
        paint();
        QVERIFY(view.lanesBuilt() >= scrolled + built);
        QTest::keyClick(&view, Qt::Key_Home);
        QCOMPARE(paint(), first);
    }

    void clickingAnOpShowsItsDetails()
    {
        const Catalog catalog = Catalog::builtin();
        auto plan = engine::readPlan(QStringLiteral(PLAIT_EXAMPLES "/b-four-nodes-tp4-pp2-dp2.plait.json"), catalog);
        QVERIFY(plan.ok());
        const Evaluation ev = evaluate(plan.value());
        auto timeline = std::make_shared<const Timeline>(predictedTimeline(ev, plan.value()));
        GanttView view;
        view.resize(1000, 400);
        view.setSections({ { QStringLiteral("predicted"), timeline } });
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // zoom to the first forward of stage 0
        const Span first = timeline->lanes[0].spans.front();
        view.setWindow(first.start, first.end * 4);
        QSignalSpy selected(&view, &GanttView::opSelected);
        const TimeWindow w = view.window();
        const int x = view.laneHeaderWidth() + int(w.toX((first.start + first.end) / 2));
        // first lane: below ruler + legend + section heading + group heading
        QPoint at;
        for (int y = 40; y < 200 && at.isNull(); ++y)
            if (!view.detailsAt({ x, y }).isEmpty())
                at = { x, y };
        QVERIFY(!at.isNull());
        QTest::mouseClick(&view, Qt::LeftButton, {}, at);
        QCOMPARE(selected.count(), 1);
        const QString details = selected.first().first().toString();
        QVERIFY2(details.contains(QStringLiteral("micro-batch 0")), qPrintable(details));
        QVERIFY(details.contains(QStringLiteral("forward")));
        QVERIFY(details.contains(QStringLiteral("duration")));
        // keyboard zoom and reset
        const double span = view.window().span();
        QTest::keyClick(&view, Qt::Key_W);
        QVERIFY(view.window().span() < span);
        QTest::keyClick(&view, Qt::Key_Home);
        QVERIFY(view.window().span() >= timeline->end() - timeline->begin());
        // painting at every zoom produces pixels of the forward colour
        QImage image(view.size(), QImage::Format_RGB32);
        QPainter p(&image);
        view.paintTo(p, image.size());
        p.end();
        bool blue = false;
        for (int y = 0; y < image.height() && !blue; ++y)
            for (int xx = view.laneHeaderWidth(); xx < image.width() && !blue; ++xx)
                blue = image.pixel(xx, y) == qRgb(0x00, 0x72, 0xB2);
        QVERIFY(blue);
    }
};

QTEST_MAIN(TestGantt)
#include "tst_gantt.moc"
