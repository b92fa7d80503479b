#pragma once

#include "groups.h"
#include "plan.h"
#include "schedule.h"
#include "simulate.h"

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <vector>

namespace plait {

// What repeats when many plans on one cluster are evaluated, as the search does: the groups of a placement (shared by
// every micro-batch size, recomputation, schedule and ZeRO stage of one TP/CP/PP/DP/EP shape), and the simulated
// pipeline of identical op costs (ZeRO 0, 1 and 2 change only what follows the pipeline). Safe to share between
// threads. Plans on another cluster than the first one seen are evaluated without it.
class EvaluationMemo {
public:
    // The groups of the plan's placement, built once per parallel shape and placement.
    std::shared_ptr<const GroupSet> groups(const Plan& plan);
    // The op lists of a schedule shape, generated once: a search's plans of one shape differ only in their costs.
    std::shared_ptr<const std::vector<std::vector<Op>>> schedule(const ScheduleShape& shape);
    // The simulation of this pipeline (events are not recorded), run once per shape, op costs and transfer times.
    std::shared_ptr<const SimResult> simulation(const ScheduleShape& shape, const SimInput& in);
    bool serves(const Plan& plan);

private:
    struct GroupsEntry {
        Plan plan; // the groups' paths point into its cluster
        GroupSet groups;
    };
    using SimKey = std::tuple<int, int, int, int, bool, bool, std::vector<double>>;
    std::mutex m_mutex;
    std::unique_ptr<ClusterSpec> m_cluster;
    // A group set of 16,384 GPUs takes a megabyte or two: only the most recent 64 are kept (oldest out first). The
    // search of Llama 3.1 405B on 16,384 GPUs revisits fewer shapes than that (128 hold no more); 16 made its chart
    // pass build sets again and again (bench_search: 11.7 s instead of 5.3 s).
    static constexpr std::size_t kGroupSetsKept = 64;
    std::deque<std::shared_ptr<GroupsEntry>> m_groups;
    std::map<SimKey, std::shared_ptr<const SimResult>> m_simulations;
    // Op lists of a million micro-batches take tens of megabytes: the most recent up to kOpsKept ops are kept.
    static constexpr std::size_t kOpsKept = 20'000'000;
    std::deque<std::pair<ScheduleShape, std::shared_ptr<const std::vector<std::vector<Op>>>>> m_schedules;
    std::size_t m_opsKept = 0;
    std::mutex m_scheduleMutex; // apart from m_mutex: a generation does not hold up the groups and simulations
};

} // namespace plait
