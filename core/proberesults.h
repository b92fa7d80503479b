#pragma once

#include "calibration.h"
#include "error.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace plait {

// plait-probe's LINKS.json and COMPUTE.json (contract: shared/contracts/probe.md), read back for the calibration
// panel. Files from a cluster run open the same way.
struct OpSweep {
    CollectiveKind op = CollectiveKind::AllReduce;
    std::vector<SizePoint> points; // out-of-place
    AlphaBetaFit fit; // refitted here from the points, so a hand-edited file cannot disagree with itself
};
struct LinksResult {
    int ranks = 0, hosts = 1;
    std::string linkClass; // intra_node_p2p, intra_node_host, inter_node
    std::vector<std::string> gpus;
    std::vector<OpSweep> ops;
    const OpSweep* sweep(CollectiveKind k) const;
};
Result<LinksResult> linksFromJson(const nlohmann::json& doc);

struct GemmResult {
    std::string name, pass;
    double m = 0, n = 0, k = 0, batch = 1;
    double timeUs = 0, tflops = 0, predictedUs = 0; // predictedUs 0 when the run had no plan
};
struct ComputeResult {
    std::string gpu;
    std::vector<GemmResult> gemms;
    double bestTflops = 0;
    double copyTrafficGBps = 0; // device copy: bytes read + written per second
};
Result<ComputeResult> computeFromJson(const nlohmann::json& doc);

} // namespace plait
