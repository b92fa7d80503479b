#pragma once

#include "catalog.h"
#include "collective.h"

#include <string>
#include <vector>

namespace plait {

// One size of an nccl-tests style sweep: time per call, algorithm and bus bandwidth (nccl-tests PERFORMANCE.md:
// algbw = S / t, busbw = algbw × busBandwidthFactor).
struct SizePoint {
    double bytes = 0;
    double timeUs = 0;
    double algbwGBps = 0;
    double busbwGBps = 0;
};

// t(S) = α + S/β by least squares over the sweep weighted by 1/t² (relative errors: α is set by the small sizes,
// β by the large), β as algorithm bandwidth; r2 is the weighted coefficient of determination. Fewer than two
// distinct sizes give points < 2 and no fit.
struct AlphaBetaFit {
    double alphaUs = 0;
    double betaGBps = 0; // algorithm bandwidth
    double busBetaGBps = 0; // the same, as bus bandwidth
    double r2 = 0;
    int points = 0;
    double smallestBytes = 0;
    bool ok() const { return points >= 2 && betaGBps > 0; }
    // α means something only where the sweep reaches sizes that latency dominates: at least 4 sizes, the smallest
    // at most 1 MiB, and a positive intercept. A sweep of two gigabyte sizes fits β and leaves α to noise (-1 µs).
    bool alphaFitted() const { return ok() && points >= 4 && smallestBytes <= 1048576 && alphaUs > 0; }
};
AlphaBetaFit fitAlphaBeta(const std::vector<SizePoint>& sweep, CollectiveKind kind, int ranks);

// Fills in algbw and busbw of a point from its size and time.
SizePoint sizePoint(CollectiveKind kind, int ranks, double bytes, double timeUs);

// A catalog link recalibrated from an all-reduce sweep over it: efficiency = the largest measured bus bandwidth
// over the line rate, the measured size curve, and α per ring step = fitted α / (2(n−1)). Other collectives' rates on
// it (LinkSpec::collectiveRates) are dropped: they were multiples of the bandwidth it had.
// `lineRateGBps` is what the bus bandwidth is measured against: the link's own rate inside a node, all of a node's
// NICs together across nodes (as the group paths count a ring's crossing); 0: the link's rate.
LinkSpec calibratedLink(const LinkSpec& base, int ranks, const std::vector<SizePoint>& allReduceSweep,
    const std::string& source, double lineRateGBps = 0);

// A GPU recalibrated from a probe run on it: each measured 16-bit GEMM shape keeps its own time (gemmTime uses
// it), the tile model's rate for other shapes is fitted to the measured compute-bound shapes (time-weighted, not
// the fastest shape's rate), and HBM bandwidth is the measured one (GB/s, bytes read + written).
GpuSpec calibratedGpu(
    const GpuSpec& base, const std::vector<MeasuredGemm>& gemms, double hbmGBps, const std::string& source);

} // namespace plait
