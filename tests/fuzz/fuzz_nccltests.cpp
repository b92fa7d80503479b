// libFuzzer target for nccl-tests logs (text and -J JSON). Oracle: no crash, and what is read is in range: every
// row's size and time as the reader promises, every sweep's bandwidth finite, the fabric check's ratios finite, and a
// plan calibrated from a measurement is one the plan loader reads back (issue 39 C).
#include "catalog.h"
#include "fabriccheck.h"
#include "nccltests.h"
#include "proberesults.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto log = plait::readNcclTests(text, "all_reduce_perf.log");
    if (!log)
        return log.errors().empty() ? (std::abort(), 0) : 0; // a refusal always says why
    for (const plait::NcclTestsRun& run : log.value().runs) {
        if (run.rows.empty() || run.ranks() < 1 || run.program.empty())
            std::abort();
        for (const plait::NcclTestsRow& row : run.rows)
            if (!(row.bytes >= 0 && row.bytes <= 1e15) || !(row.outOfPlace.timeUs > 0 || row.bytes == 0)
                || !std::isfinite(row.outOfPlace.busbwGBps))
                std::abort();
    }
    static const plait::ClusterSpec cluster = [] {
        plait::ClusterSpec c;
        c.gpu = *plait::Catalog::builtin().gpu("H100-SXM5-80GB");
        c.intraNode = *plait::Catalog::builtin().link("nvlink4-nvswitch");
        c.interNode = *plait::Catalog::builtin().link("ib-ndr");
        c.nodes = 2;
        c.gpusPerNode = 8;
        return c;
    }();
    const auto links = plait::linksFromNcclTests(log.value());
    for (const plait::LinksResult& l : links) {
        for (const plait::OpSweep& s : l.ops)
            for (const plait::SizePoint& p : s.points)
                if (!std::isfinite(p.busbwGBps) || !std::isfinite(p.algbwGBps) || p.bytes <= 0)
                    std::abort();
        static const plait::Plan plan = [] {
            auto p = plait::planFromJson({ { "format", "plait-plan/1" }, { "model", { { "preset", "llama2-7b" } } },
                { "cluster",
                    { { "gpu", "H100-SXM5-80GB" }, { "nodes", 2 }, { "gpus_per_node", 8 },
                        { "intra_node", "nvlink4-nvswitch" }, { "inter_node", "ib-ndr" } } },
                { "training", { { "global_batch", 16 }, { "micro_batch", 1 } } },
                { "parallel", { { "tp", 1 }, { "pp", 1 }, { "dp", 16 } } } });
            if (!p)
                std::abort();
            return p.value();
        }();
        if (const auto calibrated = plait::planWithMeasuredLinks(plan, l, l.source)) {
            if (const auto again = plait::planFromJson(plait::toJson(*calibrated)); !again) {
                std::fprintf(stderr, "the loader refuses the calibrated plan: %s\n", again.errorText().c_str());
                std::abort();
            }
        }
        if (l.ranks <= 1024) // the check builds the ranks' group
            for (const plait::FabricOpCheck& op : plait::checkFabric(l, cluster).ops)
                if (!std::isfinite(op.largeRatio) || op.largeRatio < 0)
                    std::abort();
    }
    for (const plait::FabricOutlier& o : plait::fabricOutliers(links))
        if (!(o.busGBps < o.peersGBps))
            std::abort();
    return 0;
}
