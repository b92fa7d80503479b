#include "plaitcommands.h"

#include "catalogloader.h"
#include "commandcontext.h"
#include "fileroute.h"
#include "launchfiles.h"
#include "measuredlinks.h"
#include "nodedumps.h"
#include "numtext.h"
#include "planio.h"
#include "text.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <iostream>
#include <nlohmann/json.hpp>

namespace plait::app {

namespace {
constexpr const char* kUsageText
    = "plait import nccl-tests FILE... [--plan PLAN] [--out PLAN] [--json] [--any-gpu]\n"
      "       plait import megatron|deepspeed|torchtitan|hf-config|auto FILE --plan PLAN [--out PLAN] [--json] "
      "[--keep-cluster]\n"
      "       plait import topology FILE|FOLDER... --plan PLAN [--out PLAN] [--json]";

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

int importNcclTests(const QStringList& files, const QString& planPath, const QString& outPath, bool json, bool anyGpu)
{
    auto links = engine::readMeasuredLinks(files);
    if (!links) {
        printIssues(links.errors());
        return kUsage;
    }
    std::optional<Plan> plan;
    PlanDocument document; // the plan file's description and foreign keys, kept in the calibrated copy
    if (!planPath.isEmpty()) {
        int code = kOk;
        plan = readPlanArgument(planPath, &code, &document);
        if (!plan)
            return code;
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
            if (s.points.empty())
                continue;
            const FabricOpCheck* c = nullptr;
            if (check)
                for (const FabricOpCheck& x : check->ops)
                    if (x.op == s.op)
                        c = &x;
            const SizePoint& last = s.points.back();
            nlohmann::json op { { "op", collectiveName(s.op) },
                { "alpha_us", s.fit.alphaFitted() ? nlohmann::json(s.fit.alphaUs) : nlohmann::json() },
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
                if (s.fit.alphaFitted())
                    std::cout << ", α " << numText(s.fit.alphaUs, "%.3g") << " µs";
                else if (s.fit.ok())
                    std::cout << ", α not fitted (" << s.fit.points << " sizes from " << bytesText(s.fit.smallestBytes)
                              << ": it needs 4 or more reaching 1 MiB or less)";
                if (s.fit.ok())
                    std::cout << ", β " << numText(s.fit.busBetaGBps, "%.4g") << " GB/s bus";
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
    std::vector<std::string> notes = m.notes;
    // A measurement on another GPU model is compared, not applied, unless the user says so (--any-gpu).
    if (plan)
        for (const LinksResult& l : m.measurements)
            if (const std::string other = otherGpuMeasured(l, plan->cluster.gpu); !other.empty())
                notes.push_back(utf8Prefix(l.source, 80) + ": measured on " + utf8Prefix(other, 40)
                    + ", not the plan's " + plan->cluster.gpu.id
                    + (anyGpu ? ": applied as --any-gpu asks" : ": compared, not applied (--any-gpu applies it)"));
    out["notes"] = notes;
    for (const std::string& n : notes)
        if (!json)
            std::cout << "  note: " << validUtf8(n) << "\n";
    const engine::LinkChoice choice = engine::linksToApply(m, plan && !anyGpu ? &plan->cluster.gpu : nullptr);
    std::vector<ProfileCollectiveRate> kinds;
    const std::optional<Plan> calibrated
        = plan ? std::optional<Plan>(engine::planWithLinks(*plan, choice, &kinds)) : std::nullopt;
    // Exit 0 only on a plan the loader reads back (a 1e-320 µs time once wrote a curve it refuses).
    if (calibrated)
        if (const std::vector<Issue> refused = engine::loaderRefusal(*calibrated); !refused.empty()) {
            printIssues(refused, "the plan with the measured links: ");
            return kInvalid;
        }
    if (calibrated && !outPath.isEmpty()) {
        QString error;
        if (!engine::writePlan(*calibrated, document, outPath, &error)) {
            std::cerr << "plait: " << outPath.toStdString() << " was not written: " << error.toStdString() << "\n";
            return kUsage;
        }
        nlohmann::json applied = nlohmann::json::object();
        for (const auto& [name, l, link] :
            { std::tuple { "intra_node", choice.intraNode, &calibrated->cluster.intraNode },
                std::tuple { "inter_node", choice.interNode, &calibrated->cluster.interNode } })
            if (l) {
                // A sweep that stops below 1 MiB, or finds the link broken, calibrates nothing.
                const bool measured = planWithMeasuredLinks(*plan, *l, l->source).has_value();
                applied[name] = { { "link", link->id }, { "efficiency", link->efficiency },
                    { "efficiency_measured", measured }, { "source", validUtf8(link->source) } };
                if (json)
                    continue;
                if (measured)
                    std::cout << "  " << name << " link " << link->id << ": efficiency "
                              << numText(100 * link->efficiency, "%.0f") << "% and the measured size curve, from "
                              << validUtf8(l->source) << "\n";
                else
                    std::cout << "  " << name << " link " << link->id << ": efficiency "
                              << numText(100 * link->efficiency, "%.0f") << "% kept: the all-reduce sweep of "
                              << validUtf8(l->source) << " stops below 1 MiB or finds the link broken\n";
            }
        nlohmann::json rates = nlohmann::json::array();
        for (const ProfileCollectiveRate& k : kinds) {
            rates.push_back({ { "collective", collectiveName(k.kind) }, { "link", k.link }, { "applied", k.applied },
                { "rate_before", k.before }, { "rate_after", k.applied ? nlohmann::json(k.after) : nlohmann::json() },
                { "measured_s", k.measuredS }, { "predicted_before_s", k.predictedBeforeS },
                { "predicted_after_s", k.predictedAfterS }, { "note", messageText(k.note) } });
            if (!json) {
                std::cout << "  " << collectiveName(k.kind) << " on " << (k.link.empty() ? "?" : k.link) << ": ";
                if (k.applied)
                    std::cout << "rate " << numText(k.before, "%.2f") << "x -> " << numText(k.after, "%.2f")
                              << "x the model's (sizes of 1 MiB and more: " << numText(k.measuredS * 1e3, "%.3f")
                              << " ms measured, " << numText(k.predictedBeforeS * 1e3, "%.3f")
                              << " ms predicted before)\n";
                else
                    std::cout << "not calibrated: " << messageText(k.note) << "\n";
            }
        }
        out["collective_rates"] = rates;
        out["applied"] = applied;
        out["out"] = outPath.toStdString();
        if (!json)
            std::cout << "wrote " << outPath.toStdString() << "\n";
    }
    if (json)
        std::cout << dumpJson(out, 2) << "\n";
    return kOk;
}

nlohmann::json settingsJson(const std::vector<ConfigSetting>& list)
{
    nlohmann::json out = nlohmann::json::array();
    for (const ConfigSetting& s : list)
        out.push_back({ { "place", validUtf8(s.place) }, { "name", validUtf8(s.name) },
            { "value", validUtf8(utf8Prefix(s.value, 1000)) },
            { "how", s.how.empty() ? "" : validUtf8(messageText(s.how)) } });
    return out;
}

std::string settingsText(const std::vector<ConfigSetting>& list)
{
    std::string s;
    for (const ConfigSetting& x : list) {
        const std::string value = utf8Prefix(x.value, 120);
        s += "    " + (x.place == x.name ? "" : x.place + ": ") + x.name
            + (value.empty() ? "" : " " + value + (value.size() < x.value.size() ? "…" : ""))
            + (x.how.empty() ? "" : " (" + messageText(x.how) + ")") + "\n";
    }
    return validUtf8(s);
}

// A framework's configuration over the plan given by --plan (its cluster, and what the file does not set).
int importLaunch(const QString& kind, const QString& file, const QString& planPath, const QString& outPath, bool json,
    bool keepCluster)
{
    int code = kOk;
    const std::optional<Plan> base = readPlanArgument(planPath, &code);
    if (!base)
        return code;
    const std::optional<LaunchFormat> format
        = kind == QLatin1String("auto") ? std::nullopt : launchFormatFromName(kind.toStdString());
    const auto imported = engine::importLaunchFile(file, format, *base, keepCluster);
    if (!imported) {
        printIssues(imported.errors(), file.toStdString() + ": ");
        return kUsage;
    }
    const ImportedPlan& i = imported.value();
    const Plan& p = i.plan; // importResult has refused what the loader would not read back
    const std::vector<Issue> problems = validate(p);
    // An invalid result is reported, never written over the file --out names (it may hold the user's good plan).
    if (!outPath.isEmpty() && problems.empty()) {
        QString error;
        if (!engine::writePlan(p, outPath, &error)) {
            std::cerr << "plait: " << outPath.toStdString() << " was not written: " << error.toStdString() << "\n";
            return kUsage;
        }
    }
    if (json) {
        nlohmann::json out { { "plan", toJson(p) }, { "not_modelled", settingsJson(i.notModelled) },
            { "no_effect", settingsJson(i.noEffect) }, { "launcher", settingsJson(i.launcher) },
            { "notes", nlohmann::json::array() }, { "errors", nlohmann::json::array() },
            { "valid", problems.empty() } };
        for (const Message& n : i.notes)
            out["notes"].push_back(validUtf8(messageText(n)));
        for (const Issue& e : problems)
            out["errors"].push_back({ { "field", e.field }, { "message", validUtf8(e.message) } });
        if (!outPath.isEmpty() && problems.empty())
            out["out"] = outPath.toStdString();
        std::cout << dumpJson(out, 2) << "\n";
    } else {
        const ParallelSpec& par = p.parallel;
        const TrainingSpec& tr = p.training;
        std::cout << validUtf8(file.toStdString()) << " over " << validUtf8(planPath.toStdString()) << "\n"
                  << "  model: " << validUtf8(p.model.name) << ", " << p.model.layers << " layers, hidden "
                  << p.model.hidden << ", " << p.model.heads << " heads (" << p.model.kvHeads << " KV), sequence "
                  << p.model.seqLen << "\n"
                  << "  cluster: " << p.cluster.nodes << " × " << p.cluster.gpusPerNode << " " << p.cluster.gpu.id
                  << "\n"
                  << "  parallel: TP " << par.tp << " · PP " << par.pp << " · DP " << par.dp
                  << (par.cp > 1 ? " · CP " + std::to_string(par.cp) : "")
                  << (par.ep > 1 ? " · EP " + std::to_string(par.ep) : "") << ", " << scheduleName(par.schedule)
                  << (par.chunks() > 1 ? " × " + std::to_string(par.chunks()) + " virtual stages" : "") << "\n"
                  << "  training: " << frameworkName(tr.framework) << ", global batch " << tr.globalBatch
                  << ", micro-batch " << tr.microBatch << ", " << precisionName(tr.precision) << ", ZeRO "
                  << tr.zeroStage << ", recompute " << recomputeText(tr) << "\n";
        for (const Message& n : i.notes)
            std::cout << "  note: " << validUtf8(messageText(n)) << "\n";
        std::cout << "  not modelled (" << i.notModelled.size() << "): what the estimate leaves out\n"
                  << settingsText(i.notModelled) << "  no effect on the estimate (" << i.noEffect.size() << ")\n"
                  << settingsText(i.noEffect);
        if (!i.launcher.empty())
            std::cout << "  the launcher's, not the framework's (" << i.launcher.size() << ")\n"
                      << settingsText(i.launcher);
        if (!outPath.isEmpty() && problems.empty())
            std::cout << "wrote " << outPath.toStdString() << "\n";
    }
    if (!problems.empty()) {
        printIssues(problems, "the imported plan: ");
        if (!outPath.isEmpty())
            std::cerr << "plait: " << outPath.toStdString() << " was not written: the imported plan is invalid\n";
        return kInvalid;
    }
    return kOk;
}

// Nodes' nvidia-smi topo -m or NCCL topology dumps, one per node, as the cluster of the plan given by --plan.
int importTopology(const QStringList& files, const QString& planPath, const QString& outPath, bool json)
{
    int code = kOk;
    const std::optional<Plan> base = readPlanArgument(planPath, &code);
    if (!base)
        return code;
    const auto imported = engine::importNodeDumps(files, *base);
    if (!imported) {
        printIssues(imported.errors());
        return kUsage;
    }
    const engine::ImportedCluster& i = imported.value();
    if (const std::vector<Issue> refused = engine::loaderRefusal(i.plan); !refused.empty()) {
        printIssues(refused, "the plan on the imported cluster: ");
        return kInvalid;
    }
    const ClusterSpec& c = i.plan.cluster;
    nlohmann::json out { { "nodes", nlohmann::json::array() }, { "notes", nlohmann::json::array() } };
    if (!json)
        std::cout << i.nodes.size() << " node(s): " << c.nodes << " × " << c.gpusPerNode << " " << c.gpu.id
                  << ", between GPUs " << c.intraNode.id << " (" << numText(c.intraNode.bandwidthGBps, "%.0f")
                  << " GB/s), " << c.nics() << " NIC(s) per node on " << c.interNode.id << " ("
                  << numText(8 * c.interNode.bandwidthGBps, "%.0f") << " Gb/s)\n";
    for (std::size_t n = 0; n < i.nodes.size(); ++n) {
        const NodeTopology& node = i.nodes[n];
        nlohmann::json entry { { "host", validUtf8(node.host) }, { "source", validUtf8(node.source) },
            { "gpus", node.gpus() }, { "nvlinks_per_gpu", node.nvlinksPerGpu() }, { "nvswitch", node.nvswitch },
            { "static_file", node.staticFile }, { "nics", nlohmann::json::array() },
            { "findings", nlohmann::json::array() } };
        nlohmann::json numa = nlohmann::json::array(), cpus = nlohmann::json::array();
        for (std::size_t g = 0; g < node.numaNode.size(); ++g) {
            numa.push_back(validUtf8(node.numaNode[g]));
            cpus.push_back(validUtf8(node.cpuAffinity[g]));
        }
        entry["gpu_numa"] = numa;
        entry["gpu_cpus"] = cpus;
        for (std::size_t k = 0; k < node.nics.size(); ++k) {
            // The GPUs a NIC sits next to (PIX or PXB): those NCCL sends through it.
            std::vector<int> near;
            for (int g = 0; g < node.gpus(); ++g)
                if (node.nicPath[std::size_t(g)][k] <= PathKind::Pxb)
                    near.push_back(g);
            entry["nics"].push_back({ { "name", validUtf8(node.nics[k].name) }, { "gbps", 8 * node.nics[k].gbps },
                { "infiniband", node.nics[k].infiniband }, { "near_gpus", near } });
        }
        for (const Warning& w : i.cluster.nodeFindings[n])
            entry["findings"].push_back(warningJson(w));
        if (!json) {
            std::cout << "  " << validUtf8(node.host) << " (" << validUtf8(node.source) << "): " << node.gpus()
                      << " GPUs, " << (node.nvswitch ? "NVSwitch, " : "")
                      << (node.staticFile                   ? std::string("NVLink not in the file (static)")
                                 : node.nvlinksPerGpu() > 0 ? "NV" + std::to_string(node.nvlinksPerGpu())
                                                            : std::string("no NVLink"))
                      << ", " << node.nics.size() << " NIC(s)";
            for (std::size_t g = 0; g < node.numaNode.size(); ++g)
                if (g == 0 || node.numaNode[g] != node.numaNode[g - 1])
                    std::cout << (g == 0 ? "; NUMA node of GPU " : ", GPU ") << g << ": "
                              << validUtf8(node.numaNode[g]);
            std::cout << "\n";
            for (const Warning& w : i.cluster.nodeFindings[n])
                std::cout << "    [" << w.code << "] " << validUtf8(w.message) << "\n";
        }
        out["nodes"].push_back(entry);
    }
    for (const Message& m : i.cluster.notes) {
        out["notes"].push_back(validUtf8(messageText(m)));
        if (!json)
            std::cout << "  note: " << validUtf8(messageText(m)) << "\n";
    }
    out["cluster"] = toJson(i.plan)["cluster"];
    const std::vector<Issue> problems = validate(i.plan);
    if (!outPath.isEmpty() && problems.empty()) {
        QString error;
        if (!engine::writePlan(i.plan, outPath, &error)) {
            std::cerr << "plait: " << outPath.toStdString() << " was not written: " << error.toStdString() << "\n";
            return kUsage;
        }
        out["out"] = outPath.toStdString();
        if (!json)
            std::cout << "wrote " << outPath.toStdString() << "\n";
    }
    if (json)
        std::cout << dumpJson(out, 2) << "\n";
    if (!problems.empty()) {
        printIssues(problems, "the plan on the imported cluster: ");
        if (!outPath.isEmpty())
            std::cerr << "plait: " << outPath.toStdString()
                      << " was not written: the plan is invalid on this cluster\n";
        return kInvalid;
    }
    return kOk;
}
}

namespace {

// The kind of file the command's first word names: a launch configuration (a framework's name, or auto: from the
// content), else a kind of the file kinds' table by its import word (engine/fileroute.h) or an older alias of one.
std::optional<engine::FileKind> importKind(const QString& word)
{
    const std::string w = word.toStdString();
    if (w == "auto" || launchFormatFromName(w))
        return engine::FileKind::LaunchConfig;
    if (w == "nvidia-smi" || w == "nccl-topo")
        return engine::FileKind::NodeDump;
    for (const engine::FileKindTraits& t : engine::kFileKinds)
        if (t.importWord && w == t.importWord)
            return t.kind;
    return std::nullopt;
}

} // namespace

int importCommand(const QStringList& args)
{
    CommandContext c("import", kUsageText,
        QStringLiteral(
            "Read what engineers' tools print into a plan. nccl-tests: text logs or -J JSON, any mix, one node or "
            "many; "
            "each measurement is held against the plan's links and outlier nodes are named. megatron, deepspeed, "
            "torchtitan (or auto, from the content): a launch script, argument file, JSON or TOML read over --plan, "
            "with what it sets that Plait does not model listed."));
    QCommandLineParser& parser = c.parser;
    parser.addPositionalArgument(QStringLiteral("kind"),
        QStringLiteral("What the files are: nccl-tests, megatron, deepspeed, torchtitan, hf-config, auto (one of those "
                       "four by its content) or topology (nvidia-smi topo -m output or NCCL topology dumps, one per "
                       "node)"));
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("The files"), QStringLiteral("FILE..."));
    parser.addOption({ QStringLiteral("plan"), QStringLiteral("The plan to check the measurements against."),
        QStringLiteral("PLAN") });
    parser.addOption({ QStringLiteral("out"),
        QStringLiteral("Write the plan: with its links calibrated from the measurements, or as the configuration "
                       "sets it (needs --plan)."),
        QStringLiteral("PLAN") });
    parser.addOption({ QStringLiteral("json"), QStringLiteral("Print one JSON object.") });
    parser.addOption({ QStringLiteral("keep-cluster"),
        QStringLiteral("Launch scripts: keep the plan's cluster where torchrun's --nnodes and --nproc-per-node give "
                       "another (a script written for one node); data parallelism takes the GPUs.") });
    parser.addOption({ QStringLiteral("any-gpu"),
        QStringLiteral("nccl-tests: calibrate the plan's links from measurements made on another GPU model too.") });
    if (const std::optional<int> done = c.parse(args, 2, -1))
        return *done;
    const QStringList positional = parser.positionalArguments();
    const QString kind = positional.front();
    switch (importKind(kind).value_or(engine::FileKind::Unknown)) {
    case engine::FileKind::LaunchConfig:
        if (positional.size() != 2 || !parser.isSet(QStringLiteral("plan")))
            return c.bad("import " + kind.toStdString()
                + " reads one FILE over the plan given by --plan (the configuration does not say which GPUs and "
                  "links the cluster has)");
        return importLaunch(kind, positional.at(1), parser.value(QStringLiteral("plan")),
            parser.value(QStringLiteral("out")), parser.isSet(QStringLiteral("json")),
            parser.isSet(QStringLiteral("keep-cluster")));
    case engine::FileKind::NodeDump:
        if (!parser.isSet(QStringLiteral("plan")))
            return c.bad("import " + kind.toStdString()
                + " needs --plan: the dumps do not name the GPU model, and the plan's sizes are kept");
        return importTopology(positional.mid(1), parser.value(QStringLiteral("plan")),
            parser.value(QStringLiteral("out")), parser.isSet(QStringLiteral("json")));
    case engine::FileKind::NcclTests:
        if (parser.isSet(QStringLiteral("out")) && !parser.isSet(QStringLiteral("plan")))
            return c.bad("--out writes the plan given by --plan with measured links");
        return importNcclTests(positional.mid(1), parser.value(QStringLiteral("plan")),
            parser.value(QStringLiteral("out")), parser.isSet(QStringLiteral("json")),
            parser.isSet(QStringLiteral("any-gpu")));
    default:
        return c.bad("unknown kind " + inQuotes(kind.toStdString(), 32));
    }
}

} // namespace plait::app
