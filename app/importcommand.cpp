#include "importcommand.h"

#include "catalogloader.h"
#include "measuredlinks.h"
#include "numtext.h"
#include "planio.h"
#include "text.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <iostream>
#include <nlohmann/json.hpp>

namespace plait::app {

namespace {
constexpr int kOk = 0, kInvalid = 1, kUsage = 2;
constexpr const char* kUsageText = "plait import nccl-tests FILE... [--plan PLAN] [--out PLAN] [--json]";

std::string joined(const std::vector<std::string>& parts)
{
    std::string s;
    for (const std::string& p : parts)
        s += (s.empty() ? "" : ", ") + p;
    return s;
}

nlohmann::json warningJson(const Warning& w)
{
    return { { "code", w.code }, { "message", validUtf8(w.message) }, { "args", w.args } };
}

int importNcclTests(const QStringList& files, const QString& planPath, const QString& outPath, bool json)
{
    auto links = engine::readMeasuredLinks(files);
    if (!links) {
        for (const Issue& e : links.errors())
            std::cerr << "plait: " << validUtf8((e.field.empty() ? "" : e.field + ": ") + e.message) << "\n";
        return kUsage;
    }
    std::optional<Plan> plan;
    if (!planPath.isEmpty()) {
        const engine::PlanFile file = engine::readPlanFile(planPath, engine::loadCatalog());
        if (!file.plan) {
            for (const Issue& e : file.plan.errors())
                std::cerr << "plait: " << planPath.toStdString() << ": "
                          << validUtf8((e.field.empty() ? "" : e.field + ": ") + e.message) << "\n";
            return file.unreadable ? kUsage : kInvalid;
        }
        plan = file.plan.value();
    }
    const engine::MeasuredLinks& m = links.value();
    nlohmann::json out { { "measurements", nlohmann::json::array() }, { "findings", nlohmann::json::array() },
        { "notes", m.notes } };
    std::vector<Warning> findings;
    if (!json)
        std::cout << "nccl-tests: " << m.measurements.size() << " measurement(s) from " << files.size() << " file(s)\n";
    for (const LinksResult& l : m.measurements) {
        std::optional<FabricCheck> check;
        if (plan)
            check = checkFabric(l, plan->cluster);
        nlohmann::json entry { { "ranks", l.ranks }, { "hosts", l.hosts }, { "host_names", l.hostNames },
            { "link_class", l.linkClass }, { "source", validUtf8(l.source) }, { "ops", nlohmann::json::array() } };
        if (!json)
            std::cout << "  " << l.ranks << " ranks on " << (l.hostNames.empty() ? "1 host" : joined(l.hostNames))
                      << " (" << validUtf8(l.source) << ")\n";
        for (const OpSweep& s : l.ops) {
            const FabricOpCheck* c = nullptr;
            if (check)
                for (const FabricOpCheck& x : check->ops)
                    if (x.op == s.op)
                        c = &x;
            const SizePoint& last = s.points.back();
            nlohmann::json op { { "op", collectiveName(s.op) }, { "alpha_us", s.fit.alphaUs },
                { "beta_gbps", s.fit.betaGBps }, { "bus_beta_gbps", s.fit.busBetaGBps }, { "r2", s.fit.r2 },
                { "largest_bytes", last.bytes }, { "busbw_gbps", last.busbwGBps } };
            if (c) {
                op["expected_busbw_gbps"] = c->points.back().expectedBusGBps;
                op["measured_over_expected"] = c->largeRatio;
                op["link"] = check->link;
            }
            entry["ops"].push_back(op);
            if (!json) {
                std::cout << "    " << collectiveName(s.op) << ": " << numText(last.busbwGBps, "%.1f")
                          << " GB/s bus at " << bytesText(last.bytes);
                if (s.fit.ok())
                    std::cout << ", α " << numText(s.fit.alphaUs, "%.3g") << " µs, β "
                              << numText(s.fit.busBetaGBps, "%.4g") << " GB/s bus";
                if (c)
                    std::cout << "; the plan's " << check->link << " leads one to expect "
                              << numText(c->points.back().expectedBusGBps, "%.1f") << " GB/s ("
                              << numText(100 * c->largeRatio, "%.0f") << "% of it measured)";
                std::cout << "\n";
            }
        }
        if (check)
            findings.insert(findings.end(), check->findings.begin(), check->findings.end());
        out["measurements"].push_back(entry);
    }
    for (const FabricOutlier& o : m.outliers)
        findings.push_back(o.finding);
    for (const Warning& w : findings) {
        out["findings"].push_back(warningJson(w));
        if (!json)
            std::cout << "  [" << w.code << "] " << validUtf8(w.message) << "\n";
    }
    for (const std::string& n : m.notes)
        if (!json)
            std::cout << "  note: " << validUtf8(n) << "\n";
    if (plan && !outPath.isEmpty()) {
        const engine::LinkChoice choice = engine::linksToApply(m);
        const Plan calibrated = engine::planWithLinks(*plan, choice);
        QString error;
        if (!engine::writePlan(calibrated, outPath, &error)) {
            std::cerr << "plait: " << outPath.toStdString() << " was not written: " << error.toStdString() << "\n";
            return kUsage;
        }
        nlohmann::json applied = nlohmann::json::object();
        for (const auto& [name, l, link] :
            { std::tuple { "intra_node", choice.intraNode, &calibrated.cluster.intraNode },
                std::tuple { "inter_node", choice.interNode, &calibrated.cluster.interNode } })
            if (l) {
                applied[name] = { { "link", link->id }, { "efficiency", link->efficiency },
                    { "source", validUtf8(link->source) } };
                if (!json)
                    std::cout << "  " << name << " link " << link->id << ": efficiency "
                              << numText(100 * link->efficiency, "%.0f") << "% and the measured size curve, from "
                              << validUtf8(l->source) << "\n";
            }
        out["applied"] = applied;
        out["out"] = outPath.toStdString();
        if (!json)
            std::cout << "wrote " << outPath.toStdString() << "\n";
    }
    if (json)
        std::cout << dumpJson(out, 2) << "\n";
    return kOk;
}
}

int importCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Read what engineers' tools print into a plan. nccl-tests: text logs or -J JSON, any mix, one node or many; "
        "each measurement is held against the plan's links and outlier nodes are named."));
    parser.addPositionalArgument(QStringLiteral("kind"), QStringLiteral("What the files are: nccl-tests"));
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("The files"), QStringLiteral("FILE..."));
    parser.addOption({ QStringLiteral("plan"), QStringLiteral("The plan to check the measurements against."),
        QStringLiteral("PLAN") });
    parser.addOption({ QStringLiteral("out"),
        QStringLiteral("Write the plan with its links calibrated from the measurements (needs --plan)."),
        QStringLiteral("PLAN") });
    parser.addOption({ QStringLiteral("json"), QStringLiteral("Print one JSON object.") });
    parser.addHelpOption();
    const bool ok = parser.parse(args);
    if (parser.isSet(QStringLiteral("help"))) {
        QString help = parser.helpText();
        help.replace(QCoreApplication::arguments().constFirst(), QStringLiteral("plait import"));
        std::cout << help.toStdString();
        return kOk;
    }
    const QStringList positional = parser.positionalArguments();
    if (!ok || positional.size() < 2) {
        std::cerr << "plait: " << (ok ? "" : parser.errorText().toStdString() + "; ") << "usage: " << kUsageText
                  << "\n";
        return kUsage;
    }
    const QString kind = positional.front();
    if (kind != QLatin1String("nccl-tests")) {
        std::cerr << "plait: unknown kind " << inQuotes(kind.toStdString(), 32) << "; usage: " << kUsageText << "\n";
        return kUsage;
    }
    if (parser.isSet(QStringLiteral("out")) && !parser.isSet(QStringLiteral("plan"))) {
        std::cerr << "plait: --out writes the plan given by --plan with measured links; usage: " << kUsageText << "\n";
        return kUsage;
    }
    return importNcclTests(positional.mid(1), parser.value(QStringLiteral("plan")), parser.value(QStringLiteral("out")),
        parser.isSet(QStringLiteral("json")));
}

} // namespace plait::app
