#include "placementedit.h"

#include "planedit.h"
#include "text.h"

#include <algorithm>

namespace plait {

namespace {
bool inRange(const Plan& plan, int gpu)
{
    return gpu >= 0 && gpu < int(plan.placement.coordOf.size());
}

Plan edited(const Plan& plan)
{
    Plan p = plan;
    p.placement.isDefault = false;
    return p;
}
}

Result<Plan> swapGpus(const Plan& plan, int a, int b)
{
    if (!inRange(plan, a) || !inRange(plan, b))
        return Result<Plan>::failure("placement", "GPU " + str(inRange(plan, a) ? b : a) + " is not in the cluster");
    if (a == b)
        return Result<Plan>::failure("placement", "a GPU cannot be swapped with itself");
    if (plan.placement.idle(a) && plan.placement.idle(b))
        return Result<Plan>::failure(
            "placement", "GPUs " + str(a) + " and " + str(b) + " are both idle; nothing changes");
    Plan p = edited(plan);
    std::swap(p.placement.coordOf[std::size_t(a)], p.placement.coordOf[std::size_t(b)]);
    return p;
}

Result<Plan> makeTpGroup(const Plan& plan, const std::vector<int>& gpus)
{
    const int tp = plan.parallel.tp;
    if (int(gpus.size()) != tp)
        return Result<Plan>::failure("placement",
            "a TP group needs exactly tp = " + str(tp) + " GPUs; " + str((long long)gpus.size()) + " are selected");
    for (int g : gpus)
        if (!inRange(plan, g))
            return Result<Plan>::failure("placement", "GPU " + str(g) + " is not in the cluster");
    // The group whose coordinates the selection takes: the first selected GPU's, or the first free group's.
    Coord anchor = plan.placement.coordOf[std::size_t(gpus.front())];
    if (anchor.tp < 0) {
        const auto it = std::find_if(gpus.begin(), gpus.end(), [&](int g) { return !plan.placement.idle(g); });
        if (it == gpus.end())
            return Result<Plan>::failure("placement", "all selected GPUs are idle; give one of them a place first");
        anchor = plan.placement.coordOf[std::size_t(*it)];
    }
    Plan p = edited(plan);
    auto& coords = p.placement.coordOf;
    for (int rank = 0; rank < tp; ++rank) {
        Coord want = anchor;
        want.tp = rank;
        const auto holder = std::find(coords.begin(), coords.end(), want);
        const int target = gpus[std::size_t(rank)];
        if (holder != coords.end())
            std::swap(*holder, coords[std::size_t(target)]);
    }
    return p;
}

Result<Plan> assignToStage(const Plan& plan, const std::vector<int>& gpus, int stage)
{
    if (stage < 0 || stage >= plan.parallel.pp)
        return Result<Plan>::failure(
            "placement", "stage " + str(stage) + " does not exist; pp = " + str(plan.parallel.pp));
    Plan p = edited(plan);
    auto& coords = p.placement.coordOf;
    for (int g : gpus) {
        if (!inRange(plan, g))
            return Result<Plan>::failure("placement", "GPU " + str(g) + " is not in the cluster");
        const Coord c = coords[std::size_t(g)];
        if (c.tp < 0)
            return Result<Plan>::failure("placement", "GPU " + str(g) + " is idle; swap it with a working GPU first");
        if (c.pp == stage)
            continue;
        // Swap with a GPU of the target stage at the same tp and cp, not itself being moved.
        int partner = -1;
        for (std::size_t x = 0; x < coords.size() && partner < 0; ++x) {
            const Coord& o = coords[x];
            if (o.pp == stage && o.tp == c.tp && o.cp == c.cp
                && std::find(gpus.begin(), gpus.end(), int(x)) == gpus.end())
                partner = int(x);
        }
        if (partner < 0)
            return Result<Plan>::failure("placement",
                "stage " + str(stage) + " has no free place for GPU " + str(g) + " (tp " + str(c.tp)
                    + "): more GPUs are selected than the stage holds");
        std::swap(coords[std::size_t(g)], coords[std::size_t(partner)]);
    }
    return p;
}

Result<Plan> autoPlace(const Plan& plan)
{
    return withDefaultPlacement(plan);
}

} // namespace plait
