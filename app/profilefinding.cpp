#include "profilefinding.h"

#include <QCoreApplication>

namespace plait::app {

std::optional<ProfileFinding> profileFinding(const JobProfile& job, const std::vector<RankPlace>& places)
{
    if (job.stragglerIndex < 0)
        return std::nullopt;
    const RankFigures& s = job.ranks[std::size_t(job.stragglerIndex)];
    const double over = job.medianComputeUs > 0 ? 100 * (s.computeMeanUs / job.medianComputeUs - 1) : 0;
    // The window's own sentences, filed under the file opener that says them in its status line.
    const QString format = job.stragglerKernelsSlower
        ? QCoreApplication::translate("plait::app::FileOpener",
            "Straggler: rank %1 was the last to arrive at %2 of %3 collectives; the others "
            "waited %4 ms for it; it computes %5 ms per step, %6% over the median")
        : QCoreApplication::translate("plait::app::FileOpener",
            "Last to arrive: rank %1, at %2 of %3 collectives (the others waited %4 ms for it), but its kernels "
            "are not slower (%5 ms per step, %6% against the median): the order of the work held it back, not "
            "its GPU");
    ProfileFinding out;
    out.text = format.arg(s.rank)
                   .arg(s.lastToArrive)
                   .arg(s.sharedCollectives)
                   .arg(QString::number(s.causedWaitUs / 1000, 'f', 2), QString::number(s.computeMeanUs / 1000, 'f', 2),
                       QString::number(over, 'f', 1));
    // Only a slow GPU's node is outlined, and only where the plan places the rank.
    if (job.stragglerKernelsSlower && s.rank >= 0 && s.rank < int(places.size())) {
        out.node = places[std::size_t(s.rank)].node;
        out.gpu = places[std::size_t(s.rank)].gpu;
    }
    return out;
}

} // namespace plait::app
